"""Zero gamma and vanna stochastic per snapshot: time and accuracy on SPX- and SPY-sized books.

Books come from the synthetic market (``data.orchestration.pipeline.build_snapshot``, trade-flow positioning, the
book carried from one snapshot to the next through the day), plus one book on the SPX chain whose
positions are set so that total gamma does change sign (dealers long calls and short puts, at the
open interest out of the money and half of it in the money), since the synthetic SPX trade-flow book is
short gamma over the whole ±20 % range.

Timed, median of repeated calls:

* ``zero_gamma_level`` alone (0.1 % scan over ±20 % + Brent's method);
* ``spot_profiles``: the pass the pipeline runs per ticker (zero gamma and vanna stochastic together);
* baseline in the same run: the previous pass, total gamma and vega re-priced with the engine on 21
  spots (2 % apart), linear interpolation of the gamma crossing and a finite-difference vega slope.

Accuracy: the crossing nearest spot of the engine-repriced total gamma on a 0.01 % grid (linear
interpolation), against which both methods' errors are reported in % of spot; and the sign of vanna
stochastic against a central difference of dealer vega with a step of 0.01 % of spot.
Wall-clock and CPU time are both reported (the machine may be shared). Target: SPX ``spot_profiles``
≤ 50 ms wall-clock.
"""

from __future__ import annotations

import statistics
import tempfile
import time
from datetime import UTC, datetime, timedelta

import numpy as np
import polars as pl

from benchmarks._common import print_table, save_results
from data.compute import snapshot_figures
from data.units import MULTIPLIER, PCT_MOVE, VOL_POINT
from data.orchestration.pipeline import build_snapshot, publish_snapshot
from engine import greeks

TIMES = [datetime(2026, 11, 18, 14, 45, tzinfo=UTC) + timedelta(minutes=90 * i) for i in range(5)]
TICKERS = ["SPX", "SPY"]
REPEATS = 15
REF_STEP = 1e-4
TARGET_MS = 50.0


def _old_pass(spot, position, strike, t, rate, div_yield, vol, is_call):
    """The previous method: 21 spots 2 % apart, linear interpolation, finite-difference vega slope."""
    grid = spot * np.linspace(0.8, 1.2, 21)
    ok = np.isfinite(vol) & (vol > 0) & (t > 0) & (position != 0)
    g = greeks(grid[:, None], strike[ok][None], t[ok][None], rate[ok][None], div_yield[ok][None],
               vol[ok][None], is_call[ok][None])
    q = position[ok][None]
    gam = np.nansum(g.gamma * grid[:, None] ** 2 * PCT_MOVE * MULTIPLIER * q, axis=1)
    s = np.sign(gam)
    i = np.flatnonzero(s[:-1] * s[1:] < 0)
    zg = None
    if i.size:
        c = grid[i] - gam[i] * (grid[i + 1] - grid[i]) / (gam[i + 1] - gam[i])
        zg = float(c[np.argmin(np.abs(c - spot))])
    inner = np.abs(grid / spot - 1) <= 0.1 + 1e-9
    vega = np.nansum(g.vega[inner] * VOL_POINT * MULTIPLIER * q, axis=1)
    slope = np.gradient(vega, grid[inner])
    peak = np.max(np.abs(slope))
    vs = max(-1.0, min(1.0, float(np.interp(spot, grid[inner], slope)) / peak)) if peak > 0 else None
    return {"zero_gamma": zg, "vanna_stochastic": vs}


def _reference_zero_gamma(spot, position, strike, t, rate, div_yield, vol, is_call):
    n = int(round(snapshot_figures.ZERO_GAMMA_RANGE / REF_STEP))
    grid = spot * (1 + REF_STEP * np.arange(-n, n + 1))
    ok = np.isfinite(vol) & (vol > 0) & (t > 0) & (position != 0)
    gam = np.empty(grid.size)
    for j in range(0, grid.size, 128):
        s = grid[j:j + 128, None]
        g = greeks(s, strike[ok][None], t[ok][None], rate[ok][None], div_yield[ok][None], vol[ok][None],
                   is_call[ok][None], higher_order=False, n_threads=2)
        gam[j:j + 128] = (g.gamma * s * s * position[ok][None]).sum(axis=1)
    sg = np.sign(gam)
    i = np.flatnonzero(sg[:-1] * sg[1:] < 0)
    if i.size == 0:
        return None
    c = grid[i] - gam[i] * (grid[i + 1] - grid[i]) / (gam[i + 1] - gam[i])
    return float(c[np.argmin(np.abs(c - spot))])


def _vega_slope_sign(spot, *book):
    h = 1e-4 * spot
    v = snapshot_figures.vega_profile(np.array([spot - h, spot + h]), *book)
    return float(np.sign(v[1] - v[0]))


def _median_ms(fn, *args) -> tuple[float, float]:
    """Median wall-clock and CPU milliseconds per call (CPU: every thread of the process)."""
    fn(*args)
    wall, cpu = [], []
    for _ in range(REPEATS):
        c0, t0 = time.process_time(), time.perf_counter()
        fn(*args)
        wall.append(time.perf_counter() - t0)
        cpu.append(time.process_time() - c0)
    return statistics.median(wall) * 1e3, statistics.median(cpu) * 1e3


