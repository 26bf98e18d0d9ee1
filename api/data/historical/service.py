"""Historical answers: the sessions and snapshot times a tier may pick from."""

from __future__ import annotations

from datetime import date

from api.data import service as svc
from domain import market_calendar as cal


def historical_dates(ticker: str, ctx: svc.Ctx) -> dict:
    return {"available_dates": [d.isoformat() for d in svc.reader().available_dates(ticker, until=ctx.cutoff)]}


def historical_times(ticker: str, day: date, ctx: svc.Ctx) -> dict:
    times = [t for t in svc.reader().snapshot_times(ticker, day) if t <= ctx.cutoff]
    return {"available_time": sorted({t.astimezone(cal.NY).strftime("%H:%M") for t in times})}
