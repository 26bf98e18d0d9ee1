"""Real-file ingestion: Cboe EOD summary and canonical chain files, bad rows, all-or-nothing publishing."""

from datetime import date, datetime, timezone
from pathlib import Path

import pyarrow as pa
import pyarrow.parquet as pq
import pytest

from data.orchestration.ingest import ingest_files
from data.sources.ingest import IngestError, IngestFailed, read_cboe, read_chain_file
from data.sources.schemas import CHAIN_SCHEMA
from data.universe import rate_for
from _ingest_env import run_cli as _cli, store  # noqa: F401  (the store fixture)

FIX = Path(__file__).parent / "fixtures"
GOOD = FIX / "cboe_eod_good.csv"
BAD = FIX / "cboe_eod_bad.csv"
CHAIN_BAD = FIX / "chain_bad.csv"
UTC = timezone.utc


def _published_files(root: Path) -> list[Path]:
    return [p for p in root.rglob("*.parquet")] if root.exists() else []


def test_cboe_columns_are_mapped():
    rep = read_cboe(GOOD)
    assert rep.bad == [] and rep.rows == 10
    t = rep.table
    assert t.schema.equals(CHAIN_SCHEMA)
    rows = t.to_pylist()
    assert {r["ticker"] for r in rows} == {"SPX", "AAPL"}  # index caret dropped
    # 15:45 New York on 2026-11-19 (EST) is 20:45 UTC.
    assert {r["ts"] for r in rows} == {datetime(2026, 11, 19, 20, 45, tzinfo=UTC)}
    by_key = {(r["ticker"], r["expiration"], r["strike"], r["right"]): r for r in rows}
    # SPX and SPXW roots of the same contract are merged: volumes and OI add, quotes from the larger OI.
    merged = by_key[("SPX", date(2026, 12, 18), 6800.0, "C")]
    assert merged["volume"] == 310 + 95 and merged["open_interest"] == 20400 + 1800
    assert (merged["bid"], merged["ask"]) == (117.90, 119.30)
    assert len(rows) == 9
    # A contract that did not trade has no last price; the index's zero underlying quote is dropped.
    quiet = by_key[("SPX", date(2026, 11, 19), 6750.0, "P")]
    assert quiet["last"] is None and quiet["volume"] == 0
    assert quiet["underlying_bid"] is None and quiet["underlying_last"] == 6801.95
    aapl = by_key[("AAPL", date(2026, 11, 20), 250.0, "C")]
    assert (aapl["bid"], aapl["ask"], aapl["last"]) == (3.50, 3.60, 3.55)
    assert (aapl["underlying_bid"], aapl["underlying_ask"]) == (251.98, 252.00)
    assert aapl["open_interest"] == 40211 and aapl["volume"] == 18022
    assert aapl["rate"] == pytest.approx(rate_for(date(2026, 11, 19)))
    assert aapl["div_yield"] > 0 and quiet["div_yield"] == pytest.approx(0.013)


def test_cboe_end_of_day_quotes():
    rows = read_cboe(GOOD, quotes="eod").table.to_pylist()
    assert {r["ts"] for r in rows} == {datetime(2026, 11, 19, 21, 0, tzinfo=UTC)}
    aapl = next(r for r in rows if r["ticker"] == "AAPL" and r["right"] == "C")
    assert (aapl["bid"], aapl["ask"], aapl["underlying_bid"]) == (3.40, 3.50, 251.80)


def test_cboe_bad_rows_are_reported_with_line_numbers():
    rep = read_cboe(BAD)
    assert rep.bad == [
        (3, "crossed quote: ask below bid"),
        (4, "strike: cannot read '68x0.000' as a number"),
        (5, "right: must be C or P"),
        (6, "expected 34 fields, found 14"),
        (7, "quote_date: cannot read '19/11/2026' as a date"),
        (8, "expiration: before the snapshot date"),
        (9, "open_interest: must be >= 0"),
    ]
    assert rep.rows == 9 and rep.table.num_rows == 2  # the two good rows, still never published
    with pytest.raises(IngestFailed):
        ingest_files([BAD], "cboe", publish=False)


