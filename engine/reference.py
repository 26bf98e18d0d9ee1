"""Slow pure-Python reference of the engine (``math`` only), one option at a time.

Written for clarity, not speed: tests compare the compiled kernels with it row by row. Same units and
edge-case rules as ``engine.greeks`` / ``engine.implied_vol``.
"""

from __future__ import annotations

import math

from engine.api import GREEK_NAMES

_T_MIN = 1e-12  # years; below this an option counts as expired (as in the kernel)


def norm_cdf(x: float) -> float:
    return 0.5 * math.erfc(-x / math.sqrt(2.0))


def norm_pdf(x: float) -> float:
    return math.exp(-0.5 * x * x) / math.sqrt(2.0 * math.pi)


def _valid(spot: float, strike: float, t: float, rate: float, div_yield: float, vol: float) -> bool:
    values = (spot, strike, t, rate, div_yield, vol)
    return all(math.isfinite(v) for v in values) and spot > 0 and strike > 0 and vol > 0


def greeks(spot: float, strike: float, t: float, rate: float, div_yield: float, vol: float,
           is_call: bool) -> dict[str, float]:
    """Price and the 13 greeks of one option, as a dict keyed by ``GREEK_NAMES``."""
    if not _valid(spot, strike, t, rate, div_yield, vol):
        return dict.fromkeys(GREEK_NAMES, math.nan)
    phi = 1.0 if is_call else -1.0
    if t <= _T_MIN:
        out = dict.fromkeys(GREEK_NAMES, 0.0)
        out["price"] = max(phi * (spot - strike), 0.0)
        if spot == strike:
            out["delta"] = 0.5 * phi
        else:
            out["delta"] = phi if phi * (spot - strike) > 0 else 0.0
        return out
    S, K, T, r, q, sigma = spot, strike, t, rate, div_yield, vol
    sqrt_t = math.sqrt(T)
    sd = sigma * sqrt_t
    d1 = (math.log(S / K) + (r - q + 0.5 * sigma * sigma) * T) / sd
    d2 = d1 - sd
    dq = math.exp(-q * T)
    dr = math.exp(-r * T)
    pdf = norm_pdf(d1)
    n1 = norm_cdf(phi * d1)
    n2 = norm_cdf(phi * d2)
    price = phi * (S * dq * n1 - K * dr * n2)
    delta = phi * dq * n1
    gamma = dq * pdf / (S * sd)
    vega = S * dq * pdf * sqrt_t
    theta = -S * dq * pdf * sigma / (2 * sqrt_t) - phi * r * K * dr * n2 + phi * q * S * dq * n1
    rho = phi * K * T * dr * n2
    vanna = -dq * pdf * d2 / sigma
    drift = 2 * (r - q) * T - d2 * sd
    charm = phi * q * dq * n1 - dq * pdf * drift / (2 * T * sd)
    vomma = vega * d1 * d2 / sigma
    speed = -gamma / S * (d1 / sd + 1)
    zomma = gamma * (d1 * d2 - 1) / sigma
    color = dq * pdf / (2 * S * T * sd) * (2 * q * T + 1 + drift * d1 / sd)
    veta = vega * (q + (r - q) * d1 / sd - (1 + d1 * d2) / (2 * T))
    return {"price": price, "delta": delta, "gamma": gamma, "vega": vega, "theta": theta, "rho": rho,
            "vanna": vanna, "charm": charm, "vomma": vomma, "speed": speed, "zomma": zomma,
            "color": color, "veta": veta}


def price(spot: float, strike: float, t: float, rate: float, div_yield: float, vol: float,
          is_call: bool) -> float:
    return greeks(spot, strike, t, rate, div_yield, vol, is_call)["price"]


def implied_vol(option_price: float, spot: float, strike: float, t: float, rate: float,
                div_yield: float, is_call: bool) -> float:
    """Implied volatility by plain bisection on the price (independent of the kernel's method).

    NaN outside the no-arbitrage bounds, for ``t <= 0`` and for invalid inputs. Bisection stops when
    the bracket no longer shrinks, so the answer is as good as the price function's rounding allows.
    """
    values = (option_price, spot, strike, t, rate, div_yield)
    if not all(math.isfinite(v) for v in values) or spot <= 0 or strike <= 0 or t <= 0:
        return math.nan
    disc_spot = spot * math.exp(-div_yield * t)
    disc_strike = strike * math.exp(-rate * t)
    if is_call:
        lower, upper = max(disc_spot - disc_strike, 0.0), disc_spot
    else:
        lower, upper = max(disc_strike - disc_spot, 0.0), disc_strike
    if not lower < option_price < upper:
        return math.nan
    lo, hi = 0.0, 1.0
    while price(spot, strike, t, rate, div_yield, hi, is_call) < option_price:
        lo, hi = hi, 2 * hi
        if hi > 1e6:
            return math.nan
    while True:
        mid = 0.5 * (lo + hi)
        if not lo < mid < hi:
            return mid
        if price(spot, strike, t, rate, div_yield, mid, is_call) < option_price:
            lo = mid
        else:
            hi = mid
