"""Several machines on one Redis: the store's Redis writer lock, and the publish announcements that API
nodes hear."""

from __future__ import annotations

import json
import threading
import time
from datetime import UTC, datetime

import pytest
from rq import SimpleWorker

from data.store import coordination
from jobs import queues as q
from jobs import tasks

TS1 = datetime(2026, 1, 8, 16, 0, tzinfo=UTC)
TS2 = datetime(2026, 1, 8, 16, 5, tzinfo=UTC)


def burst(conn) -> None:
    SimpleWorker([q.queue(q.SNAPSHOTS, conn), q.queue(q.DEFAULT, conn)], connection=conn).work(
        burst=True, with_scheduler=False)


def store():
    from data.store.parquet import Store
    from volland.settings import get_settings

    return Store(get_settings().store_path)


def test_redis_writer_lock_makes_a_second_writer_wait(conn, monkeypatch):
    monkeypatch.setenv("VOLLAND_STORE_LOCK", "redis")
    key = coordination.writer_lock_key(q.prefix())
    order: list[str] = []
    inside = threading.Event()
    leave = threading.Event()

    def first():
        with store().transaction():
            order.append("first in")
            inside.set()
            leave.wait(30)
            order.append("first out")

    def second():
        inside.wait(30)
        with store().transaction():
            order.append("second in")

    t1, t2 = threading.Thread(target=first), threading.Thread(target=second)
    t1.start()
    t2.start()
    assert inside.wait(30)
    assert conn.get(key) is not None  # the lock lives in Redis under the deployment prefix
    # The second writer is blocked on the Redis lock until the first leaves.
    for _ in range(20):
        time.sleep(0.05)
        assert order == ["first in"]
    leave.set()
    t1.join(30)
    t2.join(30)
    assert order == ["first in", "first out", "second in"]
    assert conn.get(key) is None


def test_redis_writer_lock_is_renewed_during_a_long_write(conn, monkeypatch):
    key = "t-lock:" + q.prefix()
    with coordination._redis_lock("redis://127.0.0.1:6379/0", key, ttl_seconds=0.3):
        time.sleep(1.0)  # three times the TTL: only renewal keeps it
        assert conn.get(key) is not None
    assert conn.get(key) is None


def test_writer_without_redis_writes_nothing(monkeypatch):
    monkeypatch.setenv("VOLLAND_STORE_LOCK", "redis")
    monkeypatch.setenv("VOLLAND_REDIS_URL", "redis://127.0.0.1:1/0")
    s = store()
    with pytest.raises(coordination.WriterLockError, match="writer lock"):
        with s.transaction():
            pass
    assert not (s.root / "manifest.json").exists()


def test_unknown_lock_mode_is_refused(monkeypatch):
    monkeypatch.setenv("VOLLAND_STORE_LOCK", "zookeeper")
    with pytest.raises(coordination.WriterLockError, match="'file' or 'redis'"):
        with store().transaction():
            pass


def test_every_commit_is_announced_with_its_generation(conn):
    pubsub = conn.pubsub(ignore_subscribe_messages=True)
    pubsub.subscribe(coordination.published_channel(q.prefix()))
    tasks.start_run(TS1.isoformat(), tickers=["SPY"])
    burst(conn)
    message = None
    deadline = time.monotonic() + 10
    while message is None and time.monotonic() < deadline:
        message = pubsub.get_message(timeout=0.5)
    pubsub.close()
    assert message is not None
    announced = json.loads(message["data"])
    generation = store().manifest()["generation"]
    assert announced == {"root": str(store().root), "generation": generation} and generation >= 1


def test_an_announcement_makes_api_nodes_reread_the_manifest(conn, monkeypatch):
    """A reader that cannot see the manifest change by itself (its key stays the same, as for a store
    without cheap file metadata) answers from the new snapshot once the publish is announced."""
    from api import cache, nodes
    from data.store.query import Reader
    from volland.settings import get_settings

    tasks.start_run(TS1.isoformat(), tickers=["SPY"])
    burst(conn)
    r = Reader(get_settings().store_path)
    monkeypatch.setattr(r, "_manifest_key", lambda: ("constant",))
    monkeypatch.setitem(cache.READERS.items, str(r.root), r)
    assert r.latest_snapshot("SPY").ts == TS1
    before = nodes.received["count"]
    assert nodes.ensure_listener(get_settings())
    # The listener is subscribed once it has marked the readers stale on (re)subscription.
    channel = coordination.published_channel(q.prefix())
    deadline = time.monotonic() + 10
    while conn.pubsub_numsub(channel)[0][1] < 1 and time.monotonic() < deadline:
        time.sleep(0.05)
    assert r.latest_snapshot("SPY").ts == TS1
    tasks.start_run(TS2.isoformat(), tickers=["SPY"])
    burst(conn)
    deadline = time.monotonic() + 10
    while nodes.received["count"] == before and time.monotonic() < deadline:
        time.sleep(0.05)
    assert nodes.received["count"] > before
    assert r.latest_snapshot("SPY").ts == TS2


def test_without_announcement_the_constant_key_reader_keeps_its_index(conn, monkeypatch):
    """The control for the test above: the same reader, no listener, stays on the old manifest."""
    from data.store.query import Reader
    from volland.settings import get_settings

    tasks.start_run(TS1.isoformat(), tickers=["SPY"])
    burst(conn)
    r = Reader(get_settings().store_path)
    monkeypatch.setattr(r, "_manifest_key", lambda: ("constant",))
    assert r.latest_snapshot("SPY").ts == TS1
    tasks.start_run(TS2.isoformat(), tickers=["SPY"])
    burst(conn)
    assert r.latest_snapshot("SPY").ts == TS1
    r.invalidate()
    assert r.latest_snapshot("SPY").ts == TS2


def test_staging_folder_is_configurable(monkeypatch, tmp_path):
    monkeypatch.setenv("VOLLAND_STAGING_DIR", str(tmp_path / "shared-staging"))
    assert tasks.staging_root() == tmp_path / "shared-staging"
