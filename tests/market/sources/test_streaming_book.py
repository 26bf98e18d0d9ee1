"""The streaming trade-flow book: DBN records decoded as they come, snapshots on the grid, checkpoints.

The records are the synthetic market's first hour of SPY in OPRA's layout (definitions, tcbbo,
statistics), built with databento-dbn's record classes.
"""

from __future__ import annotations

import random
from datetime import date, datetime, timedelta, timezone

import numpy as np
import polars as pl
import pyarrow as pa
import pytest

from data.orchestration import ingest
from data.orchestration.streaming import StreamBook, _dt, stream_files
from data.sources import samples
from data.sources.vendor import match_legs
from data.store import provenance
from data.store.parquet import read_manifest

UTC = timezone.utc
DAY = date(2025, 11, 21)
UNTIL = datetime(2025, 11, 21, 15, 30, tzinfo=UTC)
KEY = ["ticker", "expiration", "strike", "right"]


@pytest.fixture(scope="module")
def day():
    mkt = samples.market(7, ["SPY"])
    prints, _quotes, oi = samples.day_flow(mkt, ["SPY"], DAY, until=UNTIL)
    return prints, oi


@pytest.fixture(scope="module")
def records(day):
    prints, oi = day
    return samples.opra_records(prints, oi)


@pytest.fixture(scope="module")
def files(day, tmp_path_factory):
    prints, oi = day
    return samples.write_opra_dbn(prints, oi, tmp_path_factory.mktemp("opra"))


@pytest.fixture(scope="module")
def batch_result(files):
    _, batches, quality = ingest.ingest_vendor(list(files.values()), "dbn", publish=False)
    return batches


def _stream_order(records: dict[str, list]) -> list:
    return [*records["definition"], *records["statistics"], *records["tcbbo"]]


def same(a: pa.Table, b: pa.Table) -> bool:
    """Equal values, NaN equal to NaN (a contract without an IV has NaN in both)."""
    return a.schema.equals(b.schema) and pl.from_arrow(a).equals(pl.from_arrow(b))


def assert_same_batches(got, want):
    assert [b.ts for b in got] == [b.ts for b in want]
    for g, w in zip(got, want, strict=True):
        for name in ("exposures", "stats", "bars"):
            a, b = getattr(g, name), getattr(w, name)
            assert same(a, b), (f"{name} at {g.ts} differ", [
                c for c in a.column_names if not pl.from_arrow(a.select([c])).equals(pl.from_arrow(b.select([c])))])
        for name in ("book", "tallies"):
            assert same(g.state[name], w.state[name]), f"{name} at {g.ts} differ"


def _published(root) -> dict:
    """Every published table of the store, by snapshot time and table name."""
    from data.store.parquet import Store

    store = Store(root)
    out = {}
    for entry in read_manifest(root).get("snapshots", []):
        for name, rel in sorted(entry.get("files", {}).items()):
            out[(entry["ts"], name)] = store.read_table(rel)
    return out


