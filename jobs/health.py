"""Stalled-refresh detection: the snapshot jobs stopped publishing while the market is open.

The rule is the domain's (``domain/health.py``: two 5-minute refreshes overdue inside a regular
session); here it is applied to the market clock (``data.clock.market_now``) and the newest snapshot
time in the store manifest.

Each process logs one WARNING when it first sees a stall (per reference time) and one INFO when
publishing resumes; the answer is also on ``next-refresh`` (``stalled``) and the admin job view.
"""

from __future__ import annotations

import logging
import threading
from datetime import datetime, timezone

from domain.health import stall_status
from domain.timestamps import iso

log = logging.getLogger("jobs.health")
UTC = timezone.utc

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
    from domain.timestamps import parse_iso
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
