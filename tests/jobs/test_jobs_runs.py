"""Snapshot runs on real Redis with burst workers: fan-out, publish, lock, failure and a killed worker."""

from __future__ import annotations

import os
import signal
import subprocess
import sys
import time
from datetime import UTC, datetime

import pytest
from rq import SimpleWorker
from rq.registry import FailedJobRegistry, StartedJobRegistry

from jobs import queues as q
from jobs import tasks
from tests.servers import children

TS1 = datetime(2026, 1, 8, 16, 0, tzinfo=UTC)   # Thursday 11:00 New York
TS2 = datetime(2026, 1, 8, 16, 5, tzinfo=UTC)
TICKERS = ["IWM", "SPY"]


def burst(conn) -> None:
    queues = [q.queue(q.SNAPSHOTS, conn), q.queue(q.DEFAULT, conn)]
    SimpleWorker(queues, connection=conn).work(burst=True, with_scheduler=False)


def reader():
    from data.store.query import Reader
    from volland.settings import get_settings

    return Reader(get_settings().store_path)


def test_grid_time():
    from domain.market_calendar import NY

    assert tasks.grid_time(datetime(2026, 1, 8, 11, 7, tzinfo=NY)) == datetime(2026, 1, 8, 11, 5, tzinfo=NY)
    assert tasks.grid_time(datetime(2026, 1, 8, 9, 29, tzinfo=NY)) is None
    assert tasks.grid_time(datetime(2026, 1, 8, 16, 2, tzinfo=NY)) == datetime(2026, 1, 8, 16, 0, tzinfo=NY)
    assert tasks.grid_time(datetime(2026, 1, 8, 16, 7, tzinfo=NY)) is None
    assert tasks.grid_time(datetime(2026, 1, 10, 11, 0, tzinfo=NY)) is None  # Saturday
    assert tasks.grid_time(datetime(2025, 11, 28, 13, 0, tzinfo=NY)) == datetime(2025, 11, 28, 13, 0, tzinfo=NY)
    assert tasks.grid_time(datetime(2025, 11, 28, 14, 0, tzinfo=NY)) is None  # after the half-day close


def test_run_fans_out_and_publishes_once(conn):
    run_id = tasks.start_run(TS1.isoformat(), tickers=TICKERS, batch_size=1)
    assert run_id and q.RunLock(conn).holder() == run_id
    assert q.queue(q.SNAPSHOTS, conn).count == 2  # two batches queued, publish deferred
    burst(conn)
    r = reader()
    for t in TICKERS:
        assert r.latest_snapshot(t).ts == TS1
    assert len(r.index().manifest["snapshots"]) == 1  # both batches in one published snapshot
    assert q.RunLock(conn).holder() is None
    events = [e["event"] for e in q.events(conn)]
    assert events[:2] == ["published", "started"]
    from volland.settings import get_settings

    assert not any((get_settings().var_dir / "jobs" / "staging").glob("*"))


def test_runs_never_overlap(conn):
    lock = q.RunLock(conn)
    assert lock.acquire("someone-else")
    assert tasks.start_run(TS1.isoformat(), tickers=TICKERS) is None
    assert q.events(conn)[0]["event"] == "skipped"
    assert q.queue(q.SNAPSHOTS, conn).count == 0
    assert not lock.release("not-the-owner") and lock.holder() == "someone-else"
    assert lock.release("someone-else")


def test_failed_batch_publishes_nothing_and_keeps_previous_snapshot(conn):
    tasks.start_run(TS1.isoformat(), tickers=TICKERS, batch_size=1)
    burst(conn)
    before = reader().index().manifest["snapshots"]
    # An unknown ticker makes its batch fail (after one immediate retry); the good batch still builds.
    run_id = tasks.start_run(TS2.isoformat(), tickers=["SPY", "NOT-A-TICKER"], batch_size=1, retry_intervals=(0,))
    burst(conn)
    r = reader()
    assert r.index().manifest["snapshots"] == before
    assert r.latest_snapshot("SPY").ts == TS1
    failed = FailedJobRegistry(q.queue_name(q.SNAPSHOTS), connection=conn)
    assert failed.count == 2  # the bad batch and the publish step that refused to publish
    assert q.RunLock(conn).holder() is None
    ev = q.events(conn)[0]
    assert ev["event"] == "failed" and ev["run_id"] == run_id and len(ev["failed_batches"]) == 1
    from jobs import state

    overview = state.overview(conn)
    assert overview["lastFailure"]["run_id"] == run_id
    assert len(overview["failedJobs"]) == 2 and all(f["error"] for f in overview["failedJobs"])


