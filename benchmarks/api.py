"""Data API throughput and latency: the exposure route, cached and uncached, against a constant route.

Set-up (bounded: about a minute plus a one-off tiny demo store build):

* the tiny demo store under ``var/bench/api-store`` (built once, reused);
* gunicorn on loopback with 2 workers (``gthread``, 4 threads each), the product's app plus one
  benchmark-only route ``GET /bench/constant`` answering a constant JSON body of exactly the size of the
  exposure answer (SPX, gamma, ALL expirations);
* load from a separate process: locust, headless, ``FastHttpUser`` sending requests back to back.

Measured, in the same run (the constant and cached lines alternate twice, so a change of machine
load affects both alike): the constant route, ``POST /api/v1/data/volland-exposure`` answered from the
Redis cache, and the same route on a second server started with ``VOLLAND_CACHE_DISABLED=1`` (every
request reads the store). The uncached route is also measured with 2 users (one per worker) so its p50 is
the service time rather than queueing.

Targets: cached throughput >= 0.6 x the constant route; uncached SPX ALL p50 <= 25 ms.

The session heatmap (``GET /api/v1/data/volland-live-api-heatmap``, SPX gamma, every snapshot of the
2026-01-08 session, all expirations, the default strike range) is measured the same way against its own
constant route of exactly its body's size (``/bench/constant-heatmap``, alternated twice with the cached
line), uncached on the second server with 2 users, and in process with the reader's query cache emptied
before each call (``heatmap_store_read``: one DuckDB read of the session's files, the matrix and its JSON,
nothing remembered). Targets: uncached p50 <= 50 ms; cached >= 0.6 x its constant route.
What changed (``POST /api/v1/data/volland-exposure-change``, SPX gamma ALL against the previous close, the
comparison with the most changed strikes) is measured the same way against its own constant route
(``GET /bench/constant-change``, a body of exactly the change answer's size), cached lines alternated with
it, and uncached with 2 users. Targets: cached >= 0.6 x its constant route; uncached p50 <= 25 ms.
"""

from __future__ import annotations

import csv
import json
import os
import socket
import subprocess
import sys
import tempfile
import time
import uuid
from datetime import UTC, datetime
from pathlib import Path

from benchmarks._common import print_table, save_results, start_gunicorn

ROOT = Path(__file__).resolve().parent.parent
AS_OF = datetime(2026, 1, 9, 23, 0, tzinfo=UTC)
FROZEN_NOW = "2026-01-10T20:00:00+00:00"
EXPOSURE_BODY = {"ticker": "SPX", "greek": "gamma", "kind": "both", "expirations": {"option": "ALL"},
                 "isCumulative": False}
HEATMAP_PATH = "/api/v1/data/volland-live-api-heatmap?ticker=SPX&greek=gamma&date=2026-01-08"
CHANGE_PATH = "/api/v1/data/volland-exposure-change"
CHANGE_BODY = {**EXPOSURE_BODY, "compareWith": "previous_close"}
RUN_SECONDS = int(os.environ.get("BENCH_API_SECONDS", "16"))
USERS = int(os.environ.get("BENCH_API_USERS", "16"))
SECRET = "benchmark-only-secret-key-0123456789abcdef"


def bench_app():
    """Gunicorn entry point: the product app plus the constant baseline route."""
    from flask import Response

    from api.app import create_app

    app = create_app()
    body = Path(os.environ["BENCH_CONSTANT_FILE"]).read_bytes()

    @app.get("/bench/constant")
    def constant():  # noqa: ANN202 - benchmark baseline: no auth, no work, same body size
        return Response(body, mimetype="application/json")

    heatmap_body = Path(os.environ["BENCH_CONSTANT_HEATMAP_FILE"]).read_bytes()

    @app.get("/bench/constant-heatmap")
    def constant_heatmap():  # noqa: ANN202 - the heatmap's baseline: the same body size
        return Response(heatmap_body, mimetype="application/json")
    if os.environ.get("BENCH_CONSTANT_CHANGE_FILE"):
        change_body = Path(os.environ["BENCH_CONSTANT_CHANGE_FILE"]).read_bytes()

        @app.get("/bench/constant-change")
        def constant_change():  # noqa: ANN202 - the what-changed route's baseline: its answer's size
            return Response(change_body, mimetype="application/json")

    return app


