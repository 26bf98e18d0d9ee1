"""Trade prints from vendor files: Databento DBN (encoded with databento-dbn) and Massive flat files."""

from __future__ import annotations

import gzip
from datetime import date, datetime, timezone

import numpy as np
import polars as pl
import pytest

from data.compute import positioning
from data.sources.ingest import IngestError, IngestFailed
from data.orchestration import ingest
from data.sources import samples, vendor
from data.store import provenance
from _ingest_env import run_cli as _cli, store  # noqa: F401  (the store fixture)

UTC = timezone.utc
DAY = date(2025, 11, 21)
UNTIL = datetime(2025, 11, 21, 15, 30, tzinfo=UTC)     # the first hour of the session
KEY = ["ticker", "expiration", "strike", "right"]


@pytest.fixture(scope="module")
def flow():
    mkt = samples.market(7, ["SPY"])
    prints, quotes, oi = samples.day_flow(mkt, ["SPY"], DAY, until=UNTIL)
    return mkt, prints, quotes, oi


@pytest.fixture(scope="module")
def files(flow, tmp_path_factory):
    mkt, prints, quotes, oi = flow
    folder = tmp_path_factory.mktemp("vendor")
    dbn = samples.write_dbn(prints, quotes, oi, folder / "dbn")
    massive = samples.write_massive(prints, quotes, folder / "massive")
    oi_csv, _ = samples.delayed_files(mkt, "SPY", datetime(2025, 11, 21, 14, 31, tzinfo=UTC), folder / "oi")
    return dbn, massive, oi_csv


def test_dbn_files_are_read_with_the_vendor_library(flow, files):
    _, prints, quotes, oi = flow
    data = vendor.read_dbn_files(list(files[0].values()))
    assert all(r.bad == [] for r in data.reports)
    assert {r.layout for r in data.reports} == {"dbn:definition", "dbn:tbbo", "dbn:mbp-1", "dbn:statistics"}
    trades = pl.concat(data.trades).sort(["ts", *KEY])
    want = prints.sort(["ts", *KEY])
    assert trades.height == prints.height
    assert trades.select(KEY).equals(want.select(KEY))
    np.testing.assert_allclose(trades["price"].to_numpy(), want["price"].to_numpy(), atol=1e-9)
    np.testing.assert_allclose(trades["bid"].to_numpy(), want["bid"].to_numpy(), atol=1e-9)
    assert trades["size"].to_list() == want["size"].to_list()
    got_oi = pl.concat(data.oi).sort(KEY)
    assert got_oi["open_interest"].to_list() == oi.sort(KEY)["open_interest"].to_list()


def test_massive_flat_files_give_the_same_prints_with_the_nbbo(flow, files):
    _, prints, _, _ = flow
    data = vendor.read_massive_files(list(files[1].values()))
    assert [r.layout for r in data.reports] == ["massive-trades", "massive-quotes"]
    assert all(r.bad == [] for r in data.reports)
    trades = pl.concat(data.trades)
    assert trades.height == prints.height and set(trades["ticker"].unique()) == {"SPY"}


def test_dbn_ingest_classifies_prints_and_starts_the_book_from_open_interest(flow, files):
    mkt, prints, quotes, oi = flow
    reports, batches, quality = ingest.ingest_vendor(list(files[0].values()), "dbn", publish=False)
    assert quality["prints"] == prints.height and quality["snapshots"] == len(batches) == 12
    assert quality["prints_without_nbbo"] == 0
    stats = batches[-1].stats.to_pylist()[0]
    # Prints at the quote midpoint carry no side and stay unclassified (methodology §2.2).
    assert stats["total_trades"] == prints.height and stats["classified_trades"] > 0.85 * prints.height
    # The classification rules ran on the vendor's NBBO: compare with the synthetic market's truth.
    first = batches[0]
    cls = pl.concat([pl.from_arrow(b.classified) for b in batches if b.classified is not None])
    truth = prints.select("ts", *KEY, "size", "true_side")
    joined = cls.drop("true_side").join(truth, on=["ts", *KEY, "size"], how="inner")
    assert joined.height == prints.height
    decided = joined.filter(pl.col("dealer_side") != 0)
    agree = (decided["dealer_side"] == -decided["true_side"]).mean()
    print(f"dealer-side agreement with the synthetic truth: {agree:.3f}")
    assert agree > 0.6
    # A contract nobody traded before the first snapshot holds the open-interest convention's position.
    book0 = pl.from_arrow(first.exposures).select(*KEY, "position", "open_interest")
    traded = cls.filter(pl.col("ts") <= first.ts).select(KEY).unique()
    untouched = book0.join(traded, on=KEY, how="anti").filter(pl.col("open_interest") > 0)
    expected = positioning.open_interest_book(
        untouched.select(*KEY, pl.col("open_interest").cast(pl.Int64)))
    merged = untouched.join(expected.select(*KEY, pl.col("position").alias("oi_pos")), on=KEY)
    assert merged.height > 100
    np.testing.assert_allclose(merged["position"].to_numpy(), merged["oi_pos"].to_numpy())
    # The underlying price read from put–call parity tracks the market's.
    spot_err = abs(stats["price"] / mkt.spot("SPY", batches[-1].ts) - 1)
    assert spot_err < 2e-3


