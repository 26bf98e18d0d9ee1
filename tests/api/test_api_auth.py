"""Auth routes over HTTP: sign-up, login, sessions, refresh rotation, logout, data token, token failures."""

from __future__ import annotations

import time
from datetime import datetime, timedelta, timezone

import jwt as pyjwt
import pytest


def test_signup_returns_tokens_and_normalises_email(client, h):
    tokens = h.signup(client, email="  Trader@Example.COM ")
    assert tokens["tokenType"] == "Bearer" and tokens["expiresIn"] > 0
    me = client.get("/api/v1/users", headers=h.bearer(tokens["accessToken"])).get_json()
    assert me["email"] == "trader@example.com"
    assert me["roles"] == ["User"]


def test_signup_duplicate_email_is_409(client, h):
    h.signup(client)
    resp = client.post("/api/v1/auth/signup", json={"firstName": "B", "email": "TRADER@example.com",
                                                    "password": h.PASSWORD})
    body = h.assert_error(resp, 409, "email_taken")
    assert "email" in body["errors"]


@pytest.mark.parametrize("payload, field", [
    ({"firstName": "A", "email": "not-an-email", "password": "long-enough-1"}, "email"),
    ({"firstName": "A", "email": "a@example.com", "password": "short"}, "password"),
    ({"firstName": "   ", "email": "a@example.com", "password": "long-enough-1"}, "firstName"),
    ({"firstName": "A", "email": "a@example.com", "password": "long-enough-1", "isAdmin": True}, "isAdmin"),
    ({"firstName": 12, "email": "a@example.com", "password": "long-enough-1"}, "firstName"),
])
def test_signup_validation_names_the_field(client, h, payload, field):
    body = h.assert_error(client.post("/api/v1/auth/signup", json=payload), 422, "validation_error")
    assert field in body["errors"]
    assert field in body["message"]


def test_password_is_stored_as_argon2id(client, h, db_url):
    h.signup(client)
    import sqlalchemy as sa
    from api.db import get_engine

    with get_engine(db_url).connect() as conn:
        stored = conn.execute(sa.text("SELECT password_hash FROM users")).scalar_one()
    assert stored.startswith("$argon2id$") and h.PASSWORD not in stored


def test_login_wrong_password_and_unknown_user_look_the_same(client, h):
    h.signup(client)
    wrong = h.assert_error(h.login(client, password="wrong-password"), 401, "invalid_credentials")
    unknown = h.assert_error(h.login(client, email="nobody@example.com"), 401, "invalid_credentials")
    assert wrong["message"] == unknown["message"]


def test_session_limit_and_override(client, h):
    first = h.signup(client)
    h.assert_error(h.login(client), 409, "session_limit")
    # The first session still works: the refused login changed nothing.
    assert client.get("/api/v1/users", headers=h.bearer(first["accessToken"])).status_code == 200
    forced = h.login(client, override=True)
    assert forced.status_code == 200
    h.assert_error(client.get("/api/v1/users", headers=h.bearer(first["accessToken"])), 401, "session_revoked")
    h.assert_error(client.post("/api/v1/auth/refresh-token", json={"refreshToken": first["refreshToken"]}), 401)
    assert client.get("/api/v1/users", headers=h.bearer(forced.get_json()["accessToken"])).status_code == 200


def test_wrong_override_value_does_not_override(client, h):
    h.signup(client)
    resp = client.post("/api/v1/auth/login", json={"email": "trader@example.com", "password": h.PASSWORD},
                       headers={"X-Session-Override": "yes please"})
    h.assert_error(resp, 409, "session_limit")


def test_session_limit_is_configurable(make_app, h):
    client = make_app(MAX_SESSIONS=2).test_client()
    h.signup(client)
    assert h.login(client).status_code == 200
    h.assert_error(h.login(client), 409, "session_limit")


def _rotated_long_ago(db_url: str, seconds: float) -> None:
    """Move every rotation back in time, as if the refresh tokens had been used ``seconds`` ago."""
    import sqlalchemy as sa

    from api.db import session_scope
    from api.models import RefreshToken

    with session_scope(db_url) as db:
        db.execute(sa.update(RefreshToken).where(RefreshToken.used_at.is_not(None))
                   .values(used_at=datetime.now(timezone.utc) - timedelta(seconds=seconds)))


