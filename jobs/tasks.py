"""Snapshot jobs: a cron tick starts a run, batches build in parallel on the workers, one job publishes.

A run for market time ``ts``:

1. ``tick`` (cron, every 5 minutes UTC) reads the market clock (``data.clock``), checks the exchange
   calendar and starts a run for the 5-minute grid time it falls on — nothing outside a session in real
   mode; the replay clock is always inside a session.
2. ``start_run`` takes the run lock (a Redis key holding the run id, with a TTL) so runs never overlap,
   splits the tickers into batches of ``VOLLAND_SNAPSHOT_BATCH_SIZE`` and enqueues one ``build_batch``
   per batch (retried with backoff) plus a ``publish_run`` that depends on all of them.
3. ``build_batch`` computes its tickers (``data.orchestration.pipeline.build_snapshot``) and stages the Arrow tables
   under ``var/jobs/staging/<run id>/`` (on a shared volume when workers run on several machines). While
   it builds it renews the run lock every quarter of the TTL; a batch whose worker is lost runs again
   within half the TTL (``jobs.worker``).
4. ``publish_run`` runs once every batch has finished (successfully or not). It publishes the merged
   snapshot atomically only when every batch succeeded; otherwise it publishes nothing, so the previous
   snapshot stays served, and records the failure. Either way it removes the staging folder and releases
   the lock. A run whose worker was killed before that leaves its folder behind: the next ``start_run``,
   once it holds the lock, removes every other run's folder untouched for ``STAGING_GRACE``.

Published history is append-only for the worker: a run builds a ticker only when ``ts`` is strictly
newer than that ticker's latest published snapshot (``start_run`` leaves the others out, and skips the
run when none is left), and ``publish_run`` checks again before publishing. So the replay clock, which
maps each UTC day back onto sessions the demo build (or an earlier day) already published, continues
the published timeline instead of rebuilding it; the store itself refuses to replace a published
snapshot with different values (``data.store.parquet.PublishConflict``).

Job arguments are ids and plain values; new keyword arguments go last so queued jobs survive a deploy.
"""

from __future__ import annotations

import json
import logging
import shutil
import threading
import time
from datetime import datetime, timedelta, timezone
from pathlib import Path

import pyarrow as pa
import pyarrow.ipc as ipc

from domain import market_calendar as cal
from domain.market_clock import replay_sessions
from data import clock
from jobs import queues as q

log = logging.getLogger("jobs.tasks")
UTC = timezone.utc
GRID = timedelta(minutes=5)
BATCH_RETRY_INTERVALS = (5, 20, 60)
BATCH_TIMEOUT = 600
LOCK_TTL_SECONDS = 240
# A run's staging folder untouched this long, and not the lock holder's, belongs to no live run.
STAGING_GRACE = timedelta(minutes=10)


# ---------------------------------------------------------------- helpers


def _store_root():
    from volland.settings import get_settings

    return get_settings().store_path


def staging_root() -> Path:
    from volland.settings import get_settings

    s = get_settings()
    # Workers on several machines stage on one shared folder (VOLLAND_STAGING_DIR; docs/deployment.md).
    return Path(s.staging_dir) if s.staging_dir else s.var_dir / "jobs" / "staging"


def _newest_mtime(path: Path) -> float:
    newest = path.stat().st_mtime
    for sub in path.rglob("*"):
        try:
            newest = max(newest, sub.stat().st_mtime)
        except FileNotFoundError:
            continue
    return newest


def collect_staging(keep: set[str] | frozenset[str] = frozenset(), now: datetime | None = None) -> list[str]:
    """Remove staging folders of runs that are gone; returns the run ids removed.

    A folder is removed when its run id is not in ``keep`` (the run holding the lock) and nothing in it
    changed for ``STAGING_GRACE`` (a live batch writes its files within minutes of starting).
    """
    root = staging_root()
    if not root.is_dir():
        return []
    cutoff = ((now or datetime.now(UTC)) - STAGING_GRACE).timestamp()
    removed = []
    for entry in sorted(root.iterdir()):
        if entry.name in keep or not entry.is_dir():
            continue
        try:
            if _newest_mtime(entry) > cutoff:
                continue
        except FileNotFoundError:
            continue
        shutil.rmtree(entry, ignore_errors=True)
        removed.append(entry.name)
    if removed:
        log.warning("removed %d staging folder(s) of interrupted runs: %s", len(removed), removed)
    return removed


