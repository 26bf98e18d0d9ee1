"""Dollar exposures: hand-computed contracts and the vectorized path against a plain implementation."""

from __future__ import annotations

import math

import numpy as np
import pytest

from data.compute.exposures import EXPOSURE_GREEKS, dealer_exposures


def _n(x: float) -> float:
    return 0.5 * (1.0 + math.erf(x / math.sqrt(2.0)))


def _phi(x: float) -> float:
    return math.exp(-0.5 * x * x) / math.sqrt(2.0 * math.pi)


def plain_exposure(q, s, k, t, r, d, v, is_call) -> dict[str, float]:
    """One contract at a time, textbook closed forms, units of docs/methodology.md §3."""
    sq = math.sqrt(t)
    d1 = (math.log(s / k) + (r - d + 0.5 * v * v) * t) / (v * sq)
    d2 = d1 - v * sq
    disc_q, disc_r = math.exp(-d * t), math.exp(-r * t)
    if is_call:
        delta = disc_q * _n(d1)
        theta_yr = (-s * disc_q * _phi(d1) * v / (2 * sq) - r * k * disc_r * _n(d2) + d * s * disc_q * _n(d1))
        rho = k * t * disc_r * _n(d2)
        charm_yr = d * disc_q * _n(d1) - disc_q * _phi(d1) * (2 * (r - d) * t - d2 * v * sq) / (2 * t * v * sq)
    else:
        delta = -disc_q * _n(-d1)
        theta_yr = (-s * disc_q * _phi(d1) * v / (2 * sq) + r * k * disc_r * _n(-d2) - d * s * disc_q * _n(-d1))
        rho = -k * t * disc_r * _n(-d2)
        charm_yr = -d * disc_q * _n(-d1) - disc_q * _phi(d1) * (2 * (r - d) * t - d2 * v * sq) / (2 * t * v * sq)
    gamma = disc_q * _phi(d1) / (s * v * sq)
    vega = s * disc_q * _phi(d1) * sq
    vanna = -disc_q * _phi(d1) * d2 / v
    vomma = vega * d1 * d2 / v
    out = {
        "delta": q * 100 * delta * s,
        "gamma": q * 100 * gamma * s * 0.01 * s,
        "vanna": q * 100 * vanna * 0.01 * s,
        "charm": q * 100 * charm_yr / 365.0 * s,
        "vega": q * 100 * vega * 0.01,
        "theta": q * 100 * theta_yr / 365.0,
        "vomma": q * 100 * vomma * 1e-4,
        "rho": q * 100 * rho * 0.01,
    }
    out["dag"] = out["gamma"] if k <= s else -out["gamma"]
    return out


def test_one_at_the_money_call_by_hand():
    # S = K = 100, t = 1, r = q = 0, vol 20 %: d1 = 0.1, N(d1) = 0.5398278, phi(d1) = 0.3969525.
    e = dealer_exposures(np.array([10.0]), np.array([100.0]), np.array([100.0]), np.array([1.0]),
                         np.array([0.0]), np.array([0.0]), np.array([0.2]), np.array([True]))
    assert e["delta"][0] == pytest.approx(10 * 100 * 0.5398278 * 100, rel=1e-6)
    # gamma = phi/(S sigma sqrt t) = 0.01984763; $ per 1 % = q*100*gamma*S*S*0.01
    assert e["gamma"][0] == pytest.approx(10 * 100 * 0.01984763 * 100, rel=1e-6)
    # vega = S phi sqrt t = 39.69525 per 1.00 vol; per vol point x 0.01
    assert e["vega"][0] == pytest.approx(10 * 100 * 0.3969525, rel=1e-6)
    # vanna = -phi d2 / sigma = 0.1984763 per 1.00 vol (d2 = -0.1)
    assert e["vanna"][0] == pytest.approx(10 * 100 * 0.1984763 * 0.01 * 100, rel=1e-6)
    # theta (r = q = 0) = -S phi sigma / (2 sqrt t) = -3.969525 per year
    assert e["theta"][0] == pytest.approx(10 * 100 * -3.969525 / 365, rel=1e-6)
    assert e["dag"][0] == e["gamma"][0]   # strike at spot keeps its sign