def test_a_streamed_session_equals_the_same_records_ingested_from_dbn_files(records, files, batch_result,
                                                                            tmp_path, monkeypatch):
    """Bytes in, decoded as they arrive (in uneven chunks), equal the batch ingest of the same records
    snapshot for snapshot — and what the stream published is what `volland ingest dbn` publishes."""
    from _ingest_env import run_cli

    raw = samples.dbn_bytes(_stream_order(records))
    book = StreamBook(["SPY"], root=tmp_path / "stream", source_id="databento-live")
    cuts = [0, 7, 100, 4096, 50_000, 50_001, len(raw) // 2, len(raw)]
    for a, b in zip(cuts, cuts[1:]):
        book.feed_bytes(raw[a:b])
    book.finish()
    assert len(batch_result) == 12
    assert_same_batches(book.batches, batch_result)
    assert book.stats.prints == sum(1 for _ in records["tcbbo"])
    assert book.stats.packages > 0       # the synthetic market's spreads and butterflies were matched
    assert provenance.fields("SPY", tmp_path / "stream")["source"] == "databento-live"
    # The three files themselves, streamed record by record in time order, give the same snapshots.
    assert_same_batches(stream_files(list(files.values()), tickers=["SPY"], publish=False).batches, batch_result)

    monkeypatch.setenv("VOLLAND_STORE_ROOT", str(tmp_path / "files"))
    monkeypatch.setenv("VOLLAND_VAR_DIR", str(tmp_path / "var"))
    res = run_cli(["ingest", "dbn", *map(str, files.values())])
    assert res.exit_code == 0, res.output
    streamed, ingested = _published(tmp_path / "stream"), _published(tmp_path / "files")
    assert streamed.keys() == ingested.keys() and len(streamed) >= 36
    for k in streamed:
        assert same(streamed[k], ingested[k]), k


def test_duplicates_and_out_of_order_records_give_the_same_book(records, batch_result):
    rng = random.Random(3)
    trades = list(records["tcbbo"])
    dup = rng.sample(range(len(trades)), 200)
    noisy = trades + [trades[i] for i in dup]
    # Each record moved by up to ~1.5 s of feed time (less than the reorder buffer's 2 s).
    keyed = sorted(((int(r.ts_event) + rng.randint(0, 1_500_000_000), i, r) for i, r in enumerate(noisy)),
                   key=lambda x: (x[0], x[1]))
    book = StreamBook(["SPY"], publish=False)
    for r in [*records["definition"], *records["statistics"]]:
        book.feed(r)
    for _, _, r in keyed:
        book.feed(r)
    book.finish()
    assert book.stats.duplicates == 200
    assert book.stats.reordered > 100
    assert book.stats.late == 0
    assert_same_batches(book.batches, batch_result)


def test_a_crash_mid_session_then_resume_from_the_checkpoint_equals_an_uninterrupted_run(records, tmp_path):
    order = _stream_order(records)
    whole = StreamBook(["SPY"], root=tmp_path / "whole", checkpoint_dir=tmp_path / "ck-whole")
    for r in order:
        whole.feed(r)
    whole.finish()

    crashed = StreamBook(["SPY"], root=tmp_path / "resumed", checkpoint_dir=tmp_path / "ck")
    cut = len(order) * 3 // 5
    for r in order[:cut]:
        crashed.feed(r)
    published_before = len(crashed.batches)
    assert 2 <= published_before < len(whole.batches)
    checkpoint_ts = crashed.last_checkpoint
    del crashed                                  # the process dies: nothing after the checkpoint survives

    resumed = StreamBook.resume(tmp_path / "ck", root=tmp_path / "resumed")
    assert resumed.last_checkpoint == checkpoint_ts and resumed.stats.snapshots == published_before
    # The gateway replays from the checkpoint's time: definitions and statistics again, then the prints
    # from that time on (here: the whole session, the part already booked is dropped as replayed).
    for r in order:
        resumed.feed(r)
    resumed.finish()
    assert resumed.stats.replayed > 0
    assert_same_batches(resumed.batches, whole.batches[published_before:])
    a, b = _published(tmp_path / "whole"), _published(tmp_path / "resumed")
    assert a.keys() == b.keys()
    for k in a:
        assert same(a[k], b[k]), k


def test_a_one_minute_grid_publishes_each_minute_and_the_grid_is_checked(records):
    book = StreamBook(["SPY"], grid_minutes=1, publish=False)
    for r in _stream_order(records):
        book.feed(r)
    book.finish()
    times = [b.ts for b in book.batches]
    assert len(times) >= 55 and all((t.minute * 60 + t.second) % 60 == 0 for t in times)
    assert all(b - a == (times[1] - times[0]) for a, b in zip(times, times[1:]))
    # Each print is classified at its own NBBO, whatever the grid: at a time both grids publish, the day's
    # counts of prints and classified prints are the same.
    five = StreamBook(["SPY"], publish=False)
    for r in _stream_order(records):
        five.feed(r)
    five.finish()
    by_ts = {b.ts: b for b in book.batches}
    last = five.batches[-1]
    one_stats, five_stats = by_ts[last.ts].stats.to_pylist()[0], last.stats.to_pylist()[0]
    for k in ("total_trades", "classified_trades"):
        assert one_stats[k] == five_stats[k] > 0
    for bad in (0, 7, 120):
        with pytest.raises(ValueError, match="grid"):
            StreamBook(grid_minutes=bad)


def test_legs_are_matched_by_time_and_size():
    t0 = datetime(2025, 11, 21, 15, 0, 1, tzinfo=UTC)
    t1 = datetime(2025, 11, 21, 15, 0, 2, tzinfo=UTC)
    t2 = datetime(2025, 11, 21, 15, 0, 3, tzinfo=UTC)
    exp = date(2025, 11, 28)
    rows = [
        (t0, "SPY", exp, 600.0, "C", 10), (t0, "SPY", exp, 605.0, "C", 10),            # a vertical
        (t1, "SPY", exp, 600.0, "P", 5), (t1, "SPY", exp, 605.0, "P", 10),             # a butterfly 1:2:1
        (t1, "SPY", exp, 610.0, "P", 5),
        (t2, "SPY", exp, 600.0, "C", 3), (t2, "SPY", exp, 605.0, "C", 4),              # sizes differ: two
        (t2, "QQQ", exp, 500.0, "C", 3),                                               # another ticker
    ]
    df = pl.DataFrame(rows, schema={"ts": pl.Datetime("us", "UTC"), "ticker": pl.String, "expiration": pl.Date,
                                    "strike": pl.Float64, "right": pl.String, "size": pl.Int64}, orient="row")
    out = match_legs(df)
    assert out["condition"].to_list() == ["spread", "spread", "complex", "complex", "complex",
                                          "single", "single", "single"]
    pk = out["package_id"].to_list()
    assert pk[0] == pk[1] and pk[2] == pk[3] == pk[4] and pk[0] != pk[2] and pk[5:] == [None] * 3
    assert out.select(KEY + ["size", "ts"]).equals(df.select(KEY + ["size", "ts"]))


def _match_legs_by_rule(prints: pl.DataFrame) -> pl.DataFrame:
    """The leg rule written directly over every (ticker, time stamp) group: the reference ``match_legs``
    (which runs the rule on the groups of two or three prints only) must equal."""
    g = prints.with_row_index("_row").with_columns(
        _n=pl.len().over("ticker", "ts"), _contracts=pl.struct(KEY).n_unique().over("ticker", "ts"),
        _min=pl.col("size").min().over("ticker", "ts"), _max=pl.col("size").max().over("ticker", "ts"),
        _pkg=pl.struct("ticker", "ts").rank("dense").cast(pl.Int64))
    strike_rank = pl.col("strike").rank("ordinal").over("ticker", "ts")
    two = (pl.col("_n") == 2) & (pl.col("_contracts") == 2) & (pl.col("_min") == pl.col("_max"))
    fly_ok = ((pl.when(strike_rank == 2).then(pl.col("size") == 2 * pl.col("_min"))
               .otherwise(pl.col("size") == pl.col("_min"))).all().over("ticker", "ts"))
    three = ((pl.col("_n") == 3) & (pl.col("_contracts") == 3)
             & (pl.col("strike").n_unique().over("ticker", "ts") == 3) & fly_ok)
    g = g.with_columns(condition=pl.when(two).then(pl.lit("spread")).when(three).then(pl.lit("complex"))
                       .otherwise(pl.lit("single")))
    return (g.with_columns(package_id=pl.when(pl.col("condition") != "single").then(pl.col("_pkg"))
                           .otherwise(pl.lit(None, pl.Int64)))
            .sort("_row").drop("_row", "_n", "_contracts", "_min", "_max", "_pkg"))


def test_leg_matching_equals_the_rule_over_every_group_on_a_crowded_window():
    """Many prints share a time stamp (pairs, triples, groups of four, repeated contracts, equal and 1:2:1
    sizes): labels and package numbers equal the rule applied to every group."""
    rng = np.random.default_rng(11)
    n = 20_000
    base = datetime(2025, 11, 21, 15, 0, tzinfo=UTC)
    ts = [base + timedelta(microseconds=int(x)) for x in rng.integers(0, 6_000, n)]
    df = pl.DataFrame({
        "ts": ts, "ticker": rng.choice(["SPY", "QQQ", "IWM"], n).tolist(),
        "expiration": [date(2025, 11, 28)] * n, "strike": rng.choice([600.0, 605.0, 610.0], n).tolist(),
        "right": rng.choice(["C", "P"], n).tolist(), "size": rng.choice([1, 2, 2, 4], n).tolist(),
        "price": rng.random(n).tolist()}, schema_overrides={"ts": pl.Datetime("us", "UTC")})
    got, want = match_legs(df), _match_legs_by_rule(df)
    assert set(got["condition"].to_list()) == {"single", "spread", "complex"}
    assert got.equals(want)


def test_checkpoint_survives_a_torn_write(records, tmp_path):
    """A checkpoint folder left half-written (no pointer moved) is ignored: the previous one is used."""
    book = StreamBook(["SPY"], publish=False, checkpoint_dir=tmp_path / "ck")
    for r in _stream_order(records)[: len(records["definition"]) + len(records["statistics"]) + 4000]:
        book.feed(r)
    good = book.last_checkpoint
    assert good is not None
    (tmp_path / "ck" / "ckpt-99999999999999999999.tmp").mkdir()
    again = StreamBook.resume(tmp_path / "ck", publish=False)
    assert again.last_checkpoint == good
    assert again.state.book.equals(book.state.book)


def test_a_second_session_rolls_the_book_over_and_restarts_the_day_s_totals(records):
    """One consumer runs through the night: the next session's first record starts a new day."""
    day2 = date(2025, 11, 24)
    mkt = samples.market(7, ["SPY"])
    prints2, _q, oi2 = samples.day_flow(mkt, ["SPY"], day2, until=datetime(2025, 11, 24, 14, 50, tzinfo=UTC))
    second = samples.opra_records(prints2, oi2)
    book = StreamBook(["SPY"], publish=False)
    for r in [*_stream_order(records), *second["definition"], *second["statistics"], *second["tcbbo"]]:
        book.feed(r)
    book.finish()
    # The first day still gets the snapshot that covers its last print when the next day begins.
    assert sum(1 for b in book.batches if b.ts.date() == DAY) == 12
    new = [b for b in book.batches if b.ts.date() == day2]
    assert new and all(b.ts.date() == day2 for b in new)
    # The day's totals restart: the second day's first snapshot counts only its own prints.
    first_window = sum(1 for r in second["tcbbo"] if _dt(int(r.ts_event)) <= new[0].ts)
    assert new[0].stats.to_pylist()[0]["total_trades"] == first_window
    # The book rolled over: it is not the open-interest start a fresh consumer of that day would make.
    fresh = StreamBook(["SPY"], publish=False)
    for r in [*second["definition"], *second["statistics"], *second["tcbbo"]]:
        fresh.feed(r)
    fresh.finish()
    rolled = pl.from_arrow(new[0].exposures).select(*KEY, "position")
    started = pl.from_arrow(fresh.batches[0].exposures).select(*KEY, "position")
    assert fresh.batches[0].ts == new[0].ts and not rolled.equals(started)


def _noisy_bytes(records, *, jitter_ns: int, seed: int) -> bytes:
    """The session as one DBN stream with 300 duplicates, records moved by up to ``jitter_ns`` of feed
    time, a print of an instrument nobody defined and the open interest sent again mid-stream."""
    import databento_dbn as dbn

    rng = random.Random(seed)
    trades = list(records["tcbbo"])
    noisy = trades + [trades[i] for i in rng.sample(range(len(trades)), 300)]
    keyed = sorted(((int(r.ts_event) + rng.randint(0, jitter_ns), i, r) for i, r in enumerate(noisy)),
                   key=lambda x: (x[0], x[1]))
    body = [bytes(r) for _, _, r in keyed]
    stranger = bytearray(body[len(body) // 3])
    stranger[4:8] = (999_999).to_bytes(4, "little")      # instrument_id of no definition
    body.insert(len(body) // 3, bytes(stranger))
    body.insert(len(body) // 2, bytes(records["statistics"][0]))
    head = samples.dbn_bytes([*records["definition"], *records["statistics"]])
    raw = head + b"".join(body)
    assert bytes(records["tcbbo"][0])[1] == dbn.RType.TCBBO
    return raw


@pytest.mark.parametrize("reorder_s, dedupe_s, jitter_ns", [(2.0, 600.0, 1_500_000_000), (0.5, 2.5, 3_000_000_000)])
def test_records_read_as_arrays_give_the_book_of_the_record_by_record_path(records, batch_result, reorder_s, dedupe_s,
                                                                            jitter_ns):
    """``feed_bytes`` books runs of tcbbo records as arrays; ``feed`` takes decoded records one at a time.
    Both give the same snapshots, counters, gaps and contract state on a noisy recording (duplicates,
    out-of-order records, late prints, records past the duplicate horizon, an undefined instrument,
    multi-leg packages)."""
    import databento_dbn as dbn

    raw = _noisy_bytes(records, jitter_ns=jitter_ns, seed=11)
    kw = dict(tickers=["SPY"], publish=False, reorder_seconds=reorder_s, dedupe_seconds=dedupe_s)
    one = StreamBook(**kw)
    dec = dbn.DBNDecoder(has_metadata=True)
    dec.write(raw)
    for rec in dec.decode():
        one.feed(rec)
    one.finish()

    arrays = StreamBook(**kw)
    rng = random.Random(5)
    pos = 0
    while pos < len(raw):                          # uneven chunks, cutting records anywhere
        step = rng.choice([1, 79, 80, 4096, 65_536, 200_000])
        arrays.feed_bytes(raw[pos:pos + step])
        pos += step
    arrays.finish()

    assert_same_batches(arrays.batches, one.batches)
    assert arrays.stats.as_dict() == one.stats.as_dict()
    for name in ("quote", "mid", "volume", "last", "oi", "spots"):
        assert getattr(arrays, name) == getattr(one, name), name
    s = one.stats
    assert s.duplicates > 0 and s.reordered > 100 and s.no_definition == 1 and s.packages > 0
    if dedupe_s < 10:
        assert s.late > 0 and s.too_late > 0 and len(s.gaps) == s.too_late
    else:
        assert s.late == 0 and s.too_late == 0
        assert_same_batches(arrays.batches, batch_result)


def test_a_crash_while_reading_arrays_then_resume_equals_an_uninterrupted_run(records, tmp_path):
    raw = _noisy_bytes(records, jitter_ns=1_000_000_000, seed=2)
    whole = StreamBook(["SPY"], publish=False)
    whole.feed_bytes(raw)
    whole.finish()

    crashed = StreamBook(["SPY"], publish=False, checkpoint_dir=tmp_path / "ck")
    for a in range(0, len(raw) * 4 // 5, 65_536):            # the definitions are half of the bytes
        crashed.feed_bytes(raw[a:a + 65_536])
    done = len(crashed.batches)
    assert done >= 2
    del crashed
    resumed = StreamBook.resume(tmp_path / "ck", publish=False)
    for a in range(0, len(raw), 50_000):           # the gateway replays the session from the start
        resumed.feed_bytes(raw[a:a + 50_000])
    resumed.finish()
    assert resumed.stats.replayed > 0
    assert_same_batches(resumed.batches, whole.batches[done:])
