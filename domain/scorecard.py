"""The levels scorecard: how often spot touched a published level within the session, how often the level
held, and how often a 0DTE paradigm's target was reached (docs/methodology.md §4.21).

Pure functions over one ticker's published snapshots (time, price, levels), oldest first, grouped by
session. Only sessions whose close is at or before the as-of instant count, so an answer as of T uses
nothing after T and never a half-finished session.

Per session and level kind (zero gamma, call wall, put wall, the 0DTE target, each LIS):

* the **reference** is the level published at the session's first snapshot with that level and a price;
  spot starts on one side of it (a start exactly on the level is not counted);
* **touched**: a later snapshot of the session has spot at or beyond the reference level;
* **held** (of the touched sessions): after the first touch, spot moves back to its starting side by at
  least ``HOLD_DISTANCE`` (a fraction of the level) before it goes beyond the level by more than that
  distance; a session that does neither by its last snapshot is not held;
* **target reached** (sessions whose first snapshot with a paradigm is GEX or AG with a target): spot
  reaches the target later in the session (GEX: price ≥ target above; AG: price ≤ target below).

Each rate comes with ``n`` (its denominator), ``k`` and a 95 % Wilson score interval.
"""

from __future__ import annotations

import math
from collections.abc import Sequence

#: The hold distance: a fraction of the level (0.25 %).
HOLD_DISTANCE = 0.0025
LEVEL_KINDS: tuple[str, ...] = ("zeroGamma", "callWall", "putWall", "lis", "target")
Z95 = 1.959963984540054


def wilson(k: int, n: int, z: float = Z95) -> tuple[float, float] | None:
    """The Wilson score interval of ``k`` successes in ``n`` trials (None when n is 0)."""
    if n <= 0:
        return None
    p = k / n
    denom = 1 + z * z / n
    centre = (p + z * z / (2 * n)) / denom
    half = z * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n)) / denom
    return (max(0.0, centre - half), min(1.0, centre + half))


def rate(k: int, n: int) -> dict:
    ci = wilson(k, n)
    return {"k": k, "n": n, "rate": (k / n) if n else None, "low": ci[0] if ci else None,
            "high": ci[1] if ci else None}


def _finite(x) -> bool:
    return x is not None and isinstance(x, (int, float)) and math.isfinite(x)


def session_outcome(prices: Sequence, levels: Sequence) -> tuple[bool, bool] | None:
    """(touched, held) for one session's prices and the level at each snapshot, or None when the session
    has no reference (no snapshot with both, or spot starts exactly on the level)."""
    start = next((i for i, (p, lv) in enumerate(zip(prices, levels)) if _finite(p) and _finite(lv)), None)
    if start is None:
        return None
    level, s0 = float(levels[start]), float(prices[start])
    if s0 == level:
        return None
    side = 1.0 if s0 > level else -1.0
    d = HOLD_DISTANCE * abs(level)
    touched = False
    for p in prices[start + 1:]:
        if not _finite(p):
            continue
        x = side * (float(p) - level)   # > 0: on the starting side
        if not touched:
            if x <= 0:
                touched = True
                if x < -d:
                    return True, False  # touched by going through by more than the distance at once
            continue
        if x >= d:
            return True, True
        if x < -d:
            return True, False
    return touched, False


def target_outcome(prices: Sequence, paradigms: Sequence, targets: Sequence) -> bool | None:
    """Whether the first GEX/AG target of the session was reached later in it (None: no such target)."""
    for i, (name, t) in enumerate(zip(paradigms, targets)):
        base = (name or "").split("-", 1)[0].upper()
        if not base:
            continue
        if base not in ("GEX", "AG") or not _finite(t):
            return None
        t = float(t)
        later = [float(p) for p in prices[i + 1:] if _finite(p)]
        return any(p >= t for p in later) if base == "GEX" else any(p <= t for p in later)
    return None


def score(sessions: Sequence[dict]) -> dict:
    """The scorecard over ``sessions``: each a dict of equal-length lists ``price``, ``zero_gamma``,
    ``call_wall``, ``put_wall``, ``lis_low``, ``lis_high``, ``target``, ``paradigm`` (one session each)."""
    cols = {"zeroGamma": ("zero_gamma",), "callWall": ("call_wall",), "putWall": ("put_wall",),
            "lis": ("lis_low", "lis_high"), "target": ("target",)}
    out = {}
    for kind, names in cols.items():
        n_ref = touched = held = 0
        for s in sessions:
            for name in names:
                if kind == "lis" and name == "lis_high" and list(s["lis_high"]) == list(s["lis_low"]):
                    continue  # one LIS published in both columns: count it once
                res = session_outcome(s["price"], s[name])
                if res is None:
                    continue
                n_ref += 1
                touched += res[0]
                held += res[1]
        out[kind] = {"touch": rate(touched, n_ref), "hold": rate(held, touched)}
    reached = n_t = 0
    for s in sessions:
        res = target_outcome(s["price"], s["paradigm"], s["target"])
        if res is None:
            continue
        n_t += 1
        reached += res
    out["paradigmTarget"] = rate(reached, n_t)
    return out