def test_worker_killed_mid_run(conn, tmp_path):
    tasks.start_run(TS1.isoformat(), tickers=["SPY"])
    burst(conn)
    before = reader().index().manifest["snapshots"]
    conn.set(q.key("hold"), "1")
    run_id = tasks.start_run(TS2.isoformat(), tickers=["SPY"], pause_seconds=120, retry_intervals=(0,))
    log = open(tmp_path / "worker.log", "w")
    proc = subprocess.Popen([sys.executable, "-m", "volland.cli", "worker", "--burst"], env=dict(os.environ),
                            stdout=log, stderr=subprocess.STDOUT, start_new_session=True)
    started = StartedJobRegistry(q.queue_name(q.SNAPSHOTS), connection=conn)
    deadline = time.monotonic() + 60
    while started.count == 0 and time.monotonic() < deadline:
        time.sleep(0.2)
    assert started.count == 1, (tmp_path / "worker.log").read_text()
    job_id = started.get_job_ids()[0].split(":")[0]
    deadline = time.monotonic() + 30
    while f"job={job_id}" not in (tmp_path / "worker.log").read_text() and time.monotonic() < deadline:
        time.sleep(0.2)
    # Lose the machine: the worker itself, then the work horse (RQ forks it into its own process group).
    # The worker goes first: a worker that outlives its horse for a moment handles the horse's death
    # itself (spending the retry), which is not the lost-machine case this test is about.
    horses = children(proc.pid)
    assert horses, "the worker should have forked a work horse"
    os.killpg(proc.pid, signal.SIGKILL)
    for pid in horses:
        os.kill(pid, signal.SIGKILL)
    proc.wait(timeout=30)
    log.close()
    text = (tmp_path / "worker.log").read_text()
    assert f"job={job_id} jobs.tasks: run {run_id} batch 0: building" in text  # log lines carry the job id
    # Nothing was published: readers still see the previous snapshot, and the run still holds its lock.
    r = reader()
    assert r.index().manifest["snapshots"] == before
    assert r.latest_snapshot("SPY").ts == TS1
    assert q.RunLock(conn).holder() == run_id
    # RQ notices the abandoned job (its heartbeat is gone) and retries it; a new worker completes the run.
    conn.delete(q.key("hold"))
    started.cleanup(timestamp=time.time() + 3600)
    burst(conn)
    assert reader().latest_snapshot("SPY").ts == TS2
    assert q.RunLock(conn).holder() is None
    assert q.events(conn)[0]["event"] == "published"


def test_a_building_batch_keeps_its_run_lock_however_long_it_builds(conn):
    """The lock's TTL bounds a lost run, not a live one: a batch renews it while it builds."""
    import threading

    ttl = 2
    conn.set(q.key("hold"), "1")
    run_id = tasks.start_run(TS1.isoformat(), tickers=["SPY"], lock_ttl=ttl, pause_seconds=60)
    started = StartedJobRegistry(q.queue_name(q.SNAPSHOTS), connection=conn)
    seen = {}

    def watch():
        deadline = time.monotonic() + 60
        while started.count == 0 and time.monotonic() < deadline:
            time.sleep(0.1)
        time.sleep(3 * ttl)  # the batch is still held: three TTLs after its start
        seen["holder"] = q.RunLock(conn).holder()
        conn.delete(q.key("hold"))

    watcher = threading.Thread(target=watch)
    watcher.start()
    burst(conn)
    watcher.join(timeout=120)
    assert seen["holder"] == run_id
    assert reader().latest_snapshot("SPY").ts == TS1
    assert q.RunLock(conn).holder() is None


