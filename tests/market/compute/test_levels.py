"""Levels (zero gamma, call and put walls) and vanna stochastic against independent references.

The references re-price the book with the engine on fine spot grids, the way docs/methodology.md
§4.9 describes the figures, and do not share code with data/compute/snapshot_figures.py beyond the engine.
"""

from __future__ import annotations

from datetime import UTC, datetime

import numpy as np
import polars as pl
import pytest

from data.compute import read_analytics, snapshot_figures
from data.orchestration.pipeline import build_snapshot
from engine import greeks

TOL = 1e-4           # zero gamma must be within 0.01 % of spot of the reference crossing
REF_STEP = 5e-5      # reference grid: 0.005 % of spot
SPOT = 5000.0


def _realistic_book(spot: float = SPOT, seed: int = 7):
    """An index-like dealer book: 9 expirations from hours to a year, strikes 80–120 % of spot every
    0.5 %, a put skew, dealers long calls and short puts (the open-interest convention) with positions
    peaking near the money, and a share of prints against that convention."""
    rng = np.random.default_rng(seed)
    days = np.array([0.1, 1, 2, 7, 14, 30, 60, 120, 250])
    strikes = np.round(spot * np.arange(0.80, 1.2001, 0.005) / 5) * 5
    K, T = np.meshgrid(strikes, days / 365.0)
    K, T = K.ravel(), T.ravel()
    m = np.log(K / spot)
    rows = []
    for is_call in (True, False):
        size = 2000 * np.exp(-0.5 * (m / (0.04 + 0.08 * np.sqrt(T))) ** 2) * rng.lognormal(0, 0.6, K.size)
        side = np.where(rng.random(K.size) < 0.25, -1.0, 1.0) * (1.0 if is_call else -1.0)
        skew = np.clip(0.17 - 0.9 * m + 2.5 * m * m, 0.08, 0.8) * (1 + 0.15 / np.sqrt(1 + 50 * T))
        rows.append((np.round(size) * side, K, T, np.full(K.size, 0.04), np.full(K.size, 0.013), skew,
                     np.full(K.size, is_call)))
    return tuple(np.concatenate(parts) for parts in zip(*rows))


def _ref_gamma(spots, pos, k, t, r, q, vol, call):
    """Total dealer gamma ($ delta per 1 % move) with the engine, chunked over spots."""
    spots = np.asarray(spots, dtype=np.float64)
    ok = np.isfinite(vol) & (vol > 0) & (t > 0) & (pos != 0)
    out = np.empty(spots.size)
    for j in range(0, spots.size, 256):
        s = spots[j:j + 256, None]
        g = greeks(s, k[ok][None], t[ok][None], r[ok][None], q[ok][None], vol[ok][None], call[ok][None],
                   higher_order=False)
        out[j:j + 256] = (g.gamma * s * s * 0.01 * 100 * pos[ok][None]).sum(axis=1)
    return out


def _ref_crossings(spot, book, half_range=0.20, step=REF_STEP):
    """Every sign change of total dealer gamma on a fine grid (linear interpolation inside a step)."""
    n = int(round(half_range / step))
    grid = spot * (1 + step * np.arange(-n, n + 1))
    gam = _ref_gamma(grid, *book)
    i = np.flatnonzero(np.sign(gam[:-1]) * np.sign(gam[1:]) < 0)
    return grid[i] - gam[i] * (grid[i + 1] - grid[i]) / (gam[i + 1] - gam[i])


def _ref_zero_gamma(spot, book):
    c = _ref_crossings(spot, book)
    return None if c.size == 0 else float(c[np.argmin(np.abs(c - spot))])


def _simple(strikes, positions, t, vol=0.2, calls=None):
    n = len(strikes)
    t = np.broadcast_to(np.asarray(t, float), n).copy()
    calls = np.ones(n, bool) if calls is None else np.asarray(calls)
    return (np.asarray(positions, float), np.asarray(strikes, float), t, np.zeros(n), np.zeros(n),
            np.full(n, vol), calls)


# ---------------------------------------------------------------- zero gamma


