"""Derived figures on small hand-made books and series."""

from __future__ import annotations

from datetime import date, timedelta

import numpy as np
import polars as pl
import pytest

from data.compute import read_analytics, snapshot_figures


def _book(strikes, positions, calls, t=0.1, vol=0.2):
    n = len(strikes)
    return (np.asarray(positions, float), np.asarray(strikes, float), np.full(n, t), np.zeros(n), np.zeros(n),
            np.full(n, vol), np.asarray(calls, bool))


def test_zero_gamma_between_short_and_long_gamma_strikes():
    # Dealer short the 90 call, long the 110 call: short gamma below ~100, long gamma above.
    book = _book([90.0, 110.0], [-1.0, 1.0], [True, True])
    zg = snapshot_figures.zero_gamma_level(100.0, *book)
    assert 97.0 < zg < 102.0
    # Long gamma everywhere: no flip.
    assert snapshot_figures.zero_gamma_level(100.0, *_book([100.0], [5.0], [True])) is None
    # The combined single pass agrees with the standalone functions.
    prof = snapshot_figures.spot_profiles(100.0, *book)
    assert prof["zero_gamma"] == pytest.approx(zg)
    assert prof["vanna_stochastic"] == pytest.approx(snapshot_figures.vanna_stochastic(100.0, *book))


def test_vanna_stochastic_sign_and_range():
    # Dealer long a 100-strike option: its vega peaks near the strike, so just below the strike vega
    # still rises with spot (+) and just above it falls (-).
    book = _book([100.0], [10.0], [True], t=0.25)
    below = snapshot_figures.vanna_stochastic(95.0, *book)
    above = snapshot_figures.vanna_stochastic(106.0, *book)
    assert 0 < below <= 1 and -1 <= above < 0


def test_walls():
    strikes = np.array([90.0, 90.0, 100.0, 100.0, 110.0, 110.0])
    calls = np.array([True, False, True, False, True, False])
    gamma = np.array([1.0, -9.0, 5.0, -2.0, 7.0, -1.0])
    assert snapshot_figures.walls(strikes, calls, gamma) == (110.0, 90.0)


def test_paradigm_names_from_charm_signs():
    strikes = np.array([95.0, 97.5, 100.0, 102.5, 105.0])
    empty = {k: np.empty(0) for k in ("position", "strike", "t", "rate", "div_yield", "iv")}
    empty["is_call"] = np.empty(0, bool)
    bofa = snapshot_figures.zero_dte_paradigm(100.0, 10.0, strikes, np.array([-5.0, -1.0, 0.0, 2.0, 6.0]), empty, 2.5)
    assert bofa.name == "BOFA-PURE" and bofa.lis == (95.0, 105.0) and bofa.target is None
    sidial = snapshot_figures.zero_dte_paradigm(100.0, 10.0, strikes, np.array([5.0, 1.0, 0.0, -2.0, -6.0]), empty, 2.5)
    assert sidial.name.startswith("SIDIAL") and sidial.lis == (95.0, 105.0)
    messy = snapshot_figures.zero_dte_paradigm(100.0, 10.0, strikes, np.array([-5.0, 4.5, 0.0, 2.0, 6.0]), empty, 2.5)
    assert messy.name == "BOFA-MESSY"
    # Spot next to an LIS: "-LIS".
    near = snapshot_figures.zero_dte_paradigm(100.0, 10.0, np.array([99.9, 95.0, 102.5, 105.0]),
                                     np.array([-9.0, -1.0, 2.0, 6.0]), empty, 0.1)
    assert near.name == "BOFA-LIS"
    assert snapshot_figures.zero_dte_paradigm(100.0, 10.0, strikes, np.zeros(5), empty, 2.5).name == "Undefined"


def test_gex_paradigm_target_and_lis_from_repriced_charm():
    # Dealer long a 0DTE put below spot and short a call far above: charm negative on both sides near
    # spot (GEX). The re-priced aggregate charm turns positive somewhere below (LIS) and the target is
    # where it stops being negative above spot, if within range.
    t = 3 / (365 * 24)
    contracts = {"position": np.array([100.0, -100.0]), "strike": np.array([99.0, 101.0]), "t": np.full(2, t),
                 "rate": np.zeros(2), "div_yield": np.zeros(2), "iv": np.full(2, 0.15),
                 "is_call": np.array([False, True])}
    strikes = np.array([99.0, 101.0])
    charm = np.array([-3.0, -4.0])
    p = snapshot_figures.zero_dte_paradigm(100.0, 2.0, strikes, charm, contracts, 0.25)
    assert p.name.startswith("GEX")
    assert p.target is None or p.target > 100.0
    assert all(x < 100.0 for x in p.lis)


def test_premium_dads_dap_by_hand():
    side = np.array([-1, 1, 0], dtype=np.int8)       # dealer sold, dealer bought, unclassified
    price = np.array([2.0, 1.0, 5.0])
    size = np.array([10.0, 5.0, 100.0])
    fv = np.array([1.8, 1.1, 5.0])
    delta = np.array([0.5, 0.2, 0.9])
    out = snapshot_figures.premium_and_liquidity(side, price, size, fv, delta)
    assert out["dealer_premium"] == pytest.approx(2.0 * 10 * 100 - 1.0 * 5 * 100)
    assert out["dap"] == pytest.approx(2.0 * 10 * 100 * 0.5 - 1.0 * 5 * 100 * 0.2)
    assert out["dads"] == pytest.approx(((2.0 - 1.8) * 0.5 * 100 + (1.1 - 1.0) * 0.2 * 100) / 2)


def test_spot_vol_regression_on_an_exact_line():
    days = [date(2026, 1, 1) + timedelta(days=i) for i in range(30)]
    rng = np.random.default_rng(0)
    x = rng.normal(0, 1, 29)
    close = 100 * np.cumprod(np.r_[1.0, 1 + x / 100])
    vix = 20 + np.cumsum(np.r_[0.0, -0.7 * x + 0.1])
    df = pl.DataFrame({"date": days, "close": close, "vix_close": vix})
    out = read_analytics.spot_vol(df, current=(1.0, -1.2))
    assert out["slope"] == pytest.approx(-0.7, abs=1e-9)
    assert out["rValue"] == pytest.approx(-1.0, abs=1e-9)
    assert len(out["scatterPoints"]) == 29 and out["scatterPoints"][0]["date"] == "2026-01-02"
    assert out["currentPoint"] == {"x": 1.0, "y": -1.2}
    assert out["currentRatio"] == pytest.approx(-1.2 / (-0.7 + 0.1))


def test_greek_trend_window_and_average():
    days = [date(2026, 1, 1) + timedelta(days=i) for i in range(300)]
    df = pl.DataFrame({"date": days, "agg_gamma": [float(i) for i in range(300)]})
    out = read_analytics.greek_trend(df, "gamma")
    assert len(out["trend"]) == 180 and out["trend"][-1] == {"x": days[-1].isoformat(), "y": 299.0}
    assert out["historicalAverage"] == pytest.approx(np.mean(np.arange(300)[-126:]))
    assert out["currentAggregate"] == 299.0
    assert read_analytics.greek_trend(df, "gamma", current=5.0)["currentAggregate"] == 5.0
