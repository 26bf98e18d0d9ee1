"""Waking the open alert streams of a user when an alert fires (docs/design.md §5.10).

The evaluation publishes the user's id on the Redis channel ``<prefix>:alerts:user:<id>`` after the
firing is committed; each held stream answer subscribes to its user's channel before it reads the
account store, so an alert committed in between is either read or heard. Without Redis (a single
process, or a test app) a stream looks at the store every ``POLL_SECONDS`` instead.

A stream answer holds one of the API's threads, so each process holds at most ``SLOTS`` answers open at
once; the others answer what is there and end, and their browser comes back after the longer retry.
"""

from __future__ import annotations

import logging
import threading
import time

log = logging.getLogger(__name__)

POLL_SECONDS = 0.5
#: Held answers per process (gunicorn gthread workers run 4 threads each: two stay free for the rest).
SLOTS = 2
_slots = threading.BoundedSemaphore(SLOTS)


def channel(prefix: str, user_id: int) -> str:
    return f"{prefix}:alerts:user:{user_id}"


def announce(user_ids) -> None:
    """Wake the open streams of ``user_ids`` (nothing without Redis; a failure is logged: the stream's
    periodic look at the store still finds the alert)."""
    from volland.settings import get_settings

    s = get_settings()
    if not s.redis_url:
        return
    try:
        from volland.redis_client import shared_redis_client

        conn = shared_redis_client(s.redis_url, "queue")
        for uid in sorted(set(user_ids)):
            conn.publish(channel(s.jobs_prefix, uid), b"1")
    except Exception as exc:  # noqa: BLE001 - the alert is stored; a stream finds it on its next look
        log.warning("alert streams not woken (%s: %s)", exc.__class__.__name__, exc)


def take_slot() -> bool:
    return _slots.acquire(blocking=False)


def release_slot() -> None:
    _slots.release()


class Waiter:
    """One held answer's wake-up: ``wait(timeout)`` is True when woken (an alert of the user was announced,
    or, without Redis, each ``POLL_SECONDS``), False when ``timeout`` passed with nothing heard."""

    def __init__(self, user_id: int, redis_url: str | None, prefix: str):
        self._pubsub = None
        if redis_url:
            try:
                from volland.redis_client import redis_client

                self._pubsub = redis_client(redis_url, "listen").pubsub(ignore_subscribe_messages=True)
                self._pubsub.subscribe(channel(prefix, user_id))
                # Read Redis's confirmation: from here on an announcement reaches this answer.
                self._pubsub.get_message(timeout=5.0)
            except Exception as exc:  # noqa: BLE001 - fall back to looking at the store
                log.warning("alert stream without wake-ups (%s: %s)", exc.__class__.__name__, exc)
                self.close()

    @property
    def subscribed(self) -> bool:
        return self._pubsub is not None

    def wait(self, timeout: float) -> bool:
        if self._pubsub is None:
            time.sleep(min(timeout, POLL_SECONDS))
            return timeout >= POLL_SECONDS
        end = time.monotonic() + timeout
        while True:
            left = end - time.monotonic()
            if left <= 0:
                return False
            try:
                message = self._pubsub.get_message(timeout=left)
            except Exception as exc:  # noqa: BLE001 - Redis went away: look at the store from now on
                log.warning("alert stream lost its wake-ups (%s: %s)", exc.__class__.__name__, exc)
                self.close()
                return True
            if message is not None and message.get("type") == "message":
                # Several alerts may be announced at once: one read of the store serves them all.
                while self._pubsub.get_message(timeout=0) is not None:
                    pass
                return True

    def close(self) -> None:
        if self._pubsub is not None:
            try:
                self._pubsub.close()
            except Exception:  # noqa: BLE001 - the connection is being dropped anyway
                pass
            self._pubsub = None
