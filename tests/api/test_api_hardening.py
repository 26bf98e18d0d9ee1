"""Hardening: signing key, request-body bounds, e-mail normalisation, headers, revocation, proxies."""

from __future__ import annotations

import stat
import time

import jwt as pyjwt
import pytest

OLD_DEFAULT_KEY = "dev-only-change-me-please-0123456789abcdef"
D = "/api/v1/data"


def _forged_data_token(key: str, user_id: int = 987654) -> str:
    from api import catalog

    now = int(time.time())
    return pyjwt.encode({"sub": str(user_id), "type": "data", "iat": now, "exp": now + 300,
                         "subscriptions": [{"id": catalog.TIERS["live"].product_id}]}, key, algorithm="HS256")


# ---------------------------------------------------------------- 1. signing key

def test_embedded_start_generates_a_private_key_once(make_app, monkeypatch, tmp_path):
    from volland.settings import get_settings, secret_key_path

    monkeypatch.delenv("VOLLAND_SECRET_KEY", raising=False)
    app = make_app(fresh=True)
    path = secret_key_path(get_settings())
    assert path.is_file() and stat.S_IMODE(path.stat().st_mode) == 0o600
    key = app.config["JWT_SECRET_KEY"]
    assert key != OLD_DEFAULT_KEY and len(key) >= 32 and key == path.read_text().strip()
    assert make_app(fresh=True).config["JWT_SECRET_KEY"] == key  # kept, not regenerated


def test_token_signed_with_the_old_default_is_refused(make_app, monkeypatch, h):
    monkeypatch.delenv("VOLLAND_SECRET_KEY", raising=False)
    app = make_app(fresh=True)

    @app.get("/api/v1/test-forged-guard")
    def _guarded():
        from api.security import data_token_required

        return data_token_required(lambda: {"ok": True})()

    resp = app.test_client().get("/api/v1/test-forged-guard", headers=h.bearer(_forged_data_token(OLD_DEFAULT_KEY)))
    h.assert_error(resp, 401, "invalid_token")


def test_production_start_without_a_key_refuses(monkeypatch, db_url):
    from api.app import create_app
    from volland.settings import SecretKeyError

    monkeypatch.delenv("VOLLAND_SECRET_KEY", raising=False)
    with pytest.raises(SecretKeyError, match="VOLLAND_SECRET_KEY"):
        create_app({"DATABASE_URL": db_url, "RATELIMIT_STORAGE_URI": "memory://"}, production=True)
    monkeypatch.setenv("VOLLAND_SECRET_KEY", "short")
    with pytest.raises(SecretKeyError, match="too short"):
        create_app({"DATABASE_URL": db_url, "RATELIMIT_STORAGE_URI": "memory://"}, production=True)
    monkeypatch.setenv("VOLLAND_SECRET_KEY", "k" * 40)
    app = create_app({"DATABASE_URL": db_url, "RATELIMIT_STORAGE_URI": "memory://"}, production=True)
    assert app.config["JWT_SECRET_KEY"] == "k" * 40


def test_serve_without_dev_and_without_a_key_fails_in_one_line(monkeypatch, db_url):
    from click.testing import CliRunner

    from volland.cli import cli

    monkeypatch.delenv("VOLLAND_SECRET_KEY", raising=False)
    monkeypatch.setenv("VOLLAND_DATABASE_URL", db_url)
    result = CliRunner().invoke(cli, ["serve"])
    assert result.exit_code == 2
    assert "VOLLAND_SECRET_KEY" in result.output and len(result.output.strip().splitlines()) == 1


# ---------------------------------------------------------------- 3. nesting bombs

@pytest.mark.parametrize("path", ["/api/v1/auth/login", "/api/v1/contact", "/api/v1/auth/signup"])
def test_deeply_nested_json_is_400(client, h, path, caplog):
    body = b'{"email": ' + b"[" * 100000 + b"]" * 100000 + b"}"
    resp = client.post(path, data=body, content_type="application/json")
    h.assert_error(resp, 400, "bad_request")
    assert "nested" in resp.get_json()["message"]
    assert not [r for r in caplog.records if r.levelname == "ERROR"]


