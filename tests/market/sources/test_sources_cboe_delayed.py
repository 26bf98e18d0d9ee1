"""Cboe delayed quotes: both layouts written from the synthetic market, detected, read, published."""

from __future__ import annotations

import json
import re
from datetime import date, datetime, timezone

import numpy as np
import polars as pl
import pytest

from data.orchestration.ingest import ingest_files
from data.sources.ingest import IngestError, IngestFailed
from data.sources import samples
from data.store import provenance
from data.sources.cboe_delayed import read_delayed, read_delayed_csv, read_delayed_json
from data.sources.layouts import detect
from _ingest_env import run_cli as _cli, store  # noqa: F401  (the store fixture)

UTC = timezone.utc
TS = datetime(2025, 11, 21, 16, 0, tzinfo=UTC)        # 11:00 New York
KEY = ["ticker", "expiration", "strike", "right"]


@pytest.fixture(scope="module")
def mkt():
    return samples.market(7, ["SPX", "SPY", "AAPL"])


def test_both_layouts_are_detected_and_read_the_same(mkt, tmp_path):
    csv_path, json_path = samples.delayed_files(mkt, "SPY", TS, tmp_path)
    assert detect(csv_path).layout == "cboe-delayed-csv"
    assert detect(json_path).layout == "cboe-delayed-json"
    a, b = read_delayed(csv_path), read_delayed(json_path)
    assert a.bad == [] and b.bad == []
    assert a.layout == "cboe-delayed-csv" and b.layout == "cboe-delayed-json"
    truth = pl.from_arrow(mkt.chain("SPY", TS)).sort(KEY)
    for rep in (a, b):
        got = pl.from_arrow(rep.table).sort(KEY)
        assert got.height == truth.height
        assert got.select(KEY).equals(truth.select(KEY))
        assert got["open_interest"].to_list() == truth["open_interest"].to_list()
        assert got["volume"].to_list() == truth["volume"].to_list()
        # The document's own time, read as New York time (11:00 EST = 16:00 UTC).
        assert set(got["ts"].to_list()) == {TS}
    # Same contracts, same quotes handed on, same carry: the two layouts are one data set.
    assert pl.from_arrow(a.table).sort(KEY).drop("last").equals(pl.from_arrow(b.table).sort(KEY).drop("last"))


def test_blank_title_line_is_the_download_not_an_empty_file(mkt, tmp_path):
    csv_path, _ = samples.delayed_files(mkt, "SPY", TS, tmp_path)
    assert csv_path.read_text().splitlines()[0] == ""
    rep = read_delayed_csv(csv_path)
    assert rep.table.num_rows > 1000 and rep.bad == []


def test_spx_and_spxw_roots_merge_into_one_underlying(mkt, tmp_path):
    chain = mkt.chain("SPX", TS)
    _, json_path = samples.delayed_files(mkt, "SPX", TS, tmp_path)
    doc = json.loads(json_path.read_text())
    roots = {re.match(r"^[A-Z]+", o["option"]).group() for o in doc["data"]["options"]}
    assert roots == {"SPX", "SPXW"}
    # The same contract listed under both roots: volumes and open interest add up.
    first = doc["data"]["options"][0]
    twin = dict(first, option=first["option"].replace("SPXW", "SPX"), open_interest=7.0, volume=3.0,
                bid=first["bid"] + 0.05)
    doc["data"]["options"].append(twin)
    json_path.write_text(json.dumps(doc))
    rep = read_delayed_json(json_path)
    assert set(rep.table.column("ticker").to_pylist()) == {"SPX"}
    assert rep.table.num_rows == chain.num_rows
    got = pl.from_arrow(rep.table)
    exp = datetime.strptime(first["option"][-15:-9], "%y%m%d").date()
    opt = got.filter((pl.col("right") == first["option"][-9]) & (pl.col("expiration") == exp) &
                     (pl.col("strike") == int(first["option"][-8:]) / 1000)).row(0, named=True)
    assert opt["open_interest"] == int(first["open_interest"]) + 7
    assert opt["volume"] == int(first["volume"]) + 3


