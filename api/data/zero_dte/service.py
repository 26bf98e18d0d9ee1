"""0DTE answers: the panel of the 0DTE widget and the charm balance of the session's expiration."""

from __future__ import annotations

from api.data import service as svc
from data.units import field_units, units_for


def zero_dte_panel(snap) -> dict:
    s = svc.stats_of(snap)
    return {**svc.paradigm(snap), "zerodte_agg_charm": svc.num(s.get("zerodte_agg_charm")),
            "total_0dte_opt_vol": svc.num(s.get("total_0dte_opt_vol")),
            "units": field_units(("zerodte_agg_charm",), svc.num(s.get("price")), {"zerodte_agg_charm": "charm"})}


def charm_balance(snap) -> dict:
    df = svc.reader().exposure(snap, "charm", "both", [svc.session_day(snap)])
    data = [{"strike": float(s), "value": svc.num(x) or 0.0} for s, x in zip(df["strike"].to_list(),
                                                                          df["total"].to_list())]
    price = svc.num(svc.stats_of(snap).get("price"))
    return {"data": data, "aggregate": float(sum(d["value"] for d in data)), "currentPrice": price,
            "unit": units_for("charm", price), "lastModified": svc.iso(snap.ts)}
