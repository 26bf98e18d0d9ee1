"""The store and the reader on a small hand-made data set: publishing, manifest, queries, compaction."""

from __future__ import annotations

import math

from datetime import UTC, date, datetime, timedelta

import polars as pl
import pyarrow as pa
import pytest

from _store_data import GREEK_SCALE, publish
from api.data.service import greek_trend_of, spot_vol_of, wire_stats
from data.compute.read_analytics import levels_from_contracts
from data.store.query import Reader
from data.store.parquet import PublishConflict, Store, read_manifest

DAY = date(2026, 11, 20)
T0 = datetime(2026, 11, 20, 14, 35, tzinfo=UTC)
T1 = T0 + timedelta(minutes=5)
EXPS = [date(2026, 11, 20), date(2026, 11, 27)]
STRIKES = [90.0, 100.0, 110.0]


@pytest.fixture()
def store(tmp_path, monkeypatch):
    monkeypatch.setenv("VOLLAND_RETENTION_DAYS", "0")
    root = tmp_path / "store"
    publish(root, T0, {"SPX": 100.0, "AAPL": 50.0}, EXPS, STRIKES, marker=1.0, bars_from=T0 - timedelta(minutes=5))
    publish(root, T1, {"SPX": 101.0, "AAPL": 51.0}, EXPS, STRIKES, marker=2.0)
    return root


def test_empty_store_answers_empty(tmp_path):
    r = Reader(tmp_path / "nothing")
    assert r.universe() == []
    assert r.latest_snapshot("SPX") is None
    assert r.newest_time_at_or_before(T1) is None
    assert r.tickers("all") == []
    assert r.site_stats()["tickers"] == 0


def test_catalogue(store):
    r = Reader(store)
    assert r.universe() == ["AAPL", "SPX"]
    assert r.tickers("0dte") == ["SPX"]
    assert r.tickers("all") == ["AAPL", "SPX"]
    assert r.snapshot_times("SPX", DAY) == [T0, T1]
    assert r.available_dates("AAPL") == [DAY]
    assert r.latest_snapshot("SPX").ts == T1
    assert r.snapshot_at_or_before("SPX", T1 - timedelta(seconds=1)).ts == T0
    assert r.snapshot_at_or_before("SPX", T0 - timedelta(seconds=1)) is None
    # The newest time of any ticker, as of an instant (next-refresh's lastPublished for a tier's cut-off).
    assert r.newest_time_at_or_before(T1 + timedelta(hours=1)) == T1
    assert r.newest_time_at_or_before(T1 - timedelta(seconds=1)) == T0
    assert r.newest_time_at_or_before(T0 - timedelta(seconds=1)) is None
    snap = r.latest_snapshot("SPX")
    assert r.expirations(snap) == EXPS
    # Ids are stable for the same publish and differ between snapshots.
    assert r.latest_snapshot("SPX").snapshot_id == snap.snapshot_id
    assert r.snapshot_at_or_before("SPX", T0).snapshot_id != snap.snapshot_id


def test_exposure_by_strike_sums_calls_and_puts(store):
    r = Reader(store)
    snap = r.latest_snapshot("SPX")
    df = r.exposure(snap, "gamma")
    assert df.columns == ["strike", "call", "put", "total"]
    assert df["strike"].to_list() == STRIKES
    scale = GREEK_SCALE["gamma"] * 2.0   # marker 2 at T1
    assert df["call"].to_list() == pytest.approx([2 * scale * k / 100 for k in STRIKES])
    assert df["put"].to_list() == pytest.approx([-2 * scale * k / 100 for k in STRIKES])
    assert df["total"].to_list() == pytest.approx([0.0, 0.0, 0.0])
    one = r.exposure(snap, "vanna", "call", expirations=[EXPS[1]])
    assert one["call"].to_list() == pytest.approx([GREEK_SCALE["vanna"] * 2 * k / 100 for k in STRIKES])
    assert one["put"].to_list() == [0.0, 0.0, 0.0]
    assert r.exposure(snap, "delta", expirations=[]).is_empty()
    # The earlier snapshot is still readable and different.
    early = r.snapshot_at_or_before("SPX", T0)
    assert r.exposure(early, "gamma")["call"][0] == pytest.approx(GREEK_SCALE["gamma"] * 1.0 * 2 * 90 / 100)


