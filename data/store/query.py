"""Read side of the store: ``Reader``, one per process, answering in Polars/plain Python.

A reader only opens files named by the published manifest. It re-reads the manifest when the file
changes (one ``stat`` per call; the writer replaces it by rename, so a new inode means a new version),
builds a per-ticker index of snapshot times, and runs the SQL from ``data.store.sql`` on one DuckDB connection
per process with a cursor per thread; the quants export (``data.store.export``) reads through the same
connection with a cursor per export. A store on object storage is read the same way: the newest
manifest commit is looked up at most once per ``VOLLAND_STORE_POLL_SECONDS``, and DuckDB reads the
``s3://`` objects through the store's s3fs filesystem registered on the connection.
"""

from __future__ import annotations

import bisect
import dataclasses
import math
import os
import threading
import warnings
from collections import OrderedDict
from dataclasses import dataclass, field
from datetime import UTC, date, datetime, time, timedelta
from typing import Any

import duckdb
import numpy as np
import polars as pl
import pyarrow as pa
import pyarrow.compute as pc

from data.store import sql
from data.store.files import LocalFiles, ObjectFiles, open_files
from data.store.parquet import read_manifest
from data.store.schemas import PRINT_BANDS_PER_DECADE
from data.store.tape import TapeMemory
from domain import market_calendar as cal
from domain.screener import lookback_dates, screener_changes
from domain.timestamps import parse_iso
from domain.vocabulary import GREEKS

EPOCH = datetime(1970, 1, 1, tzinfo=UTC)


def daily_visible_through(at: datetime) -> date:
    """The last date whose daily row may be read as of ``at`` (docs/methodology.md, "As-of reads").

    A daily row of date D holds D's close, closing VIX and closing aggregates: it is dated at D's session
    close (16:00 New York, 13:00 on a half day) and visible only from that instant on. So as of ``at`` the
    rows through ``at``'s New York date are visible once that day's session has closed, else the rows
    strictly before that date.
    """
    if at.tzinfo is None:
        raise ValueError("at must be timezone-aware")
    day = cal.ny_date(at)
    sess = cal.session(day)
    if sess is not None and at >= sess[1]:
        return day
    return day - timedelta(days=1)


@dataclass(frozen=True)
class SnapshotRef:
    ticker: str
    ts: datetime
    snapshot_id: str


@dataclass
class _Index:
    key: tuple
    manifest: dict[str, Any]
    entries: dict[str, dict]                     # id -> entry
    by_ticker: dict[str, list[tuple[datetime, str]]]   # ticker -> sorted [(ts, entry id)]
    daily_files: tuple[str, ...]
    times: tuple[datetime, ...] = ()                 # every snapshot time, any ticker, ascending
    ticker_times: dict[str, tuple[datetime, ...]] = field(default_factory=dict)   # ticker -> its times, memo


# DuckDB hints that Arrow output of execute() copies the rows; for answers of a few hundred rows the
# copy is nothing next to the second bind of the suggested relation API.
warnings.filterwarnings("ignore", message="Arrow output on a DB-API result", category=UserWarning)

_CONNECTIONS: dict[int, duckdb.DuckDBPyConnection] = {}
_CONN_LOCK = threading.Lock()
# The object-store filesystem registered on the process connection: (pid, its configuration).
_REGISTERED: dict[str, tuple[int, tuple]] = {}


def _process_connection() -> duckdb.DuckDBPyConnection:
    """One in-memory DuckDB connection per process (re-created after a fork), read by every ``Reader``
    and by the quants export (:func:`cursor`)."""
    pid = os.getpid()
    with _CONN_LOCK:
        con = _CONNECTIONS.get(pid)
        if con is None:
            con = duckdb.connect(":memory:")
            # GLOBAL: the settings must reach the per-thread cursors (a plain SET stays with the session
            # that ran it, and a cursor without the metadata cache re-reads every file footer).
            con.execute("SET GLOBAL parquet_metadata_cache = true")
            con.execute("SET GLOBAL TimeZone = 'UTC'")
            # Requests are small (one ticker, one snapshot): one thread per query avoids scheduling
            # overhead; concurrency comes from the API's threads, each with its own cursor. The quants
            # export's longer scans run here too, on their request's thread: measured on two busy cores,
            # a second DuckDB thread made them slower, not faster.
            con.execute("SET GLOBAL threads = 1")
            # DuckDB's default, stated because the export's batches come out in the order of its queries.
            con.execute("SET GLOBAL preserve_insertion_order = true")
            _CONNECTIONS.clear()
            _CONNECTIONS[pid] = con
        return con


