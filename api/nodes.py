"""What every API node must hear at once: publishes (drop the manifest index) and ended sessions.

Writers announce each commit on Redis (``data.store.coordination.announce``). Every API process, on any
machine, subscribes once (lazily, on its first data request, so each forked gunicorn worker has its own
thread) and marks its store readers stale on each announcement; the next request re-reads the manifest.
The caches behind the reader are keyed by snapshot ids or by the manifest version (the response cache,
the per-snapshot memo, the ``fast`` memo), so a new manifest is all they need to answer from the new
snapshot.

Ended sessions. A data token names its session, and each process remembers tokens it accepted
(``api.cache.TOKENS``) so the hot path skips the session lookup. A commit that ends a session
(logout, password reset or change, the session override, refresh-token reuse) clears that memory in the
committing process and announces ``<prefix>:sessions:ended``; every other process clears its memory on
the announcement, so the next request with a token of the ended session is checked again (401).

A subscription can miss messages while its connection is down; on every (re)subscription the listener
therefore marks the readers stale and forgets the accepted tokens
too. Without Redis the listener retries every
``RETRY_SECONDS``; readers still notice a changed manifest file by themselves.
"""

from __future__ import annotations

import logging
import os
import threading
import time

from volland.redis_client import redis_client, shared_redis_client

log = logging.getLogger("api.nodes")

RETRY_SECONDS = 5.0
_lock = threading.Lock()
_started: dict[tuple[int, str, str], threading.Thread] = {}
# Announcements this process received (tests and the admin overview read it).
received = {"count": 0, "last": None}


SESSIONS_ENDED_FLAG = "volland_sessions_ended"


def sessions_channel(prefix: str) -> str:
    return f"{prefix}:sessions:ended"


def forget_data_tokens() -> None:
    from api import cache

    cache.sessions_ended()


def mark_sessions_ended(db) -> None:
    """Record on the database session ``db`` that its next commit ends sessions (see the module text)."""
    db.info[SESSIONS_ENDED_FLAG] = True


def _after_commit(db) -> None:
    if not db.info.pop(SESSIONS_ENDED_FLAG, False):
        return
    forget_data_tokens()
    from volland.settings import get_settings

    s = get_settings()
    if not s.redis_url:
        return
    try:
        shared_redis_client(s.redis_url, "announce").publish(sessions_channel(s.jobs_prefix), "1")
    except Exception as exc:  # noqa: BLE001 - the session is ended in the database; tokens expire anyway
        log.warning("ended session not announced to the other API processes (%s: %s)",
                    exc.__class__.__name__, exc)


def _after_rollback(db) -> None:
    db.info.pop(SESSIONS_ENDED_FLAG, None)


def _register_session_events() -> None:
    from sqlalchemy import event
    from sqlalchemy.orm import Session

    if not event.contains(Session, "after_commit", _after_commit):
        event.listen(Session, "after_commit", _after_commit)
        event.listen(Session, "after_rollback", _after_rollback)


_register_session_events()


def _invalidate_readers() -> None:
    from api import cache

    cache.published()


def _listen(url: str, channel: str, sessions: str) -> None:
    while True:
        try:
            conn = redis_client(url, "listen")  # a new connection after each outage
            pubsub = conn.pubsub(ignore_subscribe_messages=True)
            pubsub.subscribe(channel, sessions)
            # Whatever was announced while not subscribed.
            _invalidate_readers()
            forget_data_tokens()
            for message in pubsub.listen():
                if message.get("type") != "message":
                    continue
                name = message.get("channel")
                if (name.decode() if isinstance(name, bytes) else name) == sessions:
                    forget_data_tokens()
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
    from data.store.coordination import published_channel

    channel = published_channel(settings.jobs_prefix)
    key = (os.getpid(), url, channel)
    if key in _started:
        return True
    with _lock:
        if key not in _started:
            t = threading.Thread(target=_listen, args=(url, channel, sessions_channel(settings.jobs_prefix)),
                                 name="node-announcements", daemon=True)
            t.start()
            _started[key] = t
    return True
