"""Real ``volland worker`` processes against a private redis-server that the tests restart empty, flush,
or lose a worker under: the worker registers itself again, and a lost batch runs again well inside the run
lock's TTL.

The waits are liveness bounds derived from the configured constants (``jobs.worker``, ``jobs.tasks``),
not speed checks.
"""

from __future__ import annotations

import os
import signal
import subprocess
import sys
import time
from contextlib import contextmanager
from datetime import UTC, datetime
from pathlib import Path

import pytest
from rq import Queue
from rq.registry import StartedJobRegistry

from jobs import queues as q
from jobs import tasks
from tests.jobs._private_redis import wait_until
from tests.servers import children

pytestmark = [pytest.mark.redis, pytest.mark.slow]

ROOT = Path(__file__).resolve().parents[2]
HERE = Path(__file__).resolve().parent
TS = datetime(2026, 1, 8, 16, 0, tzinfo=UTC)   # Thursday 11:00 New York


def _stop(proc: subprocess.Popen) -> None:
    if proc.poll() is None:
        os.killpg(proc.pid, signal.SIGTERM)
        try:
            proc.wait(timeout=30)
        except subprocess.TimeoutExpired:
            os.killpg(proc.pid, signal.SIGKILL)
            proc.wait(timeout=10)


@contextmanager
def workers(tmp_path: Path, names: list[str]):
    """``volland worker --name <name>`` for each name (each in its own process group), logs in tmp_path."""
    env = {**os.environ, "PYTHONPATH": os.pathsep.join([str(HERE), str(ROOT), os.environ.get("PYTHONPATH", "")])}
    procs = {}
    try:
        for name in names:
            procs[name] = subprocess.Popen([sys.executable, "-m", "volland.cli", "worker", "--name", name],
                                           env=env, cwd=ROOT, stdout=open(tmp_path / f"{name}.log", "wb"),
                                           stderr=subprocess.STDOUT, start_new_session=True)
        yield procs
    finally:
        for p in procs.values():
            _stop(p)


def logs(tmp_path: Path, names) -> str:
    return "\n".join(f"--- {n}\n{(tmp_path / f'{n}.log').read_text()[-6000:]}" for n in names
                     if (tmp_path / f"{n}.log").exists())


def registered(conn, name: str) -> bool:
    """The worker as RQ and the admin view see it: its hash, the worker set and both queues' sets."""
    key = f"rq:worker:{name}"
    with conn.pipeline() as p:
        p.hexists(key, "birth")
        p.sismember("rq:workers", key)
        p.sismember(f"rq:workers:{q.queue_name(q.SNAPSHOTS)}", key)
        p.sismember(f"rq:workers:{q.queue_name(q.DEFAULT)}", key)
        return all(p.execute())


def admin_view_names(conn) -> list[str]:
    from jobs import state

    return [w["name"] for w in state.overview(conn)["workers"]]


def test_worker_registers_again_when_redis_restarts_empty(private_redis, tmp_path, jobs_env, monkeypatch):
    from jobs.resilience import BACKOFF_CAP_SECONDS
    from jobs.worker import HEARTBEAT_SECONDS

    monkeypatch.setenv("VOLLAND_REDIS_URL", private_redis.url)
    name = f"{jobs_env}-w1"
    with workers(tmp_path, [name]) as procs:
        conn = private_redis.client()
        wait_until(lambda: registered(conn, name), 60, "the worker to register",
                   lambda: logs(tmp_path, procs))
        # A job first, then Redis goes away while the worker waits for the next one (RQ reconnects by itself
        # there, without registering again).
        before = tmp_path / "before.txt"
        Queue(q.queue_name(q.DEFAULT), connection=conn).enqueue("heal_jobs.mark", str(before))
        wait_until(lambda: before.exists() and conn.hget(f"rq:worker:{name}", "state") == b"idle", 60,
                   "the worker to run a job and wait for the next", lambda: logs(tmp_path, procs))
        private_redis.restart_empty()
        conn = private_redis.client()
        # Reconnecting takes at most the capped backoff; the next heartbeat then finds the registration gone.
        wait_until(lambda: registered(conn, name), BACKOFF_CAP_SECONDS + 3 * HEARTBEAT_SECONDS,
                   "the worker to register again after Redis restarted empty", lambda: logs(tmp_path, procs))
        assert admin_view_names(conn) == [name]
        # It is the same process, still taking jobs.
        assert procs[name].poll() is None
        done = tmp_path / "after.txt"
        Queue(q.queue_name(q.DEFAULT), connection=conn).enqueue("heal_jobs.mark", str(done))
        wait_until(done.exists, 60, "the worker to run a job after Redis returned", lambda: logs(tmp_path, procs))
        assert "registered again" in (tmp_path / f"{name}.log").read_text()


