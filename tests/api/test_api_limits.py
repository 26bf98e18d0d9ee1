"""Sign-up limits per e-mail, and rate limits while the Redis that holds the counters is unreachable."""

from __future__ import annotations

import socket


def _signup_from(client, address: str, email: str):
    return client.post("/api/v1/auth/signup", json={"email": email, "password": "correct-horse-battery",
                                                    "firstName": "Ada"},
                       environ_base={"REMOTE_ADDR": address})


def test_signup_for_one_email_is_limited_across_addresses(make_app, h):
    client = make_app(SIGNUP_RATE_LIMIT="2 per minute").test_client()
    assert _signup_from(client, "10.1.0.1", "probe@example.com").status_code == 201
    h.assert_error(_signup_from(client, "10.1.0.2", "probe@example.com"), 409)
    # A third try for the same address from a third caller is refused before the look-up.
    resp = _signup_from(client, "10.1.0.3", "Probe@ＥＸＡＭＰＬＥ.com")
    h.assert_error(resp, 429, "rate_limited")
    assert int(resp.headers["Retry-After"]) > 0
    # Other e-mails from a fresh address are not affected.
    assert _signup_from(client, "10.1.0.4", "someone@example.com").status_code == 201


def _closed_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]   # closed again when the socket is: connections are refused


def _login_from(client, address: str):
    return client.post("/api/v1/auth/login", json={"email": f"nobody-{address}@example.com", "password": "x" * 9},
                       environ_base={"REMOTE_ADDR": address})


def test_limits_still_apply_when_redis_is_unreachable(make_app, h, caplog):
    storage = f"redis://127.0.0.1:{_closed_port()}/0"
    client = make_app(RATELIMIT_STORAGE_URI=storage, LOGIN_RATE_LIMIT="2 per minute").test_client()
    # Requests are still answered (no 500) ...
    assert [_login_from(client, "10.2.0.1").status_code for _ in range(2)] == [401, 401]
    # ... and the limit holds, counted in this process's memory.
    resp = _login_from(client, "10.2.0.1")
    h.assert_error(resp, 429, "rate_limited")
    assert int(resp.headers["Retry-After"]) > 0
    assert _login_from(client, "10.2.0.2").status_code == 401
    # Other limited routes keep working too.
    assert _signup_from(client, "10.2.0.3", "outage@example.com").status_code == 201
    assert "falling back to in-memory storage" in caplog.text
