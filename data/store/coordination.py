"""The store's writer lock and its publish announcements, for writers and readers on several machines.

Writer lock. Only one process commits to a store at a time. On one machine that is a ``flock`` on
``<root>/.writer.lock`` (the default, ``VOLLAND_STORE_LOCK=file``). Writers on different machines (the
publish step of a run lands on any worker; an operator may compact from another host) cannot share a
local lock, so ``VOLLAND_STORE_LOCK=redis`` takes a Redis lock instead: ``SET NX PX`` with a random token,
renewed by a background thread while the transaction runs, released by compare-and-delete. A writer
that dies stops renewing, so the lock frees itself after ``REDIS_LOCK_TTL_SECONDS``. A Redis lock that
cannot be taken (Redis down) fails the write: a writer never commits unlocked.

Announcements. After every commit the writer publishes the manifest generation on the Redis channel
``<prefix>:store:published`` (nothing is stored: a process that was not listening re-reads the
manifest when it subscribes). API processes on every node listen (``api.nodes``) and drop their
manifest index at once, instead of each finding the change by itself. Announcing is best effort: the manifest is already committed, and readers also notice a new
manifest on their own (a changed file on a shared volume).
"""

from __future__ import annotations

import contextlib
import fcntl
import json
import logging
import threading
import time
import uuid
from collections.abc import Iterator
from pathlib import Path

from volland.redis_client import redis_client, shared_redis_client

log = logging.getLogger("data.store.coordination")

REDIS_LOCK_TTL_SECONDS = 30
REDIS_LOCK_WAIT_SECONDS = 600
_RELEASE = "if redis.call('get', KEYS[1]) == ARGV[1] then return redis.call('del', KEYS[1]) else return 0 end"
_RENEW = ("if redis.call('get', KEYS[1]) == ARGV[1] then return redis.call('pexpire', KEYS[1], ARGV[2]) "
          "else return 0 end")


class WriterLockError(RuntimeError):
    """The store's writer lock could not be taken (the message says why)."""


def _settings():
    from volland.settings import get_settings

    return get_settings()


def writer_lock_key(prefix: str) -> str:
    return f"{prefix}:lock:store-writer"


def published_channel(prefix: str) -> str:
    return f"{prefix}:store:published"


@contextlib.contextmanager
def writer_lock(root: Path) -> Iterator[None]:
    """Hold the store's writer lock for ``root`` (file or Redis, per ``VOLLAND_STORE_LOCK``)."""
    s = _settings()
    mode = (s.store_lock or "file").strip().lower()
    if mode == "redis":
        with _redis_lock(s.redis_url, writer_lock_key(s.jobs_prefix)):
            yield
        return
    if mode != "file":
        raise WriterLockError(f"VOLLAND_STORE_LOCK must be 'file' or 'redis', not {s.store_lock!r}.")
    root.mkdir(parents=True, exist_ok=True)
    with open(root / ".writer.lock", "a+") as lock:
        fcntl.flock(lock.fileno(), fcntl.LOCK_EX)
        try:
            yield
        finally:
            fcntl.flock(lock.fileno(), fcntl.LOCK_UN)


@contextlib.contextmanager
def _redis_lock(url: str, key: str, ttl_seconds: float = REDIS_LOCK_TTL_SECONDS,
                wait_seconds: float = REDIS_LOCK_WAIT_SECONDS) -> Iterator[None]:
    import redis

    conn = redis_client(url, "lock")
    token = uuid.uuid4().hex
    ttl_ms = int(ttl_seconds * 1000)
    deadline = time.monotonic() + wait_seconds
    try:
        while not conn.set(key, token, nx=True, px=ttl_ms):
            if time.monotonic() > deadline:
                raise WriterLockError(f"The store's writer lock {key} stayed taken for {wait_seconds:.0f} s.")
            time.sleep(0.05)
    except redis.RedisError as exc:
        raise WriterLockError(f"Cannot take the store's writer lock in Redis ({exc.__class__.__name__}: "
                              f"{exc}); nothing was written.") from exc
    stop = threading.Event()

    def renew() -> None:
        # A long transaction (a day's compaction) outlives the TTL: keep the lock while the writer lives.
        while not stop.wait(ttl_seconds / 3):
            try:
                if not conn.eval(_RENEW, 1, key, token, ttl_ms):
                    log.error("the store's writer lock %s was lost while writing", key)
                    return
            except redis.RedisError:
                log.exception("could not renew the store's writer lock %s", key)

    renewer = threading.Thread(target=renew, name="store-writer-lock", daemon=True)
    renewer.start()
    try:
        yield
    finally:
        stop.set()
        renewer.join(timeout=5)
        with contextlib.suppress(redis.RedisError):
            conn.eval(_RELEASE, 1, key, token)
        conn.close()


def announce(root: Path, manifest: dict) -> bool:
    """Tell every API node that ``root`` has a new manifest; False when Redis could not be told."""
    s = _settings()
    if not s.redis_url:
        return False
    message = json.dumps({"root": str(root), "generation": int(manifest.get("generation", 0))})
    try:
        shared_redis_client(s.redis_url, "announce").publish(published_channel(s.jobs_prefix), message)
        return True
    except Exception as exc:  # noqa: BLE001 - the commit stands; readers find the new manifest themselves
        log.warning("publish not announced to the API nodes (%s: %s)", exc.__class__.__name__, exc)
        return False
