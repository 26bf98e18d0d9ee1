"""Helpers of the engine tests (tolerances, reference tables, realistic option sets)."""

from __future__ import annotations

from pathlib import Path

import numpy as np

DATA = Path(__file__).resolve().parents[1] / "fixtures"

# Relative 1e-10 with an absolute floor for values near zero, scaled to each greek's natural size for
# an option on an underlying at `spot` (price ~ spot, gamma ~ 1/spot, ...).
REL = 1e-10


def abs_floor(name: str, spot: float | np.ndarray) -> float | np.ndarray:
    scale = {
        "price": spot, "delta": 1.0, "gamma": 1.0 / spot, "vega": spot, "theta": spot, "rho": spot,
        "vanna": 1.0, "charm": 1.0, "vomma": spot, "speed": 1.0 / spot**2, "zomma": 1.0 / spot,
        "color": 1.0 / spot, "veta": spot,
    }[name]
    return 1e-13 * scale


def assert_close(name: str, got, want, spot, rel: float = REL) -> None:
    got = np.asarray(got, dtype=float)
    want = np.asarray(want, dtype=float)
    tol = rel * np.abs(want) + abs_floor(name, np.asarray(spot, dtype=float))
    err = np.abs(got - want)
    bad = ~(err <= tol)
    if bad.any():
        i = int(np.flatnonzero(bad.ravel())[0])
        raise AssertionError(
            f"{name}: {int(bad.sum())} of {bad.size} values off; first at {i}: got {got.ravel()[i]!r}, "
            f"want {want.ravel()[i]!r} (|err| {err.ravel()[i]:.3g} > "
            f"tol {np.broadcast_to(tol, bad.shape).ravel()[i]:.3g})")


def load_table(name: str) -> dict[str, np.ndarray]:
    lines = [ln for ln in (DATA / name).read_text().splitlines() if ln and not ln.startswith("#")]
    header = lines[0].split()
    values = np.array([[float(x) for x in ln.split()] for ln in lines[1:]])
    return {h: values[:, i].copy() for i, h in enumerate(header)}


def realistic_options(n: int, seed: int = 7) -> dict[str, np.ndarray]:
    """Spot 5000, strikes 0.5-1.5x, 1 day to 2 years, vols 5-100 %, mixed calls and puts."""
    rng = np.random.default_rng(seed)
    return {
        "spot": np.full(n, 5000.0),
        "strike": 5000.0 * rng.uniform(0.5, 1.5, n),
        "t": rng.uniform(1.0 / 365.0, 2.0, n),
        "rate": rng.uniform(-0.005, 0.06, n),
        "div_yield": rng.uniform(0.0, 0.04, n),
        "vol": rng.uniform(0.05, 1.0, n),
        "is_call": rng.random(n) < 0.5,
    }
