"""0DTE answers: the panel of the 0DTE widget, the paradigm and the charm balance of the session's expiration."""

from __future__ import annotations

from datetime import datetime

from api.data import service as svc
from data.units import field_units, units_for
from domain import market_calendar as cal

# Why a target or LIS is null (docs/methodology.md §4.5, "When a level is absent"). The codes are served in
# ``targetReason`` / ``lisReason``; null when the level is there.
AFTER_CLOSE = "after_close"                  # the session has closed: today's 0DTE options have expired
NO_EXPIRATION = "no_expiration_today"        # the snapshot's session has no expiration of the ticker
NO_CHARM = "no_charm_near_spot"              # Undefined: no 0DTE charm on one side of spot (or at all)
RANGE_PARADIGM = "range_paradigm"            # BOFA / SIDIAL: two LIS bound a range; there is no target
NO_CROSSING = "no_crossing_in_range"         # GEX / AG: aggregate charm does not turn inside the scanned range
ABSENCE_REASONS = (AFTER_CLOSE, NO_EXPIRATION, NO_CHARM, RANGE_PARADIGM, NO_CROSSING)


def absence_reasons(paradigm: str, target, lis, ts: datetime) -> dict:
    """``targetReason`` and ``lisReason`` of a paradigm answer: the code of why each level is null, else None.

    They restate the rules of ``data.compute.snapshot_figures.zero_dte_paradigm`` and of the stats row
    (``data.compute.snapshot``): an empty paradigm means the snapshot had no 0DTE contracts, which after
    the session's close is because they expired.
    """
    has_lis = lis is not None and (not isinstance(lis, list) or any(x is not None for x in lis))
    if not paradigm:
        sess = cal.session(ts.astimezone(cal.NY).date())
        why = AFTER_CLOSE if sess is not None and ts >= sess[1] else NO_EXPIRATION
        return {"targetReason": None if target is not None else why, "lisReason": None if has_lis else why}
    base = paradigm.split("-", 1)[0].upper()
    if base == "UNDEFINED":
        why_target = why_lis = NO_CHARM
    elif base in ("BOFA", "SIDIAL"):
        why_target, why_lis = RANGE_PARADIGM, NO_CHARM   # both LIS exist whenever both sides carry charm
    else:
        why_target = why_lis = NO_CROSSING
    return {"targetReason": None if target is not None else why_target, "lisReason": None if has_lis else why_lis}


def paradigm_answer(snap) -> dict:
    """The paradigm, its target and LIS, why either is absent, and the spot they are measured against."""
    p = svc.paradigm(snap)
    price = svc.num(svc.stats_of(snap).get("price"))
    return {**p, "currentPrice": price, **absence_reasons(p["paradigm"], p["target"], p["lis"], snap.ts)}


def zero_dte_panel(snap) -> dict:
    s = svc.stats_of(snap)
    return {**paradigm_answer(snap), "zerodte_agg_charm": svc.num(s.get("zerodte_agg_charm")),
            "total_0dte_opt_vol": svc.num(s.get("total_0dte_opt_vol")),
            "units": field_units(("zerodte_agg_charm",), svc.num(s.get("price")), {"zerodte_agg_charm": "charm"})}


def charm_balance(snap) -> dict:
    df = svc.reader().exposure(snap, "charm", "both", [svc.session_day(snap)])
    data = [{"strike": float(s), "value": svc.num(x) or 0.0} for s, x in zip(df["strike"].to_list(),
                                                                          df["total"].to_list())]
    price = svc.num(svc.stats_of(snap).get("price"))
    return {"data": data, "aggregate": float(sum(d["value"] for d in data)), "currentPrice": price,
            "unit": units_for("charm", price), "lastModified": svc.iso(snap.ts)}
