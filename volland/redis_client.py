"""Every Redis client of the product, built here from a named timeout profile.

=============  ==========  ==========  ============  ===============================================
profile        connect     read/write  health check  used by
=============  ==========  ==========  ============  ===============================================
``queue``      2 s         10 s        —             RQ queues, workers, the cron scheduler, the run
                                                     lock and the job-state log (``jobs.queues``)
``lock``       2 s         5 s         —             the store's writer lock in Redis
                                                     (``data.store.coordination``, ``data.store.files``)
``announce``   0.5 s       0.5 s       —             publish and session-ended announcements
                                                     (``data.store.coordination``, ``api.nodes``)
``listen``     2 s         15 s        —             each API process's subscription to those
                                                     announcements (``api.nodes``): no retries inside
                                                     the client, so every lost link reaches the
                                                     listener, which pings every 5 s and counts 15 s
                                                     of silence as an outage
``cache``      0.25 s      0.25 s      —             the API's response cache (``api.cache``)
``limits``     0.5 s       0.5 s       —             counters on the request path: the rate limiter's
                                                     storage and the running-export slots
=============  ==========  ==========  ============  ===============================================

Why they differ: a request must never wait on Redis longer than the work it would save, so the request
path (``cache``, ``limits``, ``announce``) fails within a fraction of a second and goes on without Redis;
the workers and the writer have no user waiting and would rather wait than fail a run; the listener must
notice each lost link itself, because while it is unsubscribed the process cannot trust what it remembers. ``redis_client``
builds a new client (its own connection pool); ``shared_redis_client`` keeps one per (URL, profile) for
the process, for the callers that ask on every request.
"""

from __future__ import annotations

import threading
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from redis import Redis


@dataclass(frozen=True)
class Profile:
    """Timeouts of one kind of Redis use, in seconds (``read_seconds`` None: block until an answer).

    ``retries`` None keeps redis-py's own retry policy; 0 makes every lost connection an error at once.
    """

    connect_seconds: float
    read_seconds: float | None
    health_check_seconds: int = 0
    retries: int | None = None

    def options(self) -> dict[str, Any]:
        """The keyword arguments of ``redis.Redis`` (and of Flask-Limiter's Redis storage)."""
        out: dict[str, Any] = {"socket_connect_timeout": self.connect_seconds, "socket_timeout": self.read_seconds}
        if self.health_check_seconds:
            out["health_check_interval"] = self.health_check_seconds
        if self.retries is not None:
            from redis.backoff import NoBackoff
            from redis.retry import Retry

            out["retry"] = Retry(NoBackoff(), self.retries)
        return out


PROFILES: dict[str, Profile] = {
    "queue": Profile(connect_seconds=2, read_seconds=10),
    "lock": Profile(connect_seconds=2, read_seconds=5),
    "announce": Profile(connect_seconds=0.5, read_seconds=0.5),
    "listen": Profile(connect_seconds=2, read_seconds=15, retries=0),
    "cache": Profile(connect_seconds=0.25, read_seconds=0.25),
    "limits": Profile(connect_seconds=0.5, read_seconds=0.5),
}

_shared: dict[tuple[str, str], Redis] = {}
_shared_lock = threading.Lock()


def get_profile(name: str) -> Profile:
    try:
        return PROFILES[name]
    except KeyError:
        raise ValueError(f"Unknown Redis profile {name!r}; the profiles are {', '.join(PROFILES)}.") from None


def redis_client(url: str | None = None, profile: str = "queue") -> Redis:
    """A new client for ``url`` (default: ``VOLLAND_REDIS_URL``) with the timeouts of ``profile``."""
    import redis

    chosen = get_profile(profile)
    if url is None:
        from volland.settings import get_settings

        url = get_settings().redis_url
    return redis.Redis.from_url(url, **chosen.options())


def shared_redis_client(url: str, profile: str) -> Redis:
    """The process's one client for (``url``, ``profile``), made at the first call."""
    key = (url, profile)
    client = _shared.get(key)
    if client is None:
        with _shared_lock:
            client = _shared.get(key)
            if client is None:
                client = _shared[key] = redis_client(url, profile)
    return client
