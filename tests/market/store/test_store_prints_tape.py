"""The prints tape read from files in the store's prints order, in the order of earlier publishes and from a
live session's window files (kept in memory, data/store/tape.py): every page, shallow or deep, by premium or
by time, with or without filters, is the slice of the whole order computed here in Python from the same rows
(docs/methodology.md §4.16)."""

from __future__ import annotations

from datetime import UTC, date, datetime, timedelta
from pathlib import Path

import numpy as np
import pyarrow as pa
import pyarrow.compute as pc
import pyarrow.parquet as pq
import pytest

from data.store.parquet import merge_sorted, write_parquet_atomic
from data.store.query import Reader, SnapshotRef
from data.store.schemas import PRINTS_ORDER, PRINTS_SCHEMA, prints_band, sort_prints

OPEN = datetime(2026, 1, 9, 14, 30, tzinfo=UTC)
START = datetime(2026, 1, 9, 5, 0, tzinfo=UTC)
UNTIL = datetime(2026, 1, 9, 20, 0, tzinfo=UTC)     # an hour before the close: later prints stay out
EXPS = [date(2026, 1, 9), date(2026, 1, 16), date(2026, 2, 20)]
N = 3000


def _prints(seed: int = 3) -> pa.Table:
    rng = np.random.default_rng(seed)
    # Whole seconds and a few price and size levels: many ties of time and of premium.
    ts = [OPEN + timedelta(seconds=int(s)) for s in rng.integers(0, 6 * 3600 + 1800, N)]
    size = rng.choice([1, 2, 5, 10, 50, 400], N)
    price = rng.choice([0.05, 0.4, 1.25, 3.5, 12.0, 48.0], N)
    side = rng.choice([1, -1, 0], N).astype(np.int8)
    table = pa.table({
        "ticker": ["SPX"] * (N - 200) + ["QQQ"] * 200, "ts": ts,
        "expiration": [EXPS[i] for i in rng.integers(0, 3, N)],
        "strike": rng.choice([5800.0, 5900.0, 6000.0], N), "right": rng.choice(["C", "P"], N),
        "size": size.astype(np.int64), "price": price, "bid": price - 0.05, "ask": price + 0.05,
        "premium": price * size * 100.0, "customer_side": side, "dealer_side": -side,
        "condition": ["single"] * N, "package_id": pa.nulls(N, pa.int64()), "underlying_price": [5900.0] * N,
        "abs_delta": [0.5] * N, "zero_dte": [False] * N,
    })
    return table.cast(PRINTS_SCHEMA)


def _reader(path) -> Reader:
    paths = tuple(str(p) for p in path) if isinstance(path, list) else (str(path),)

    class Files(Reader):
        def session_print_files(self, snap):
            return paths

    return Files(Path(paths[0]).parent / "no-store")


def _windows(table: pa.Table, tmp, minutes: int = 30) -> list:
    """``table`` as a live session's window files: one per ``minutes`` of print time, each in the store's
    order, named by its window so the names sort by time."""
    t = pc.cast(table.column("ts"), pa.int64()).to_numpy() // (minutes * 60_000_000)
    paths = []
    for w in np.unique(t):
        path = tmp / f"{int(w):012d}.parquet"
        write_parquet_atomic(sort_prints(table.filter(pa.array(t == w))), path, tmp / ".staging",
                             row_group_rows=64)
        paths.append(path)
    return paths


def _expected(rows: list[dict], order: str, keep) -> list[tuple]:
    def key(p):
        t = p["ts"].timestamp()
        head = (-p["premium"], -t) if order == "premium" else (-t, -p["premium"])
        return (*head, p["expiration"], p["strike"], p["right"], p["price"], p["size"])

    chosen = sorted((p for p in rows if p["ticker"] == "SPX" and START < p["ts"] <= UNTIL and keep(p)), key=key)
    return [(p["ts"], p["expiration"], p["strike"], p["right"], p["price"], p["size"], p["premium"],
             p["customer_side"]) for p in chosen]


def _page(reader: Reader, **kw) -> tuple[list[tuple], int]:
    df, total = reader.prints_tape(SnapshotRef("SPX", UNTIL, "s"), START, **kw)
    if df.height == 0:
        return [], total
    return [(r["ts"], r["expiration"], r["strike"], r["right"], r["price"], r["size"], r["premium"],
             r["customer_side"]) for r in df.iter_rows(named=True)], total