def test_user_input_never_reaches_sql_text(store):
    r = Reader(store)
    snap = r.latest_snapshot("SPX")
    with pytest.raises(ValueError):
        r.exposure(snap, "gamma; DROP TABLE x", "both")
    with pytest.raises(ValueError):
        r.exposure(snap, "gamma", "calls")
    evil = type(snap)("SPX' OR '1'='1", snap.ts, snap.snapshot_id)
    assert r.exposure(evil, "gamma").is_empty()


def test_ticker_stats_and_site_stats(store):
    r = Reader(store)
    st = wire_stats(r.ticker_stats(r.latest_snapshot("SPX")))
    assert st["price"] == 101.0 and st["previousClose"] == 100.0
    assert st["paradigm"] == "GEX-PURE" and st["lis"] == 91.0 and st["target"] == 111.0
    assert st["aggregates"]["charm"] == pytest.approx(GREEK_SCALE["charm"] * 2)
    assert st["totalTrades"] == 200
    assert r.site_stats() == {"total_trades": 400, "open_contracts": 4000, "tickers": 2}


def test_candles_and_surfaces(store):
    r = Reader(store)
    c = r.candles("SPX", DAY, minutes=10)
    # 10 one-minute bars from 14:30 to 14:39 (two publishes of five bars each): one candle.
    assert c.height == 1
    assert c["open"][0] == pytest.approx(100.0 - 0.05)
    assert c["close"][0] == pytest.approx(101.0 + 0.4)
    assert c["high"][0] == pytest.approx(101.0 + 0.4 + 0.2)
    assert r.candles("SPX", DAY, until=T0)["close"][0] == pytest.approx(100.0 + 0.4)
    snap = r.latest_snapshot("SPX")
    surf = r.surface(snap, "gamma", "call")
    assert surf["expirations"] == EXPS and surf["strikes"] == STRIKES
    assert surf["z"][0][1] == pytest.approx(GREEK_SCALE["gamma"] * 2 * 100 / 100)
    iv = r.surface(snap, "iv")
    assert iv["z"][0][0] == pytest.approx(0.2 + 0.001 * 11)
    plane = r.vanna_plane("SPX", DAY)
    assert plane["times"] == [T0, T1] and plane["strikes"] == STRIKES
    assert plane["z"][0] == pytest.approx([0.0, 0.0, 0.0])


def test_republish_same_time_with_other_values_is_refused(store):
    before = read_manifest(store)
    with pytest.raises(PublishConflict):
        publish(store, T1, {"SPX": 101.0, "AAPL": 51.0}, EXPS, STRIKES, marker=3.0)
    assert read_manifest(store) == before
    r = Reader(store)
    assert r.ticker_stats(r.latest_snapshot("SPX"))["total_trades"] == 200


def test_compaction_keeps_answers(store):
    r = Reader(store)
    snaps = [r.snapshot_at_or_before("SPX", t) for t in (T0, T1)]
    before = [r.exposure(s, "vega").to_dicts() for s in snaps]
    candles = r.candles("SPX", DAY).to_dicts()
    assert Store(store).compact_day(DAY) == 2
    m = read_manifest(store)
    assert len({e["files"]["exposures"] for e in m["snapshots"]}) == 1
    r2 = Reader(store)
    assert [r2.exposure(s, "vega").to_dicts() for s in snaps] == before
    assert r2.candles("SPX", DAY).to_dicts() == candles
    assert Store(store).compact_day(DAY) == 0


def test_failed_transaction_publishes_nothing(store):
    m0 = (store / "manifest.json").read_bytes()
    files0 = sorted(p for p in store.rglob("*.parquet"))
    with pytest.raises(RuntimeError):
        with Store(store).transaction() as txn:
            txn.write("exposures/x/y.parquet", pa.table({"a": [1]}))
            raise RuntimeError("boom")
    assert (store / "manifest.json").read_bytes() == m0
    assert sorted(p for p in store.rglob("*.parquet")) == files0


def test_retention_drops_old_days(tmp_path, monkeypatch):
    root = tmp_path / "s"
    old = datetime(2020, 1, 2, 15, 0, tzinfo=UTC)
    monkeypatch.setenv("VOLLAND_RETENTION_DAYS", "0")      # 0 keeps everything
    publish(root, old, {"SPX": 100.0}, [date(2020, 1, 3)], STRIKES)
    old_files = set(read_manifest(root)["snapshots"][0]["files"].values())
    monkeypatch.setenv("VOLLAND_RETENTION_DAYS", "30")
    recent = datetime.now(UTC).replace(microsecond=0) - timedelta(days=1)
    publish(root, recent, {"SPX": 100.0}, [date(2099, 1, 1)], STRIKES)
    m = read_manifest(root)
    assert [e["ts"] for e in m["snapshots"]] == [recent.strftime("%Y-%m-%dT%H:%M:%SZ")]
    assert {g["path"] for g in m["garbage"]} == old_files   # deleted after the grace period
    assert date(2020, 1, 2) not in Reader(root).available_dates("SPX")
    # Once the grace period is over the files are gone.
    Store(root).collect_garbage(datetime.now(UTC) + timedelta(hours=1))
    assert not any((root / f).exists() for f in old_files)
    assert read_manifest(root)["garbage"] == []


