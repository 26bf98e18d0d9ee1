"""``volland worker``, ``volland scheduler`` and ``volland jobs ...``.

The jobs import nothing of ``api``: account commands (``volland credits grant``) live in ``api.cli``.
"""

from __future__ import annotations

import json
import logging

import click

from volland.cli_errors import fail


def register(group: click.Group) -> None:
    _listen_to_demo_background()
    group.add_command(worker)
    group.add_command(scheduler)
    group.add_command(feed)
    group.add_command(jobs_group)


def _listen_to_demo_background() -> None:
    """The demo's background part (``volland demo --part rest``) reports its phases as job events."""
    from data.orchestration import demo
    from jobs import backfill

    if backfill.event_recorder not in demo.BACKGROUND_LISTENERS:
        demo.BACKGROUND_LISTENERS.append(backfill.event_recorder)


def _connection():
    from jobs import queues as q

    conn = q.connection()
    try:
        conn.ping()
    except Exception as exc:  # noqa: BLE001
        from volland.settings import get_settings

        fail(f"Redis is not reachable at {get_settings().redis_url} ({exc.__class__.__name__}).")
    return conn


@click.command()
@click.option("--burst", is_flag=True, help="Work until the queues are empty, then exit.")
@click.option("--name", default=None, help="Worker name (default: host and process id).")
def worker(burst: bool, name: str | None) -> None:
    """Run an RQ worker on the snapshot and default queues (start several to scale out)."""
    from jobs import queues as q
    from jobs.resilience import run_worker
    from jobs.worker import Worker, maintenance_seconds
    from volland.settings import get_settings

    q.setup_logging()
    # A burst run is a one-off command: no Redis is an error. A long-running worker waits for Redis
    # (at start and after every outage) instead of exiting.
    conn = _connection() if burst else q.connection()

    maintenance = maintenance_seconds(get_settings().worker_maintenance_seconds)

    def make_worker(c):
        queues = [q.queue(q.SNAPSHOTS, c), q.queue(q.DEFAULT, c)]
        # Registry maintenance is what finds a lost worker's batch (its heartbeat lapsed) and retries it;
        # the worker's timings keep that well inside the run lock (jobs.worker).
        w = Worker(queues, connection=c, name=name, maintenance_interval=maintenance)
        logging.getLogger("jobs").info("worker %s listening on %s", w.name, ", ".join(x.name for x in queues))
        return w

    run_worker(conn, make_worker, burst=burst, with_scheduler=True)


@click.command()
def scheduler() -> None:
    """Run the cron scheduler (snapshot tick every 5 minutes, evening job at 19:00 New York)."""
    from jobs import queues as q
    from jobs.resilience import run_scheduler
    from jobs.schedule import build_scheduler

    q.setup_logging()
    # Waits for Redis at start and after every outage instead of exiting (jobs.resilience).
    run_scheduler(q.connection(), build_scheduler)


@click.command()
def feed() -> None:
    """Consume the live trade feed of VOLLAND_SOURCE (databento-live or massive-live) into the streaming book; one
    consumer per deployment (a second waits for the first)."""
    import signal
    import threading

    from data.orchestration.live_feed import FeedUnavailable
    from jobs import feed as live

    q_conn = _connection()
    stop = threading.Event()
    signal.signal(signal.SIGTERM, lambda *_: stop.set())
    try:
        live.run(stop=stop, conn=q_conn, say=lambda m: click.echo(m, err=True))
    except FeedUnavailable as exc:
        fail(str(exc))
    except KeyboardInterrupt:
        stop.set()


@click.group("jobs")
def jobs_group() -> None:
    """Inspect and drive the snapshot jobs."""


@jobs_group.command("status")
@click.option("--limit", default=20, show_default=True, help="Events to show.")
def jobs_status(limit: int) -> None:
    """Print queue sizes, the run lock and the latest job events as JSON."""
    from jobs import state

    click.echo(json.dumps(state.overview(_connection(), limit=limit), indent=2, default=str))


@jobs_group.command("run-now")
@click.option("--at", "at", default=None, help="Market time (ISO-8601); default: the current grid time.")
def jobs_run_now(at: str | None) -> None:
    """Start a snapshot run now (the workers do the work)."""
    from datetime import datetime

    from jobs import tasks

    _connection()
    ts = None
    if at:
        try:
            ts = datetime.fromisoformat(at)
        except ValueError:
            fail("--at must be an ISO-8601 time such as 2026-01-02T15:05:00+00:00.")
        if ts.tzinfo is None:
            fail("--at needs a time zone, for example 2026-01-02T15:05:00+00:00.")
        ts = tasks.grid_time(ts)
        if ts is None:
            fail("--at is not inside a trading session.")
    run_id = tasks.run_now(ts)
    if run_id is None:
        fail("No run started: the market is closed or another run holds the lock.")
    click.echo(run_id)
