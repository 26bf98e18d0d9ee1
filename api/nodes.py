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

Redis outages (docs/security.md, "Sessions ended during a Redis outage"). While its listener is not
subscribed, a process cannot hear that another one ended a session, so it does not trust the tokens it
remembered (``hears_ended_sessions`` is false): the data routes check each data token's session in the
database, as on a token's first use, until the listener is subscribed again. The listener drops its
connection when Redis closes it, and also when Redis has answered nothing for ``SILENCE_SECONDS`` (it
pings every ``PING_SECONDS``): a hung server or a network that loses packets looks like an outage too.
A commit whose announcement failed is announced again every ``RETRY_SECONDS`` until Redis takes it, for
the processes whose own connection never dropped.
"""

from __future__ import annotations

import logging
import os
import threading
import time

from volland.redis_client import redis_client, shared_redis_client

log = logging.getLogger("api.nodes")

RETRY_SECONDS = 5.0
# The listener pings Redis this often and treats this long without any answer as an outage.
PING_SECONDS = 5.0
SILENCE_SECONDS = 15.0
_lock = threading.Lock()
_started: dict[tuple[int, str, str], threading.Thread] = {}
# Listeners of this process that are subscribed right now (same keys as ``_started``).
_subscribed: set[tuple[int, str, str]] = set()
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


def _announce(url: str, prefix: str) -> None:
    conn = shared_redis_client(url, "announce")
    conn.publish(sessions_channel(prefix), "1")  # type: ignore[attr-defined]


def _after_commit(db) -> None:
    if not db.info.pop(SESSIONS_ENDED_FLAG, False):
        return
    forget_data_tokens()
    from volland.settings import get_settings

    s = get_settings()
    if not s.redis_url:
        return
    try:
        _announce(s.redis_url, s.jobs_prefix)
    except Exception as exc:  # noqa: BLE001 - the session is ended in the database; announced again later
        log.warning("ended session not announced to the other API processes (%s: %s); retrying every %.0f s",
                    exc.__class__.__name__, exc, RETRY_SECONDS)
        _announce_later(s.redis_url, s.jobs_prefix)


# (pid, url, prefix) → how many announcements failed; a replay thread runs while the key is present.
_unannounced: dict[tuple[int, str, str], int] = {}


def _announce_later(url: str, prefix: str) -> None:
    key = (os.getpid(), url, prefix)
    with _lock:
        running = key in _unannounced
        _unannounced[key] = _unannounced.get(key, 0) + 1
    if not running:
        threading.Thread(target=_replay, args=(key,), name="sessions-ended-replay", daemon=True).start()


def _replay(key: tuple[int, str, str]) -> None:
    """Announce the ended sessions again until Redis takes it (one message covers every failure so far)."""
    _, url, prefix = key
    while True:
        time.sleep(RETRY_SECONDS)
        with _lock:
            failures = _unannounced[key]
        try:
            _announce(url, prefix)
        except Exception:  # noqa: BLE001 - Redis still away: try again
            continue
        with _lock:
            if _unannounced[key] == failures:   # no failure since this attempt began
                del _unannounced[key]
                log.info("ended sessions announced after Redis answered again")
                return


def hears_ended_sessions(settings) -> bool:
    """Whether this process would hear now that another process ended a session.

    True while its listener is subscribed, and when it runs no listener (no Redis configured, or an app
    made for tests: remembered tokens then follow this process's own commits only). False while the
    listener is cut off: remembered data tokens must not be trusted then (see the module text).
    """
    from data.store.coordination import published_channel

    key = (os.getpid(), settings.redis_url, published_channel(settings.jobs_prefix))
    return key not in _started or key in _subscribed


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


def _listen(key: tuple[int, str, str], url: str, channel: str, sessions: str) -> None:
    while True:
        pubsub = None
        try:
            # The "listen" profile: no reconnection inside the client, each loss of the connection comes here, so
            # the process stops trusting remembered tokens until it has subscribed again.
            conn = redis_client(url, "listen")
            pubsub = conn.pubsub(ignore_subscribe_messages=True)
            pubsub.subscribe(channel, sessions)
            # Whatever was announced while not subscribed.
            _invalidate_readers()
            forget_data_tokens()
            _subscribed.add(key)
            heard = next_ping = time.monotonic()
            while True:
                message = pubsub.get_message(timeout=min(1.0, PING_SECONDS))
                now = time.monotonic()
                if message is not None:
                    heard = now
                    _handle(message, sessions)
                elif now - heard > SILENCE_SECONDS:
                    # A Redis that hangs, or a network that drops packets without closing the
                    # connection, answers nothing: treat silence as an outage.
                    raise ConnectionError(f"no answer from Redis for {SILENCE_SECONDS:.0f} s")
                if now >= next_ping:
                    pubsub.ping()
                    next_ping = now + PING_SECONDS
        except Exception as exc:  # noqa: BLE001 - the thread must outlive any Redis outage
            _subscribed.discard(key)
            log.warning("publish announcements unavailable (%s: %s); retrying in %.0f s",
                        exc.__class__.__name__, exc, RETRY_SECONDS)
            if pubsub is not None:
                try:
                    pubsub.close()
                except Exception:  # noqa: BLE001 - the connection is being dropped anyway
                    pass
            time.sleep(RETRY_SECONDS)


def _handle(message: dict, sessions: str) -> None:
    if message.get("type") != "message":
        return   # the answer to a ping
    name = message.get("channel")
    if (name.decode() if isinstance(name, bytes) else name) == sessions:
        forget_data_tokens()
        return
    _invalidate_readers()
    received["count"] += 1
    data = message.get("data")
    received["last"] = data.decode() if isinstance(data, bytes) else data


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
            t = threading.Thread(target=_listen, args=(key, url, channel, sessions_channel(settings.jobs_prefix)),
                                 name="node-announcements", daemon=True)
            t.start()
            _started[key] = t
    return True
