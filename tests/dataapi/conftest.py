"""Fixtures for the data API: one tiny demo store per test session, an app per test, tokens per tier.

The store is built once (``data.orchestration.demo.build_demo('tiny')`` as of Friday 2026-01-09 after the close) into a
folder shared by the xdist workers of the run, under a file lock, and is only ever read by these tests.
The wall clock is frozen (``VOLLAND_FROZEN_NOW``); by default replay mode maps it onto that Friday.
"""

from __future__ import annotations

import shutil
import uuid
from pathlib import Path

import pytest
from dataapi_helpers import data_token
from tests.redis_keys import drop_keys as _drop_keys
from tests.tiny_store import shared_tiny_store

# Saturday 20:00 UTC: the replay clock shows Friday 2026-01-09 12:00 New York.
FROZEN_WALL = "2026-01-10T20:00:00+00:00"


@pytest.fixture(scope="session")
def tiny_store(tmp_path_factory, worker_id) -> Path:
    return shared_tiny_store(tmp_path_factory, worker_id)


@pytest.fixture(scope="session")
def sqlite_template(tmp_path_factory):
    from api.db import dispose_engine, upgrade

    path = tmp_path_factory.mktemp("dataapi-sqlite") / "template.sqlite3"
    url = f"sqlite:///{path}"
    upgrade(url)
    dispose_engine(url)
    return path


@pytest.fixture
def prefix() -> str:
    return f"t-dataapi-{uuid.uuid4().hex[:10]}"


@pytest.fixture(autouse=True)
def _env(tmp_path, monkeypatch, tiny_store, prefix):
    monkeypatch.setenv("VOLLAND_VAR_DIR", str(tmp_path / "var"))
    monkeypatch.setenv("VOLLAND_STORE_ROOT", str(tiny_store))
    monkeypatch.setenv("VOLLAND_FROZEN_NOW", FROZEN_WALL)
    monkeypatch.setenv("VOLLAND_REPLAY_CLOCK", "1")
    monkeypatch.setenv("VOLLAND_LIVE_REFRESH_OFFSET_SECONDS", "30")
    monkeypatch.setenv("VOLLAND_JOBS_PREFIX", prefix)
    monkeypatch.setenv("VOLLAND_REDIS_URL", "redis://127.0.0.1:6379/0")
    monkeypatch.delenv("VOLLAND_CACHE_DISABLED", raising=False)
    monkeypatch.delenv("VOLLAND_DATABASE_URL", raising=False)
    monkeypatch.setenv("VOLLAND_WEB_DIST", str(tmp_path / "no-web-build"))
    yield
    _drop_keys(prefix)


@pytest.fixture
def db_url(tmp_path, sqlite_template):
    from api.db import dispose_engine

    path = tmp_path / "accounts.sqlite3"
    shutil.copy(sqlite_template, path)
    url = f"sqlite:///{path}"
    yield url
    dispose_engine(url)


@pytest.fixture
def app(db_url):
    from api.app import create_app

    return create_app({"TESTING": True, "DATABASE_URL": db_url, "RATELIMIT_STORAGE_URI": "memory://"})


@pytest.fixture
def client(app):
    return app.test_client()


@pytest.fixture
def auth(app):
    def headers(tier: str | None = "live") -> dict:
        return {"Authorization": f"Bearer {data_token(app, tier)}"}

    return headers


@pytest.fixture(scope="session")
def postgres_url(worker_id):
    """A migrated PostgreSQL database private to this xdist worker (dropped at the end)."""
    from tests.pg import private_database

    yield from private_database("volland_dataapi", worker_id)
