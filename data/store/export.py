"""The quants export: exposure history as Arrow record batches, read at the store's own speed.

An export is planned once (:func:`plan`): the published snapshots of one ticker between two session
dates, up to a cut-off (the caller's tier), one per session for ``close``. It is then read by a few
DuckDB queries (``data.store.sql.ExportRows``), each over a run of whole session days, so that a day file is
scanned once and the first rows leave after the first day: the runs double in length (1, 2, 4 … up to
``MAX_CHUNK_DAYS`` days). Nothing is computed per snapshot in Python: batches flow from DuckDB to the
Arrow IPC or Parquet writer unchanged.

Exports read through the store's one DuckDB connection per process (``data.store.query.cursor``), a
cursor per export, with the settings of every other read (UTC, one thread per query, the Parquet
metadata cache, insertion order kept). Both the API (``api/export/service.py``) and the background job
(``jobs/exports.py``) use this module.
"""

from __future__ import annotations

import os
from collections.abc import Iterator
from dataclasses import dataclass, field
from datetime import date, datetime
from typing import Any

import pyarrow as pa

from data.store import query, sql
from data.store.files import ObjectFiles
from data.store.schemas import GREEKS

FORMATS = ("parquet", "arrow")
MEDIA = {"parquet": "application/vnd.apache.parquet", "arrow": "application/vnd.apache.arrow.stream"}
EXTENSIONS = {"parquet": "parquet", "arrow": "arrows"}
GRANULARITIES = sql.EXPORT_GRANULARITIES
BATCH_ROWS = 65_536
MAX_CHUNK_DAYS = 32
# Snapshots per query: about one full SPX session of contracts (~600,000 rows) or five sessions by strike.
CONTRACT_CHUNK_SNAPSHOTS = 80
STRIKE_CHUNK_SNAPSHOTS = 400
TS = pa.timestamp("us", tz="UTC")

STRIKE_SCHEMA = pa.schema([("ts", TS), ("ticker", pa.string()), ("greek", pa.string()), ("strike", pa.float64()),
                           ("call", pa.float64()), ("put", pa.float64()), ("total", pa.float64()),
                           ("price", pa.float64())])
_CONTRACT_TYPES = {"ts": TS, "ticker": pa.string(), "expiration": pa.date32(), "strike": pa.float64(),
                   "right": pa.string(), "position": pa.float64(), "open_interest": pa.float64(),
                   "volume": pa.float64(), "iv": pa.float32(), "t_years": pa.float64(), "spot": pa.float64(),
                   "rate": pa.float64(), "div_yield": pa.float64()}


def schema(granularity: str, greeks: tuple[str, ...]) -> pa.Schema:
    """The columns of an export (docs/quants.md, "Columns")."""
    if granularity != "contract":
        return STRIKE_SCHEMA
    return pa.schema([*((c, _CONTRACT_TYPES[c]) for c in sql.CONTRACT_COLUMNS), *((g, pa.float32()) for g in greeks)])


@dataclass(frozen=True)
class Day:
    """One session of the export: its snapshot times and the files holding them."""

    day: date
    times: tuple[datetime, ...]
    files: tuple[str, ...]


@dataclass(frozen=True)
class Plan:
    ticker: str
    start: date
    end: date
    granularity: str
    greeks: tuple[str, ...]
    kind: str
    days: tuple[Day, ...]
    expiration_from: date | None = None
    expiration_to: date | None = None
    strike_min: float | None = None
    strike_max: float | None = None
    # The store's object-storage backend when the store is in a bucket (its files are s3:// paths), so
    # the export's cursor can read them; None for a local folder.
    object_files: Any = field(default=None, compare=False, repr=False)

    @property
    def snapshots(self) -> int:
        return sum(len(d.times) for d in self.days)

    @property
    def schema(self) -> pa.Schema:
        return schema(self.granularity, self.greeks)

    def query(self, days: tuple[Day, ...]) -> sql.ExportRows:
        return sql.ExportRows(
            files=tuple(sorted({f for d in days for f in d.files})),
            ticker=self.ticker, times=tuple(t for d in days for t in d.times), greeks=self.greeks,
            granularity=self.granularity, kind=self.kind, expiration_from=self.expiration_from,
            expiration_to=self.expiration_to, strike_min=self.strike_min, strike_max=self.strike_max)


def plan(reader, ticker: str, start: date, end: date, cutoff: datetime, granularity: str = "close",
         greeks: tuple[str, ...] = GREEKS, kind: str = "both", **filters) -> Plan:
    """The snapshots an export covers: published for ``ticker`` on sessions ``start``..``end`` at or before
    ``cutoff``; the last of each session for ``close``. Read from the manifest index only."""
    if granularity not in GRANULARITIES:
        raise ValueError(f"unknown granularity {granularity!r}")
    idx = reader.index()
    by_day: dict[str, list[tuple[datetime, dict]]] = {}
    lo, hi = start.isoformat(), end.isoformat()
    for ts, eid in idx.by_ticker.get(ticker, []):
        entry = idx.entries[eid]
        if lo <= entry["day"] <= hi and ts <= cutoff:
            by_day.setdefault(entry["day"], []).append((ts, entry))
    days = []
    for key in sorted(by_day):
        picks = by_day[key]
        if granularity == "close":
            picks = picks[-1:]
        days.append(Day(date.fromisoformat(key), tuple(ts for ts, _ in picks),
                        tuple(sorted({e["_files"]["exposures"] for _, e in picks}))))
    files = getattr(reader, "files", None)
    object_files = files if isinstance(files, ObjectFiles) else None
    return Plan(ticker, start, end, granularity, tuple(greeks), kind, tuple(days), **filters,
                object_files=object_files)


