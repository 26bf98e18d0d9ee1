"""Real processes on this machine as if on several: two API nodes (gunicorn) and two workers against one
Redis and one PostgreSQL. Each process has its own var folder (nothing local is shared); they share only
the database, Redis (under this test's prefix), the store and the staging folder.

Checked: a publish is served by both nodes at once, tokens issued by one node are accepted by the other,
rate limits and API credits are exact across the nodes, and killing a worker mid-run loses nothing.
"""

from __future__ import annotations

import os
import secrets
import signal
import subprocess
import sys
import time
from concurrent.futures import ThreadPoolExecutor
from contextlib import ExitStack, contextmanager
from datetime import UTC, datetime
from pathlib import Path

import pytest
import requests
from rq.registry import StartedJobRegistry

from jobs import queues as q
from jobs import tasks
from tests.servers import children, free_port

ROOT = Path(__file__).resolve().parents[2]
TS1 = datetime(2026, 1, 8, 16, 0, tzinfo=UTC)
TS2 = datetime(2026, 1, 8, 16, 5, tzinfo=UTC)
TS3 = datetime(2026, 1, 8, 16, 10, tzinfo=UTC)
PASSWORD = "cluster-pass-1"


def stop(proc: subprocess.Popen) -> None:
    if proc.poll() is None:
        os.killpg(proc.pid, signal.SIGTERM)
        try:
            proc.wait(timeout=30)
        except subprocess.TimeoutExpired:
            os.killpg(proc.pid, signal.SIGKILL)
            proc.wait(timeout=10)


def cli(env: dict, *args: str, log: Path | None = None) -> subprocess.Popen:
    """``volland <args>`` from this checkout (``-m`` keeps the imports on this working tree)."""
    out = open(log, "w") if log else subprocess.DEVNULL
    return subprocess.Popen([sys.executable, "-m", "volland.cli", *args], env=env, cwd=ROOT, stdout=out,
                            stderr=subprocess.STDOUT, start_new_session=True)


@contextmanager
def api_node(env: dict, log: Path):
    port = free_port()
    proc = cli(env, "serve", "--host", "127.0.0.1", "--port", str(port), "--workers", "1", log=log)
    try:
        deadline = time.monotonic() + 90
        while True:
            try:
                if requests.get(f"http://127.0.0.1:{port}/api/openapi.json", timeout=15).status_code == 200:
                    break
            except (requests.ConnectionError, requests.Timeout):
                pass
            assert proc.poll() is None, log.read_text()
            assert time.monotonic() < deadline, "API node did not start: " + log.read_text()
            time.sleep(0.2)
        yield f"http://127.0.0.1:{port}"
    finally:
        stop(proc)


def wait_for(predicate, what: str, timeout: float = 120):
    """Poll until ``predicate()`` is truthy (a liveness bound, not a speed check)."""
    deadline = time.monotonic() + timeout
    while True:
        value = predicate()
        if value:
            return value
        assert time.monotonic() < deadline, f"gave up waiting for {what}"
        time.sleep(0.2)


def published(conn, ts: datetime):
    return next((e for e in q.events(conn)
                 if e.get("event") == "published" and e.get("ts") == ts.isoformat()), None)


@pytest.fixture
def cluster_env(jobs_env, tmp_path, monkeypatch, worker_id):
    from tests.pg import private_database

    gen = private_database("volland_cluster", worker_id)
    db_url = next(gen)
    shared = {
        "VOLLAND_DATABASE_URL": db_url,
        "VOLLAND_STAGING_DIR": str(tmp_path / "staging"),
        "VOLLAND_STORE_LOCK": "redis",
        "VOLLAND_SECRET_KEY": secrets.token_urlsafe(48),
        "VOLLAND_REPLAY_CLOCK": "0",
        "VOLLAND_FROZEN_NOW": "2026-01-08T16:12:00+00:00",
        "VOLLAND_LOGIN_RATE_LIMIT": "4 per minute",
        "VOLLAND_ARGON2_TIME_COST": "1", "VOLLAND_ARGON2_MEMORY_KIB": "64", "VOLLAND_ARGON2_PARALLELISM": "1",
        "VOLLAND_WEB_DIST": str(tmp_path / "no-web"),
    }
    for k, v in shared.items():
        monkeypatch.setenv(k, v)
    monkeypatch.delenv("VOLLAND_RATELIMIT_STORAGE_URL", raising=False)
    yield {**os.environ}
    try:
        next(gen)
    except StopIteration:
        pass


def node_env(env: dict, tmp_path: Path, name: str) -> dict:
    return {**env, "VOLLAND_VAR_DIR": str(tmp_path / name)}