def _register_object_fs(files: ObjectFiles) -> None:
    """Give the process connection the store's s3fs filesystem for ``s3://`` paths.

    DuckDB would otherwise fetch its httpfs extension from the internet on first use; extension
    auto-install and auto-load are switched off so that can never happen. One S3 configuration per
    process: a store with another endpoint or credentials replaces the registration.
    """
    con = _process_connection()
    pid = os.getpid()
    with _CONN_LOCK:
        have = _REGISTERED.get("s3")
        if have == (pid, files.config_key):
            return
        register_object_fs_on(con, files)
        _REGISTERED["s3"] = (pid, files.config_key)


def cursor(files: LocalFiles | ObjectFiles | None = None) -> duckdb.DuckDBPyConnection:
    """A new cursor on the process connection for one thread's or one request's reads (the caller closes
    it); with the files of a store in a bucket, its ``s3://`` objects are readable through it."""
    if isinstance(files, ObjectFiles):
        _register_object_fs(files)
    return _process_connection().cursor()


def register_object_fs_on(con: duckdb.DuckDBPyConnection, files: ObjectFiles) -> None:
    """Register ``files``' s3fs filesystem on ``con``, with extension auto-install and auto-load off
    (never a download at run time)."""
    con.execute("SET GLOBAL autoinstall_known_extensions = false")
    con.execute("SET GLOBAL autoload_known_extensions = false")
    if "s3" in con.list_filesystems():
        con.unregister_filesystem("s3")
    con.register_filesystem(files.fs)


