"""Every cache on the path of a data request, owned and documented here.

===================  =======================================  ======================================  ==========
layer                key                                      holds                                   lives
===================  =======================================  ======================================  ==========
``TOKENS``           data token string                        (user id, tier, expiry) of a token      process
                                                              the guard accepted
``MEMORY`` "fast:"   raw request (path, query, body), tier,   the answer body, before any parsing     process
                     cut-off, market minute, manifest         (``api.data.data_route.fast``)
                     version, cache prefix
``MEMORY`` + Redis   (route, normalized parameters,           the answer body (``cached_json``)       process,
                     snapshot ids)                                                                    Redis
``SNAPSHOTS``        (fact, snapshot id)                      per-snapshot facts: statistics row,     process
                                                              expiration list, expected move
reader LRU           the query object (``data.store.sql``), which   query answers as frames                 process
                     names its immutable files                (``data.store.query.Reader._df``)
===================  =======================================  ======================================  ==========

**One invalidation rule on publish: nothing is invalidated, every key moves.** Published files are
immutable and a new snapshot has a new id, so every key above (but ``TOKENS``) carries what a publish
changes: snapshot ids, the files a query reads, or the manifest version. A publish therefore only has to
make this process's readers (``READERS``, one per store root) re-read the manifest (``published``, called
by ``api.nodes`` on each announcement; the readers also notice a changed manifest file by themselves); old entries age out (LRU,
``TTL_SECONDS`` in Redis). Tokens follow the other rule: ending a session anywhere clears ``TOKENS`` in
every process (``sessions_ended``), so a token of an ended session is checked again, and refused.

Redis is the level shared by every worker and machine; the process levels spare it a round trip. Without
Redis (not running, wrong URL, timeout) the API answers uncached: a failed call marks Redis as down for
``RETRY_AFTER_SECONDS`` so requests do not each wait on a dead socket. ``VOLLAND_CACHE_DISABLED=1`` turns
the answer levels off (the benchmark's uncached baseline).
"""

from __future__ import annotations

import hashlib
import json
import logging
import threading
import time
from collections.abc import Callable, Iterable
from typing import Any

from volland.redis_client import shared_redis_client

log = logging.getLogger(__name__)

TTL_SECONDS = 6 * 3600
RETRY_AFTER_SECONDS = 15.0

_down_until: dict[str, float] = {}


SETTINGS_EXTENSION = "volland_settings"


def _settings():
    """Settings as the app saw them when it was created (``app.extensions['volland_settings']``, set by
    the data blueprint), so the hot path does not re-read the environment; outside an app, read now."""
    from flask.globals import _cv_app  # the app context variable: cheaper than the current_app proxy

    ctx = _cv_app.get(None)
    if ctx is not None:
        cached = ctx.app.extensions.get(SETTINGS_EXTENSION)
        if cached is not None:
            return cached
    from volland.settings import get_settings

    return get_settings()


def snapshot_settings(app) -> None:
    """Take the settings snapshot for ``app`` (again after the environment changed, e.g. in tests)."""
    from volland.settings import get_settings

    app.extensions[SETTINGS_EXTENSION] = get_settings()


class _Memory:
    """Process-local first level in front of Redis: most recent bodies, bounded by total bytes.

    Keys embed the snapshot id, so entries never go stale; they only age out.
    """

    def __init__(self, max_bytes: int) -> None:
        from collections import OrderedDict

        self.max_bytes = max_bytes
        self.items: OrderedDict[str, bytes] = OrderedDict()
        self.size = 0
        self.lock = threading.Lock()

    def get(self, key: str) -> bytes | None:
        with self.lock:
            body = self.items.get(key)
            if body is not None:
                self.items.move_to_end(key)
            return body

    def put(self, key: str, body: bytes) -> None:
        if len(body) > self.max_bytes // 8:
            return
        with self.lock:
            old = self.items.pop(key, None)
            if old is not None:
                self.size -= len(old)
            self.items[key] = body
            self.size += len(body)
            while self.size > self.max_bytes and self.items:
                _, dropped = self.items.popitem(last=False)
                self.size -= len(dropped)

    def clear(self) -> None:
        with self.lock:
            self.items.clear()
            self.size = 0


MEMORY = _Memory(64 * 1024 * 1024)


class TokenMemo(dict):
    """Data tokens this process accepted: token → (user id, tier, expiry in epoch seconds).

    A remembered token skips the signature check and the session lookup until it expires; ending a
    session anywhere clears the whole memo (``api.nodes``), so a token of an ended session is checked
    again, and refused, at its next request. Bounded: full, it starts over.
    """

    MAX = 10_000

    def remember(self, token: str, entry: tuple[int, str, float]) -> None:
        if len(self) >= self.MAX:
            self.clear()
        self[token] = entry


