"""The jobs stay below the API: nothing in ``jobs/`` imports ``api``, account commands live in the accounts
CLI, and the admin view reads job state through ``jobs.state.read_overview`` only. The jobs read the domain
rules (``domain/``: calendar, replay clock, stalled-refresh rule) like every layer; the domain imports
nothing of ``engine``, ``data``, ``api`` or ``jobs`` (``tests/market/test_layers.py``)."""

from __future__ import annotations

import ast
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]


def _imported_modules(path: Path) -> set[str]:
    """Every module a file imports, at any depth (function-level imports included)."""
    out: set[str] = set()
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"), filename=str(path))):
        if isinstance(node, ast.Import):
            out.update(alias.name for alias in node.names)
        elif isinstance(node, ast.ImportFrom) and node.level == 0 and node.module:
            out.add(node.module)
            out.update(f"{node.module}.{alias.name}" for alias in node.names)
    return out


def test_no_module_of_jobs_imports_the_api():
    offenders = {str(p.relative_to(ROOT)): sorted(m for m in _imported_modules(p) if m == "api" or m.startswith("api."))
                 for p in sorted((ROOT / "jobs").rglob("*.py"))}
    assert {p: m for p, m in offenders.items() if m} == {}


def test_the_admin_view_reads_job_state_through_one_accessor():
    used = {m for m in _imported_modules(ROOT / "api" / "admin" / "routes.py") if m.startswith("jobs")}
    assert used == {"jobs.state", "jobs.state.JobsUnavailable", "jobs.state.read_overview"}


def test_credits_grant_is_an_accounts_command():
    import click

    from api import cli as accounts_cli
    from jobs import cli as jobs_cli

    group = click.Group("probe")
    jobs_cli.register(group)
    assert "credits" not in group.commands and {"worker", "scheduler", "jobs"} <= set(group.commands)
    group = click.Group("probe")
    accounts_cli.register(group)
    assert group.commands["credits"].commands["grant"] is accounts_cli.credits_grant


def test_read_overview_answers_the_job_state(conn, jobs_env):
    from jobs import queues as q
    from jobs.state import read_overview

    q.record(conn, "published", run_id="r9", ts="2026-01-09T17:00:00+00:00", tickers=8)
    view = read_overview(limit=5)
    assert view["lastPublished"]["run_id"] == "r9"
    assert {x["name"] for x in view["queues"]} == {q.queue_name(q.SNAPSHOTS), q.queue_name(q.DEFAULT)}


def test_read_overview_says_when_redis_is_down(monkeypatch):
    import socket

    from jobs.state import JobsUnavailable, read_overview

    with socket.socket() as s:  # a port nothing listens on
        s.bind(("127.0.0.1", 0))
        port = s.getsockname()[1]
    monkeypatch.setenv("VOLLAND_REDIS_URL", f"redis://127.0.0.1:{port}/0")
    with pytest.raises(JobsUnavailable, match="Redis is not reachable"):
        read_overview()
