"""Quants export: the route against DuckDB reading the store's Parquet files directly, in one run.

Set-up: the tiny demo store of ``benchmarks/api.py`` (``var/bench/api-store``, built once) and the
product app on gunicorn (1 worker, ``gthread``) on loopback, called with a Live data token; the clock is
frozen on the Saturday after the session (real mode), so the whole session is visible.

Question (docs/quants.md): one SPX session (Friday 2026-01-09, every published snapshot), all nine
greeks. Measured for each line, best of ``BENCH_EXPORT_REPEATS`` runs:

* ``snapshot``: ``granularity=snapshot`` (exposure by strike, summed over expirations), Arrow IPC and
  Parquet bodies, against the same aggregation in DuckDB on the session's exposure files;
* ``contract``: ``granularity=contract`` (one row per contract), Arrow IPC, against the same rows
  selected by DuckDB.

Throughput is rows per second; the route's time runs from sending the request to the last byte and its
first-byte time to the first body byte. Target: route / direct throughput >= 0.5 and first byte within
1 s. ``BEFORE`` holds the figures of the previous export (one query per snapshot and greek), measured
with this script on the same store before the change.
"""

from __future__ import annotations

import io
import os
import signal
import subprocess
import sys
import tempfile
import time
import uuid
from pathlib import Path

import duckdb
import pyarrow as pa
import pyarrow.ipc as ipc
import pyarrow.parquet as pq

from benchmarks._common import print_table, save_results, start_gunicorn
from benchmarks.api import FROZEN_NOW, ROOT, SECRET, data_token, ensure_store, free_port

DAY = "2026-01-09"
REPEATS = int(os.environ.get("BENCH_EXPORT_REPEATS", "5"))
GREEKS = ("delta", "gamma", "vanna", "charm", "vega", "theta", "vomma", "rho", "dag")
# The previous export (per-snapshot, per-greek queries and Python assembly), this script, same store.
# Cold figures (its per-query answer cache empty): the profile showed 260 DuckDB queries, each rescanning
# the day file, making about 85 % of the time.
BEFORE = {"commit": "a0cc104", "line": "snapshot arrow", "route_s": 1.69, "direct_s": 0.23,
          "ratio": 0.14, "first_byte_s": 0.07, "rows": 106_938}


def _start(env: dict, port: int, log: Path) -> subprocess.Popen:
    return start_gunicorn("api.app:create_app()", env, port, log, timeout_s=60)


def _route(port: int, token: str, params: dict) -> dict:
    """One export through HTTP: seconds to the first body byte and to the last, rows in the body."""
    import http.client
    from urllib.parse import urlencode

    conn = http.client.HTTPConnection("127.0.0.1", port, timeout=300)
    t0 = time.perf_counter()
    conn.request("GET", "/api/v1/data/export?" + urlencode(params), headers={"Authorization": f"Bearer {token}"})
    resp = conn.getresponse()
    if resp.status != 200:
        raise RuntimeError(f"export answered {resp.status}: {resp.read()[:300]!r}")
    first = None
    chunks = []
    while True:
        chunk = resp.read1(1 << 16)
        if not chunk:
            break
        if first is None:
            first = time.perf_counter() - t0
        chunks.append(chunk)
    total = time.perf_counter() - t0
    conn.close()
    body = b"".join(chunks)
    if params.get("format") == "arrow":
        rows = ipc.open_stream(pa.py_buffer(body)).read_all().num_rows
    else:
        rows = pq.read_metadata(io.BytesIO(body)).num_rows
    return {"s": total, "first_byte_s": first, "rows": rows, "bytes": len(body)}


def _direct(files: list[str], sql: str, params: list) -> dict:
    """The same question in DuckDB straight on the store's files (fresh connection, default threads)."""
    con = duckdb.connect(":memory:")
    con.execute("SET TimeZone = 'UTC'")
    t0 = time.perf_counter()
    table = con.execute(sql, [files, *params]).to_arrow_table()
    out = {"s": time.perf_counter() - t0, "rows": table.num_rows}
    con.close()
    return out


def _best(runs: list[dict]) -> dict:
    best = min(runs, key=lambda r: r["s"])
    return {**best, "runs_s": [round(r["s"], 4) for r in runs]}


SNAPSHOT_SQL = (
    "SELECT ts, strike, "
    + ", ".join(f"sum({g}) FILTER (WHERE \"right\" = 'C') AS {g}_call, sum({g}) FILTER (WHERE \"right\" = 'P') "
                f"AS {g}_put" for g in GREEKS)
    + " FROM read_parquet(?) WHERE ticker = ? AND ts BETWEEN ? AND ? GROUP BY ts, strike ORDER BY ts, strike")
CONTRACT_SQL = ("SELECT ts, ticker, expiration, strike, \"right\", position, open_interest, volume, iv, t_years, "
                "spot, rate, div_yield, " + ", ".join(GREEKS) + " FROM read_parquet(?) WHERE ticker = ? AND ts "
                "BETWEEN ? AND ? ORDER BY ts, expiration, strike, \"right\"")