@pytest.fixture(scope="module", params=["banded", "earlier publishes", "window files"])
def tape_file(request, tmp_path_factory):
    tmp = tmp_path_factory.mktemp("tape")
    table = _prints()
    if request.param == "window files":
        return _windows(table, tmp), table.to_pylist()
    ordered = sort_prints(table) if request.param == "banded" else table.sort_by(PRINTS_ORDER)
    path = tmp / "prints.parquet"
    # Small row groups: the statistics skip some of them, as they do in a busy session's file.
    write_parquet_atomic(ordered, path, tmp / ".staging", row_group_rows=128)
    return path, table.to_pylist()


CASES = [
    ("premium", {}, lambda p: True),
    ("time", {}, lambda p: True),
    ("premium", {"side": "sell", "min_premium": 500.0}, lambda p: p["customer_side"] == -1 and p["premium"] >= 500),
    ("time", {"side": "unclassified"}, lambda p: p["customer_side"] == 0),
    ("time", {"expirations": [EXPS[1]], "min_premium": 100.0},
     lambda p: p["expiration"] == EXPS[1] and p["premium"] >= 100),
]


@pytest.mark.parametrize("order,kw,keep", CASES)
def test_every_page_is_the_slice_of_the_whole_order(tape_file, order, kw, keep):
    path, rows = tape_file
    reader = _reader(path)
    reader.TAPE_DEEP_RANK = 150        # deep pages (keys ranked in Python) from the third page on
    want = _expected(rows, order, keep)
    assert len(want) > 400
    limit = 77
    got: list[tuple] = []
    for offset in range(0, len(want), limit):
        page, total = _page(reader, order=order, limit=limit, offset=offset, **kw)
        assert total == len(want)
        got += page
    assert got == want
    # A page starting anywhere (inside a run of equal keys too), short and deep.
    for offset in (1, 49, 100, 101, 150, 151, 234, len(want) - 3):
        page, _ = _page(reader, order=order, limit=50, offset=offset, **kw)
        assert page == want[offset:offset + 50], offset
    page, total = _page(reader, order=order, limit=50, offset=len(want), **kw)
    assert page == [] and total == len(want)


def test_a_prints_file_is_sorted_by_ticker_band_and_time(tmp_path):
    table = _prints()
    out = sort_prints(table)
    assert sorted(out.to_pylist(), key=repr) == sorted(table.to_pylist(), key=repr)
    rows = out.to_pylist()
    band = prints_band(out.column("premium")).to_pylist()
    keys = [(r["ticker"], -b, -r["ts"].timestamp(), -r["premium"]) for r, b in zip(rows, band, strict=True)]
    assert keys == sorted(keys)
    # Bands are half-decades of dollars.
    assert prints_band(pa.array([0.5, 1.0, 3.1, 3.2, 10.0, 99.0, 100.0, 1e6])).to_pylist() == [0, 0, 0, 1, 2, 3, 4, 12]
    # A compacted day file merges the windows' files in the same order.
    parts = [table.slice(0, 1000), table.slice(1000)]
    srcs = []
    for i, part in enumerate(parts):
        write_parquet_atomic(sort_prints(part), tmp_path / f"w{i}.parquet", tmp_path / ".staging")
        srcs.append(tmp_path / f"w{i}.parquet")
    merge_sorted(srcs, tmp_path / "day.parquet", PRINTS_SCHEMA, sort_prints, ["QQQ", "SPX"])
    assert pq.read_table(tmp_path / "day.parquet").to_pylist() == out.to_pylist()


def _tape_rows(reader: Reader, until: datetime, **kw) -> tuple[list[tuple], int]:
    out, offset = [], 0
    while True:
        df, total = reader.prints_tape(SnapshotRef("SPX", until, "s"), START, offset=offset, limit=200, **kw)
        if df.height == 0:
            return out, total
        out += [(r["ts"], r["expiration"], r["strike"], r["right"], r["price"], r["size"], r["premium"],
                 r["customer_side"]) for r in df.iter_rows(named=True)]
        offset += 200


def _hour(p: dict) -> int:
    """The hour window (hours since the epoch) of a print, as ``_windows(..., minutes=60)`` names them."""
    return int(p["ts"].timestamp()) // 3600


