"""Publish announcements on every API node: one listener thread per process drops the manifest index.

Writers announce each commit on Redis (``data.coordination.announce``). Every API process, on any
machine, subscribes once (lazily, on its first data request, so each forked gunicorn worker has its own
thread) and marks its store readers stale on each announcement; the next request re-reads the manifest.
The caches behind the reader are keyed by snapshot ids or by the manifest version (the response cache,
the per-snapshot memo, the ``fast`` memo), so a new manifest is all they need to answer from the new
snapshot.

A subscription can miss messages while its connection is down; on every (re)subscription the listener
therefore marks the readers stale too. Without Redis the listener retries every
``RETRY_SECONDS``; readers still notice a changed manifest file by themselves.
"""

from __future__ import annotations

import logging
import os
import threading
import time

log = logging.getLogger("api.nodes")

RETRY_SECONDS = 5.0
_lock = threading.Lock()
_started: dict[tuple[int, str, str], threading.Thread] = {}
# Announcements this process received (tests and the admin overview read it).
received = {"count": 0, "last": None}


def _invalidate_readers() -> None:
    from api.data import service

    for r in list(service._readers.values()):
        r.invalidate()


def _listen(url: str, channel: str) -> None:
    import redis

    while True:
        try:
            conn = redis.Redis.from_url(url, socket_connect_timeout=2, socket_timeout=None, health_check_interval=30)
            pubsub = conn.pubsub(ignore_subscribe_messages=True)
            pubsub.subscribe(channel)
            _invalidate_readers()  # whatever was announced while not subscribed
            for message in pubsub.listen():
                if message.get("type") != "message":
                    continue
                _invalidate_readers()
                received["count"] += 1
                data = message.get("data")
                received["last"] = data.decode() if isinstance(data, bytes) else data
        except Exception as exc:  # noqa: BLE001 - the thread must outlive any Redis outage
            log.warning("publish announcements unavailable (%s: %s); retrying in %.0f s",
                        exc.__class__.__name__, exc, RETRY_SECONDS)
            time.sleep(RETRY_SECONDS)


def ensure_listener(settings) -> bool:
    """Start this process's listener for ``settings`` (once per process, Redis URL and prefix)."""
    url = settings.redis_url
    if not url:
        return False
    from data.coordination import published_channel

    channel = published_channel(settings.jobs_prefix)
    key = (os.getpid(), url, channel)
    if key in _started:
        return True
    with _lock:
        if key not in _started:
            t = threading.Thread(target=_listen, args=(url, channel), name="store-announcements", daemon=True)
            t.start()
            _started[key] = t
    return True
