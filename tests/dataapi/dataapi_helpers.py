"""Helpers shared by the data API tests (imported by name; fixtures live in conftest.py)."""

from __future__ import annotations

import time
import uuid

import jwt


def data_token(app, tier: str | None, user_id: int = 1) -> str:
    """A data token as ``auth/generate-data-api-token`` issues it (same claims, same key)."""
    from api import catalog

    now = int(time.time())
    subs = [{"id": catalog.TIERS[tier].product_ids[0]}] if tier else []
    payload = {"sub": str(user_id), "type": "data", "iat": now, "exp": now + 600, "jti": uuid.uuid4().hex,
               "subscriptions": subs, "tier": tier}
    return jwt.encode(payload, app.config["JWT_SECRET_KEY"], algorithm="HS256")


def assert_error_body(resp, status: int) -> dict:
    assert resp.status_code == status, resp.get_data(as_text=True)
    body = resp.get_json()
    assert set(body) == {"code", "status", "message", "errors"}
    assert body["status"] == status and isinstance(body["code"], str) and body["message"]
    assert isinstance(body["errors"], dict)
    return body


def frozen(monkeypatch, wall: str, replay: bool = True, app=None) -> None:
    """Freeze the wall clock; ``app`` re-reads its settings (they are read when the app is created)."""
    monkeypatch.setenv("VOLLAND_FROZEN_NOW", wall)
    monkeypatch.setenv("VOLLAND_REPLAY_CLOCK", "1" if replay else "0")
    if app is not None:
        reconfigure(app)


def reconfigure(app) -> None:
    from api.cache import snapshot_settings

    snapshot_settings(app)
