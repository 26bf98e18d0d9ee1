"""The quants export reads through the store's one DuckDB connection per process (``data.store.query``),
a cursor per export, side by side with the reader's own cursors."""

from __future__ import annotations

import subprocess
import sys
from datetime import UTC, date, datetime, timedelta
from pathlib import Path

import pyarrow as pa
import pytest
from _store_data import publish

from data.store import export
from data.store.query import Reader

DAY = date(2026, 11, 20)
T0 = datetime(2026, 11, 20, 14, 35, tzinfo=UTC)
T1 = T0 + timedelta(minutes=5)
AFTER = datetime(2026, 11, 21, tzinfo=UTC)
EXPS = [date(2026, 11, 20), date(2026, 11, 27)]
STRIKES = [90.0, 100.0, 110.0]
# Contract rows of SPX on DAY: two snapshots x two expirations x three strikes x call and put.
SPX_CONTRACT_ROWS = 2 * len(EXPS) * len(STRIKES) * 2
ROOT = Path(__file__).resolve().parents[2]


@pytest.fixture()
def store(tmp_path, monkeypatch):
    monkeypatch.setenv("VOLLAND_RETENTION_DAYS", "0")
    root = tmp_path / "store"
    publish(root, T0, {"SPX": 100.0, "AAPL": 50.0}, EXPS, STRIKES, marker=1.0)
    publish(root, T1, {"SPX": 101.0, "AAPL": 51.0}, EXPS, STRIKES, marker=2.0)
    return root


# A fresh interpreter, so no earlier test has opened a connection the export could reuse.
COUNT_CONNECTIONS = """
import sys
from datetime import UTC, date, datetime

import duckdb

from data.store import export
from data.store.query import Reader

reader = Reader(sys.argv[1])
reader.exposure(reader.latest_snapshot("SPX"), "gamma")   # the process connection is open
opened = []
connect = duckdb.connect
duckdb.connect = lambda *args, **kwargs: opened.append(args) or connect(*args, **kwargs)
p = export.plan(reader, "SPX", date(2026, 11, 20), date(2026, 11, 20), datetime(2026, 11, 21, tzinfo=UTC),
                "contract")
print(len(opened), export.count_rows(p), sum(batch.num_rows for batch in export.batches(p)))
"""


def test_an_export_opens_no_duckdb_connection_of_its_own(store):
    done = subprocess.run([sys.executable, "-c", COUNT_CONNECTIONS, str(store)], cwd=ROOT,
                          capture_output=True, text=True, timeout=120)
    assert done.returncode == 0, done.stderr
    opened, counted, streamed = (int(x) for x in done.stdout.split())
    assert opened == 0
    assert counted == streamed == SPX_CONTRACT_ROWS


def test_an_export_streams_while_the_reader_answers_on_the_same_thread(store, monkeypatch):
    reader = Reader(store)
    p = export.plan(reader, "SPX", DAY, DAY, AFTER, "contract", greeks=("gamma",))
    whole = pa.Table.from_batches(list(export.batches(p)))
    assert whole.num_rows == SPX_CONTRACT_ROWS
    snap = reader.snapshot_at_or_before("SPX", T0)
    expected = reader.exposure(snap, "gamma").to_dicts()
    # Small batches, and a reader query between any two of them: each keeps its own cursor.
    monkeypatch.setattr(export, "BATCH_ROWS", 5)
    batches = []
    for batch in export.batches(p):
        batches.append(batch)
        reader._cache.clear()
        assert reader.exposure(snap, "gamma").to_dicts() == expected
    assert len(batches) > 2
    assert pa.Table.from_batches(batches).equals(whole)
