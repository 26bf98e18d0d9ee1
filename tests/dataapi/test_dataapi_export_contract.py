"""``granularity=contract`` and the expiration/strike filters of ``/api/v1/data/export``, checked against
the store's own Parquet rows, and the strike granularities against the reader's per-snapshot answer."""

from __future__ import annotations

import io
from datetime import date

import numpy as np
import polars as pl
import pyarrow as pa
import pyarrow.ipc as ipc
import pyarrow.parquet as pq
import pytest
from dataapi_helpers import assert_error_body

D = "/api/v1/data/export"
GREEKS = ("delta", "gamma", "vanna", "charm", "vega", "theta", "vomma", "rho", "dag")
CONTRACT_COLUMNS = ["ts", "ticker", "expiration", "strike", "right", "position", "open_interest", "volume", "iv",
                    "t_years", "spot", "rate", "div_yield", *GREEKS]
ONE_DAY = "ticker=SPX&start=2026-01-09"


def arrow(client, auth, query: str) -> tuple[pl.DataFrame, object]:
    resp = client.get(f"{D}?{query}&format=arrow", headers=auth())
    assert resp.status_code == 200, resp.get_data(as_text=True)[:500]
    return pl.from_arrow(ipc.open_stream(pa.py_buffer(resp.get_data())).read_all()), resp


