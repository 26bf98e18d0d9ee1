"""The worker and the scheduler outlive a Redis restart (a private redis-server this test starts and stops)."""

from __future__ import annotations

import os
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest
import redis

from tests.jobs._private_redis import wait_until

HERE = Path(__file__).resolve().parent


def lines(path: Path) -> list[str]:
    return path.read_text().splitlines() if path.exists() else []


def test_worker_and_scheduler_survive_a_redis_restart(private_redis, tmp_path, jobs_env):
    from rq import Queue

    env = {**os.environ, "VOLLAND_REDIS_URL": private_redis.url,
           "PYTHONPATH": os.pathsep.join([str(HERE), os.environ.get("PYTHONPATH", "")])}
    queue_name = f"{jobs_env}-default"
    cron_marks = tmp_path / "cron.txt"
    logs = {n: tmp_path / f"{n}.log" for n in ("worker", "scheduler")}
    procs = {
        "worker": subprocess.Popen([sys.executable, "-m", "volland.cli", "worker"], env=env,
                                   stdout=open(logs["worker"], "wb"), stderr=subprocess.STDOUT),
        "scheduler": subprocess.Popen([sys.executable, "-c", "import sys, heal_jobs; heal_jobs.run_scheduler_cli(sys.argv[1])",
                                       str(cron_marks)], env=env,
                                      stdout=open(logs["scheduler"], "wb"), stderr=subprocess.STDOUT),
    }

    def detail() -> str:
        return "\n".join(f"--- {n} (exit {procs[n].poll()})\n{p.read_text()[-4000:]}" for n, p in logs.items())

    try:
        conn = redis.Redis.from_url(private_redis.url, socket_timeout=10)
        before = tmp_path / "before.txt"
        Queue(queue_name, connection=conn).enqueue("heal_jobs.mark", str(before))
        wait_until(before.exists, 30, "a job before the outage", detail)
        wait_until(lambda: len(lines(cron_marks)) >= 2, 30, "the scheduler's interval job", detail)

        # Redis goes away while the worker runs a job (RQ's own retry covers only the wait for a job) ...
        started = tmp_path / "started.txt"
        Queue(queue_name, connection=conn).enqueue("heal_jobs.slow_mark", str(started), str(tmp_path / "slow.txt"), 4)
        wait_until(started.exists, 30, "the slow job to start", detail)
        private_redis.stop()
        # ... long enough for both to meet it: the worker when the job ends, the scheduler within a second.
        wait_until(lambda: all("Redis is not reachable" in logs[n].read_text() or procs[n].poll() is not None
                               for n in procs), 20, "both processes to meet the outage", detail)
        time.sleep(1.0)
        assert procs["worker"].poll() is None, detail()
        assert procs["scheduler"].poll() is None, detail()
        private_redis.start()  # ... and comes back on the same port, empty (no persistence)

        conn = redis.Redis.from_url(private_redis.url, socket_timeout=10)
        after = tmp_path / "after.txt"
        Queue(queue_name, connection=conn).enqueue("heal_jobs.mark", str(after))
        seen = len(lines(cron_marks))
        wait_until(after.exists, 45, "the worker to process a job after Redis returned", detail)
        wait_until(lambda: len(lines(cron_marks)) > seen, 45, "the scheduler to enqueue again", detail)
        for name in procs:
            assert procs[name].poll() is None, detail()
            text = logs[name].read_text()
            assert text.count("Redis is not reachable") == 1, detail()  # one line per outage, not one per retry
            assert "Redis is reachable again" in text, detail()
    finally:
        for p in procs.values():
            if p.poll() is None:
                p.send_signal(signal.SIGTERM)
        for name, p in procs.items():
            try:
                p.wait(timeout=20)
            except subprocess.TimeoutExpired:
                p.kill()
                pytest.fail(f"the {name} did not stop on SIGTERM\n{detail()}")