class Reader:
    """Read-only access to published snapshots. Thread-safe; one per process is enough."""

    # Answers kept in memory (small frames: a strike ladder, a stats row): the last of the caches listed in
    # api/cache.py, keyed by the query object, which names its immutable files.
    cache_size = 512

    def __init__(self, root: str | os.PathLike[str] | None = None) -> None:
        self.files: LocalFiles | ObjectFiles = open_files(root)
        self.root = self.files.root if isinstance(self.files, LocalFiles) else self.files.url
        self._lock = threading.Lock()
        self._cache: OrderedDict[object, pl.DataFrame] = OrderedDict()
        self._index: _Index | None = None
        self._stale = False  # set by ``invalidate``: the next call re-reads the manifest whatever its key
        self._local = threading.local()
        self._tape: TapeMemory | None = None

    # ---------------------------------------------------------------- plumbing
    def _cursor(self) -> duckdb.DuckDBPyConnection:
        cur = getattr(self._local, "cursor", None)
        pid = os.getpid()
        if cur is None or getattr(self._local, "pid", None) != pid:
            cur = cursor(self.files)
            self._local.cursor = cur
            self._local.pid = pid
        return cur

    def _run(self, query: object) -> duckdb.DuckDBPyConnection:
        # fetchall() only for results without tz-aware timestamps (those go through Arrow).
        text, params = sql.build(query)
        return self._cursor().execute(text, params)

    def _df(self, query: object) -> pl.DataFrame:
        """Run a query; answers are cached by the query object (published files never change, and a
        query names its files, so a cached answer can never be stale)."""
        with self._lock:
            hit = self._cache.get(query)
            if hit is not None:
                self._cache.move_to_end(query)
                return hit
        text, params = sql.build(query)
        # execute() binds once; the relation API (cursor.sql) binds again and costs more per query.
        df = pl.from_arrow(self._cursor().execute(text, params).to_arrow_table())
        with self._lock:
            self._cache[query] = df
            while len(self._cache) > self.cache_size:
                self._cache.popitem(last=False)
        return df

    def _manifest_key(self) -> tuple:
        return self.files.manifest_key()

    def index(self) -> _Index:
        key = self._manifest_key()
        idx = self._index
        if idx is not None and idx.key == key and not self._stale:
            return idx
        with self._lock:
            if self._index is not None and self._index.key == key and not self._stale:
                return self._index
            self._stale = False
            manifest = read_manifest(self.files)
            entries: dict[str, dict] = {}
            by_ticker: dict[str, list[tuple[datetime, str]]] = {}
            for e in manifest.get("snapshots", []):
                e = dict(e)
                e["_ts"] = parse_iso(e["ts"])
                e["_files"] = {k: self.files.full(v) for k, v in e["files"].items()}
                e["_zero_dte"] = frozenset(e.get("zero_dte", []))
                entries[e["id"]] = e
                for t in e["tickers"]:
                    by_ticker.setdefault(t, []).append((e["_ts"], e["id"]))
            for lst in by_ticker.values():
                lst.sort()
            daily = tuple(self.files.full(d["file"]) for d in manifest.get("daily", []))
            times = tuple(sorted(e["_ts"] for e in entries.values()))
            self._index = _Index(key, manifest, entries, by_ticker, daily, times)
            return self._index

    def invalidate(self) -> None:
        """Re-read the manifest on the next call: a writer announced a publish (``api.nodes``)."""
        self._stale = True

    def _entry(self, snap: SnapshotRef) -> dict:
        idx = self.index()
        entry_id = snap.snapshot_id.split("@", 1)[-1]
        entry = idx.entries.get(entry_id)
        if entry is None:
            # The snapshot aged out (retention), or the manifest predates immutable publishing: use what is
            # now published at that time.
            fresh = self.snapshot_at_or_before(snap.ticker, snap.ts)
            if fresh is None or fresh.ts != snap.ts:
                raise LookupError(f"snapshot {snap.snapshot_id} is no longer published")
            entry = idx.entries[fresh.snapshot_id.split("@", 1)[-1]]
        return entry

    def _files(self, snap: SnapshotRef, table: str) -> tuple[str, ...]:
        return (self._entry(snap)["_files"][table],)

    @staticmethod
    def _ref(ticker: str, entry: dict) -> SnapshotRef:
        return SnapshotRef(ticker, entry["_ts"], f"{ticker}@{entry['id']}")

    # ---------------------------------------------------------------- catalogue
    def universe(self) -> list[str]:
        idx = self.index()
        names = set(idx.by_ticker)
        if idx.daily_files and not names:
            names |= {r[0] for r in self._run(sql.DailyTickers(tuple(idx.daily_files))).fetchall()}
        return sorted(names)

    def tickers(self, kind: str = "all", at: datetime | None = None) -> list[str]:
        """Tickers with a published snapshot; ``0dte`` = those listing an expiration on that day."""
        if kind not in ("regular", "0dte", "all"):
            raise ValueError("kind must be regular, 0dte or all")
        idx = self.index()
        latest: dict[str, dict] = {}
        for ticker, lst in idx.by_ticker.items():
            if at is None:
                latest[ticker] = idx.entries[lst[-1][1]]
            else:
                i = bisect.bisect_right(lst, (at.astimezone(UTC), "\uffff")) - 1
                if i >= 0:
                    latest[ticker] = idx.entries[lst[i][1]]
        if kind != "0dte":
            return sorted(latest)
        # 0DTE: the tickers that listed an expiration on the most recent published day (they still count
        # after the close, when the day's contracts have expired).
        last_day = max((e["day"] for e in latest.values()), default=None)
        listed: set[str] = set()
        for e in idx.entries.values():
            if e["day"] == last_day and (at is None or e["_ts"] <= at):
                listed |= e["_zero_dte"]
        return sorted(t for t, e in latest.items() if e["day"] == last_day and t in listed)

    def snapshot_at_or_before(self, ticker: str, at: datetime) -> SnapshotRef | None:
        idx = self.index()
        lst = idx.by_ticker.get(ticker)
        if not lst:
            return None
        if at.tzinfo is None:
            raise ValueError("at must be timezone-aware")
        i = bisect.bisect_right(lst, (at.astimezone(UTC), "\uffff")) - 1
        if i < 0:
            return None
        return self._ref(ticker, idx.entries[lst[i][1]])

    def newest_time_at_or_before(self, at: datetime) -> datetime | None:
        """The newest snapshot time of any ticker published at or before ``at``, or None."""
        times = self.index().times
        i = bisect.bisect_right(times, at.astimezone(UTC)) - 1
        return times[i] if i >= 0 else None

    def latest_snapshot(self, ticker: str) -> SnapshotRef | None:
        lst = self.index().by_ticker.get(ticker)
        if not lst:
            return None
        return self._ref(ticker, self.index().entries[lst[-1][1]])

    def ticker_times(self, ticker: str) -> tuple[datetime, ...]:
        """Every published snapshot time of ``ticker``, ascending (computed once per manifest version)."""
        idx = self.index()
        times = idx.ticker_times.get(ticker)
        if times is None:
            times = idx.ticker_times[ticker] = tuple(ts for ts, _ in idx.by_ticker.get(ticker, ()))
        return times

    def snapshot_times(self, ticker: str, day: date) -> list[datetime]:
        key = day.isoformat()
        idx = self.index()
        return [ts for ts, eid in idx.by_ticker.get(ticker, []) if idx.entries[eid]["day"] == key]

    def snapshots_of_day(self, ticker: str, day: date, until: datetime | None = None) -> list[SnapshotRef]:
        """The snapshots of ``ticker`` on session ``day`` (at or before ``until`` when given), oldest first."""
        key = day.isoformat()
        idx = self.index()
        return [self._ref(ticker, idx.entries[eid]) for ts, eid in idx.by_ticker.get(ticker, [])
                if idx.entries[eid]["day"] == key and (until is None or ts <= until)]

    def available_dates(self, ticker: str, until: datetime | None = None) -> list[date]:
        """Session dates with a snapshot of ``ticker`` (published at or before ``until`` when given)."""
        idx = self.index()
        return sorted({date.fromisoformat(idx.entries[eid]["day"])
                       for ts, eid in idx.by_ticker.get(ticker, []) if until is None or ts <= until})

    def expirations(self, snap: SnapshotRef) -> list[date]:
        rows = self._run(sql.Expirations(self._files(snap, "exposures"), snap.ticker, snap.ts)).fetchall()
        return [r[0] for r in rows]

    # ---------------------------------------------------------------- exposures
    def exposure(self, snap: SnapshotRef, greek: str, kind: str = "both",
                 expirations: list[date] | None = None) -> pl.DataFrame:
        q = sql.ExposureByStrike(self._files(snap, "exposures"), snap.ticker, snap.ts, greek, kind,
                                 tuple(expirations) if expirations is not None else None)
        df = self._df(q)
        if df.is_empty():
            return pl.DataFrame(schema={"strike": pl.Float64, "call": pl.Float64, "put": pl.Float64,
                                        "total": pl.Float64})
        return df.with_columns(total=pl.col("call") + pl.col("put")).select(
            pl.col("strike").cast(pl.Float64), pl.col("call").cast(pl.Float64),
            pl.col("put").cast(pl.Float64), pl.col("total").cast(pl.Float64))

    def exposure_arrays(self, snap: SnapshotRef, greek: str, kind: str = "both",
                        expirations: list[date] | None = None) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
        """``exposure``'s strike, call and put columns as float64 arrays, without building a new frame (the
        what-changed route reads two snapshots per answer)."""
        df = self._df(sql.ExposureByStrike(self._files(snap, "exposures"), snap.ticker, snap.ts, greek, kind,
                                           tuple(expirations) if expirations is not None else None))
        if df.is_empty():
            return np.empty(0), np.empty(0), np.empty(0)
        return tuple(df[c].to_numpy().astype(np.float64, copy=False) for c in ("strike", "call", "put"))

    def contract_rows(self, snap: SnapshotRef, expirations: list[date] | None = None) -> pl.DataFrame:
        """Per-contract rows of a snapshot (optionally of some expirations), for re-pricing."""
        return self._df(sql.ContractRows(self._files(snap, "exposures"), snap.ticker, snap.ts,
                                         tuple(expirations) if expirations is not None else None))

    def _stats_row(self, snap: SnapshotRef) -> dict | None:
        df = self._df(sql.TickerStats(self._files(snap, "stats"), snap.ticker, snap.ts))
        return df.to_dicts()[0] if df.height else None

    def ticker_stats(self, snap: SnapshotRef) -> dict:
        """The snapshot's statistics row under the store's column names (NaN read as None)."""
        row = self._stats_row(snap)
        if row is None:
            raise LookupError(f"no statistics for {snap.ticker} at {snap.ts.isoformat()}")
        out = {k: (_num(x) if isinstance(x, float) else x) for k, x in row.items() if k not in ("ticker", "ts")}
        out["paradigm"] = row.get("paradigm") or ""
        out["total_trades"] = int(row.get("total_trades") or 0)
        return out

    # ---------------------------------------------------------------- time series
    def candles(self, ticker: str, day: date, minutes: int = 10, until: datetime | None = None) -> pl.DataFrame:
        idx = self.index()
        files = sorted({idx.entries[eid]["_files"]["bars"] for ts, eid in idx.by_ticker.get(ticker, [])
                        if idx.entries[eid]["day"] == day.isoformat() and "bars" in idx.entries[eid]["_files"]
                        and (until is None or ts <= until)})
        empty = pl.DataFrame(schema={"ts": pl.Datetime("us", "UTC"), "open": pl.Float64, "high": pl.Float64,
                                     "low": pl.Float64, "close": pl.Float64})
        if not files:
            return empty
        start = datetime.combine(day, time(0), UTC)
        end = start + timedelta(days=1)
        if until is not None and until < end:
            end = until   # a bar starting at ``until`` is not finished at that time
        df = self._df(sql.Candles(tuple(files), ticker, start, end, minutes))
        if df.is_empty():
            return empty
        return df.with_columns(pl.col("ts").dt.convert_time_zone("UTC").cast(pl.Datetime("us", "UTC")))

    def level_series(self, ticker: str, day: date, until: datetime | None = None) -> pl.DataFrame:
        """The published statistics' levels and price at every snapshot of ``ticker`` on session ``day``
        (at or before ``until`` when given), oldest first: ts, price, zero_gamma, call_wall, put_wall,
        paradigm, target, lis_low, lis_high, has_0dte."""
        idx = self.index()
        picks = [(ts, eid) for ts, eid in idx.by_ticker.get(ticker, [])
                 if idx.entries[eid]["day"] == day.isoformat() and (until is None or ts <= until)]
        if not picks:
            return pl.DataFrame(schema={"ts": pl.Datetime("us", "UTC"), "price": pl.Float64,
                                        "zero_gamma": pl.Float64, "call_wall": pl.Float64, "put_wall": pl.Float64,
                                        "paradigm": pl.String, "target": pl.Float64, "lis_low": pl.Float64,
                                        "lis_high": pl.Float64, "has_0dte": pl.Boolean})
        files = tuple(sorted({idx.entries[eid]["_files"]["stats"] for _, eid in picks}))
        df = self._df(sql.LevelSeries(files, ticker, tuple(ts for ts, _ in picks)))
        return df.with_columns(pl.col("ts").dt.convert_time_zone("UTC").cast(pl.Datetime("us", "UTC")))

    def level_history(self, ticker: str, until: datetime) -> pl.DataFrame:
        """``level_series`` over every snapshot of ``ticker`` at or before ``until`` (any session), oldest
        first, with a ``day`` column (the session date): the levels scorecard's one read."""
        idx = self.index()
        picks = [(ts, eid) for ts, eid in idx.by_ticker.get(ticker, []) if ts <= until]
        if not picks:
            return pl.DataFrame(schema={"ts": pl.Datetime("us", "UTC"), "price": pl.Float64,
                                        "zero_gamma": pl.Float64, "call_wall": pl.Float64, "put_wall": pl.Float64,
                                        "paradigm": pl.String, "target": pl.Float64, "lis_low": pl.Float64,
                                        "lis_high": pl.Float64, "has_0dte": pl.Boolean, "day": pl.String})
        files = tuple(sorted({idx.entries[eid]["_files"]["stats"] for _, eid in picks}))
        df = self._df(sql.LevelSeries(files, ticker, tuple(ts for ts, _ in picks)))
        days = {ts: idx.entries[eid]["day"] for ts, eid in picks}
        df = df.with_columns(pl.col("ts").dt.convert_time_zone("UTC").cast(pl.Datetime("us", "UTC")))
        return df.with_columns(pl.Series("day", [days.get(t) for t in df["ts"].to_list()], dtype=pl.String))

    def surface(self, snap: SnapshotRef, value: str = "iv", kind: str = "both") -> dict:
        df = self._df(sql.Surface(self._files(snap, "exposures"), snap.ticker, snap.ts, value, kind))
        return _matrix(df, "expiration", "strike")

    def vanna_plane(self, ticker: str, day: date, until: datetime | None = None) -> dict:
        idx = self.index()
        picks = [(ts, eid) for ts, eid in idx.by_ticker.get(ticker, [])
                 if idx.entries[eid]["day"] == day.isoformat() and (until is None or ts <= until)]
        if not picks:
            return {"times": [], "strikes": [], "z": []}
        files = tuple(sorted({idx.entries[eid]["_files"]["exposures"] for _, eid in picks}))
        df = self._df(sql.StrikeSeries(files, ticker, tuple(ts for ts, _ in picks), "vanna"))
        out = _matrix(df, "ts", "strike")
        out["times"] = [t if t.tzinfo else t.replace(tzinfo=UTC) for t in out.pop("expirations")]
        return out

    def _session_picks(self, snap: SnapshotRef) -> list[tuple[datetime, dict]]:
        """The snapshots of ``snap``'s session (its New York day) up to and including ``snap``, oldest first."""
        idx = self.index()
        day = self._entry(snap)["day"]
        return [(ts, idx.entries[eid]) for ts, eid in idx.by_ticker.get(snap.ticker, [])
                if idx.entries[eid]["day"] == day and ts <= snap.ts]

    def session_prices(self, snap: SnapshotRef) -> tuple[list[datetime], list[float | None]]:
        """(times, underlying prices) of ``snap``'s session up to ``snap``: one statistics read over the
        session's files."""
        picks = self._session_picks(snap)
        if not picks:
            return [], []
        times = tuple(ts for ts, _ in picks)
        files = tuple(sorted({e["_files"]["stats"] for _, e in picks}))
        df = self._df(sql.SessionPrices(files, snap.ticker, times))
        price = {(t if t.tzinfo else t.replace(tzinfo=UTC)): _num(p)
                 for t, p in zip(df["ts"].to_list(), df["price"].to_list())}
        return list(times), [price.get(t) for t in times]

    def session_matrix(self, snap: SnapshotRef, times: list[datetime], greek: str, kind: str = "both",
                       expirations: list[date] | None = None, strike_low: float = 0.0,
                       strike_high: float = math.inf) -> pl.DataFrame:
        """Rows (ts, strike, call, put) of one greek at the given snapshot times of ``snap``'s session, in
        one query over the session's exposure files (``sql.SessionMatrix``)."""
        idx = self.index()
        wanted = set(times)
        files = tuple(sorted({idx.entries[eid]["_files"]["exposures"]
                              for ts, eid in idx.by_ticker.get(snap.ticker, []) if ts in wanted}))
        empty = pl.DataFrame(schema={"ts": pl.Datetime("us", "UTC"), "strike": pl.Float64, "call": pl.Float64,
                                     "put": pl.Float64})
        if not files:
            return empty
        df = self._df(sql.SessionMatrix(files, snap.ticker, tuple(times), greek, kind,
                                        tuple(expirations) if expirations is not None else None,
                                        float(strike_low), float(strike_high)))
        if df.is_empty():
            return empty
        return df.select(pl.col("ts").dt.convert_time_zone("UTC").cast(pl.Datetime("us", "UTC")),
                         pl.col("strike").cast(pl.Float64), pl.col("call").cast(pl.Float64),
                         pl.col("put").cast(pl.Float64))

    # ---------------------------------------------------------------- flow (classified prints, volume, OI)
    def volume_oi(self, snap: SnapshotRef, expirations: list[date] | None = None, strike_low: float = 0.0,
                  strike_high: float = math.inf) -> pl.DataFrame:
        """Per strike at ``snap``: strike, call_volume, put_volume, call_oi, put_oi (sums over the chosen
        expirations' contracts, ``sql.VolumeOiByStrike``)."""
        return self._df(sql.VolumeOiByStrike(self._files(snap, "exposures"), snap.ticker, snap.ts,
                                             tuple(expirations) if expirations is not None else None,
                                             float(strike_low), float(strike_high)))

    def previous_session_close(self, snap: SnapshotRef) -> SnapshotRef | None:
        """The last snapshot of ``snap``'s ticker on a session before ``snap``'s, or None."""
        idx = self.index()
        day = self._entry(snap)["day"]
        lst = idx.by_ticker.get(snap.ticker, [])
        for ts, eid in reversed(lst):
            if ts < snap.ts and idx.entries[eid]["day"] < day:
                return self._ref(snap.ticker, idx.entries[eid])
        return None

    def session_print_files(self, snap: SnapshotRef) -> tuple[str, ...]:
        """The prints files of ``snap``'s session up to ``snap`` (a compacted day file holds the whole day:
        readers also bound the print time by ``snap.ts``)."""
        return tuple(sorted({e["_files"]["prints"] for _, e in self._session_picks(snap) if "prints" in e["_files"]}))

    def print_buckets(self, parts: list[tuple[SnapshotRef, datetime]], minutes: int = 5) -> list[pl.DataFrame]:
        """For each (snapshot, start) of one ticker's distinct sessions: that session's prints in (start,
        ``snap.ts``] per time bucket and right (bucket, right, volume, premium, dealer_premium), all read in
        one query."""
        schema = {"bucket": pl.Datetime("us", "UTC"), "right": pl.String, "volume": pl.Float64,
                  "premium": pl.Float64, "dealer_premium": pl.Float64}
        reads = [(self.session_print_files(snap), start, snap.ts) for snap, start in parts]
        present = [(i, r) for i, r in enumerate(reads) if r[0]]
        if not present:
            return [pl.DataFrame(schema=schema) for _ in parts]
        df = self._df(sql.PrintBuckets(parts[0][0].ticker, tuple(r for _, r in present), minutes))
        # The query numbers the sessions with files; back to the caller's numbering.
        df = df.with_columns(part=pl.col("part").replace_strict({j: i for j, (i, _) in enumerate(present)},
                                                                return_dtype=pl.Int64))
        df = df.with_columns(bucket=pl.from_epoch(pl.col("bucket_us"), time_unit="us").dt.replace_time_zone("UTC"))
        return [df.filter(pl.col("part") == i).select(*schema).cast(schema) for i in range(len(parts))]

    #: Up to this rank (from 0) of a page's last row, the page's cut is a top-N of one column in DuckDB (a
    #: few row groups of a file in the prints' order); from it on, the sort keys passing the filters are
    #: read once and the page's first and last keys found here (a top-N that deep costs more than the read).
    TAPE_DEEP_RANK = 1000

    def prints_tape(self, snap: SnapshotRef, start: datetime, *, expirations: list[date] | None = None,
                    min_premium: float = 0.0, side: str = "all", order: str = "premium", limit: int = 50,
                    offset: int = 0) -> tuple[pl.DataFrame, int]:
        """One page of the session's prints in (``start``, ``snap.ts``] and the number that pass the filters.

        A live session stored as several window files is paged from memory (``data.store.tape``: each
        window's rows read once, kept per ticker and session). One file (a compacted day) takes three small
        queries: the number passing (from the files' statistics when no row needs reading),
        the sort key of the page's last row, and the page itself, read only from the rows at or beyond that
        key (a prefix of the whole order, so the page is the same as the whole order's). For a deep page
        the second query reads the keys of every passing row instead, and the page is read from the rows
        whose key lies between its first and last row's, skipping the rows of that range before the page."""
        files = self.session_print_files(snap)
        if not files:
            return pl.DataFrame(), 0
        memory = self.tape_memory()
        if len(files) > 1 and memory.max_bytes > 0:
            # A live session's window files: their rows are kept in memory once read (data/store/tape.py).
            return memory.page(self._cursor(), (snap.ticker, os.path.dirname(files[0])), snap.ticker, files,
                               start, snap.ts, tuple(expirations) if expirations is not None else None,
                               float(min_premium), side, order, int(limit), int(offset))
        if order == "time":
            # The windows' files latest first (their names sort by time): the top-N's bound from the
            # latest window's rows skips the earlier files by their time statistics.
            files = files[::-1]
        base = sql.PrintsTape(files, snap.ticker, start, snap.ts, tuple(expirations) if expirations is not None
                              else None, float(min_premium), side, order, int(limit), int(offset))
        total = int(self._run(sql.PrintsCount(base)).fetchall()[0][0])
        if total <= offset:
            return pl.DataFrame(), total
        last = min(offset + limit, total) - 1
        if last < self.TAPE_DEEP_RANK:
            cut = self._run(sql.PrintsCut(base, last)).fetchall()
            q = dataclasses.replace(base, cut=cut[0][0] if cut else None)
        else:
            q = self._deep_page(base, offset, last)
        return self._df(q), total

    def tape_memory(self) -> TapeMemory:
        """The live sessions' tapes kept in memory (``VOLLAND_TAPE_MEMORY_MB``)."""
        if self._tape is None:
            from volland.settings import get_settings

            with self._lock:
                if self._tape is None:
                    self._tape = TapeMemory(get_settings().tape_memory_mb * 1_000_000)
        return self._tape

    def _premium_floor(self, base: sql.PrintsTape, last: int) -> float:
        """The highest premium band's lower bound (bands of ``sort_prints``) with more than ``last`` prints at
        or above it passing the filters, else ``base.min_premium``. Counts by band bounds read mostly the
        row-group statistics of a file in the prints' order."""
        lo, hi = 0, 2 * PRINT_BANDS_PER_DECADE * 5           # $1 .. $10^10
        best = None
        while lo <= hi:
            mid = (lo + hi) // 2
            bound = 10.0 ** (mid / PRINT_BANDS_PER_DECADE)
            if bound <= base.min_premium:
                lo = mid + 1
                continue
            n = int(self._run(sql.PrintsCount(dataclasses.replace(base, min_premium=bound))).fetchall()[0][0])
            if n > last:
                best, lo = bound, mid + 1
            else:
                hi = mid - 1
        return best if best is not None else base.min_premium

    def _deep_page(self, base: sql.PrintsTape, first: int, last: int) -> sql.PrintsTape:
        """The page query of ranks ``first``..``last`` (from 0, in the tape's order) bounded by their keys."""
        keyed = base
        if base.order == "premium":
            # Only the prints from a premium bound with enough of them: the same ranks, fewer keys read.
            keyed = dataclasses.replace(base, min_premium=self._premium_floor(base, last))
        col = self._run(sql.PrintsKeys(keyed)).to_arrow_table().column(0)
        is_time = pa.types.is_timestamp(col.type)
        keys = np.asarray((pc.cast(col, pa.int64()) if is_time else col).to_numpy(), dtype=np.int64 if is_time
                          else np.float64)
        if keys.size <= last:          # the files changed between the queries cannot happen (immutable)
            last = keys.size - 1
        neg = np.partition(-keys, [first, last])
        high, low = -neg[first], -neg[last]
        above = int(np.count_nonzero(keys > high))

        def value(v):
            return EPOCH + timedelta(microseconds=int(v)) if is_time else float(v)

        return dataclasses.replace(base, cut=value(low), high=value(high), offset=first - above)
    def session_closes(self, ticker: str, start: date, end: date) -> list[SnapshotRef]:
        """For every session date D with ``start ≤ D ≤ end`` that has a snapshot of ``ticker``: its last
        snapshot of D at or before D's close, oldest first (a session's close reading)."""
        idx = self.index()
        last: dict[str, tuple[datetime, str]] = {}
        for ts, eid in idx.by_ticker.get(ticker, []):
            day = idx.entries[eid]["day"]
            if not start.isoformat() <= day <= end.isoformat():
                continue
            sess = cal.session(date.fromisoformat(day))
            if sess is not None and ts <= sess[1]:
                last[day] = (ts, eid)
        return [self._ref(ticker, idx.entries[eid]) for _, (ts, eid) in sorted(last.items())]

    def vol_rows(self, snaps: list[SnapshotRef]) -> pl.DataFrame:
        """The volatility views' contract rows (``sql.VolRows``) of the given snapshots of one ticker, in one
        query over their exposure files: ts, expiration, strike, right, t_years, spot, rate, div_yield, iv."""
        schema = {"ts": pl.Datetime("us", "UTC"), "expiration": pl.Date, "strike": pl.Float64, "right": pl.String,
                  "t_years": pl.Float64, "spot": pl.Float64, "rate": pl.Float64, "div_yield": pl.Float64,
                  "iv": pl.Float64}
        if not snaps:
            return pl.DataFrame(schema=schema)
        files = tuple(sorted({f for s in snaps for f in self._files(s, "exposures")}))
        df = self._df(sql.VolRows(files, snaps[0].ticker, tuple(sorted(s.ts for s in snaps))))
        if df.is_empty():
            return pl.DataFrame(schema=schema)
        return df.with_columns(pl.col("ts").dt.convert_time_zone("UTC").cast(pl.Datetime("us", "UTC")),
                               *[pl.col(c).cast(pl.Float64) for c in ("strike", "t_years", "spot", "rate",
                                                                       "div_yield", "iv")])

    def daily(self, ticker: str, start: date, end: date, as_of: datetime | None = None) -> pl.DataFrame:
        """Daily rows from ``start`` to ``end``; with ``as_of`` only those visible then
        (:func:`daily_visible_through`)."""
        files = self.index().daily_files
        cols = {"date": pl.Date, "close": pl.Float64, "vix_close": pl.Float64,
                **{f"agg_{g}": pl.Float64 for g in GREEKS}, "dads": pl.Float64}
        if as_of is not None:
            end = min(end, daily_visible_through(as_of))
        if not files or end < start:
            return pl.DataFrame(schema=cols)
        return self._df(sql.Daily(files, ticker, start, end))

    def screener_inputs(self, at: date, as_of: datetime | None = None) -> pl.DataFrame:
        """One row per ticker: current values and their values one time frame back
        (``domain.screener.screener_changes`` tells the columns). With ``as_of``, ``at`` is first limited
        to the last date visible then (:func:`daily_visible_through`).
        """
        if as_of is not None:
            at = min(at, daily_visible_through(as_of))
        files = self.index().daily_files
        if not files:
            return pl.DataFrame(schema={"ticker": pl.String, "price": pl.Float64})
        return screener_changes(self._df(sql.DailyAsOf(files, tuple(lookback_dates(at)))), at)

    def site_stats(self, at: datetime | None = None) -> dict:
        """Trades and open contracts of the latest snapshot (at or before ``at`` when given), and the
        number of tickers published by then: ``{total_trades, open_contracts, tickers}``."""
        idx = self.index()
        entries = [e for e in idx.entries.values() if at is None or e["_ts"] <= at]
        if not entries:
            return {"total_trades": 0, "open_contracts": 0,
                    "tickers": len(self.universe()) if at is None else 0}
        latest = max(entries, key=lambda e: e["_ts"])
        row = self._run(sql.SnapshotTotals((latest["_files"]["stats"],), latest["_ts"])).fetchall()[0]
        return {"total_trades": int(row[0]), "open_contracts": int(round(row[1])),
                "tickers": len({t for e in entries for t in e["tickers"]})}


def _num(v: Any) -> float | None:
    if v is None:
        return None
    f = float(v)
    return None if math.isnan(f) or math.isinf(f) else f


def _matrix(df: pl.DataFrame, row_key: str, col_key: str) -> dict:
    if df.is_empty():
        return {"expirations": [], "strikes": [], "z": []}
    rows = sorted(set(df[row_key].to_list()))
    cols = sorted(set(df[col_key].to_list()))
    ri = {r: i for i, r in enumerate(rows)}
    ci = {c: j for j, c in enumerate(cols)}
    z = np.full((len(rows), len(cols)), np.nan)
    for r, c, v in zip(df[row_key].to_list(), df[col_key].to_list(), df["value"].to_list(), strict=True):
        if v is not None:
            z[ri[r], ci[c]] = v
    zz = [[None if math.isnan(x) else float(x) for x in line] for line in z]
    return {"expirations": rows, "strikes": [float(c) for c in cols], "z": zz}
