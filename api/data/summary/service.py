"""Per-ticker statistics answers, read from the snapshot's statistics row and the daily table."""

from __future__ import annotations

from datetime import timedelta

from api.data import service as svc
from domain import vocabulary as v
from data.units import field_units, units_for


def summary(snap) -> dict:
    s = svc.stats_of(snap)
    keys = ("price", "previousClose", "vix", "previousVix", "notionalVolume", "vannaStochastic")
    return {**{k: svc.num(s.get(k)) for k in keys}, "units": field_units(keys), "lastModified": svc.iso(snap.ts)}


def aggregate(snap, greek: str) -> dict:
    s = svc.stats_of(snap)
    return {"greek": greek, "aggregate": svc.num((s.get("aggregates") or {}).get(greek)),
            "unit": units_for(greek, svc.num(s.get("price"))), "lastModified": svc.iso(snap.ts)}


def premium(snap) -> dict:
    s = svc.stats_of(snap)
    return {"dealerPremium": svc.num(s.get("dealerPremium")),
            "zeroDteDealerPremium": svc.num(s.get("zeroDteDealerPremium")),
            "units": field_units(("dealerPremium", "zeroDteDealerPremium")), "lastModified": svc.iso(snap.ts)}


def liquidity(snap) -> dict:
    s = svc.stats_of(snap)
    keys = ("deltaAdjustedDealerSpread", "dayToDayDeltaAdjustedDealerSpread", "deltaAdjustedDealerPremium")
    return {**{k: svc.num(s.get(k)) for k in keys}, "units": field_units(keys), "lastModified": svc.iso(snap.ts)}


def agg_charm(snap) -> dict:
    """Intraday path of aggregate charm (all expirations and 0DTE) through the session so far."""
    r = svc.reader()
    day = svc.session_day(snap)
    series = []
    times = [t for t in r.snapshot_times(snap.ticker, day) if t <= snap.ts]
    for t in times[-v.AGG_CHARM_POINTS:]:
        ref = r.snapshot_at_or_before(snap.ticker, t)
        if ref is None:
            continue
        try:
            s = svc.stats_of(ref)
        except svc.ApiError:  # no statistics row published for that snapshot
            continue
        series.append({"t": svc.iso(ref.ts), "aggregate": svc.num((s.get("aggregates") or {}).get("charm")),
                       "zeroDte": svc.num(s.get("zerodte_agg_charm"))})
    s = svc.stats_of(snap)
    return {"greek": "charm", "aggregate": svc.num((s.get("aggregates") or {}).get("charm")),
            "zerodte_agg_charm": svc.num(s.get("zerodte_agg_charm")), "series": series,
            "unit": units_for("charm", svc.num(s.get("price"))), "lastModified": svc.iso(snap.ts)}


def eod(snap, days: int) -> dict:
    """The ticker's daily rows of the last ``days`` calendar days visible at the snapshot's time (a day's
    row from that day's close on: data.store.query.daily_visible_through)."""
    day = svc.session_day(snap)
    df = svc.reader().daily(snap.ticker, day - timedelta(days=days), day, as_of=snap.ts)
    rows = []
    if df.height:
        cols = df.columns
        for row in df.iter_rows(named=True):
            rows.append({"date": row["date"].isoformat(), "close": svc.num(row.get("close")),
                         "vixClose": svc.num(row.get("vix_close")),
                         "aggregates": {g: svc.num(row.get(f"agg_{g}")) for g in v.GREEKS if f"agg_{g}" in cols}})
    spot = svc.num(svc.stats_of(snap).get("price"))
    units = {"close": field_units(("price",))["price"], "vixClose": field_units(("vix",))["vix"],
             **{f"aggregates.{g}": units_for(g, spot) for g in v.GREEKS}}
    return {"ticker": snap.ticker, "eod": rows, "units": units, "lastModified": svc.iso(snap.ts)}