def test_moderate_nesting_and_brackets_in_strings_pass_the_guard():
    from api.hardening import MAX_JSON_DEPTH, json_depth

    assert json_depth(b'{"a": "[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[", "b": [1, {"c": []}]}') == 4
    assert json_depth(b'"\\"[[[[') == 0
    assert json_depth(b"[" * MAX_JSON_DEPTH + b"]" * MAX_JSON_DEPTH) == MAX_JSON_DEPTH
    assert json_depth(b'"\\"' * 50000) == 0  # unclosed, escape-heavy strings stay linear


# ---------------------------------------------------------------- 4. e-mail normalisation

def test_normalize_email_nfkc_casefold_idna():
    from api.auth.schemas import normalize_email

    assert normalize_email("  Brute@ｒｅｌ.test ") == "brute@rel.test"
    assert normalize_email("ＳＴＲＡßE@Bücher.Example") == "strasse@xn--bcher-kva.example"


def test_full_width_address_shares_the_login_limit_bucket(make_app, h):
    app = make_app(LOGIN_RATE_LIMIT="3 per minute")
    client = app.test_client()
    h.signup(client, email="brute@rel.test")
    for n in range(3):
        resp = client.post("/api/v1/auth/login", json={"email": "brute@rel.test", "password": "wrong-password"},
                           environ_base={"REMOTE_ADDR": f"10.0.0.{n + 1}"})
        assert resp.status_code == 401
    resp = client.post("/api/v1/auth/login", json={"email": "brute@ｒｅｌ.test", "password": h.PASSWORD},
                       environ_base={"REMOTE_ADDR": "10.0.0.99"})
    h.assert_error(resp, 429, "rate_limited")


def test_equivalent_addresses_are_one_account(client, h):
    h.signup(client, email="strasse@xn--bcher-kva.example")
    resp = client.post("/api/v1/auth/signup", json={"firstName": "B", "email": "STRAßE@BÜCHER.example",
                                                    "password": h.PASSWORD})
    h.assert_error(resp, 409, "email_taken")
    assert h.login(client, email="ｓｔｒａｓｓｅ@bücher.example", override=True).status_code == 200


def test_migration_normalises_stored_addresses(tmp_path):
    import sqlalchemy as sa

    from api.db import dispose_engine, get_engine, upgrade

    url = f"sqlite:///{tmp_path / 'm.sqlite3'}"
    upgrade(url, "0001")
    now = "2026-01-01 00:00:00"
    with get_engine(url).begin() as conn:
        for email in ("Old@ＥＸＡＭＰＬＥ.com", "keep@example.com", "KEEP@example.com", "not an address"):
            conn.execute(sa.text("INSERT INTO users (email, first_name, roles, is_active, created_at, updated_at) "
                                 "VALUES (:e, 'x', '[]', 1, :n, :n)"), {"e": email, "n": now})
    upgrade(url)
    with get_engine(url).connect() as conn:
        emails = [r[0] for r in conn.execute(sa.text("SELECT email FROM users ORDER BY id"))]
    dispose_engine(url)
    assert emails == ["old@example.com", "keep@example.com", "KEEP@example.com", "not an address"]


# ---------------------------------------------------------------- 7. headers

def _web_build(tmp_path, monkeypatch):
    dist = tmp_path / "dist"
    (dist / "assets").mkdir(parents=True)
    (dist / "index.html").write_text("<!doctype html><html><head><script>\n  var theme = 1;\n</script>"
                                     "<script type=\"module\" src=\"/assets/app.js\"></script></head>"
                                     "<body><div id=\"root\"></div></body></html>")
    (dist / "assets" / "app.js").write_text("console.log(1)")
    return dist


def test_security_headers_on_api_responses(client, h):
    resp = client.get("/api/v1/nothing-here")
    assert resp.headers["X-Content-Type-Options"] == "nosniff"
    assert resp.headers["Referrer-Policy"] == "no-referrer"
    csp = resp.headers["Content-Security-Policy"]
    assert "default-src 'none'" in csp and "frame-ancestors 'none'" in csp
    assert "Strict-Transport-Security" not in resp.headers
    secure = client.get("/api/v1/nothing-here", base_url="https://volland.example")
    assert secure.headers["Strict-Transport-Security"].startswith("max-age=")


