"""``python -m benchmarks``: runs every benchmark module in turn, each in its own process.

Each module prints its table and writes ``benchmarks/results/<name>.json``. Pass names to run a subset:
``python -m benchmarks engine pipeline``.
"""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

HERE = Path(__file__).resolve().parent


def main(argv: list[str]) -> int:
    names = argv or sorted(p.stem for p in HERE.glob("*.py") if not p.stem.startswith("_"))
    failed = []
    for name in names:
        print(f"\n=== benchmark: {name} ===", flush=True)
        rc = subprocess.call([sys.executable, "-m", f"benchmarks.{name}"], cwd=HERE.parent)
        if rc != 0:
            failed.append(name)
    if failed:
        print(f"\nbenchmarks that failed: {', '.join(failed)}", file=sys.stderr)
        return 1
    print(f"\nresults saved under {HERE / 'results'}")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