def test_a_live_session_in_memory_reads_only_new_windows_and_pages_as_of(tmp_path):
    """Windows published one after another: each is read once (an older window's file removed from disk
    after being read is not needed again), every tape equals the whole order of the windows published so
    far, and a page as of an earlier time uses only the windows published by then, even with later
    windows already in memory."""
    table = _prints(5)
    paths = _windows(table, tmp_path, minutes=60)
    assert len(paths) >= 6
    rows = table.to_pylist()
    published: list = []

    class Live(Reader):
        def session_print_files(self, snap):
            return tuple(str(p) for p in published)

    reader = Live(tmp_path / "no-store")
    for i, path in enumerate(paths[:5]):
        published.append(path)
        if i >= 2:
            paths[i - 2].unlink()          # read already: kept in memory, never opened again
        assert pq.read_metadata(path).num_rows > 0
        for order in ("premium", "time"):
            got, total = _tape_rows(reader, UNTIL, order=order)
            # The prints of the windows published so far: the window files' rows (by their times).
            seen = [p for p in rows if _hour(p) <= int(Path(path).stem)]
            assert got == _expected(seen, order, lambda p: True) and total == len(got)
        if len(published) >= 2:
            assert len(reader.tape_memory()._sessions) == 1
    # As of the third window: the later windows' prints are in memory, and no page shows them.
    published[:] = published[:3]
    got, total = _tape_rows(reader, UNTIL, order="time")
    cut = int(Path(published[-1]).stem)
    want = _expected([p for p in rows if _hour(p) <= cut], "time", lambda p: True)
    assert got == want and total == len(want)
    assert max(r[0] for r in got) < datetime.fromtimestamp((cut + 1) * 3600, UTC)


def test_the_live_tape_memory_is_bounded_by_bytes(tmp_path):
    table = _prints(6)
    paths = _windows(table, tmp_path)
    reader = _reader(paths)
    memory = reader.tape_memory()
    reader.prints_tape(SnapshotRef("SPX", UNTIL, "s"), START)
    assert len(memory._sessions) == 1 and 0 < memory.nbytes <= memory.max_bytes
    memory.max_bytes = memory.nbytes - 1       # the session no longer fits: dropped once paged
    first, total = reader.prints_tape(SnapshotRef("SPX", UNTIL, "s"), START)
    assert len(memory._sessions) == 0 and memory.nbytes == 0
    assert total == len(_expected(table.to_pylist(), "premium", lambda p: True)) and first.height == 50
    # 0 MB: every page read from the files, the same columns and types.
    memory.max_bytes = 0
    files, files_total = reader.prints_tape(SnapshotRef("SPX", UNTIL, "s"), START)
    assert files.schema == first.schema and files_total == total and len(memory._sessions) == 0
    assert files.select("ts", "premium").rows() == first.select("ts", "premium").rows()


def test_a_session_being_read_for_the_first_time_does_not_hold_up_another(tmp_path):
    """The first read of a busy session's files (up to a second) holds only that session: another ticker's
    page is answered meanwhile, and the held one then answers the same page as on its own."""
    import threading

    import duckdb

    from data.store.tape import TapeMemory

    paths = [str(p) for p in _windows(_prints(7), tmp_path)]
    memory = TapeMemory(10**9)
    con = duckdb.connect()
    started, release = threading.Event(), threading.Event()

    class Held:
        """A cursor whose read waits until the test lets it go."""

        def __init__(self):
            self.cursor = con.cursor()

        def execute(self, *args):
            started.set()
            assert release.wait(60), "never released"
            return self.cursor.execute(*args)

    args = dict(files=tuple(paths), start=START, until=UNTIL, expirations=None, min_premium=0.0, side="all",
                order="premium", limit=50, offset=0)
    held: dict = {}
    a = threading.Thread(target=lambda: held.update(page=memory.page(Held(), ("SPX", "s"), "SPX", **args)))
    a.start()
    try:
        assert started.wait(60)
        other: dict = {}
        b = threading.Thread(target=lambda: other.update(
            page=memory.page(con.cursor(), ("QQQ", "s"), "QQQ", **args)))
        b.start()
        b.join(60)                               # a liveness bound: with one lock for all it never returns
        assert not b.is_alive() and "page" in other and a.is_alive()
    finally:
        release.set()
    a.join(60)
    for ticker, got in (("QQQ", other), ("SPX", held)):
        alone = TapeMemory(10**9).page(con.cursor(), (ticker, "s"), ticker, **args)
        assert alone[1] > 0 and got["page"][0].rows() == alone[0].rows() and got["page"][1] == alone[1]
