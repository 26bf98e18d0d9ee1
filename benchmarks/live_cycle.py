"""A live Cboe delayed-quotes cycle for the whole universe (250 tickers) served from a local HTTP server.

The synthetic market's chains are written as delayed-quotes JSON documents (done before timing) and
served by a threaded HTTP server on 127.0.0.1. One cycle = fetch every document (bounded concurrency,
the source's default of 8), parse and check them, take each expiration's parity forward, compute the
snapshot (IVs, greeks, exposures, levels) and publish it atomically to a temporary store. Target: the
whole cycle within one refresh interval on 2 cores (<= 60 s). Baseline in the same run: the same
snapshot computed from the embedded synthetic source (no fetching, no parsing).
"""

from __future__ import annotations

import json
import os
import tempfile
import threading
import time
from datetime import UTC, datetime, timedelta
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer

from benchmarks._common import print_table, save_results
from data.orchestration.pipeline import build_snapshot, publish_snapshot
from data.sources.lookup import get_source
from data.store import provenance
from data.sources.cboe_delayed import document
from data.sources.live import PATH, CboeDelayedSource, symbol_for
from data.universe import symbols

SNAP = datetime(2026, 11, 18, 16, 0, tzinfo=UTC)
DOC_TS = SNAP - timedelta(minutes=15)
TARGET_SECONDS = 60.0


def _server(bodies: dict[str, bytes]) -> tuple[ThreadingHTTPServer, str]:
    class Handler(BaseHTTPRequestHandler):
        def do_GET(self):  # noqa: N802 - the stdlib's name
            body = bodies.get(self.path)
            if body is None:
                self.send_response(404)
                self.end_headers()
                return
            self.send_response(200)
            self.send_header("Content-Type", "application/json")
            self.send_header("Content-Length", str(len(body)))
            self.end_headers()
            self.wfile.write(body)

        def log_message(self, *args):  # quiet
            pass

    srv = ThreadingHTTPServer(("127.0.0.1", 0), Handler)
    srv.daemon_threads = True
    threading.Thread(target=srv.serve_forever, daemon=True).start()
    return srv, f"http://127.0.0.1:{srv.server_address[1]}"


def main() -> dict:
    tickers = symbols()
    synth = get_source("synthetic")
    t0 = time.perf_counter()
    bodies = {}
    for t in tickers:
        bodies[PATH.format(symbol=symbol_for(t))] = json.dumps(document(synth.market.chain(t, DOC_TS), t)).encode()
    prep = time.perf_counter() - t0
    srv, base = _server(bodies)
    results: dict = {"tickers": len(tickers), "documents_mb": round(sum(map(len, bodies.values())) / 1e6, 1),
                     "prepare_documents_s": round(prep, 2)}
    try:
        with tempfile.TemporaryDirectory(prefix="volland-bench-live-") as tmp:
            src = CboeDelayedSource(base, concurrency=8, timeout=30, retries=2, backoff=0.2,
                                    report_dir=None)
            t0 = time.perf_counter()
            batch = build_snapshot(tickers, SNAP, src, root=tmp)
            t1 = time.perf_counter()
            publish_snapshot(batch, tmp)
            provenance.record(batch.tickers, "cboe-delayed", tmp, ts=SNAP.isoformat())
            t2 = time.perf_counter()
            rep = src.last_report.as_dict()
            fetch_parse = rep["seconds"]
            results.update({
                "contracts": batch.exposures.num_rows, "tickers_used": rep["used"], "rejected": rep["rejected"],
                "fetch_parse_s": round(fetch_parse, 2), "compute_s": round(t1 - t0 - fetch_parse, 2),
                "publish_s": round(t2 - t1, 2), "cycle_s": round(t2 - t0, 2),
            })
            # Baseline: the same snapshot from the embedded source, into its own store (a published
            # snapshot time is never replaced with other values).
            base_root = os.path.join(tmp, "synthetic")
            t0 = time.perf_counter()
            base_batch = build_snapshot(tickers, SNAP, "synthetic", root=base_root, mode="open_interest")
            publish_snapshot(base_batch, base_root)
            results["synthetic_cycle_s"] = round(time.perf_counter() - t0, 2)
    finally:
        srv.shutdown()
    results["cycle_vs_synthetic"] = round(results["cycle_s"] / results["synthetic_cycle_s"], 2)
    results["target_s"] = TARGET_SECONDS
    results["meets_target"] = results["cycle_s"] <= TARGET_SECONDS
    results["cores"] = os.cpu_count()
    results["load_average_1min"] = os.getloadavg()[0]
    print_table("Live Cboe delayed-quotes cycle, whole universe, local server", [
        (str(results["tickers_used"]), f"{results['contracts']:,}", f"{results['documents_mb']}",
         f"{results['fetch_parse_s']:.2f}", f"{results['compute_s']:.2f}", f"{results['publish_s']:.2f}",
         f"{results['cycle_s']:.2f}", f"{results['synthetic_cycle_s']:.2f}", f"<= {TARGET_SECONDS:.0f}")],
        ("tickers", "contracts", "MB", "fetch+parse s", "compute s", "publish s", "cycle s", "synthetic s",
         "target s"))
    save_results("live_cycle", results)
    return results


if __name__ == "__main__":
    main()
