"""Read-only views of the job system (admin route, ``next-refresh`` and ``volland jobs status``).

``read_overview`` is the one door the API's admin view reads job state through: it opens the Redis
connection, checks it answers and returns the overview as plain JSON values, so the API needs to know
nothing of queues, registries or keys. ``read_stall`` is the stalled-refresh status ``next-refresh``
answers with (``jobs.health``).
"""

from __future__ import annotations

from datetime import datetime

from domain.timestamps import iso
from jobs import queues as q


def _failures(conn, limit: int) -> list[dict]:
    from rq.job import Job
    from rq.registry import FailedJobRegistry

    out = []
    for kind in (q.SNAPSHOTS, q.DEFAULT):
        reg = FailedJobRegistry(q.queue_name(kind), connection=conn)
        ids = reg.get_job_ids(0, limit - 1)
        for job in Job.fetch_many(ids, connection=conn):
            if job is None:
                continue
            exc = (job.latest_result().exc_string if job.latest_result() else None) or ""
            lines = [ln for ln in exc.strip().splitlines() if ln.strip()]
            out.append({"jobId": job.id, "queue": q.queue_name(kind), "function": job.func_name,
                        "description": job.description, "endedAt": iso(job.ended_at),
                        "error": lines[-1] if lines else None})
    out.sort(key=lambda x: x["endedAt"] or "", reverse=True)
    return out[:limit]


def overview(conn, limit: int = 50) -> dict:
    from rq import Worker
    from rq.registry import DeferredJobRegistry, FinishedJobRegistry, ScheduledJobRegistry, StartedJobRegistry

    queues = []
    names = {q.queue_name(k) for k in (q.SNAPSHOTS, q.DEFAULT)}
    for kind in (q.SNAPSHOTS, q.DEFAULT):
        queue = q.queue(kind, conn)
        queues.append({
            "name": queue.name, "queued": queue.count,
            "started": StartedJobRegistry(queue.name, connection=conn).count,
            "deferred": DeferredJobRegistry(queue.name, connection=conn).count,
            "scheduled": ScheduledJobRegistry(queue.name, connection=conn).count,
            "finished": FinishedJobRegistry(queue.name, connection=conn).count,
            "failed": queue.failed_job_registry.count,
        })
    workers = []
    for w in Worker.all(connection=conn):
        if not names & set(w.queue_names()):
            continue
        job = w.get_current_job_id()
        workers.append({"name": w.name, "hostname": w.hostname, "state": str(w.get_state()),
                        "currentJob": job, "lastHeartbeat": iso(w.last_heartbeat)})
    schedulers = []
    try:
        from rq.cron import CronScheduler

        for s in CronScheduler.all(conn):
            if not s.name.startswith(q.prefix()):
                continue
            schedulers.append({"name": s.name, "hostname": s.hostname, "lastHeartbeat": iso(s.last_heartbeat),
                               "jobs": [{"name": j.name, "cron": j.cron,
                                         "nextEnqueueTime": iso(j.next_enqueue_time)} for j in s.get_jobs()]})
    except Exception:  # noqa: BLE001 - monitoring data is best effort
        pass
    events = q.events(conn, limit)
    last_published = next((e for e in events if e.get("event") == "published"), None)
    last_failed = next((e for e in events if e.get("event") == "failed"), None)
    try:
        from jobs import health

        stall = health.check()
    except Exception:  # noqa: BLE001 - monitoring data is best effort
        stall = {"stalled": False, "lastPublished": None, "stalledSince": None}
    from jobs import backfill, feed

    try:
        feed_view = feed.view(conn)
    except Exception:  # noqa: BLE001 - monitoring data is best effort
        feed_view = None
    return {"feed": feed_view, "queues": queues, "workers": workers, "schedulers": schedulers, "stall": stall,
            "backfill": backfill.view(),
            "lock": {"holder": q.RunLock(conn).holder()}, "lastPublished": last_published,
            "lastFailure": last_failed, "events": events, "failedJobs": _failures(conn, limit)}


def read_stall(now: datetime, offset_seconds: int, latest: datetime | None = None, *, use_store: bool = True) -> dict:
    """Whether the snapshot refresh stalled at market time ``now`` (``jobs.health.check``: plain values).
    ``latest`` is the newest snapshot published by ``now`` when the caller knows it (``use_store=False``: None
    then means nothing published); otherwise the store's manifest is read."""
    from jobs import health

    return health.check(now, latest, offset_seconds=offset_seconds, use_store=use_store)


class JobsUnavailable(RuntimeError):
    """The job system's Redis does not answer."""


def read_overview(limit: int = 50) -> dict:
    """The job state for the admin view (``overview``); raises ``JobsUnavailable`` when Redis is down."""
    conn = q.connection()
    try:
        conn.ping()
    except Exception as exc:  # noqa: BLE001 - any connection failure means the same to the reader
        raise JobsUnavailable(f"Redis is not reachable ({exc.__class__.__name__}).") from None
    return overview(conn, limit=limit)
