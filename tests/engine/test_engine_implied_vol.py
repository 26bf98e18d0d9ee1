"""Implied volatility: accuracy against exact prices, bounds, edge cases."""

from __future__ import annotations

import math

import numpy as np
import pytest

import engine
from engine import reference
from engine_testlib import realistic_options

IV_INPUTS = ("spot", "strike", "t", "rate", "div_yield")


def test_round_trip_on_exact_prices_within_1e_10(iv_table):
    tab = iv_table
    iv = engine.implied_vol(tab["price"], *(tab[k] for k in IV_INPUTS), tab["is_call"])
    identifiable = tab["vega"] >= 1e-2
    assert identifiable.sum() > 250
    err = np.abs(iv - tab["vol"])
    assert np.all(err[identifiable] <= 1e-10), float(np.max(err[identifiable]))
    # Below that vega the price carries fewer digits of volatility, but the answer is still a solution.
    assert np.all(np.isfinite(iv))


def test_round_trip_on_realistic_options():
    o = realistic_options(20000, seed=21)
    g = engine.greeks(*(o[k] for k in (*IV_INPUTS, "vol", "is_call")))
    iv = engine.implied_vol(g.price, *(o[k] for k in IV_INPUTS), o["is_call"])
    # Prices computed in double carry a few units in the last place; the recovered volatility is within
    # that over vega.
    m = g.vega >= 1e-2
    tol = 1e-10 + 8 * np.spacing(np.maximum(g.price, 1.0)) / np.maximum(g.vega, 1e-300)
    assert np.all(np.abs(iv - o["vol"])[m] <= tol[m])
    # Where a solution exists it reprices the option.
    ok = np.isfinite(iv)
    again = engine.greeks(*(o[k] for k in IV_INPUTS), np.where(ok, iv, 0.2), o["is_call"]).price
    assert np.all(np.abs(again - g.price)[ok] <= 1e-9 * g.price[ok] + 1e-9)


@pytest.mark.parametrize("is_call", [True, False])
def test_deep_wings_and_short_dates(is_call):
    strikes = np.array([2500.0, 3500.0, 4500.0, 4990.0, 5000.0, 5010.0, 5500.0, 6500.0, 7500.0])
    for t in (1.0 / (365 * 24), 1.0 / 365, 7.0 / 365, 0.5, 2.0):
        for vol in (0.05, 0.2, 0.8, 2.0):
            g = engine.greeks(5000.0, strikes, t, 0.03, 0.01, vol, is_call)
            iv = engine.implied_vol(g.price, 5000.0, strikes, t, 0.03, 0.01, is_call)
            m = g.vega >= 1e-2
            tol = 1e-10 + 8 * np.spacing(np.maximum(g.price, 1.0)) / np.maximum(g.vega, 1e-300)
            assert np.all(np.abs(iv - vol)[m] <= tol[m]), (t, vol, iv[m], g.vega[m])


def test_prices_outside_no_arbitrage_bounds_give_nan():
    S, K, t, r, q = 5000.0, 4500.0, 0.5, 0.04, 0.01
    disc_s, disc_k = S * math.exp(-q * t), K * math.exp(-r * t)
    call_lower, put_upper = disc_s - disc_k, disc_k
    # Just outside each bound (by more than the rounding of the bounds themselves), and far outside.
    prices = np.array([call_lower - 1.0, call_lower - 1e-8, disc_s + 1e-8, disc_s + 1.0, -1.0, 0.0])
    assert np.isnan(engine.implied_vol(prices, S, K, t, r, q, True)).all()
    prices = np.array([0.0, -3.0, put_upper + 1e-8, put_upper + 10.0])
    assert np.isnan(engine.implied_vol(prices, S, K, t, r, q, False)).all()


def test_invalid_inputs_give_nan_in_that_row_only():
    price = np.array([100.0, 100.0, 100.0, 100.0, math.nan, 100.0])
    spot = np.array([5000.0, 0.0, 5000.0, 5000.0, 5000.0, 5000.0])
    t = np.array([0.5, 0.5, 0.0, -1.0, 0.5, 0.5])
    iv = engine.implied_vol(price, spot, 5000.0, t, 0.0, 0.0, True)
    assert np.isnan(iv[1:5]).all()
    assert iv[0] == iv[5] == pytest.approx(0.0709, abs=1e-3)


def test_out_argument_and_shape():
    price = np.full((2, 3), 150.0)
    out = np.empty((2, 3))
    got = engine.implied_vol(price, 5000.0, 5000.0, 0.25, 0.0, 0.0, True, out=out)
    assert got is out and np.isfinite(out).all()


def test_agrees_with_slow_bisection_reference():
    o = realistic_options(60, seed=4)
    g = engine.greeks(*(o[k] for k in (*IV_INPUTS, "vol", "is_call")))
    iv = engine.implied_vol(g.price, *(o[k] for k in IV_INPUTS), o["is_call"])
    for i in range(60):
        ref = reference.implied_vol(float(g.price[i]), *(float(o[k][i]) for k in IV_INPUTS),
                                    bool(o["is_call"][i]))
        if g.vega[i] >= 1e-2:
            assert abs(iv[i] - ref) <= 1e-9, i


def test_block_kernel_agrees_with_scalar_solver():
    """The vectorized block kernel and the plain scalar solver (_scalar.pxd) are two codings of one
    method; they agree to rounding on every row, including the wings and invalid rows."""
    from engine import _bsm

    o = realistic_options(5000, seed=17)
    o["t"][:500] = np.linspace(1e-4, 3.0 / 365.0, 500)
    g = engine.greeks(*(o[k] for k in (*IV_INPUTS, "vol", "is_call")))
    price = g.price.copy()
    price[-5:] = [-1.0, 0.0, math.nan, 1e9, 1e-300]
    cols = [np.ascontiguousarray(o[k]) for k in IV_INPUTS]
    flag = o["is_call"].view(np.uint8)
    a, b = np.empty(5000), np.empty(5000)
    _bsm.implied_vol_into(price, *cols, flag, a)
    _bsm.implied_vol_scalar_into(price, *cols, flag, b)
    np.testing.assert_array_equal(np.isnan(a), np.isnan(b))
    ok = np.isfinite(a) & (g.vega >= 1e-2)
    # They differ only by rounding (libmvec vs libm, Dekker vs fma products): a few units in the last
    # place of the price, divided by vega.
    tol = 1e-12 * np.abs(a) + 4 * np.spacing(np.maximum(np.abs(price), 1.0)) / np.maximum(g.vega, 1e-2)
    assert np.all(np.abs(a - b)[ok] <= tol[ok])
