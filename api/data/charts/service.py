"""Chart answers: intraday candles, the vanna plane, IV and greek surfaces, spot–vol statistics."""

from __future__ import annotations

from datetime import date, datetime

from api.data import service as svc
from data.units import units_for


def candles(snap, frequency: int) -> dict:
    df = svc.reader().candles(snap.ticker, svc.session_day(snap), minutes=frequency, until=snap.ts)
    out = [{"t": svc.iso(t), "open": svc.num(o), "high": svc.num(h), "low": svc.num(lo), "close": svc.num(c)}
           for t, o, h, lo, c in zip(df["ts"].to_list(), df["open"].to_list(), df["high"].to_list(),
                                     df["low"].to_list(), df["close"].to_list())]
    return {"candles": out, "frequency": frequency, "lastModified": svc.iso(snap.ts)}


def vanna_plane(snap) -> dict:
    plane = svc.reader().vanna_plane(snap.ticker, svc.session_day(snap), until=snap.ts)
    return {"times": [svc.iso(t) for t in plane["times"]], "strikes": plane["strikes"], "z": plane["z"],
            "currentPrice": svc.num(svc.stats_of(snap).get("price")), "lastModified": svc.iso(snap.ts)}


def _day_text(d) -> str:
    if isinstance(d, datetime):
        return d.date().isoformat()
    return d.isoformat() if isinstance(d, date) else str(d)


def surface(snap, value: str, kind: str) -> dict:
    s = svc.reader().surface(snap, value, kind)
    price = svc.num(svc.stats_of(snap).get("price"))
    return {"greek": value, "kind": kind, "expirations": [_day_text(d) for d in s["expirations"]],
            "strikes": s["strikes"], "z": s["z"], "currentPrice": price, "unit": units_for(value, price),
            "lastModified": svc.iso(snap.ts)}


def scatterplot(snap) -> dict:
    """Spot–vol statistics, computed once in ``data.compute.read_analytics.spot_vol`` (methodology §4.7)."""
    sv = svc.spot_vol(snap)
    return {"rValue": sv["rValue"], "slope": sv["slope"], "intercept": sv["intercept"],
            "currentRatio": sv["currentRatio"], "scatterPoints": sv["scatterPoints"],
            "currentPoint": sv["currentPoint"], "lastModified": svc.iso(snap.ts)}
