"""The exposure store: immutable Parquet files plus one manifest of published snapshots.

One writer, many reader processes. The writer stages every file under ``<root>/.staging``, renames it
into its final (never reused) name, and only then replaces ``manifest.json`` by an atomic rename. A
reader only ever opens files the manifest names, so it cannot see a half-written file, and a snapshot is
visible either completely (all of its tables) or not at all. Published data never change: a ticker's
snapshot at a time, and a (date, ticker) daily row, are written once (an identical re-publish is a no-op,
a different one is refused with :class:`PublishConflict`). Superseded files (compaction, retention)
are not deleted at once: they go to the manifest's ``garbage`` list and are removed by a later publish
once a grace period has passed, so a reader holding the previous manifest can still finish its query.
A writer killed mid-publish leaves Parquet files the manifest never named, and temporary files under
``.staging``; every commit (and :meth:`Store.collect_garbage`) also deletes those once they are older
than the grace period, so files a live writer is still staging are never touched.

The same rules hold for a store on S3-compatible object storage (``VOLLAND_STORE_ROOT=s3://…``): there
the objects are written first under never-reused keys and the manifest last as the next numbered commit
with a conditional PUT, which refuses a concurrent writer (:mod:`data.store.files`).

Layout (see docs/design.md §3)::

    <root>/manifest.json                         published snapshots, daily files, garbage
    <root>/exposures/<day>/<name>.parquet        strike-level exposures, sorted ticker/expiration/strike
    <root>/stats/<day>/<name>.parquet            one row per ticker and snapshot (derived figures)
    <root>/bars/<day>/<name>.parquet             1-minute underlying bars since the previous snapshot
    <root>/prints/<day>/<name>.parquet           the classified prints since the previous snapshot
    <root>/daily/<name>.parquet                  per-ticker daily aggregates (trend, statistics, screener)
    <root>/state/book/<day>/<name>.parquet       the writer's dealer book (never read by the API)
"""

from __future__ import annotations

import contextlib
import logging
import os
import uuid
from collections.abc import Callable, Iterator
from dataclasses import dataclass, field
from datetime import UTC, date, datetime, timedelta
from pathlib import Path
from typing import Any
from zoneinfo import ZoneInfo

import pyarrow as pa
import pyarrow.compute as pc
import pyarrow.parquet as pq

from data.store.files import MANIFEST, LocalFiles, ManifestConflict, ObjectFiles, open_files
from data.store.schemas import DAILY_SCHEMA, FLOAT32_COLUMNS, STATE_SCHEMAS, TABLE_SCHEMAS, TS, sort_prints
from domain.timestamps import iso, parse_iso
from volland.settings import get_settings

__all__ = ["MANIFEST", "ManifestConflict", "PublishConflict", "Store", "StoreObject", "open_files", "read_manifest",
           "read_table", "store_root"]

log = logging.getLogger("data.store.parquet")

MANIFEST_FORMAT = 1
# Row groups small enough that a query for one ticker in a whole-universe file reads little, large
# enough that the footer stays small. Statistics (min/max of ticker, expiration, strike) prune the rest.
ROW_GROUP_ROWS = 16_384
# Prints files: smaller row groups, so a page of the tape decompresses few rows beyond its own (measured on
# the demo's compacted day: a latest-first page 17.7 ms at 16,384 rows, 13.6 at 8,192, 10.3 at 4,096; on a
# busy SPX session 4,096 slows the largest-first pages by half again: 8,192 keeps both near their best).
PRINTS_ROW_GROUP_ROWS = 8_192
GARBAGE_GRACE = timedelta(minutes=10)
# Top-level folders holding published Parquet files (the layout below); only these are swept for orphans.
DATA_DIRS = ("exposures", "stats", "bars", "prints", "daily", "state")
NY = ZoneInfo("America/New_York")


class PublishConflict(Exception):
    """A publish would have replaced published data with different values; nothing was changed.

    ``conflicts`` lists what differed: ``{"table": "snapshot", "ticker": ..., "ts": ...}`` for a snapshot
    and ``{"table": "daily", "ticker": ..., "date": ...}`` for a daily row.
    """

    def __init__(self, conflicts: list[dict[str, str]]) -> None:
        self.conflicts = conflicts
        shown = ", ".join(f"{c['ticker']}@{c.get('ts') or c.get('date')}" for c in conflicts[:10])
        more = f" and {len(conflicts) - 10} more" if len(conflicts) > 10 else ""
        super().__init__(f"publish refused: published data differ for {shown}{more}; "
                         "published history is immutable")


