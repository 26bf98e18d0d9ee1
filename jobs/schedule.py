"""The cron schedule, on RQ's built-in cron scheduler (``rq.cron.CronScheduler``, RQ >= 2.4).

RQ 2.x reads cron fields in UTC. The schedule is written so that daylight saving time never matters:

* ``*/5 * * * *`` — the snapshot tick. The 5-minute grid is the same in UTC and New York time, and the
  tick itself asks the market clock and the exchange calendar whether a session is open (real mode) or
  which replayed market minute it is (replay mode).
* ``0 23 * * *`` and ``0 0 * * *`` — the evening job. 19:00 in New York is 23:00 UTC in summer and
  00:00 UTC in winter; both fire and the task runs only when the New York hour is 19.

Only one scheduler should run per deployment (``volland scheduler``); several would enqueue duplicate
ticks, which the run lock then skips, so an accidental second one is harmless.
"""

from __future__ import annotations

from jobs import queues as q
from jobs import tasks

TICK_CRON = "*/5 * * * *"
EVENING_CRONS = ("0 23 * * *", "0 0 * * *")


def build_scheduler(conn=None, name: str = ""):
    from rq.cron import CronScheduler

    conn = conn or q.connection()
    sched = CronScheduler(connection=conn, name=name or f"{q.prefix()}-scheduler")
    queue = q.queue_name(q.SNAPSHOTS)
    sched.register(tasks.tick, queue, cron=TICK_CRON, job_timeout=120, result_ttl=3600,
                   name=f"{q.prefix()}-tick")
    for i, expr in enumerate(EVENING_CRONS):
        sched.register(tasks.evening, q.queue_name(q.DEFAULT), cron=expr, job_timeout=1800, result_ttl=86400,
                       name=f"{q.prefix()}-evening-{i}")
    return sched