def grid_time(market_ts: datetime) -> datetime | None:
    """The snapshot time a tick at market time ``market_ts`` builds: the 5-minute grid point at or before
    it, inside the session (the close for ticks after it on the same day); None outside a session."""
    day = cal.ny_date(market_ts)
    sess = cal.session(day)
    if sess is None or market_ts < sess[0]:
        return None
    if market_ts >= sess[1]:
        # Only the tick that lands on the close builds the end-of-day snapshot.
        return sess[1] if market_ts - sess[1] < GRID else None
    steps = (market_ts - sess[0]) // GRID
    return sess[0] + steps * GRID


def _source() -> str:
    """The configured scheduled source (``VOLLAND_SOURCE``; docs/data-sources.md)."""
    from volland.settings import get_settings

    return get_settings().source


def run_tickers() -> list[str]:
    """Tickers a run builds: the configured source's list (``VOLLAND_SOURCE_TICKERS``), else those already
    served (the demo profile decides), else the whole universe."""
    from data.store.query import Reader
    from volland.settings import get_settings

    listed = [t.strip().upper() for t in get_settings().source_tickers.split(",") if t.strip()]
    if listed:
        return sorted(set(listed))

    try:
        names = Reader(_store_root()).universe()
    except Exception:  # noqa: BLE001 - an empty or missing store falls back to the universe
        names = []
    if not names:
        from data import universe

        names = universe.symbols()
    return sorted(names)


def latest_published(tickers: list[str]) -> dict[str, datetime]:
    """Each ticker's latest published snapshot time (tickers never published are absent)."""
    from data.store.parquet import read_manifest, store_root
    from domain.timestamps import parse_iso

    wanted = set(tickers)
    latest: dict[str, str] = {}
    # The manifest lists snapshots oldest first: walk back from the newest until every ticker is found.
    for e in reversed(read_manifest(store_root(_store_root())).get("snapshots", [])):
        for t in wanted.intersection(e["tickers"]):
            if e["ts"] > latest.get(t, ""):
                latest[t] = e["ts"]
        if len(latest) == len(wanted):
            break
    return {t: parse_iso(v) for t, v in latest.items()}


def not_newer(tickers: list[str], ts: datetime) -> dict[str, datetime]:
    """The tickers already published at ``ts`` or later, with their latest published time."""
    return {t: v for t, v in latest_published(tickers).items() if v >= ts}


def batches(tickers: list[str], size: int) -> list[list[str]]:
    size = max(1, size)
    return [tickers[i:i + size] for i in range(0, len(tickers), size)]


def _conn():
    from rq import get_current_job

    job = get_current_job()
    return job.connection if job is not None else q.connection()


# ---------------------------------------------------------------- cron entry points


def tick() -> str | None:
    """Cron entry (every 5 minutes): start a run for the current market grid time, if any. A live trade
    feed publishes its own snapshots (``volland feed``, ``jobs.feed``): no run then."""
    from jobs.feed import LIVE_FEEDS

    if _source() in LIVE_FEEDS:
        log.info("source %s publishes through the feed consumer: no scheduled run", _source())
        return None
    now = clock.market_now()
    ts = grid_time(now)
    if ts is None:
        log.info("market closed at %s (New York %s): no snapshot", now.isoformat(),
                 now.astimezone(cal.NY).strftime("%Y-%m-%d %H:%M"))
        return None
    return start_run(ts.isoformat())


def evening() -> str:
    """Cron entry at 23:00 and 00:00 UTC: runs its work once, when it is 19:00 in New York.

    Cron fields are UTC in RQ 2.x; New York's 19:00 is 23:00 UTC in summer and 00:00 UTC in winter, so
    both are registered and the task checks the local hour (no run is lost or doubled at DST changes).
    """
    now = clock.wall_now().astimezone(cal.NY)
    if now.hour != 19:
        log.info("evening job at %s New York: not 19:00 there, nothing to do", now.strftime("%H:%M"))
        return "skipped"
    from data.store.parquet import Store

    from volland.settings import get_settings

    if get_settings().replay_clock:
        # The replay writes into the sessions it maps today's wall clock onto: compact those.
        days = [cal.ny_date(open_) for open_, _ in replay_sessions(clock.wall_now().date())]
    else:
        days = [now.date()] if cal.is_trading_day(now.date()) else []
    if not days:
        log.info("evening job: %s is not a trading day", now.date())
        return "holiday"
    store = Store(_store_root())
    total = 0
    for day in days:
        try:
            n = store.compact_day(day)
        except Exception:  # noqa: BLE001 - compaction is an optimisation; the data stay served uncompacted
            log.exception("evening job: compaction of %s failed", day)
            raise
        total += n or 0
        log.info("evening job: compacted %s files of %s", n, day)
    q.record(_conn(), "compacted", days=[d.isoformat() for d in days], files=total)
    return "compacted"


