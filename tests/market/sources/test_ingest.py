"""Real-file ingestion: Cboe EOD summary and canonical chain files, bad rows, all-or-nothing publishing."""

import subprocess
import sys
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

ROOT = Path(__file__).resolve().parents[3]
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


def _variant(tmp_path: Path, name: str, edit) -> Path:
    """A copy of the good Cboe file with ``edit(row)`` applied to each data row (a dict of its columns)."""
    import csv

    with open(GOOD, newline="") as fh:
        rows = list(csv.DictReader(fh))
    for row in rows:
        edit(row)
    out = tmp_path / name
    with open(out, "w", newline="") as fh:
        writer = csv.DictWriter(fh, fieldnames=list(rows[0]))
        writer.writeheader()
        writer.writerows(rows)
    return out


def _manifest(root: Path) -> str:
    return (root / "manifest.json").read_text()


def test_cli_ingest_into_a_store_that_conflicts_is_one_line_and_exit_2(store, tmp_path):
    assert _cli(["ingest", "cboe", str(GOOD)]).exit_code == 0
    before = (sorted(_published_files(store)), _manifest(store))

    def revised_aapl_open_interest(row):
        if row["underlying_symbol"] == "AAPL" and row["option_type"] == "P":
            row["open_interest"] = "30000"

    changed = _variant(tmp_path, "aapl_revised.csv", revised_aapl_open_interest)
    res = _cli(["ingest", "cboe", str(changed)])
    assert res.exit_code == 2, res.output
    err = res.stderr.strip().splitlines()
    assert len(err) == 1, res.stderr
    assert "AAPL@2026-11-19T20:45:00Z" in err[0] and "immutable" in err[0] and "nothing was published" in err[0]
    assert "Traceback" not in res.output
    assert (sorted(_published_files(store)), _manifest(store)) == before
    # The real command in its own process (no test logging set up): the same one line, exit 2.
    proc = subprocess.run([sys.executable, "-m", "volland.cli", "ingest", "cboe", str(changed)],
                          capture_output=True, text=True, timeout=300, cwd=ROOT)
    assert proc.returncode == 2, proc.stderr
    assert proc.stderr.strip().splitlines() == [err[0]]
    assert (sorted(_published_files(store)), _manifest(store)) == before


def test_cli_identical_re_ingest_says_nothing_new(store):
    first = _cli(["ingest", "cboe", str(GOOD)])
    assert first.exit_code == 0 and "Published 1 snapshot(s)" in first.stdout
    before = (sorted(_published_files(store)), _manifest(store))
    again = _cli(["ingest", "cboe", str(GOOD)])
    assert again.exit_code == 0, again.output
    assert "Published" not in again.stdout
    assert "Nothing new: already published" in again.stdout
    assert sorted(_published_files(store)) == before[0]


def test_a_file_dated_on_an_exchange_holiday_is_refused(store, tmp_path):
    def thanksgiving(row):  # 2026-11-26: the exchange is closed
        row["quote_date"] = "2026-11-26"
        row["expiration"] = "2026-11-27" if row["expiration"] < "2026-11-27" else row["expiration"]

    holiday = _variant(tmp_path, "thanksgiving.csv", thanksgiving)
    with pytest.raises(IngestError, match=r"2026-11-26 .*exchange holiday"):
        ingest_files([holiday], "cboe", publish=False)
    res = _cli(["ingest", "cboe", str(holiday)])
    assert res.exit_code == 2
    err = res.stderr.strip().splitlines()
    assert len(err) == 1 and "2026-11-26" in err[0] and "holiday" in err[0] and "Nothing was published" in err[0]
    assert _published_files(store) == []

    def saturday(row):
        row["quote_date"] = "2026-11-21"
        row["expiration"] = "2026-11-27" if row["expiration"] < "2026-11-27" else row["expiration"]

    weekend = _variant(tmp_path, "saturday.csv", saturday)
    res = _cli(["ingest", "cboe", "--dry-run", str(weekend)])
    assert res.exit_code == 2 and "2026-11-21 is a Saturday" in res.stderr
    assert _published_files(store) == []
