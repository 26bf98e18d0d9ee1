"""The stalled-refresh rule: the snapshot jobs stopped publishing while the market is open.

The rule, in market time:

* it applies only inside a regular session, ``open <= now <= close`` (exchange calendar, half days
  included); outside one nothing is due, so nothing is stalled;
* the reference is the newest published snapshot time (the largest ``ts`` in the store manifest, any
  ticker), or the session open when nothing was published since the open;
* the refresh is **stalled** when ``now - reference > 2 x 5 min + offset`` — two grid snapshots in a
  row are overdue, each given the ``live_refresh_offset_seconds`` head start the Live tier allows it
  (``VOLLAND_LIVE_REFRESH_OFFSET_SECONDS``, 30 s by default) — so with the default offset a stall
  shows at 10 min 30 s after the last snapshot's grid time, e.g. at 10:15:30 when 10:05 was the last;
* ``stalledSince`` is ``reference + 2 x 5 min + offset``.

``jobs/health.py`` applies it to the market clock and the store's manifest and logs a stall once.
"""

from __future__ import annotations

from datetime import datetime, timedelta, timezone

from domain import market_calendar as cal
from domain.timestamps import iso

UTC = timezone.utc
GRID = timedelta(minutes=5)
STALL_INTERVALS = 2


def stall_status(now: datetime, latest: datetime | None, offset_seconds: int = 0) -> dict:
    """Pure rule (see the module text): ``{"stalled", "lastPublished", "stalledSince"}`` at market ``now``."""
    out = {"stalled": False, "lastPublished": iso(latest), "stalledSince": None}
    s = cal.session(cal.ny_date(now))
    if s is None:
        return out
    open_, close = s
    if not (open_ <= now <= close):
        return out
    reference = max(latest, open_) if latest is not None else open_
    due = reference + STALL_INTERVALS * GRID + timedelta(seconds=offset_seconds)
    if now > due:
        out["stalled"] = True
        out["stalledSince"] = iso(due)
    return out