def plan_from_params(reader, params: dict) -> Plan:
    """:func:`plan` from the plain, validated parameters the API stores (dates as ``yyyy-MM-dd``, the
    cut-off as ISO-8601): the same plan in the route and in the background job."""
    day = date.fromisoformat
    return plan(
        reader, params["ticker"], day(params["start"]), day(params["end"]), datetime.fromisoformat(params["cutoff"]),
        params["granularity"], tuple(params["greeks"]), params["kind"],
        expiration_from=day(params["expiration_from"]) if params.get("expiration_from") else None,
        expiration_to=day(params["expiration_to"]) if params.get("expiration_to") else None,
        strike_min=params.get("strike_min"), strike_max=params.get("strike_max"))


def count_rows(p: Plan) -> int:
    """Rows the export will hold (one cheap scan of the key columns), for the caps and progress."""
    if not p.days:
        return 0
    cur = query.cursor(p.object_files)
    try:
        text, params = sql.build(sql.ExportCount(p.query(p.days)))
        return int(cur.execute(text, params).fetchone()[0])
    finally:
        cur.close()


def chunks(days: tuple[Day, ...], max_snapshots: int | None = None) -> Iterator[tuple[Day, ...]]:
    """Runs of whole days, 1, 2, 4 … ``MAX_CHUNK_DAYS`` long (the first rows come quickly, the rest in few
    queries), each holding at most ``max_snapshots`` snapshots unless a single day has more: a run is
    sorted in memory, so its size bounds the export's memory."""
    i, size = 0, 1
    while i < len(days):
        j, count = i, 0
        while j < len(days) and j - i < size:
            n = len(days[j].times)
            if j > i and max_snapshots is not None and count + n > max_snapshots:
                break
            count += n
            j += 1
        yield days[i:j]
        i = j
        size = min(size * 2, MAX_CHUNK_DAYS)


def batches(p: Plan) -> Iterator[pa.RecordBatch]:
    """The export's rows as record batches of ``p.schema``, in order: (ts, strike, greek) for the strike
    granularities, (ts, expiration, strike, right) for contracts."""
    target = p.schema
    iv_at = target.get_field_index("iv") if "iv" in target.names else None
    cur = query.cursor(p.object_files)
    try:
        budget = CONTRACT_CHUNK_SNAPSHOTS if p.granularity == "contract" else STRIKE_CHUNK_SNAPSHOTS
        for run in chunks(p.days, budget):
            text, params = sql.build(p.query(run))
            reader = cur.execute(text, params).to_arrow_reader(BATCH_ROWS)
            for batch in reader:
                if batch.num_rows:
                    batch = batch if batch.schema.equals(target) else batch.cast(target)
                    yield _iv_nulls(batch) if iv_at is not None else batch
    finally:
        cur.close()


def _iv_nulls(batch: pa.RecordBatch) -> pa.RecordBatch:
    """The store keeps NaN for a contract without an implied volatility; the export says "no value"
    (null). Done on the Arrow batch: DuckDB folds a NaN test on a Parquet column whose statistics show no
    NaN, so the SQL cannot do it."""
    import pyarrow.compute as pc

    i = batch.schema.get_field_index("iv")
    iv = batch.column(i)
    if not pc.any(pc.is_nan(iv)).as_py():
        return batch
    cols = list(batch.columns)
    cols[i] = pc.if_else(pc.is_nan(iv), pa.scalar(None, iv.type), iv)
    return pa.RecordBatch.from_arrays(cols, schema=batch.schema)


class _Sink:
    """A write-only file whose bytes are taken out as they are produced."""

    def __init__(self) -> None:
        self.chunks: list[bytes] = []
        self.pos = 0
        self.closed = False

    def write(self, b) -> int:
        self.chunks.append(bytes(b))
        self.pos += len(b)
        return len(b)

    def tell(self) -> int:
        return self.pos

    def flush(self) -> None:
        pass

    def close(self) -> None:
        self.closed = True

    def drain(self) -> bytes:
        out = b"".join(self.chunks)
        self.chunks = []
        return out


def _writer(fmt: str, sink, target: pa.Schema):
    if fmt == "arrow":
        import pyarrow.ipc as ipc

        return ipc.new_stream(sink, target)
    if fmt == "parquet":
        import pyarrow.parquet as pq

        # Dictionary encoding only for the text columns (a handful of values): on the float columns it
        # doubles the encoding time and makes the file larger, not smaller.
        text = [f.name for f in target if pa.types.is_string(f.type)]
        return pq.ParquetWriter(sink, target, compression="zstd", use_dictionary=text)
    raise ValueError(f"unknown format {fmt!r}")


def stream(p: Plan, fmt: str, on_batch=None) -> Iterator[bytes]:
    """The encoded export, chunk by chunk as batches are read (``on_batch(rows)`` after each)."""
    sink = _Sink()
    writer = _writer(fmt, sink, p.schema)
    for batch in batches(p):
        writer.write_batch(batch)
        if on_batch is not None:
            on_batch(batch.num_rows)
        out = sink.drain()
        if out:
            yield out
    writer.close()
    yield sink.drain()


def write_file(p: Plan, fmt: str, path, on_batch=None) -> int:
    """Write the export to ``path`` (a new file); returns its size in bytes."""
    size = 0
    with open(path, "wb") as f:
        for chunk in stream(p, fmt, on_batch):
            f.write(chunk)
            size += len(chunk)
        f.flush()
        os.fsync(f.fileno())
    return size