def test_file_that_is_not_a_cboe_file_is_refused():
    with pytest.raises(IngestError, match="missing column"):
        read_cboe(CHAIN_BAD)
    with pytest.raises(IngestError, match="cannot open"):
        read_cboe(FIX / "does-not-exist.csv")


def test_canonical_csv_bad_rows():
    rep = read_chain_file(CHAIN_BAD)
    lines = dict(rep.bad)
    assert sorted(lines) == [4, 5, 6, 7, 8, 9]
    assert lines[4].startswith("duplicate contract")
    assert "strike" in lines[5] and "bid" in lines[6] and "'1.5'" in lines[7]
    assert "underlying" in lines[8] and "not-a-time" in lines[9]


def test_canonical_parquet_round_trip_and_row_numbers(tmp_path):
    from data.sources.synthetic import SyntheticMarket

    chain = SyntheticMarket(seed=3, tickers=["IWM"]).chain("IWM", datetime(2026, 11, 19, 18, 0, tzinfo=UTC))
    good_path = tmp_path / "iwm.parquet"
    pq.write_table(chain, good_path)
    rep = read_chain_file(good_path)
    assert rep.bad == [] and rep.table.equals(chain)
    rows = chain.slice(0, 5).to_pylist()
    rows[1]["right"] = "X"
    rows[3]["ask"] = rows[3]["bid"] - 0.05 if rows[3]["bid"] > 0.05 else -1.0
    bad_path = tmp_path / "bad.parquet"
    relaxed = pa.schema([f.with_nullable(True) for f in CHAIN_SCHEMA])
    pq.write_table(pa.Table.from_pylist(rows, schema=relaxed), bad_path)
    rep = read_chain_file(bad_path)
    assert [n for n, _ in rep.bad] == [2, 4] and rep.unit == "row"
    missing = tmp_path / "missing.parquet"
    pq.write_table(chain.drop_columns(["open_interest"]), missing)
    with pytest.raises(IngestError, match="open_interest"):
        read_chain_file(missing)


def test_cli_bad_file_exits_2_lists_rows_and_publishes_nothing(store):
    res = _cli(["ingest", "cboe", str(BAD)])
    assert res.exit_code == 2
    err = res.stderr.strip().splitlines()
    assert err[-1].startswith("Error: 7 bad row(s) in 1 file(s)") and "nothing was published" in err[-1]
    assert any(":line 3:" in line and "crossed" in line for line in err)
    assert any(":line 6:" in line for line in err)
    assert "Traceback" not in res.output
    assert _published_files(store) == []


def test_cli_one_bad_file_among_good_ones_publishes_nothing(store):
    res = _cli(["ingest", "cboe", str(GOOD), str(BAD)])
    assert res.exit_code == 2
    assert _published_files(store) == []


def test_cli_missing_file_is_one_line(store):
    res = _cli(["ingest", "chain", str(FIX / "nope.parquet")])
    assert res.exit_code == 2
    assert len(res.stderr.strip().splitlines()) == 1 and "nope.parquet" in res.stderr


def test_cli_dry_run_validates_only(store):
    res = _cli(["ingest", "cboe", "--dry-run", str(GOOD)])
    assert res.exit_code == 0, res.output
    assert "valid" in res.stdout and _published_files(store) == []


def test_cli_valid_file_publishes_and_a_later_bad_file_keeps_it(store):
    from data.store.query import Reader

    res = _cli(["ingest", "cboe", str(GOOD)])
    assert res.exit_code == 0, res.output
    assert "Published 1 snapshot(s)" in res.stdout
    snap = Reader(store).latest_snapshot("SPX")
    assert snap is not None and snap.ts == datetime(2026, 11, 19, 20, 45, tzinfo=UTC)
    gamma = Reader(store).exposure(snap, "gamma")
    assert sorted(gamma["strike"].to_list()) == [6750.0, 6800.0, 6850.0]
    before = sorted(_published_files(store))
    res = _cli(["ingest", "cboe", str(BAD)])
    assert res.exit_code == 2
    assert sorted(_published_files(store)) == before
    assert Reader(store).latest_snapshot("SPX").snapshot_id == snap.snapshot_id
