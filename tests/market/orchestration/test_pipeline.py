"""The snapshot pipeline on a hand-built source: books, publish, failures, file ingest."""

from __future__ import annotations

from datetime import UTC, date, datetime

import polars as pl
import pyarrow as pa
import pytest

from tests.market._chain_data import HandSource
from data.orchestration import pipeline
from data.store import parquet as store
from data.compute import snapshot
from data.orchestration.pipeline import build_snapshot, ingest_chain_table, publish_snapshot
from data.sources.base import PipelineError
from data.store.query import Reader
from data.store.parquet import read_manifest

DAY = date(2026, 11, 20)
T1 = datetime(2026, 11, 20, 14, 35, tzinfo=UTC)
T2 = datetime(2026, 11, 20, 14, 40, tzinfo=UTC)
CLOSE = datetime(2026, 11, 20, 21, 0, tzinfo=UTC)


@pytest.fixture()
def root(tmp_path, monkeypatch):
    monkeypatch.setenv("VOLLAND_RETENTION_DAYS", "0")
    return tmp_path / "store"


def _position(reader, ticker, expiration, strike, right, snap):
    files = reader._files(snap, "exposures")
    df = pl.read_parquet(files[0]).filter(
        (pl.col("ticker") == ticker) & (pl.col("ts") == snap.ts) & (pl.col("expiration") == expiration)
        & (pl.col("strike") == strike) & (pl.col("right") == right))
    return df["position"][0]


def test_trade_flow_book_accumulates_incrementally(root):
    src = HandSource(DAY)
    week = src.expirations()[1]
    for ts in (T1, T2):
        batch = build_snapshot(["SPX", "AAPL"], ts, src, root=root)
        publish_snapshot(batch, root)
        # Every print is classified correctly: dealer side is the opposite of the customer's side.
        cls = pl.from_arrow(batch.classified)
        assert cls.height == 12
        assert (cls["dealer_side"] == -cls["true_side"]).all()
    r = Reader(root)
    snap = r.latest_snapshot("SPX")
    # Start: open-interest convention (+1000 calls / -1000 puts at the money); each window the customers
    # buy 3 x 10 calls (dealer sells) and sell 3 x 10 puts (dealer buys).
    assert _position(r, "SPX", week, 5000.0, "C", snap) == 1000 - 60
    assert _position(r, "SPX", week, 5000.0, "P", snap) == -1000 + 60
    stats = r.ticker_stats(snap)
    assert stats["total_trades"] == 12
    assert stats["dealer_premium"] > 0            # dealers sold at the ask and bought at the bid
    assert stats["dads"] > 0
    assert stats["price"] == pytest.approx(src.spot("SPX", T2), rel=1e-9)
    assert stats["previous_close"] == pytest.approx(4950.0)
    assert "SPX" in r.tickers("0dte")
    assert stats["paradigm"] and stats["zerodte_agg_charm"] is not None
    assert r.snapshot_times("SPX", DAY) == [T1, T2]


def test_rebuilding_an_earlier_time_does_not_double_count(root):
    src = HandSource(DAY)
    for ts in (T1, T2):
        publish_snapshot(build_snapshot(["SPX"], ts, src, root=root), root)
    # Re-running T1 (a replay restarting) starts from the book at or before T1, not from T2's.
    batch = build_snapshot(["SPX"], T1, src, root=root)
    pos = pl.from_arrow(batch.exposures).filter((pl.col("strike") == 5000.0) & (pl.col("right") == "C")
                                                & (pl.col("expiration") == src.expirations()[1]))
    assert pos["position"][0] == 1000 - 30
    publish_snapshot(batch, root)
    # ...and publishing it keeps the later book as the one to continue from.
    assert read_manifest(root)["books"]["2026-11-20"]["ts"] == "2026-11-20T14:40:00Z"


