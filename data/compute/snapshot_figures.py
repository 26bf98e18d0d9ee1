"""Snapshot figures: computed once per ticker and snapshot, at publish (docs/methodology.md §4).

Pure functions over NumPy arrays; ``data.compute.snapshot`` calls them and stores the results in the
``stats`` table: zero gamma and the vanna stochastic (one re-pricing of the book over a spot scan), the
call and put walls, the 0DTE paradigm, dealer premium, DADS and DAP. What is computed when an answer is
served lives in ``data.compute.read_analytics``. Units follow data.compute.exposures (the profiles
re-price through its ``dollars``; the closed forms of ``_SpotBook`` use the same scales from
``data.units``).
"""
from __future__ import annotations

import math
from dataclasses import dataclass

import numpy as np
from scipy.optimize import brentq

from data.compute.exposures import dollars
from data.units import MULTIPLIER, PCT_MOVE, VOL_POINT
from engine import greeks as engine_greeks

UNIFORM_SHARE = 0.6          # a side is uniform when |Σ charm| >= 60 % of Σ |charm| on that side
STRADDLE_RANGE = 1.5         # paradigm reads charm within ±1.5 opening straddles of spot
NEAR_LEVEL_SHARE = 0.0015    # -LIS / -TARGET when spot is within 0.15 % of the level
VANNA_STOCH_RANGE = 0.10     # vanna stochastic: peak |dV/dS| taken over spot ±10 %
ZERO_GAMMA_RANGE = 0.20      # zero gamma searched within spot ±20 %
SCAN_STEP = 0.001            # re-pricing scan: spots 0.1 % of spot apart
ZERO_GAMMA_XTOL = 1e-6       # Brent's method stops within 0.0001 % of spot (the bound kept is 0.01 %)
ROUNDING_SHARE = 1e-9        # a re-priced total within 1e-9 of its gross Σ|terms| is 0 to rounding


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
