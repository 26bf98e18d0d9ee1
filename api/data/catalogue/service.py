"""Catalogue answers: the tickers of a list, the expirations of a ticker or a mixed group, the schedule."""

from __future__ import annotations

from datetime import date, datetime

from domain import refresh_schedule
from domain.expirations import standard_expirations
from api.data import service as svc
from domain import market_calendar as cal


def tickers(ctx: svc.Ctx, kind: str) -> dict:
    return {"tickers": svc.reader().tickers(kind, at=ctx.cutoff)}


def snapshot_for(ticker: str, day: date | None, ctx: svc.Ctx):
    """The tier's live snapshot of ``ticker``, or the last one of ``day``."""
    if day is None:
        return svc.live_snapshot(ticker, ctx)
    return svc.historical_snapshot(ticker, day.isoformat(), ctx)


def expirations(snaps: list) -> dict:
    return {"expirations": sorted({d.isoformat() for x in snaps for d in svc.snap_expirations(x)})}


def generic_expirations(day: date | None, ctx: svc.Ctx) -> dict:
    ref_day = day or ctx.cutoff.astimezone(cal.NY).date()
    return {"expirations": [d.isoformat() for d in standard_expirations(ref_day)]}


def next_refresh(tier: str) -> dict:
    """When the tier's data next changes (wall clock and market clock), and whether refreshes stalled.

    ``lastPublished`` is the newest snapshot the tier is served (published at or before its cut-off), never a
    later one the tier may not see yet; the stall rule reads the newest snapshot published by market now.
    """
    from jobs.state import read_stall
    from data.clock import market_now, wall_for_market, wall_now

    replay = svc.settings().replay_clock
    wall = wall_now()
    now = market_now(wall, replay=replay)
    off = svc.offset_seconds()
    last = refresh_schedule.last_refresh(tier, now, off)
    nxt = refresh_schedule.next_refresh(tier, now, off)
    next_wall = wall_for_market(nxt, wall, replay=replay)
    answer = {"tier": tier, "nextRefresh": svc.iso(next_wall),
              "lastRefresh": svc.iso(wall_for_market(last, wall, replay=replay)),
              "serverTime": svc.iso(wall), "marketTime": svc.iso(now), "marketNextRefresh": svc.iso(nxt),
              "marketLastRefresh": svc.iso(last),
              "secondsToNextRefresh": max(0, int((next_wall - wall).total_seconds())), "replay": replay}
    market_now_ = datetime.fromisoformat(answer["marketTime"].replace("Z", "+00:00"))
    try:
        published = svc.reader().newest_time_at_or_before(market_now_)
        visible = svc.reader().newest_time_at_or_before(svc.make_ctx(tier, now).cutoff)
    except Exception:  # noqa: BLE001 - an unreadable store counts as nothing published (as the stall check)
        published = visible = None
    answer.update(read_stall(market_now_, off, published, use_store=False))
    answer["lastPublished"] = svc.iso(visible)
    return answer
