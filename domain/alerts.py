"""Alert rules: their kinds, their parameters, and one evaluation step against a snapshot's statistics.

Everything here is a pure function of a rule (kind, params, remembered state) and one published
statistics row (the store's column names: ``price``, ``zero_gamma``, ``call_wall``, ``put_wall``,
``paradigm``, ``target``, ``lis_low``, ``lis_high``, ``agg_<greek>``, ``vix``, ``previous_vix``), so the
evaluation job, the benchmark and the tests share one definition (docs/methodology.md §4.20).

Crossing rules (a level, a price, a greek's aggregate, a vol event) remember the side of their threshold
last seen. With a band ``h`` the side becomes ``above`` only when the value exceeds ``T + h`` and
``below`` only when it falls under ``T − h``; inside the band the side does not change. A rule fires when
the side changes in its direction, so a value hovering around the threshold fires once per crossing, not
once per wiggle. The first snapshot a rule sees only sets its side (nothing has been crossed yet).
"""

from __future__ import annotations

import bisect
import math
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from domain import vocabulary as v

KINDS: tuple[str, ...] = ("level_cross", "price_cross", "paradigm_change", "wall_move", "greek_threshold",
                          "vol_event")
LEVELS: tuple[str, ...] = ("zeroGamma", "callWall", "putWall", "target", "lis")
WALLS: tuple[str, ...] = ("callWall", "putWall")
DIRECTIONS: tuple[str, ...] = ("up", "down", "either")
PARADIGMS: tuple[str, ...] = ("GEX", "AG", "BOFA", "SIDIAL")
CHANNELS: tuple[str, ...] = ("app", "email", "webhook")
#: The default band of a price-level crossing, as a fraction of the snapshot's spot (0.05 %).
DEFAULT_PRICE_BAND = 0.0005
#: The default vol-event size, VIX points from the previous close.
DEFAULT_VOL_POINTS = 2.0
#: A vol event re-arms once the VIX change is back within this fraction of its size.
VOL_REARM = 0.5
MAX_WALL_STRIKES = 50

_LEVEL_COLUMNS = {"zeroGamma": "zero_gamma", "callWall": "call_wall", "putWall": "put_wall", "target": "target"}
LEVEL_LABELS = {"zeroGamma": "zero gamma", "callWall": "call wall", "putWall": "put wall",
                "target": "0DTE target", "lis": "LIS"}


class RuleError(ValueError):
    """A parameter of a rule is not valid: ``field`` (under ``params``) and one sentence."""

    def __init__(self, field: str, message: str) -> None:
        super().__init__(message)
        self.field = field
        self.message = message


def _number(params: dict, key: str, *, required: bool = True, minimum: float | None = None,
            positive: bool = False, default: float | None = None) -> float | None:
    raw = params.get(key)
    if raw is None:
        if required:
            raise RuleError(key, "This field is required.")
        return default
    if isinstance(raw, bool) or not isinstance(raw, (int, float)) or not math.isfinite(float(raw)):
        raise RuleError(key, "Must be a finite number.")
    x = float(raw)
    if positive and x <= 0:
        raise RuleError(key, "Must be greater than 0.")
    if minimum is not None and x < minimum:
        raise RuleError(key, f"Must be at least {minimum:g}.")
    return x


def _choice(params: dict, key: str, allowed: tuple[str, ...], default: str | None = None) -> str | None:
    raw = params.get(key, default)
    if raw is None:
        if default is None and key in params:
            return None
        return default
    if raw not in allowed:
        raise RuleError(key, f"Must be one of: {', '.join(allowed)}.")
    return raw