def test_refresh_rotates_and_reuse_revokes_the_family(client, h, db_url):
    from api.auth.service import REFRESH_GRACE_SECONDS

    first = h.signup(client)
    resp = client.post("/api/v1/auth/refresh-token", json={"refreshToken": first["refreshToken"]})
    assert resp.status_code == 200
    second = resp.get_json()
    assert second["refreshToken"] != first["refreshToken"]
    assert client.get("/api/v1/users", headers=h.bearer(second["accessToken"])).status_code == 200
    # Replaying the rotated token after the grace: the whole family ends, including the newest tokens.
    _rotated_long_ago(db_url, REFRESH_GRACE_SECONDS + 1)
    h.assert_error(client.post("/api/v1/auth/refresh-token", json={"refreshToken": first["refreshToken"]}),
                   401, "refresh_token_reused")
    h.assert_error(client.post("/api/v1/auth/refresh-token", json={"refreshToken": second["refreshToken"]}),
                   401, "session_revoked")
    h.assert_error(client.get("/api/v1/users", headers=h.bearer(second["accessToken"])), 401, "session_revoked")


def test_the_previous_refresh_token_works_again_within_the_grace(client, h, db_url):
    """Two tabs that refresh at once present the same token: the later one gets the same new refresh token
    (one family, one chain), not the end of the session."""
    first = h.signup(client)
    one = client.post("/api/v1/auth/refresh-token", json={"refreshToken": first["refreshToken"]})
    two = client.post("/api/v1/auth/refresh-token", json={"refreshToken": first["refreshToken"]})
    assert one.status_code == two.status_code == 200, two.get_json()
    assert one.get_json()["refreshToken"] == two.get_json()["refreshToken"] != first["refreshToken"]
    for pair in (one.get_json(), two.get_json()):
        assert client.get("/api/v1/users", headers=h.bearer(pair["accessToken"])).status_code == 200
    # The chain goes on from the one new token ...
    three = client.post("/api/v1/auth/refresh-token", json={"refreshToken": one.get_json()["refreshToken"]})
    assert three.status_code == 200
    # ... and a tab still holding the first token catches up with the newest one of the chain.
    late = client.post("/api/v1/auth/refresh-token", json={"refreshToken": first["refreshToken"]})
    assert late.status_code == 200 and late.get_json()["refreshToken"] == three.get_json()["refreshToken"]
    # Outside the grace, the same replay is a reuse: the session ends.
    _rotated_long_ago(db_url, 31)
    h.assert_error(client.post("/api/v1/auth/refresh-token", json={"refreshToken": first["refreshToken"]}),
                   401, "refresh_token_reused")
    h.assert_error(client.get("/api/v1/users", headers=h.bearer(three.get_json()["accessToken"])), 401,
                   "session_revoked")


def test_refresh_with_unknown_token_is_401(client, h):
    h.assert_error(client.post("/api/v1/auth/refresh-token", json={"refreshToken": "made-up"}), 401,
                   "invalid_refresh_token")
    h.assert_error(client.post("/api/v1/auth/refresh-token", json={}), 422)


def test_logout_revokes_the_session(client, h):
    tokens = h.signup(client)
    assert client.post("/api/v1/auth/logout", json={}, headers=h.bearer(tokens["accessToken"])).status_code == 204
    h.assert_error(client.get("/api/v1/users", headers=h.bearer(tokens["accessToken"])), 401, "session_revoked")
    h.assert_error(client.post("/api/v1/auth/refresh-token", json={"refreshToken": tokens["refreshToken"]}), 401)
    # The session slot is free again.
    assert h.login(client).status_code == 200


def test_logout_with_refresh_token_only(client, h):
    tokens = h.signup(client)
    assert client.post("/api/v1/auth/logout", json={"refreshToken": tokens["refreshToken"]}).status_code == 204
    h.assert_error(client.get("/api/v1/users", headers=h.bearer(tokens["accessToken"])), 401)
    h.assert_error(client.post("/api/v1/auth/logout", json={}), 401, "missing_token")


@pytest.mark.parametrize("header", [None, "Bearer", "Bearer not.a.jwt", "Basic abc", "Bearer " + "x" * 50])
def test_missing_or_malformed_tokens_are_401(client, h, header):
    headers = {"Authorization": header} if header else {}
    h.assert_error(client.get("/api/v1/users", headers=headers), 401)


def test_tampered_token_is_401(client, h):
    tokens = h.signup(client)
    header, payload, signature = tokens["accessToken"].split(".")
    claims = pyjwt.decode(tokens["accessToken"], options={"verify_signature": False})
    claims["sub"] = "999"
    forged_payload = pyjwt.encode(claims, "guessed-secret", algorithm="HS256").split(".")[1]
    h.assert_error(client.get("/api/v1/users", headers=h.bearer(f"{header}.{forged_payload}.{signature}")), 401)
    other_key = pyjwt.encode(claims, "another-secret-key-that-is-long-enough!", algorithm="HS256")
    h.assert_error(client.get("/api/v1/users", headers=h.bearer(other_key)), 401, "invalid_token")
    unsigned = pyjwt.encode(claims, None, algorithm="none")
    h.assert_error(client.get("/api/v1/users", headers=h.bearer(unsigned)), 401)


