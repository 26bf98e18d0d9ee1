"""The SPX exposure query on the store in S3-compatible object storage against the same store in a folder.

One temporary store gets several whole-universe snapshots of one session in a local folder; ``volland
store copy`` logic copies it into a bucket of an S3 server started for the run (moto's standalone
server, its own process, on this machine). The same ``Reader`` query as ``store_read`` — exposure by
strike for SPX over all expirations, every query distinct so the reader's answer cache never hits —
runs against the folder (the baseline) and against ``s3://``, first on the intraday files, then on the
compacted day file (compacted on each side by the store itself). Also timed: pyarrow reading the same
rows straight from the object (row-group filter on ticker and time), the other way to read S3.

Printed and saved: p50/p99 per side and the ratio S3 / folder of the p50s. Loopback to a local server
measures the request overhead of the object-store path, not a real network's latency.
"""

from __future__ import annotations

import os
import statistics
import subprocess
import sys
import tempfile
import time
import uuid
from datetime import UTC, datetime, timedelta
from pathlib import Path

import numpy as np
import pyarrow.parquet as pq

from benchmarks._common import print_table, save_results

DAY_OPEN = datetime(2026, 11, 18, 14, 30, tzinfo=UTC)
N_SNAPSHOTS = 6
KEY_ID, SECRET = "volland-bench", "volland-bench-secret"


def _free_port() -> int:
    import socket

    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def _start_server() -> tuple[subprocess.Popen, str]:
    import requests

    port = _free_port()
    exe = Path(sys.executable).with_name("moto_server")
    cmd = [str(exe)] if exe.exists() else [sys.executable, "-m", "moto.server"]
    proc = subprocess.Popen([*cmd, "-H", "127.0.0.1", "-p", str(port)], stdout=subprocess.DEVNULL,
                            stderr=subprocess.DEVNULL)
    url = f"http://127.0.0.1:{port}"
    deadline = time.monotonic() + 60
    while True:
        try:
            requests.get(url, timeout=1)
            return proc, url
        except requests.ConnectionError:
            if proc.poll() is not None or time.monotonic() > deadline:
                raise RuntimeError("the S3 server did not start") from None
            time.sleep(0.2)


def _pct(xs: list[float], q: float) -> float:
    return float(np.percentile(np.asarray(xs) * 1000.0, q))


def _cold(reader, times) -> list[float]:
    """One query per (snapshot, greek, kind): never answered from the reader's cache."""
    from data.store.schemas import GREEKS

    snaps = [reader.snapshot_at_or_before("SPX", t) for t in times]
    out = []
    for s in snaps:
        for g in GREEKS:
            for k in ("both", "call", "put"):
                t0 = time.perf_counter()
                reader.exposure(s, g, k)
                out.append(time.perf_counter() - t0)
    return out


def _pyarrow(files, rel: str, ts: datetime, n: int) -> list[float]:
    out = []
    path = files.path(rel) if files.remote else files.full(rel)
    for _ in range(n):
        t0 = time.perf_counter()
        pq.read_table(path, columns=["strike", "right", "gamma"], filesystem=files.arrow_fs,
                      filters=[("ticker", "=", "SPX"), ("ts", "=", ts)])
        out.append(time.perf_counter() - t0)
    return out


def _run(folder: str, endpoint: str) -> dict:
    import boto3

    from data.orchestration.pipeline import build_snapshot, publish_snapshot
    from data.sources.lookup import get_source
    from data.store.query import Reader
    from data.store.parquet import Store, copy_store, read_manifest
    from data.store.files import open_files
    from data.universe import symbols

    src = get_source("synthetic")
    tickers = symbols()
    times = [DAY_OPEN + timedelta(minutes=5 * (i + 1)) for i in range(N_SNAPSHOTS)]
    for ts in times:
        publish_snapshot(build_snapshot(tickers, ts, src, root=folder), folder)
    bucket = f"volland-bench-{uuid.uuid4().hex[:8]}"
    boto3.client("s3", endpoint_url=endpoint, region_name="us-east-1", aws_access_key_id=KEY_ID,
                 aws_secret_access_key=SECRET).create_bucket(Bucket=bucket)
    url = f"s3://{bucket}/store"
    copied = copy_store(folder, url)
    results: dict = {"snapshots": N_SNAPSHOTS, "tickers": len(tickers), "store_bytes": copied["bytes"],
                     "queries_per_side": N_SNAPSHOTS * 9 * 3}
    rows = []
    for layout in ("intraday", "compacted"):
        if layout == "compacted":
            for root in (folder, url):
                Store(root).compact_day(DAY_OPEN.date())
        side: dict = {}
        for name, root in (("folder", folder), ("s3", url)):
            reader = Reader(root)
            reader.exposure(reader.latest_snapshot("SPX"), "gamma")   # connection, manifest, first footer
            lat = _cold(reader, times)
            snap = reader.snapshot_at_or_before("SPX", times[N_SNAPSHOTS // 2])
            rel = next(e for e in read_manifest(root)["snapshots"]
                       if e["id"] == snap.snapshot_id.split("@", 1)[1])["files"]["exposures"]
            base = _pyarrow(open_files(root), rel, snap.ts, 30)
            side[name] = {"reader_p50_ms": _pct(lat, 50), "reader_p99_ms": _pct(lat, 99),
                          "pyarrow_p50_ms": _pct(base, 50), "pyarrow_p99_ms": _pct(base, 99),
                          "reader_median_s": statistics.median(lat)}
        ratio = side["s3"]["reader_median_s"] / side["folder"]["reader_median_s"]
        results[layout] = {**{f"{n}_{k}": v for n, d in side.items() for k, v in d.items()
                              if not k.endswith("_s")}, "s3_over_folder_p50": ratio}
        for name in ("folder", "s3"):
            d = side[name]
            rows.append((layout, name, f"{d['reader_p50_ms']:.2f}", f"{d['reader_p99_ms']:.2f}",
                         f"{d['pyarrow_p50_ms']:.2f}", f"{d['pyarrow_p99_ms']:.2f}",
                         "1.00x" if name == "folder" else f"{ratio:.2f}x"))
    results["load_average_1min"] = os.getloadavg()[0]
    print_table("SPX exposure by strike (distinct queries): folder vs S3-compatible server on loopback",
                rows, ("layout", "store", "reader p50 ms", "reader p99 ms", "pyarrow p50 ms", "pyarrow p99 ms",
                       "reader p50 vs folder"))
    save_results("store_s3", results)
    return results


def main() -> dict:
    proc, endpoint = _start_server()
    saved = {k: os.environ.get(k) for k in ("VOLLAND_STORE_ENDPOINT_URL", "VOLLAND_STORE_REGION",
                                            "VOLLAND_STORE_ACCESS_KEY_ID", "VOLLAND_STORE_SECRET_ACCESS_KEY")}
    os.environ.update({"VOLLAND_STORE_ENDPOINT_URL": endpoint, "VOLLAND_STORE_REGION": "us-east-1",
                       "VOLLAND_STORE_ACCESS_KEY_ID": KEY_ID, "VOLLAND_STORE_SECRET_ACCESS_KEY": SECRET})
    try:
        with tempfile.TemporaryDirectory(prefix="volland-bench-s3-") as folder:
            return _run(folder, endpoint)
    finally:
        for k, v in saved.items():
            if v is None:
                os.environ.pop(k, None)
            else:
                os.environ[k] = v
        proc.terminate()
        proc.wait(timeout=30)


if __name__ == "__main__":
    main()
