"""The sessions the demo's replay clock maps wall-clock time onto (shared by ``data.clock`` and the demo).

For a wall instant on UTC day *D*, the replay clock lays the most recent regular sessions that closed
before *D*'s midnight end to end until they cover :data:`REPLAY_WINDOW_MINUTES` (four full sessions of
390 minutes; five when a half day is among them) — see ``data/clock.py``. ``volland demo`` builds its
intraday snapshots for exactly those sessions (plus any session completed later the same UTC day, which
the next day's window starts with), so the replayed market time always falls on a day with intraday data
even when no worker publishes snapshots.
"""

from __future__ import annotations

from datetime import UTC, date, datetime, timedelta
from functools import lru_cache

from data import calendar as cal

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