@pytest.mark.parametrize("move", [-0.03, -0.01, 0.0, 0.005, 0.02])
def test_zero_gamma_is_within_a_hundredth_of_a_percent_of_the_fine_reference(move):
    book = _realistic_book()
    spot = SPOT * (1 + move)
    ref = _ref_zero_gamma(spot, book)
    assert ref is not None
    zg = snapshot_figures.zero_gamma_level(spot, *book)
    assert zg is not None and abs(zg - ref) <= TOL * spot
    # The single pass used by the pipeline serves the same level.
    assert snapshot_figures.spot_profiles(spot, *book)["zero_gamma"] == pytest.approx(zg, abs=1e-9 * spot)


def test_zero_gamma_is_a_root_of_the_engine_repriced_gamma():
    book = _realistic_book()
    zg = snapshot_figures.zero_gamma_level(SPOT, *book)
    lo, hi = snapshot_figures.gamma_profile(np.array([zg * (1 - 1e-5), zg * (1 + 1e-5)]), *book)
    assert lo * hi < 0


def test_the_flip_nearest_spot_is_found_when_a_short_gamma_pocket_sits_next_to_spot():
    # Long-dated long gamma around spot, dealers short far calls at 5900 (a flip ~6 % above spot) and
    # short a 0DTE straddle 0.8 % below spot: two more flips within 1.5 % under spot. A 2 % grid steps
    # over the pocket and reports the flip above spot; the nearest flip is below, where dealers turn
    # short gamma.
    strikes = [4000, 4500, 5000, 5500, 6000, 5900, 4960, 4960]
    pos = [200, 400, 500, 400, 200, -1500, -30, -30]
    t = [0.5] * 6 + [0.1 / 365] * 2
    book = _simple(strikes, pos, t, calls=[True] * 7 + [False])
    crossings = _ref_crossings(SPOT, book)
    assert (crossings > SPOT).any() and (crossings < SPOT).sum() == 2
    ref = _ref_zero_gamma(SPOT, book)
    assert SPOT * 0.985 < ref < SPOT
    zg = snapshot_figures.zero_gamma_level(SPOT, *book)
    assert zg is not None and zg < SPOT
    assert abs(zg - ref) <= TOL * SPOT


@pytest.mark.parametrize("move", [-0.03, 0.0, 0.02])
def test_flip_side_follows_the_gamma_sign_at_spot(move):
    # What holds for the nearest crossing z: gamma keeps its sign at spot all the way from spot to z,
    # so spot is above z exactly when the sign at spot equals the sign of the slope at z
    # (long gamma at spot and gamma rising through z => z below spot; falling => above).
    book = _realistic_book()
    spot = SPOT * (1 + move)
    zg = snapshot_figures.zero_gamma_level(spot, *book)
    between = np.linspace(min(spot, zg), max(spot, zg), 400)[1:-1]
    g_spot = _ref_gamma([spot], *book)[0]
    g_between = _ref_gamma(between, *book)
    assert np.all(np.sign(g_between) == np.sign(g_spot))
    h = 1e-5 * spot
    lo, hi = _ref_gamma([zg - h, zg + h], *book)
    assert np.sign(spot - zg) == np.sign(g_spot) * np.sign(hi - lo)


def test_several_crossings_nearest_to_spot_wins_and_none_outside_the_range():
    # Short gamma around 100, long gamma further out on both sides: a flip on each side of spot.
    book = _simple([80.0, 100.0, 120.0], [3.0, -2.0, 3.0], 0.1)
    crossings = _ref_crossings(100.0, book)
    assert (crossings < 100).any() and (crossings > 100).any()
    for spot in (97.0, 103.0):
        c = _ref_crossings(spot, book)
        zg = snapshot_figures.zero_gamma_level(spot, *book)
        assert zg == pytest.approx(c[np.argmin(np.abs(c - spot))], abs=TOL * spot)
    # One crossing at x*: found with spot within 20 % of it, null once it is beyond 20 %.
    one = _simple([100.0, 140.0], [1.0, -2.0], 0.25)
    x = snapshot_figures.zero_gamma_level(120.0, *one)
    assert x is not None
    assert snapshot_figures.zero_gamma_level(x / 1.19, *one) == pytest.approx(x, abs=TOL * x)
    assert snapshot_figures.zero_gamma_level(x / 1.21, *one) is None
    assert snapshot_figures.zero_gamma_level(x / 0.79, *one) is None
    # One sign everywhere, or no live contract: no flip.
    assert snapshot_figures.zero_gamma_level(100.0, *_simple([100.0], [5.0], 0.1)) is None
    assert snapshot_figures.zero_gamma_level(100.0, *_simple([100.0], [0.0], 0.1)) is None