def ensure_store() -> Path:
    from volland.settings import get_settings

    root = get_settings().var_dir / "bench" / "api-store"
    if not (root / "BUILT").exists():
        from data.orchestration.demo import build_demo

        print(f"building the tiny demo store for the benchmark in {root} (once)", flush=True)
        build_demo("tiny", str(root), AS_OF, progress=False)
        (root / "BUILT").write_text("ok")
    return root


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def data_token() -> str:
    import jwt

    from api import catalog

    now = int(time.time())
    return jwt.encode({"sub": "1", "type": "data", "iat": now, "exp": now + 3600, "jti": uuid.uuid4().hex,
                       "subscriptions": [{"id": catalog.TIERS["live"].product_id}], "tier": "live"},
                      SECRET, algorithm="HS256")


def start_server(env: dict, port: int, log: Path) -> subprocess.Popen:
    return start_gunicorn("benchmarks.api:bench_app()", env, port, log, probe="/bench/constant", workers=2,
                          timeout_s=60)


def warm(port: int, token: str, n: int = 20, path: str = "/api/v1/data/volland-exposure",
         body: dict = EXPOSURE_BODY) -> int:
    import urllib.request

    size = 0
    for _ in range(n):
        req = urllib.request.Request(f"http://127.0.0.1:{port}{path}",
                                     data=json.dumps(body).encode(), method="POST",
                                     headers={"Authorization": f"Bearer {token}", "Content-Type": "application/json"})
        size = len(urllib.request.urlopen(req, timeout=30).read())
    return size


def warm_get(port: int, token: str, path: str, n: int) -> None:
    import urllib.request

    for _ in range(n):
        req = urllib.request.Request(f"http://127.0.0.1:{port}{path}", headers={"Authorization": f"Bearer {token}"})
        urllib.request.urlopen(req, timeout=30).read()


def store_read_p50(app, token: str, n: int = 40) -> dict:
    """The heatmap computed in process with nothing remembered: the reader's query cache and the per-snapshot
    memo emptied before each call (the DuckDB read, the matrix and its JSON)."""
    import statistics

    from api import cache
    from api.data import service as svc
    from api.data.heatmap import service

    with app.test_request_context():
        ctx = svc.make_ctx("live")
        snap = svc.historical_snapshot("SPX", "2026-01-08", ctx)
        args = {"greek": "gamma", "kind": "both", "range": 5, "date": "2026-01-08",
                "expirations": {"option": "ALL", "from": None, "to": None, "dates": None}}
        params = service.heatmap_params(args, snap, ctx)
        times = []
        for _ in range(n):
            svc.reader()._cache.clear()
            cache.SNAPSHOTS.clear()
            t0 = time.perf_counter()
            svc.dumps(service.heatmap(snap, params, ctx))
            times.append((time.perf_counter() - t0) * 1000)
    return {"p50_ms": round(statistics.median(times), 2), "max_ms": round(max(times), 2), "calls": n}


