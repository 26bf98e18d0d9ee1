"""Scale-out on one machine: the exposure route on 1 and 2 API nodes, a refresh run on 1 and 2 workers.

API nodes. Each node is its own gunicorn server (1 worker process, 4 threads) on its own loopback port,
sharing the store (the tiny demo store of ``benchmarks/api.py``) and Redis, as nodes behind a load
balancer would. The load is the same in both lines: two locust processes of ``BENCH_NODES_USERS / 2``
users each; with one node both send to it, with two nodes each sends to its own. Measured for the
exposure route answered from the response cache and with the cache switched off (every request reads
the store). Figure: requests per second with 2 nodes / with 1 node.

Workers. A refresh run of the whole synthetic universe (250 tickers, ``VOLLAND_SNAPSHOT_BATCH_SIZE``
25: 10 batch jobs and the publish job) into an empty store, timed from ``start_run`` until the run's
``published`` event, with 1 and then 2 ``volland worker`` processes (started and idle before timing).
The two lines alternate twice, each round on a fresh store. Figure: run time with 1 worker / with 2.

The machine this runs on has 2 cores shared by the load generator, Redis and every process measured,
so the ratios show what a second process gains on the same 2 cores, not what a second machine gains.
"""

from __future__ import annotations

import os
import signal
import subprocess
import sys
import tempfile
import threading
import time
import uuid
from datetime import UTC, datetime
from pathlib import Path

from benchmarks._common import print_table, save_results, start_gunicorn
from benchmarks.api import EXPOSURE_BODY, FROZEN_NOW, SECRET, data_token, ensure_store, free_port, load

ROOT = Path(__file__).resolve().parent.parent
SECONDS = int(os.environ.get("BENCH_NODES_SECONDS", "10"))
USERS = int(os.environ.get("BENCH_NODES_USERS", "16"))
RUN_TS = datetime(2026, 1, 8, 16, 0, tzinfo=UTC)
EXPOSURE = "/api/v1/data/volland-exposure"


def _stop(proc: subprocess.Popen) -> None:
    try:
        os.killpg(proc.pid, signal.SIGTERM)
        proc.wait(timeout=20)
    except (ProcessLookupError, subprocess.TimeoutExpired):
        try:
            os.killpg(proc.pid, signal.SIGKILL)
        except ProcessLookupError:
            pass


def start_node(env: dict, port: int, log: Path) -> subprocess.Popen:
    return start_gunicorn("api.wsgi:app", env, port, log)


def warm(port: int, token: str, n: int = 50) -> None:
    import json
    import urllib.request

    for _ in range(n):
        req = urllib.request.Request(f"http://127.0.0.1:{port}{EXPOSURE}",
                                     data=json.dumps(EXPOSURE_BODY).encode(), method="POST", headers={"Authorization": f"Bearer {token}",
                                                             "Content-Type": "application/json"})
        urllib.request.urlopen(req, timeout=30).read()