def test_offsetting_calls_and_puts_have_no_flip_and_no_vanna_stochastic():
    # The open-interest convention on a chain whose call and put of a strike share the open interest and
    # the IV: dealers long the call, short the put, so gamma and vanna cancel exactly and the re-priced
    # totals are 0 up to rounding, with no sign anywhere (the sign of rounding noise is not a flip).
    ks = 5000.0 + 25.0 * np.arange(-4, 5)
    oi = 1000.0 - 50.0 * np.abs(np.arange(-4, 5))
    for t0 in (0.25 / 365, 0.5 / 365, 2 / 365):
        strikes = np.tile(ks, 4)
        t = np.repeat([t0, t0, 7 / 365, 7 / 365], ks.size)
        calls = np.tile(np.repeat([True, False], ks.size), 2)
        pos = np.where(calls, 1.0, -1.0) * np.tile(oi, 4)
        n = strikes.size
        book = (pos, strikes, t, np.full(n, 0.04), np.zeros(n), np.full(n, 0.2), calls)
        for spot in (4990.0, 5000.0, 5003.7, 5012.0):
            assert snapshot_figures.zero_gamma_level(spot, *book) is None
            assert snapshot_figures.vanna_stochastic(spot, *book) is None
            assert snapshot_figures.spot_profiles(spot, *book) == {"zero_gamma": None, "vanna_stochastic": None}
        # A real flip added to the book is still found.
        extra = (np.r_[pos, -40.0, 60.0], np.r_[strikes, 4900.0, 5100.0], np.r_[t, 0.1, 0.1],
                 np.full(n + 2, 0.04), np.zeros(n + 2), np.full(n + 2, 0.2), np.r_[calls, True, True])
        ref = _ref_zero_gamma(SPOT, extra)
        assert ref is not None
        assert snapshot_figures.zero_gamma_level(SPOT, *extra) == pytest.approx(ref, abs=TOL * SPOT)


# ---------------------------------------------------------------- walls


def test_walls_follow_sign_and_right():
    # Calls: dealers short $14.6 of gamma at 100 (the old |gamma| rule picked it), long at 105 over two
    # expirations (3 + 3) and at 110 (5). Puts: long at 95 (8), short at 90 (−3) and 85 (−1).
    strikes = np.array([100.0, 105.0, 105.0, 110.0, 95.0, 90.0, 85.0])
    calls = np.array([True, True, True, True, False, False, False])
    gamma = np.array([-14.6, 3.0, 3.0, 5.0, 8.0, -3.0, -1.0])
    assert snapshot_figures.walls(strikes, calls, gamma) == (105.0, 90.0)


def test_walls_are_null_without_a_strike_of_their_sign_and_ties_go_low():
    strikes = np.array([100.0, 110.0, 90.0, 95.0])
    calls = np.array([True, True, False, False])
    assert snapshot_figures.walls(strikes, calls, np.array([-1.0, -2.0, 1.0, 2.0])) == (None, None)
    assert snapshot_figures.walls(strikes, calls, np.array([4.0, 4.0, -2.0, -2.0])) == (100.0, 90.0)
    assert snapshot_figures.walls(strikes[:2], calls[:2], np.array([1.0, 0.0])) == (100.0, None)


def test_levels_from_contracts_use_the_same_rules():
    rows = pl.DataFrame({
        "strike": [100.0, 110.0, 90.0, 95.0], "right": ["C", "C", "P", "P"],
        "position": [-50.0, 10.0, -5.0, 30.0], "t_years": [0.1] * 4, "spot": [100.0] * 4,
        "rate": [0.0] * 4, "div_yield": [0.0] * 4, "iv": [0.2] * 4,
        "gamma": [-14.6, 5.0, -3.0, 8.0]})
    lv = read_analytics.levels_from_contracts(rows)
    assert (lv["callWall"], lv["putWall"]) == (110.0, 90.0)
    a = {c: rows[c].to_numpy() for c in ("position", "strike", "t_years", "rate", "div_yield", "iv")}
    book = (a["position"], a["strike"], a["t_years"], a["rate"], a["div_yield"], a["iv"],
            (rows["right"] == "C").to_numpy())
    assert lv["zeroGamma"] == pytest.approx(_ref_zero_gamma(100.0, book), abs=TOL * 100.0)