def load(port: int, path: str, method: str, token: str, users: int, seconds: int, work: Path, label: str,
         body: dict = EXPOSURE_BODY) -> dict:
    prefix = work / label
    env = {**os.environ, "BENCH_PATH": path, "BENCH_METHOD": method, "BENCH_TOKEN": token,
           "BENCH_BODY": json.dumps(body)}
    cmd = [sys.executable, "-m", "locust", "-f", str(ROOT / "benchmarks" / "_api_locust.py"), "--headless",
           "-u", str(users), "-r", str(users), "--run-time", f"{seconds}s", "--host", f"http://127.0.0.1:{port}",
           "--csv", str(prefix), "--only-summary", "--loglevel", "ERROR", "--stop-timeout", "2"]
    done = subprocess.run(cmd, cwd=ROOT, env=env, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, text=True,
                          check=False, timeout=seconds + 60)
    if not Path(f"{prefix}_stats.csv").exists():
        raise RuntimeError(f"locust produced no statistics: {done.stderr[-2000:]}")
    with open(f"{prefix}_stats.csv") as f:
        row = next(r for r in csv.DictReader(f) if r["Name"] == "Aggregated")
    return {"requests": int(row["Request Count"]), "failures": int(row["Failure Count"]),
            "rps": float(row["Requests/s"]), "p50_ms": float(row["50%"]), "p99_ms": float(row["99%"]),
            "users": users, "seconds": seconds}


def merge(runs: list[dict]) -> dict:
    """Combine alternated runs: total requests over total time; latency percentiles request-weighted."""
    n = sum(r["requests"] for r in runs) or 1
    return {"requests": sum(r["requests"] for r in runs), "failures": sum(r["failures"] for r in runs),
            "rps": sum(r["rps"] * r["seconds"] for r in runs) / sum(r["seconds"] for r in runs),
            "p50_ms": sum(r["p50_ms"] * r["requests"] for r in runs) / n,
            "p99_ms": max(r["p99_ms"] for r in runs), "users": runs[0]["users"],
            "seconds": sum(r["seconds"] for r in runs), "rounds": runs}


def constant_body(path: Path, size: int) -> Path:
    """A JSON body of exactly ``size`` bytes."""
    path.write_bytes(b'{"pad":"' + b"x" * (size - len(b'{"pad":""}')) + b'"}')
    return path