def test_web_app_csp_allows_only_its_own_inline_script(make_app, tmp_path):
    import base64
    import hashlib

    dist = _web_build(tmp_path, None)
    client = make_app(WEB_DIST=str(dist)).test_client()
    resp = client.get("/dashboard")
    assert resp.status_code == 200 and resp.mimetype == "text/html"
    csp = resp.headers["Content-Security-Policy"]
    script_src = next(p for p in csp.split(";") if p.strip().startswith("script-src"))
    digest = base64.b64encode(hashlib.sha256(b"\n  var theme = 1;\n").digest()).decode()
    assert f"'sha256-{digest}'" in script_src and "'unsafe-inline'" not in script_src
    assert "frame-ancestors 'none'" in csp
    assert client.get("/assets/app.js").headers["X-Content-Type-Options"] == "nosniff"


def test_api_reference_page_has_no_inline_script(client):
    import re

    page = client.get("/api/docs")
    assert "script-src 'self'" in page.headers["Content-Security-Policy"]
    html = page.get_data(as_text=True)
    assert not re.search(r"<script(?![^>]*\bsrc=)[^>]*>", html) and "<style" not in html
    assert client.get("/api/docs.js").mimetype == "text/javascript"
    assert client.get("/api/docs.css").mimetype == "text/css"


def test_authenticated_json_is_not_cacheable(client, h):
    tokens = h.signup(client)
    login = h.login(client, override=True)
    assert login.headers["Cache-Control"] == "no-store"
    access = login.get_json()["accessToken"]
    created = client.post("/api/v1/api-keys", headers=h.bearer(access))
    assert created.status_code == 201 and created.get_json()["apiKey"]
    assert created.headers["Cache-Control"] == "no-store"
    assert tokens["accessToken"]


# ---------------------------------------------------------------- 8. the low ones

def _data_guard_client(app):
    from api.security import data_token_required

    if "test_hardening_data_guard" not in app.view_functions:
        app.add_url_rule("/api/v1/test-hardening-data-guard", "test_hardening_data_guard",
                         data_token_required(lambda: {"ok": True}))
    return app.test_client()


def test_data_token_stops_working_after_logout(make_app, h, db_url):
    app = make_app(fresh=True)
    client = _data_guard_client(app)
    tokens = h.signup(client)
    h.give_tier(db_url, "trader@example.com", "live")
    data = client.post("/api/v1/auth/generate-data-api-token",
                       headers=h.bearer(tokens["accessToken"])).get_json()["dataApiAccessToken"]
    assert client.get("/api/v1/test-hardening-data-guard", headers=h.bearer(data)).status_code == 200
    assert client.post("/api/v1/auth/logout", json={}, headers=h.bearer(tokens["accessToken"])).status_code == 204
    h.assert_error(client.get("/api/v1/test-hardening-data-guard", headers=h.bearer(data)), 401, "session_revoked")


def test_data_token_stops_working_after_password_reset(make_app, h, db_url, tmp_path):
    from api.auth import service
    from api.db import session_scope
    from api.models import PasswordResetToken
    from api.security import sha256_hex

    app = make_app(fresh=True)
    client = _data_guard_client(app)
    tokens = h.signup(client)
    h.give_tier(db_url, "trader@example.com", "live")
    data = client.post("/api/v1/auth/generate-data-api-token",
                       headers=h.bearer(tokens["accessToken"])).get_json()["dataApiAccessToken"]
    from datetime import datetime, timedelta, timezone

    with session_scope(db_url) as db:
        user = service.find_user_by_email(db, "trader@example.com")
        now = datetime.now(timezone.utc)
        db.add(PasswordResetToken(token_hash=sha256_hex("reset-raw"), user_id=user.id, created_at=now,
                                  expires_at=now + timedelta(minutes=5)))
    resp = client.post("/api/v1/auth/reset-password", json={"token": "reset-raw", "password": "another-password-1"})
    assert resp.status_code == 200
    h.assert_error(client.get("/api/v1/test-hardening-data-guard", headers=h.bearer(data)), 401, "session_revoked")


def test_lone_surrogate_in_a_name_is_400(client, h):
    body = b'{"firstName": "Ada \\ud800", "email": "s@example.com", "password": "correct-horse-battery"}'
    h.assert_error(client.post("/api/v1/auth/signup", data=body, content_type="application/json"), 400)
    paired = b'{"firstName": "Ada \\ud83d\\ude00", "email": "p@example.com", "password": "correct-horse-battery"}'
    assert client.post("/api/v1/auth/signup", data=paired, content_type="application/json").status_code == 201


