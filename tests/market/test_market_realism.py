"""The synthetic market lists chains shaped like the real ones (issue: a market that looks like one)."""

from __future__ import annotations

from datetime import UTC, datetime

import numpy as np
import polars as pl
import pytest

from data import calendar as cal
from data.synthetic import SyntheticMarket

TS = datetime(2026, 11, 20, 16, 0, tzinfo=UTC)


@pytest.mark.parametrize("ticker", ["SPY", "QQQ", "IWM"])
def test_index_etfs_list_one_dollar_strikes_near_the_money(ticker):
    m = SyntheticMarket(seed=7, tickers=[ticker])
    ch = pl.from_arrow(m.chain(ticker, TS))
    day = cal.ny_date(TS)
    zd = ch.filter(pl.col("expiration") == day)
    spot = float(zd["underlying_last"][0])
    k = np.unique(zd["strike"].to_numpy())
    near = k[np.abs(k - spot) <= 0.01 * spot]
    assert near.size >= 5
    assert np.allclose(np.diff(near), 1.0)
    assert k.size >= 10