def main() -> int:
    store = ensure_store()
    work = Path(tempfile.mkdtemp(prefix="volland-bench-api-"))
    token = data_token()
    base_env = {**os.environ, "VOLLAND_STORE_ROOT": str(store), "VOLLAND_FROZEN_NOW": FROZEN_NOW,
                "VOLLAND_REPLAY_CLOCK": "1", "VOLLAND_SECRET_KEY": SECRET, "VOLLAND_VAR_DIR": str(work / "var"),
                "VOLLAND_JOBS_PREFIX": f"bench-{uuid.uuid4().hex[:8]}", "VOLLAND_WEB_DIST": str(work / "no-web"),
                "VOLLAND_DATABASE_URL": f"sqlite:///{work / 'bench.sqlite3'}", "PYTHONPATH": str(ROOT)}

    # The constant body has exactly the size of the exposure answer.
    os.environ.update({k: v for k, v in base_env.items() if k.startswith("VOLLAND_")})
    from api.app import create_app

    app = create_app({"TESTING": True})
    probe = app.test_client().post("/api/v1/data/volland-exposure", json=EXPOSURE_BODY,
                                   headers={"Authorization": f"Bearer {token}"})
    if probe.status_code != 200:
        print(f"exposure route failed: {probe.status_code} {probe.get_data(as_text=True)[:300]}", file=sys.stderr)
        return 1
    size = len(probe.get_data())
    base_env["BENCH_CONSTANT_FILE"] = str(constant_body(work / "constant.json", size))
    change = app.test_client().post(CHANGE_PATH, json=CHANGE_BODY, headers={"Authorization": f"Bearer {token}"})
    if change.status_code != 200:
        print(f"change route failed: {change.status_code} {change.get_data(as_text=True)[:300]}", file=sys.stderr)
        return 1
    change_size = len(change.get_data())
    base_env["BENCH_CONSTANT_CHANGE_FILE"] = str(constant_body(work / "constant-change.json", change_size))

    heatmap_probe = app.test_client().get(HEATMAP_PATH, headers={"Authorization": f"Bearer {token}"})
    if heatmap_probe.status_code != 200:
        print(f"heatmap route failed: {heatmap_probe.status_code} {heatmap_probe.get_data(as_text=True)[:300]}",
              file=sys.stderr)
        return 1
    heatmap_size = len(heatmap_probe.get_data())
    heatmap_file = work / "constant-heatmap.json"
    heatmap_file.write_bytes(b'{"pad":"' + b"x" * (heatmap_size - len(b'{"pad":""}')) + b'"}')
    base_env["BENCH_CONSTANT_HEATMAP_FILE"] = str(heatmap_file)
    shape = heatmap_probe.get_json()
    results: dict = {"body_bytes": size, "heatmap_body_bytes": heatmap_size,
                     "heatmap_shape": {"times": len(shape["times"]), "strikes": len(shape["strikes"])},
                     "heatmap_store_read": store_read_p50(app, token)}
    results["change_body_bytes"] = change_size
    servers = []
    try:
        port = free_port()
        servers.append(start_server({**base_env, "VOLLAND_CACHE_DISABLED": "0"}, port, work / "cached.log"))
        warm(port, token, 200)
        # Alternate the two lines twice so a change of machine load hits both alike; keep the sums.
        rounds: dict[str, list[dict]] = {"constant": [], "exposure_cached": []}
        for i in range(2):
            rounds["constant"].append(load(port, "/bench/constant", "GET", token, USERS, RUN_SECONDS // 2, work,
                                           f"constant{i}"))
            rounds["exposure_cached"].append(load(port, "/api/v1/data/volland-exposure", "POST", token, USERS,
                                                  RUN_SECONDS // 2, work, f"cached{i}"))
        warm(port, token, 200, CHANGE_PATH, CHANGE_BODY)
        for i in range(2):
            rounds.setdefault("constant_change", []).append(
                load(port, "/bench/constant-change", "GET", token, USERS, RUN_SECONDS // 2, work, f"cconstant{i}"))
            rounds.setdefault("change_cached", []).append(
                load(port, CHANGE_PATH, "POST", token, USERS, RUN_SECONDS // 2, work, f"ccached{i}", CHANGE_BODY))
        for name, runs in rounds.items():
            results[name] = merge(runs)
        warm_get(port, token, HEATMAP_PATH, 20)
        heat: dict[str, list[dict]] = {"constant_heatmap": [], "heatmap_cached": []}
        for i in range(2):
            heat["constant_heatmap"].append(load(port, "/bench/constant-heatmap", "GET", token, USERS,
                                                 RUN_SECONDS // 2, work, f"constant-heatmap{i}"))
            heat["heatmap_cached"].append(load(port, HEATMAP_PATH, "GET", token, USERS, RUN_SECONDS // 2, work,
                                               f"heatmap-cached{i}"))
        for name, runs in heat.items():
            results[name] = merge(runs)
        port2 = free_port()
        servers.append(start_server({**base_env, "VOLLAND_CACHE_DISABLED": "1"}, port2, work / "uncached.log"))
        warm(port2, token)
        results["exposure_uncached"] = load(port2, "/api/v1/data/volland-exposure", "POST", token, USERS,
                                            RUN_SECONDS, work, "uncached")
        results["exposure_uncached_2_users"] = load(port2, "/api/v1/data/volland-exposure", "POST", token, 2,
                                                    RUN_SECONDS, work, "uncached2")
        warm_get(port2, token, HEATMAP_PATH, 5)
        results["heatmap_uncached_2_users"] = load(port2, HEATMAP_PATH, "GET", token, 2, RUN_SECONDS, work,
                                                   "heatmap-uncached2")
        warm(port2, token, 20, CHANGE_PATH, CHANGE_BODY)
        results["change_uncached_2_users"] = load(port2, CHANGE_PATH, "POST", token, 2, RUN_SECONDS, work,
                                                  "cuncached2", CHANGE_BODY)
    finally:
        import signal

        for s in servers:
            try:
                os.killpg(s.pid, signal.SIGTERM)
                s.wait(timeout=15)
            except (ProcessLookupError, subprocess.TimeoutExpired):
                os.killpg(s.pid, signal.SIGKILL)
        from api import cache

        cache.clear_prefix(f"{base_env['VOLLAND_JOBS_PREFIX']}:cache:")
        import shutil

        shutil.rmtree(work, ignore_errors=True)

    const_rps = results["constant"]["rps"] or float("nan")
    results["cached_vs_constant_throughput"] = round(results["exposure_cached"]["rps"] / const_rps, 3)
    results["heatmap_cached_vs_constant_throughput"] = round(
        results["heatmap_cached"]["rps"] / (results["constant_heatmap"]["rps"] or float("nan")), 3)
    change_const_rps = results["constant_change"]["rps"] or float("nan")
    results["change_cached_vs_constant_throughput"] = round(results["change_cached"]["rps"] / change_const_rps, 3)
    results["targets"] = {
        "heatmap_uncached_p50_ms_max": 50,
        "heatmap_uncached_p50_ms_met": results["heatmap_uncached_2_users"]["p50_ms"] <= 50,
        "heatmap_store_read_p50_ms_met": results["heatmap_store_read"]["p50_ms"] <= 50,
        "heatmap_cached_vs_constant_met": results["heatmap_cached_vs_constant_throughput"] >= 0.6,
        "cached_vs_constant_min": 0.6,
        "cached_vs_constant_met": results["cached_vs_constant_throughput"] >= 0.6,
        "uncached_p50_ms_max": 25,
        "uncached_p50_ms_met": results["exposure_uncached_2_users"]["p50_ms"] <= 25,
        "change_cached_vs_constant_met": results["change_cached_vs_constant_throughput"] >= 0.6,
        "change_uncached_p50_ms_met": results["change_uncached_2_users"]["p50_ms"] <= 25,
    }
    rows = []
    for key in ("constant", "exposure_cached", "exposure_uncached", "exposure_uncached_2_users", "constant_heatmap",
                "heatmap_cached", "heatmap_uncached_2_users", "constant_change", "change_cached", "change_uncached_2_users"):
        r = results[key]
        rows.append((key, str(r["users"]), f"{r['rps']:.0f}", f"{r['p50_ms']:.0f}", f"{r['p99_ms']:.0f}",
                     str(r["requests"]), str(r["failures"])))
    print_table(f"Data API on gunicorn (2 workers), {size} byte bodies, {RUN_SECONDS} s per line",
                rows, ("route", "users", "req/s", "p50 ms", "p99 ms", "requests", "failures"))
    print(f"\ncached / constant throughput: {results['cached_vs_constant_throughput']:.2f} (target >= 0.6)")
    print(f"uncached SPX ALL p50 (2 users): {results['exposure_uncached_2_users']['p50_ms']:.0f} ms (target <= 25)")
    hs = results["heatmap_shape"]
    print(f"heatmap ({hs['times']} times x {hs['strikes']} strikes, {heatmap_size} bytes): cached / constant "
          f"{results['heatmap_cached_vs_constant_throughput']:.2f} (target >= 0.6); uncached p50 (2 users) "
          f"{results['heatmap_uncached_2_users']['p50_ms']:.0f} ms, store read in process p50 "
          f"{results['heatmap_store_read']['p50_ms']:.1f} ms (target <= 50)")
    print(f"what changed, cached / its constant throughput: {results['change_cached_vs_constant_throughput']:.2f} "
          "(target >= 0.6)")
    print(f"what changed, uncached SPX ALL vs previous close p50 (2 users): "
          f"{results['change_uncached_2_users']['p50_ms']:.0f} ms (target <= 25)")
    path = save_results("api", results)
    print(f"saved {path}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
