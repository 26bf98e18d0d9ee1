"""A contract with a zero bid gets no implied volatility in any source (docs/methodology.md §3)."""

from __future__ import annotations

from datetime import UTC, datetime

import numpy as np
import polars as pl

from data.sources.ingest import fill_rates
from data.compute.snapshot import compute_snapshot
from data.sources import samples

TS = datetime(2026, 1, 8, 16, 0, tzinfo=UTC)


def test_a_canonical_chain_with_a_zero_bid_contract_gets_no_iv_for_it():
    chain = samples.market(7, ["SPY"]).chain("SPY", TS)
    df = pl.from_arrow(fill_rates(chain))
    zero = (df["bid"] == 0) & (df["ask"] > 0)
    assert zero.sum() > 0
    ctx = {"previous_close": {}, "vix": None, "previous_vix": None, "open_price": {}}
    batch = compute_snapshot(df, TS, mode="open_interest", state=None, prints=None, bars=None, context=ctx)
    ex = pl.from_arrow(batch.exposures)
    keys = df.filter(zero).select("expiration", "strike", "right")
    z = ex.join(keys, on=["expiration", "strike", "right"])
    assert z.height == keys.height
    assert z["iv"].is_nan().all()
    assert (z["gamma"] == 0).all() and (z["delta"] == 0).all()
    # Two-sided quotes still get theirs.
    assert np.isfinite(ex.join(df.filter(df["bid"] > 0.05).select("expiration", "strike", "right"),
                               on=["expiration", "strike", "right"])["iv"].to_numpy()).mean() > 0.95