def normalize_params(kind: str, params: Any) -> dict:
    """The rule's parameters with defaults filled in; ``RuleError`` names the first bad one."""
    if not isinstance(params, dict):
        raise RuleError("_schema", "Must be an object.")
    if kind == "level_cross":
        allowed = {"level", "direction", "band"}
        out = {"level": _choice(params, "level", LEVELS) or _missing("level"),
               "direction": _choice(params, "direction", DIRECTIONS, "either"),
               "band": _number(params, "band", required=False, minimum=0.0)}
    elif kind == "price_cross":
        allowed = {"price", "direction", "band"}
        out = {"price": _number(params, "price", positive=True),
               "direction": _choice(params, "direction", DIRECTIONS, "either"),
               "band": _number(params, "band", required=False, minimum=0.0)}
    elif kind == "paradigm_change":
        allowed = {"to"}
        out = {"to": _choice(params, "to", PARADIGMS) if params.get("to") is not None else None}
    elif kind == "wall_move":
        allowed = {"wall", "strikes"}
        strikes = params.get("strikes", 1)
        if isinstance(strikes, bool) or not isinstance(strikes, int) or not 1 <= strikes <= MAX_WALL_STRIKES:
            raise RuleError("strikes", f"Must be a whole number from 1 to {MAX_WALL_STRIKES}.")
        out = {"wall": _choice(params, "wall", WALLS) or _missing("wall"), "strikes": strikes}
    elif kind == "greek_threshold":
        allowed = {"greek", "threshold", "direction", "band"}
        out = {"greek": _choice(params, "greek", v.GREEKS) or _missing("greek"),
               "threshold": _number(params, "threshold", required=False, default=0.0),
               "direction": _choice(params, "direction", DIRECTIONS, "either"),
               "band": _number(params, "band", required=False, minimum=0.0, default=0.0)}
    elif kind == "vol_event":
        allowed = {"points", "direction"}
        out = {"points": _number(params, "points", required=False, positive=True, default=DEFAULT_VOL_POINTS),
               "direction": _choice(params, "direction", DIRECTIONS, "either")}
    else:
        raise RuleError("kind", f"Must be one of: {', '.join(KINDS)}.")
    unknown = sorted(set(params) - allowed)
    if unknown:
        raise RuleError(unknown[0], "Unknown field.")
    return out


def _missing(key: str):
    raise RuleError(key, "This field is required.")


# ---------------------------------------------------------------- evaluation


@dataclass(frozen=True)
class Event:
    """What a rule saw fire: a short title, one sentence, and the figures behind it."""

    title: str
    message: str
    figures: dict


def _num(x) -> float | None:
    if x is None:
        return None
    if type(x) is float:   # the hot path: x − x is 0 only for a finite float
        return x if x - x == 0 else None
    try:
        f = float(x)
    except (TypeError, ValueError):
        return None
    return f if math.isfinite(f) else None


def level_band(row: dict, level: str) -> tuple[float, float] | None:
    """The level's value as a band ``(low, high)`` (one value: low == high), None when not published."""
    if level == "lis":
        lo, hi = _num(row.get("lis_low")), _num(row.get("lis_high"))
        if lo is None and hi is None:
            return None
        lo = hi if lo is None else lo
        hi = lo if hi is None else hi
        return (min(lo, hi), max(lo, hi))
    x = _num(row.get(_LEVEL_COLUMNS[level]))
    return None if x is None else (x, x)


def _side(value: float, low: float, high: float, band: float, previous: str | None) -> str | None:
    if value > high + band:
        return "above"
    if value < low - band:
        return "below"
    return previous


def _crossed(previous: str | None, side: str | None, direction: str) -> str | None:
    """``up``/``down`` when the side changed in the rule's direction, else None."""
    if previous is None or side is None or previous == side:
        return None
    move = "up" if side == "above" else "down"
    return move if direction in ("either", move) else None


def paradigm_base(name: str | None) -> str | None:
    """The paradigm's name without its suffix ('GEX-PURE' -> 'GEX'); None for empty or Undefined."""
    if not name:
        return None
    base = str(name).split("-", 1)[0].upper()
    return base if base in PARADIGMS else None