def test_failed_build_publishes_nothing_and_previous_snapshot_stays(root):
    src = HandSource(DAY, fail_on=T2)
    publish_snapshot(build_snapshot(["SPX"], T1, src, root=root), root)
    before = (root / "manifest.json").read_bytes()
    with pytest.raises(RuntimeError, match="outage"):
        build_snapshot(["SPX"], T2, src, root=root)
    assert (root / "manifest.json").read_bytes() == before
    assert Reader(root).latest_snapshot("SPX").ts == T1


def test_failure_while_writing_files_leaves_no_trace(root, monkeypatch):
    src = HandSource(DAY)
    publish_snapshot(build_snapshot(["SPX"], T1, src, root=root), root)
    before = (root / "manifest.json").read_bytes()
    files_before = sorted(p.relative_to(root) for p in root.rglob("*.parquet"))
    batch = build_snapshot(["SPX"], T2, src, root=root)
    calls = {"n": 0}
    real = store.write_parquet_atomic

    def flaky(*args, **kwargs):
        calls["n"] += 1
        if calls["n"] == 3:
            raise OSError("disk full")
        return real(*args, **kwargs)

    monkeypatch.setattr(store, "write_parquet_atomic", flaky)
    with pytest.raises(OSError, match="disk full"):
        publish_snapshot(batch, root)
    assert (root / "manifest.json").read_bytes() == before
    assert sorted(p.relative_to(root) for p in root.rglob("*.parquet")) == files_before
    assert Reader(root).latest_snapshot("SPX").ts == T1


def test_outside_a_session_is_refused(root):
    with pytest.raises(PipelineError, match="not inside a trading session"):
        build_snapshot(["SPX"], datetime(2026, 11, 21, 15, 0, tzinfo=UTC), HandSource(DAY), root=root)
    with pytest.raises(PipelineError, match="Unknown market-data source"):
        build_snapshot(["SPX"], T1, "nowhere", root=root)


def test_close_snapshot_writes_daily_row(root):
    src = HandSource(DAY)
    batch = build_snapshot(["SPX", "AAPL"], CLOSE, src, root=root)
    assert batch.kind == "eod"
    publish_snapshot(batch, root)
    r = Reader(root)
    daily = r.daily("SPX", DAY, DAY)
    assert daily.height == 1
    assert daily["close"][0] == pytest.approx(src.spot("SPX", CLOSE))
    # At the close the 0DTE contracts have expired: only the weekly is left.
    assert r.expirations(r.latest_snapshot("SPX")) == [src.expirations()[1]]


def test_ingest_chain_table_uses_open_interest_convention(root):
    src = HandSource(DAY)
    chain = pa.concat_tables([src.chains(["AAPL"], T1), src.chains(["AAPL"], T2)])
    batches = ingest_chain_table(chain, "file", root=root)
    assert [b.ts for b in batches] == [T1, T2]
    r = Reader(root)
    snap = r.latest_snapshot("AAPL")
    exp = pl.read_parquet(r._files(snap, "exposures")[0]).filter(pl.col("ts") == T2)
    calls = exp.filter(pl.col("right") == "C")
    puts = exp.filter(pl.col("right") == "P")
    assert (calls["position"] == calls["open_interest"]).all()
    assert (puts["position"] == -puts["open_interest"]).all()
    with pytest.raises(PipelineError):
        ingest_chain_table(chain.slice(0, 0), "file", root=root)


def test_pipeline_module_exports_contract():
    assert callable(pipeline.build_snapshot) and callable(pipeline.publish_snapshot)


