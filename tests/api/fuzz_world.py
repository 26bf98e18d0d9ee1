"""The world the Schemathesis runs send their requests into (tests/api/test_api_fuzz.py, test_api_strict.py).

The document is read from an app built in a throw-away folder; the requests go to an app on a private SQLite
database (``fuzz_app``) or a private PostgreSQL database (``fuzz_app_pg``) and the tiny demo store, built once
per worker and test module. Every test gets a fresh account
(Live tier, Admin role, an API key with credits) so operations that end sessions, revoke keys or delete
workspaces cannot disturb the others.
"""

from __future__ import annotations

import os
import secrets
import shutil
import tempfile
import uuid
from pathlib import Path
from unittest import mock

import pytest

from tests.pg import private_database
from tests.redis_keys import drop_keys as _drop_keys
from tests.tiny_store import shared_tiny_store

PASSWORD = "correct-horse-battery"

# The demo store the data routes read: the same tiny store, date and frozen clock as tests/dataapi.
FROZEN_WALL = os.environ.get("PROBE_WALL", "2026-01-10T20:00:00+00:00")


def openapi_document() -> dict:
    """The app's OpenAPI document, from an app built in a throw-away folder (no database is touched)."""
    from api.app import create_app

    with tempfile.TemporaryDirectory() as tmp, mock.patch.dict(os.environ, {
        "VOLLAND_VAR_DIR": str(Path(tmp) / "var"), "VOLLAND_WEB_DIST": str(Path(tmp) / "no-web-build")}):
        app = create_app({"TESTING": True, "DATABASE_URL": f"sqlite:///{tmp}/doc.sqlite3",
                          "JWT_SECRET_KEY": secrets.token_urlsafe(48), "RATELIMIT_STORAGE_URI": "memory://"})
        resp = app.test_client().get("/api/openapi.json")
        assert resp.status_code == 200
        return resp.get_json()


def _tiny_store(tmp_path_factory, worker_id) -> Path:
    """The tiny store shared with tests/dataapi (built once per run, then only read)."""
    return shared_tiny_store(tmp_path_factory, worker_id)


def _world_app(tmp_path_factory, worker_id, url: str):
    """An app on the account database at ``url``: the tiny store, frozen replay clock, no outside service."""
    from api.app import create_app

    store = _tiny_store(tmp_path_factory, worker_id)
    home = tmp_path_factory.mktemp("fuzz")
    prefix = f"t-fuzz-{uuid.uuid4().hex[:10]}"
    mp = pytest.MonkeyPatch()
    for key, value in {"VOLLAND_VAR_DIR": str(home / "var"), "VOLLAND_STORE_ROOT": str(store),
                       "VOLLAND_FROZEN_NOW": FROZEN_WALL, "VOLLAND_REPLAY_CLOCK": "1",
                       "VOLLAND_LIVE_REFRESH_OFFSET_SECONDS": "30", "VOLLAND_JOBS_PREFIX": prefix,
                       "VOLLAND_REDIS_URL": "redis://127.0.0.1:6379/0",
                       "VOLLAND_WEB_DIST": str(home / "no-web-build"),
                       # Checkout and portal sell through the embedded provider (test payments).
                       "VOLLAND_BILLING_PROVIDER": "embedded"}.items():
        mp.setenv(key, value)
    # Google sign-in checks tokens against a local key set (no network): any generated token answers 401.
    jwks = home / "google-jwks.json"
    _write_jwks(jwks)
    mp.setenv("VOLLAND_GOOGLE_CLIENT_ID", "volland-fuzz.apps.googleusercontent.com")
    mp.setenv("VOLLAND_GOOGLE_JWKS", str(jwks))
    for key in ("VOLLAND_SMTP_HOST", "VOLLAND_DATABASE_URL", "VOLLAND_CACHE_DISABLED"):
        mp.delenv(key, raising=False)
    high = "100000 per minute"
    app = create_app({"TESTING": True, "DATABASE_URL": url, "RATELIMIT_STORAGE_URI": "memory://",
                      "LOGIN_RATE_LIMIT": high, "SIGNUP_RATE_LIMIT": high, "RESET_RATE_LIMIT": high,
                      "CONTACT_RATE_LIMIT": high})
    app.config["FUZZ_DB_URL"] = url
    return app, mp, prefix