@pytest.mark.parametrize("subject", ["Hello\r\nBcc: victim@example.com", "Hi\nthere"])
def test_line_breaks_in_the_contact_subject_are_422(client, h, subject):
    body = {"name": "Ada", "email": "ada@example.com", "subject": subject, "message": "Hello"}
    err = h.assert_error(client.post("/api/v1/contact", json=body), 422, "validation_error")
    assert "subject" in err["errors"]


def test_huge_path_ids_are_404(client, h):
    tokens = h.signup(client)
    resp = client.delete("/api/v1/api-keys/100000000000000000000000", headers=h.bearer(tokens["accessToken"]))
    h.assert_error(resp, 404)


@pytest.mark.parametrize("body", [{"length": 10.0}, {"stockPriceRange": {"min": 10**400}},
                                  {"stockPriceRange": {"min": 1, "max": 10**400}}])
def test_screener_rejects_float_lengths_and_huge_prices(body):
    from api.data.screener.schemas import ScreenerBody
    from api.errors import ApiError

    with pytest.raises(ApiError) as info:
        ScreenerBody().load(body)
    assert info.value.status == 422


def test_workspace_order_is_bounded(client, h):
    tokens = h.signup(client)
    auth = h.bearer(tokens["accessToken"])
    h.assert_error(client.post("/api/v1/workspaces", json={"name": "A", "order": 10**23}, headers=auth), 422)
    assert client.post("/api/v1/workspaces", json={"name": "A", "order": 1_000_000}, headers=auth).status_code == 201
    second = client.post("/api/v1/workspaces", json={"name": "B"}, headers=auth)
    assert second.status_code == 201 and second.get_json()["order"] == 1_000_000
    huge_id = [{"id": 10**23, "order": 1}]
    h.assert_error(client.put("/api/v1/workspaces/ordering", json=huge_id, headers=auth), 422)


# ---------------------------------------------------------------- 6. proxies

def _login_from(client, forwarded_for: str):
    return client.post("/api/v1/auth/login", json={"email": f"{forwarded_for}@example.com", "password": "x" * 9},
                       headers={"X-Forwarded-For": forwarded_for}, environ_base={"REMOTE_ADDR": "10.9.9.9"})


def test_trusted_proxy_gives_each_client_its_own_bucket(make_app, h):
    client = make_app(LOGIN_RATE_LIMIT="2 per minute", TRUSTED_PROXIES=1).test_client()
    assert [_login_from(client, "203.0.113.1").status_code for _ in range(2)] == [401, 401]
    h.assert_error(_login_from(client, "203.0.113.1"), 429, "rate_limited")
    assert _login_from(client, "203.0.113.2").status_code == 401


def test_forwarded_for_is_ignored_without_trusted_proxies(make_app, h):
    client = make_app(LOGIN_RATE_LIMIT="2 per minute", TRUSTED_PROXIES=0).test_client()
    assert [_login_from(client, f"203.0.113.{n}").status_code for n in range(2)] == [401, 401]
    h.assert_error(_login_from(client, "203.0.113.7"), 429, "rate_limited")


def test_limits_key_on_the_user_when_one_is_signed_in(make_app, h):
    client = make_app(CONTACT_RATE_LIMIT="1 per minute", MAX_SESSIONS=5).test_client()
    first = h.signup(client, email="one@example.com")["accessToken"]
    second = h.signup(client, email="two@example.com")["accessToken"]
    body = {"name": "Ada", "email": "ada@example.com", "subject": "Hi", "message": "Hello"}
    assert client.post("/api/v1/contact", json=body, headers=h.bearer(first)).status_code == 201
    assert client.post("/api/v1/contact", json=body, headers=h.bearer(second)).status_code == 201
    h.assert_error(client.post("/api/v1/contact", json=body, headers=h.bearer(first)), 429, "rate_limited")
    # The same account keeps its bucket from another address.
    h.assert_error(client.post("/api/v1/contact", json=body, headers=h.bearer(first),
                               environ_base={"REMOTE_ADDR": "198.51.100.4"}), 429, "rate_limited")
