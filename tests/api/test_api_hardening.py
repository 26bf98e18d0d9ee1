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