def store_root(root: str | os.PathLike[str] | None = None) -> Path:
    """The store folder: ``root`` if given, else ``VOLLAND_STORE_ROOT`` / ``<var>/store``.

    For the few callers that need a folder; the store and its reader take an ``s3://`` root too
    (:func:`data.store.files.open_files`), which this function refuses with a clear message.
    """
    raw = str(root) if root is not None else str(get_settings().store_path)
    if raw.startswith("file://"):
        raw = raw[len("file://"):]
    if "://" in raw:
        raise ValueError(f"Store root {raw!r} is an object-store URL; this operation needs a local folder.")
    return Path(raw)


def empty_manifest() -> dict[str, Any]:
    return {"format": MANIFEST_FORMAT, "generation": 0, "snapshots": [], "daily": [], "garbage": []}


def read_manifest(root: Path | str | LocalFiles | ObjectFiles) -> dict[str, Any]:
    """Read the published manifest (an empty one when nothing was ever published)."""
    files = root if isinstance(root, (LocalFiles, ObjectFiles)) else open_files(root)
    found = files.read_manifest()
    return empty_manifest() if found is None else found


@dataclass(frozen=True)
class StoreObject:
    """A file of a store on object storage, as :meth:`Store.state_before` hands it out."""

    files: ObjectFiles
    rel: str

    def exists(self) -> bool:
        return self.files.exists(self.rel)

    def __str__(self) -> str:
        return self.files.full(self.rel)


def read_table(path: Path | str | StoreObject, **kwargs: Any) -> pa.Table:
    """``pq.read_table`` for a local path or a :class:`StoreObject`."""
    if isinstance(path, StoreObject):
        return pq.read_table(path.files.path(path.rel), filesystem=path.files.fs, **kwargs)
    return pq.read_table(path, **kwargs)


def _writer_options(schema: pa.Schema) -> dict[str, Any]:
    # Byte-stream split makes float columns compress (zstd then sees exponents and mantissas apart);
    # only the short strings are dictionary-encoded: a dictionary on the time column measurably slows
    # the reader's filter on it.
    names = set(schema.names)
    split = [c for c in FLOAT32_COLUMNS if c in names and pa.types.is_float32(schema.field(c).type)]
    dictionary = [c for c in ("ticker", "right", "paradigm", "condition") if c in names]
    # zstd level 3 rather than Arrow's default 1: files about 4 % smaller for about 20 % more write
    # time (measured on a compacted day file); reading speed does not depend on the level.
    return {"compression": "zstd", "compression_level": 3, "write_statistics": True,
            "use_dictionary": dictionary, "use_byte_stream_split": split or False}


def write_parquet_atomic(table: pa.Table, final: Path, staging: Path, *, row_group_rows: int = ROW_GROUP_ROWS) -> None:
    """Write ``table`` to a staging file, flush it, then rename it to ``final`` in one step."""
    staging.mkdir(parents=True, exist_ok=True)
    final.parent.mkdir(parents=True, exist_ok=True)
    tmp = staging / f"{uuid.uuid4().hex}.parquet"
    try:
        pq.write_table(table, tmp, row_group_size=row_group_rows, **_writer_options(table.schema))
        with open(tmp, "rb+") as fh:
            os.fsync(fh.fileno())
        os.replace(tmp, final)
    finally:
        if tmp.exists():
            tmp.unlink()


