"""Password reset through a real local SMTP server, and Google sign-in against a locally made JWKS."""

from __future__ import annotations

import email
import email.policy
import json
import re
import socket
import time
import uuid

import jwt as pyjwt
import pytest
from aiosmtpd.controller import Controller
from cryptography.hazmat.primitives.asymmetric import rsa


class _Inbox:
    def __init__(self):
        self.messages: list[tuple[str, list[str], str]] = []

    async def handle_DATA(self, server, session, envelope):  # noqa: N802 - aiosmtpd hook name
        message = email.message_from_bytes(envelope.content, policy=email.policy.default)
        self.messages.append((envelope.mail_from, list(envelope.rcpt_tos), message.get_content()))
        return "250 Message accepted"


def _free_port() -> int:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return sock.getsockname()[1]


@pytest.fixture
def smtp(monkeypatch):
    inbox = _Inbox()
    port = _free_port()
    controller = Controller(inbox, hostname="127.0.0.1", port=port)
    controller.start()
    monkeypatch.setenv("VOLLAND_SMTP_HOST", "127.0.0.1")
    monkeypatch.setenv("VOLLAND_SMTP_PORT", str(port))
    try:
        yield inbox
    finally:
        controller.stop()


def _deliver() -> None:
    """What happens after the answer: the background thread records the token and queues the mail, then a
    worker runs the queued mail jobs (tests/api/conftest.py gives each test its own queue prefix)."""
    import redis
    from rq import SimpleWorker

    from api.auth import background
    from jobs import queues as q

    assert background.wait_idle(15)
    conn = redis.Redis.from_url(q.settings().redis_url)
    SimpleWorker([q.queue(q.DEFAULT, conn)], connection=conn, name=f"{q.prefix()}-worker").work(burst=True)


def _wait_for(inbox, count=1):
    _deliver()
    deadline = time.monotonic() + 5
    while len(inbox.messages) < count and time.monotonic() < deadline:
        time.sleep(0.02)
    assert len(inbox.messages) >= count
    return inbox.messages[count - 1]


def test_reset_password_by_mail(client, h, smtp):
    old = h.signup(client)
    resp = client.post("/api/v1/auth/init-reset-password", json={"email": "Trader@Example.com"})
    assert resp.status_code == 202
    _sender, recipients, content = _wait_for(smtp)
    assert recipients == ["trader@example.com"]
    token = re.search(r"reset-password\?token=([A-Za-z0-9_\-]+)", content).group(1)

    h.assert_error(client.post("/api/v1/auth/reset-password", json={"token": token, "password": "short"}), 422)
    ok = client.post("/api/v1/auth/reset-password", json={"token": token, "password": "brand-new-secret"})
    assert ok.status_code == 200
    # Every session ended; the old password no longer works, the new one does.
    h.assert_error(client.get("/api/v1/users", headers=h.bearer(old["accessToken"])), 401)
    h.assert_error(client.post("/api/v1/auth/refresh-token", json={"refreshToken": old["refreshToken"]}), 401)
    h.assert_error(h.login(client), 401, "invalid_credentials")
    assert h.login(client, password="brand-new-secret").status_code == 200
    # One time only.
    h.assert_error(client.post("/api/v1/auth/reset-password", json={"token": token, "password": "another-one-1"}),
                   400, "invalid_reset_token")


def test_reset_for_unknown_address_answers_the_same_and_sends_nothing(client, h, smtp):
    h.signup(client)
    known = client.post("/api/v1/auth/init-reset-password", json={"email": "trader@example.com"})
    unknown = client.post("/api/v1/auth/init-reset-password", json={"email": "ghost@example.com"})
    assert known.status_code == unknown.status_code == 202
    assert known.get_json() == unknown.get_json()
    _wait_for(smtp)
    assert len(smtp.messages) == 1


def test_expired_or_made_up_reset_token(client, h, smtp, monkeypatch):
    h.signup(client)
    h.assert_error(client.post("/api/v1/auth/reset-password", json={"token": "nope", "password": "brand-new-1"}),
                   400, "invalid_reset_token")
    monkeypatch.setenv("VOLLAND_RESET_TOKEN_MINUTES", "0")
    client.post("/api/v1/auth/init-reset-password", json={"email": "trader@example.com"})
    token = re.search(r"token=([A-Za-z0-9_\-]+)", _wait_for(smtp)[2]).group(1)
    h.assert_error(client.post("/api/v1/auth/reset-password", json={"token": token, "password": "brand-new-1"}),
                   400, "invalid_reset_token")


def test_reset_mail_goes_to_outbox_without_smtp(client, h, tmp_path):
    h.signup(client)
    client.post("/api/v1/auth/init-reset-password", json={"email": "trader@example.com"})
    _deliver()
    files = list((tmp_path / "var" / "outbox").glob("*.eml"))
    assert len(files) == 1
    message = email.message_from_bytes(files[0].read_bytes(), policy=email.policy.default)
    assert message["To"] == "trader@example.com" and "reset-password?token=" in message.get_content()


