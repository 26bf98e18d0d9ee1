"""Implied-volatility surfaces and quoting of the synthetic market.

Surfaces are SSVI (Gatheral and Jacquier's surface SVI) per ticker:

    w(k, T) = theta_T / 2 * (1 + rho * phi * k + sqrt((phi * k + rho)^2 + 1 - rho^2)),
    phi(theta) = eta / (theta^gamma * (1 + theta)^(1 - gamma)),    k = ln(K / F_T),

plus, for single stocks, the variance of each earnings move between now and expiry (flat in strike:
``move**2`` per report, see ``data.universe.earnings_dates``), with the ATM total variance term
structure of a mean-reverting variance,

    theta_T = T * v_long + (v_short - v_long) * tau * (1 - exp(-T / tau)),

where ``v_short`` (instantaneous ATM variance) follows the market's stochastic volatility state through
the ticker's beta, so a falling market lifts the whole surface; ``rho < 0`` gives the put skew of equity
underlyings (``rho > 0`` for the volatility index, whose calls are bid). With ``gamma = 1/2`` and
``eta * (1 + |rho|) < 2`` the surface is free of static arbitrage.

Quotes are centred on the model value with a half-spread that grows with premium, is wider for less
active underlyings, and snaps to the listing's tick (penny classes: 0.01 below $3 and 0.05 above;
others 0.05 / 0.10).
"""

from __future__ import annotations

from dataclasses import dataclass

import numpy as np

from data.sources.synthetic.paths import MKT_VOL_MEAN, idio_vol, sector_vol, tag
from data.universe import TickerSpec

VOL_RISK_PREMIUM = 1.05
STOCK_SKEW_FLATTENING = 0.36


@dataclass(frozen=True)
class SurfaceParams:
    rho: float
    eta: float
    gamma: float
    beta: float
    idio: float
    sector: float
    long_vol: float
    tau: float
    spread_rel: float  # half-spread per unit of premium^0.7
    penny: bool


def params_for(spec: TickerSpec) -> SurfaceParams:
    jitter = (tag(spec.symbol, "skew") % 1000) / 1000.0 - 0.5
    if spec.kind == "vol_index":
        # Volatility of VIX futures: high at the front and falling with tenor (long-run 55 %).
        return SurfaceParams(rho=0.45, eta=0.9, gamma=0.5, beta=0.0, idio=0.0, sector=0.0, long_vol=0.55, tau=0.15,
                             spread_rel=0.035, penny=False)
    if spec.kind == "index" or (spec.kind == "etf" and spec.sector == "Index"):
        rho, eta = -0.70 + 0.04 * jitter, 0.9
    elif spec.kind == "etf" and spec.sector in ("Commodities", "Rates"):
        rho, eta = -0.15 + 0.2 * jitter, 0.7
    elif spec.kind == "etf":
        rho, eta = -0.55 + 0.1 * jitter, 0.95
    else:
        # Single stocks: put skew flatter than the index's, flatter still for the high-volatility
        # momentum names whose calls are bid (rho from -0.35 at 30 % vol to +0.01 at 60 % and above,
        # +/-0.05 per symbol).
        rho, eta = -0.35 + STOCK_SKEW_FLATTENING * float(np.clip((spec.vol - 0.30) / 0.30, 0.0, 1.0)) \
            + 0.1 * jitter, 0.8
    idio = idio_vol(spec)
    sec = sector_vol(spec)
    long_vol = VOL_RISK_PREMIUM * float(np.sqrt((spec.beta * MKT_VOL_MEAN) ** 2 + idio**2 + sec**2))
    spread_rel = 0.012 / np.sqrt(max(spec.liquidity, 0.05) / 10.0) if spec.kind != "index" else 0.012
    spread_rel = float(np.clip(spread_rel, 0.006, 0.06))
    penny = spec.kind in ("etf", "stock") and (spec.weeklies or spec.liquidity >= 2.0)
    return SurfaceParams(rho=rho, eta=eta, gamma=0.5, beta=spec.beta, idio=idio, sector=sec, long_vol=long_vol, tau=0.3,
                         spread_rel=spread_rel, penny=penny)


def short_vol(p: SurfaceParams, mkt_vol: np.ndarray | float, vix_level: np.ndarray | float | None = None):
    """Instantaneous ATM volatility of the ticker given the market factor's volatility."""
    if p.beta == 0.0 and p.idio == 0.0:  # volatility index: vol of vol rises with the level
        lvl = np.asarray(vix_level if vix_level is not None else 15.0, dtype=np.float64)
        return 0.85 + 0.03 * np.clip(lvl - 14.0, -6.0, 40.0)
    m = np.asarray(mkt_vol, dtype=np.float64)
    return VOL_RISK_PREMIUM * np.sqrt((p.beta * m) ** 2 + p.idio**2 + p.sector**2)


def atm_total_variance(p: SurfaceParams, v_short: np.ndarray, t: np.ndarray) -> np.ndarray:
    v_long = p.long_vol**2
    t = np.maximum(np.asarray(t, dtype=np.float64), 0.0)
    theta = t * v_long + (v_short - v_long) * p.tau * (-np.expm1(-t / p.tau))
    return np.maximum(theta, 1e-12)


def total_variance(p: SurfaceParams, sig_short: np.ndarray, t: np.ndarray, k: np.ndarray,
                   event_var: np.ndarray | float = 0.0) -> np.ndarray:
    """SSVI total variance plus ``event_var``, the variance of the earnings moves before expiry."""
    theta = atm_total_variance(p, np.asarray(sig_short, dtype=np.float64) ** 2, t)
    phi = p.eta / (theta**p.gamma * (1.0 + theta) ** (1.0 - p.gamma))
    pk = phi * k
    return 0.5 * theta * (1.0 + p.rho * pk + np.sqrt((pk + p.rho) ** 2 + 1.0 - p.rho**2)) + event_var


def implied_vol(p: SurfaceParams, sig_short: np.ndarray, t: np.ndarray, k: np.ndarray,
                event_var: np.ndarray | float = 0.0) -> np.ndarray:
    """Model implied volatility at log-moneyness ``k = ln(K/F)`` and time ``t`` (years)."""
    t = np.asarray(t, dtype=np.float64)
    w = total_variance(p, sig_short, t, k, event_var)
    t_safe = np.maximum(t, 1e-9)
    return np.sqrt(w / t_safe)


def tick_sizes(price: np.ndarray, penny: bool) -> np.ndarray:
    if penny:
        return np.where(price < 3.0, 0.01, 0.05)
    return np.where(price < 3.0, 0.05, 0.10)


def make_quotes(mid: np.ndarray, p: SurfaceParams, noise: np.ndarray | None = None) -> tuple[np.ndarray, np.ndarray]:
    """(bid, ask) around model values: ask > bid >= 0, both on the tick grid."""
    mid = np.maximum(np.asarray(mid, dtype=np.float64), 0.0)
    tick = tick_sizes(mid, p.penny)
    half = 0.5 * tick + p.spread_rel * np.power(mid, 0.7)
    if noise is not None:
        half = half * (1.0 + 0.25 * noise)
    # A small epsilon keeps prices that sit on the grid from rounding across it.
    bid = np.floor((mid - half) / tick + 1e-9) * tick
    ask = np.ceil((mid + half) / tick - 1e-9) * tick
    bid = np.maximum(bid, 0.0)
    ask = np.maximum(ask, bid + tick)
    return np.round(bid, 2), np.round(ask, 2)