def test_contract_rows_are_the_stores_rows_one_per_contract(client, auth, tiny_store):
    from data.store.query import Reader

    df, resp = arrow(client, auth, f"{ONE_DAY}&granularity=contract")
    assert df.columns == CONTRACT_COLUMNS
    assert df.height == int(resp.headers["X-Rows"]) > 0
    assert df.select(["ts", "expiration", "strike", "right"]).is_unique().all()
    assert set(df["right"].unique()) == {"C", "P"} and set(df["ticker"].unique()) == {"SPX"}
    assert df["iv"].dtype == pl.Float32 and df["gamma"].dtype == pl.Float32 and df["expiration"].dtype == pl.Date
    # Every snapshot of the session up to the tier's cut-off, and for one of them exactly the store's rows.
    reader = Reader(tiny_store)
    times = [t for t in reader.snapshot_times("SPX", date(2026, 1, 9))]
    served = sorted(df["ts"].unique().to_list())
    assert served == [t for t in times if t <= served[-1]] and len(served) == int(resp.headers["X-Snapshots"])
    snap = reader.snapshot_at_or_before("SPX", served[len(served) // 2])
    path = reader._files(snap, "exposures")[0]
    stored = pl.from_arrow(pq.read_table(path, filters=[("ticker", "=", "SPX"), ("ts", "=", snap.ts)]))
    stored = stored.select(CONTRACT_COLUMNS).sort(["expiration", "strike", "right"])
    # A contract without an implied volatility: NaN in the store, null (no value) in the export.
    stored = stored.with_columns(pl.col("iv").fill_nan(None))
    mine = df.filter(pl.col("ts") == snap.ts).sort(["expiration", "strike", "right"])
    assert mine.equals(stored)


def test_contract_rows_sum_to_the_strike_export(client, auth):
    contracts, _ = arrow(client, auth, f"{ONE_DAY}&granularity=contract&greeks=gamma,charm")
    assert contracts.columns[-2:] == ["gamma", "charm"]
    strikes, _ = arrow(client, auth, f"{ONE_DAY}&granularity=snapshot&greeks=gamma,charm")
    assert strikes.columns == ["ts", "ticker", "greek", "strike", "call", "put", "total", "price"]
    for greek in ("gamma", "charm"):
        summed = (contracts.group_by(["ts", "strike"])
                  .agg(pl.col(greek).filter(pl.col("right") == "C").cast(pl.Float64).sum().alias("call"),
                       pl.col(greek).filter(pl.col("right") == "P").cast(pl.Float64).sum().alias("put"))
                  .sort(["ts", "strike"]))
        mine = strikes.filter(pl.col("greek") == greek).sort(["ts", "strike"])
        assert mine.height == summed.height
        np.testing.assert_allclose(mine["call"].to_numpy(), summed["call"].to_numpy(), rtol=1e-9, atol=1e-6)
        np.testing.assert_allclose(mine["put"].to_numpy(), summed["put"].to_numpy(), rtol=1e-9, atol=1e-6)
    prices = strikes.group_by("ts").agg(pl.col("price").first()).sort("ts")
    spots = contracts.group_by("ts").agg(pl.col("spot").first()).sort("ts")
    assert prices["price"].to_list() == spots["spot"].to_list()


def test_the_strike_export_answers_what_the_reader_answers_per_snapshot(client, auth, tiny_store):
    from data.store.query import Reader

    df, _ = arrow(client, auth, f"{ONE_DAY}&granularity=snapshot&greeks=vanna,gamma")
    # Rows come in (ts, strike, greek as listed) order.
    assert df["greek"].to_list()[:2] == ["vanna", "gamma"]
    reader = Reader(tiny_store)
    ts = df["ts"].to_list()[-1]
    snap = reader.snapshot_at_or_before("SPX", ts)
    for greek in ("vanna", "gamma"):
        expected = reader.exposure(snap, greek)
        mine = df.filter((pl.col("ts") == ts) & (pl.col("greek") == greek)).select("strike", "call", "put", "total")
        assert mine["strike"].to_list() == expected["strike"].to_list()
        for col in ("call", "put", "total"):
            np.testing.assert_allclose(mine[col].to_numpy(), expected[col].to_numpy(), rtol=1e-9, atol=1e-6)


def test_expiration_and_strike_ranges_filter_every_granularity(client, auth):
    everything, _ = arrow(client, auth, f"{ONE_DAY}&granularity=contract&greeks=gamma")
    expirations = sorted(everything["expiration"].unique().to_list())
    strikes = sorted(everything["strike"].unique().to_list())
    lo_e, hi_e = expirations[1], expirations[3]
    lo_k, hi_k = strikes[len(strikes) // 4], strikes[len(strikes) // 2]
    filters = f"&expiration_from={lo_e}&expiration_to={hi_e}&strike_min={lo_k}&strike_max={hi_k}"
    some, _ = arrow(client, auth, f"{ONE_DAY}&granularity=contract&greeks=gamma{filters}")
    assert 0 < some.height < everything.height
    assert some["expiration"].min() == lo_e and some["expiration"].max() == hi_e
    assert some["strike"].min() >= lo_k and some["strike"].max() <= hi_k
    expected = everything.filter(pl.col("expiration").is_between(lo_e, hi_e) & pl.col("strike").is_between(lo_k, hi_k))
    assert some.equals(expected)
    # The strike aggregation sums only the selected expirations (a single expiry, a term-structure slice).
    by_strike, _ = arrow(client, auth, f"{ONE_DAY}&granularity=snapshot&greeks=gamma{filters}")
    assert by_strike["strike"].min() >= lo_k and by_strike["strike"].max() <= hi_k
    np.testing.assert_allclose(by_strike["total"].sum(), some["gamma"].cast(pl.Float64).sum(), rtol=1e-9)
    puts, _ = arrow(client, auth, f"{ONE_DAY}&granularity=contract&greeks=gamma&kind=put{filters}")
    assert set(puts["right"].unique()) == {"P"} and puts.height == some.filter(pl.col("right") == "P").height


def test_close_granularity_is_the_last_snapshot_of_each_session(client, auth):
    every, _ = arrow(client, auth, "ticker=SPX&start=2026-01-05&end=2026-01-09&granularity=contract&greeks=rho")
    closes, _ = arrow(client, auth, "ticker=SPX&start=2026-01-05&end=2026-01-09&granularity=close&greeks=rho")
    assert every["ts"].n_unique() > len({t.date() for t in every["ts"].to_list()})
    last = every.group_by(pl.col("ts").dt.date().alias("day")).agg(pl.col("ts").max())["ts"].sort().to_list()
    assert sorted(closes["ts"].unique().to_list()) == last


def test_the_row_cap_counts_exactly_the_rows_of_the_answer(client, auth, monkeypatch):
    query = f"{D}?{ONE_DAY}&granularity=contract&greeks=gamma&format=parquet"
    first = client.get(query, headers=auth())
    rows = int(first.headers["X-Rows"])
    assert pq.read_table(io.BytesIO(first.get_data())).num_rows == rows
    monkeypatch.setenv("VOLLAND_EXPORT_MAX_ROWS", str(rows))
    assert client.get(query, headers=auth()).status_code == 200
    monkeypatch.setenv("VOLLAND_EXPORT_MAX_ROWS", str(rows - 1))
    body = assert_error_body(client.get(query, headers=auth()), 422)
    assert body["code"] == "export_too_large" and f"{rows:,}" in body["message"]


def test_a_month_of_snapshots_is_no_longer_refused_by_days(client, auth):
    resp = client.get(f"{D}?ticker=SPX&start=2025-12-10&end=2026-01-09&granularity=snapshot&greeks=gamma",
                      headers=auth())
    assert resp.status_code == 200 and int(resp.headers["X-Snapshots"]) > 5


@pytest.mark.parametrize("name", ["expiration_from", "expiration_to", "strike_min", "strike_max", "granularity"])
def test_the_openapi_document_lists_the_parameters(client, name):
    op = client.get("/api/openapi.json").get_json()["paths"][D]["get"]
    params = {p["name"]: p for p in op["parameters"]}
    assert name in params and params[name]["schema"].get("description") or params[name].get("description")
    if name == "granularity":
        assert "contract" in (params[name].get("description") or params[name]["schema"]["description"])