def main() -> int:
    store = ensure_store()
    work = Path(tempfile.mkdtemp(prefix="volland-bench-export-"))
    env = {**os.environ, "VOLLAND_STORE_ROOT": str(store), "VOLLAND_FROZEN_NOW": FROZEN_NOW,
           "VOLLAND_REPLAY_CLOCK": "0", "VOLLAND_SECRET_KEY": SECRET, "VOLLAND_VAR_DIR": str(work / "var"),
           "VOLLAND_JOBS_PREFIX": f"bench-{uuid.uuid4().hex[:8]}", "VOLLAND_WEB_DIST": str(work / "no-web"),
           "VOLLAND_DATABASE_URL": f"sqlite:///{work / 'bench.sqlite3'}", "PYTHONPATH": str(ROOT),
           "VOLLAND_EXPORT_RATE_LIMIT": "1000 per minute"}
    os.environ.update({k: v for k, v in env.items() if k.startswith("VOLLAND_")})
    from data.store.query import Reader

    reader = Reader(store)
    idx = reader.index()
    picks = [(ts, eid) for ts, eid in idx.by_ticker["SPX"] if idx.entries[eid]["day"] == DAY]
    files = sorted({idx.entries[eid]["_files"]["exposures"] for _, eid in picks})
    first, last = picks[0][0], picks[-1][0]
    token = data_token()
    base = {"ticker": "SPX", "start": DAY, "end": DAY}
    lines = [
        ("snapshot arrow", {**base, "granularity": "snapshot", "format": "arrow"}, SNAPSHOT_SQL, len(GREEKS)),
        ("snapshot parquet", {**base, "granularity": "snapshot", "format": "parquet"}, SNAPSHOT_SQL, len(GREEKS)),
        ("contract arrow", {**base, "granularity": "contract", "format": "arrow"}, CONTRACT_SQL, 1),
    ]
    results: dict = {"store": str(store), "session": DAY, "snapshots": len(picks), "repeats": REPEATS,
                     "before": BEFORE}
    proc = None
    try:
        port = free_port()
        proc = _start(env, port, work / "gunicorn.log")
        # Warm the worker (imports, connection, manifest) on another session, so no answer is cached.
        _route(port, token, {**base, "start": "2026-01-08", "end": "2026-01-08", "format": "arrow"})
        rows = []
        for name, params, sql, rows_per_group in lines:
            # Alternate the two so a change of machine load (the machine is shared) hits both alike.
            direct_runs, route_runs = [], []
            try:
                for _ in range(REPEATS):
                    direct_runs.append(_direct(files, sql, ["SPX", first, last]))
                    route_runs.append(_route(port, token, params))
            except RuntimeError as exc:   # e.g. a granularity the server does not offer
                results[name] = {"error": str(exc)}
                continue
            direct, route = _best(direct_runs), _best(route_runs)
            # The direct query answers one row per (ts, strike) holding every greek; the route one row per
            # (ts, greek, strike): compare rows of the route's shape.
            direct_rows = direct["rows"] * rows_per_group
            ratio = (route["rows"] / route["s"]) / (direct_rows / direct["s"])
            results[name] = {"route": route, "direct": {**direct, "rows_in_route_shape": direct_rows},
                             "route_rows_per_s": route["rows"] / route["s"],
                             "direct_rows_per_s": direct_rows / direct["s"], "ratio": ratio}
            rows.append((name, f"{route['rows']:,}", f"{route['bytes'] / 1e6:.1f}", f"{route['s']:.3f}",
                         f"{route['first_byte_s']:.3f}", f"{direct['s']:.3f}", f"{ratio:.2f}"))
    finally:
        if proc is not None:
            try:
                os.killpg(proc.pid, signal.SIGTERM)
                proc.wait(timeout=15)
            except (ProcessLookupError, subprocess.TimeoutExpired):
                os.killpg(proc.pid, signal.SIGKILL)
        import shutil

        shutil.rmtree(work, ignore_errors=True)
    measured = [results[n] for n, *_ in lines if "ratio" in results.get(n, {})]
    results["targets"] = {"ratio_min": 0.5, "first_byte_s_max": 1.0,
                          "ratio_met": bool(measured) and all(r["ratio"] >= 0.5 for r in measured),
                          "first_byte_met": bool(measured) and all(r["route"]["first_byte_s"] <= 1.0
                                                                   for r in measured)}
    results["load_average_1min"] = os.getloadavg()[0]
    print_table(f"Export of one SPX session ({DAY}, {len(picks)} snapshots, all nine greeks), best of {REPEATS}",
                rows, ("line", "rows", "MB", "route s", "first byte s", "direct s", "route/direct"))
    print(f"\nbefore ({BEFORE['commit']}, {BEFORE['line']}): route {BEFORE['route_s']} s, direct "
          f"{BEFORE['direct_s']} s, ratio {BEFORE['ratio']}, first byte {BEFORE['first_byte_s']} s")
    for n, *_ in lines:
        if "ratio" in results.get(n, {}):
            print(f"{n}: route/direct throughput {results[n]['ratio']:.2f} (target >= 0.5), first byte "
                  f"{results[n]['route']['first_byte_s']:.3f} s (target <= 1 s)")
    print(f"saved {save_results('export', results)}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
