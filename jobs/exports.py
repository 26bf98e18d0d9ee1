"""Background exports: a quant's large export written to a file on a worker, downloaded when ready.

The API validates the request exactly as the streamed export does (``api/export/service.py``), counts
its rows against ``VOLLAND_EXPORT_JOB_MAX_ROWS`` and calls :func:`submit`, which records the export
under ``<prefix>:export:job:<id>`` (a Redis hash: owner, parameters, status, progress, error) and
enqueues :func:`export_file` on the default queue (every worker listens to it; snapshot jobs, on the
snapshots queue, still come first). The job:

1. marks the export ``running`` (unless it expired meanwhile);
2. writes the file through ``data.store.export`` under ``var/exports/<id>.part``, adding each batch's rows to
   the progress, then renames it to ``<id>.parquet`` or ``<id>.arrows`` and marks it ``finished`` — so a
   finished export always has its whole file, and nothing else is ever at the final name;
3. on any error removes the partial file and marks it ``failed`` with the one error body.

Files and states live ``VOLLAND_EXPORT_JOB_TTL_SECONDS`` (default one day) from submission; every
submission and every job removes the export files older than that (:func:`collect`). A user has at most
``VOLLAND_EXPORT_JOBS_PER_USER`` exports queued or running. Job arguments are the export id and the
plain parameters; new keyword arguments go last.
"""

from __future__ import annotations

import json
import logging
import os
import time
import uuid
from datetime import datetime, timezone
from pathlib import Path

from jobs import queues as q

log = logging.getLogger("jobs.exports")
UTC = timezone.utc
ACTIVE = ("queued", "running")
JOB_TIMEOUT_SECONDS = 3600


def _settings():
    from volland.settings import get_settings

    return get_settings()


def exports_dir() -> Path:
    return _settings().var_dir / "exports"


def job_key(export_id: str) -> str:
    return q.key("export", "job", export_id)


def user_key(user_id) -> str:
    return q.key("export", "jobs", str(user_id))


def rq_job_id(export_id: str) -> str:
    return f"{q.prefix()}-export-{export_id}"


def file_path(export_id: str, fmt: str) -> Path:
    from data.store.export import EXTENSIONS

    return exports_dir() / f"{export_id}.{EXTENSIONS[fmt]}"


def _now() -> str:
    return datetime.now(UTC).strftime("%Y-%m-%dT%H:%M:%SZ")


def _error(message: str, code: str = "export_failed", status: int = 500) -> str:
    return json.dumps({"code": code, "status": status, "message": message, "errors": {}})


def _decode(raw: dict) -> dict:
    return {(k.decode() if isinstance(k, bytes) else k): (v.decode() if isinstance(v, bytes) else v)
            for k, v in raw.items()}


def load(conn, export_id: str) -> dict | None:
    """The export's state, or None when unknown or expired."""
    raw = conn.hgetall(job_key(export_id))
    return _decode(raw) if raw else None


def active_count(conn, user_id) -> int:
    """Exports of the user that are queued or running (dropping the ids whose state has expired)."""
    ids = [x.decode() if isinstance(x, bytes) else x for x in conn.zrange(user_key(user_id), 0, -1)]
    count = 0
    for export_id in ids:
        state = load(conn, export_id)
        if state is None:
            conn.zrem(user_key(user_id), export_id)
        elif reconcile(conn, state)["status"] in ACTIVE:
            count += 1
    return count


def list_for(conn, user_id) -> list[dict]:
    """The user's exports still kept, newest first."""
    ids = [x.decode() if isinstance(x, bytes) else x for x in conn.zrevrange(user_key(user_id), 0, -1)]
    out = []
    for export_id in ids:
        state = load(conn, export_id)
        if state is not None:
            out.append(reconcile(conn, state))
    return out