def test_forward_is_the_markets_own_from_put_call_parity(mkt, tmp_path):
    """The carry handed to the pipeline reproduces the synthetic market's forward S·e^{(r−q)T}."""
    _, json_path = samples.delayed_files(mkt, "SPY", TS, tmp_path)
    rep = read_delayed(json_path)
    assert rep.quality["market_forward"] == rep.quality["expirations"] and rep.quality["forward_fallback"] == []
    got = pl.from_arrow(rep.table)
    true_q, r = mkt.div_yield("SPY"), mkt.rate("SPY", TS)
    spot = got["underlying_bid"][0] / 2 + got["underlying_ask"][0] / 2
    for (exp,), g in got.group_by(["expiration"]):
        t = (datetime.combine(exp, datetime.min.time()).replace(hour=21, tzinfo=UTC) - TS).total_seconds() / 31536000
        if t < 7 / 365:
            continue  # a few days: the quotes' cent ticks dominate the implied carry
        f_model = spot * np.exp((g["rate"][0] - g["div_yield"][0]) * t)
        f_true = spot * np.exp((r - true_q) * t)
        assert f_model == pytest.approx(f_true, rel=3e-4), exp


def test_forward_falls_back_where_quotes_do_not_allow_it_and_says_so(mkt, tmp_path):
    _, json_path = samples.delayed_files(mkt, "AAPL", TS, tmp_path)
    doc = json.loads(json_path.read_text())
    last_exp = max(o["option"][4:10] for o in doc["data"]["options"])
    for o in doc["data"]["options"]:
        if o["option"][4:10] == last_exp and o["option"][10] == "P":
            o["bid"] = 0.0                               # no two-sided put at any strike
    json_path.write_text(json.dumps(doc))
    rep = read_delayed(json_path)
    exp = datetime.strptime(last_exp, "%y%m%d").date()
    assert rep.quality["forward_fallback"] == [f"AAPL {exp.isoformat()}"]
    fallback = pl.from_arrow(rep.table).filter(pl.col("expiration") == exp)
    from data.universe import div_yield, rate_for

    assert fallback["div_yield"].unique().to_list() == [pytest.approx(div_yield("AAPL"))]
    assert fallback["rate"].unique().to_list() == [pytest.approx(rate_for(date(2025, 11, 21)))]


def test_in_the_money_contracts_read_their_iv_from_the_otm_quote(mkt, tmp_path):
    """An early-exercise premium on in-the-money puts (American single stock) does not move the IV."""
    from engine import implied_vol

    _, json_path = samples.delayed_files(mkt, "AAPL", TS, tmp_path)
    clean = read_delayed(json_path).table
    doc = json.loads(json_path.read_text())
    spot = doc["data"]["current_price"]
    for o in doc["data"]["options"]:
        if o["option"][-9] == "P" and int(o["option"][-8:]) / 1000 > spot * 1.10 and o["bid"] > 0:
            o["bid"] += 0.60
            o["ask"] += 0.60
    json_path.write_text(json.dumps(doc))
    dirty = read_delayed(json_path).table
    assert read_delayed(json_path).quality["itm_from_otm_quote"] > 0

    def ivs(table):
        df = pl.from_arrow(table).filter((pl.col("right") == "P") & (pl.col("strike") > spot * 1.10)).sort(KEY)
        t = np.array([(datetime.combine(e, datetime.min.time()).replace(hour=21, tzinfo=UTC) - TS).total_seconds()
                      / 31536000 for e in df["expiration"]])
        mid = np.where(df["bid"].to_numpy() > 0, (df["bid"].to_numpy() + df["ask"].to_numpy()) / 2, np.nan)
        return implied_vol(mid, np.full(df.height, spot), df["strike"].to_numpy(), t, df["rate"].to_numpy(),
                           df["div_yield"].to_numpy(), np.zeros(df.height, dtype=bool))

    a, b = ivs(clean), ivs(dirty)
    ok = np.isfinite(a)
    assert ok.sum() > 10
    np.testing.assert_allclose(b[ok], a[ok], rtol=1e-9)


