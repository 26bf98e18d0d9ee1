"""Fixtures for alerts: the tiny demo store (read only), an account store on SQLite and on PostgreSQL,
an app per test, a private Redis key prefix, and signed-in users with a plan."""

from __future__ import annotations

import shutil
import uuid

import pytest
import sqlalchemy as sa

from tests.pg import private_database
from tests.redis_keys import drop_keys
from tests.tiny_store import shared_tiny_store

PASSWORD = "correct-horse-battery"
# Saturday 20:00 UTC: the replay clock shows Friday 2026-01-09 12:00 New York (the tiny store's last session).
FROZEN_WALL = "2026-01-10T20:00:00+00:00"
TABLES = ("alert_deliveries", "alert_firings", "alert_rules", "refresh_tokens", "auth_sessions", "subscriptions",
          "api_credit_accounts", "users")


@pytest.fixture(scope="session")
def tiny_store(tmp_path_factory, worker_id):
    return shared_tiny_store(tmp_path_factory, worker_id)


@pytest.fixture(autouse=True)
def _env(tmp_path, monkeypatch, tiny_store):
    prefix = f"t-alerts-{uuid.uuid4().hex[:10]}"
    monkeypatch.setenv("VOLLAND_JOBS_PREFIX", prefix)
    monkeypatch.setenv("VOLLAND_REDIS_URL", "redis://127.0.0.1:6379/0")
    monkeypatch.setenv("VOLLAND_VAR_DIR", str(tmp_path / "var"))
    monkeypatch.setenv("VOLLAND_STORE_ROOT", str(tiny_store))
    monkeypatch.setenv("VOLLAND_FROZEN_NOW", FROZEN_WALL)
    monkeypatch.setenv("VOLLAND_REPLAY_CLOCK", "1")
    monkeypatch.setenv("VOLLAND_LIVE_REFRESH_OFFSET_SECONDS", "30")
    monkeypatch.setenv("VOLLAND_ARGON2_TIME_COST", "1")
    monkeypatch.setenv("VOLLAND_ARGON2_MEMORY_KIB", "64")
    monkeypatch.setenv("VOLLAND_ARGON2_PARALLELISM", "1")
    monkeypatch.delenv("VOLLAND_SMTP_HOST", raising=False)
    monkeypatch.delenv("VOLLAND_DATABASE_URL", raising=False)
    monkeypatch.delenv("VOLLAND_ALERTS_DEV_WEBHOOKS", raising=False)
    monkeypatch.setenv("VOLLAND_WEB_DIST", str(tmp_path / "no-web-build"))
    monkeypatch.setenv("VOLLAND_BILLING_PROVIDER", "embedded")
    yield prefix
    from api.auth import background

    background.wait_idle(30)
    drop_keys(prefix)


@pytest.fixture(scope="session")
def sqlite_template(tmp_path_factory):
    from api.db import dispose_engine, upgrade

    path = tmp_path_factory.mktemp("alerts-sqlite") / "template.sqlite3"
    url = f"sqlite:///{path}"
    upgrade(url)
    dispose_engine(url)
    return path


@pytest.fixture(scope="session")
def postgres_url(worker_id):
    yield from private_database("volland_alerts", worker_id)


@pytest.fixture(params=["sqlite", "postgresql"])
def db_url(request, tmp_path, sqlite_template):
    from api.db import dispose_engine, get_engine

    if request.param == "sqlite":
        path = tmp_path / "accounts.sqlite3"
        shutil.copy(sqlite_template, path)
        url = f"sqlite:///{path}"
        yield url
        dispose_engine(url)
    else:
        url = request.getfixturevalue("postgres_url")
        yield url
        dispose_engine(url)
        with get_engine(url).begin() as conn:
            conn.execute(sa.text(f"TRUNCATE {', '.join(TABLES)} RESTART IDENTITY CASCADE"))


@pytest.fixture
def app(db_url):
    from api.app import create_app

    return create_app({"TESTING": True, "DATABASE_URL": db_url, "RATELIMIT_STORAGE_URI": "memory://",
                       "LOGIN_RATE_LIMIT": "100000 per minute", "SIGNUP_RATE_LIMIT": "100000 per minute",
                       "ALERTS_STREAM_SECONDS": 0.5})


@pytest.fixture
def client(app):
    return app.test_client()


class Accounts:
    """Sign-ups with a plan, and the tokens of their sessions."""

    def __init__(self, client, db_url):
        self.client, self.db_url = client, db_url

    def user(self, email: str, tier: str | None = "live") -> dict:
        from api import catalog
        from api.db import session_scope
        from api.models import Subscription, User

        resp = self.client.post("/api/v1/auth/signup", json={"firstName": "Ada", "email": email, "password": PASSWORD})
        assert resp.status_code == 201, resp.get_json()
        token = resp.get_json()["accessToken"]
        with session_scope(self.db_url) as db:
            user = db.execute(sa.select(User).where(User.email == email)).scalar_one()
            if tier:
                db.add(Subscription(user_id=user.id, kind="regular", product_id=catalog.TIERS[tier].product_id,
                                    name=tier, status="active"))
            uid = user.id
        return {"id": uid, "email": email, "headers": {"Authorization": f"Bearer {token}"}}


@pytest.fixture
def accounts(client, db_url):
    return Accounts(client, db_url)