def merge_sorted(sources: list[Path] | list[str], dest: Path | Any, schema: pa.Schema,
                 order: list | Callable[[pa.Table], pa.Table], tickers: list[str], tickers_per_pass: int = 25, *,
                 filesystem: Any = None, row_group_rows: int = ROW_GROUP_ROWS) -> None:
    """Merge files into one sorted file, a group of tickers at a time (bounded memory). ``order`` names
    columns sorted ascending, or ``(column, "descending")``; or it is a function that sorts a table whose
    first key is the ticker (the prints' ``sort_prints``).

    ``dest`` is a local path (flushed to disk) or an open binary sink; ``filesystem`` is the one the
    ``sources`` are read from (None: local)."""
    with pq.ParquetWriter(dest, schema, **_writer_options(schema)) as writer:
        for i in range(0, len(tickers), tickers_per_pass):
            group = tickers[i:i + tickers_per_pass]
            parts = [pq.read_table(src, filters=[("ticker", "in", group)], filesystem=filesystem).cast(schema)
                     for src in sources]
            parts = [p for p in parts if p.num_rows]
            if not parts:
                continue
            merged = pa.concat_tables(parts)
            merged = order(merged) if callable(order) else \
                merged.sort_by([c if isinstance(c, tuple) else (c, "ascending") for c in order])
            writer.write_table(merged, row_group_size=row_group_rows)
    if isinstance(dest, (str, Path)):
        with open(dest, "rb+") as fh:
            os.fsync(fh.fileno())


def write_manifest_atomic(root: Path, manifest: dict[str, Any]) -> None:
    LocalFiles(Path(root)).publish_manifest(manifest)


@dataclass
class Transaction:
    """One writer's change to the store: files are staged, the manifest is replaced on commit."""

    root: Path | str
    manifest: dict[str, Any]
    files: LocalFiles | ObjectFiles | None = None
    # Store-relative paths written by this change (deleted again when it is not published).
    written: list[str] = field(default_factory=list)
    # Writer-private files no reader opens (the dealer book): removed right after the commit.
    obsolete: list[str] = field(default_factory=list)

    def __post_init__(self) -> None:
        if self.files is None:
            self.files = open_files(self.root)

    def write(self, relpath: str, table: pa.Table, *, row_group_rows: int = ROW_GROUP_ROWS) -> str:
        files = self.files
        immutable = f"store file {relpath} already exists; published files are immutable"
        if isinstance(files, ObjectFiles):
            # One conditional PUT: the object appears whole or not at all, and never replaces another.
            try:
                files.write_table(relpath, table, row_group_size=row_group_rows, **_writer_options(table.schema))
            except FileExistsError:
                raise FileExistsError(immutable) from None
        else:
            final = files.root / relpath
            if final.exists():
                raise FileExistsError(immutable)
            write_parquet_atomic(table, final, files.root / ".staging", row_group_rows=row_group_rows)
        self.written.append(relpath)
        return relpath

    def new_name(self, prefix: str) -> str:
        self.manifest["generation"] = int(self.manifest.get("generation", 0)) + 1
        return f"{prefix}-g{self.manifest['generation']:07d}-{uuid.uuid4().hex[:8]}"

    def retire(self, relpath: str, now: datetime | None = None) -> None:
        """Move a no-longer-referenced file to the garbage list (deleted after the grace period)."""
        now = now or datetime.now(UTC)
        self.manifest["garbage"].append({"path": relpath, "after": iso(now + GARBAGE_GRACE)})


