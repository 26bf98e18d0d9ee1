"""``volland worker``, ``volland scheduler``, ``volland jobs ...`` and ``volland credits grant``."""

from __future__ import annotations

import json
import logging
import sys

import click


def register(group: click.Group) -> None:
    _listen_to_demo_background()
    group.add_command(worker)
    group.add_command(scheduler)
    group.add_command(jobs_group)
    group.add_command(credits_group)


def _listen_to_demo_background() -> None:
    """The demo's background part (``volland demo --part rest``) reports its phases as job events."""
    from data.orchestration import demo
    from jobs import backfill

    if backfill.event_recorder not in demo.BACKGROUND_LISTENERS:
        demo.BACKGROUND_LISTENERS.append(backfill.event_recorder)


def _fail(message: str) -> None:
    from volland.cli import fail

    fail(message)


def _connection():
    from jobs import queues as q

    conn = q.connection()
    try:
        conn.ping()
    except Exception as exc:  # noqa: BLE001
        from volland.settings import get_settings

        _fail(f"Redis is not reachable at {get_settings().redis_url} ({exc.__class__.__name__}).")
    return conn


@click.command()
@click.option("--burst", is_flag=True, help="Work until the queues are empty, then exit.")
@click.option("--name", default=None, help="Worker name (default: host and process id).")
def worker(burst: bool, name: str | None) -> None:
    """Run an RQ worker on the snapshot and default queues (start several to scale out)."""
    from rq import Worker

    from jobs import queues as q

    from jobs.resilience import run_worker
    from volland.settings import get_settings

    q.setup_logging()
    # A burst run is a one-off command: no Redis is an error. A long-running worker waits for Redis
    # (at start and after every outage) instead of exiting.
    conn = _connection() if burst else q.connection()

    def make_worker(c):
        queues = [q.queue(q.SNAPSHOTS, c), q.queue(q.DEFAULT, c)]
        # Registry maintenance is what finds a lost worker's batch (its heartbeat lapsed) and retries it.
        w = Worker(queues, connection=c, name=name,
                   maintenance_interval=get_settings().worker_maintenance_seconds)
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
            _fail("--at must be an ISO-8601 time such as 2026-01-02T15:05:00+00:00.")
        if ts.tzinfo is None:
            _fail("--at needs a time zone, for example 2026-01-02T15:05:00+00:00.")
        ts = tasks.grid_time(ts)
        if ts is None:
            _fail("--at is not inside a trading session.")
    run_id = tasks.run_now(ts)
    if run_id is None:
        _fail("No run started: the market is closed or another run holds the lock.")
    click.echo(run_id)


@click.group("credits")
def credits_group() -> None:
    """Public data API credits."""


@credits_group.command("grant")
@click.option("--email", required=True, help="Account e-mail.")
@click.option("--credits", "amount", required=True, type=int, help="Credits to add (may be negative).")
def credits_grant(email: str, amount: int) -> None:
    """Add API credits to an account (until API packs are bought through billing)."""
    from sqlalchemy import select, update

    from api.auth.schemas import email_key
    from api.db import session_scope
    from api.models import ApiCreditAccount, User

    if amount == 0:
        _fail("--credits must not be 0.")
    try:
        with session_scope() as db:
            # The stored form (api.auth.schemas.normalize_email); a text that does not parse is looked up as typed.
            user = db.execute(select(User).where(User.email == email_key(email))).scalar_one_or_none()
            if user is None:
                _fail(f"No account with the e-mail {email}.")
            account = db.get(ApiCreditAccount, user.id)
            if account is None:
                if amount < 0:
                    _fail(f"{email} has no credits to remove.")
                db.add(ApiCreditAccount(user_id=user.id, balance=amount))
                db.flush()
            else:
                res = db.execute(update(ApiCreditAccount)
                                 .where(ApiCreditAccount.user_id == user.id,
                                        ApiCreditAccount.balance + amount >= 0)
                                 .values(balance=ApiCreditAccount.balance + amount))
                if res.rowcount != 1:
                    _fail(f"{email} has fewer than {-amount} credits.")
            balance = db.execute(select(ApiCreditAccount.balance)
                                 .where(ApiCreditAccount.user_id == user.id)).scalar_one()
    except click.ClickException:
        raise
    except Exception as exc:  # noqa: BLE001 - one line on stderr, never a traceback
        _fail(f"Could not update credits: {exc.__class__.__name__}: {str(exc).splitlines()[0][:200]}")
    click.echo(f"{email}: {balance} credits")
    sys.stdout.flush()