def test_dealer_side_signs_open_interest_convention():
    # Dealer long 1 call and short 1 put at the same strike: gammas cancel, deltas add up (a synthetic
    # long forward), and DAG flips sign above spot.
    pos = np.array([1.0, -1.0, 1.0, -1.0])
    strike = np.array([100.0, 100.0, 110.0, 110.0])
    calls = np.array([True, False, True, False])
    n = len(pos)
    e = dealer_exposures(pos, np.full(n, 100.0), strike, np.full(n, 0.25), np.full(n, 0.03), np.zeros(n),
                         np.full(n, 0.25), calls)
    assert e["gamma"][0] > 0 and e["gamma"][1] < 0
    assert e["gamma"][0] + e["gamma"][1] == pytest.approx(0.0, abs=1e-9)
    assert e["delta"][0] > 0 and e["delta"][1] > 0      # short put = long delta
    assert e["dag"][2] == -e["gamma"][2] and e["dag"][0] == e["gamma"][0]
    assert e["vega"][0] > 0 and e["vega"][1] < 0       # long options = long vega
    assert e["theta"][0] < 0 and e["theta"][1] > 0     # short options collect theta
    assert e["charm"][2] < 0                           # OTM call loses delta as time passes


def test_vectorized_matches_plain_implementation():
    rng = np.random.default_rng(3)
    n = 400
    s = rng.uniform(20, 5000, n)
    k = s * np.exp(rng.normal(0, 0.15, n))
    t = rng.uniform(1 / 365 / 24, 2.5, n)
    r = rng.uniform(0.0, 0.06, n)
    d = rng.uniform(0.0, 0.03, n)
    v = rng.uniform(0.08, 0.9, n)
    c = rng.random(n) < 0.5
    q = np.round(rng.normal(0, 500, n))
    e = dealer_exposures(q, s, k, t, r, d, v, c)
    for i in range(n):
        want = plain_exposure(q[i], s[i], k[i], t[i], r[i], d[i], v[i], bool(c[i]))
        for g in EXPOSURE_GREEKS:
            scale = max(abs(want[g]), 1e-9 * abs(q[i]) * s[i] * 100 + 1e-12)
            assert abs(e[g][i] - want[g]) <= 1e-6 * scale + 1e-9, (g, i, e[g][i], want[g])


def test_missing_volatility_contributes_zero_not_nan():
    e = dealer_exposures(np.array([5.0, 5.0]), np.array([100.0, 100.0]), np.array([100.0, 90.0]),
                         np.array([0.1, 0.1]), np.zeros(2), np.zeros(2), np.array([np.nan, 0.2]),
                         np.array([True, True]))
    for g in EXPOSURE_GREEKS:
        assert e[g][0] == 0.0
        assert np.isfinite(e[g][1])



def _book(n: int = 60, spot: float = 5000.0):
    rng = np.random.default_rng(16)
    return (rng.normal(0.0, 400.0, n), spot * rng.uniform(0.85, 1.15, n), rng.uniform(0.002, 0.6, n),
            np.full(n, 0.04), np.full(n, 0.013), rng.uniform(0.08, 0.6, n), rng.random(n) < 0.5)


@pytest.mark.parametrize("greek", ["gamma", "charm", "vega"])
def test_repriced_profiles_are_in_the_units_of_the_stored_exposures(greek):
    """At today's spot a re-priced profile is the sum of the stored exposure column of the same greek."""
    from data.compute import snapshot_figures

    pos, strike, t, rate, q, vol, call = _book()
    spot = 5000.0
    ex = dealer_exposures(pos, np.full(pos.size, spot), strike, t, rate, q, vol, call)
    profile = {"gamma": snapshot_figures.gamma_profile, "charm": snapshot_figures.charm_profile, "vega": snapshot_figures.vega_profile}[greek]
    at_spot = profile(np.array([spot]), pos, strike, t, rate, q, vol, call)
    assert at_spot[0] == pytest.approx(float(ex[greek].sum()), rel=1e-12)


@pytest.mark.parametrize("greek", ["gamma", "charm"])
def test_repriced_profiles_follow_the_exposure_formulas_at_other_spots(greek):
    """G(S′) = Σ q·100·Γ(S′)·S′·(0.01·S′) and A(S′) = Σ q·100·charm(S′)/365·S′: the §3 exposure of the
    book re-priced at S′ (methodology §4.5, §4.9), checked with the textbook closed forms above."""
    from data.compute import snapshot_figures

    pos, strike, t, rate, q, vol, call = _book(n=12)
    spots = np.array([4700.0, 5000.0, 5350.0])
    profile = {"gamma": snapshot_figures.gamma_profile, "charm": snapshot_figures.charm_profile}[greek]
    got = profile(spots, pos, strike, t, rate, q, vol, call)
    for i, s in enumerate(spots):
        plain = sum(plain_exposure(pos[j], s, strike[j], t[j], rate[j], q[j], vol[j], bool(call[j]))[greek]
                    for j in range(pos.size))
        assert got[i] == pytest.approx(plain, rel=1e-9)
