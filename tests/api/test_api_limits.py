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