# ---------------------------------------------------------------- vanna stochastic


def _ref_vanna_stochastic(spot, book):
    """dV/dS from the engine's vanna at spot over its peak |value| on S·(1 + 0.001·k), |k| ≤ 100."""
    ok = np.isfinite(book[5]) & (book[5] > 0) & (book[2] > 0) & (book[0] != 0)
    pos, k, t, r, q, vol, call = (x[ok] for x in book)
    grid = spot * (1 + 0.001 * np.arange(-100, 101))
    g = greeks(grid[:, None], k[None], t[None], r[None], q[None], vol[None], call[None], higher_order=False)
    dv = (g.vanna * 0.01 * 100 * pos[None]).sum(axis=1)
    return float(np.clip(dv[100] / np.max(np.abs(dv)), -1, 1))


def _fd_vega_slope(spot, book):
    h = 1e-4 * spot
    v = snapshot_figures.vega_profile(np.array([spot - h, spot + h]), *book)
    return (v[1] - v[0]) / (2 * h)


@pytest.mark.parametrize("book", [
    # A short-dated long option just above spot and a short one further up: vega still rises at spot
    # while the 2 % secant already falls.
    ([100.5, 103.0], [1.0, -0.5], [0.01, 0.2]),
    ([101.0, 104.0], [1.0, -0.5], [0.01, 0.05]),
    ([101.0, 103.0], [1.0, -1.0], [0.01, 0.2]),
])
def test_vanna_stochastic_sign_is_the_local_slope_of_dealer_vega(book):
    b = _simple(book[0], book[1], book[2])
    vs = snapshot_figures.vanna_stochastic(100.0, *b)
    slope = _fd_vega_slope(100.0, b)
    assert slope != 0 and np.sign(vs) == np.sign(slope)
    assert vs == pytest.approx(_ref_vanna_stochastic(100.0, b), abs=1e-9)


@pytest.mark.parametrize("move", [-0.04, 0.0, 0.03])
def test_vanna_stochastic_on_a_realistic_book_matches_the_documented_formula(move):
    book = _realistic_book()
    spot = SPOT * (1 + move)
    vs = snapshot_figures.vanna_stochastic(spot, *book)
    assert -1 <= vs <= 1
    assert vs == pytest.approx(_ref_vanna_stochastic(spot, book), abs=1e-9)
    assert np.sign(vs) == np.sign(_fd_vega_slope(spot, book))
    assert snapshot_figures.spot_profiles(spot, *book)["vanna_stochastic"] == pytest.approx(vs, abs=1e-12)


# ---------------------------------------------------------------- served values


def test_pipeline_serves_the_documented_levels(tmp_path):
    ts = datetime(2026, 11, 18, 16, 45, tzinfo=UTC)
    batch = build_snapshot(["SPY"], ts, "synthetic", root=str(tmp_path))
    ex = pl.from_arrow(batch.exposures)
    st = pl.from_arrow(batch.stats).row(0, named=True)
    spot = st["price"]
    book = (*(ex[c].to_numpy().astype(np.float64) for c in
              ("position", "strike", "t_years", "rate", "div_yield", "iv")), (ex["right"] == "C").to_numpy())
    ref = _ref_zero_gamma(spot, book)
    if ref is None:
        assert st["zero_gamma"] is None
    else:
        assert st["zero_gamma"] == pytest.approx(ref, abs=TOL * spot)
    assert st["vanna_stochastic"] == pytest.approx(_ref_vanna_stochastic(spot, book), abs=1e-5)
    per = ex.group_by("strike", "right").agg(pl.col("gamma").cast(pl.Float64).sum())
    calls = per.filter((pl.col("right") == "C") & (pl.col("gamma") > 0)).sort("gamma", "strike",
                                                                              descending=[True, False])
    puts = per.filter((pl.col("right") == "P") & (pl.col("gamma") < 0)).sort("gamma", "strike")
    assert st["call_wall"] == (calls["strike"][0] if calls.height else None)
    assert st["put_wall"] == (puts["strike"][0] if puts.height else None)
