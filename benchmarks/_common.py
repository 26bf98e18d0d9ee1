"""Shared helpers for the benchmarks: a results folder and a JSON writer."""

from __future__ import annotations

import json
import platform
import time
from pathlib import Path
from typing import Any

RESULTS_DIR = Path(__file__).resolve().parent / "results"


def save_results(name: str, results: dict[str, Any]) -> Path:
    """Write ``results`` as ``benchmarks/results/<name>.json`` with the machine it ran on."""
    RESULTS_DIR.mkdir(parents=True, exist_ok=True)
    payload = {
        "benchmark": name,
        "finished_at": time.strftime("%Y-%m-%dT%H:%M:%SZ", time.gmtime()),
        "machine": {"python": platform.python_version(), "processor": platform.machine(),
                    "system": platform.system()},
        "results": results,
    }
    path = RESULTS_DIR / f"{name}.json"
    path.write_text(json.dumps(payload, indent=2, default=str))
    return path


def print_table(title: str, rows: list[tuple[str, ...]], header: tuple[str, ...]) -> None:
    widths = [max(len(str(r[i])) for r in [header, *rows]) for i in range(len(header))]
    print(f"\n{title}")
    print("  ".join(str(h).ljust(w) for h, w in zip(header, widths)))
    print("  ".join("-" * w for w in widths))
    for r in rows:
        print("  ".join(str(c).ljust(w) for c, w in zip(r, widths)))
