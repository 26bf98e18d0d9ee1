"""The demo's background build as the job system sees it (``data.store.backfill`` keeps its plan file).

While a background build owes tickers, the snapshot runs leave them out: their history is still being
appended oldest day first, and a run at the replayed market time would publish a snapshot ahead of it,
with a dealer book that skipped the days in between (and the background build's later publish of those
times would then be refused). Once the plan is done the runs take them again.
"""

from __future__ import annotations

import logging

log = logging.getLogger("jobs.backfill")


def _store_root():
    from volland.settings import get_settings

    return get_settings().store_path


def owed_tickers() -> frozenset[str]:
    """Tickers the background build still owes (empty without one)."""
    from data.store import backfill

    try:
        return backfill.pending_tickers(_store_root())
    except (OSError, ValueError):  # an unreadable store root: nothing is owed that a run could clash with
        return frozenset()


def leave_out(names: list[str]) -> tuple[list[str], list[str]]:
    """Split a run's tickers into those it builds and those the background build still owes."""
    owed = owed_tickers()
    if not owed:
        return list(names), []
    return [t for t in names if t not in owed], sorted(t for t in names if t in owed)


def view() -> dict | None:
    """The background build for the admin job view: state, phase, days done of the total, tickers."""
    from data.store import backfill

    try:
        return backfill.view(_store_root())
    except (OSError, ValueError):
        return None


def event_recorder():
    """Record the background build's phases as job events (``backfill-started``, ``-published``,
    ``-done``) for the admin job view and ``volland jobs status``. Best effort: without Redis nothing is
    recorded and the build goes on (its plan file still tells)."""
    from jobs import queues as q

    try:
        conn = q.connection()
        conn.ping()
    except Exception:  # noqa: BLE001 - no job store: the demo's log lines only
        conn = None

    def record(phase: str, fields: dict) -> None:
        if conn is not None:
            q.record(conn, f"backfill-{phase}", **fields)

    return record
