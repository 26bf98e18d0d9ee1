"""Key levels answer: per ticker of a list, spot, the walls, zero gamma, the 0DTE target and LIS and the
straddle's expected move, each with its change since the previous close (docs/methodology.md §4.13).

The levels are the published ones (methodology §4.5, §4.9: the snapshot's statistics row), never computed
again; only the expected move is priced here, from the snapshot's stored contracts.
"""

from __future__ import annotations

from datetime import timedelta

from api.data import service as svc
from api.errors import ApiError
from data.compute.read_analytics import straddle_expected_move
from domain import market_calendar as cal

PRICE_UNIT = {"unit": "price points (the underlying's price)", "conversions": []}
PERCENT_UNIT = {"unit": "% of spot", "conversions": []}
UNITS = {**{f: PRICE_UNIT for f in ("spot", "callWall", "putWall", "zeroGamma", "target", "lis", "expectedMove",
                                    "expectedMoveStrike")},
         "expectedMovePercent": PERCENT_UNIT}
# The expirations read for the straddle: the nearest few (the one used is almost always the first or the
# second; all of them are read only when none of these has a priced pair).
NEAREST_EXPIRATIONS = 3


def tickers_of(raw: list[str]) -> list[str]:
    """The list's tickers, each once in its first place, every one in the universe (422 naming ``tickers``)."""
    out: list[str] = []
    for t in raw:
        if t not in out:
            svc.known_ticker(t, "tickers")
            out.append(t)
    return out


def snapshot_or_note(ticker: str, when: str | None, ctx: svc.Ctx):
    """(snapshot, None), or (None, the sentence saying why the ticker has no data then)."""
    try:
        snap = svc.live_snapshot(ticker, ctx) if when is None else svc.historical_snapshot(ticker, when, ctx)
    except ApiError as e:
        if e.status != 404:
            raise
        return None, e.message
    return snap, None


def previous_close_snapshot(snap):
    """The previous session's close: the ticker's last snapshot of the session before ``snap``'s, at or
    before that session's close; None when that session was not published."""
    prev = cal.previous_trading_day(svc.session_day(snap))
    sess = cal.session(prev)
    if sess is None:
        return None
    ref = svc.reader().snapshot_at_or_before(snap.ticker, sess[1])
    return ref if ref is not None and svc.session_day(ref) == prev else None


def previous_zero_dte_snapshot(snap):
    """The previous session's last snapshot before its close (its 0DTE options still listed): the reference
    of the target and LIS, which a close snapshot no longer has (methodology §4.4)."""
    prev = cal.previous_trading_day(svc.session_day(snap))
    sess = cal.session(prev)
    if sess is None:
        return None
    ref = svc.reader().snapshot_at_or_before(snap.ticker, sess[1] - timedelta(microseconds=1))
    return ref if ref is not None and svc.session_day(ref) == prev else None


def _lis_list(value) -> list[float]:
    if value is None:
        return []
    values = value if isinstance(value, (list, tuple)) else [value]
    return sorted(float(x) for x in values if x is not None)


def expected_move_of(snap) -> dict | None:
    """The straddle expected move of a snapshot (memoized per snapshot id)."""
    def compute():
        r = svc.reader()
        day = svc.session_day(snap)
        near = [e for e in svc.snap_expirations(snap) if e >= day][:NEAREST_EXPIRATIONS]
        move = straddle_expected_move(r.contract_rows(snap, near)) if near else None
        if move is None:
            move = straddle_expected_move(r.contract_rows(snap))
        return {"value": move}

    return svc.memoized("straddle_move", snap, compute)["value"]


def figures(snap) -> dict:
    """The figures of one snapshot, as published (statistics row) plus the straddle's expected move."""
    s = svc.stats_of(snap)
    return {"spot": svc.num(s.get("price")), "callWall": svc.num(s.get("callWall")),
            "putWall": svc.num(s.get("putWall")), "zeroGamma": svc.num(s.get("zeroGamma")),
            "target": svc.num(s.get("target")), "lis": _lis_list(s.get("lis")),
            "paradigm": s.get("paradigm") or "", "move": expected_move_of(snap)}


def _reference_figures(ref) -> dict:
    """The figures of a reference snapshot; none (so no change) when it is missing or has no statistics."""
    if ref is None:
        return {}
    try:
        return figures(ref)
    except ApiError as e:
        if e.status != 404:
            raise
        return {}


def _diff(now, then):
    return None if now is None or then is None else now - then


def _has_zero_dte(snap) -> bool:
    return svc.session_day(snap) in svc.snap_expirations(snap) or bool(svc.stats_of(snap).get("paradigm"))


EMPTY_ROW = {"lastModified": None, "previousCloseAt": None, "zeroDte": False, "spot": None, "spotChange": None,
             "callWall": None, "callWallChange": None, "putWall": None, "putWallChange": None, "zeroGamma": None,
             "zeroGammaChange": None, "target": None, "targetChange": None, "lis": [], "lisChange": None,
             "expectedMove": None, "expectedMovePercent": None, "expectedMoveChange": None,
             "expectedMoveExpiration": None, "expectedMoveStrike": None}


def row(ticker: str, snap, note: str | None) -> dict:
    """One ticker's row: its figures and their changes since the previous close."""
    if snap is None:
        return {"ticker": ticker, **EMPTY_ROW, "note": note}
    now = figures(snap)
    ref = previous_close_snapshot(snap)
    then = _reference_figures(ref)
    zthen = _reference_figures(previous_zero_dte_snapshot(snap))
    move, move_then = now["move"] or {}, then.get("move") or {}
    lis_then = zthen.get("lis")
    lis_change = ([a - b for a, b in zip(now["lis"], lis_then)]
                  if now["lis"] and lis_then and len(lis_then) == len(now["lis"]) else None)
    return {
        "ticker": ticker, "lastModified": svc.iso(snap.ts), "previousCloseAt": svc.iso(ref.ts) if ref is not None and then else None,
        "note": None, "zeroDte": _has_zero_dte(snap),
        "spot": now["spot"], "spotChange": _diff(now["spot"], then.get("spot")),
        "callWall": now["callWall"], "callWallChange": _diff(now["callWall"], then.get("callWall")),
        "putWall": now["putWall"], "putWallChange": _diff(now["putWall"], then.get("putWall")),
        "zeroGamma": now["zeroGamma"], "zeroGammaChange": _diff(now["zeroGamma"], then.get("zeroGamma")),
        "target": now["target"], "targetChange": _diff(now["target"], zthen.get("target")),
        "lis": now["lis"], "lisChange": lis_change,
        "expectedMove": move.get("points"), "expectedMovePercent": move.get("percent"),
        "expectedMoveChange": _diff(move.get("points"), move_then.get("points")),
        "expectedMoveExpiration": move.get("expiration"), "expectedMoveStrike": move.get("strike"),
    }


def key_levels(picks: list[tuple[str, object, str | None]]) -> dict:
    """The answer for ``(ticker, snapshot or None, note)`` of each ticker of the list."""
    rows = [row(t, snap, note) for t, snap, note in picks]
    times = [r["lastModified"] for r in rows if r["lastModified"]]
    return {"rows": rows, "lastModified": max(times) if times else None, "units": UNITS}
