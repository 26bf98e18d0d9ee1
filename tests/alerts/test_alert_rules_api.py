"""``/api/v1/alerts/rules``: a user's rules are theirs alone, limited per plan, validated like every input."""

from __future__ import annotations

import pytest
from alerts_helpers import assert_error

from api.alerts.service import RULE_LIMITS

RULE = {"ticker": "SPX", "kind": "level_cross", "params": {"level": "zeroGamma", "direction": "up"}}


def test_create_list_edit_pause_delete(client, accounts):
    u = accounts.user("a@example.com", "30")
    resp = client.post("/api/v1/alerts/rules", json={**RULE, "name": "SPX over zero gamma"}, headers=u["headers"])
    assert resp.status_code == 201, resp.get_json()
    rule = resp.get_json()
    assert rule["ticker"] == "SPX" and rule["kind"] == "level_cross" and rule["channels"] == ["app"]
    assert rule["params"] == {"level": "zeroGamma", "direction": "up", "band": None}
    assert rule["isPaused"] is False and rule["webhookSecret"].startswith("whsec_")

    listed = client.get("/api/v1/alerts/rules", headers=u["headers"]).get_json()
    assert [r["id"] for r in listed["rules"]] == [rule["id"]]
    assert listed["limit"] == RULE_LIMITS["30"] and listed["tier"] == "30"

    resp = client.patch(f"/api/v1/alerts/rules/{rule['id']}", json={"isPaused": True}, headers=u["headers"])
    assert resp.status_code == 200 and resp.get_json()["isPaused"] is True
    resp = client.patch(f"/api/v1/alerts/rules/{rule['id']}",
                        json={"kind": "price_cross", "params": {"price": 5000}, "ticker": "spy"}, headers=u["headers"])
    assert resp.status_code == 200, resp.get_json()
    assert resp.get_json()["kind"] == "price_cross" and resp.get_json()["ticker"] == "SPY"

    assert client.delete(f"/api/v1/alerts/rules/{rule['id']}", headers=u["headers"]).status_code == 204
    assert client.get("/api/v1/alerts/rules", headers=u["headers"]).get_json()["rules"] == []
    assert_error(client.get(f"/api/v1/alerts/rules/{rule['id']}", headers=u["headers"]), 404, "not_found")


def test_rules_belong_to_their_owner(client, accounts):
    a = accounts.user("a@example.com")
    b = accounts.user("b@example.com")
    rid = client.post("/api/v1/alerts/rules", json=RULE, headers=a["headers"]).get_json()["id"]
    assert client.get("/api/v1/alerts/rules", headers=b["headers"]).get_json()["rules"] == []
    for method in ("get", "patch", "delete"):
        kwargs = {"json": {"isPaused": True}} if method == "patch" else {}
        assert_error(getattr(client, method)(f"/api/v1/alerts/rules/{rid}", headers=b["headers"], **kwargs),
                     404, "not_found")
    assert client.get(f"/api/v1/alerts/rules/{rid}", headers=a["headers"]).get_json()["isPaused"] is False
    assert_error(client.get("/api/v1/alerts/rules"), 401)


def test_limit_per_plan_and_plan_required(client, accounts, monkeypatch):
    monkeypatch.setitem(RULE_LIMITS, "basic", 2)
    u = accounts.user("basic@example.com", "basic")
    for _ in range(2):
        assert client.post("/api/v1/alerts/rules", json=RULE, headers=u["headers"]).status_code == 201
    assert_error(client.post("/api/v1/alerts/rules", json=RULE, headers=u["headers"]), 409, "alert_rule_limit")
    nobody = accounts.user("free@example.com", None)
    assert_error(client.post("/api/v1/alerts/rules", json=RULE, headers=nobody["headers"]), 403, "plan_required")


@pytest.mark.parametrize("body, field, code", [
    ({**RULE, "ticker": "NOPE"}, "ticker", "unknown_ticker"),
    ({**RULE, "ticker": "$$$"}, "ticker", "validation_error"),
    ({**RULE, "kind": "moon_phase"}, "kind", "validation_error"),
    ({**RULE, "params": {"level": "maxPain"}}, "params.level", "validation_error"),
    ({"ticker": "SPX", "kind": "price_cross", "params": {"price": -3}}, "params.price", "validation_error"),
    ({"ticker": "SPX", "kind": "greek_threshold", "params": {"greek": "gamma", "threshold": "big"}},
     "params.threshold", "validation_error"),
    ({**RULE, "channels": ["pager"]}, "channels", "validation_error"),
    ({**RULE, "channels": ["webhook"]}, "webhookUrl", "validation_error"),
    ({**RULE, "channels": ["webhook"], "webhookUrl": "http://hooks.example.com/x"}, "webhookUrl", "validation_error"),
    ({**RULE, "channels": ["webhook"], "webhookUrl": "https://127.0.0.1/x"}, "webhookUrl", "validation_error"),
    ({**RULE, "channels": ["webhook"], "webhookUrl": "https://10.1.2.3/x"}, "webhookUrl", "validation_error"),
    ({**RULE, "channels": ["webhook"], "webhookUrl": "https://[::1]/x"}, "webhookUrl", "validation_error"),
])
def test_bad_input_gets_the_standard_error(client, accounts, body, field, code):
    u = accounts.user("v@example.com")
    err = assert_error(client.post("/api/v1/alerts/rules", json=body, headers=u["headers"]), 422, code)
    assert field in err["errors"], err


def test_http_loopback_webhook_only_with_the_development_setting(client, accounts, monkeypatch):
    u = accounts.user("dev@example.com")
    body = {**RULE, "channels": ["app", "webhook"], "webhookUrl": "http://127.0.0.1:9/hook"}
    assert_error(client.post("/api/v1/alerts/rules", json=body, headers=u["headers"]), 422)
    monkeypatch.setenv("VOLLAND_ALERTS_DEV_WEBHOOKS", "1")
    resp = client.post("/api/v1/alerts/rules", json=body, headers=u["headers"])
    assert resp.status_code == 201, resp.get_json()
    # even in development a private address that is not loopback is refused
    bad = {**body, "webhookUrl": "http://192.168.1.20/hook"}
    assert_error(client.post("/api/v1/alerts/rules", json=bad, headers=u["headers"]), 422)


def test_the_profile_counts_the_active_rules(db_url, accounts, client):
    """The app decides from the profile whether to follow the alert stream (no rules request per page)."""
    u = accounts.user("count@example.com", "live")
    count = lambda: client.get("/api/v1/users", headers=u["headers"]).get_json()["activeAlertRules"]  # noqa: E731
    assert count() == 0
    body = {"ticker": "SPX", "kind": "price_cross", "params": {"price": 5000}}
    ids = [client.post("/api/v1/alerts/rules", headers=u["headers"], json=body).get_json()["id"] for _ in range(2)]
    assert count() == 2
    assert client.patch(f"/api/v1/alerts/rules/{ids[0]}", headers=u["headers"], json={"isPaused": True}).status_code == 200
    assert count() == 1
    other = accounts.user("other-count@example.com", "live")
    assert client.get("/api/v1/users", headers=other["headers"]).get_json()["activeAlertRules"] == 0