def test_unreachable_smtp_still_answers_202_and_the_mail_is_retried(client, h, monkeypatch):
    import redis
    from rq.job import Job

    from jobs import queues as q

    h.signup(client)
    monkeypatch.setenv("VOLLAND_SMTP_HOST", "127.0.0.1")
    monkeypatch.setenv("VOLLAND_SMTP_PORT", str(_free_port()))
    assert client.post("/api/v1/auth/init-reset-password", json={"email": "trader@example.com"}).status_code == 202
    _deliver()
    # The worker's attempt failed: the job waits for its next try instead of being lost.
    conn = redis.Redis.from_url(q.settings().redis_url)
    [job_id] = q.queue(q.DEFAULT, conn).scheduled_job_registry.get_job_ids()
    job = Job.fetch(job_id, connection=conn)
    assert job.get_status() == "scheduled" and job.retries_left == 2


# ---------------------------------------------------------------- Google

CLIENT_ID = "volland-test.apps.googleusercontent.com"


@pytest.fixture
def google(tmp_path, monkeypatch):
    key = rsa.generate_private_key(public_exponent=65537, key_size=2048)
    kid = uuid.uuid4().hex
    jwk = json.loads(pyjwt.algorithms.RSAAlgorithm.to_jwk(key.public_key()))
    jwk.update({"kid": kid, "use": "sig", "alg": "RS256"})
    path = tmp_path / "jwks.json"
    path.write_text(json.dumps({"keys": [jwk]}))
    monkeypatch.setenv("VOLLAND_GOOGLE_CLIENT_ID", CLIENT_ID)
    monkeypatch.setenv("VOLLAND_GOOGLE_JWKS", str(path))

    def make(signing_key=key, **overrides):
        now = int(time.time())
        claims = {"iss": "https://accounts.google.com", "aud": CLIENT_ID, "sub": "g-12345",
                  "email": "Grace@Example.com", "email_verified": True, "given_name": "Grace",
                  "iat": now, "exp": now + 600}
        claims.update(overrides)
        claims = {k: v for k, v in claims.items() if v is not None}
        return pyjwt.encode(claims, signing_key, algorithm="RS256", headers={"kid": kid})

    return make


def test_google_login_creates_then_finds_the_user(client, h, google):
    resp = client.post("/api/v1/auth/login/google", json={"idToken": google()})
    assert resp.status_code == 200, resp.get_json()
    me = client.get("/api/v1/users", headers=h.bearer(resp.get_json()["accessToken"])).get_json()
    assert me["email"] == "grace@example.com" and me["firstName"] == "Grace" and me["hasPassword"] is False
    again = client.post("/api/v1/auth/login/google", json={"idToken": google()},
                        headers={"X-Session-Override": "Force oldest session override"})
    assert again.status_code == 200
    assert client.get("/api/v1/users", headers=h.bearer(again.get_json()["accessToken"])).get_json()["id"] == me["id"]


def test_google_login_links_existing_account(client, h, google):
    h.signup(client, email="grace@example.com")
    client.post("/api/v1/auth/logout", json={}, headers=h.bearer(h.login(client, email="grace@example.com",
                                                                          override=True).get_json()["accessToken"]))
    resp = client.post("/api/v1/auth/login/google", json={"idToken": google()})
    assert resp.status_code == 200
    me = client.get("/api/v1/users", headers=h.bearer(resp.get_json()["accessToken"])).get_json()
    assert me["id"] == 1 and me["hasPassword"] is True


@pytest.mark.parametrize("overrides", [
    {"aud": "someone-else.apps.googleusercontent.com"},
    {"iss": "https://evil.example.com"},
    {"exp": int(time.time()) - 60, "iat": int(time.time()) - 4000},
    {"email_verified": False},
    {"email": None},
])
def test_google_login_rejects_bad_claims(client, h, google, overrides):
    h.assert_error(client.post("/api/v1/auth/login/google", json={"idToken": google(**overrides)}), 401,
                   "invalid_google_token")


def test_google_login_rejects_other_signing_key(client, h, google):
    stranger = rsa.generate_private_key(public_exponent=65537, key_size=2048)
    h.assert_error(client.post("/api/v1/auth/login/google", json={"idToken": google(signing_key=stranger)}), 401,
                   "invalid_google_token")
    h.assert_error(client.post("/api/v1/auth/login/google", json={"idToken": "garbage"}), 401)


def test_google_login_unconfigured_is_503(client, h, monkeypatch):
    monkeypatch.setenv("VOLLAND_GOOGLE_CLIENT_ID", "")
    h.assert_error(client.post("/api/v1/auth/login/google", json={"idToken": "x.y.z"}), 503, "google_not_configured")


def test_google_sign_up_keeps_the_referral(client, h, google):
    resp = client.post("/api/v1/auth/login/google", json={"idToken": google(), "referral": "aff-google"})
    assert resp.status_code == 200, resp.get_json()
    me = client.get("/api/v1/users", headers=h.bearer(resp.get_json()["accessToken"])).get_json()
    assert me["referral"] == "aff-google"