def _books(root: str):
    for ts in TIMES:
        batch = build_snapshot(TICKERS, ts, "synthetic", root=root)
        publish_snapshot(batch, root)
        ex = pl.from_arrow(batch.exposures)
        for tk in TICKERS:
            e = ex.filter(pl.col("ticker") == tk)
            book = [e[c].to_numpy().astype(np.float64) for c in
                    ("position", "strike", "t_years", "rate", "div_yield", "iv")]
            call = (e["right"] == "C").to_numpy()
            yield f"{tk} {ts:%H:%M}Z trade flow", tk, float(e["spot"][0]), (*book, call)
            if tk == "SPX" and ts == TIMES[-1]:
                oi, k, s = e["open_interest"].to_numpy().astype(np.float64), book[1], float(e["spot"][0])
                otm = np.where(call, k >= s, k < s)
                book[0] = np.where(call, 1.0, -1.0) * np.where(otm, oi, 0.5 * oi)
                yield f"{tk} {ts:%H:%M}Z chain, flip book", tk, s, (*book, call)


def _pct(z, ref, spot):
    return None if z is None or ref is None else abs(z - ref) / spot * 100


def main() -> None:
    rows, cases = [], []
    with tempfile.TemporaryDirectory() as root:
        for label, tk, spot, book in _books(root):
            n = int(np.count_nonzero((book[0] != 0) & np.isfinite(book[5])))
            t_zg, _ = _median_ms(snapshot_figures.zero_gamma_level, spot, *book)
            t_pass, c_pass = _median_ms(snapshot_figures.spot_profiles, spot, *book)
            t_old, c_old = _median_ms(_old_pass, spot, *book)
            new, old = snapshot_figures.spot_profiles(spot, *book), _old_pass(spot, *book)
            ref = _reference_zero_gamma(spot, *book)
            fd = _vega_slope_sign(spot, *book)
            case = {
                "book": label, "ticker": tk, "spot": spot, "contracts": n,
                "zero_gamma_ms": t_zg, "pass_ms": t_pass, "baseline_old_pass_ms": t_old,
                "ratio_pass_to_baseline": t_pass / t_old,
                "pass_cpu_ms": c_pass, "baseline_old_pass_cpu_ms": c_old,
                "reference_zero_gamma": ref, "zero_gamma": new["zero_gamma"],
                "old_zero_gamma": old["zero_gamma"],
                "error_pct_of_spot": _pct(new["zero_gamma"], ref, spot),
                "old_error_pct_of_spot": _pct(old["zero_gamma"], ref, spot),
                "old_null_mismatch": (old["zero_gamma"] is None) != (ref is None),
                "old_wrong_side": (ref is not None and old["zero_gamma"] is not None
                                   and (old["zero_gamma"] > spot) != (ref > spot)),
                "vanna_stochastic": new["vanna_stochastic"], "old_vanna_stochastic": old["vanna_stochastic"],
                "vega_slope_sign": fd,
                "vanna_sign_ok": (new["vanna_stochastic"] is not None
                                  and np.sign(new["vanna_stochastic"]) == fd),
                "old_vanna_sign_ok": (old["vanna_stochastic"] is not None
                                      and np.sign(old["vanna_stochastic"]) == fd),
            }
            cases.append(case)
            f = lambda x, d=4: "—" if x is None else f"{x:.{d}f}"  # noqa: E731
            rows.append((label, str(n), f(t_zg, 1), f(t_pass, 1), f(t_old, 1), f(t_pass / t_old, 2),
                         f"{c_pass:.1f}/{c_old:.1f}",
                         f(ref, 2), f(case["error_pct_of_spot"], 5), f(case["old_error_pct_of_spot"], 3),
                         f"{int(case['vanna_sign_ok'])}/{int(case['old_vanna_sign_ok'])}"))
    print_table("Zero gamma and vanna stochastic per book (times: median ms)", rows,
                ("book", "contracts", "zero γ ms", "pass ms", "old pass ms", "ratio", "cpu ms new/old",
                 "reference", "err % spot", "old err %", "vanna sign ok new/old"))
    spx = [c for c in cases if c["ticker"] == "SPX"]
    worst_spx = max(c["pass_ms"] for c in spx)
    errors = [c["error_pct_of_spot"] for c in cases if c["error_pct_of_spot"] is not None]
    old_errors = [c["old_error_pct_of_spot"] for c in cases if c["old_error_pct_of_spot"] is not None]
    summary = {
        "spx_pass_ms_max": worst_spx,
        "spx_zero_gamma_ms_max": max(c["zero_gamma_ms"] for c in spx),
        "target_ms": TARGET_MS,
        "meets_target": worst_spx <= TARGET_MS,
        "max_error_pct_of_spot": max(errors) if errors else None,
        "old_median_error_pct_of_spot": statistics.median(old_errors) if old_errors else None,
        "old_max_error_pct_of_spot": max(old_errors) if old_errors else None,
        "old_wrong_side": sum(c["old_wrong_side"] for c in cases),
        "old_null_mismatch": sum(c["old_null_mismatch"] for c in cases),
        "vanna_sign_ok": sum(bool(c["vanna_sign_ok"]) for c in cases),
        "old_vanna_sign_ok": sum(bool(c["old_vanna_sign_ok"]) for c in cases),
        "books": len(cases),
        "load_average_1min": __import__("os").getloadavg()[0],
    }
    print(f"\nSPX pass: worst median {worst_spx:.1f} ms (target {TARGET_MS:.0f} ms): "
          f"{'met' if summary['meets_target'] else 'NOT met'}")
    print(f"zero gamma max error {summary['max_error_pct_of_spot']} % of spot; "
          f"old median {summary['old_median_error_pct_of_spot']} %, "
          f"max {summary['old_max_error_pct_of_spot']} %")
    path = save_results("zero_gamma", {"summary": summary, "cases": cases})
    print(f"saved {path}")


if __name__ == "__main__":
    main()
