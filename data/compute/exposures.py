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

from data.units import DAYS_PER_YEAR, MULTIPLIER, PCT_MOVE, RATE_POINT, VOL_POINT
from domain.vocabulary import GREEKS
from engine import greeks as engine_greeks

EXPOSURE_GREEKS = GREEKS


# One long contract's greek in the units of the table above, from the engine's raw value (per 1.00 of
# vol, per year, per 1.00 of rate, engine.api) at spot ``s``. Every dollar figure of a greek goes through
# these, the stored exposures and the re-priced profiles of data.compute.snapshot_figures alike.
def _delta(raw, s):
    return raw * MULTIPLIER * s


def _gamma(raw, s):
    return raw * MULTIPLIER * s * (PCT_MOVE * s)


def _vanna(raw, s):
    return raw * VOL_POINT * MULTIPLIER * s


def _charm(raw, s):
    return raw / DAYS_PER_YEAR * MULTIPLIER * s


def _vega(raw, s):
    return raw * VOL_POINT * MULTIPLIER


def _theta(raw, s):
    return raw / DAYS_PER_YEAR * MULTIPLIER


def _vomma(raw, s):
    return raw * VOL_POINT * VOL_POINT * MULTIPLIER


def _rho(raw, s):
    return raw * RATE_POINT * MULTIPLIER


_DOLLARS = {"delta": _delta, "gamma": _gamma, "vanna": _vanna, "charm": _charm, "vega": _vega, "theta": _theta,
            "vomma": _vomma, "rho": _rho}


def dollars(greek: str, raw: np.ndarray, spot: np.ndarray | float) -> np.ndarray:
    """One long contract's ``greek`` in dollars (the units of the module docstring), from the engine's raw
    value at ``spot``. Broadcasts: a column of hypothetical spots against a row of contracts gives one
    row per spot."""
    return _DOLLARS[greek](raw, spot)


def per_contract_dollars(spot: np.ndarray, strike: np.ndarray, t: np.ndarray, rate: np.ndarray,
                         div_yield: np.ndarray, vol: np.ndarray, is_call: np.ndarray) -> dict[str, np.ndarray]:
    """Dollar greeks of one long contract (q = +1), in the units of the module docstring."""
    g = engine_greeks(spot, strike, t, rate, div_yield, vol, is_call)
    s = np.asarray(spot, dtype=np.float64)
    k = np.asarray(strike, dtype=np.float64)
    out = {"price": g.price * MULTIPLIER, "delta_raw": g.delta.copy(),
           **{name: dollars(name, getattr(g, name), s) for name in _DOLLARS}}
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
