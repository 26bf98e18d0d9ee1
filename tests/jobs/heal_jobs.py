"""Job functions and a scheduler entry point for the Redis-outage tests (imported by worker subprocesses)."""

from __future__ import annotations

import sys


def mark(path: str, text: str = "done") -> str:
    """Append one line to ``path`` (the test reads it to see the job ran)."""
    with open(path, "a") as fh:
        fh.write(text + "\n")
    return text


def slow_mark(started: str, path: str, seconds: float) -> str:
    """Write ``started``, wait, then write ``path`` (Redis is stopped while this runs)."""
    import time

    mark(started, "started")
    time.sleep(seconds)
    return mark(path, "slow")


def run_scheduler_cli(marks: str) -> None:
    """``volland scheduler`` with a one-second interval job in place of the 5-minute tick.

    The real command is run; only ``jobs.schedule.build_scheduler`` is replaced, so that the scheduler
    talks to Redis every second (and so meets the outage) and its jobs are cheap to run.
    """
    from rq.cron import CronScheduler

    import jobs.schedule as schedule
    from jobs import queues as q

    def build(conn=None, name: str = ""):
        sched = CronScheduler(connection=conn or q.connection(), name=name or f"{q.prefix()}-scheduler")
        sched.register(mark, q.queue_name(q.DEFAULT), args=(marks, "cron"), interval=1,
                       name=f"{q.prefix()}-heal-mark")
        return sched

    schedule.build_scheduler = build
    from volland.cli import main

    sys.argv = ["volland", "scheduler"]
    main()

