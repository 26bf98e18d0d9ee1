"""The demo build and the replaying worker make one timeline: the worker never rebuilds what the demo
published, and continues after the demo's last snapshot from the book persisted with it."""

from __future__ import annotations

import shutil
from datetime import UTC, datetime

import pytest
import redis


@pytest.fixture
def store_copy(tiny_store, tmp_path, monkeypatch, prefix):
    root = tmp_path / "store"
    shutil.copytree(tiny_store, root)
    monkeypatch.setenv("VOLLAND_STORE_ROOT", str(root))
    yield root
    # RQ names job hashes by id only: remove the ones this test queued (their origin carries the prefix).
    r = redis.Redis.from_url("redis://127.0.0.1:6379/0", socket_timeout=5)
    for key in r.scan_iter(match="rq:job:*", count=1000):
        if r.type(key) == b"hash" and (r.hget(key, "origin") or b"").decode().startswith(prefix):
            job_id = key.decode().split(":", 2)[2]
            r.delete(key, f"rq:results:{job_id}", f"rq:job:{job_id}:dependents", f"rq:job:{job_id}:dependencies")


def _burst() -> None:
    from rq import SimpleWorker

    from jobs import queues as q

    conn = q.connection()
    SimpleWorker([q.queue(q.SNAPSHOTS, conn), q.queue(q.DEFAULT, conn)], connection=conn).work(
        burst=True, with_scheduler=False)


def test_the_replay_worker_continues_the_demo_timeline(store_copy, monkeypatch):
    from data.store.query import Reader
    from data.store.parquet import read_manifest
    from jobs import tasks

    before = read_manifest(store_copy)
    friday = [e for e in before["snapshots"] if e["day"] == "2026-01-09"]
    assert friday[-1]["ts"] == "2026-01-09T21:00:00Z"          # the demo published Friday's close
    # Saturday 20:00 UTC replays Friday 12:00 New York: already published by the demo, nothing is built.
    assert tasks.tick() is None
    _burst()
    assert read_manifest(store_copy)["snapshots"] == before["snapshots"]
    # Tuesday 2026-01-13 23:00 UTC replays Monday 15:00 New York, after the demo's last snapshot: the
    # worker appends it and leaves every published snapshot as it was.
    monkeypatch.setenv("VOLLAND_FROZEN_NOW", "2026-01-13T23:00:00+00:00")
    assert tasks.tick() is not None
    _burst()
    after = read_manifest(store_copy)["snapshots"]
    assert after[:len(before["snapshots"])] == before["snapshots"]
    added = after[len(before["snapshots"]):]
    assert [e["ts"] for e in added] == ["2026-01-12T20:00:00Z"]
    assert set(added[0]["tickers"]) == set(friday[-1]["tickers"])
    r = Reader(store_copy)
    monday = r.latest_snapshot("SPX")
    assert monday.ts == datetime(2026, 1, 12, 20, 0, tzinfo=UTC)
    assert r.ticker_stats(monday)["price"] > 0
    # The same replayed minute again (a second tick, a retried job): nothing changes.
    assert tasks.tick() is None
    assert read_manifest(store_copy)["snapshots"] == after
