"""Redis connection, queue names, the run lock and the job-state log shared by workers and the API.

Every key and queue carries the deployment prefix ``VOLLAND_JOBS_PREFIX`` (default ``volland``), so one
Redis can hold several deployments (and each test its own).
"""

from __future__ import annotations

import json
import logging
import time
import uuid
from datetime import datetime, timezone

from redis import Redis

from volland.redis_client import redis_client

SNAPSHOTS = "snapshots"
DEFAULT = "default"
EVENTS_KEPT = 500
_LUA_RELEASE = "if redis.call('get', KEYS[1]) == ARGV[1] then return redis.call('del', KEYS[1]) else return 0 end"


def settings():
    from volland.settings import get_settings

    return get_settings()


def prefix() -> str:
    return settings().jobs_prefix


def connection(url: str | None = None) -> Redis:
    return redis_client(url or settings().redis_url, "queue")


def queue_name(kind: str) -> str:
    return f"{prefix()}-{kind}"


def queue(kind: str, conn: Redis | None = None):
    from rq import Queue

    return Queue(queue_name(kind), connection=conn or connection())


def key(*parts: str) -> str:
    return ":".join((prefix(), *parts))


# ---------------------------------------------------------------- the run lock


class RunLock:
    """``SET NX EX`` lock naming the run that holds it; released only by that run (compare-and-delete).

    The TTL bounds how long a crashed run (worker killed, machine lost) can block the next one.
    """

    def __init__(self, conn: Redis, name: str = "snapshot-run", ttl_seconds: int = 240):
        self.conn = conn
        self.key = key("lock", name)
        self.ttl = ttl_seconds

    def acquire(self, owner: str) -> bool:
        return bool(self.conn.set(self.key, owner, nx=True, ex=self.ttl))

    def holder(self) -> str | None:
        v = self.conn.get(self.key)
        return v.decode() if isinstance(v, bytes) else v

    def extend(self, owner: str) -> bool:
        if self.holder() == owner:
            return bool(self.conn.expire(self.key, self.ttl))
        return False

    def release(self, owner: str) -> bool:
        return bool(self.conn.eval(_LUA_RELEASE, 1, self.key, owner))


# ---------------------------------------------------------------- state and failures


def record(conn: Redis, event: str, **fields) -> dict:
    """Append one job event (the admin route and ``volland jobs status`` read them back)."""
    entry = {"at": datetime.now(timezone.utc).strftime("%Y-%m-%dT%H:%M:%SZ"), "event": event, **fields}
    try:
        with conn.pipeline() as p:
            p.lpush(key("events"), json.dumps(entry, default=str))
            p.ltrim(key("events"), 0, EVENTS_KEPT - 1)
            if "run_id" in fields:
                p.hset(key("run", fields["run_id"]), mapping={k: json.dumps(v, default=str)
                                                              for k, v in {**fields, "state": event,
                                                                           "at": entry["at"]}.items()})
                p.expire(key("run", fields["run_id"]), 7 * 86400)
            p.execute()
    except Exception:  # noqa: BLE001 - state is best effort; the job's own log line remains
        logging.getLogger(__name__).exception("could not record job event %s", event)
    return entry


def events(conn: Redis, limit: int = 100) -> list[dict]:
    return [json.loads(x) for x in conn.lrange(key("events"), 0, limit - 1)]


def new_run_id() -> str:
    return time.strftime("%Y%m%dT%H%M%S", time.gmtime()) + "-" + uuid.uuid4().hex[:8]


# ---------------------------------------------------------------- logging


class JobIdFilter(logging.Filter):
    """Adds ``job_id`` (the RQ job running in this process, or ``-``) to every record."""

    def filter(self, record: logging.LogRecord) -> bool:
        if not hasattr(record, "job_id"):
            try:
                from rq import get_current_job

                job = get_current_job()
            except Exception:  # noqa: BLE001
                job = None
            record.job_id = job.id if job is not None else "-"
        return True


LOG_FORMAT = "%(asctime)s %(levelname)s job=%(job_id)s %(name)s: %(message)s"


def setup_logging(level: int = logging.INFO) -> None:
    handler = logging.StreamHandler()
    handler.addFilter(JobIdFilter())
    handler.setFormatter(logging.Formatter(LOG_FORMAT))
    root = logging.getLogger()
    root.handlers[:] = [handler]
    root.setLevel(level)
    # RQ installs its own handlers on its loggers; route them through ours so job ids appear there too.
    for name in ("rq", "rq.worker", "rq.cron", "rq.queue", "rq.scheduler"):
        lg = logging.getLogger(name)
        lg.handlers[:] = []
        lg.propagate = True
