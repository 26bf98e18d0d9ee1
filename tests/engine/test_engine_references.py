"""The compiled greeks against independent references: mpmath tables, QuantLib, finite differences
and the slow pure-Python reference."""

from __future__ import annotations

import math

import numpy as np
import pytest
import QuantLib as ql

import engine
from engine import reference
from engine_testlib import abs_floor, assert_close, realistic_options

INPUTS = ("spot", "strike", "t", "rate", "div_yield", "vol", "is_call")


def _greeks_of(table):
    return engine.greeks(*(table[k] for k in INPUTS))


@pytest.mark.parametrize("name", engine.GREEK_NAMES)
def test_matches_mpmath_table(greek_table, name):
    r = _greeks_of(greek_table)
    assert r.n_invalid == 0
    assert_close(name, getattr(r, name), greek_table[name], greek_table["spot"])


def test_reference_module_matches_mpmath_table(greek_table):
    n = len(greek_table["spot"])
    for i in range(n):
        g = reference.greeks(*(float(greek_table[k][i]) for k in INPUTS[:-1]),
                             bool(greek_table["is_call"][i]))
        for name in engine.GREEK_NAMES:
            assert_close(name, g[name], greek_table[name][i], greek_table["spot"][i], rel=1e-9)


def _quantlib(S, K, days, r, q, v, is_call):
    today = ql.Date(15, 1, 2025)
    ql.Settings.instance().evaluationDate = today
    dc = ql.Actual365Fixed()
    process = ql.BlackScholesMertonProcess(
        ql.QuoteHandle(ql.SimpleQuote(S)),
        ql.YieldTermStructureHandle(ql.FlatForward(today, q, dc, ql.Continuous)),
        ql.YieldTermStructureHandle(ql.FlatForward(today, r, dc, ql.Continuous)),
        ql.BlackVolTermStructureHandle(ql.BlackConstantVol(today, ql.NullCalendar(), v, dc)),
    )
    payoff = ql.PlainVanillaPayoff(ql.Option.Call if is_call else ql.Option.Put, K)
    option = ql.EuropeanOption(payoff, ql.EuropeanExercise(today + int(days)))
    option.setPricingEngine(ql.AnalyticEuropeanEngine(process))
    # QuantLib's units are the engine's: vega per 1.00 vol, theta per year of time passing, rho per 1.00.
    return {"price": option.NPV(), "delta": option.delta(), "gamma": option.gamma(),
            "vega": option.vega(), "theta": option.theta(), "rho": option.rho()}


def test_matches_quantlib():
    rng = np.random.default_rng(11)
    n = 300
    S = np.full(n, 5000.0)
    K = np.round(5000.0 * rng.uniform(0.6, 1.4, n), 1)
    days = rng.integers(1, 730, n)
    r = rng.uniform(-0.01, 0.06, n)
    q = rng.uniform(0.0, 0.04, n)
    v = rng.uniform(0.05, 1.0, n)
    c = rng.random(n) < 0.5
    ours = engine.greeks(S, K, days / 365.0, r, q, v, c)
    want = {k: np.empty(n) for k in ("price", "delta", "gamma", "vega", "theta", "rho")}
    for i in range(n):
        for k, val in _quantlib(S[i], K[i], days[i], r[i], q[i], v[i], bool(c[i])).items():
            want[k][i] = val
    for k, val in want.items():
        # QuantLib evaluates the same closed forms in a different order; its rounding on deep
        # out-of-the-money prices is a few units in the last place of the spot-sized terms.
        assert_close(k, getattr(ours, k), val, S)


def test_matches_slow_reference_row_by_row():
    o = realistic_options(400, seed=3)
    o["t"][:20] = 0.0
    o["t"][20:30] = -0.1
    o["strike"][25] = o["spot"][25]
    o["vol"][40] = 0.0
    o["spot"][41] = math.nan
    r = engine.greeks(*(o[k] for k in INPUTS))
    for i in range(400):
        g = reference.greeks(*(float(o[k][i]) for k in INPUTS[:-1]), bool(o["is_call"][i]))
        for name in engine.GREEK_NAMES:
            got, want = float(getattr(r, name)[i]), g[name]
            if math.isnan(want):
                assert math.isnan(got), (name, i)
            else:
                assert_close(name, got, want, o["spot"][i], rel=1e-11)


# ------------------------------------------------------------- finite differences of the closed forms
def _fd_cases():
    rng = np.random.default_rng(5)
    n = 60
    return {
        "spot": np.full(n, 5000.0), "strike": 5000.0 * rng.uniform(0.8, 1.2, n),
        "t": rng.uniform(0.05, 1.5, n), "rate": rng.uniform(0.0, 0.05, n),
        "div_yield": rng.uniform(0.0, 0.03, n), "vol": rng.uniform(0.1, 0.6, n),
        "is_call": rng.random(n) < 0.5,
    }


# greek -> (the lower-order output it differentiates, input, sign); theta-like greeks are -d/dT.
FD = {
    "delta": ("price", "spot", 1), "gamma": ("delta", "spot", 1), "vega": ("price", "vol", 1),
    "theta": ("price", "t", -1), "rho": ("price", "rate", 1), "vanna": ("delta", "vol", 1),
    "charm": ("delta", "t", -1), "vomma": ("vega", "vol", 1), "speed": ("gamma", "spot", 1),
    "zomma": ("gamma", "vol", 1), "color": ("gamma", "t", -1), "veta": ("vega", "t", -1),
}


@pytest.mark.parametrize("name", list(FD))
def test_central_finite_differences(name):
    base_name, var, sign = FD[name]
    o = _fd_cases()
    h = 1e-4 * (o[var] if var != "rate" else 1.0)
    up = dict(o, **{var: o[var] + h})
    dn = dict(o, **{var: o[var] - h})
    fd = sign * (getattr(engine.greeks(*(up[k] for k in INPUTS)), base_name)
                 - getattr(engine.greeks(*(dn[k] for k in INPUTS)), base_name)) / (2 * h)
    exact = getattr(engine.greeks(*(o[k] for k in INPUTS)), name)
    # Central differences are O(h^2) accurate with rounding noise ~ eps * value / h.
    scale = np.abs(exact) + 1e3 * abs_floor(name, o["spot"])
    assert np.all(np.abs(fd - exact) <= 1e-5 * scale), name


def test_reference_tables_are_what_the_script_generates(tmp_path):
    import importlib.util

    from engine_testlib import DATA

    spec = importlib.util.spec_from_file_location("make_reference", DATA / "make_reference.py")
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    module.main(tmp_path)
    for name in ("bsm_greeks_mp.txt", "bsm_iv_mp.txt"):
        assert (tmp_path / name).read_text() == (DATA / name).read_text(), name
