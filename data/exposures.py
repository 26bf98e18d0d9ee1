"""Dealer exposures in dollars per contract row, vectorized over a whole chain.

Units (docs/methodology.md §3), for a dealer position of ``q`` contracts (``q > 0`` dealer long), a
multiplier of 100 shares and spot ``S``:

=========  ===========================================================  =================================
column     formula                                                      reads as
=========  ===========================================================  =================================
delta      q·100·Δ·S                                                    $ of underlying held (hedge size)
gamma      q·100·Γ·S·(0.01·S)                                           $ delta change for a +1 % move
vanna      q·100·(∂Δ/∂σ)·0.01·S                                         $ delta change per +1 vol point
charm      q·100·(−∂Δ/∂T)/365·S                                         $ delta change per calendar day
vega       q·100·(∂V/∂σ)·0.01                                           $ P&L per +1 vol point
theta      q·100·(−∂V/∂T)/365                                           $ P&L per calendar day passing
vomma      q·100·(∂²V/∂σ²)·0.01·0.01                                    $ vega change per +1 vol point
rho        q·100·(∂V/∂r)·0.01                                           $ P&L per +1 %-point of rate
dag        gamma if K ≤ S else −gamma                                   $ delta bought (+) / sold (−)
=========  ===========================================================  =================================
"""

from __future__ import annotations

import numpy as np

from data.vocabulary import GREEKS
from engine import greeks as engine_greeks

MULTIPLIER = 100.0
DAYS_PER_YEAR = 365.0
VOL_POINT = 0.01
PCT_MOVE = 0.01
RATE_POINT = 0.01
EXPOSURE_GREEKS = GREEKS


def per_contract_dollars(spot: np.ndarray, strike: np.ndarray, t: np.ndarray, rate: np.ndarray,
                         div_yield: np.ndarray, vol: np.ndarray, is_call: np.ndarray) -> dict[str, np.ndarray]:
    """Dollar greeks of one long contract (q = +1), in the units of the module docstring."""
    g = engine_greeks(spot, strike, t, rate, div_yield, vol, is_call)
    s = np.asarray(spot, dtype=np.float64)
    k = np.asarray(strike, dtype=np.float64)
    out = {
        "price": g.price * MULTIPLIER,
        "delta_raw": g.delta.copy(),
        "delta": g.delta * MULTIPLIER * s,
        "gamma": g.gamma * MULTIPLIER * s * (PCT_MOVE * s),
        "vanna": g.vanna * VOL_POINT * MULTIPLIER * s,
        "charm": g.charm / DAYS_PER_YEAR * MULTIPLIER * s,
        "vega": g.vega * VOL_POINT * MULTIPLIER,
        "theta": g.theta / DAYS_PER_YEAR * MULTIPLIER,
        "vomma": g.vomma * VOL_POINT * VOL_POINT * MULTIPLIER,
        "rho": g.rho * RATE_POINT * MULTIPLIER,
    }
    out["dag"] = np.where(k <= s, out["gamma"], -out["gamma"])
    return out


def dealer_exposures(position: np.ndarray, spot: np.ndarray, strike: np.ndarray, t: np.ndarray,
                     rate: np.ndarray, div_yield: np.ndarray, vol: np.ndarray,
                     is_call: np.ndarray) -> dict[str, np.ndarray]:
    """Exposure columns (dollars, dealer side) for signed dealer positions ``position`` (contracts).

    Rows whose greeks cannot be computed (no implied volatility) contribute 0, not NaN, so sums over
    strikes stay finite; their ``iv`` stays NaN in the store so they can be told apart.
    """
    per = per_contract_dollars(spot, strike, t, rate, div_yield, vol, is_call)
    q = np.asarray(position, dtype=np.float64)
    out = {}
    for name in EXPOSURE_GREEKS:
        v = per[name] * q
        out[name] = np.where(np.isfinite(v), v, 0.0)
    out["delta_raw"] = per["delta_raw"]
    out["price"] = per["price"]
    return out
