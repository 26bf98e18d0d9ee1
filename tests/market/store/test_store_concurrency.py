"""One writer publishing while another process hammers queries: no error, never a partial snapshot."""

from __future__ import annotations

import json
import subprocess
import sys
import textwrap
import time
from datetime import UTC, date, datetime, timedelta
from pathlib import Path

from _store_data import publish
from data.store.parquet import Store

HERE = Path(__file__).resolve().parent
ROOT_DIR = HERE.parents[2]

READER = textwrap.dedent("""
    import json, sys, time
    sys.path.insert(0, sys.argv[2])
    from data.store.query import Reader
    from _store_data import GREEK_SCALE
    root, stop_file = sys.argv[1], sys.argv[3]
    r = Reader(root)
    seen, errors, checks = set(), [], 0
    import os
    deadline = time.time() + 60
    while time.time() < deadline:
        done = os.path.exists(stop_file)
        try:
            snap = r.latest_snapshot("SPX")
            if snap is not None:
                stats = r.ticker_stats(snap)
                marker = stats["total_trades"] / 100.0
                ex = r.exposure(snap, "gamma")
                exps = r.expirations(snap)
                # Every table of one snapshot must come from the same publish.
                want = GREEK_SCALE["gamma"] * marker * len(exps) * 0.9
                if ex.height != 3 or abs(ex["call"][0] - want) > 1e-6 * abs(want) or len(exps) != 2:
                    errors.append(f"partial or mixed snapshot {snap.snapshot_id}: {ex.to_dicts()} {marker}")
                if stats["agg_gamma"] != GREEK_SCALE["gamma"] * marker:
                    errors.append("stats from another snapshot")
                r.candles("SPX", snap.ts.date())
                r.vanna_plane("SPX", snap.ts.date())
                seen.add(snap.snapshot_id)
                checks += 1
                if checks == 1:
                    open(stop_file + ".ready", "w").close()
        except Exception as exc:  # any error at all is a failure of the store's guarantee
            errors.append(repr(exc))
        if done:
            break
    print(json.dumps({"seen": len(seen), "errors": errors[:5], "n_errors": len(errors), "checks": checks}))
""")


def test_reader_never_sees_partial_data_while_writer_publishes(tmp_path, monkeypatch):
    monkeypatch.setenv("VOLLAND_RETENTION_DAYS", "0")
    root = tmp_path / "store"
    stop = tmp_path / "stop"
    day = date(2026, 11, 20)
    t0 = datetime(2026, 11, 20, 14, 35, tzinfo=UTC)
    exps = [day, day + timedelta(days=7)]
    publish(root, t0, {"SPX": 100.0, "QQQ": 50.0}, exps, [90.0, 100.0, 110.0], marker=1.0)
    proc = subprocess.Popen([sys.executable, "-c", READER, str(root), str(HERE), str(stop)],
                            cwd=ROOT_DIR, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
    ready = Path(str(stop) + ".ready")
    try:
        for _ in range(600):                     # wait for the reader to be up (imports take a moment)
            if ready.exists() or proc.poll() is not None:
                break
            time.sleep(0.05)
        for i in range(1, 40):
            time.sleep(0.01)
            publish(root, t0 + timedelta(minutes=5 * i), {"SPX": 100.0 + i, "QQQ": 50.0},
                    exps, [90.0, 100.0, 110.0], marker=float(i + 1))
            if i == 20:
                Store(root).compact_day(day)     # compaction while readers run
            if i == 30:                          # re-publishing a time unchanged is a no-op
                publish(root, t0 + timedelta(minutes=5 * i), {"SPX": 100.0 + i, "QQQ": 50.0},
                        exps, [90.0, 100.0, 110.0], marker=float(i + 1))
    finally:
        stop.write_text("1")
        out, err = proc.communicate(timeout=120)
    assert proc.returncode == 0, err
    result = json.loads(out.strip().splitlines()[-1])
    assert result["n_errors"] == 0, result["errors"]
    print(result)
    assert result["checks"] > 10
    assert result["seen"] >= 2   # the reader followed the writer's publications
