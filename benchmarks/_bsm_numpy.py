"""Baselines for the engine benchmark: the same formulas written the straightforward NumPy way.

``greeks9`` is price plus eight greeks (delta, gamma, vega, theta, rho, vanna, charm, vomma) with
``scipy.special.ndtr`` for the normal CDF; ``implied_vol_newton`` is a vectorized Newton iteration on
the price from the Manaster–Koehler starting point. Units as in ``engine`` (raw derivatives).
"""

from __future__ import annotations

import numpy as np
from scipy.special import ndtr

_INV_SQRT_2PI = 1.0 / np.sqrt(2.0 * np.pi)


def greeks9(spot, strike, t, rate, div_yield, vol, is_call) -> dict[str, np.ndarray]:
    phi = np.where(is_call, 1.0, -1.0)
    sqt = np.sqrt(t)
    sv = vol * sqt
    d1 = (np.log(spot / strike) + (rate - div_yield + 0.5 * vol * vol) * t) / sv
    d2 = d1 - sv
    dq = np.exp(-div_yield * t)
    dr = np.exp(-rate * t)
    pdf = _INV_SQRT_2PI * np.exp(-0.5 * d1 * d1)
    n1 = ndtr(phi * d1)
    n2 = ndtr(phi * d2)
    price = phi * (spot * dq * n1 - strike * dr * n2)
    delta = phi * dq * n1
    gamma = dq * pdf / (spot * sv)
    vega = spot * dq * pdf * sqt
    theta = (-spot * dq * pdf * vol / (2.0 * sqt) - phi * rate * strike * dr * n2
             + phi * div_yield * spot * dq * n1)
    rho = phi * strike * t * dr * n2
    vanna = -dq * pdf * d2 / vol
    charm = phi * div_yield * dq * n1 - dq * pdf * (2.0 * (rate - div_yield) * t - d2 * sv) / (2.0 * t * sv)
    vomma = vega * d1 * d2 / vol
    return {"price": price, "delta": delta, "gamma": gamma, "vega": vega, "theta": theta, "rho": rho,
            "vanna": vanna, "charm": charm, "vomma": vomma}


def _price_vega(spot, strike, t, rate, div_yield, vol, phi):
    sqt = np.sqrt(t)
    sv = vol * sqt
    d1 = (np.log(spot / strike) + (rate - div_yield + 0.5 * vol * vol) * t) / sv
    d2 = d1 - sv
    dq = np.exp(-div_yield * t)
    price = phi * (spot * dq * ndtr(phi * d1) - strike * np.exp(-rate * t) * ndtr(phi * d2))
    vega = spot * dq * _INV_SQRT_2PI * np.exp(-0.5 * d1 * d1) * sqt
    return price, vega


def implied_vol_newton(price, spot, strike, t, rate, div_yield, is_call, *, tol=1e-12,
                       max_iter=100) -> np.ndarray:
    """Newton on the price from sigma0 = sqrt(2 |ln(F/K)| / t) (Manaster–Koehler), iterating only the
    rows not yet converged; NaN outside the no-arbitrage bounds or when Newton does not settle."""
    price, spot, strike, t, rate, div_yield, is_call = np.broadcast_arrays(
        *(np.asarray(a, dtype=float) for a in (price, spot, strike, t, rate, div_yield, is_call)))
    phi = np.where(is_call != 0, 1.0, -1.0)
    fwd = spot * np.exp((rate - div_yield) * t)
    dr = np.exp(-rate * t)
    lower = dr * np.maximum(phi * (fwd - strike), 0.0)
    upper = np.where(phi > 0, spot * np.exp(-div_yield * t), strike * dr)
    ok = (price > lower) & (price < upper) & (t > 0)
    sigma = np.sqrt(2.0 * np.abs(np.log(fwd / strike)) / np.where(t > 0, t, 1.0))
    sigma = np.where(sigma > 1e-3, sigma, 0.2)
    out = np.full(price.shape, np.nan)
    with np.errstate(divide="ignore", invalid="ignore", over="ignore"):
        _newton(out, np.flatnonzero(ok), sigma, price, spot, strike, t, rate, div_yield, phi, tol, max_iter)
    return out


def _newton(out, idx, sigma, price, spot, strike, t, rate, div_yield, phi, tol, max_iter) -> None:
    s = sigma[idx]
    for _ in range(max_iter):
        if idx.size == 0:
            break
        p, v = _price_vega(spot[idx], strike[idx], t[idx], rate[idx], div_yield[idx], s, phi[idx])
        step = (p - price[idx]) / v
        s_new = s - step
        s_new = np.where(np.isfinite(s_new) & (s_new > 0), s_new, 0.5 * s)
        done = np.abs(s_new - s) <= tol * s_new
        out[idx[done]] = s_new[done]
        keep = ~done
        idx, s = idx[keep], s_new[keep]