def test_expired_access_token_is_401(app, client, h):
    tokens = h.signup(client)
    claims = pyjwt.decode(tokens["accessToken"], app.config["JWT_SECRET_KEY"], algorithms=["HS256"])
    claims["exp"] = int(time.time()) - 5  # the same token, signed by the server's key, but past its expiry
    expired = pyjwt.encode(claims, app.config["JWT_SECRET_KEY"], algorithm="HS256")
    h.assert_error(client.get("/api/v1/users", headers=h.bearer(expired)), 401, "token_expired")
    # The refresh token still gives a new access token.
    assert client.post("/api/v1/auth/refresh-token", json={"refreshToken": tokens["refreshToken"]}).status_code == 200


def test_data_token_payload_and_use_rules(client, h, db_url, app):
    tokens = h.signup(client)
    h.give_tier(db_url, "trader@example.com", "30")
    resp = client.post("/api/v1/auth/generate-data-api-token", headers=h.bearer(tokens["accessToken"]))
    assert resp.status_code == 200
    data_token = resp.get_json()["dataApiAccessToken"]
    claims = pyjwt.decode(data_token, app.config["JWT_SECRET_KEY"], algorithms=["HS256"])
    assert claims["type"] == "data" and claims["subscriptions"] == [{"id": "prod_volland_30"}]
    assert claims["exp"] > datetime.now(timezone.utc).timestamp()
    me = client.get("/api/v1/users", headers=h.bearer(tokens["accessToken"])).get_json()
    assert [s["id"] for s in me["subscriptions"]] == [s["id"] for s in claims["subscriptions"]]
    # A data token is not an access token.
    h.assert_error(client.get("/api/v1/users", headers=h.bearer(data_token)), 401, "invalid_token")
    h.assert_error(client.post("/api/v1/auth/generate-data-api-token"), 401, "missing_token")


def test_data_token_required_guard(make_app, h, db_url):
    from flask import g, jsonify

    from api.security import data_token_required

    app = make_app(fresh=True)

    @app.get("/api/v1/test-data-guard")
    @data_token_required
    def guarded():
        return jsonify(user=g.user_id, tier=g.data_tier)

    client = app.test_client()

    tokens = h.signup(client)
    no_plan = client.post("/api/v1/auth/generate-data-api-token", headers=h.bearer(tokens["accessToken"]))
    h.assert_error(client.get("/api/v1/test-data-guard", headers=h.bearer(no_plan.get_json()["dataApiAccessToken"])),
                   403, "subscription_required")
    h.give_tier(db_url, "trader@example.com", "live")
    token = client.post("/api/v1/auth/generate-data-api-token",
                        headers=h.bearer(tokens["accessToken"])).get_json()["dataApiAccessToken"]
    assert client.get("/api/v1/test-data-guard", headers=h.bearer(token)).get_json() == {"user": 1, "tier": "live"}
    h.assert_error(client.get("/api/v1/test-data-guard", headers=h.bearer(tokens["accessToken"])), 401)
    expired = pyjwt.encode({"sub": "1", "type": "data", "exp": int(time.time()) - 5,
                            "subscriptions": [{"id": "prod_volland_live"}]},
                           app.config["JWT_SECRET_KEY"], algorithm="HS256")
    h.assert_error(client.get("/api/v1/test-data-guard", headers=h.bearer(expired)), 401, "token_expired")
    h.assert_error(client.get("/api/v1/test-data-guard"), 401, "missing_token")


def test_login_brute_force_limit(make_app, h):
    client = make_app(LOGIN_RATE_LIMIT="3 per minute").test_client()
    h.signup(client)
    for _ in range(3):
        h.assert_error(h.login(client, password="wrong-password"), 401)
    body = h.assert_error(h.login(client), 429, "rate_limited")
    assert "Too many requests" in body["message"]


def test_signup_and_reset_are_rate_limited(make_app, h):
    client = make_app(SIGNUP_RATE_LIMIT="2 per minute", RESET_RATE_LIMIT="2 per minute").test_client()
    for i in range(2):
        h.signup(client, email=f"user{i}@example.com")
    h.assert_error(client.post("/api/v1/auth/signup", json={"firstName": "x", "email": "x@example.com",
                                                            "password": h.PASSWORD}), 429)
    for _ in range(2):
        assert client.post("/api/v1/auth/init-reset-password", json={"email": "a@example.com"}).status_code == 202
    h.assert_error(client.post("/api/v1/auth/init-reset-password", json={"email": "a@example.com"}), 429)
