"""Derived figures per ticker and snapshot (docs/methodology.md §4).

Pure functions over NumPy arrays / Polars frames; the pipeline calls them once per ticker and snapshot
and stores the results in the ``stats`` table; the reader calls the statistics helpers (spot–vol,
trend) on the daily table. Units follow data.compute.exposures (the profiles re-price through its
``dollars``; the closed forms of ``_SpotBook`` use the same scales from ``data.units``).
"""

from __future__ import annotations

import math
from dataclasses import dataclass
from datetime import date

import numpy as np
import polars as pl
from scipy.optimize import brentq

from data.compute.exposures import dollars
from data.units import DAYS_PER_YEAR, MULTIPLIER, PCT_MOVE, VOL_POINT
# The windows the served figures are computed over belong to the domain vocabulary.
from data.vocabulary import EXPECTED_MOVE_DAYS, SPOT_VOL_WINDOW, TREND_AVERAGE_SESSIONS, TREND_DAYS  # noqa: F401
from engine import greeks as engine_greeks

UNIFORM_SHARE = 0.6          # a side is uniform when |Σ charm| >= 60 % of Σ |charm| on that side
STRADDLE_RANGE = 1.5         # paradigm reads charm within ±1.5 opening straddles of spot
NEAR_LEVEL_SHARE = 0.0015    # -LIS / -TARGET when spot is within 0.15 % of the level
VANNA_STOCH_RANGE = 0.10     # vanna stochastic: peak |dV/dS| taken over spot ±10 %
ZERO_GAMMA_RANGE = 0.20      # zero gamma searched within spot ±20 %
SCAN_STEP = 0.001            # re-pricing scan: spots 0.1 % of spot apart
ZERO_GAMMA_XTOL = 1e-6       # Brent's method stops within 0.0001 % of spot (the bound kept is 0.01 %)
ROUNDING_SHARE = 1e-9        # a re-priced total within 1e-9 of its gross Σ|terms| is 0 to rounding
IV_SHOCK = 0.10              # IV-adjusted vanna: a +10 % relative move of each strike's IV


# ---------------------------------------------------------------- re-pricing helpers


def _reprice(spots: np.ndarray, position: np.ndarray, strike: np.ndarray, t: np.ndarray, rate: np.ndarray,
             div_yield: np.ndarray, vol: np.ndarray, is_call: np.ndarray):
    """Greeks of every contract at every hypothetical spot: arrays of shape (len(spots), n)."""
    s = np.asarray(spots, dtype=np.float64)[:, None]
    return engine_greeks(s, strike[None, :], t[None, :], rate[None, :], div_yield[None, :], vol[None, :],
                         is_call[None, :])


def _profile(greek: str, spots: np.ndarray, position, strike, t, rate, div_yield, vol, is_call) -> np.ndarray:
    """Total dealer ``greek`` at each hypothetical spot, the book unchanged, in the exposure units of
    ``data.compute.exposures`` (the stored column of the same name, re-priced)."""
    ok = np.isfinite(vol) & (vol > 0) & (t > 0)
    if not ok.any():
        return np.zeros(len(spots))
    g = _reprice(spots, position[ok], strike[ok], t[ok], rate[ok], div_yield[ok], vol[ok], is_call[ok])
    s = np.asarray(spots, dtype=np.float64)[:, None]
    return np.nansum(dollars(greek, getattr(g, greek), s) * position[ok][None, :], axis=1)


def gamma_profile(spots: np.ndarray, position, strike, t, rate, div_yield, vol, is_call) -> np.ndarray:
    """Total dealer gamma ($ delta per 1 % move) if spot were each of ``spots``, the book unchanged."""
    return _profile("gamma", spots, position, strike, t, rate, div_yield, vol, is_call)


def charm_profile(spots: np.ndarray, position, strike, t, rate, div_yield, vol, is_call) -> np.ndarray:
    """Total dealer charm ($ delta per calendar day) at each hypothetical spot."""
    return _profile("charm", spots, position, strike, t, rate, div_yield, vol, is_call)


def vega_profile(spots: np.ndarray, position, strike, t, rate, div_yield, vol, is_call) -> np.ndarray:
    """Total dealer vega ($ per vol point) at each hypothetical spot."""
    return _profile("vega", spots, position, strike, t, rate, div_yield, vol, is_call)