def test_book_rolls_into_the_next_day_and_day_to_day_dads(root):
    d1 = date(2026, 11, 19)
    close1 = datetime(2026, 11, 19, 21, 0, tzinfo=UTC)
    publish_snapshot(build_snapshot(["SPX"], close1, HandSource(d1), root=root), root)
    src2 = HandSource(DAY)
    publish_snapshot(build_snapshot(["SPX"], T1, src2, root=root), root)
    r = Reader(root)
    day1 = r.ticker_stats(r.snapshot_at_or_before("SPX", close1))
    day2 = r.ticker_stats(r.latest_snapshot("SPX"))
    assert day1["dads"] is not None
    assert day2["dads_d2d"] == pytest.approx(
        day2["dads"] - day1["dads"])
    # Today's totals restart: only this morning's window of prints is counted.
    assert day2["total_trades"] == 6
    # Yesterday's weekly (expiring 11-26) is not listed by today's source, so it left the book and SPX
    # has no position left: like a ticker never seen, it restarts from the open-interest convention.
    snap = r.latest_snapshot("SPX")
    pos = _position(r, "SPX", src2.expirations()[1], 5000.0, "C", snap)
    assert pos == 1000 - 30


def test_parallel_subsets_merge_like_one_batch(root):
    """Jobs build ticker subsets in parallel and publish them merged: same books as one batch."""
    src = HandSource(DAY)
    for ts in (T1, T2):
        parts = [build_snapshot([t], ts, src, root=root) for t in ("SPX", "AAPL")]
        # Concatenated in the "wrong" order, as independent workers may finish.
        merged = snapshot.SnapshotBatch(
            ts=ts, kind=parts[0].kind, tickers=["AAPL", "SPX"], zero_dte=parts[0].zero_dte + parts[1].zero_dte,
            exposures=pa.concat_tables([p.exposures for p in parts]), stats=pa.concat_tables([p.stats for p in parts]),
            bars=pa.concat_tables([p.bars for p in parts]),
            state={k: pa.concat_tables([p.state[k] for p in parts]) for k in parts[0].state})
        publish_snapshot(merged, root)
    r = Reader(root)
    snap = r.latest_snapshot("AAPL")
    week = src.expirations()[1]
    assert _position(r, "SPX", week, 5000.0, "C", snap) == 1000 - 60
    assert _position(r, "AAPL", week, 200.0, "C", snap) == 1000 - 60
    tickers = pl.read_parquet(r._files(snap, "exposures")[0])["ticker"]
    assert tickers.is_sorted()
    # A later build of one ticker alone keeps the other's book.
    publish_snapshot(build_snapshot(["SPX"], T2 + (T2 - T1), src, root=root), root)
    state = store.Store(root).state_before(T2 + (T2 - T1))
    assert set(pl.read_parquet(state[2]["book"])["ticker"].unique()) == {"SPX", "AAPL"}


class _SameListings(HandSource):
    def expirations(self):
        return [date(2026, 11, 20), date(2026, 11, 27)]


def test_overnight_roll_carries_positions_capped_by_open_interest(root):
    close1 = datetime(2026, 11, 19, 21, 0, tzinfo=UTC)
    publish_snapshot(build_snapshot(["SPX"], close1, _SameListings(date(2026, 11, 19)), root=root), root)
    publish_snapshot(build_snapshot(["SPX"], T1, _SameListings(DAY), root=root), root)
    r = Reader(root)
    week = date(2026, 11, 27)
    assert _position(r, "SPX", week, 5000.0, "C", r.snapshot_at_or_before("SPX", close1)) == 1000 - 30
    # Carried overnight (970 is within the new open interest of 1000), then today's window: -30 more.
    assert _position(r, "SPX", week, 5000.0, "C", r.latest_snapshot("SPX")) == 1000 - 60
    assert _position(r, "SPX", week, 5000.0, "P", r.latest_snapshot("SPX")) == -1000 + 60