# ---------------------------------------------------------------- a run


def start_run(ts_iso: str, tickers: list[str] | None = None, batch_size: int | None = None,
              lock_ttl: int = LOCK_TTL_SECONDS, pause_seconds: float = 0.0,
              retry_intervals: tuple[int, ...] = BATCH_RETRY_INTERVALS) -> str | None:
    """Take the run lock and fan the snapshot at ``ts_iso`` out to the workers; returns the run id.

    ``pause_seconds`` is a rehearsal hold: while the Redis key ``<prefix>:hold`` exists, each batch
    waits (up to that many seconds) before building, so an operator can rehearse losing a worker
    mid-run (the tests kill a worker during the hold).
    """
    from rq import Retry
    from rq.job import Dependency

    from volland.settings import get_settings

    conn = _conn()
    ts = datetime.fromisoformat(ts_iso).astimezone(UTC)
    names = sorted(set(tickers)) if tickers else run_tickers()
    from jobs import backfill

    names, owed = backfill.leave_out(names)
    if owed:
        log.info("run for %s leaves out %d tickers the background build still owes", ts.isoformat(), len(owed))
        if not names:
            return None
    done = not_newer(names, ts)
    if done:
        newest = max(done.values())
        names = [t for t in names if t not in done]
        if not names:
            # Published history is append-only: nothing at or before the latest published time is rebuilt.
            log.info("run for %s skipped: already published up to %s for all %d tickers", ts.isoformat(),
                     newest.isoformat(), len(done))
            return None
        log.info("run for %s leaves out %d tickers already published up to %s", ts.isoformat(), len(done),
                 newest.isoformat())
    run_id = q.new_run_id()
    lock = q.RunLock(conn, ttl_seconds=lock_ttl)
    if not lock.acquire(run_id):
        holder = lock.holder()
        log.warning("run for %s skipped: run %s still holds the lock", ts.isoformat(), holder)
        q.record(conn, "skipped", ts=ts.isoformat(), reason=f"run {holder} in progress")
        return None
    try:
        collect_staging(keep={run_id})
    except OSError:  # housekeeping only; the run goes ahead
        log.exception("could not collect stale staging folders")
    parts = batches(names, batch_size or get_settings().snapshot_batch_size)
    queue = q.queue(q.SNAPSHOTS, conn)
    build_jobs = []
    for i, part in enumerate(parts):
        build_jobs.append(queue.enqueue(
            build_batch, run_id, ts.isoformat(), part, i, pause_seconds, lock_ttl,
            retry=Retry(max=len(retry_intervals), interval=list(retry_intervals)) if retry_intervals else None,
            job_timeout=BATCH_TIMEOUT, result_ttl=3600, failure_ttl=7 * 86400,
            description=f"build {ts.isoformat()} batch {i + 1}/{len(parts)} ({len(part)} tickers)"))
    publish = queue.enqueue(
        publish_run, run_id, ts.isoformat(), [j.id for j in build_jobs],
        depends_on=Dependency(jobs=build_jobs, allow_failure=True, enqueue_at_front=True),
        job_timeout=BATCH_TIMEOUT, result_ttl=3600, failure_ttl=7 * 86400,
        description=f"publish {ts.isoformat()} ({len(names)} tickers)")
    log.info("run %s for %s: %d tickers in %d batches, publish job %s", run_id, ts.isoformat(), len(names),
             len(parts), publish.id)
    q.record(conn, "started", run_id=run_id, ts=ts.isoformat(), tickers=len(names), batches=len(parts),
             jobs=[j.id for j in build_jobs], publish_job=publish.id)
    return run_id


def _batch_dir(run_id: str, index: int) -> Path:
    return staging_root() / run_id / f"batch-{index:04d}"