def test_scheduler_tick_runs_on_the_replay_clock(conn):
    from jobs.schedule import EVENING_CRONS, TICK_CRON, build_scheduler

    tasks.start_run(TS1.isoformat(), tickers=["SPY"])
    burst(conn)
    sched = build_scheduler(conn)
    crons = sorted(j.cron for j in sched.get_jobs())
    assert crons == sorted([TICK_CRON, *EVENING_CRONS])
    tick = next(j for j in sched.get_jobs() if j.cron == TICK_CRON)
    tick.next_enqueue_time = datetime(2000, 1, 1, tzinfo=UTC)  # due now
    assert tick in sched.enqueue_jobs()
    burst(conn)
    # Frozen wall clock Saturday 20:00 UTC -> replayed market time Friday 2026-01-09 17:00 UTC.
    assert reader().latest_snapshot("SPY").ts == datetime(2026, 1, 9, 17, 0, tzinfo=UTC)


def test_tick_outside_the_session_in_real_mode(conn, monkeypatch):
    monkeypatch.setenv("VOLLAND_REPLAY_CLOCK", "0")
    monkeypatch.setenv("VOLLAND_FROZEN_NOW", "2026-01-10T16:00:00+00:00")  # Saturday
    assert tasks.tick() is None
    assert q.queue(q.SNAPSHOTS, conn).count == 0


@pytest.mark.parametrize("wall,ran", [("2026-01-08T00:00:00+00:00", True),    # 19:00 EST Jan 7
                                      ("2026-01-07T23:00:00+00:00", False),   # 18:00 EST
                                      ("2026-07-08T23:00:00+00:00", True),    # 19:00 EDT
                                      ("2026-07-09T00:00:00+00:00", False)])  # 20:00 EDT
def test_evening_job_runs_once_across_dst(monkeypatch, wall, ran):
    monkeypatch.setenv("VOLLAND_FROZEN_NOW", wall)
    out = tasks.evening()
    assert (out != "skipped") is ran


def test_log_lines_carry_the_job_id():
    import logging

    rec = logging.LogRecord("jobs", logging.INFO, __file__, 1, "hello", None, None)
    q.JobIdFilter().filter(rec)
    assert rec.job_id == "-"
    assert "job=%(job_id)s" in q.LOG_FORMAT


def test_a_new_run_changes_what_live_users_see(conn, monkeypatch, tmp_path):
    """The API answers from the new snapshot as soon as a run publishes it (no stale cache entry)."""
    import jwt as pyjwt

    from api import catalog
    from api.app import create_app

    monkeypatch.setenv("VOLLAND_REPLAY_CLOCK", "0")
    monkeypatch.setenv("VOLLAND_FROZEN_NOW", "2026-01-08T16:07:00+00:00")  # after TS2 + offset
    tasks.start_run(TS1.isoformat(), tickers=["SPY"])
    burst(conn)
    app = create_app({"TESTING": True, "DATABASE_URL": f"sqlite:///{tmp_path / 'a.sqlite3'}",
                      "RATELIMIT_STORAGE_URI": "memory://"})
    now = int(time.time())
    token = pyjwt.encode({"sub": "1", "type": "data", "iat": now, "exp": now + 600,
                          "subscriptions": [{"id": catalog.TIERS["live"].product_id}]},
                         app.config["JWT_SECRET_KEY"], algorithm="HS256")
    client = app.test_client()
    url = "/api/v1/data/volland-live-api-summary?ticker=SPY"
    headers = {"Authorization": f"Bearer {token}"}
    first = client.get(url, headers=headers)
    assert first.get_json()["lastModified"] == "2026-01-08T16:00:00Z"
    assert client.get(url, headers=headers).headers["X-Cache"] == "hit"
    tasks.start_run(TS2.isoformat(), tickers=["SPY"])
    burst(conn)
    assert client.get(url, headers=headers).get_json()["lastModified"] == "2026-01-08T16:05:00Z"


def test_a_run_at_or_before_the_latest_published_time_is_a_no_op(conn):
    """Published history is append-only: the worker never rebuilds a published time (or an older one)."""
    tasks.start_run(TS2.isoformat(), tickers=["SPY"])
    burst(conn)
    before = reader().index().manifest
    events_before = q.events(conn)
    assert tasks.start_run(TS2.isoformat(), tickers=["SPY"]) is None
    assert tasks.start_run(TS1.isoformat(), tickers=["SPY"]) is None
    assert q.queue(q.SNAPSHOTS, conn).count == 0
    assert q.RunLock(conn).holder() is None
    assert q.events(conn) == events_before
    burst(conn)
    assert reader().index().manifest == before
    # Tickers already published are left out; the others are built.
    tasks.start_run(TS1.isoformat(), tickers=["IWM", "SPY"])
    burst(conn)
    m = reader().index().manifest
    assert [(e["ts"], e["tickers"]) for e in m["snapshots"]] == [("2026-01-08T16:00:00Z", ["IWM"]),
                                                                ("2026-01-08T16:05:00Z", ["SPY"])]


