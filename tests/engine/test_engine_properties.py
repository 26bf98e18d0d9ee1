"""Properties that hold for every input: put–call parity, symmetries, bounds (hypothesis)."""

from __future__ import annotations

import math

import numpy as np
from hypothesis import given, settings
from hypothesis import strategies as st

import engine

spots = st.floats(1.0, 10000.0)
moneyness = st.floats(0.3, 3.0)
times = st.floats(1e-4, 5.0)
rates = st.floats(-0.02, 0.15)
yields = st.floats(0.0, 0.1)
vols = st.floats(0.01, 3.0)

common = settings(max_examples=300, deadline=None)


@common
@given(spots, moneyness, times, rates, yields, vols)
def test_put_call_parity(S, m, t, r, q, v):
    K = S * m
    g = engine.greeks(S, K, t, r, q, v, np.array([True, False]))
    c, p = g.values[:, 0], g.values[:, 1]
    names = engine.GREEK_NAMES
    fwd = S * math.exp(-q * t) - K * math.exp(-r * t)
    assert math.isclose(c[0] - p[0], fwd, rel_tol=1e-10, abs_tol=1e-11 * (S + K))
    # Derivatives of C - P: delta e^{-qt}; rho K t e^{-rt}; theta = -d/dT of the forward; rest equal.
    assert math.isclose(c[1] - p[1], math.exp(-q * t), rel_tol=1e-10, abs_tol=1e-12)
    assert math.isclose(c[names.index("rho")] - p[names.index("rho")], K * t * math.exp(-r * t),
                        rel_tol=1e-9, abs_tol=1e-10 * S)
    theta_fwd = q * S * math.exp(-q * t) - r * K * math.exp(-r * t)
    assert math.isclose(c[names.index("theta")] - p[names.index("theta")], theta_fwd, rel_tol=1e-8,
                        abs_tol=1e-9 * S)
    for name in ("gamma", "vega", "vanna", "vomma", "speed", "zomma", "color", "veta"):
        i = names.index(name)
        assert math.isclose(c[i], p[i], rel_tol=1e-9, abs_tol=1e-12 * max(abs(c[i]), 1e-300) + 1e-300), name


@common
@given(spots, moneyness, times, rates, yields, vols, st.booleans())
def test_price_bounds_and_signs(S, m, t, r, q, v, call):
    K = S * m
    g = engine.greeks(S, K, t, r, q, v, call)
    ds, dk = S * math.exp(-q * t), K * math.exp(-r * t)
    lower = max(ds - dk, 0.0) if call else max(dk - ds, 0.0)
    upper = ds if call else dk
    tol = 1e-12 * (S + K)
    assert lower - tol <= float(g.price) <= upper + tol
    assert float(g.gamma) >= 0 and float(g.vega) >= 0
    assert (0 <= float(g.delta) <= 1) if call else (-1 <= float(g.delta) <= 0)
    assert g.n_invalid == 0 and np.isfinite(g.values).all()


@common
@given(spots, moneyness, times, rates, yields, st.floats(0.03, 1.5), st.booleans())
def test_implied_vol_inverts_price(S, m, t, r, q, v, call):
    K = S * m
    g = engine.greeks(S, K, t, r, q, v, call)
    iv = float(engine.implied_vol(g.price, S, K, t, r, q, call))
    vega = float(g.vega)
    if vega >= 1e-2 * S / 5000.0:
        assert abs(iv - v) <= 1e-10 + 8 * np.spacing(max(float(g.price), S)) / vega
    elif not math.isnan(iv):
        again = float(engine.greeks(S, K, t, r, q, iv, call).price)
        assert abs(again - float(g.price)) <= 1e-9 * S


@common
@given(spots, moneyness, times, rates, yields, vols, st.booleans(), st.floats(0.5, 2.0))
def test_homogeneity_in_spot_and_strike(S, m, t, r, q, v, call, lam):
    K = S * m
    a = engine.greeks(S, K, t, r, q, v, call)
    b = engine.greeks(lam * S, lam * K, t, r, q, v, call)
    assert math.isclose(float(b.price), lam * float(a.price), rel_tol=1e-9, abs_tol=1e-12 * lam * (S + K))
    assert math.isclose(float(b.delta), float(a.delta), rel_tol=1e-9, abs_tol=1e-13)
    assert math.isclose(float(b.gamma), float(a.gamma) / lam, rel_tol=1e-9, abs_tol=1e-300)
