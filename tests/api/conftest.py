"""Fixtures for the accounts API: an app per test on SQLite and on PostgreSQL.

PostgreSQL: one database per xdist worker on 127.0.0.1:5432 (user postgres), migrated once and emptied
after every test, dropped at the end (tests/pg.py: a missing server skips those cases locally and fails them in CI).
"""

from __future__ import annotations

import shutil
import uuid

import pytest
import sqlalchemy as sa

from api.db import dispose_engine, get_engine, upgrade
from tests.pg import private_database
from tests.redis_keys import drop_keys

PASSWORD = "correct-horse-battery"
TABLES = ("refresh_tokens", "auth_sessions", "password_reset_tokens", "subscriptions", "api_credit_accounts",
          "billing_events", "purchases",
          "workspaces", "api_keys", "contact_messages", "invoices", "lms_user_answers", "lms_lesson_progress",
          "lms_questions", "lms_lessons", "lms_sections", "lms_general_info", "newsletter_enlistments",
          "client_error_groups", "users")


@pytest.fixture(autouse=True)
def _env(tmp_path, monkeypatch):
    """Every test gets its own var dir and Redis key prefix, cheap argon2 parameters, no real SMTP server
    and the embedded payment provider (test payments), chosen explicitly as a development start does;
    what a test left to the background thread (reset mails) finishes inside the test."""
    prefix = f"t-api-{uuid.uuid4().hex[:10]}"
    monkeypatch.setenv("VOLLAND_JOBS_PREFIX", prefix)
    monkeypatch.setenv("VOLLAND_VAR_DIR", str(tmp_path / "var"))
    monkeypatch.setenv("VOLLAND_ARGON2_TIME_COST", "1")
    monkeypatch.setenv("VOLLAND_ARGON2_MEMORY_KIB", "64")
    monkeypatch.setenv("VOLLAND_ARGON2_PARALLELISM", "1")
    monkeypatch.delenv("VOLLAND_SMTP_HOST", raising=False)
    monkeypatch.delenv("VOLLAND_DATABASE_URL", raising=False)
    monkeypatch.setenv("VOLLAND_WEB_DIST", str(tmp_path / "no-web-build"))
    monkeypatch.setenv("VOLLAND_BILLING_PROVIDER", "embedded")
    monkeypatch.delenv("VOLLAND_STRIPE_SECRET_KEY", raising=False)
    yield
    from api.auth import background

    background.wait_idle(30)
    drop_keys(prefix)


@pytest.fixture(scope="session")
def sqlite_template(tmp_path_factory):
    path = tmp_path_factory.mktemp("sqlite-template") / "template.sqlite3"
    url = f"sqlite:///{path}"
    upgrade(url)
    dispose_engine(url)
    return path


@pytest.fixture(scope="session")
def postgres_url(worker_id):
    """A migrated PostgreSQL database private to this xdist worker."""
    yield from private_database("volland_api", worker_id)


@pytest.fixture(scope="session")
def sqlite_worker_path(tmp_path_factory):
    return tmp_path_factory.mktemp("sqlite-worker") / "accounts.sqlite3"


@pytest.fixture(params=["sqlite", "postgresql"])
def db_url(request, sqlite_template, sqlite_worker_path):
    """A freshly migrated, empty account store; the URL stays the same for the worker so apps are reused."""
    if request.param == "sqlite":
        url = f"sqlite:///{sqlite_worker_path}"
        dispose_engine(url)
        # Unlink the database too, never overwrite it in place: a connection a finished test left open (a
        # thread still running) keeps the old file and its locks, and the new file is a new inode it cannot touch.
        for suffix in ("", "-wal", "-shm"):
            sqlite_worker_path.with_name(sqlite_worker_path.name + suffix).unlink(missing_ok=True)
        shutil.copy(sqlite_template, sqlite_worker_path)
        yield url
        dispose_engine(url)
    else:
        url = request.getfixturevalue("postgres_url")
        yield url
        dispose_engine(url)
        with get_engine(url).begin() as conn:
            conn.execute(sa.text(f"TRUNCATE {', '.join(TABLES)} RESTART IDENTITY CASCADE"))


_APPS: dict = {}
HIGH_LIMIT = "100000 per minute"


@pytest.fixture
def make_app(db_url):
    """``make_app(**config)``: an app on this test's database. Apps with the default configuration are
    reused across tests (they keep no state of their own); ``fresh=True`` or any override builds a new one."""
    from api.app import create_app

    def factory(fresh: bool = False, **config):
        base = {"TESTING": True, "DATABASE_URL": db_url, "RATELIMIT_STORAGE_URI": "memory://",
                "LOGIN_RATE_LIMIT": HIGH_LIMIT, "SIGNUP_RATE_LIMIT": HIGH_LIMIT,
                "RESET_RATE_LIMIT": HIGH_LIMIT, "CONTACT_RATE_LIMIT": HIGH_LIMIT}
        base.update(config)
        if fresh or config:
            return create_app(base)
        app = _APPS.get(db_url)
        if app is None:
            app = _APPS[db_url] = create_app(base)
        return app

    return factory


@pytest.fixture
def app(make_app):
    return make_app()


@pytest.fixture
def client(app):
    return app.test_client()


def bearer(token: str) -> dict:
    return {"Authorization": f"Bearer {token}"}


def signup(client, email="trader@example.com", password=PASSWORD, first_name="Ada") -> dict:
    resp = client.post("/api/v1/auth/signup", json={"firstName": first_name, "email": email, "password": password})
    assert resp.status_code == 201, resp.get_json()
    return resp.get_json()


def login(client, email="trader@example.com", password=PASSWORD, override=False):
    headers = {"X-Session-Override": "Force oldest session override"} if override else {}
    return client.post("/api/v1/auth/login", json={"email": email, "password": password}, headers=headers)


def assert_error(resp, status: int, code: str | None = None) -> dict:
    body = resp.get_json()
    assert resp.status_code == status, body
    assert set(body) == {"code", "status", "message", "errors"}, body
    assert body["status"] == status and isinstance(body["code"], str) and isinstance(body["errors"], dict)
    assert body["message"].strip()
    if code is not None:
        assert body["code"] == code, body
    return body


def give_tier(db_url: str, email: str, tier: str) -> None:
    from api import catalog
    from api.db import session_scope
    from api.models import Subscription, User

    with session_scope(db_url) as db:
        user = db.execute(sa.select(User).where(User.email == email)).scalar_one()
        db.add(Subscription(user_id=user.id, kind="regular", product_id=catalog.TIERS[tier].product_id,
                            name=tier, status="active"))


class Helpers:
    PASSWORD = PASSWORD
    bearer = staticmethod(bearer)
    signup = staticmethod(signup)
    login = staticmethod(login)
    assert_error = staticmethod(assert_error)
    give_tier = staticmethod(give_tier)


@pytest.fixture
def h():
    """Helper functions (fixtures avoid importing conftest by module name)."""
    return Helpers
