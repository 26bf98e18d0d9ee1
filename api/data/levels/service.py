"""Price and levels: the session's 5-minute candles and the levels as they stood at each snapshot
(docs/methodology.md §4.12).

The candles come from the one-minute bars stored with each snapshot (``Reader.candles``); the levels over
all expirations are the ones published with each snapshot (``Reader.level_series``); for a subset of
expirations each snapshot's levels are re-priced from its stored contracts (``svc.levels``), once per
(snapshot, expirations) in the process (``api.cache.SNAPSHOTS``).
"""

from __future__ import annotations

from datetime import date

from api import cache
from api.data import service as svc
from api.errors import ApiError

FREQUENCY = 5          # candle length in minutes
MAX_PREVIOUS_SESSIONS = 5


def previous_days(snap, count: int) -> list[date]:
    """The ``count`` session dates before the snapshot's session with a snapshot published by ``snap.ts``."""
    if count <= 0:
        return []
    day = svc.session_day(snap)
    days = [d for d in svc.reader().available_dates(snap.ticker, until=snap.ts) if d < day]
    return days[-count:]


def _lis(lo, hi):
    lo, hi = svc.num(lo), svc.num(hi)
    if lo is not None and hi is not None and lo != hi:
        return [lo, hi]
    return lo if lo is not None else hi


def _subset_levels(snap, chosen: list[date]) -> dict:
    fact = "levels:" + ",".join(d.isoformat() for d in chosen)
    return cache.SNAPSHOTS.get_or_compute(fact, snap.snapshot_id, lambda: svc.levels(snap, chosen))


def _chosen_for(day_snaps: list, selection: dict, ctx: svc.Ctx, current: bool, historical: bool):
    """The expirations the selection means on one session (resolved at its last snapshot in scope):
    None for all of them. A previous session is always read as historical."""
    last = day_snaps[-1]
    key = svc.expirations_key(selection, last, ctx, historical=historical or not current)
    if not current:
        try:
            return svc.resolve_expirations(last, key, ctx)
        except ApiError:
            return []   # the selection means nothing on that session: no levels
    return svc.resolve_expirations(last, key, ctx)


def session_levels(ticker: str, day: date, until, chosen: list[date] | None) -> list[dict]:
    """The levels at each snapshot of ``ticker``'s session ``day`` up to ``until`` (inclusive)."""
    r = svc.reader()
    df = r.level_series(ticker, day, until=until)
    rows = df.to_dicts()
    out = []
    if chosen is None:
        for row in rows:
            out.append({"t": svc.iso(row["ts"]), "price": svc.num(row["price"]),
                        "zeroGamma": svc.num(row["zero_gamma"]), "callWall": svc.num(row["call_wall"]),
                        "putWall": svc.num(row["put_wall"]), "target": svc.num(row["target"]),
                        "lis": _lis(row["lis_low"], row["lis_high"])})
        return out
    by_ts = {row["ts"]: row for row in rows}
    for snap in r.snapshots_of_day(ticker, day, until=until):
        row = by_ts.get(snap.ts, {})
        lv = _subset_levels(snap, chosen) if chosen else {"zeroGamma": None, "callWall": None, "putWall": None}
        out.append({"t": svc.iso(snap.ts), "price": svc.num(row.get("price")),
                    "zeroGamma": svc.num(lv["zeroGamma"]), "callWall": svc.num(lv["callWall"]),
                    "putWall": svc.num(lv["putWall"]), "target": svc.num(row.get("target")),
                    "lis": _lis(row.get("lis_low"), row.get("lis_high"))})
    return out


def session_candles(ticker: str, day: date, until) -> list[dict]:
    df = svc.reader().candles(ticker, day, minutes=FREQUENCY, until=until)
    return [{"t": svc.iso(t), "open": svc.num(o), "high": svc.num(h), "low": svc.num(lo), "close": svc.num(c)}
            for t, o, h, lo, c in zip(df["ts"].to_list(), df["open"].to_list(), df["high"].to_list(),
                                      df["low"].to_list(), df["close"].to_list())]


def price_levels(snap, params: dict, ctx: svc.Ctx) -> dict:
    """The answer of ``volland-price-levels`` for ``params`` (``ticker``, ``expirations`` selection,
    ``previousSessions``, ``historical``), as of the snapshot ``snap``: nothing after ``snap.ts``."""
    r = svc.reader()
    ticker, historical = snap.ticker, params["historical"]
    selection = params["selection"]
    days = [*previous_days(snap, params["previousSessions"]), svc.session_day(snap)]
    candles: list[dict] = []
    levels: list[dict] = []
    chosen_now: list[date] | None = None
    shown: list[date] = []
    for day in days:
        current = day == days[-1]
        day_snaps = r.snapshots_of_day(ticker, day, until=snap.ts)
        if not day_snaps:
            continue
        chosen = _chosen_for(day_snaps, selection, ctx, current, historical)
        if current:
            chosen_now = chosen
        shown.append(day)
        candles += session_candles(ticker, day, snap.ts)
        levels += session_levels(ticker, day, snap.ts, chosen)
    stats = svc.stats_of(snap)
    line = bool(candles) and all(c["open"] == c["high"] == c["low"] == c["close"] for c in candles)
    exps = svc.snap_expirations(snap) if chosen_now is None else chosen_now
    return {
        "ticker": ticker, "frequency": FREQUENCY, "style": "line" if line else "candles",
        "sessions": [d.isoformat() for d in shown],
        "expirations": [d.isoformat() for d in exps],
        "zeroDte": bool(svc.session_day(snap) in svc.snap_expirations(snap)),
        "candles": candles, "levels": levels, "currentPrice": svc.num(stats.get("price")),
        "lastModified": svc.iso(snap.ts),
    }
