"""Published history never changes: a (ticker, time) snapshot and a (date, ticker) daily row are written once.

Re-publishing the same values is a no-op (an interrupted build or job can simply run again); publishing
different values for something already published is refused as a whole, logged, and leaves every served
figure as it was (docs/methodology.md, "Publication and as-of rules").
"""

from __future__ import annotations

import logging
from datetime import UTC, date, datetime, timedelta

import pyarrow as pa
import pytest

from _store_data import GREEK_SCALE, exposure_rows, publish, stats_row
from data.store.query import Reader
from data.store.parquet import PublishConflict, Store, read_manifest
from data.store.schemas import DAILY_SCHEMA

DAY = date(2026, 11, 20)
T0 = datetime(2026, 11, 20, 14, 35, tzinfo=UTC)
T1 = T0 + timedelta(minutes=5)
EXPS = [date(2026, 11, 20), date(2026, 11, 27)]
STRIKES = [90.0, 100.0, 110.0]


@pytest.fixture()
def store(tmp_path, monkeypatch):
    monkeypatch.setenv("VOLLAND_RETENTION_DAYS", "0")
    root = tmp_path / "store"
    publish(root, T0, {"SPX": 100.0, "AAPL": 50.0}, EXPS, STRIKES, marker=1.0)
    publish(root, T1, {"SPX": 101.0, "AAPL": 51.0}, EXPS, STRIKES, marker=2.0)
    return root


def _served(root) -> dict:
    r = Reader(root)
    out = {}
    for t in ("SPX", "AAPL"):
        snap = r.snapshot_at_or_before(t, T1)
        st = r.ticker_stats(snap)
        out[t] = {"id": snap.snapshot_id, "gamma": st["agg_gamma"], "trades": st["total_trades"],
                  "price": st["price"], "strikes": r.exposure(snap, "gamma").to_dicts()}
    return out


def test_republishing_a_time_with_another_book_is_refused_and_logged(store, caplog):
    before_manifest = read_manifest(store)
    before = _served(store)
    with caplog.at_level(logging.WARNING, logger="data.store.parquet"), pytest.raises(PublishConflict) as err:
        # Same time, a different dealer book (marker 3): the figures would change.
        publish(store, T1, {"SPX": 101.0, "AAPL": 51.0}, EXPS, STRIKES, marker=3.0)
    assert {(c["ticker"], c["ts"]) for c in err.value.conflicts} == {("SPX", "2026-11-20T14:40:00Z"),
                                                                     ("AAPL", "2026-11-20T14:40:00Z")}
    assert any(r.levelno == logging.WARNING and "publish refused" in r.getMessage() for r in caplog.records)
    assert read_manifest(store) == before_manifest
    assert _served(store) == before
    assert before["SPX"]["gamma"] == GREEK_SCALE["gamma"] * 2.0


def test_one_changed_ticker_refuses_the_whole_publish(store):
    before_manifest = read_manifest(store)
    exp = pa.concat_tables([exposure_rows("SPX", T1, 101.0, EXPS, STRIKES, 2.0),
                            exposure_rows("AAPL", T1, 51.0, EXPS, STRIKES, 2.0),
                            exposure_rows("QQQ", T1, 40.0, EXPS, STRIKES, 2.0)])
    stats = pa.concat_tables([stats_row("SPX", T1, 101.0, 2.0), stats_row("AAPL", T1, 51.0, 9.0),
                              stats_row("QQQ", T1, 40.0, 2.0)])
    with pytest.raises(PublishConflict) as err:
        Store(store).publish_snapshot(ts=T1, kind="intraday", tables={"exposures": exp, "stats": stats},
                                      zero_dte=[])
    assert [c["ticker"] for c in err.value.conflicts] == ["AAPL"]
    assert read_manifest(store) == before_manifest
    assert Reader(store).latest_snapshot("QQQ") is None


def test_republishing_identical_values_is_a_no_op(store):
    before_manifest = read_manifest(store)
    before = _served(store)
    first_id = before_manifest["snapshots"][-1]["id"]
    assert publish(store, T1, {"SPX": 101.0, "AAPL": 51.0}, EXPS, STRIKES, marker=2.0) == first_id
    after = read_manifest(store)
    assert after["snapshots"] == before_manifest["snapshots"]
    assert after["garbage"] == before_manifest["garbage"]
    assert _served(store) == before