def spot_profiles(spot: float, position, strike, t, rate, div_yield, vol, is_call=None) -> dict:
    """Zero gamma and vanna stochastic from one re-pricing of the book over the spot scan.

    ``is_call`` is accepted for symmetry with the other helpers; gamma and vanna do not depend on the
    right. Returns ``{"zero_gamma": float | None, "vanna_stochastic": float | None}``.
    """
    book = _SpotBook(spot, position, strike, t, rate, div_yield, vol)
    if book.empty:
        return {"zero_gamma": None, "vanna_stochastic": None}
    grid, k = _scan_grid(spot, ZERO_GAMMA_RANGE)
    p = book.profiles(grid)
    inner = np.abs(k) <= round(VANNA_STOCH_RANGE / SCAN_STEP)
    here = int(np.flatnonzero(k[inner] == 0)[0])
    return {"zero_gamma": _flip(book, grid, p.gamma, p.gamma_gross, spot),
            "vanna_stochastic": _stochastic(p.dvega[inner], p.dvega_gross[inner], here)}


def zero_gamma_level(spot: float, position, strike, t, rate, div_yield, vol, is_call=None) -> float | None:
    """The spot, nearest to the current spot, where total dealer gamma of the re-priced book is 0.

    The book (same IVs, same times to expiry) is re-priced on the scan ``S·(1 + 0.001·k)``,
    ``k = −200 … 200``; every pair of neighbouring scan spots where total dealer gamma has opposite
    signs brackets a crossing, and Brent's method finds the crossing inside a bracket to within
    ``ZERO_GAMMA_XTOL·S``. The crossing nearest to ``S`` is returned; None when gamma keeps one sign
    over the scan.
    """
    book = _SpotBook(spot, position, strike, t, rate, div_yield, vol)
    if book.empty:
        return None
    grid, _ = _scan_grid(spot, ZERO_GAMMA_RANGE)
    p = book.profiles(grid)
    return _flip(book, grid, p.gamma, p.gamma_gross, spot)


def vanna_stochastic(spot: float, position, strike, t, rate, div_yield, vol, is_call=None) -> float | None:
    """dV/dS at the current spot over the peak |dV/dS| on the ±10 % scan, in [−1, 1].

    ``V`` is total dealer vega ($ per vol point) of the book re-priced at a hypothetical spot (same
    IVs, same times); its slope is the analytic one, ``Σ q·100·vanna·0.01`` (vanna = ∂vega/∂S).
    +1/−1: dealer vega is at its most sensitive to spot (momentum); 0: spot sits at the dealers' vega
    extreme (implied volatility, not spot, drives the hedging). None when the slope is 0 (to rounding)
    over the whole scan.
    """
    book = _SpotBook(spot, position, strike, t, rate, div_yield, vol)
    if book.empty:
        return None
    grid, k = _scan_grid(spot, VANNA_STOCH_RANGE)
    p = book.profiles(grid)
    return _stochastic(p.dvega, p.dvega_gross, int(np.flatnonzero(k == 0)[0]))


_INV_SQRT_2PI = 1.0 / math.sqrt(2.0 * math.pi)


@dataclass(frozen=True)
class _Profiles:
    gamma: np.ndarray        # total dealer gamma, $ delta per 1 % move
    gamma_gross: np.ndarray  # Σ |per-contract dealer gamma|: the scale of its rounding error
    dvega: np.ndarray        # dV/dS′, $ of dealer vega per vol point per $1 of spot
    dvega_gross: np.ndarray  # a bound on Σ |per-contract terms| of dvega: the scale of its rounding error