def _write_table(path: Path, table: pa.Table) -> None:
    tmp = path.with_suffix(".tmp")
    with pa.OSFile(str(tmp), "wb") as sink, ipc.new_file(sink, table.schema) as writer:
        writer.write_table(table)
    tmp.replace(path)


def _read_table(path: Path) -> pa.Table:
    with pa.memory_map(str(path), "r") as source:
        return ipc.open_file(source).read_all()


class _LockRenewal:
    """While a batch builds, extend its run's lock every quarter of the TTL (a daemon thread).

    So a live batch never lets the lock expire however long it builds, and when its worker is lost the
    lock still has at least three quarters of its TTL left, well beyond the time the lost batch takes to
    run again (``jobs.worker.RECOVERY_BUDGET_SECONDS``, half the TTL).
    """

    def __init__(self, lock: q.RunLock, run_id: str):
        self.lock, self.run_id = lock, run_id
        self.every = max(1.0, lock.ttl / 4)
        self._stop = threading.Event()
        self._thread = threading.Thread(target=self._run, name=f"lock-renewal-{run_id}", daemon=True)

    def _run(self) -> None:
        while not self._stop.wait(self.every):
            try:
                if not self.lock.extend(self.run_id):
                    log.warning("run %s: the run lock is no longer held by this run", self.run_id)
                    return
            except Exception:  # noqa: BLE001 - the next renewal (or the batch's own extend) tries again
                log.exception("run %s: could not extend the run lock", self.run_id)

    def __enter__(self) -> _LockRenewal:
        self.lock.extend(self.run_id)
        self._thread.start()
        return self

    def __exit__(self, *exc) -> None:
        self._stop.set()
        self._thread.join(timeout=5)


def build_batch(run_id: str, ts_iso: str, tickers: list[str], index: int, pause_seconds: float = 0.0,
                lock_ttl: int = LOCK_TTL_SECONDS) -> dict:
    """Compute one batch of tickers and stage its tables for ``publish_run``."""
    conn = _conn()
    lock = q.RunLock(conn, ttl_seconds=lock_ttl)
    # A live batch keeps its run's lock from expiring, from its start to its end.
    with _LockRenewal(lock, run_id):
        return _build_batch(conn, lock, run_id, ts_iso, tickers, index, pause_seconds)


def _build_batch(conn, lock: q.RunLock, run_id: str, ts_iso: str, tickers: list[str], index: int,
                 pause_seconds: float) -> dict:
    from data.orchestration.pipeline import build_snapshot

    log.info("run %s batch %d: building %d tickers at %s", run_id, index, len(tickers), ts_iso)
    deadline = time.monotonic() + pause_seconds
    while pause_seconds and time.monotonic() < deadline and conn.exists(q.key("hold")):
        time.sleep(0.1)
    ts = datetime.fromisoformat(ts_iso)
    t0 = time.perf_counter()
    batch = build_snapshot(tickers, ts, _source(), root=_store_root())
    out = _batch_dir(run_id, index)
    if out.exists():
        shutil.rmtree(out)  # a retried batch starts clean
    out.mkdir(parents=True)
    keep = set(tickers)
    tables = {"exposures": batch.exposures, "stats": batch.stats, "bars": batch.bars}
    if batch.prints is not None:
        tables["prints"] = batch.prints
    if batch.daily is not None:
        tables["daily"] = batch.daily
    for name, table in (batch.state or {}).items():
        tables[f"state.{name}"] = table
    for name, table in tables.items():
        if "ticker" in table.column_names:
            import pyarrow.compute as pc

            table = table.filter(pc.is_in(table["ticker"], value_set=pa.array(sorted(keep))))
        _write_table(out / f"{name}.arrow", table)
    meta = {"kind": batch.kind, "zero_dte": list(batch.zero_dte), "tickers": list(batch.tickers)}
    (out / "meta.json").write_text(json.dumps(meta))
    (out / "DONE").write_text("ok")
    seconds = time.perf_counter() - t0
    lock.extend(run_id)
    log.info("run %s batch %d: %d tickers, %d contracts in %.2f s", run_id, index, len(tickers),
             batch.exposures.num_rows, seconds)
    return {"tickers": len(tickers), "contracts": batch.exposures.num_rows, "seconds": round(seconds, 3)}


