"""The tiny demo store the data-route suites read: built once per test run for every xdist worker (one
folder and one file lock under pytest's shared base temp), then only read."""

from __future__ import annotations

import fcntl
import shutil
from datetime import UTC, datetime
from pathlib import Path

# Built as of this instant (UTC); the suites freeze the replay clock inside its last session.
AS_OF = datetime(2026, 1, 9, 23, 0, tzinfo=UTC)


def shared_tiny_store(tmp_path_factory, worker_id: str) -> Path:
    base = tmp_path_factory.getbasetemp()
    shared = base.parent if worker_id != "master" else base
    root = shared / "dataapi-tiny-store"
    with open(shared / "dataapi-tiny-store.lock", "w") as lock:
        fcntl.flock(lock, fcntl.LOCK_EX)
        try:
            if not (root / "BUILT").exists():
                from data.orchestration.demo import build_demo

                shutil.rmtree(root, ignore_errors=True)
                build_demo("tiny", str(root), AS_OF, progress=False)
                (root / "BUILT").write_text("ok")
        finally:
            fcntl.flock(lock, fcntl.LOCK_UN)
    return root
