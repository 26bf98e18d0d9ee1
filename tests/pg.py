"""A private, migrated PostgreSQL database for one xdist worker, shared by the API test suites.

The server at ``VOLLAND_TEST_POSTGRES_URL`` (default: user postgres on 127.0.0.1:5432, trust auth) is
required in CI (``CI`` set, as ``.ci/run`` does): there an unreachable server fails the PostgreSQL cases.
On a developer machine without it they are skipped, visibly, with the reason in the summary.
"""

from __future__ import annotations

import os
import uuid
from collections.abc import Iterator

import pytest
import sqlalchemy as sa

from api.db import dispose_engine, upgrade

ADMIN_PG_URL = os.environ.get("VOLLAND_TEST_POSTGRES_URL", "postgresql+psycopg://postgres@127.0.0.1:5432/postgres")


def private_database(prefix: str, worker_id: str) -> Iterator[str]:
    """Create and migrate a database named after ``prefix`` and the worker, yield its URL, drop it."""
    admin = sa.create_engine(ADMIN_PG_URL, isolation_level="AUTOCOMMIT")
    try:
        with admin.connect() as conn:
            conn.execute(sa.text("SELECT 1"))
    except Exception as exc:  # noqa: BLE001 - any connection failure means "no server"
        admin.dispose()
        message = f"PostgreSQL not reachable at {ADMIN_PG_URL}: {exc.__class__.__name__}"
        if os.environ.get("CI"):
            pytest.fail(message + " (required in CI)")
        pytest.skip(message)
    name = f"{prefix}_{worker_id}_{uuid.uuid4().hex[:8]}"
    with admin.connect() as conn:
        conn.execute(sa.text(f'CREATE DATABASE "{name}"'))
    url = ADMIN_PG_URL.rsplit("/", 1)[0] + "/" + name
    try:
        upgrade(url)
        yield url
    finally:
        dispose_engine(url)
        with admin.connect() as conn:
            conn.execute(sa.text(f'DROP DATABASE IF EXISTS "{name}" WITH (FORCE)'))
        admin.dispose()