def test_unknown_store_url_scheme_is_refused_clearly():
    # s3:// roots are served (tests/market/store/test_store_s3.py); any other URL is refused by name.
    with pytest.raises(ValueError, match="'gs://bucket/volland' is not a local folder or an s3:// URL"):
        Reader("gs://bucket/volland")


def test_republishing_some_tickers_changes_nothing(store):
    with pytest.raises(PublishConflict):
        publish(store, T1, {"SPX": 101.0}, EXPS, STRIKES, marker=5.0)
    r = Reader(store)
    assert r.ticker_stats(r.latest_snapshot("SPX"))["total_trades"] == 200
    assert r.ticker_stats(r.latest_snapshot("AAPL"))["total_trades"] == 200
    assert r.latest_snapshot("AAPL").ts == T1
    assert r.tickers("all") == ["AAPL", "SPX"]


def _daily_table(tickers: dict[str, float], start: date, n: int):
    from data.store.schemas import DAILY_SCHEMA
    rows = []
    for i in range(n):
        d = start + timedelta(days=i)
        for t, base in tickers.items():
            rows.append({"date": d, "ticker": t, "close": base + i, "vix_close": 30.0 - 5.0 * math.log(base + i),
                         **{f"agg_{g}": float(i) * GREEK_SCALE[g] for g in GREEK_SCALE}, "dads": 1.0})
    return pa.Table.from_pylist(rows, schema=DAILY_SCHEMA)


def test_daily_trend_and_screener_inputs(store):
    start = date(2025, 11, 1)
    Store(store).publish_daily(_daily_table({"SPX": 100.0, "AAPL": 50.0}, start, 385))
    r = Reader(store)
    last = start + timedelta(days=384)
    d = r.daily("SPX", last - timedelta(days=9), last)
    assert d.height == 10 and d["close"].to_list()[-1] == 100.0 + 384
    # A published (ticker, date) row is never replaced.
    with pytest.raises(PublishConflict):
        Store(store).publish_daily(_daily_table({"SPX": 1000.0}, last, 1))
    assert Reader(store).daily("SPX", last, last)["close"][0] == 100.0 + 384
    scr = Reader(store).screener_inputs(last)
    spx = scr.filter(pl.col("ticker") == "SPX").to_dicts()[0]
    assert spx["price"] == 100.0 + 384
    assert spx["gamma"] == pytest.approx(384 * GREEK_SCALE["gamma"])
    assert spx["gamma_week"] == pytest.approx((384 - 7) * GREEK_SCALE["gamma"])
    assert spx["price_diff_year"] == pytest.approx(365.0)
    aapl = scr.filter(pl.col("ticker") == "AAPL").to_dicts()[0]
    assert aapl["price_norm_day"] == pytest.approx(1 / (50.0 + 383))
    trend = greek_trend_of(Reader(store), "AAPL", "vanna")
    assert len(trend["trend"]) == 180
    assert trend["historicalAverage"] == pytest.approx(GREEK_SCALE["vanna"] * (384 + 259) / 2)
    sv = spot_vol_of(Reader(store), "AAPL")
    # VIX falls 5 points per unit of log price: about -0.05 VIX points per 1 % move, r close to -1.
    assert len(sv["scatterPoints"]) == 252
    assert sv["slope"] == pytest.approx(-0.05, rel=0.02) and sv["rValue"] < -0.99


def test_levels_for_a_subset_of_expirations(store):
    r = Reader(store)
    snap = r.latest_snapshot("SPX")
    lv = levels_from_contracts(r.contract_rows(snap, [EXPS[0]]))
    # Hand-made gamma: +scale*K/100 per call, -scale*K/100 per put -> the largest positive call sum and the
    # most negative put sum are both at K = 110.
    assert lv["callWall"] == 110.0 and lv["putWall"] == 110.0
    assert set(lv) == {"zeroGamma", "callWall", "putWall"}