class Store:
    """The writer's handle on a store root.

    A local folder admits one writing process at a time (the writer lock: a ``flock`` on a lock file, or a
    Redis lock when writers run on several machines, data/store/coordination.py). On object storage
    writers do not wait for each other: the commit's conditional manifest write lets exactly one of two
    concurrent changes through and refuses the other with :class:`ManifestConflict`.
    """

    def __init__(self, root: str | os.PathLike[str] | None = None) -> None:
        self.files = open_files(root)
        # A Path for a local folder (callers build paths on it), the s3:// URL otherwise.
        self.root: Path | str = self.files.root if isinstance(self.files, LocalFiles) else self.files.url

    def _path(self, rel: str) -> str:
        """What pyarrow opens (with ``self.files.arrow_fs``) for a store-relative path."""
        return self.files.path(rel) if isinstance(self.files, ObjectFiles) else self.files.full(rel)

    def read_table(self, rel: str, **kwargs: Any) -> pa.Table:
        """Read a store file named by its store-relative path (a folder or a bucket)."""
        return pq.read_table(self._path(rel), filesystem=self.files.arrow_fs, **kwargs)

    def _writer_lock(self):
        """A local folder: the flock, or the Redis lock with ``VOLLAND_STORE_LOCK=redis``
        (data/store/coordination.py). Object storage: the backend's own rule (conditional writes, else Redis)."""
        if isinstance(self.files, LocalFiles):
            from data.store import coordination

            return coordination.writer_lock(self.files.root)
        return self.files.writer_lock()

    @contextlib.contextmanager
    def transaction(self) -> Iterator[Transaction]:
        with self._writer_lock():
            txn = Transaction(self.root, read_manifest(self.files), self.files)
            try:
                yield txn
                self._collect_garbage(txn.manifest)
                self.files.publish_manifest(txn.manifest)
            except BaseException:
                # Nothing was published: drop whatever was put into place for this change.
                for rel in txn.written:
                    with contextlib.suppress(OSError):
                        self.files.delete(rel)
                raise
            from data.store import coordination

            coordination.announce(self.root, txn.manifest)
            for rel in txn.obsolete:
                self.files.delete(rel)

    def collect_garbage(self, now: datetime | None = None) -> int:
        """Delete retired files whose grace period is over at ``now``; returns how many remain listed."""
        with self.transaction() as txn:
            self._collect_garbage(txn.manifest, now)
            return len(txn.manifest["garbage"])

    def _collect_garbage(self, manifest: dict[str, Any], now: datetime | None = None) -> None:
        now = now or datetime.now(UTC)
        referenced = referenced_files(manifest)
        keep = []
        for item in manifest.get("garbage", []):
            if item["path"] in referenced:
                continue
            if parse_iso(item["after"]) <= now:
                self.files.delete(item["path"])
            else:
                keep.append(item)
        manifest["garbage"] = keep
        self._collect_orphans(manifest, now)

    def _collect_orphans(self, manifest: dict[str, Any], now: datetime) -> int:
        """Delete files a killed writer left behind; returns how many were removed.

        An orphan is a Parquet file under a data folder that neither the manifest nor its garbage list
        names, or any file under ``.staging``, last modified more than ``GARBAGE_GRACE`` before ``now``.
        Callers hold the writer lock, so no other writer is staging; the age test still spares files
        younger than the grace period.
        """
        known = referenced_files(manifest) | {g["path"] for g in manifest.get("garbage", [])}
        if isinstance(self.files, ObjectFiles):
            return self._collect_object_orphans(known, now)
        cutoff = (now - GARBAGE_GRACE).timestamp()
        candidates: list[Path] = []
        for top in DATA_DIRS:
            base = self.root / top
            if base.is_dir():
                candidates.extend(p for p in base.rglob("*.parquet")
                                  if p.relative_to(self.root).as_posix() not in known)
        staging = self.root / ".staging"
        if staging.is_dir():
            candidates.extend(p for p in staging.iterdir() if p.is_file())
        removed = 0
        for path in candidates:
            try:
                if path.stat().st_mtime > cutoff:
                    continue
                path.unlink()
            except FileNotFoundError:
                continue
            removed += 1
        if removed:
            log.warning("removed %d orphaned store file(s) left by an interrupted writer", removed)
        return removed

    def _collect_object_orphans(self, known: set[str], now: datetime) -> int:
        """On object storage: objects no manifest names, superseded manifest commits and unfinished
        multipart uploads, all older than the grace period (a concurrent writer's fresh objects stay)."""
        files = self.files
        assert isinstance(files, ObjectFiles)
        cutoff = now - GARBAGE_GRACE
        doomed = [rel for top in DATA_DIRS for rel, modified in files.listing(f"{top}/")
                  if rel.endswith(".parquet") and rel not in known and modified <= cutoff]
        commits = files.manifest_commits()
        # The newest commit is the published manifest; older ones only serve a reader that listed them
        # a moment ago (it then reads the newest), so they go once they are past the grace period.
        doomed += [rel for rel, modified in commits[:-1] if modified <= cutoff]
        files.delete_many(doomed)
        aborted = files.abort_stale_uploads(cutoff)
        if doomed or aborted:
            log.warning("removed %d orphaned object(s) and %d unfinished upload(s) of the store",
                        len(doomed), aborted)
        return len(doomed) + aborted

    def manifest(self) -> dict[str, Any]:
        return read_manifest(self.files)

    # ---------------------------------------------------------------- snapshots
    def publish_snapshot(self, *, ts: datetime, kind: str, tables: dict[str, pa.Table],
                         zero_dte: list[str], daily: pa.Table | None = None,
                         state: dict[str, pa.Table] | None = None) -> str:
        """Publish one snapshot batch (its tickers at ``ts``) atomically; returns its id.

        Published history is immutable (docs/methodology.md, "Publication and as-of rules"): a ticker
        already published at ``ts`` with the same exposures and statistics is left as it is (a re-run is
        a no-op), and one published with different values makes the whole publish fail with
        :class:`PublishConflict` (logged as a warning) without changing anything.
        """
        try:
            with self.transaction() as txn:
                name = self.stage_snapshot(txn, ts=ts, kind=kind, tables=tables, zero_dte=zero_dte,
                                           daily=daily, state=state)
                self._apply_retention(txn)
                return name
        except PublishConflict as exc:
            log.warning("%s", exc)
            raise

    def publish_snapshots(self, batches: list[dict[str, Any]]) -> list[str]:
        """Publish several snapshots in one manifest change: all of them or none (a conflict in any
        refuses them all)."""
        try:
            with self.transaction() as txn:
                names = [self.stage_snapshot(txn, **b) for b in batches]
                self._apply_retention(txn)
                return names
        except PublishConflict as exc:
            log.warning("%s", exc)
            raise

    @contextlib.contextmanager
    def publishing(self) -> Iterator[Any]:
        """Several snapshots staged one at a time and published in one manifest change: all or none.

        Yields ``add(**args)`` (the arguments of :meth:`publish_snapshot`), which writes that snapshot's
        files at once, so memory holds one snapshot at a time. Nothing is visible until the block ends
        without an error; an error (or an interrupt) removes the files written so far. The demo build
        publishes a whole day this way. The writer lock is held for the whole block.
        """
        try:
            with self.transaction() as txn:
                yield lambda **args: self.stage_snapshot(txn, **args)
                self._apply_retention(txn)
        except PublishConflict as exc:
            log.warning("%s", exc)
            raise

    def stage_snapshot(self, txn: Transaction, *, ts: datetime, kind: str, tables: dict[str, pa.Table],
                       zero_dte: list[str], daily: pa.Table | None = None,
                       state: dict[str, pa.Table] | None = None) -> str:
        ts = ts.astimezone(UTC)
        stamp = iso(ts)
        day = ts.astimezone(NY).date().isoformat()
        tickers = sorted(set(tables["stats"].column("ticker").to_pylist()))
        published = {t: e for e in txn.manifest["snapshots"] if e["ts"] == stamp for t in e["tickers"]}
        clash = [t for t in tickers if t in published]
        if clash:
            differing = self._differing_snapshots(published, clash, ts, tables)
            if differing:
                raise PublishConflict([{"table": "snapshot", "ticker": t, "ts": stamp} for t in differing])
            log.info("snapshot %s already published with the same values for %s: kept as it is",
                     stamp, ", ".join(clash))
            tickers = [t for t in tickers if t not in published]
            if not tickers:
                # A re-run of a published time: nothing to add (identical daily rows are a no-op too).
                if daily is not None and daily.num_rows:
                    self._add_daily(txn, daily)
                return published[clash[0]]["id"]
            keep = pa.array(tickers)
            tables = {k: t.filter(pc.is_in(t["ticker"], value_set=keep)) for k, t in tables.items()}
            zero_dte = [t for t in zero_dte if t in set(tickers)]
        name = txn.new_name(ts.strftime("%Y%m%dT%H%M%SZ"))
        files = {}
        for table_name, table in tables.items():
            schema = TABLE_SCHEMAS[table_name]
            files[table_name] = txn.write(f"{table_name}/{day}/{name}.parquet", table.cast(schema),
                                          row_group_rows=PRINTS_ROW_GROUP_ROWS if table_name == "prints"
                                          else ROW_GROUP_ROWS)
        entry = {"id": name, "ts": stamp, "day": day, "kind": kind, "tickers": tickers,
                 "zero_dte": sorted(zero_dte), "files": files}
        kept = [*txn.manifest["snapshots"], entry]
        kept.sort(key=lambda e: e["ts"])
        txn.manifest["snapshots"] = kept
        if daily is not None and daily.num_rows:
            self._add_daily(txn, daily)
        if state:
            books = txn.manifest.setdefault("books", {})
            old = books.get(day)
            # A publish of an earlier time must not replace a later book of the same day.
            if old is None or old["ts"] <= stamp:
                files = {k: txn.write(f"state/{k}/{day}/{name}.parquet", t.cast(STATE_SCHEMAS[k]))
                         for k, t in state.items()}
                books[day] = {"ts": stamp, "files": files}
                if old:
                    txn.obsolete.extend(old["files"].values())
        return name

    def _differing_snapshots(self, published: dict[str, dict], clash: list[str], ts: datetime,
                             tables: dict[str, pa.Table]) -> list[str]:
        """The tickers of ``clash`` whose published exposures or statistics at ``ts`` differ from
        ``tables``."""
        import polars as pl

        keys = {"stats": ["ticker"], "exposures": ["ticker", "expiration", "strike", "right"]}
        by_entry: dict[str, list[str]] = {}
        for t in clash:
            by_entry.setdefault(published[t]["id"], []).append(t)
        differing: set[str] = set()
        for entry_id, group in by_entry.items():
            entry = next(e for e in published.values() if e["id"] == entry_id)
            for table_name, order in keys.items():
                schema = TABLE_SCHEMAS[table_name]
                path = entry["files"].get(table_name)
                new = tables.get(table_name)
                if path is None or new is None:
                    if (path is None) != (new is None):
                        differing.update(group)
                    continue
                old = self.read_table(path, filters=[("ticker", "in", group)]).cast(schema)
                old = old.filter(pc.equal(old["ts"], pa.scalar(ts, TS)))
                new = new.cast(schema)
                old_f, new_f = pl.from_arrow(old), pl.from_arrow(new)
                for t in group:
                    a = old_f.filter(pl.col("ticker") == t).sort(order)
                    b = new_f.filter(pl.col("ticker") == t).sort(order)
                    if not a.equals(b):
                        differing.add(t)
        return sorted(differing)

    def publish_daily(self, daily: pa.Table) -> None:
        """Publish per-ticker daily aggregates. A (date, ticker) row already published is kept: an
        identical row is a no-op, a different one refuses the whole publish (:class:`PublishConflict`)."""
        try:
            with self.transaction() as txn:
                self._add_daily(txn, daily)
        except PublishConflict as exc:
            log.warning("%s", exc)
            raise

    def _published_daily(self, manifest: dict[str, Any], tickers: list[str], dates: list[date]) -> dict:
        """The served daily rows for these tickers and dates, {(ticker, date): row}; a later file wins."""
        out: dict[tuple[str, date], dict] = {}
        wanted = set(dates)
        for d in manifest.get("daily", []):
            if d["end"] < min(dates).isoformat() or d["start"] > max(dates).isoformat():
                continue
            part = self.read_table(d["file"],
                                   filters=[("ticker", "in", tickers), ("date", "in", sorted(wanted))])
            part = part.cast(DAILY_SCHEMA)
            for row in part.to_pylist():
                if row["date"] in wanted:
                    out[(row["ticker"], row["date"])] = row
        return out

    def _add_daily(self, txn: Transaction, daily: pa.Table) -> None:
        daily = daily.cast(DAILY_SCHEMA).sort_by([("ticker", "ascending"), ("date", "ascending")])
        if not daily.num_rows:
            return
        rows = daily.to_pylist()
        old = self._published_daily(txn.manifest, sorted({r["ticker"] for r in rows}),
                                    sorted({r["date"] for r in rows}))
        if old:
            conflicts, fresh = [], []
            for r in rows:
                prev = old.get((r["ticker"], r["date"]))
                if prev is None:
                    fresh.append(r)
                elif not _same_row(prev, r):
                    conflicts.append({"table": "daily", "ticker": r["ticker"], "date": r["date"].isoformat()})
            if conflicts:
                raise PublishConflict(conflicts)
            if not fresh:
                return
            daily = pa.Table.from_pylist(fresh, schema=DAILY_SCHEMA)
        dates = daily.column("date").to_pylist()
        name = txn.new_name("daily")
        rel = txn.write(f"daily/{name}.parquet", daily)
        txn.manifest["daily"].append({"file": rel, "start": min(dates).isoformat(),
                                      "end": max(dates).isoformat(), "rows": daily.num_rows})
        # Many small daily files (one per end of day) are merged once there are enough of them.
        if len(txn.manifest["daily"]) > 8:
            self._compact_daily(txn)

    def _compact_daily(self, txn: Transaction) -> None:
        parts = [self.read_table(d["file"]) for d in txn.manifest["daily"]]
        merged = pa.concat_tables([p.cast(DAILY_SCHEMA) for p in parts])
        # A (ticker, date) repeated in files written before daily rows were immutable: the later file wins.
        import polars as pl
        frame = (pl.from_arrow(merged).with_row_index("_order")
                 .sort("_order").unique(subset=["ticker", "date"], keep="last")
                 .drop("_order").sort(["ticker", "date"]))
        merged = frame.to_arrow().cast(DAILY_SCHEMA)
        name = txn.new_name("daily")
        rel = txn.write(f"daily/{name}.parquet", merged)
        for d in txn.manifest["daily"]:
            txn.retire(d["file"])
        dates = merged.column("date").to_pylist()
        txn.manifest["daily"] = [{"file": rel, "start": min(dates).isoformat(), "end": max(dates).isoformat(),
                                  "rows": merged.num_rows}]

    def _apply_retention(self, txn: Transaction, today: date | None = None) -> None:
        days = get_settings().retention_days
        if days <= 0:
            return
        if today is None:
            # Relative to the newest published day, not the wall clock: a store built for another time
            # (a replay, a demo built "as of" a past date) keeps its window.
            days_seen = [e["day"] for e in txn.manifest["snapshots"]]
            today = date.fromisoformat(max(days_seen)) if days_seen else datetime.now(UTC).date()
        cutoff = (today - timedelta(days=days)).isoformat()
        kept = []
        for entry in txn.manifest["snapshots"]:
            if entry["day"] < cutoff:
                for path in entry["files"].values():
                    txn.retire(path)
            else:
                kept.append(entry)
        txn.manifest["snapshots"] = kept
        books = txn.manifest.get("books", {})
        for day in [d for d in books if d < cutoff]:
            txn.obsolete.extend(books.pop(day)["files"].values())

    # ---------------------------------------------------------------- compaction
    def compact_day(self, day: date) -> int:
        """Merge a finished day's intraday files into one file per table; returns entries rewritten.

        The merged file is sorted by ticker, snapshot time, expiration and strike, so a query for one
        ticker at one time touches a few row groups. Entries keep their ids (the data did not change).
        """
        key = day.isoformat()
        with self.transaction() as txn:
            entries = [e for e in txn.manifest["snapshots"] if e["day"] == key]
            if len(entries) < 2 or all(e.get("compacted") for e in entries):
                return 0
            name = txn.new_name(f"{key.replace('-', '')}-day")
            tickers = sorted({t for e in entries for t in e["tickers"]})
            new_files: dict[str, str] = {}
            for table_name, schema in TABLE_SCHEMAS.items():
                sources = sorted({e["files"][table_name] for e in entries if table_name in e["files"]})
                if not sources:
                    continue
                order = ["ticker", "ts", "expiration", "strike", "right"] if table_name == "exposures" \
                    else sort_prints if table_name == "prints" else ["ticker", "ts"]
                rel = f"{table_name}/{key}/{name}.parquet"
                self._merge_into(rel, sources, schema, order, tickers)
                txn.written.append(rel)
                new_files[table_name] = rel
                for src in sources:
                    txn.retire(src)
            for e in entries:
                e["files"] = {**e["files"], **new_files}
                e["compacted"] = True
            return len(entries)

    def _merge_into(self, rel: str, sources: list[str], schema: pa.Schema, order: list | Callable,
                    tickers: list[str]) -> None:
        files = self.files
        rows = PRINTS_ROW_GROUP_ROWS if schema is TABLE_SCHEMAS["prints"] else ROW_GROUP_ROWS
        if isinstance(files, ObjectFiles):
            # A streamed (multipart) upload: the object becomes visible only when it is complete, and a
            # writer killed mid-way leaves an unfinished upload that garbage collection aborts.
            with files.fs.open(files.path(rel), "wb") as sink:
                merge_sorted([files.path(s) for s in sources], sink, schema, order, tickers,
                             filesystem=files.fs, row_group_rows=rows)
            return
        staging = files.root / ".staging"
        staging.mkdir(parents=True, exist_ok=True)
        tmp = staging / f"{uuid.uuid4().hex}.parquet"
        final = files.root / rel
        try:
            merge_sorted([files.root / src for src in sources], tmp, schema, order, tickers, row_group_rows=rows)
            final.parent.mkdir(parents=True, exist_ok=True)
            os.replace(tmp, final)
        finally:
            if tmp.exists():
                tmp.unlink()

    # ---------------------------------------------------------------- dealer book (writer state)
    def state_before(self, ts: datetime) -> tuple[date, datetime, dict[str, Path | StoreObject]] | None:
        """The latest persisted dealer book at or before ``ts``: (its day, its time, {name: file})."""
        books = self.manifest().get("books", {})
        stamp = iso(ts)
        candidates = [d for d, b in books.items() if b["ts"] <= stamp]
        if not candidates:
            return None
        d = max(candidates)
        files = self.files
        where = (lambda v: StoreObject(files, v)) if isinstance(files, ObjectFiles) \
            else (lambda v: files.root / v)
        return (date.fromisoformat(d), parse_iso(books[d]["ts"]),
                {k: where(v) for k, v in books[d]["files"].items()})


