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


def start_gunicorn(app: str, env: dict, port: int, log: Path, *, probe: str = "/api/openapi.json",
                   workers: int = 1, threads: int = 4, timeout_s: float = 90.0):
    """Start gunicorn serving ``app`` (a WSGI spec such as ``api.wsgi:app``) on 127.0.0.1:``port`` in its
    own process group, and wait until ``probe`` answers; the process is returned for the caller to stop."""
    import subprocess
    import sys
    import urllib.request

    root = Path(__file__).resolve().parent.parent
    cmd = [sys.executable, "-m", "gunicorn", "-w", str(workers), "-k", "gthread", "--threads", str(threads),
           "-b", f"127.0.0.1:{port}", "--log-level", "warning", app]
    proc = subprocess.Popen(cmd, cwd=root, env=env, stdout=open(log, "w"), stderr=subprocess.STDOUT,
                            start_new_session=True)
    deadline = time.monotonic() + timeout_s
    while time.monotonic() < deadline:
        try:
            urllib.request.urlopen(f"http://127.0.0.1:{port}{probe}", timeout=5).read()
            return proc
        except OSError:
            if proc.poll() is not None:
                raise RuntimeError(f"gunicorn exited: {log.read_text()[-2000:]}") from None
            time.sleep(0.3)
    proc.kill()
    raise RuntimeError(f"gunicorn did not start in {timeout_s:.0f} s")
