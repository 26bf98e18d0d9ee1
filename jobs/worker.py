"""The RQ worker behind ``volland worker``: it keeps itself registered, and a lost batch runs again well
inside the run lock.

RQ's worker registers itself once, at start. When Redis restarts empty (no persistence) or is flushed
while the worker waits for a job, RQ reconnects by itself and carries on taking jobs, but its hash and its
membership of the worker sets are gone, so ``rq info``, the admin job view and ``volland jobs status`` no
longer show it. And RQ's timings find a job whose worker was lost only minutes later: an idle worker
blocks on its queues for its TTL less 15 s (405 s) before it sends a heartbeat or runs registry
maintenance, a job counts as abandoned 90 s after its last heartbeat, and the retry is scheduled through
RQ's scheduler, which may have been lost with the worker. With the run lock's 240 s TTL a lost batch ran
again only just before the lock expired, or after it.

:class:`Worker` tightens both, with timings derived from the lock's TTL (``jobs.tasks.LOCK_TTL_SECONDS``):

* **Heartbeat** every ``HEARTBEAT_SECONDS`` (10 s): an idle worker wakes from its wait on the queues this
  often, and a busy worker's monitoring process heart-beats its job this often. Each heartbeat checks
  the registration (the worker's hash, ``rq:workers`` and each queue's worker set) and, when any part is
  gone, registers again at once (state and current job included) and logs one WARNING. So a worker is
  visible again one heartbeat after Redis answers (RQ's own reconnect backoff is capped at 30 s).
* **Abandoned** after ``ABANDON_AFTER_SECONDS`` (40 s: one heartbeat interval plus a 30 s grace) without
  a heartbeat from the job's worker, instead of RQ's 90 s.
* **Maintenance** (the registry clean-up that finds abandoned jobs) every
  ``VOLLAND_WORKER_MAINTENANCE_SECONDS`` (30 s), at most ``MAX_MAINTENANCE_SECONDS`` (70 s; a longer
  setting is lowered, with a WARNING); every live worker runs it when due.
* **Requeued at once**: an abandoned job with retries left goes back on its queue immediately instead of
  waiting for its first backoff interval (the backoff is for builds that fail, not for workers that
  vanish), so its retry does not depend on RQ's scheduler either.

So a lost batch is back on its queue at most ``ABANDON_AFTER_SECONDS + maintenance + HEARTBEAT_SECONDS``
after the loss (80 s by default), within ``RECOVERY_BUDGET_SECONDS`` (half the lock's TTL, 120 s) —
whenever a worker is free to take it. A building batch renews the run lock every quarter of its TTL
(``jobs.tasks.build_batch``), so at the loss the lock still has at least three quarters of its TTL left.
"""

from __future__ import annotations

import logging

from rq import Worker as RQWorker
from rq import worker_registration
from rq.exceptions import AbandonedJobError
from rq.utils import utcformat

from jobs.tasks import LOCK_TTL_SECONDS

log = logging.getLogger("jobs.worker")

HEARTBEAT_SECONDS = 10
ABANDON_GRACE_SECONDS = 30
ABANDON_AFTER_SECONDS = HEARTBEAT_SECONDS + ABANDON_GRACE_SECONDS
RECOVERY_BUDGET_SECONDS = LOCK_TTL_SECONDS // 2
MAX_MAINTENANCE_SECONDS = RECOVERY_BUDGET_SECONDS - ABANDON_AFTER_SECONDS - HEARTBEAT_SECONDS


def maintenance_seconds(configured: int) -> int:
    """The registry maintenance interval to use: the configured one, lowered to ``MAX_MAINTENANCE_SECONDS``."""
    if configured > MAX_MAINTENANCE_SECONDS:
        log.warning("VOLLAND_WORKER_MAINTENANCE_SECONDS=%d would find a lost batch after the run lock's "
                    "recovery budget (%d s); using %d s", configured, RECOVERY_BUDGET_SECONDS,
                    MAX_MAINTENANCE_SECONDS)
        return MAX_MAINTENANCE_SECONDS
    return max(1, configured)


def requeue_abandoned_at_once(job, exc_type, exc_value, tb) -> bool:
    """Exception handler: an abandoned job with retries left is retried now, not after its backoff.

    RQ calls the worker's exception handlers for each abandoned job it finds in registry maintenance,
    then retries the job with its next interval; setting that interval to 0 makes RQ put the job back on
    its queue in the same step instead of scheduling it. Other failures fall through unchanged.
    """
    if exc_type is AbandonedJobError and job.retries_left and job.retry_intervals:
        index = max(len(job.retry_intervals) - job.retries_left, 0)
        intervals = list(job.retry_intervals)
        intervals[index] = 0
        job.retry_intervals = intervals
        log.warning("job %s (%s) was abandoned: its worker sent no heartbeat for %d s; requeued now, %d "
                    "retries left", job.id, job.description, ABANDON_AFTER_SECONDS, job.retries_left - 1)
    return True


class Worker(RQWorker):
    """RQ's forking worker with the heartbeat, registration and abandonment timings described above."""

    def __init__(self, *args, **kwargs):
        kwargs.setdefault("job_monitoring_interval", HEARTBEAT_SECONDS)
        kwargs.setdefault("exception_handlers", [requeue_abandoned_at_once])
        super().__init__(*args, **kwargs)

    @property
    def dequeue_timeout(self) -> int:
        # Wake up from the wait on the queues every heartbeat (RQ: the worker TTL less 15 s).
        return HEARTBEAT_SECONDS

    def get_heartbeat_ttl(self, job) -> int:
        # How long a started job survives without a heartbeat from its worker's monitoring process, which
        # sends one every job_monitoring_interval for as long as the job's work horse lives.
        return self.job_monitoring_interval + ABANDON_GRACE_SECONDS

    def heartbeat(self, timeout: int | None = None, pipeline=None):
        super().heartbeat(timeout, pipeline=pipeline)
        if pipeline is None and not self.is_horse:
            self.ensure_registered()

    def maintain_heartbeats(self, job):
        super().maintain_heartbeats(job)
        self.ensure_registered(current_job_id=job.id)

    def ensure_registered(self, current_job_id: str | None = None) -> bool:
        """Register again when Redis lost the registration; returns whether it had to."""
        key = self.key
        with self.connection.pipeline() as p:
            p.hexists(key, "birth")
            p.sismember(self.redis_workers_keys, key)
            for name in self.queue_names():
                p.sismember(worker_registration.WORKERS_BY_QUEUE_KEY % name, key)
            if all(p.execute()):
                return False
            fields = {**self.serialize(), "state": self.get_state()}
            if current_job_id:
                fields["current_job"] = current_job_id
            p.hset(key, mapping=fields)
            worker_registration.register(self, p)
            p.expire(key, self.worker_ttl + 60)
            p.execute()
        log.warning("worker %s was no longer registered in Redis (restarted empty or flushed); registered "
                    "again at %s", self.name, utcformat(self.last_heartbeat))
        return True