def _same_row(a: dict, b: dict) -> bool:
    """Equal values column by column (a NaN equals a NaN, a null a null)."""
    for k, v in a.items():
        w = b.get(k)
        if isinstance(v, float) and isinstance(w, float) and v != v and w != w:
            continue
        if v != w:
            return False
    return True


def referenced_files(manifest: dict[str, Any]) -> set[str]:
    refs = {p for e in manifest.get("snapshots", []) for p in e["files"].values()}
    refs |= {d["file"] for d in manifest.get("daily", [])}
    refs |= {p for b in manifest.get("books", {}).values() for p in b["files"].values()}
    return refs


def copy_store(source: str | os.PathLike[str] | None, dest: str | os.PathLike[str]) -> dict[str, int]:
    """Copy the published store at ``source`` (default: the configured root) to an empty ``dest``.

    Only what the manifest names is copied (snapshots, daily files, the dealer books) plus the source
    record; the manifest is written last, so an interrupted copy publishes nothing at ``dest`` and can
    simply be run again. Either side may be a local folder or an ``s3://`` URL. Returns the number of
    files and bytes copied.
    """
    import shutil

    src, dst = open_files(source), open_files(dest)
    if src.url == dst.url:
        raise ValueError(f"Source and destination are the same store ({src.url}).")
    manifest = src.read_manifest()
    if manifest is None:
        raise ValueError(f"No published store at {src.url} (it has no manifest).")
    if dst.read_manifest() is not None:
        raise ValueError(f"{dst.url} already holds a published store; copy into an empty location.")
    rels = sorted(referenced_files(manifest))
    if src.exists("sources.json"):
        rels.append("sources.json")
    copied = 0
    for rel in rels:
        reader = open(src.full(rel), "rb") if isinstance(src, LocalFiles) else src.fs.open(src.path(rel), "rb")
        with reader:
            if isinstance(dst, ObjectFiles):
                with dst.fs.open(dst.path(rel), "wb") as sink:
                    shutil.copyfileobj(reader, sink, 8 << 20)
                    copied += sink.tell()
                continue
            final = dst.root / rel
            final.parent.mkdir(parents=True, exist_ok=True)
            staging = dst.root / ".staging"
            staging.mkdir(parents=True, exist_ok=True)
            tmp = staging / f"{uuid.uuid4().hex}.part"
            try:
                with open(tmp, "wb") as sink:
                    shutil.copyfileobj(reader, sink, 8 << 20)
                    sink.flush()
                    os.fsync(sink.fileno())
                    copied += sink.tell()
                os.replace(tmp, final)
            finally:
                if tmp.exists():
                    tmp.unlink()
    # Retired files were not copied: the copy starts with an empty garbage list.
    out = {k: v for k, v in manifest.items() if k != "commit"}
    out["garbage"] = []
    dst.publish_manifest(out)
    return {"files": len(rels), "bytes": copied}