def test_identical_tickers_are_kept_and_new_ones_added(store):
    before_ids = {e["id"] for e in read_manifest(store)["snapshots"]}
    publish(store, T1, {"SPX": 101.0, "QQQ": 40.0}, EXPS, STRIKES, marker=2.0)
    m = read_manifest(store)
    added = [e for e in m["snapshots"] if e["id"] not in before_ids]
    assert len(added) == 1 and added[0]["tickers"] == ["QQQ"]
    r = Reader(store)
    assert r.latest_snapshot("QQQ").ts == T1
    assert r.ticker_stats(r.latest_snapshot("SPX"))["total_trades"] == 200


def test_identical_republish_after_compaction_is_a_no_op(store):
    Store(store).compact_day(DAY)
    before = read_manifest(store)
    publish(store, T0, {"SPX": 100.0, "AAPL": 50.0}, EXPS, STRIKES, marker=1.0)
    assert read_manifest(store)["snapshots"] == before["snapshots"]
    with pytest.raises(PublishConflict):
        publish(store, T0, {"SPX": 100.0, "AAPL": 50.0}, EXPS, STRIKES, marker=1.5)


def test_a_batch_of_snapshots_is_refused_as_a_whole(store):
    before = read_manifest(store)
    t2 = T1 + timedelta(minutes=5)

    def args(ts, marker):
        exp = exposure_rows("SPX", ts, 100.0, EXPS, STRIKES, marker)
        return {"ts": ts, "kind": "intraday", "tables": {"exposures": exp, "stats": stats_row("SPX", ts, 100.0, marker)},
                "zero_dte": []}

    with pytest.raises(PublishConflict):
        Store(store).publish_snapshots([args(t2, 4.0), args(T1, 4.0)])
    assert read_manifest(store)["snapshots"] == before["snapshots"]
    assert Reader(store).latest_snapshot("SPX").ts == T1
    assert len(list((store / "exposures").rglob("*.parquet"))) == 2   # the staged file was removed


def _daily(rows: list[tuple[date, str, float]]) -> pa.Table:
    return pa.Table.from_pylist(
        [{"date": d, "ticker": t, "close": c, "vix_close": 15.0, **{f"agg_{g}": c * GREEK_SCALE[g] for g in GREEK_SCALE},
          "dads": None} for d, t, c in rows], schema=DAILY_SCHEMA)


def test_published_daily_rows_never_change(store, caplog):
    d1, d2 = date(2026, 11, 19), date(2026, 11, 20)
    Store(store).publish_daily(_daily([(d1, "SPX", 100.0), (d2, "SPX", 101.0)]))
    files = list(read_manifest(store)["daily"])
    # The same rows again: nothing is written.
    Store(store).publish_daily(_daily([(d1, "SPX", 100.0), (d2, "SPX", 101.0)]))
    assert read_manifest(store)["daily"] == files
    # A different close for a published day is refused, with the new day in the same publish.
    with caplog.at_level(logging.WARNING, logger="data.store.parquet"), pytest.raises(PublishConflict) as err:
        Store(store).publish_daily(_daily([(d2, "SPX", 999.0), (date(2026, 11, 23), "SPX", 102.0)]))
    assert err.value.conflicts == [{"table": "daily", "ticker": "SPX", "date": "2026-11-20"}]
    assert "publish refused" in caplog.text
    assert read_manifest(store)["daily"] == files
    assert Reader(store).daily("SPX", d1, date(2026, 11, 23))["close"].to_list() == [100.0, 101.0]
    # Only the rows not yet published are added.
    Store(store).publish_daily(_daily([(d2, "SPX", 101.0), (date(2026, 11, 23), "SPX", 102.0)]))
    m = read_manifest(store)
    assert len(m["daily"]) == 2 and m["daily"][-1]["rows"] == 1
    assert Reader(store).daily("SPX", d1, date(2026, 11, 23))["close"].to_list() == [100.0, 101.0, 102.0]


def test_an_end_of_day_snapshot_cannot_change_its_daily_row(store):
    close = datetime(2026, 11, 20, 21, 0, tzinfo=UTC)
    exp = exposure_rows("SPX", close, 102.0, EXPS, STRIKES, 2.0)
    stats = stats_row("SPX", close, 102.0, 2.0)
    Store(store).publish_daily(_daily([(DAY, "SPX", 102.0)]))
    before = read_manifest(store)
    with pytest.raises(PublishConflict):
        Store(store).publish_snapshot(ts=close, kind="eod", tables={"exposures": exp, "stats": stats}, zero_dte=[],
                                      daily=_daily([(DAY, "SPX", 103.0)]))
    assert read_manifest(store) == before