def two_generators(ports: tuple[int, int], token: str, work: Path, label: str) -> dict:
    """Two locust processes at once, one per port; their requests and rates add up."""
    out: list[dict] = [{}, {}]

    def one(i: int) -> None:
        out[i] = load(ports[i], EXPOSURE, "POST", token, USERS // 2, SECONDS, work, f"{label}-{i}")

    threads = [threading.Thread(target=one, args=(i,)) for i in (0, 1)]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    n = sum(r["requests"] for r in out) or 1
    return {"rps": sum(r["rps"] for r in out), "requests": sum(r["requests"] for r in out),
            "failures": sum(r["failures"] for r in out),
            "p50_ms": sum(r["p50_ms"] * r["requests"] for r in out) / n,
            "p99_ms": max(r["p99_ms"] for r in out), "users": USERS, "seconds": SECONDS}


def bench_nodes(work: Path) -> dict:
    store = ensure_store()
    token = data_token()
    prefix = f"bench-nodes-{uuid.uuid4().hex[:8]}"
    base = {**os.environ, "VOLLAND_STORE_ROOT": str(store), "VOLLAND_FROZEN_NOW": FROZEN_NOW,
            "VOLLAND_REPLAY_CLOCK": "1", "VOLLAND_SECRET_KEY": SECRET, "VOLLAND_JOBS_PREFIX": prefix,
            "VOLLAND_WEB_DIST": str(work / "no-web"),
            "VOLLAND_DATABASE_URL": f"sqlite:///{work / 'nodes.sqlite3'}",
            "PYTHONPATH": str(ROOT)}
    from api.db import upgrade

    upgrade(base["VOLLAND_DATABASE_URL"])
    results: dict = {}
    try:
        for cached in (True, False):
            env = {**base, "VOLLAND_CACHE_DISABLED": "0" if cached else "1"}
            procs, ports = [], []
            try:
                for i in (0, 1):
                    port = free_port()
                    procs.append(start_node({**env, "VOLLAND_VAR_DIR": str(work / f"node-{i}")}, port,
                                            work / f"node-{i}-{cached}.log"))
                    ports.append(port)
                    warm(port, token)
                label = "cached" if cached else "uncached"
                one = two_generators((ports[0], ports[0]), token, work, f"{label}-1node")
                two = two_generators((ports[0], ports[1]), token, work, f"{label}-2nodes")
                results[f"exposure_{label}"] = {"one_node": one, "two_nodes": two,
                                                "ratio": round(two["rps"] / (one["rps"] or float("nan")), 3)}
            finally:
                for p in procs:
                    _stop(p)
    finally:
        from api import cache

        os.environ["VOLLAND_JOBS_PREFIX"] = prefix
        cache.clear_prefix(f"{prefix}:cache:")
    return results


def _published(conn, run_id: str) -> bool:
    from jobs import queues as q

    return any(e.get("run_id") == run_id and e.get("event") in ("published", "failed", "refused")
               for e in q.events(conn, 50))


def one_run(work: Path, workers: int, round_no: int, prefix: str) -> float:
    """Seconds from ``start_run`` to the run's publish with ``workers`` idle workers."""
    from rq import Worker

    from jobs import queues as q
    from jobs import tasks

    env = {"VOLLAND_JOBS_PREFIX": prefix, "VOLLAND_STORE_ROOT": str(work / f"store-{workers}-{round_no}"),
           "VOLLAND_VAR_DIR": str(work / "var"), "VOLLAND_STAGING_DIR": str(work / "staging"),
           "VOLLAND_SOURCE": "synthetic", "VOLLAND_SOURCE_TICKERS": "", "VOLLAND_REPLAY_CLOCK": "0",
           "VOLLAND_SNAPSHOT_BATCH_SIZE": "25"}
    os.environ.update(env)
    conn = q.connection()
    procs = []
    try:
        for i in range(workers):
            procs.append(subprocess.Popen([sys.executable, "-m", "volland.cli", "worker", "--name",
                                           f"{prefix}-{workers}-{round_no}-{i}"], cwd=ROOT,
                                          env={**os.environ, "PYTHONPATH": str(ROOT)},
                                          stdout=open(work / f"worker-{workers}-{round_no}-{i}.log", "w"),
                                          stderr=subprocess.STDOUT, start_new_session=True))
        deadline = time.monotonic() + 90
        mine = f"{prefix}-{workers}-{round_no}-"
        while sum(1 for w in Worker.all(connection=conn) if w.name.startswith(mine)) < workers:
            if time.monotonic() > deadline:
                raise RuntimeError("workers did not start in 90 s")
            time.sleep(0.2)
        from data import universe

        t0 = time.perf_counter()
        run_id = tasks.start_run(RUN_TS.isoformat(), tickers=universe.symbols())
        while not _published(conn, run_id):
            if time.perf_counter() - t0 > 600:
                raise RuntimeError("the run did not finish in 600 s")
            time.sleep(0.05)
        seconds = time.perf_counter() - t0
        event = next(e for e in q.events(conn, 50)
                     if e.get("run_id") == run_id and e.get("event") != "started")
        if event["event"] != "published":
            raise RuntimeError(f"the run did not publish: {event}")
        return seconds
    finally:
        for p in procs:
            _stop(p)


def bench_workers(work: Path) -> dict:
    prefix = f"bench-workers-{uuid.uuid4().hex[:8]}"
    times: dict[int, list[float]] = {1: [], 2: []}
    try:
        one_run(work, 1, 0, prefix)  # warm-up (file caches, first imports): not counted
        for round_no in (1, 2):
            for workers in (1, 2):
                times[workers].append(one_run(work, workers, round_no, prefix))
    finally:
        from tests.redis_keys import drop_keys

        drop_keys(prefix)
    one, two = sum(times[1]) / len(times[1]), sum(times[2]) / len(times[2])
    return {"tickers": 250, "batch_size": 25, "one_worker_seconds": [round(t, 2) for t in times[1]],
            "two_workers_seconds": [round(t, 2) for t in times[2]], "one_worker_mean_s": round(one, 2),
            "two_workers_mean_s": round(two, 2), "ratio": round(one / two, 3)}


def main() -> int:
    work = Path(tempfile.mkdtemp(prefix="volland-bench-nodes-"))
    saved = dict(os.environ)
    try:
        results = {"cores": os.cpu_count(), "api": bench_nodes(work), "refresh": bench_workers(work)}
    finally:
        os.environ.clear()
        os.environ.update(saved)
        import shutil

        shutil.rmtree(work, ignore_errors=True)
    rows = []
    for key in ("exposure_cached", "exposure_uncached"):
        r = results["api"][key]
        rows.append((key, f"{r['one_node']['rps']:.0f}", f"{r['two_nodes']['rps']:.0f}", f"{r['ratio']:.2f}",
                     f"{r['one_node']['p50_ms']:.0f} / {r['two_nodes']['p50_ms']:.0f}",
                     str(r["one_node"]["failures"] + r["two_nodes"]["failures"])))
    print_table(f"Exposure route, {USERS} users, {SECONDS} s per line, {results['cores']} cores "
                "(1 node vs 2 nodes, 1 gunicorn worker each)", rows,
                ("route", "1 node req/s", "2 nodes req/s", "2/1", "p50 ms 1 / 2", "failures"))
    w = results["refresh"]
    print_table(f"Refresh run, 250 tickers in batches of 25, {results['cores']} cores", [
        ("1 worker", " / ".join(f"{t:.1f}" for t in w["one_worker_seconds"]),
         f"{w['one_worker_mean_s']:.1f}"),
        ("2 workers", " / ".join(f"{t:.1f}" for t in w["two_workers_seconds"]),
         f"{w['two_workers_mean_s']:.1f}"),
    ], ("workers", "run seconds", "mean s"))
    print(f"\nrun time 1 worker / 2 workers: {w['ratio']:.2f} (on {results['cores']} shared cores)")
    path = save_results("nodes", results)
    print(f"saved {path}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
