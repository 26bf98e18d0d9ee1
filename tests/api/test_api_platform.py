"""App-wide behaviour: error bodies, body limits, OpenAPI and docs, SPA serving, rate-limit storage, CLI."""

from __future__ import annotations

import json
import shutil
import subprocess
import sys
import uuid

import pytest
from click.testing import CliRunner


@pytest.fixture
def db_url(tmp_path, sqlite_template):
    """These cases do not depend on the database engine: SQLite only."""
    path = tmp_path / "accounts.sqlite3"
    shutil.copy(sqlite_template, path)
    return f"sqlite:///{path}"


def test_unknown_api_path_and_wrong_method(client, h):
    h.assert_error(client.get("/api/v1/no-such-thing"), 404, "not_found")
    h.assert_error(client.post("/api/v1/no-such-thing", json={}), 404, "not_found")
    resp = client.get("/api/v1/auth/login")
    h.assert_error(resp, 405, "method_not_allowed")
    assert "POST" in resp.headers["Allow"]


def test_oversize_body_is_413(make_app, h):
    client = make_app(MAX_CONTENT_LENGTH=1024).test_client()
    resp = client.post("/api/v1/auth/signup", json={"firstName": "A" * 5000, "email": "a@example.com",
                                                    "password": "long-enough-1"})
    h.assert_error(resp, 413, "payload_too_large")


def test_invalid_json_and_wrong_types(client, h):
    resp = client.post("/api/v1/auth/login", data="{not json", content_type="application/json")
    assert resp.status_code in (400, 422)
    h.assert_error(resp, resp.status_code)
    body = h.assert_error(client.post("/api/v1/auth/login", json=["a", "b"]), 422)
    assert body["errors"]
    body = h.assert_error(client.post("/api/v1/auth/login", json={"email": ["x"], "password": 5}), 422)
    assert {"email", "password"} <= set(body["errors"])


def test_openapi_document_lists_every_route_with_security(client):
    spec = client.get("/api/openapi.json").get_json()
    paths = spec["paths"]
    expected = {
        "/api/v1/auth/login": ["post"], "/api/v1/auth/login/google": ["post"], "/api/v1/auth/signup": ["post"],
        "/api/v1/auth/init-reset-password": ["post"], "/api/v1/auth/reset-password": ["post"],
        "/api/v1/auth/refresh-token": ["post"], "/api/v1/auth/logout": ["post"],
        "/api/v1/auth/generate-data-api-token": ["post"], "/api/v1/users": ["get", "put"],
        "/api/v1/users/{userId}/invoices": ["get"], "/api/v1/workspaces": ["get", "post"],
        "/api/v1/workspaces/{workspace_id}": ["get", "put", "delete"], "/api/v1/workspaces/ordering": ["put"],
        "/api/v1/api-keys": ["get", "post"], "/api/v1/api-keys/{key_id}": ["delete"],
        "/api/v1/stripe/products": ["get"], "/api/v1/stripe/checkout-session/{price_id}": ["get"],
        "/api/v1/stripe/portal-session": ["post"], "/api/v1/contact": ["post"],
    }
    for path, methods in expected.items():
        assert path in paths, path
        for method in methods:
            assert method in paths[path], (path, method)
    schemes = spec["components"]["securitySchemes"]
    assert schemes["bearerAuth"]["scheme"] == "bearer"
    assert schemes["apiKeyAuth"] == {"type": "apiKey", "in": "header", "name": "X-API-KEY",
                                     "description": schemes["apiKeyAuth"]["description"]}
    assert paths["/api/v1/users"]["get"]["security"] == [{"bearerAuth": []}]
    assert "401" in paths["/api/v1/users"]["get"]["responses"]
    assert set(spec["components"]["schemas"]["Error"]["properties"]) == {"code", "status", "message", "errors"}
    assert "Workspace" in spec["components"]["schemas"]


def test_docs_page_is_local(client):
    resp = client.get("/api/docs")
    assert resp.status_code == 200 and resp.mimetype == "text/html"
    html = resp.get_data(as_text=True)
    assert "/api/openapi.json" in html
    assert "https://" not in html and "http://" not in html  # nothing fetched from elsewhere


