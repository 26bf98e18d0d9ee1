"""The market clock: what time it is on the market the product serves.

Two modes, chosen by ``VOLLAND_REPLAY_CLOCK`` (``get_settings().replay_clock``):

* **real** — market time is wall-clock time. A production deployment fed by a real source uses this.
* **replay** (the default, for the demo's synthetic market) — wall-clock time is mapped onto the most
  recent completed sessions so that the market is *always* open: a visitor at 03:00 on a Sunday sees
  Live data move every 5 minutes like on a weekday afternoon.

The replay mapping, for a wall-clock instant ``W`` (UTC):

1. Take the UTC calendar day of ``W`` and its minute of the day ``p = W - midnight_UTC`` (0 ≤ p < 1440).
2. Collect the most recent regular sessions (from :mod:`data.calendar`, half days included) that closed
   before that UTC midnight, newest last, until their total length is at least 1440 minutes (four
   full sessions of 390 minutes; five when a half day is among them) — :func:`data.replay.replay_sessions`,
   which ``volland demo`` also uses to choose the days it builds intraday snapshots for.
3. Lay those sessions end to end, market minute after market minute (closed periods skipped), and read
   the market instant ``1440 - p`` minutes before the close of the newest one.

So one wall second is one market second, 23:59:59 UTC is the close of the previous trading day, and the
mapping is fixed for a whole UTC day (it only jumps at UTC midnight). Because every session length and
1440 are multiples of 5 minutes, the 5-minute wall-clock grid maps onto the 5-minute market grid
(09:30, 09:35, ...): the scheduler's ``*/5`` cron fires exactly on market snapshot times.

The API and the jobs both read "now" through :func:`market_now`, so the tier schedule advances in
step with the snapshots the jobs publish.
"""

from __future__ import annotations

from datetime import datetime, timedelta, timezone

from data import calendar as cal
from data.replay import REPLAY_WINDOW_MINUTES, replay_sessions  # noqa: F401  (re-exported)
from volland.settings import frozen_now

UTC = timezone.utc
DAY_MINUTES = 24 * 60
if REPLAY_WINDOW_MINUTES != DAY_MINUTES:  # one wall second is one market second
    raise ImportError("the replay window must be one day of market minutes")

# Tests and the benchmark freeze the wall clock with this variable (``volland.settings.frozen_now``).
FROZEN_ENV = "VOLLAND_FROZEN_NOW"


def wall_now() -> datetime:
    """Wall-clock time, tz-aware UTC (``VOLLAND_FROZEN_NOW`` pins it)."""
    frozen = frozen_now()
    if frozen:
        ts = datetime.fromisoformat(frozen)
        return ts.replace(tzinfo=UTC) if ts.tzinfo is None else ts.astimezone(UTC)
    return datetime.now(UTC)


def _replay_enabled(replay: bool | None) -> bool:
    if replay is not None:
        return replay
    from volland.settings import get_settings

    return get_settings().replay_clock


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


def market_now(wall: datetime | None = None, *, replay: bool | None = None) -> datetime:
    """Market "now" (tz-aware UTC) for the wall-clock instant ``wall`` (default: now)."""
    wall = wall or wall_now()
    if _replay_enabled(replay):
        return replay_market_time(wall)
    return wall.astimezone(UTC)


def wall_for_market(market_ts: datetime, wall: datetime | None = None, *, replay: bool | None = None) -> datetime:
    """The wall-clock instant at which the market clock reaches ``market_ts``, seen from ``wall``.

    In replay mode the answer is exact while ``market_ts`` lies in the replay window of the current UTC
    day (the Live countdown always does); otherwise it falls back to the same distance from now.
    """
    wall = (wall or wall_now()).astimezone(UTC)
    if not _replay_enabled(replay):
        return market_ts.astimezone(UTC)
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
    # Beyond the newest replayed close: the mapping re-bases at UTC midnight, recomputed then.
    return end_of_day
