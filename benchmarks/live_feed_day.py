"""A simulated full day through the streaming book: resident memory and snapshot publish lag.

``python -m benchmarks live_feed_day [prints]`` (also ``BENCH_FEED_PRINTS``; default 15,000,000 prints
for 250 tickers, more than a busy real day). The day (``benchmarks._feed_day.SimulatedDay``: 20,000
contracts, a U-shaped intraday profile) is generated one second of feed time at a time and never held in
memory; each second's bytes go to ``StreamBook.feed_bytes`` as the live consumer's book is set up
(publishing every 5-minute snapshot of all 250 tickers to a scratch store, a checkpoint and a quality
report at each, only the last batch kept).

* **Memory.** Resident set size (``VmRSS``) after each snapshot. Quoted: at the start (the first
  snapshot after the first hour, which covers warm-up: the duplicate horizon of 10 minutes fills, every
  contract has been quoted), at the middle of the session, at the end; flat means end within 10% of start.
* **Publish lag** of each grid time G: the feed time between G and the arrival whose release ran the
  snapshot (the reorder buffer holds records ``reorder_seconds`` = 2 s, so this is at least 2 s), plus the
  wall time from the start of that second's bytes to the end of publishing (snapshot computed, written
  to the store, checkpoint and quality report written). The day is replayed faster than real time; the
  consumer keeps up as long as each second of feed is processed in under a second, which the
  ``feed_seconds_max`` figure (the slowest second's wall time outside snapshots) shows. Target: every
  snapshot ≤ 5 s after its grid time.
"""

from __future__ import annotations

import os
import sys
import tempfile
import time
from pathlib import Path

from benchmarks._common import print_table, save_results
from benchmarks._feed_day import SimulatedDay

PRINTS = 15_000_000
TICKERS = 250
LAG_TARGET_S = 5.0


def rss_mb() -> float:
    for line in Path("/proc/self/status").read_text().splitlines():
        if line.startswith("VmRSS:"):
            return int(line.split()[1]) / 1024
    return float("nan")


def main(argv: list[str] | None = None) -> dict:
    from data.orchestration.streaming import NS, StreamBook

    argv = sys.argv[1:] if argv is None else argv
    prints = int(argv[0]) if argv else int(os.environ.get("BENCH_FEED_PRINTS", PRINTS))
    t_start = time.perf_counter()
    day = SimulatedDay(prints, TICKERS)
    samples: list[dict] = []
    state = {"chunk_start": 0.0}

    def published(batch):
        now = time.perf_counter()
        g = int(batch.ts.timestamp()) * NS
        samples.append({"grid": batch.ts.isoformat(), "feed_wait_s": (book.max_ts - g) / NS,
                        "wall_s": now - state["chunk_start"], "rss_mb": rss_mb(), "prints": book.stats.prints})

    with tempfile.TemporaryDirectory(prefix="volland-feed-day-") as tmp:
        tmp = Path(tmp)
        book = StreamBook(day.tickers, root=tmp / "store", checkpoint_dir=tmp / "checkpoint",
                          quality_dir=tmp / "quality", keep_batches=False, on_publish=published)
        head = day.header()
        for i in range(0, len(head), 1 << 16):
            book.feed_bytes(head[i:i + (1 << 16)])
        del head
        rss_before = rss_mb()
        t0 = time.perf_counter()
        slowest = 0.0
        for _end, chunk in day.slices(1.0):
            state["chunk_start"] = time.perf_counter()
            n_before = len(samples)
            book.feed_bytes(chunk)
            if len(samples) == n_before:
                slowest = max(slowest, time.perf_counter() - state["chunk_start"])
        state["chunk_start"] = time.perf_counter()
        book.finish()
        t_feed = time.perf_counter() - t0
    assert book.stats.prints == prints, (book.stats.prints, prints)
    lags = sorted(s["feed_wait_s"] + s["wall_s"] for s in samples[:-1])   # the last one is published by finish
    for s in samples:
        s["lag_s"] = s["feed_wait_s"] + s["wall_s"]
    warm = next(i for i, s in enumerate(samples) if s["grid"] >= samples[0]["grid"][:11] + "15:30")
    mid = warm + (len(samples) - 1 - warm) // 2
    start_mb, mid_mb, end_mb = samples[warm]["rss_mb"], samples[mid]["rss_mb"], samples[-1]["rss_mb"]
    results = {
        "prints": prints, "tickers": TICKERS, "contracts": len(day.contracts), "snapshots": len(samples),
        "feed_seconds": t_feed, "prints_per_s": prints / t_feed, "feed_seconds_max": slowest,
        "total_seconds": time.perf_counter() - t_start,
        "rss_mb": {"before_session": rss_before, "start": start_mb, "start_at": samples[warm]["grid"],
                   "middle": mid_mb, "middle_at": samples[mid]["grid"], "end": end_mb,
                   "end_at": samples[-1]["grid"], "max_after_warm_up": max(s["rss_mb"] for s in samples[warm:])},
        "memory_flat": end_mb <= start_mb * 1.10,
        "publish_lag_s": {"p50": lags[len(lags) // 2], "p95": lags[int(len(lags) * 0.95)], "max": lags[-1]},
        "lag_target_s": LAG_TARGET_S, "meets_lag_target": lags[-1] <= LAG_TARGET_S,
        "per_snapshot": samples,
    }
    print_table(f"A simulated day: {prints:,} prints, {TICKERS} tickers, {len(day.contracts):,} contracts, "
                f"{len(samples)} snapshots",
                [("feed (all prints, snapshots published)", f"{t_feed:.1f} s", f"{prints / t_feed:,.0f} prints/s"),
                 ("resident memory: before the session", f"{rss_before:.0f} MB", ""),
                 ("resident memory: start (after warm-up)", f"{start_mb:.0f} MB", samples[warm]["grid"]),
                 ("resident memory: middle", f"{mid_mb:.0f} MB", samples[mid]["grid"]),
                 ("resident memory: end", f"{end_mb:.0f} MB", samples[-1]["grid"]),
                 ("publish lag p50", f"{lags[len(lags) // 2]:.2f} s", ""),
                 ("publish lag p95", f"{lags[int(len(lags) * 0.95)]:.2f} s", ""),
                 ("publish lag max", f"{lags[-1]:.2f} s", f"target {LAG_TARGET_S:.0f} s"),
                 ("slowest second of feed (no snapshot)", f"{slowest:.3f} s", "")],
                ("figure", "value", "note"))
    print(f"memory {'flat' if results['memory_flat'] else 'NOT flat'}; publish lag target "
          f"{'met' if results['meets_lag_target'] else 'NOT met'}")
    save_results("live_feed_day", results)
    return results


if __name__ == "__main__":
    main()