def submit(conn, user_id, params: dict, rows: int, snapshots: int) -> dict:
    """Record a new export for ``user_id`` and enqueue its job; returns its state."""
    ttl = max(60, _settings().export_job_ttl_seconds)
    export_id = uuid.uuid4().hex
    created = time.time()
    state = {"id": export_id, "user_id": str(user_id), "status": "queued", "params": json.dumps(params),
             "rows": str(rows), "rows_written": "0", "snapshots": str(snapshots), "bytes": "0",
             "created_at": _now(), "expires_at": datetime.fromtimestamp(created + ttl, UTC).strftime(
                 "%Y-%m-%dT%H:%M:%SZ")}
    with conn.pipeline() as p:
        p.hset(job_key(export_id), mapping=state)
        p.expire(job_key(export_id), ttl)
        p.zadd(user_key(user_id), {export_id: created})
        p.expire(user_key(user_id), ttl)
        p.execute()
    q.queue(q.DEFAULT, conn).enqueue(export_file, export_id, params, job_id=rq_job_id(export_id),
                                    job_timeout=JOB_TIMEOUT_SECONDS, ttl=ttl, result_ttl=ttl, failure_ttl=ttl,
                                    description=f"export {params['ticker']} {params['start']}..{params['end']}")
    collect()
    return state


def reconcile(conn, state: dict) -> dict:
    """An export still marked queued or running whose job is gone or failed (worker killed, queue
    entry expired) is marked failed, so it neither waits forever nor holds one of the user's places."""
    if state.get("status") not in ACTIVE:
        return state
    from rq.exceptions import NoSuchJobError
    from rq.job import Job, JobStatus

    try:
        status = Job.fetch(rq_job_id(state["id"]), connection=conn).get_status()
    except NoSuchJobError:
        status = None
    if status is None or status in (JobStatus.FAILED, JobStatus.STOPPED, JobStatus.CANCELED):
        fresh = load(conn, state["id"])   # the job may have just written its own outcome
        if fresh is not None and fresh.get("status") not in ACTIVE:
            return fresh
        error = _error("The export stopped before it finished (its worker was lost); submit it again.")
        conn.hset(job_key(state["id"]), mapping={"status": "failed", "error": error, "finished_at": _now()})
        return {**state, "status": "failed", "error": error}
    return state


def collect(now: float | None = None) -> list[str]:
    """Remove export files (finished or partial) older than the export lifetime."""
    folder = exports_dir()
    if not folder.is_dir():
        return []
    limit = (now or time.time()) - max(60, _settings().export_job_ttl_seconds)
    removed = []
    for path in folder.iterdir():
        try:
            if path.is_file() and path.stat().st_mtime < limit:
                path.unlink()
                removed.append(path.name)
        except FileNotFoundError:
            continue
    if removed:
        log.info("removed %d expired export files", len(removed))
    return removed


# ---------------------------------------------------------------- the job


def export_file(export_id: str, params: dict) -> dict:
    """RQ job: write export ``export_id`` (parameters as validated by the API) to its file."""
    from data.store import export as data_export
    from data.store.query import Reader

    conn = q.connection()
    key = job_key(export_id)
    if not conn.exists(key):
        log.warning("export %s expired before it ran; nothing written", export_id)
        return {"id": export_id, "status": "expired"}
    conn.hset(key, mapping={"status": "running", "started_at": _now()})
    folder = exports_dir()
    folder.mkdir(parents=True, exist_ok=True)
    fmt = params["format"]
    part = folder / f"{export_id}.part"
    final = file_path(export_id, fmt)
    log.info("export %s: %s %s..%s %s as %s", export_id, params["ticker"], params["start"], params["end"],
             params["granularity"], fmt)
    try:
        p = data_export.plan_from_params(Reader(_settings().store_path), params)
        size = data_export.write_file(p, fmt, part, on_batch=lambda n: conn.hincrby(key, "rows_written", n))
        os.replace(part, final)
    except Exception as exc:
        part.unlink(missing_ok=True)
        log.exception("export %s failed", export_id)
        conn.hset(key, mapping={"status": "failed", "finished_at": _now(),
                                "error": _error(f"The export could not be written ({exc.__class__.__name__}); "
                                                "submit it again or narrow it.")})
        raise
    finally:
        collect()
    conn.hset(key, mapping={"status": "finished", "finished_at": _now(), "bytes": str(size),
                            "file": final.name})
    log.info("export %s finished: %d bytes", export_id, size)
    return {"id": export_id, "status": "finished", "bytes": size}