def test_zero_bid_gets_no_iv_end_to_end(mkt, tmp_path, store):
    from data.store.query import Reader

    _, json_path = samples.delayed_files(mkt, "SPY", TS, tmp_path)
    doc = json.loads(json_path.read_text())
    zero = {o["option"] for o in doc["data"]["options"] if o["bid"] == 0 and o["ask"] > 0}
    assert zero, "the synthetic wings have zero-bid contracts"
    res = _cli(["ingest", "cboe-delayed", str(json_path)])
    assert res.exit_code == 0, res.output
    snap = Reader(store).latest_snapshot("SPY")
    import pyarrow.parquet as pq

    files = sorted((store / "exposures").rglob("*.parquet"))
    ex = pl.from_arrow(pq.read_table(files[-1])).filter(pl.col("ticker") == "SPY")
    sym = ex.with_columns(sym=pl.format("SPY{}{}{}", pl.col("expiration").dt.strftime("%y%m%d"), pl.col("right"),
                                        (pl.col("strike") * 1000).cast(pl.Int64).cast(pl.String).str.zfill(8)))
    z = sym.filter(pl.col("sym").is_in(sorted(zero)))
    assert z.height == len(zero)
    assert z["iv"].is_nan().all() and (z["gamma"] == 0).all()
    assert snap.ts == TS


def test_cli_end_to_end_chart_levels_and_source(mkt, tmp_path, store):
    from data.store.query import Reader

    csv_path, _ = samples.delayed_files(mkt, "SPY", TS, tmp_path)
    res = _cli(["ingest", "cboe-delayed", str(csv_path)])
    assert res.exit_code == 0, res.output
    assert "Cboe delayed-quotes page CSV download (cboe-delayed-csv)" in res.stdout
    assert "forward from put-call parity on" in res.stdout
    reader = Reader(store)
    snap = reader.latest_snapshot("SPY")
    assert snap.ts == TS
    gamma = reader.exposure(snap, "gamma")
    assert gamma.height > 20
    assert provenance.source_of("SPY", store).id == "cboe-delayed"
    assert provenance.fields("SPY", store) == {"source": "cboe-delayed", "sourceDelay": 900}


def test_unknown_layout_lists_accepted_ones_and_the_line(tmp_path, store):
    bad = tmp_path / "odd.csv"
    bad.write_text("\nsomething else,entirely\n1,2\n")
    res = _cli(["ingest", "cboe-delayed", str(bad)])
    assert res.exit_code == 2
    err = res.stderr.strip()
    assert len(err.splitlines()) == 1 and "Traceback" not in res.output
    assert "unknown layout" in err and "line 2" in err and "'something else,entirely'" in err
    assert "cboe-delayed-csv" in err and "cboe-delayed-json" in err
    assert not (store / "manifest.json").exists()


def test_a_known_layout_names_its_command(mkt, tmp_path, store):
    csv_path, _ = samples.delayed_files(mkt, "SPY", TS, tmp_path)
    res = _cli(["ingest", "cboe", str(csv_path)])
    assert res.exit_code == 2
    assert "Cboe delayed-quotes page CSV download" in res.stderr and "volland ingest cboe-delayed" in res.stderr
    res = _cli(["ingest", "chain", str(csv_path)])
    assert res.exit_code == 2 and "volland ingest cboe-delayed" in res.stderr


def test_bad_rows_are_reported_with_line_numbers_and_nothing_is_published(mkt, tmp_path, store):
    csv_path, _ = samples.delayed_files(mkt, "SPY", TS, tmp_path)
    lines = csv_path.read_text().splitlines()
    cells = lines[6].split(",")
    cells[4] = "abc"                       # line 7: the call's bid
    lines[6] = ",".join(cells)
    cells = lines[9].split(",")
    cells[12] = "SPY25X121P00400000"       # line 10: not an OSI symbol
    lines[9] = ",".join(cells)
    csv_path.write_text("\n".join(lines) + "\n")
    with pytest.raises(IngestFailed):
        ingest_files([csv_path], "cboe-delayed", publish=False)
    res = _cli(["ingest", "cboe-delayed", str(csv_path)])
    assert res.exit_code == 2
    err = res.stderr.splitlines()
    assert any(":line 7:" in ln and "bid" in ln for ln in err)
    assert any(":line 10:" in ln and "OSI" in ln for ln in err)
    assert "nothing was published" in err[-1]
    assert not (store / "manifest.json").exists()


