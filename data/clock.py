"""The market clock of this process: what time it is on the market the product serves.

Two modes, chosen by ``VOLLAND_REPLAY_CLOCK`` (``get_settings().replay_clock``):

* **real** — market time is wall-clock time. A production deployment fed by a real source uses this.
* **replay** (the default, for the demo's synthetic market) — wall-clock time is mapped onto the most
  recent completed sessions so that the market is *always* open: a visitor at 03:00 on a Sunday sees
  Live data move every 5 minutes like on a weekday afternoon. The mapping is a pure rule of the domain,
  :mod:`domain.market_clock` (``replay_market_time`` and its inverse ``replay_wall_time``).

This module owns what is not pure: the wall clock (``VOLLAND_FROZEN_NOW`` pins it) and the setting that
picks the mode. The API and the jobs both read "now" through :func:`market_now`, so the tier schedule
advances in step with the snapshots the jobs publish.
"""

from __future__ import annotations

from datetime import datetime, timezone

from domain.market_clock import replay_market_time, replay_wall_time
from volland.settings import frozen_now

UTC = timezone.utc

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
    return replay_wall_time(market_ts, wall)
