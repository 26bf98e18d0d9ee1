"""Exposure answers beyond the shared exposure shape: end of day, strike lists, IV-adjusted vanna."""

from __future__ import annotations

from api.data import service as svc
from data.compute.read_analytics import IV_SHOCK
from data.compute.read_analytics import iv_adjusted_vanna as iv_adjusted_vanna_rows
from data.units import field_units, units_for

_COLUMN = {"both": "total", "call": "call", "put": "put"}


def daily_exposure(snap, greek: str, kind: str) -> dict:
    """The exposure at the last snapshot of the session (end of day when the session is over)."""
    payload = svc.exposure_payload(snap, greek, kind, None, False, snap.ticker)
    payload["date"] = svc.session_day(snap).isoformat()
    return payload


def ges_strike_list(snap, greek: str, kind: str, limit: int) -> dict:
    """Strikes with the largest absolute dealer exposure, biggest first, with the key levels."""
    df = svc.reader().exposure(snap, greek, kind, None)
    rows = [(float(s), svc.num(x) or 0.0) for s, x in zip(df["strike"].to_list(), df[_COLUMN[kind]].to_list())]
    rows.sort(key=lambda r: abs(r[1]), reverse=True)
    stats = svc.stats_of(snap)
    return {"greek": greek, "kind": kind, "strikes": [{"strike": s, "value": x} for s, x in rows[:limit]],
            "currentPrice": svc.num(stats.get("price")),
            "levels": {"zeroGamma": svc.num(stats.get("zeroGamma")), "callWall": svc.num(stats.get("callWall")),
                       "putWall": svc.num(stats.get("putWall"))},
            "unit": units_for(greek, svc.num(stats.get("price"))), "lastModified": svc.iso(snap.ts)}


def iv_adjusted_vanna(snap, kind: str) -> dict:
    """Vanna per strike for a +10 % relative IV move, computed in ``data.compute.read_analytics.iv_adjusted_vanna``."""
    r = svc.reader()
    df = r.exposure(snap, "vanna", kind, None)
    data = iv_adjusted_vanna_rows(df["strike"].to_list(), df[_COLUMN[kind]].to_list(), r.surface(snap, "iv", kind))
    return {"kind": kind, "ivShock": IV_SHOCK, "data": data, "currentPrice": svc.num(svc.stats_of(snap).get("price")),
            "unit": field_units(("ivAdjustedVanna",))["ivAdjustedVanna"], "lastModified": svc.iso(snap.ts)}