class _SpotBook:
    """A dealer book re-priced at hypothetical spots with its IVs and times to expiry held fixed.

    Black–Scholes–Merton closed forms (the engine's, §1 of the methodology). With ``u = ln(S′/S)``,
    ``a = 1/(σ√t)`` and ``d0`` the contract's ``d1`` at the current spot ``S``, ``d1(S′) = a·u + d0``, so
    ``−d1²/2 = u²·(−a²/2) + u·(−a·d0) − d0²/2`` is one small matrix product for a block of spots and the
    work per (spot, contract) is that product, one exponential and one product by a few columns.
    Per contract:

    * dealer gamma ($ delta per 1 % move) = ``pos·100·0.01·S′²·Γ = cg·S′·e^{−d1²/2}`` with
      ``Γ = e^{−qt}·φ(d1)/(S′σ√t)``;
    * slope of dealer vega ($ per vol point, per $1 of spot) = ``pos·100·0.01·vanna = cv·e^{−d1²/2}·d2``
      with ``vanna = −e^{−qt}·φ(d1)·d2/σ`` and ``d2 = d1 − σ√t = a·u + (d0 − σ√t)``.

    Gamma and vanna are the same for a call and a put, so the right does not enter. Contracts without a
    positive finite IV, with ``t <= 0`` or a zero position contribute nothing.
    """

    # Elements (spots × contracts) per block: small enough to stay in cache and to keep each matrix
    # product on one thread (a multithreaded product of this size costs more than it saves).
    BLOCK = 32768

    def __init__(self, spot: float, position, strike, t, rate, div_yield, vol):
        pos, k, t, r, q, v = (np.asarray(x, dtype=np.float64)
                              for x in (position, strike, t, rate, div_yield, vol))
        ok = (np.isfinite(v) & (v > 0) & np.isfinite(t) & (t > 0) & np.isfinite(pos) & (pos != 0)
              & np.isfinite(k) & (k > 0) & np.isfinite(r) & np.isfinite(q))
        pos, k, t, r, q, v = pos[ok], k[ok], t[ok], r[ok], q[ok], v[ok]
        self.spot = float(spot)
        self.empty = not ok.any()
        sd = v * np.sqrt(t)
        a = 1.0 / sd
        d0 = (np.log(self.spot / k) + (r - q + 0.5 * v * v) * t) / sd
        w = pos * np.exp(-q * t) * _INV_SQRT_2PI * MULTIPLIER
        self.cg = w * PCT_MOVE / sd
        cv = -w * VOL_POINT / v
        self.exponent = np.stack([-0.5 * a * a, -a * d0, -0.5 * d0 * d0])          # (3, n)
        cols = [self.cg, cv * a, cv * (d0 - sd)]
        self.weights = np.ascontiguousarray(np.stack(cols + [np.abs(c) for c in cols], axis=1))  # (n, 6)

    def _exp(self, u: np.ndarray) -> np.ndarray:
        """``e^{−d1²/2}`` for spots ``S·e^u`` (rows) and contracts (columns)."""
        e = np.stack([u * u, u, np.ones_like(u)], axis=1) @ self.exponent
        return np.exp(e, out=e)

    def profiles(self, spots: np.ndarray) -> _Profiles:
        """Total dealer gamma and the analytic slope of total dealer vega at each of ``spots``."""
        spots = np.asarray(spots, dtype=np.float64)
        u = np.log(spots / self.spot)
        s = np.empty((spots.size, 6))
        rows = max(2, self.BLOCK // max(1, self.weights.shape[0]))
        for j in range(0, spots.size, rows):
            s[j:j + rows] = self._exp(u[j:j + rows]) @ self.weights
        return _Profiles(gamma=s[:, 0] * spots, gamma_gross=s[:, 3] * spots,
                         dvega=u * s[:, 1] + s[:, 2], dvega_gross=np.abs(u) * s[:, 4] + s[:, 5])

    def gamma_at(self, spot: float) -> float:
        """Total dealer gamma ($ delta per 1 % move) at one spot."""
        u = math.log(spot / self.spot)
        e = np.exp(self.exponent[0] * (u * u) + self.exponent[1] * u + self.exponent[2])
        return float(np.sum(e * self.cg)) * spot


def _scan_grid(spot: float, half_range: float) -> tuple[np.ndarray, np.ndarray]:
    """Scan spots ``S·(1 + SCAN_STEP·k)`` for ``|k| ≤ half_range/SCAN_STEP``; ``k = 0`` is spot itself."""
    n = int(round(half_range / SCAN_STEP))
    k = np.arange(-n, n + 1)
    return spot * (1.0 + SCAN_STEP * k), k


def _flip(book: _SpotBook, grid: np.ndarray, gam: np.ndarray, gross: np.ndarray, spot: float) -> float | None:
    """The gamma crossing nearest to ``spot``: scan brackets, then Brent's method inside them.

    Scan spots where total gamma is 0 to rounding (``|G| ≤ ROUNDING_SHARE·Σ|per-contract gamma|``: no
    contract has gamma there, or offsetting contracts cancel) carry no sign and are skipped, so a
    bracket joins the nearest signed scan spots on either side with opposite signs.
    """
    live = np.flatnonzero(np.isfinite(gam) & (np.abs(gam) > ROUNDING_SHARE * gross))
    x, y = grid[live], gam[live]
    idx = np.flatnonzero(np.signbit(y[:-1]) != np.signbit(y[1:]))
    if idx.size == 0:
        return None
    lo, hi = x[idx], x[idx + 1]
    gap = np.where(hi <= spot, spot - hi, np.where(lo >= spot, lo - spot, 0.0))
    best: float | None = None
    for i in np.argsort(gap, kind="stable"):
        if best is not None and gap[i] > abs(best - spot):
            break      # every remaining bracket lies farther from spot than the crossing found
        a, b = float(lo[i]), float(hi[i])
        if book.gamma_at(a) * book.gamma_at(b) >= 0:
            continue   # the ends' signs are not reproduced outside the scan block: not a resolvable flip
        root = brentq(book.gamma_at, a, b, xtol=ZERO_GAMMA_XTOL * spot, rtol=4 * np.finfo(float).eps,
                      maxiter=200)
        if best is None or abs(root - spot) < abs(best - spot):
            best = root
    return None if best is None else float(best)


def _stochastic(dvega: np.ndarray, gross: np.ndarray, here: int) -> float | None:
    """``dvega[here]`` over the peak ``|dvega|``; None when the slope is 0 to rounding everywhere."""
    peak = float(np.max(np.abs(dvega))) if dvega.size else 0.0
    if not np.isfinite(peak) or peak <= ROUNDING_SHARE * float(np.max(gross)):
        return None
    return max(-1.0, min(1.0, float(dvega[here]) / peak))


def walls(strike: np.ndarray, is_call: np.ndarray, gamma: np.ndarray) -> tuple[float | None, float | None]:
    """Call wall and put wall from the dealer gamma exposure ($ delta per 1 % move) per contract.

    Per strike, sum the gamma of its calls (over every expiration) and, separately, of its puts.
    Call wall: the strike with the largest positive call sum (dealers long the most call gamma).
    Put wall: the strike with the most negative put sum (dealers short the most put gamma). A side
    with no strike of that sign has no wall (None); equal sums go to the lower strike.
    """
    strike = np.asarray(strike, dtype=np.float64)
    gamma = np.asarray(gamma, dtype=np.float64)
    call = np.asarray(is_call).astype(bool)
    ok = np.isfinite(strike) & np.isfinite(gamma)
    return _wall(strike[call & ok], gamma[call & ok], 1.0), _wall(strike[~call & ok], gamma[~call & ok], -1.0)


def _wall(strike: np.ndarray, gamma: np.ndarray, sign: float) -> float | None:
    if strike.size == 0:
        return None
    ks, inv = np.unique(strike, return_inverse=True)
    per = sign * np.bincount(inv, weights=gamma, minlength=ks.size)
    j = int(np.argmax(per))
    return float(ks[j]) if per[j] > 0 else None


def levels_from_contracts(rows: pl.DataFrame) -> dict:
    """Levels for an arbitrary set of contracts (the reader's path for a subset of expirations)."""
    if rows.is_empty():
        return {"zeroGamma": None, "callWall": None, "putWall": None}
    a = {c: rows[c].to_numpy().astype(np.float64) for c in
         ("strike", "position", "t_years", "spot", "rate", "div_yield", "iv", "gamma")}
    is_call = (rows["right"] == "C").to_numpy()
    spot = float(a["spot"][0])
    zg = zero_gamma_level(spot, a["position"], a["strike"], a["t_years"], a["rate"], a["div_yield"],
                          a["iv"], is_call)
    cw, pw = walls(a["strike"], is_call, a["gamma"])
    return {"zeroGamma": zg, "callWall": cw, "putWall": pw}


# ---------------------------------------------------------------- 0DTE paradigm


@dataclass(frozen=True)
class Paradigm:
    name: str                         # e.g. "GEX-PURE"; "Undefined" when there is no 0DTE book
    target: float | None
    lis: tuple[float, ...]            # one or two lines in the sand


def _side_sign(values: np.ndarray) -> tuple[int, bool]:
    total = float(np.sum(values))
    gross = float(np.sum(np.abs(values)))
    if gross == 0:
        return 0, False
    return (1 if total > 0 else -1), abs(total) >= UNIFORM_SHARE * gross


def zero_dte_paradigm(spot: float, opening_straddle: float, strikes: np.ndarray, charm_by_strike: np.ndarray,
                      contracts: dict[str, np.ndarray], step: float) -> Paradigm:
    """Classify the 0DTE charm profile (docs/methodology.md §4.5).

    ``strikes``/``charm_by_strike``: the 0DTE dealer charm per strike. ``contracts``: the 0DTE contracts
    (position, strike, t, rate, div_yield, iv, is_call) to re-price aggregate charm on a spot grid.
    """
    if strikes.size == 0 or not np.any(charm_by_strike):
        return Paradigm("Undefined", None, ())
    width = STRADDLE_RANGE * opening_straddle if opening_straddle > 0 else 0.03 * spot
    near = np.abs(strikes - spot) <= width
    below = near & (strikes < spot)
    above = near & (strikes > spot)
    sb, ub = _side_sign(charm_by_strike[below])
    sa, ua = _side_sign(charm_by_strike[above])
    if sb == 0 or sa == 0:
        return Paradigm("Undefined", None, ())
    base = {(-1, -1): "GEX", (1, 1): "AG", (-1, 1): "BOFA", (1, -1): "SIDIAL"}[(sb, sa)]
    messy = not (ub and ua)
    target: float | None = None
    lis: tuple[float, ...] = ()
    c = contracts
    tol = max(NEAR_LEVEL_SHARE * spot, step)
    if base in ("GEX", "AG"):
        n_steps = max(int(math.ceil(width * 2 / step)), 10)
        up = spot + step * np.arange(1, n_steps + 1)
        down = spot - step * np.arange(1, n_steps + 1)
        args = (c["position"], c["strike"], c["t"], c["rate"], c["div_yield"], c["iv"], c["is_call"])
        a_up = charm_profile(up, *args)
        a_down = charm_profile(down, *args)
        if base == "GEX":   # bullish: target above, where charm stops pushing up; LIS below
            target = _first(up, a_up >= 0)
            lo = _first(down, a_down > 0)
            lis = (lo,) if lo is not None else ()
        else:               # anti-GEX: target below, LIS above
            target = _first(down, a_down <= 0)
            hi = _first(up, a_up < 0)
            lis = (hi,) if hi is not None else ()
    else:
        kb, cb = strikes[below], charm_by_strike[below]
        ka, ca = strikes[above], charm_by_strike[above]
        if base == "BOFA":   # most negative charm below spot, most positive above
            lis = (float(kb[np.argmin(cb)]), float(ka[np.argmax(ca)]))
        else:                # Sidial: most positive below, most negative above
            lis = (float(kb[np.argmax(cb)]), float(ka[np.argmin(ca)]))
    if messy:
        suffix = "MESSY"
    elif target is not None and abs(spot - target) <= tol:
        suffix = "TARGET"
    elif any(abs(spot - x) <= tol for x in lis):
        suffix = "LIS"
    else:
        suffix = "PURE"
    return Paradigm(f"{base}-{suffix}", target, lis)


def _first(grid: np.ndarray, mask: np.ndarray) -> float | None:
    idx = np.flatnonzero(mask)
    return float(grid[idx[0]]) if idx.size else None


# ---------------------------------------------------------------- trade-based figures


def premium_and_liquidity(dealer_side: np.ndarray, price: np.ndarray, size: np.ndarray, fair_value: np.ndarray,
                          abs_delta: np.ndarray) -> dict[str, float | None]:
    """Dealer premium, DADS and DAP over classified prints (docs/methodology.md §4.2–4.3)."""
    s = dealer_side.astype(np.float64)
    use = s != 0
    premium = float(np.sum(-s[use] * price[use] * size[use] * MULTIPLIER))
    dap = float(np.nansum(-s[use] * price[use] * size[use] * MULTIPLIER * abs_delta[use]))
    edge = -s * (price - fair_value) * abs_delta * MULTIPLIER
    ok = use & np.isfinite(edge)
    dads = float(np.mean(edge[ok])) if ok.any() else None
    return {"dealer_premium": premium, "dap": dap, "dads": dads}


# ---------------------------------------------------------------- statistics on the daily table


def spot_vol(daily: pl.DataFrame, current: tuple[float, float] | None = None,
             window: int = SPOT_VOL_WINDOW) -> dict:
    """OLS of VIX point changes on the ticker's percent changes, over the last ``window`` sessions.

    ``daily`` has columns date, close, vix_close (sorted by date). ``current``: today's
    (percent change, VIX change) if a live snapshot exists. rValue is Pearson's r, slope is VIX points
    per 1 % move, currentRatio the current VIX change over the fitted one.
    """
    d = daily.sort("date").with_columns(
        x=(pl.col("close") / pl.col("close").shift(1) - 1.0) * 100.0,
        y=pl.col("vix_close") - pl.col("vix_close").shift(1),
    ).drop_nulls(["x", "y"]).filter(pl.col("x").is_finite() & pl.col("y").is_finite()).tail(window)
    points = [{"x": float(x), "y": float(y), "date": dt.isoformat()}
              for x, y, dt in zip(d["x"].to_list(), d["y"].to_list(), d["date"].to_list(), strict=True)]
    out = {"rValue": None, "slope": None, "intercept": None, "currentRatio": None, "scatterPoints": points,
           "currentPoint": None}
    if d.height >= 3:
        x, y = d["x"].to_numpy(), d["y"].to_numpy()
        sx, sy = x.std(), y.std()
        if sx > 0 and sy > 0:
            slope, intercept = np.polyfit(x, y, 1)
            out["slope"] = float(slope)
            out["intercept"] = float(intercept)
            out["rValue"] = float(np.corrcoef(x, y)[0, 1])
    if current is None and points:
        current = (points[-1]["x"], points[-1]["y"])
    if current is not None:
        out["currentPoint"] = {"x": float(current[0]), "y": float(current[1])}
        if out["slope"] is not None:
            fitted = out["slope"] * current[0] + out["intercept"]
            out["currentRatio"] = float(current[1] / fitted) if abs(fitted) > 1e-9 else None
    return out


def greek_trend(daily: pl.DataFrame, greek: str, current: float | None = None, end: date | None = None) -> dict:
    """A greek's daily aggregate over the 180 calendar days ending at ``end``, with its 126-session average.

    ``trend``: the daily rows with ``end − 180 d < date ≤ end`` (``end`` defaults to the last row's date);
    ``historicalAverage``: the mean of the last 126 daily values on or before ``end`` (whether or not they
    fall inside the 180 days); ``currentAggregate``: ``current`` (the snapshot's aggregate) or, without
    one, the last daily value. Every caller (data route, public API, export) serves this answer as is.
    """
    col = f"agg_{greek}"
    d = daily.sort("date").drop_nulls([col]).filter(pl.col(col).is_finite())
    if end is not None:
        d = d.filter(pl.col("date") <= end)
    if d.is_empty():
        return {"trend": [], "historicalAverage": None, "currentAggregate": current}
    last = end if end is not None else d["date"].max()
    window = d.filter(pl.col("date") > last - _days(TREND_DAYS))
    trend = [{"x": dt.isoformat(), "y": float(v)} for dt, v in zip(window["date"].to_list(),
                                                                  window[col].to_list(), strict=True)]
    avg = float(d[col].tail(TREND_AVERAGE_SESSIONS).mean())
    if current is None:
        current = float(d[col][-1])
    return {"trend": trend, "historicalAverage": avg, "currentAggregate": current}


def iv_adjusted_vanna(strikes: list[float], vanna: list[float | None], iv_surface: dict) -> list[dict]:
    """Vanna per strike for a +10 % relative move of that strike's IV (methodology §3.1, §4.8).

    ``vanna``: the vanna exposure per strike ($ delta per vol point). ``iv_surface``: ``{strikes, z}``
    with ``z[expiration][strike]`` the IV per 1.00. IV(K) is the mean over expirations of the listed IVs
    at K; strikes without an IV or a vanna are left out. ``value = vanna · 0.10 · IV(K) · 100``.
    """
    iv_by_strike: dict[float, float] = {}
    if iv_surface.get("strikes"):
        z = np.array([[np.nan if v is None else v for v in row] for row in iv_surface["z"]], dtype=float)
        if z.size:
            listed = np.isfinite(z)
            counts = listed.sum(axis=0)
            sums = np.where(listed, z, 0.0).sum(axis=0)
            for k, n, total in zip(iv_surface["strikes"], counts, sums):
                if n:
                    iv_by_strike[float(k)] = float(total / n)
    out = []
    for k, v in zip(strikes, vanna):
        iv = iv_by_strike.get(float(k))
        if iv is None or v is None or not math.isfinite(v):
            continue
        out.append({"strike": float(k), "value": float(v) * IV_SHOCK * iv / VOL_POINT, "vanna": float(v), "iv": iv})
    return out


def screener_rank(inputs: pl.DataFrame, *, flag: str, greek: str, time_frame: str, superlative: str, length: int,
                  price_min: float | None = None, price_max: float | None = None) -> list[tuple[str, float]]:
    """Rank tickers by the change of ``greek`` (an aggregate, or ``price``) over ``time_frame`` (§4.8).

    ``inputs``: ``Reader.screener_inputs`` (now and then per ticker). ``diff`` = now − then,
    ``mag`` = |now| − |then|, ``norm`` = (now − then)/|then| (tickers with then = 0 are left out).
    Tickers without both values or a price, or whose price is outside [price_min, price_max], are left
    out. ``greatest`` ranks by |change| descending, ``least`` ascending; ties by ticker. First ``length``.
    """
    if inputs.height == 0 or greek not in inputs.columns or f"{greek}_{time_frame}" not in inputs.columns:
        return []
    rows = []
    for ticker, price, a, b in zip(inputs["ticker"].to_list(), inputs["price"].to_list(), inputs[greek].to_list(),
                                   inputs[f"{greek}_{time_frame}"].to_list(), strict=True):
        if any(x is None or not math.isfinite(x) for x in (a, b, price)):
            continue
        if price_min is not None and price < price_min:
            continue
        if price_max is not None and price > price_max:
            continue
        if flag == "diff":
            v = a - b
        elif flag == "mag":
            v = abs(a) - abs(b)
        else:
            if b == 0:
                continue
            v = (a - b) / abs(b)
        rows.append((ticker, float(v)))
    rows.sort(key=lambda r: (abs(r[1]), r[0]), reverse=superlative == "greatest")
    return rows[:length]


def _days(n: int):
    from datetime import timedelta
    return timedelta(days=n)


# ---------------------------------------------------------------- expected move



def expected_move(spot: float | None, day: date, expirations: list, strikes: list[float], iv: list[list]) -> dict | None:
    """The market's one-standard-deviation move over ~30 days, from the IV surface (methodology §4.6).

    The expiration whose calendar days to expiry are nearest to 30 (ties: the later one), the listed
    strike nearest to spot on it, and that strike's IV ``σ``: ``points = spot · σ · √(days/365)``.
    Returns ``{"days", "iv", "points"}``, or None without a spot or any listed IV.
    """
    if spot is None or not math.isfinite(spot) or spot <= 0 or not expirations or not strikes:
        return None
    best = None
    for i, e in enumerate(expirations):
        e_day = e.date() if hasattr(e, "date") and callable(e.date) else e
        if isinstance(e_day, str):
            e_day = date.fromisoformat(e_day[:10])
        days = (e_day - day).days
        if days <= 0:
            continue
        row = iv[i]
        listed = [(abs(k - spot), k, v) for k, v in zip(strikes, row) if v is not None and math.isfinite(v) and v > 0]
        if not listed:
            continue
        key = (abs(days - EXPECTED_MOVE_DAYS), -days)
        if best is None or key < best[0]:
            best = (key, days, min(listed)[2])
    if best is None:
        return None
    _, days, sigma = best
    return {"days": days, "iv": float(sigma), "points": float(spot * sigma * math.sqrt(days / DAYS_PER_YEAR))}
