"""Serve-first demo build: what ``make run`` waits for before it serves, against the whole build.

Baseline in the same run: ``build_demo(profile, part="all")`` (what ``make run`` waited for before the
server started). Measured: ``part="first"`` (what it waits for now: the serve-first tickers' whole
history), then ``part="rest"`` (the background part) into the same store. Each into a fresh temporary
store, as of a fixed instant. Target: the first part within a quarter of the whole build. Reported: the
three times, the ratio first/all, and whether the store built in two parts holds as many snapshots and
daily rows as the one built at once (tests/market/orchestration/test_serve_first.py compares the contents).

``BENCH_SERVE_FIRST_PROFILE`` picks the profile (default ``small``: 36 tickers, a few minutes; ``full``
is the product's, about 8 minutes for the baseline on an idle 2-core machine).
"""

from __future__ import annotations

import os
import tempfile
import time
from datetime import UTC, datetime
from pathlib import Path

from benchmarks._common import print_table, save_results
from data.orchestration.demo import PROFILES, build_demo, part_tickers
from data.store.parquet import read_manifest

AS_OF = datetime(2026, 11, 20, 23, 0, tzinfo=UTC)
TARGET_RATIO = 0.25


def _timed(profile: str, root: Path, part: str) -> tuple[float, dict]:
    t0 = time.perf_counter()
    summary = build_demo(profile, str(root), AS_OF, progress=False, part=part)
    return time.perf_counter() - t0, summary


def main() -> int:
    profile = os.environ.get("BENCH_SERVE_FIRST_PROFILE", "small")
    os.environ.setdefault("VOLLAND_RETENTION_DAYS", "0")
    with tempfile.TemporaryDirectory(prefix="bench-serve-first-") as tmp:
        whole, two = Path(tmp) / "all", Path(tmp) / "parts"
        t_all, s_all = _timed(profile, whole, "all")
        t_first, s_first = _timed(profile, two, "first")
        t_rest, s_rest = _timed(profile, two, "rest")
        counts = {}
        for name, root in (("all", whole), ("parts", two)):
            m = read_manifest(root)
            counts[name] = {"ticker_snapshots": sum(len(e["tickers"]) for e in m["snapshots"]),
                            "daily_rows": sum(d["rows"] for d in m["daily"])}
    ratio = t_first / t_all
    p = PROFILES[profile]
    rows = [("all (before: make run waited for this)", len(part_tickers(p, "all")), f"{t_all:.1f}", "1.00"),
            ("first (now: make run serves after this)", len(part_tickers(p, "first")), f"{t_first:.1f}",
             f"{ratio:.2f}"),
            ("rest (background)", len(part_tickers(p, "rest")), f"{t_rest:.1f}", f"{t_rest / t_all:.2f}")]
    print_table(f"Demo build as of {AS_OF:%Y-%m-%d %H:%M} UTC, profile {profile}", rows,
                ("part", "tickers", "seconds", "x all"))
    same = counts["all"]["ticker_snapshots"] == counts["parts"]["ticker_snapshots"]
    print(f"\nfirst/all = {ratio:.2f} (target <= {TARGET_RATIO}); same snapshots and daily rows: "
          f"{same and counts['all']['daily_rows'] == counts['parts']['daily_rows']}")
    save_results("serve_first", {"profile": profile, "as_of": AS_OF.isoformat(), "seconds_all": round(t_all, 2),
                                 "seconds_first": round(t_first, 2), "seconds_rest": round(t_rest, 2),
                                 "ratio_first_to_all": round(ratio, 3), "target_ratio": TARGET_RATIO,
                                 "counts": counts, "snapshots_built": {"all": s_all["snapshots_built"],
                                                                       "first": s_first["snapshots_built"],
                                                                       "rest": s_rest["snapshots_built"]}})
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