def test_two_api_nodes_and_two_workers(conn, cluster_env, tmp_path):
    env = cluster_env
    subprocess.run([sys.executable, "-m", "volland.cli", "users", "create", "--email", "quant@example.com",
                    "--password", PASSWORD, "--tier", "live", "--credits", "30"],
                   env=node_env(env, tmp_path, "admin"), cwd=ROOT, check=True, capture_output=True,
                   timeout=120)
    with ExitStack() as stack:
        workers = [cli(node_env(env, tmp_path, f"worker-{i}"), "worker", "--name", f"{q.prefix()}-w{i}",
                       log=tmp_path / f"worker-{i}.log") for i in (1, 2)]
        for w in workers:
            stack.callback(stop, w)
        a = stack.enter_context(api_node(node_env(env, tmp_path, "node-a"), tmp_path / "node-a.log"))
        b = stack.enter_context(api_node(node_env(env, tmp_path, "node-b"), tmp_path / "node-b.log"))

        # --- the first run, computed by the workers
        tasks.start_run(TS1.isoformat(), tickers=["IWM", "SPY"], batch_size=1)
        wait_for(lambda: published(conn, TS1), "the first run")

        # --- tokens from node A work on node B
        login = requests.post(f"{a}/api/v1/auth/login",
                              json={"email": "quant@example.com", "password": PASSWORD}, timeout=30)
        assert login.status_code == 200, login.text
        access = {"Authorization": f"Bearer {login.json()['accessToken']}"}
        assert requests.get(f"{b}/api/v1/users", headers=access, timeout=30).json()["tier"] == "live"
        token = requests.post(f"{a}/api/v1/auth/generate-data-api-token", headers=access, timeout=30)
        data = {"Authorization": f"Bearer {token.json()['dataApiAccessToken']}"}
        url = "/api/v1/data/volland-live-api-summary?ticker=SPY"
        for node in (a, b):
            first = requests.get(node + url, headers=data, timeout=30)
            assert first.status_code == 200, first.text
            assert first.json()["lastModified"] == "2026-01-08T16:00:00Z"
            assert requests.get(node + url, headers=data, timeout=30).headers["X-Cache"] == "hit"

        # --- a publish is served by both nodes, each having cached the previous answer
        tasks.start_run(TS2.isoformat(), tickers=["IWM", "SPY"], batch_size=1)
        wait_for(lambda: published(conn, TS2), "the second run")
        for node in (b, a):
            answer = requests.get(node + url, headers=data, timeout=30)
            assert answer.json()["lastModified"] == "2026-01-08T16:05:00Z"
        # Both nodes heard the announcement of that publish through Redis.
        for log in ("node-a.log", "node-b.log"):
            assert "publish announcements unavailable" not in (tmp_path / log).read_text()

        # --- credits are exact across the nodes: 30 credits, 40 requests spread over both at once
        key = requests.post(f"{b}/api/v1/api-keys", headers=access, timeout=30)
        assert key.status_code in (200, 201), key.text
        raw = key.json()["apiKey"]
        item = {"requests": [{"request_type": "paradigm_request", "ticker": "SPY"}]}

        def call(i: int) -> int:
            node = (a, b)[i % 2]
            resp = requests.post(f"{node}/api/v1/volland", json=item, headers={"X-API-KEY": raw}, timeout=60)
            return resp.status_code

        with ThreadPoolExecutor(max_workers=8) as pool:
            codes = list(pool.map(call, range(40)))
        assert codes.count(200) == 30 and codes.count(429) == 10, codes
        from sqlalchemy import create_engine, text

        engine = create_engine(env["VOLLAND_DATABASE_URL"])
        with engine.connect() as c:
            assert c.execute(text("SELECT balance FROM api_credit_accounts")).scalar_one() == 0
        engine.dispose()

        # --- the login rate limit (4 per minute) counts attempts on both nodes together: after the
        # sign-in on A above, three more pass and the fifth is refused, though neither node saw five.
        bad = {"email": "quant@example.com", "password": "wrong-password"}
        codes = [requests.post(f"{node}/api/v1/auth/login", json=bad, timeout=30).status_code
                 for node in (b, a, b, a)]
        assert codes == [401, 401, 401, 429], codes

        # --- a worker lost mid-run: its batch is retried on the other worker and the run publishes
        conn.set(q.key("hold"), "1")
        run_id = tasks.start_run(TS3.isoformat(), tickers=["IWM", "SPY"], batch_size=1, pause_seconds=300,
                                 retry_intervals=(0,))
        started = StartedJobRegistry(q.queue_name(q.SNAPSHOTS), connection=conn)
        wait_for(lambda: started.count == 2, "both batches to start on the two workers")
        # Lose a machine: the worker, then its work horse (a worker outliving its horse would handle the
        # death itself).
        busy = wait_for(lambda: [w for w in workers if children(w.pid)], "a worker's work horse")
        victim = busy[0]
        horses = children(victim.pid)
        os.killpg(victim.pid, signal.SIGKILL)
        for pid in horses:
            os.kill(pid, signal.SIGKILL)
        victim.wait(timeout=30)
        conn.delete(q.key("hold"))
        # The surviving worker finishes its own batch; the lost one stays "started" until its heartbeat
        # lapses. Registry maintenance then retries it; here it runs now instead of a minute later.
        wait_for(lambda: started.count == 1, "the surviving batch to finish")
        assert published(conn, TS3) is None
        assert q.RunLock(conn).holder() == run_id
        started.cleanup(timestamp=time.time() + 3600)
        wait_for(lambda: published(conn, TS3), "the run with the retried batch")
        # The publish event is recorded just before the run lets its lock go.
        wait_for(lambda: q.RunLock(conn).holder() is None, "the run lock to be released")
        for node in (a, b):
            for ticker in ("SPY", "IWM"):
                answer = requests.get(f"{node}/api/v1/data/volland-live-api-summary?ticker={ticker}",
                                      headers=data, timeout=30)
                assert answer.json()["lastModified"] == "2026-01-08T16:10:00Z", (node, ticker)
        survivor = 2 if victim is workers[0] else 1
        survivor_log = (tmp_path / f"worker-{survivor}.log").read_text()
        assert f"run {run_id} batch" in survivor_log
        assert not any(Path(env["VOLLAND_STAGING_DIR"]).glob(f"{run_id}*"))