def step(kind: str, params: dict, state: dict, row: dict, ticker: str,
         strikes: Callable[[], list[float]] | None = None) -> tuple[dict, Event | None]:
    """One evaluation: the rule's new state and the event when it fires on this row. ``strikes`` gives the
    snapshot's listed strikes, ascending (read only when a wall moved)."""
    price = _num(row.get("price"))
    if kind in ("level_cross", "price_cross"):
        if price is None:
            return state, None
        if kind == "level_cross":
            band_of_level = level_band(row, params["level"])
            if band_of_level is None:
                return state, None
            low, high = band_of_level
            name = LEVEL_LABELS[params["level"]]
        else:
            low = high = params["price"]
            name = f"{params['price']:g}"
        band = params.get("band")
        band = DEFAULT_PRICE_BAND * price if band is None else band
        prev = state.get("side")
        side = _side(price, low, high, band, prev)
        if side == prev:
            return state, None   # nothing crossed, nothing to remember
        move = _crossed(prev, side, params["direction"])
        new = {"side": side}
        if not move:
            return new, None
        level_text = f"{low:g}" if low == high else f"{low:g}–{high:g}"
        word = "above" if move == "up" else "below"
        return new, Event(f"{ticker} crossed {word} {name}",
                          f"{ticker} spot {price:g} crossed {word} the {name} at {level_text}."
                          if kind == "level_cross" else f"{ticker} spot {price:g} crossed {word} {name}.",
                          {"spot": price, "level": params.get("level"), "levelValue": [low, high] if low != high
                           else low, "direction": move, "band": band})
    if kind == "greek_threshold":
        greek = params["greek"]
        value = _num(row.get(f"agg_{greek}"))
        if value is None:
            return state, None
        t = params["threshold"]
        prev = state.get("side")
        side = _side(value, t, t, params["band"], prev)
        if side == prev:
            return state, None
        move = _crossed(prev, side, params["direction"])
        new = {"side": side}
        if not move:
            return new, None
        what = "turned positive" if (t == 0 and move == "up") else "turned negative" if t == 0 else \
            f"crossed {'above' if move == 'up' else 'below'} {t:g}"
        return new, Event(f"{ticker} aggregate {greek} {what}",
                          f"{ticker} aggregate {greek} is {value:.6g}; it {what}.",
                          {"greek": greek, "value": value, "threshold": t, "direction": move})
    if kind == "vol_event":
        vix, prev_vix = _num(row.get("vix")), _num(row.get("previous_vix"))
        if vix is None or prev_vix is None:
            return state, None
        change = vix - prev_vix
        p = params["points"]
        zone = state.get("zone")
        if change >= p:
            zone_now = "up"
        elif change <= -p:
            zone_now = "down"
        elif abs(change) <= VOL_REARM * p:
            zone_now = "calm"
        else:
            zone_now = zone
        new = {"zone": zone_now}
        if zone is None or zone_now == zone or zone_now not in ("up", "down") \
                or params["direction"] not in ("either", zone_now):
            return new, None
        word = "jumped" if zone_now == "up" else "dropped"
        return new, Event(f"Vol event: VIX {word} {abs(change):.2f} points",
                          f"VIX {word} {abs(change):.2f} points from the previous close to {vix:.2f} "
                          f"(threshold {p:g}); {ticker} spot {price if price is not None else 'n/a'}.",
                          {"vix": vix, "previousVix": prev_vix, "change": change, "direction": zone_now})
    if kind == "paradigm_change":
        now = paradigm_base(row.get("paradigm"))
        if now is None:
            return state, None  # no 0DTE paradigm (after the close, no expiration): nothing to compare
        prev = state.get("paradigm")
        new = {"paradigm": now}
        if prev is None or prev == now or (params.get("to") and params["to"] != now):
            return new, None
        return new, Event(f"{ticker} paradigm changed to {now}",
                          f"{ticker} 0DTE paradigm changed from {prev} to {now} ({row.get('paradigm')}).",
                          {"from": prev, "to": now, "paradigm": row.get("paradigm"),
                           "target": _num(row.get("target"))})
    if kind == "wall_move":
        col = _LEVEL_COLUMNS[params["wall"]]
        wall = _num(row.get(col))
        if wall is None:
            return state, None
        anchor = _num(state.get("wall"))
        if anchor is None:
            return {"wall": wall}, None
        if wall == anchor:
            return state, None
        grid = strikes() if strikes is not None else []
        lo, hi = min(anchor, wall), max(anchor, wall)
        moved = bisect.bisect_right(grid, hi) - bisect.bisect_right(grid, lo)   # strikes in (lo, hi]
        if moved < params["strikes"]:
            return state, None  # the anchor stays: a slow drift adds up until it reaches N strikes
        word = "up" if wall > anchor else "down"
        name = LEVEL_LABELS[params["wall"]]
        return {"wall": wall}, Event(f"{ticker} {name} moved {word} {moved} strikes",
                                     f"{ticker} {name} moved {word} from {anchor:g} to {wall:g} ({moved} strikes).",
                                     {"from": anchor, "to": wall, "strikes": moved, "direction": word})
    raise ValueError(f"unknown rule kind {kind!r}")


def threshold_of(kind: str, params: dict, row: dict) -> float | None:
    """The one number a crossing rule compares spot (or its value) with: the benchmark's bare scan."""
    if kind == "price_cross":
        return params["price"]
    if kind == "level_cross":
        b = level_band(row, params["level"])
        return None if b is None else b[0]
    if kind == "greek_threshold":
        return params["threshold"]
    if kind == "vol_event":
        return params["points"]
    return None