TOKENS = TokenMemo()


class SnapshotMemo:
    """Facts of one published snapshot (they never change): (fact, snapshot id) → value. Bounded: full,
    it starts over."""

    MAX = 4096

    def __init__(self) -> None:
        self.items: dict[tuple[str, str], object] = {}
        self.lock = threading.Lock()

    def get_or_compute(self, fact: str, snapshot_id: str, compute: Callable[[], object]):
        key = (fact, snapshot_id)
        hit = self.items.get(key)
        if hit is not None:
            return hit
        value = compute()
        with self.lock:
            if len(self.items) >= self.MAX:
                self.items.clear()
            self.items[key] = value
        return value

    def clear(self) -> None:
        with self.lock:
            self.items.clear()


SNAPSHOTS = SnapshotMemo()


class ReaderRegistry:
    """The process's store readers, one per store root (``data.store.query.Reader``, opened by the data
    service): the reader LRU of the table above lives in each, and a publish makes each re-read its
    manifest (``published``)."""

    def __init__(self) -> None:
        self.items: dict[str, Any] = {}
        self.lock = threading.Lock()

    def get_or_open(self, root: str, open_reader: Callable[[str], Any]) -> Any:
        reader = self.items.get(root)
        if reader is None:
            with self.lock:
                reader = self.items.get(root)
                if reader is None:
                    reader = self.items[root] = open_reader(root)
        return reader

    def invalidate(self) -> None:
        for reader in list(self.items.values()):
            reader.invalidate()


READERS = ReaderRegistry()


def published() -> None:
    """A publish was announced: this process's store readers re-read the manifest at their next call
    (every other level's keys follow from it; see the module text)."""
    READERS.invalidate()


def sessions_ended() -> None:
    """A session ended somewhere: forget every accepted data token (each is checked again)."""
    TOKENS.clear()


def cache_prefix() -> str:
    return f"{getattr(_settings(), 'jobs_prefix', 'volland')}:cache:"


def _client():
    s = _settings()
    url = s.redis_url
    if not url or getattr(s, "cache_disabled", False):
        return None
    if _down_until.get(url, 0.0) > time.monotonic():
        return None
    return shared_redis_client(url, "cache")


def _mark_down(exc: Exception) -> None:
    url = _settings().redis_url
    if _down_until.get(url, 0.0) <= time.monotonic():
        log.warning("response cache unavailable (%s); answering uncached for %.0f s", exc, RETRY_AFTER_SECONDS)
    _down_until[url] = time.monotonic() + RETRY_AFTER_SECONDS


def normalize(params: dict) -> str:
    """Canonical text of request parameters: sorted keys, no whitespace, lists kept in order."""
    return json.dumps(params, sort_keys=True, separators=(",", ":"), default=str)


def make_key(route: str, params: dict, snapshot_ids: Iterable[str]) -> str:
    digest = hashlib.sha1(normalize(params).encode()).hexdigest()[:20]
    snaps = hashlib.sha1("|".join(snapshot_ids).encode()).hexdigest()[:16]
    return f"{cache_prefix()}{route}:{digest}:{snaps}"


def get(key: str) -> bytes | None:
    client = _client()
    if client is None:
        return None
    try:
        return client.get(key)  # type: ignore[attr-defined]
    except Exception as exc:  # noqa: BLE001 - any Redis failure means "uncached"
        _mark_down(exc)
        return None


def put(key: str, body: bytes, ttl: int = TTL_SECONDS) -> None:
    client = _client()
    if client is None:
        return
    try:
        client.set(key, body, ex=ttl)  # type: ignore[attr-defined]
    except Exception as exc:  # noqa: BLE001
        _mark_down(exc)


def cached_json(route: str, params: dict, snapshot_ids: Iterable[str], compute: Callable[[], object],
                dumps: Callable[[object], bytes]) -> tuple[bytes, bool]:
    """The JSON body for this (route, params, snapshots): from Redis, or computed and stored.

    Returns ``(body, hit)``.
    """
    if getattr(_settings(), "cache_disabled", False):
        return dumps(compute()), False
    key = make_key(route, params, snapshot_ids)
    body = MEMORY.get(key)
    if body is not None:
        return body, True
    body = get(key)
    if body is not None:
        MEMORY.put(key, body)
        return body, True
    body = dumps(compute())
    put(key, body)
    MEMORY.put(key, body)
    return body, False


def clear_prefix(prefix: str | None = None) -> int:
    """Delete cached entries under ``prefix`` (tests and operators); returns how many were removed."""
    client = _client()
    if client is None:
        return 0
    n = 0
    for key in client.scan_iter(match=(prefix or cache_prefix()) + "*", count=500):  # type: ignore[attr-defined]
        n += client.delete(key)  # type: ignore[attr-defined]
    return n
