"""The market clock's replay rule: which market instant a wall-clock instant shows, and back.

The demo's synthetic market is replayed so that the market is *always* open (``data/clock.py`` chooses
between this mapping and plain wall-clock time, ``VOLLAND_REPLAY_CLOCK``). For a wall-clock instant ``W``
(UTC):

1. Take the UTC calendar day of ``W`` and its minute of the day ``p = W - midnight_UTC`` (0 ≤ p < 1440).
2. Collect the most recent regular sessions (from :mod:`domain.market_calendar`, half days included) that
   closed before that UTC midnight, newest last, until their total length is at least
   :data:`REPLAY_WINDOW_MINUTES` (four full sessions of 390 minutes; five when a half day is among them)
   — :func:`replay_sessions`.
3. Lay those sessions end to end, market minute after market minute (closed periods skipped), and read
   the market instant ``1440 - p`` minutes before the close of the newest one.

So one wall second is one market second, 23:59:59 UTC is the close of the previous trading day, and the
mapping is fixed for a whole UTC day (it only jumps at UTC midnight). Because every session length and
1440 are multiples of 5 minutes, the 5-minute wall-clock grid maps onto the 5-minute market grid
(09:30, 09:35, ...): the scheduler's ``*/5`` cron fires exactly on market snapshot times.

``volland demo`` builds its intraday snapshots for exactly the replayed sessions (:func:`replay_days`:
those of the build's UTC day plus any session completed later that day, which the next day's window
starts with), so the replayed market time always falls on a day with intraday data even when no worker
publishes snapshots.
"""
from __future__ import annotations

from datetime import UTC, date, datetime, timedelta
from functools import lru_cache

from domain import market_calendar as cal

# Market minutes replayed per wall-clock UTC day: one wall second is one market second.
REPLAY_WINDOW_MINUTES = 24 * 60


@lru_cache(maxsize=64)
def replay_sessions(utc_day: date) -> tuple[tuple[datetime, datetime], ...]:
    """The (open, close) sessions replayed during the UTC day ``utc_day``, oldest first."""
    midnight = datetime.combine(utc_day, datetime.min.time(), tzinfo=UTC)
    out: list[tuple[datetime, datetime]] = []
    total = 0.0
    d = midnight.astimezone(cal.NY).date()
    while total < REPLAY_WINDOW_MINUTES:
        s = cal.session(d)
        if s is not None and s[1] <= midnight:
            out.append(s)
            total += (s[1] - s[0]).total_seconds() / 60.0
        d -= timedelta(days=1)
    out.reverse()
    return tuple(out)


def replay_days(as_of: datetime) -> list[date]:
    """The trading days a store built at ``as_of`` needs intraday data for, oldest first.

    The sessions replayed on ``as_of``'s UTC day, then every session that closed after that day's
    midnight but by ``as_of`` (it is replayed from the next UTC midnight on).
    """
    as_of = as_of.astimezone(UTC)
    days = [cal.ny_date(open_) for open_, _ in replay_sessions(as_of.date())]
    midnight = datetime.combine(as_of.date(), datetime.min.time(), tzinfo=UTC)
    d = days[-1] + timedelta(days=1)
    while d <= cal.ny_date(as_of):
        s = cal.session(d)
        if s is not None and midnight < s[1] <= as_of:
            days.append(d)
        d += timedelta(days=1)
    return days


def replay_market_time(wall: datetime) -> datetime:
    """Map a wall-clock instant onto market time with the replay mapping."""
    wall = wall.astimezone(UTC)
    midnight = datetime.combine(wall.date(), datetime.min.time(), tzinfo=UTC)
    remaining = timedelta(days=1) - (wall - midnight)  # time left until the newest close
    sessions = replay_sessions(wall.date())
    for open_, close in reversed(sessions):
        length = close - open_
        if remaining <= length:
            return close - remaining
        remaining -= length
    return sessions[0][0]  # unreachable: the sessions cover at least a day


def replay_wall_time(market_ts: datetime, wall: datetime) -> datetime:
    """The wall-clock instant at which the replayed market clock reaches ``market_ts``, seen from ``wall``.

    Exact while ``market_ts`` lies in the replay window of ``wall``'s UTC day (the Live countdown always
    does); beyond the newest replayed close the mapping re-bases at UTC midnight, so the answer is then.
    """
    wall = wall.astimezone(UTC)
    now_market = replay_market_time(wall)
    if market_ts <= now_market:
        return wall - (now_market - market_ts)
    # Walk forward through the replayed sessions, adding only open-market time.
    midnight = datetime.combine(wall.date(), datetime.min.time(), tzinfo=UTC)
    end_of_day = midnight + timedelta(days=1)
    elapsed = timedelta(0)
    cursor = now_market
    for open_, close in replay_sessions(wall.date()):
        if close <= cursor:
            continue
        start = max(open_, cursor)
        if market_ts <= close:
            candidate = wall + elapsed + (max(market_ts, start) - start)
            return min(candidate, end_of_day)
        elapsed += close - start
        cursor = close
    return end_of_day