def test_a_json_document_without_options_is_refused(tmp_path):
    p = tmp_path / "x.json"
    p.write_text(json.dumps({"timestamp": "2025-11-21 11:00:00", "data": {"current_price": 1}}))
    with pytest.raises(IngestError, match="data.options"):
        read_delayed(p)


@pytest.mark.parametrize("line, expected", [
    ('"Date: September 2, 2025 at 12:27 PM EDT",Bid: 645.04,Ask: 645.06,Size: 4*3,Volume: 46145869',
     datetime(2025, 9, 2, 16, 27, tzinfo=UTC)),
    ("Date: Sep 2, 2025 at 9:05 AM ET,Bid: 1,Ask: 2", datetime(2025, 9, 2, 13, 5, tzinfo=UTC)),
    ("Date: December 19, 2025 at 4:15:03 PM EST,Bid: 1", datetime(2025, 12, 19, 21, 15, 3, tzinfo=UTC)),
])
def test_the_download_time_is_new_york_time(line, expected):
    from pathlib import Path

    from data.sources.cboe_delayed import _preamble

    stamp, nums = _preamble(["", '"SPDR S&P 500 ETF Trust",Last: 645.05,Change: -2.19', line, "header"], Path("f"), 3)
    assert stamp == expected and nums["Last"] == 645.05


def test_a_time_zone_other_than_new_york_is_refused():
    from pathlib import Path

    from data.sources.cboe_delayed import _preamble

    with pytest.raises(IngestError, match="line 3: time zone 'PST'"):
        _preamble(["", "x,Last: 1", "Date: September 2, 2025 at 9:05 AM PST,Bid: 1", "h"], Path("f"), 3)


def test_every_ingest_command_names_the_layout_it_read(store):
    from pathlib import Path

    fix = Path(__file__).parent / "fixtures" / "cboe_eod_good.csv"
    res = _cli(["ingest", "cboe", "--dry-run", str(fix)])
    assert res.exit_code == 0 and "Cboe DataShop Option EOD Summary CSV (cboe-eod)" in res.stdout


AFTER_HOURS = datetime(2025, 11, 20, 22, 30, tzinfo=UTC)   # Thursday 17:30 New York, after the close


def _stale_spot(json_path, shift: float) -> None:
    """The underlying as it stood at the close while the option quotes moved after hours."""
    doc = json.loads(json_path.read_text())
    for k in ("current_price", "bid", "ask", "close"):
        if doc["data"].get(k):
            doc["data"][k] = round(doc["data"][k] * (1 + shift), 2)
    json_path.write_text(json.dumps(doc))


def test_an_after_hours_document_has_its_implied_carry_bounded_and_says_so(mkt, tmp_path, store):
    from data.sources.carry import IMPLIED_YIELD_MAX, IMPLIED_YIELD_MIN

    _, json_path = samples.delayed_files(mkt, "SPY", AFTER_HOURS, tmp_path)
    _stale_spot(json_path, -0.0025)
    rep = read_delayed(json_path)
    got = pl.from_arrow(rep.table)
    # Friday's expiration, 22.5 hours away: parity against the stale spot implies about -95 % a year.
    friday = got.filter(pl.col("expiration") == date(2025, 11, 21))
    assert friday["div_yield"].unique().to_list() == [pytest.approx(IMPLIED_YIELD_MIN)]
    assert got["div_yield"].min() >= IMPLIED_YIELD_MIN - 1e-12 and got["div_yield"].max() <= IMPLIED_YIELD_MAX + 1e-12
    clamped = rep.quality["carry_clamped"]
    assert clamped and clamped[0].startswith("SPY 2025-11-21 (implied -9")
    # Expirations far enough away that the stale spot moves their carry little keep the market's.
    later = got.filter(pl.col("expiration") > date(2026, 1, 31))
    assert later.height and (later["div_yield"] > IMPLIED_YIELD_MIN).all()
    res = _cli(["ingest", "cboe-delayed", str(json_path)])
    assert res.exit_code == 0, res.output
    assert "implied carry clamped" in res.stdout and "SPY 2025-11-21" in res.stdout


def test_the_carry_of_a_consistent_document_is_not_clamped(mkt, tmp_path):
    _, json_path = samples.delayed_files(mkt, "SPY", AFTER_HOURS, tmp_path)
    rep = read_delayed(json_path)
    assert rep.quality["carry_clamped"] == []