def _close_world(url: str, mp, prefix: str) -> None:
    from api.db import dispose_engine

    dispose_engine(url)
    mp.undo()
    _drop_keys(prefix)


@pytest.fixture(scope="module")
def fuzz_app(tmp_path_factory, worker_id, sqlite_template):
    """One app per worker for this module: private SQLite copy, the tiny store, frozen replay clock."""
    db_path = tmp_path_factory.mktemp("fuzz-db") / "accounts.sqlite3"
    shutil.copy(sqlite_template, db_path)
    url = f"sqlite:///{db_path}"
    app, mp, prefix = _world_app(tmp_path_factory, worker_id, url)
    yield app
    _close_world(url, mp, prefix)


@pytest.fixture(scope="module")
def fuzz_app_pg(tmp_path_factory, worker_id):
    """The same world on a private, migrated PostgreSQL database (tests/pg.py), one per worker and module."""
    for url in private_database("volland_fuzz", worker_id):
        app, mp, prefix = _world_app(tmp_path_factory, worker_id, url)
        yield app
        _close_world(url, mp, prefix)


def _write_jwks(path: Path) -> None:
    import json

    import jwt as pyjwt
    from cryptography.hazmat.primitives.asymmetric import rsa

    key = rsa.generate_private_key(public_exponent=65537, key_size=2048)
    jwk = json.loads(pyjwt.algorithms.RSAAlgorithm.to_jwk(key.public_key()))
    jwk.update({"kid": "fuzz", "use": "sig", "alg": "RS256"})
    path.write_text(json.dumps({"keys": [jwk]}))


@pytest.fixture
def account(fuzz_app) -> dict:
    """A fresh account: Live tier, Admin role, an API key with credits; its access and data tokens."""
    return new_account(fuzz_app)


@pytest.fixture
def account_pg(fuzz_app_pg) -> dict:
    """A fresh account of the PostgreSQL world."""
    return new_account(fuzz_app_pg)


def new_account(fuzz_app) -> dict:
    """Sign up an account with the Live tier, the Admin role and an API key with credits."""
    import sqlalchemy as sa

    from api import catalog
    from api.db import session_scope
    from api.models import ApiCreditAccount, ApiKey, Subscription, User
    from api.security import sha256_hex

    client = fuzz_app.test_client()
    email = f"fuzz-{uuid.uuid4().hex[:12]}@example.com"
    resp = client.post("/api/v1/auth/signup",
                       json={"firstName": "Fuzz", "email": email, "password": PASSWORD})
    assert resp.status_code == 201, resp.get_json()
    access = resp.get_json()["accessToken"]
    raw_key = "vol_" + secrets.token_urlsafe(24)
    with session_scope(fuzz_app.config["FUZZ_DB_URL"]) as db:
        user = db.execute(sa.select(User).where(User.email == email)).scalar_one()
        user.roles = ["User", "Admin"]
        live = catalog.TIERS["live"]
        db.add(Subscription(user_id=user.id, kind="regular", product_id=live.product_id, name="live",
                            status="active"))
        db.add(ApiKey(user_id=user.id, key_hash=sha256_hex(raw_key), prefix=raw_key[:8],
                      last_chars=raw_key[-4:]))
        db.add(ApiCreditAccount(user_id=user.id, balance=1_000_000))
    resp = client.post("/api/v1/auth/generate-data-api-token", headers={"Authorization": f"Bearer {access}"})
    assert resp.status_code == 200, resp.get_json()
    return {"access": access, "data": resp.get_json()["dataApiAccessToken"], "key": raw_key}


def auth_headers(path: str, account: dict) -> dict:
    """The credential each route family takes."""
    if path == "/api/v1/volland":
        return {"X-API-KEY": account["key"]}
    if path.startswith("/api/v1/data/"):
        return {"Authorization": f"Bearer {account['data']}"}
    return {"Authorization": f"Bearer {account['access']}"}
