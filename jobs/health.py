"""Stalled-refresh detection: the snapshot jobs stopped publishing while the market is open.

The rule, in market time (``data.clock.market_now``):

* it applies only inside a regular session, ``open <= now <= close`` (exchange calendar, half days
  included); outside one nothing is due, so nothing is stalled;
* the reference is the newest published snapshot time (the largest ``ts`` in the store manifest, any
  ticker), or the session open when nothing was published since the open;
* the refresh is **stalled** when ``now - reference > 2 x 5 min + offset`` — two grid snapshots in a
  row are overdue, each given the ``live_refresh_offset_seconds`` head start the Live tier allows it
  (``VOLLAND_LIVE_REFRESH_OFFSET_SECONDS``, 30 s by default) — so with the default offset a stall
  shows at 10 min 30 s after the last snapshot's grid time, e.g. at 10:15:30 when 10:05 was the last;
* ``stalledSince`` is ``reference + 2 x 5 min + offset``.

Each process logs one WARNING when it first sees a stall (per reference time) and one INFO when
publishing resumes; the answer is also on ``next-refresh`` (``stalled``) and the admin job view.
"""

from __future__ import annotations

import logging
import threading
from datetime import datetime, timedelta, timezone

from data import calendar as cal
from data.timestamps import iso

log = logging.getLogger("jobs.health")
UTC = timezone.utc
GRID = timedelta(minutes=5)
STALL_INTERVALS = 2

_lock = threading.Lock()
_manifest_cache: dict[str, tuple[tuple[int, int], datetime | None]] = {}
_warned: set[datetime] = set()


def reset() -> None:
    """Forget which stalls were logged (tests)."""
    with _lock:
        _warned.clear()


def latest_published(root=None) -> datetime | None:
    """The newest published snapshot time in the store (any ticker), or None; cached per manifest version."""
    from data.store.parquet import read_manifest
    from data.timestamps import parse_iso
    from data.store.files import open_files

    files = open_files(root)
    version = files.manifest_key()
    if version == ("missing",):
        return None
    cached = _manifest_cache.get(files.url)
    if cached and cached[0] == version:
        return cached[1]
    stamps = [e["ts"] for e in read_manifest(files).get("snapshots", []) if e.get("ts")]
    latest = parse_iso(max(stamps)) if stamps else None
    _manifest_cache[files.url] = (version, latest)
    return latest


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


def check(now: datetime | None = None, latest: datetime | None = None, *, offset_seconds: int | None = None,
          use_store: bool = True) -> dict:
    """``stall_status`` for the market clock and the store, logging a stall once per process."""
    from data.clock import market_now
    from volland.settings import get_settings

    now = now or market_now()
    if latest is None and use_store:
        try:
            latest = latest_published(get_settings().store_path)
        except Exception:  # noqa: BLE001 - an unreadable store counts as nothing published
            log.exception("could not read the store manifest for the stall check")
            latest = None
    if offset_seconds is None:
        offset_seconds = get_settings().live_refresh_offset_seconds
    status = stall_status(now, latest, offset_seconds)
    with _lock:
        if status["stalled"]:
            key = latest or datetime.min.replace(tzinfo=UTC)
            if key not in _warned:
                _warned.add(key)
                log.warning("snapshot refresh stalled: market time %s, last snapshot published for %s, "
                            "nothing new for two 5-minute refreshes (check the worker and the scheduler)",
                            iso(now), status["lastPublished"] or "nothing this session")
        elif _warned and latest is not None and all(latest > k for k in _warned):
            _warned.clear()
            log.info("snapshot refresh resumed: snapshot %s published", iso(latest))
    return status
