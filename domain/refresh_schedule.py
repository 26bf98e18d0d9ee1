"""Tier refresh schedule: which snapshot a subscriber sees and when it next changes.

Tiers differ only in freshness. A subscriber sees the latest snapshot published at or before the most
recent refresh instant of their tier:

* ``live``  — every 5 minutes on the market grid (09:30, 09:35, ... the close), each plus
  ``live_refresh_offset_seconds`` so the snapshot computed for that grid time has landed;
* ``30``    — every 30 minutes on the same grid (09:30, 10:00, ... the close), same offset;
* ``3``     — 11:30, 14:00 (plus the offset) and 19:00 New York time;
* ``basic`` — 19:00 New York time.

Only trading days have refreshes (NYSE holidays and half days come from :mod:`domain.market_calendar`);
on a half day the intraday grid stops at the 13:00 close, while the 14:00 and 19:00 refreshes still
happen and show the close. Outside market hours the next refresh is the next open (for ``live`` and
``30``) or the tier's next fixed time.

Everything here is a pure function of ``(tier, now, offset)`` so it is tested with a frozen clock.
"""

from __future__ import annotations

from datetime import date, datetime, time, timedelta, timezone

from domain import market_calendar as cal
from domain.tiers import TIER_IDS

UTC = timezone.utc
GRID_MINUTES = {"live": 5, "30": 30}
FIXED_TIMES = {"3": (time(11, 30), time(14, 0), time(19, 0)), "basic": (time(19, 0),)}
EVENING = time(19, 0)
# How far to look for a trading day: longer than any run of closures the exchange has had.
_MAX_SEARCH_DAYS = 15


def _check_tier(tier: str) -> None:
    if tier not in TIER_IDS:
        raise ValueError(f"unknown tier {tier!r}")


def refresh_times(tier: str, day: date, offset_seconds: int = 0) -> list[datetime]:
    """Refresh instants (tz-aware UTC, ascending) of ``tier`` on the New York date ``day``."""
    _check_tier(tier)
    s = cal.session(day)
    if s is None:
        return []
    open_, close = s
    offset = timedelta(seconds=offset_seconds)
    if tier in GRID_MINUTES:
        step = timedelta(minutes=GRID_MINUTES[tier])
        out = []
        t = open_
        while t <= close:
            out.append(t + offset)
            t += step
        return out
    out = []
    for hhmm in FIXED_TIMES[tier]:
        t = datetime.combine(day, hhmm, tzinfo=cal.NY).astimezone(UTC)
        # Intraday refreshes read a snapshot computed at that instant: give it the same head start.
        out.append(t + offset if hhmm != EVENING and t <= close else t)
    return out


def last_refresh(tier: str, now: datetime, offset_seconds: int = 0) -> datetime:
    """The most recent refresh instant of ``tier`` at or before ``now``."""
    _check_tier(tier)
    day = cal.ny_date(now)
    for _ in range(_MAX_SEARCH_DAYS):
        past = [t for t in refresh_times(tier, day, offset_seconds) if t <= now]
        if past:
            return past[-1]
        day -= timedelta(days=1)
    raise RuntimeError("no trading day found in the calendar window")  # pragma: no cover


def next_refresh(tier: str, now: datetime, offset_seconds: int = 0) -> datetime:
    """The first refresh instant of ``tier`` strictly after ``now`` (outside hours: the next open)."""
    _check_tier(tier)
    day = cal.ny_date(now)
    for _ in range(_MAX_SEARCH_DAYS):
        future = [t for t in refresh_times(tier, day, offset_seconds) if t > now]
        if future:
            return future[0]
        day += timedelta(days=1)
    raise RuntimeError("no trading day found in the calendar window")  # pragma: no cover


def data_cutoff(tier: str, now: datetime, offset_seconds: int = 0) -> datetime:
    """The instant a tier's data is frozen at: the snapshot served is the latest at or before it."""
    return last_refresh(tier, now, offset_seconds)


def schedule(tier: str, now: datetime, offset_seconds: int = 0) -> dict:
    """The countdown answer: tier, last and next refresh (market time, UTC)."""
    return {
        "tier": tier,
        "lastRefresh": last_refresh(tier, now, offset_seconds),
        "nextRefresh": next_refresh(tier, now, offset_seconds),
    }