def test_snapshot_premium_and_dads_match_the_formulas(root):
    """The pipeline's running totals equal docs/methodology §4.2-4.3 applied to the window's prints."""
    from data.compute.snapshot_figures import premium_and_liquidity

    batch = build_snapshot(["SPX"], T1, HandSource(DAY), root=root)
    cls = pl.from_arrow(batch.classified)
    want = premium_and_liquidity(cls["dealer_side"].to_numpy(), cls["price"].to_numpy(), cls["size"].to_numpy(),
                                 cls["fair_value"].to_numpy(), cls["abs_delta"].to_numpy())
    stats = pl.from_arrow(batch.stats).to_dicts()[0]
    assert stats["dealer_premium"] == pytest.approx(want["dealer_premium"])
    assert stats["dap"] == pytest.approx(want["dap"])
    assert stats["dads"] == pytest.approx(want["dads"])
    assert stats["notional_volume"] == pytest.approx(float((cls["size"] * 100 * cls["underlying_price"]).sum()))


def test_flat_book_start_holds_only_the_flow(root):
    src = HandSource(DAY)
    batch = build_snapshot(["SPX"], T1, src, root=root, book_start="flat")
    ex = pl.from_arrow(batch.exposures).filter(pl.col("expiration") == src.expirations()[1])
    pos = {(r["strike"], r["right"]): r["position"] for r in ex.iter_rows(named=True)}
    # The window's customers buy 3 x 10 calls and sell 3 x 10 puts at 5000; nothing else is held.
    assert pos[(5000.0, "C")] == -30 and pos[(5000.0, "P")] == 30
    assert sum(abs(v) for v in pos.values()) == 60
    with pytest.raises(PipelineError, match="book start"):
        build_snapshot(["SPX"], T1, src, root=root, book_start="zero")


def test_a_print_at_intrinsic_value_takes_the_zero_vol_delta():
    import numpy as np

    s, k = np.full(4, 100.0), np.array([90.0, 110.0, 110.0, 90.0])
    call = np.array([True, True, False, False])
    t, r, q = np.full(4, 0.5), np.zeros(4), np.full(4, 0.02)
    d = snapshot._zero_vol_delta(s, k, t, r, q, call)
    np.testing.assert_allclose(d, [np.exp(-0.01), 0.0, -np.exp(-0.01), 0.0])


def test_prints_are_valued_with_their_own_expirations_carry():
    """A VIX option's carry is that of its own future: a print is valued with the rate and yield of its
    expiration's chain rows, not the ticker's first row."""
    from datetime import date, datetime, timezone

    import numpy as np
    import polars as pl

    from domain import market_calendar as cal
    from data.compute.snapshot import classify_window
    from engine import implied_vol

    ts = datetime(2026, 11, 20, 15, 0, tzinfo=timezone.utc)
    e1, e2 = date(2026, 12, 16), date(2027, 3, 17)
    chain = pl.DataFrame({"ticker": ["VIX", "VIX"], "expiration": [e1, e2], "rate": [0.04, 0.04],
                          "div_yield": [-0.10, -0.60]})
    tr = pl.DataFrame({
        "ts": [ts, ts], "ticker": ["VIX", "VIX"], "expiration": [e1, e2], "strike": [18.0, 18.0],
        "right": ["C", "C"], "price": [2.1, 3.4], "size": [10, 10], "bid": [2.0, 3.3], "ask": [2.2, 3.5],
        "condition": ["single", "single"], "package_id": [None, None], "underlying_price": [17.3, 17.3],
    }).with_columns(pl.col("package_id").cast(pl.Int64))
    model = pl.DataFrame({"ticker": ["VIX", "VIX"], "expiration": [e1, e2], "strike": [18.0, 18.0],
                          "right": ["C", "C"], "iv_start": [0.9, 0.8], "iv_end": [0.9, 0.8]})
    out = classify_window(tr, model, chain, None, ts)
    for row, q in zip(out.iter_rows(named=True), (-0.10, -0.60)):
        t = (cal.expiry_instant(row["expiration"]) - ts).total_seconds() / cal.SECONDS_PER_YEAR
        want = implied_vol(np.array([row["price"]]), np.array([17.3]), np.array([18.0]), np.array([t]),
                           np.array([0.04]), np.array([q]), np.array([True]))[0]
        assert row["exec_iv"] == pytest.approx(want, rel=1e-9)
