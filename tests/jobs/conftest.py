"""Jobs against the real Redis at 127.0.0.1:6379: a unique key/queue prefix per test, removed afterwards,
and an empty temporary store per test that the runs publish into."""

from __future__ import annotations

import uuid

import pytest
import redis

REDIS_URL = "redis://127.0.0.1:6379/0"


@pytest.fixture
def conn():
    c = redis.Redis.from_url(REDIS_URL, socket_timeout=10)
    try:
        c.ping()
    except redis.RedisError as exc:
        pytest.fail(f"Redis is required at {REDIS_URL}: {exc}")
    return c


@pytest.fixture
def private_redis(tmp_path):
    """A private redis-server the test may stop, restart empty or flush (``tests/jobs/_private_redis.py``)."""
    from tests.jobs._private_redis import PrivateRedis

    r = PrivateRedis(tmp_path)
    r.start()
    yield r
    r.stop()


@pytest.fixture(autouse=True)
def jobs_env(tmp_path, monkeypatch):
    prefix = f"t-jobs-{uuid.uuid4().hex[:10]}"
    monkeypatch.setenv("VOLLAND_JOBS_PREFIX", prefix)
    monkeypatch.setenv("VOLLAND_REDIS_URL", REDIS_URL)
    monkeypatch.setenv("VOLLAND_VAR_DIR", str(tmp_path / "var"))
    monkeypatch.setenv("VOLLAND_STORE_ROOT", str(tmp_path / "store"))
    monkeypatch.setenv("VOLLAND_FROZEN_NOW", "2026-01-10T20:00:00+00:00")
    monkeypatch.setenv("VOLLAND_REPLAY_CLOCK", "1")
    yield prefix
    c = redis.Redis.from_url(REDIS_URL, socket_timeout=10)
    # Job hashes are named by job id only: find ours by their queue (origin).
    for key in c.scan_iter(match="rq:job:*", count=1000):
        if c.type(key) == b"hash" and (c.hget(key, "origin") or b"").decode().startswith(prefix):
            job_id = key.decode().split(":", 2)[2]
            c.delete(key, f"rq:results:{job_id}", f"rq:job:{job_id}:dependents",
                     f"rq:job:{job_id}:dependencies", f"rq:job::{job_id}:dependencies", f"rq:executions:{job_id}")
            for ex in c.scan_iter(match=f"rq:execution:{job_id}:*", count=1000):
                c.delete(ex)
    for pattern in (f"{prefix}:*", f"rq:*{prefix}-*", f"rq:cron_job:{prefix}-*"):
        keys = list(c.scan_iter(match=pattern, count=1000))
        if keys:
            c.delete(*keys)
    # Shared registries hold names, not our keys: drop only our own entries.
    c.zrem("rq:cron_schedulers", f"{prefix}-scheduler")
    ours = [m for m in c.smembers("rq:queues") if m.decode().split(":")[-1].startswith(prefix)]
    if ours:
        c.srem("rq:queues", *ours)
    crons = [m for m in c.zrange("rq:cron_jobs", 0, -1) if m.decode().startswith(prefix)]
    if crons:
        c.zrem("rq:cron_jobs", *crons)
