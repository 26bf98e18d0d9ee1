"""A writer killed mid-publish leaves files the manifest never names; later commits collect them."""

from __future__ import annotations

import os
import subprocess
import sys
import textwrap
import time
from datetime import UTC, date, datetime, timedelta
from pathlib import Path

import pytest

from _store_data import publish
from data.store.query import Reader
from data.store.parquet import GARBAGE_GRACE, Store, read_manifest, referenced_files

HERE = Path(__file__).resolve().parent
ROOT_DIR = HERE.parents[2]
T0 = datetime(2026, 11, 20, 14, 35, tzinfo=UTC)
EXPS = [date(2026, 11, 20), date(2026, 11, 27)]
STRIKES = [90.0, 100.0, 110.0]

KILLED_WRITER = textwrap.dedent("""
    import os, signal, sys
    sys.path.insert(0, sys.argv[2])
    from datetime import UTC, date, datetime
    from _store_data import exposure_rows
    from data.store.parquet import Store
    root = sys.argv[1]
    ts = datetime(2026, 11, 20, 14, 40, tzinfo=UTC)
    table = exposure_rows("SPX", ts, 100.0, [date(2026, 11, 27)], [100.0], 1.0)
    with Store(root).transaction() as txn:
        txn.write("exposures/2026-11-20/killed.parquet", table)
        # A half-written staging file, as if the kill came during the next write.
        (txn.root / ".staging" / "partial.parquet").write_bytes(b"PAR1 half")
        os.kill(os.getpid(), signal.SIGKILL)
""")


def _age(path: Path, by: timedelta) -> None:
    t = time.time() - by.total_seconds()
    os.utime(path, (t, t))


@pytest.fixture()
def root(tmp_path, monkeypatch):
    monkeypatch.setenv("VOLLAND_RETENTION_DAYS", "0")
    root = tmp_path / "store"
    publish(root, T0, {"SPX": 100.0}, EXPS, STRIKES)
    return root


def _kill_a_writer(root: Path) -> None:
    proc = subprocess.run([sys.executable, "-c", KILLED_WRITER, str(root), str(HERE)], cwd=ROOT_DIR,
                          env={**os.environ, "PYTHONPATH": str(ROOT_DIR)}, capture_output=True, timeout=120)
    assert proc.returncode == -9, proc.stderr.decode()[-2000:]


def test_files_of_a_killed_writer_are_collected_after_the_grace_period(root):
    _kill_a_writer(root)
    orphan = root / "exposures/2026-11-20/killed.parquet"
    partial = root / ".staging/partial.parquet"
    assert orphan.exists() and partial.exists()
    assert "exposures/2026-11-20/killed.parquet" not in referenced_files(read_manifest(root))
    referenced = [root / p for p in referenced_files(read_manifest(root))]
    for path in (orphan, partial, *referenced):
        _age(path, GARBAGE_GRACE + timedelta(minutes=1))
    # Files a live writer could still be staging (younger than the grace period) are spared.
    fresh = root / "stats/2026-11-20/fresh.parquet"
    fresh.write_bytes(orphan.read_bytes())
    fresh_staging = root / ".staging/fresh.parquet"
    fresh_staging.write_bytes(b"PAR1 being written")

    Store(root).collect_garbage()

    assert not orphan.exists() and not partial.exists()
    assert fresh.exists() and fresh_staging.exists()
    assert all(p.exists() for p in referenced)
    r = Reader(root)
    assert r.latest_snapshot("SPX") is not None


def test_the_next_publish_collects_old_orphans(root):
    _kill_a_writer(root)
    orphan = root / "exposures/2026-11-20/killed.parquet"
    _age(orphan, GARBAGE_GRACE + timedelta(minutes=1))
    publish(root, T0 + timedelta(minutes=10), {"SPX": 100.0}, EXPS, STRIKES)
    assert not orphan.exists()
    assert all((root / p).exists() for p in referenced_files(read_manifest(root)))


def test_retired_files_are_not_orphans_before_their_time(root):
    manifest = read_manifest(root)
    files = sorted(referenced_files(manifest))
    with Store(root).transaction() as txn:
        txn.manifest["snapshots"] = []
        for f in files:
            txn.retire(f)
    for f in files:
        _age(root / f, GARBAGE_GRACE + timedelta(minutes=1))
    Store(root).collect_garbage()
    assert all((root / f).exists() for f in files)   # still listed as garbage, kept until "after"