def publish_run(run_id: str, ts_iso: str, build_job_ids: list[str]) -> dict:
    """Merge the staged batches and publish them atomically, or publish nothing if any batch failed."""
    from rq.job import Job

    from data.compute.snapshot import SnapshotBatch
    from data.orchestration.pipeline import publish_snapshot
    from data.store.parquet import PublishConflict

    conn = _conn()
    lock = q.RunLock(conn)
    root = staging_root() / run_id
    try:
        failed = []
        for i, job_id in enumerate(build_job_ids):
            done = (_batch_dir(run_id, i) / "DONE").exists()
            if not done:
                try:
                    status = Job.fetch(job_id, connection=conn).get_status()
                except Exception:  # noqa: BLE001
                    status = "missing"
                failed.append({"batch": i, "job_id": job_id, "status": str(status)})
        if failed:
            log.error("run %s for %s not published: %d batch(es) failed %s; the previous snapshot stays served",
                      run_id, ts_iso, len(failed), failed)
            q.record(conn, "failed", run_id=run_id, ts=ts_iso, failed_batches=failed)
            raise RuntimeError(f"run {run_id}: {len(failed)} batch(es) failed; nothing published")
        parts: dict[str, list[pa.Table]] = {}
        zero_dte: set[str] = set()
        tickers: set[str] = set()
        kind = "intraday"
        for i in range(len(build_job_ids)):
            d = _batch_dir(run_id, i)
            meta = json.loads((d / "meta.json").read_text())
            kind = meta["kind"]
            zero_dte.update(meta["zero_dte"])
            tickers.update(meta["tickers"])
            for f in sorted(d.glob("*.arrow")):
                parts.setdefault(f.stem, []).append(_read_table(f))
        merged = {name: pa.concat_tables(tables, promote_options="default") for name, tables in parts.items()}
        batch = SnapshotBatch(
            ts=datetime.fromisoformat(ts_iso).astimezone(UTC), kind=kind, tickers=sorted(tickers),
            zero_dte=sorted(zero_dte), exposures=merged["exposures"], stats=merged["stats"], bars=merged["bars"],
            daily=merged.get("daily"), prints=merged.get("prints"),
            state={k.split(".", 1)[1]: v for k, v in merged.items() if k.startswith("state.")})
        stale = not_newer(sorted(tickers), batch.ts)
        if stale:
            # Something published these tickers at this time or later while the run was building.
            log.warning("run %s for %s not published: %d tickers already published up to %s; published "
                        "history is append-only", run_id, ts_iso, len(stale), max(stale.values()).isoformat())
            q.record(conn, "refused", run_id=run_id, ts=ts_iso, reason="not newer than the latest published",
                     tickers=sorted(stale))
            return {"refused": sorted(stale)}
        t0 = time.perf_counter()
        try:
            snapshot_id = publish_snapshot(batch, _store_root())
        except PublishConflict as exc:
            log.warning("run %s for %s not published: %s", run_id, ts_iso, exc)
            q.record(conn, "refused", run_id=run_id, ts=ts_iso, reason=str(exc), conflicts=exc.conflicts[:50])
            return {"refused": sorted({c["ticker"] for c in exc.conflicts})}
        seconds = time.perf_counter() - t0
        from data.store import provenance

        try:
            provenance.record(sorted(tickers), _source(), _store_root(), ts=ts_iso)
        except OSError:  # the label is informative; the snapshot is already published
            log.exception("run %s: could not record the data source", run_id)
        log.info("run %s published %s for %s: %d tickers, %d contracts (%.2f s)", run_id, snapshot_id, ts_iso,
                 len(tickers), batch.exposures.num_rows, seconds)
        q.record(conn, "published", run_id=run_id, ts=ts_iso, snapshot_id=snapshot_id, tickers=len(tickers),
                 contracts=batch.exposures.num_rows)
        try:
            from jobs import alerts

            alerts.schedule_after_publish(ts_iso)
        except Exception:  # noqa: BLE001 - the snapshot is published; alerts of this run are logged missing
            log.exception("run %s: could not schedule the alert evaluation for %s", run_id, ts_iso)
        return {"snapshot_id": snapshot_id, "tickers": len(tickers)}
    finally:
        shutil.rmtree(root, ignore_errors=True)
        lock.release(run_id)


def run_now(ts: datetime | None = None, **kwargs) -> str | None:
    """Operator helper: start a run for ``ts`` (default: the current market grid time) from any process."""
    ts = ts or grid_time(clock.market_now())
    if ts is None:
        return None
    return start_run(ts.isoformat(), **kwargs)