def test_both_vendor_formats_of_the_same_day_give_the_same_snapshot(files):
    _, a, _ = ingest.ingest_vendor(list(files[0].values()), "dbn", publish=False)
    _, b, _ = ingest.ingest_vendor(list(files[1].values()), "massive", open_interest=files[2], publish=False)
    sa, sb = a[-1].stats.to_pylist()[0], b[-1].stats.to_pylist()[0]
    assert sa["total_trades"] == sb["total_trades"]
    assert sa["classified_trades"] == pytest.approx(sb["classified_trades"], rel=0.02)
    assert sa["agg_gamma"] == pytest.approx(sb["agg_gamma"], rel=0.05)


def test_cli_dbn_publishes_intraday_snapshots_with_the_source(files, store):
    from data.store.query import Reader

    res = _cli(["ingest", "dbn", *map(str, files[0].values())])
    assert res.exit_code == 0, res.output
    assert "Databento DBN file (dbn:tbbo)" in res.stdout and "Published" in res.stdout
    snap = Reader(store).latest_snapshot("SPY")
    assert snap.ts == datetime(2025, 11, 21, 15, 30, tzinfo=UTC)
    assert provenance.fields("SPY", store) == {"source": "opra-prints", "sourceDelay": None}


def test_cli_vendor_re_ingest_says_nothing_new_and_a_conflict_is_one_line(flow, files, store, tmp_path):
    import json

    dbn = [*map(str, files[0].values())]
    assert _cli(["ingest", "dbn", *dbn]).exit_code == 0
    manifest = (store / "manifest.json").read_text()
    again = _cli(["ingest", "dbn", *dbn])
    assert again.exit_code == 0, again.output
    assert "Published" not in again.stdout and "Nothing new: already published" in again.stdout
    # The same prints from a book started from other open interest: different values at the same snapshot
    # times, which published history refuses.
    _, oi_json = samples.delayed_files(flow[0], "SPY", datetime(2025, 11, 21, 14, 31, tzinfo=UTC), tmp_path)
    doc = json.loads(oi_json.read_text())
    for o in doc["data"]["options"]:
        o["open_interest"] = 2 * o["open_interest"] + 100
    oi_json.write_text(json.dumps(doc))
    res = _cli(["ingest", "massive", "--open-interest", str(oi_json), *map(str, files[1].values())])
    assert res.exit_code == 2, res.output
    err = res.stderr.strip().splitlines()
    assert len(err) == 1 and "immutable" in err[0] and "nothing was published" in err[0]
    assert (store / "manifest.json").read_text() == manifest


def test_cli_massive_needs_open_interest_and_publishes(files, store):
    res = _cli(["ingest", "massive", *map(str, files[1].values())])
    assert res.exit_code == 2 and "--open-interest" in res.stderr
    res = _cli(["ingest", "massive", "--open-interest", str(files[2]), *map(str, files[1].values())])
    assert res.exit_code == 0, res.output
    assert "massive-trades" in res.stdout and "massive-quotes" in res.stdout


def test_massive_bad_rows_name_their_lines_and_publish_nothing(files, tmp_path, store):
    src = files[1]["trades"]
    with gzip.open(src, "rt") as fh:
        lines = fh.read().splitlines()
    lines[3] = lines[3].replace("O:SPY", "SPY", 1)              # line 4: not an OCC ticker
    cells = lines[5].split(",")
    cells[5] = "-1.5"                                           # line 6: negative price
    lines[5] = ",".join(cells)
    bad = tmp_path / "bad_trades.csv.gz"
    with gzip.open(bad, "wt") as fh:
        fh.write("\n".join(lines) + "\n")
    with pytest.raises(IngestFailed):
        ingest.ingest_vendor([bad, files[1]["quotes"]], "massive", open_interest=files[2], publish=False)
    res = _cli(["ingest", "massive", "--open-interest", str(files[2]), str(bad), str(files[1]["quotes"])])
    assert res.exit_code == 2
    err = res.stderr.splitlines()
    assert any(":line 4:" in ln and "OCC" in ln for ln in err)
    assert any(":line 6:" in ln and "price" in ln for ln in err)
    assert "nothing was published" in err[-1]
    assert not (store / "manifest.json").exists()


def test_dbn_without_definitions_or_with_a_foreign_file_is_refused(files, tmp_path, store):
    res = _cli(["ingest", "dbn", str(files[0]["tbbo"]), str(files[0]["statistics"])])
    assert res.exit_code == 2 and "definition" in res.stderr and len(res.stderr.strip().splitlines()) == 1
    res = _cli(["ingest", "dbn", str(files[1]["trades"])])
    assert res.exit_code == 2 and "massive-trades" in res.stderr and "volland ingest massive" in res.stderr
    junk = tmp_path / "junk.dbn"
    junk.write_bytes(b"DBN\x03garbage")
    with pytest.raises(IngestError, match="DBN"):
        vendor.read_dbn_files([junk])
    assert not (store / "manifest.json").exists()


def test_zstd_compressed_dbn_as_delivered_reads_the_same(files, tmp_path):
    import databento_dbn as dbn

    zst = tmp_path / "opra.tbbo.dbn.zst"
    with open(zst, "wb") as fh:   # the library's own transcoder writes the compressed file
        tr = dbn.Transcoder(fh, dbn.Encoding.DBN, dbn.Compression.ZSTD)
        tr.write(files[0]["tbbo"].read_bytes())
        tr.flush()
    plain = vendor.read_dbn_files([files[0]["definition"], files[0]["tbbo"]])
    packed = vendor.read_dbn_files([files[0]["definition"], zst])
    assert pl.concat(packed.trades).equals(pl.concat(plain.trades))