def test_worker_registers_again_after_redis_is_flushed(private_redis, tmp_path, jobs_env, monkeypatch):
    from jobs.worker import HEARTBEAT_SECONDS

    monkeypatch.setenv("VOLLAND_REDIS_URL", private_redis.url)
    name = f"{jobs_env}-w1"
    with workers(tmp_path, [name]) as procs:
        conn = private_redis.client()
        wait_until(lambda: registered(conn, name), 60, "the worker to register", lambda: logs(tmp_path, procs))
        # An idle worker waits on its queues; a flush (no restart) breaks no connection, so only its own
        # heartbeat, once per HEARTBEAT_SECONDS, can notice.
        conn.flushall()
        assert not registered(conn, name)
        wait_until(lambda: registered(conn, name), 3 * HEARTBEAT_SECONDS,
                   "the worker to register again after a flush", lambda: logs(tmp_path, procs))
        assert admin_view_names(conn) == [name]
        assert procs[name].poll() is None


def _scheduler_pid(conn) -> int | None:
    """The process of RQ's scheduler holding the snapshot queue's scheduler lock (it runs inside a worker)."""
    holder = conn.get(f"rq:scheduler-lock:{q.queue_name(q.SNAPSHOTS)}")
    if not holder:
        return None
    pid = conn.hget(f"rq:scheduler:{holder.decode()}", "pid")
    return int(pid) if pid else None


def test_a_lost_batch_runs_again_well_inside_the_run_lock(private_redis, tmp_path, jobs_env, monkeypatch):
    from jobs.worker import RECOVERY_BUDGET_SECONDS

    assert RECOVERY_BUDGET_SECONDS <= tasks.LOCK_TTL_SECONDS / 2
    monkeypatch.setenv("VOLLAND_REDIS_URL", private_redis.url)
    monkeypatch.setenv("VOLLAND_REPLAY_CLOCK", "0")
    monkeypatch.setenv("VOLLAND_FROZEN_NOW", "2026-01-08T16:02:00+00:00")
    names = [f"{jobs_env}-w1", f"{jobs_env}-w2"]
    with workers(tmp_path, names) as procs:
        conn = private_redis.client()
        wait_until(lambda: all(registered(conn, n) for n in names), 60, "both workers to register",
                   lambda: logs(tmp_path, names))
        wait_until(lambda: _scheduler_pid(conn), 60, "RQ's scheduler to start in a worker",
                   lambda: logs(tmp_path, names))
        conn.set(q.key("hold"), "1")
        # The production settings: default lock TTL and retry intervals (5 s, 20 s, 60 s).
        run_id = tasks.start_run(TS.isoformat(), tickers=["IWM", "SPY"], batch_size=1, pause_seconds=600)
        started = StartedJobRegistry(q.queue_name(q.SNAPSHOTS), connection=conn)
        wait_until(lambda: started.count == 2, 120, "both batches to start on the two workers",
                   lambda: logs(tmp_path, names))
        # Both batches have extended the lock by now: the lock expires no earlier than LOCK_TTL from here.
        t_started = time.monotonic()
        # Lose the machine that also runs RQ's scheduler (the worst case: its scheduled jobs wait for another
        # worker to take the scheduler over): the worker, its scheduler and its work horse.
        sched = _scheduler_pid(conn)
        victim = next(n for n in names if sched in children(procs[n].pid))
        survivor = next(n for n in names if n != victim)
        wait_until(lambda: [c for c in children(procs[victim].pid) if c != sched], 30, "the victim's work horse")
        family = children(procs[victim].pid)
        os.killpg(procs[victim].pid, signal.SIGKILL)
        for pid in family:
            try:
                os.kill(pid, signal.SIGKILL)
            except ProcessLookupError:
                pass
        procs[victim].wait(timeout=30)
        conn.delete(q.key("hold"))

        def published():
            # The run lock held by this run the whole time: no second run could have started.
            done = next((e for e in q.events(conn) if e.get("event") == "published" and e.get("run_id") == run_id),
                        None)
            if done is None:
                assert q.RunLock(conn).holder() == run_id, "the run lock lapsed before the lost batch ran again"
            return done

        wait_until(published, RECOVERY_BUDGET_SECONDS, "the run to publish with the lost batch retried",
                   lambda: logs(tmp_path, names))
        assert time.monotonic() - t_started < tasks.LOCK_TTL_SECONDS / 2
        assert q.RunLock(conn).holder() is None
        survivor_log = (tmp_path / f"{survivor}.log").read_text()
        assert survivor_log.count(f"run {run_id} batch") >= 3  # its own batch, then the lost one (building, built)
        assert "requeued" in survivor_log


def test_the_worker_timings_fit_the_recovery_budget(caplog):
    from jobs import worker
    from volland.settings import get_settings

    configured = worker.maintenance_seconds(get_settings().worker_maintenance_seconds)
    assert worker.RECOVERY_BUDGET_SECONDS == tasks.LOCK_TTL_SECONDS // 2
    assert worker.ABANDON_AFTER_SECONDS + configured + worker.HEARTBEAT_SECONDS <= worker.RECOVERY_BUDGET_SECONDS
    # A longer setting is lowered to what still fits, and said so.
    assert worker.maintenance_seconds(600) == worker.MAX_MAINTENANCE_SECONDS
    assert "VOLLAND_WORKER_MAINTENANCE_SECONDS=600" in caplog.text
