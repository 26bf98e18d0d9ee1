"""Helpers of the alerts tests (imported by name; fixtures live in conftest.py)."""

from __future__ import annotations


def assert_error(resp, status: int, code: str | None = None) -> dict:
    body = resp.get_json()
    assert resp.status_code == status, body
    assert set(body) == {"code", "status", "message", "errors"}, body
    if code is not None:
        assert body["code"] == code, body
    return body
