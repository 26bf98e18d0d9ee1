"""The prints tape read from files in the store's prints order and in the order of earlier publishes: every
page, shallow or deep, by premium or by time, with or without filters, is the slice of the whole order
computed here in Python from the same rows (docs/methodology.md §4.16)."""

from __future__ import annotations

from datetime import UTC, date, datetime, timedelta

import numpy as np
import pyarrow as pa
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
    class OneFile(Reader):
        def session_print_files(self, snap):
            return (str(path),)

    return OneFile(path.parent / "no-store")


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


@pytest.fixture(scope="module", params=["banded", "earlier publishes"])
def tape_file(request, tmp_path_factory):
    tmp = tmp_path_factory.mktemp("tape")
    table = _prints()
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