def test_the_replay_tick_does_not_rebuild_a_published_time(conn):
    # Frozen wall clock Saturday 20:00 UTC -> replayed market time Friday 2026-01-09 17:00 UTC.
    friday = datetime(2026, 1, 9, 17, 0, tzinfo=UTC)
    later = datetime(2026, 1, 9, 21, 0, tzinfo=UTC)    # Friday's close, already published (a demo build)
    tasks.start_run(later.isoformat(), tickers=["SPY"])
    burst(conn)
    before = reader().index().manifest
    assert tasks.tick() is None
    assert q.queue(q.SNAPSHOTS, conn).count == 0
    burst(conn)
    assert reader().index().manifest == before
    assert reader().snapshot_times("SPY", friday.date()) == [later]


def test_publish_refuses_a_run_overtaken_by_a_later_publish(conn):
    from data.orchestration.pipeline import build_snapshot, publish_snapshot
    from volland.settings import get_settings

    run_id = tasks.start_run(TS1.isoformat(), tickers=["SPY"])
    # Meanwhile another writer publishes a later time for the same ticker.
    publish_snapshot(build_snapshot(["SPY"], TS2, "synthetic", root=get_settings().store_path),
                     get_settings().store_path)
    burst(conn)
    r = reader()
    assert [e["ts"] for e in r.index().manifest["snapshots"]] == ["2026-01-08T16:05:00Z"]
    ev = q.events(conn)[0]
    assert ev["event"] == "refused" and ev["run_id"] == run_id and ev["tickers"] == ["SPY"]
    assert q.RunLock(conn).holder() is None


def test_a_new_run_removes_staging_left_by_a_killed_run(conn):
    from volland.settings import get_settings

    staging = get_settings().var_dir / "jobs" / "staging"
    dead = staging / "20260108T155500-deadbeef" / "batch-0000"
    dead.mkdir(parents=True)
    (dead / "exposures.arrow").write_bytes(b"half")
    recent = staging / "20260108T160000-cafecafe" / "batch-0000"
    recent.mkdir(parents=True)
    (recent / "exposures.arrow").write_bytes(b"being written")
    old = time.time() - tasks.STAGING_GRACE.total_seconds() - 60
    for p in (dead, dead / "exposures.arrow", dead.parent):
        os.utime(p, (old, old))
    run_id = tasks.start_run(TS1.isoformat(), tickers=TICKERS, batch_size=1)
    assert run_id
    assert not dead.parent.exists()        # untouched past the grace period, not the lock holder: removed
    assert recent.parent.exists()          # changed recently: could belong to a live run
    burst(conn)
    assert not (staging / run_id).exists()


def test_a_run_leaves_out_the_tickers_a_background_build_still_owes(conn):
    """While the demo's background build appends a ticker's history, the worker does not build it (its
    snapshot would jump ahead of that history); once the build is done the worker takes it again."""
    from data.store import backfill
    from volland.settings import get_settings

    root = get_settings().store_path
    backfill.write_plan(root, {"state": "running", "tickers": ["IWM"], "daysDone": 3, "daysTotal": 9})
    assert tasks.start_run(TS1.isoformat(), tickers=["IWM"]) is None
    run_id = tasks.start_run(TS1.isoformat(), tickers=["IWM", "SPY"])
    assert run_id is not None
    burst(conn)
    assert [e["tickers"] for e in reader().index().manifest["snapshots"]] == [["SPY"]]
    backfill.update_plan(root, state="done", daysDone=9)
    tasks.start_run(TS2.isoformat(), tickers=["IWM", "SPY"])
    burst(conn)
    assert [e["tickers"] for e in reader().index().manifest["snapshots"]] == [["SPY"], ["IWM", "SPY"]]
