"""Exposure by strike for SPX over all expirations, from a warm reader: p50 / p99 latency.

A temporary store gets several whole-universe snapshots of one session, first as separate intraday
files, then compacted into one day file. A warm ``Reader`` (connection open, manifest indexed, Parquet
metadata cached) answers ``exposure(snapshot, "gamma")`` for SPX repeatedly. Baseline in the same run:
the same answer computed by reading the Parquet file directly with pyarrow (row-group filter on ticker
and time, then a group-by). Target: p50 <= 20 ms.
"""

from __future__ import annotations

import statistics
import tempfile
import time
from datetime import UTC, datetime, timedelta

import numpy as np
import pyarrow.compute as pc
import pyarrow.parquet as pq

from benchmarks._common import print_table, save_results
from data.orchestration.pipeline import build_snapshot, publish_snapshot
from data.sources.lookup import get_source
from data.store.query import Reader
from data.store.parquet import Store
from data.store.schemas import GREEKS
from data.universe import symbols

DAY_OPEN = datetime(2026, 11, 18, 14, 30, tzinfo=UTC)
N_SNAPSHOTS = 6
N_QUERIES = 300


def _pct(xs: list[float], q: float) -> float:
    return float(np.percentile(np.asarray(xs) * 1000.0, q))


def _measure(fn, n: int) -> list[float]:
    for _ in range(10):
        fn()
    out = []
    for _ in range(n):
        t0 = time.perf_counter()
        fn()
        out.append(time.perf_counter() - t0)
    return out


def _pyarrow_baseline(path: str, ts: datetime):
    t = pq.read_table(path, columns=["strike", "right", "gamma"],
                      filters=[("ticker", "=", "SPX"), ("ts", "=", ts)])
    calls = t.filter(pc.equal(t["right"], "C")).group_by("strike").aggregate([("gamma", "sum")])
    puts = t.filter(pc.equal(t["right"], "P")).group_by("strike").aggregate([("gamma", "sum")])
    return calls, puts


def _run(root: str) -> dict:
    src = get_source("synthetic")
    tickers = symbols()
    times = [DAY_OPEN + timedelta(minutes=5 * (i + 1)) for i in range(N_SNAPSHOTS)]
    for ts in times:
        publish_snapshot(build_snapshot(tickers, ts, src, root=root), root)
    results: dict = {"snapshots": N_SNAPSHOTS, "tickers": len(tickers), "queries": N_QUERIES}
    rows = []
    for layout in ("intraday files", "compacted day file"):
        if layout == "compacted day file":
            Store(root).compact_day(DAY_OPEN.date())
        reader = Reader(root)
        snap = reader.snapshot_at_or_before("SPX", times[N_SNAPSHOTS // 2])
        path = reader._files(snap, "exposures")[0]
        n_rows = reader.exposure(snap, "gamma").height
        # Cold: every query distinct (greek x kind x snapshot), so the reader's answer cache never hits.
        snaps = [reader.snapshot_at_or_before("SPX", t) for t in times]
        combos = iter([(s, g, k) for s in snaps for g in GREEKS for k in ("both", "call", "put")])
        cold = []
        for _ in range(min(N_QUERIES // 2, len(snaps) * len(GREEKS) * 3 - 1)):
            s_, g_, k_ = next(combos)
            if (s_, g_, k_) == (snap, "gamma", "both"):
                continue
            t0 = time.perf_counter()
            reader.exposure(s_, g_, k_)
            cold.append(time.perf_counter() - t0)
        # Warm: the same question again (what most requests are: the latest snapshot of a popular view).
        lat = _measure(lambda: reader.exposure(snap, "gamma"), N_QUERIES)
        base = _measure(lambda: _pyarrow_baseline(path, snap.ts), N_QUERIES // 3)
        key = "intraday" if layout == "intraday files" else "compacted"
        results[key] = {
            "file_rows": pq.ParquetFile(path).metadata.num_rows,
            "strikes_returned": n_rows,
            "reader_cold_p50_ms": _pct(cold, 50), "reader_cold_p99_ms": _pct(cold, 99),
            "reader_p50_ms": _pct(lat, 50), "reader_p99_ms": _pct(lat, 99),
            "pyarrow_p50_ms": _pct(base, 50), "pyarrow_p99_ms": _pct(base, 99),
            "cold_speedup_p50_vs_pyarrow": statistics.median(base) / statistics.median(cold),
            "warm_speedup_p50_vs_pyarrow": statistics.median(base) / statistics.median(lat),
        }
        r = results[key]
        rows.append((layout, f"{r['file_rows']:,}", f"{r['reader_cold_p50_ms']:.2f}",
                     f"{r['reader_cold_p99_ms']:.2f}", f"{r['reader_p50_ms']:.3f}", f"{r['reader_p99_ms']:.3f}",
                     f"{r['pyarrow_p50_ms']:.2f}", f"{r['pyarrow_p99_ms']:.2f}",
                     f"{r['cold_speedup_p50_vs_pyarrow']:.2f}x"))
    results["target_p50_ms"] = 20.0
    results["meets_target_cold"] = all(results[k]["reader_cold_p50_ms"] <= 20.0 for k in ("intraday", "compacted"))
    results["load_average_1min"] = __import__("os").getloadavg()[0]
    print_table("Exposure by strike, SPX, all expirations, warm reader process",
                rows, ("layout", "rows in file", "cold p50 ms", "cold p99 ms", "repeat p50 ms", "repeat p99 ms",
                       "pyarrow p50 ms", "pyarrow p99 ms", "cold vs pyarrow"))
    save_results("store_read", results)
    return results


def main() -> dict:
    with tempfile.TemporaryDirectory(prefix="volland-bench-store-") as root:
        return _run(root)


if __name__ == "__main__":
    main()