def test_spa_serving(make_app, tmp_path, h):
    dist = tmp_path / "dist"
    (dist / "assets").mkdir(parents=True)
    (dist / "index.html").write_text("<!doctype html><title>Volland</title>")
    (dist / "assets" / "app-1234.js").write_text("console.log(1)")
    client = make_app(WEB_DIST=str(dist)).test_client()
    # /api and /api/documentation are web pages (marketing and documentation), not API routes.
    for path in ("/", "/app/workspace/12", "/sign-in?redirectUri=/app", "/api", "/api/documentation"):
        resp = client.get(path)
        assert resp.status_code == 200 and "<title>Volland</title>" in resp.get_data(as_text=True)
    asset = client.get("/assets/app-1234.js")
    assert asset.status_code == 200 and asset.get_data(as_text=True) == "console.log(1)"
    assert "max-age=31536000" in asset.headers["Cache-Control"]
    h.assert_error(client.get("/api/v1/unknown"), 404)
    h.assert_error(client.get("/api/unknown"), 404)
    assert "root:" not in client.get("/..%2F..%2Fetc/passwd").get_data(as_text=True)
    h.assert_error(client.post("/app/workspace"), 404)


def test_without_web_build_non_api_paths_are_404(client, h):
    h.assert_error(client.get("/app/workspace"), 404)


def test_rate_limit_in_redis_is_shared_between_processes(make_app, h):
    """Two app instances with one Redis storage count together (what several gunicorn workers do)."""
    prefix = f"volland-test-{uuid.uuid4().hex}"
    config = {"RATELIMIT_STORAGE_URI": "redis://127.0.0.1:6379/0", "RATELIMIT_KEY_PREFIX": prefix,
              "LOGIN_RATE_LIMIT": "2 per minute"}
    first = make_app(**config).test_client()
    h.signup(first)
    for _ in range(2):
        h.assert_error(h.login(first, password="wrong-password"), 401)
    import redis

    conn = redis.Redis.from_url("redis://127.0.0.1:6379/0")
    try:
        assert list(conn.scan_iter(f"*{prefix}*")), "the limiter did not write to Redis"
        second = make_app(**config).test_client()
        h.assert_error(h.login(second, password="wrong-password"), 429)
    finally:
        for key in conn.scan_iter(f"*{prefix}*"):
            conn.delete(key)


def test_rate_limit_falls_back_to_memory_when_redis_is_down(make_app, h):
    client = make_app(RATELIMIT_STORAGE_URI="redis://127.0.0.1:1/0", LOGIN_RATE_LIMIT="2 per minute").test_client()
    h.signup(client)
    client.post("/api/v1/auth/logout", json={}, headers=h.bearer(h.login(client, override=True)
                                                                  .get_json()["accessToken"]))
    assert h.login(client).status_code == 200
    h.assert_error(h.login(client, password="wrong-password"), 429)


# ---------------------------------------------------------------- CLI

def _cli(*args):
    from volland.cli import cli

    return CliRunner().invoke(cli, list(args), catch_exceptions=False)


def test_cli_db_upgrade_and_users_create(tmp_path, monkeypatch):
    url = f"sqlite:///{tmp_path / 'cli.sqlite3'}"
    monkeypatch.setenv("VOLLAND_DATABASE_URL", url)
    assert _cli("db", "upgrade").exit_code == 0
    assert _cli("db", "upgrade").exit_code == 0  # idempotent
    result = _cli("users", "create", "--email", "Boss@Example.com", "--password", "admin-pass-1", "--admin",
                  "--tier", "live")
    assert result.exit_code == 0, result.output
    again = _cli("users", "create", "--email", "boss@example.com", "--password", "admin-pass-1")
    assert again.exit_code == 2 and "already exists" in again.output
    assert _cli("users", "create", "--email", "boss@example.com", "--password", "admin-pass-1", "--admin",
                "--tier", "live", "--exists-ok").exit_code == 0
    bad = _cli("users", "create", "--email", "nope", "--password", "admin-pass-1")
    assert bad.exit_code == 2 and "Traceback" not in bad.output
    import sqlalchemy as sa
    from api.db import get_engine

    with get_engine(url).connect() as conn:
        roles, = conn.execute(sa.text("SELECT roles FROM users")).one()
        subs = conn.execute(sa.text("SELECT product_id FROM subscriptions")).scalars().all()
    assert "Admin" in json.loads(roles) if isinstance(roles, str) else "Admin" in roles
    assert subs == ["prod_volland_live"]  # --exists-ok did not add a second subscription


def test_cli_openapi_writes_the_document(tmp_path):
    out = tmp_path / "openapi.json"
    assert _cli("openapi", "-o", str(out)).exit_code == 0
    spec = json.loads(out.read_text())
    assert "/api/v1/workspaces" in spec["paths"]


def test_cli_serve_refuses_an_unmigrated_database(tmp_path, monkeypatch):
    monkeypatch.setenv("VOLLAND_DATABASE_URL", f"sqlite:///{tmp_path / 'empty.sqlite3'}")
    result = subprocess.run([sys.executable, "-m", "volland.cli", "serve", "--dev", "--port", "1"],
                            capture_output=True, text=True, timeout=60)
    assert result.returncode == 2 and "volland db upgrade" in result.stderr
    assert "Traceback" not in result.stderr
