"""Users, invoices, API keys, products, checkout/portal, contact form."""

from __future__ import annotations

import pytest


@pytest.fixture
def user(client, h):
    return h.signup(client)


def test_get_user_without_and_with_plan(client, h, user, db_url):
    me = client.get("/api/v1/users", headers=h.bearer(user["accessToken"])).get_json()
    assert me["subscriptions"] == [] and me["apiSubscriptions"] == []
    assert me["tier"] is None and me["planName"] is None and me["apiCredits"] == 0
    h.give_tier(db_url, "trader@example.com", "live")
    me = client.get("/api/v1/users", headers=h.bearer(user["accessToken"])).get_json()
    assert me["subscriptions"] == [{"id": "prod_volland_live", "name": "live"}]
    assert me["tier"] == "live" and me["planName"] == "Volland Live"
    assert set(me) >= {"id", "firstName", "email", "roles", "subscriptions", "apiSubscriptions"}


def test_put_user_first_name_and_password(client, h, user):
    headers = h.bearer(user["accessToken"])
    resp = client.put("/api/v1/users", json={"firstName": "  Ada Lovelace "}, headers=headers)
    assert resp.status_code == 200 and resp.get_json()["firstName"] == "Ada Lovelace"
    body = h.assert_error(client.put("/api/v1/users", json={"newPassword": "new-password-1"}, headers=headers), 422)
    assert "currentPassword" in body["errors"]
    h.assert_error(client.put("/api/v1/users", json={"currentPassword": "wrong", "newPassword": "new-password-1"},
                              headers=headers), 400, "invalid_password")
    ok = client.put("/api/v1/users", json={"currentPassword": h.PASSWORD, "newPassword": "new-password-1"},
                    headers=headers)
    assert ok.status_code == 200
    # This session stays signed in; the new password is the one that works.
    assert client.get("/api/v1/users", headers=headers).status_code == 200
    client.post("/api/v1/auth/logout", json={}, headers=headers)
    h.assert_error(h.login(client), 401)
    assert h.login(client, password="new-password-1").status_code == 200


def test_the_clock_is_kept_with_the_user(client, h, user):
    """App spec §9: the clock is 24 h or 12 h, kept with the user's settings (24 h until chosen)."""
    headers = h.bearer(user["accessToken"])
    assert client.get("/api/v1/users", headers=headers).get_json()["clock"] == "24h"
    resp = client.put("/api/v1/users", json={"clock": "12h"}, headers=headers)
    assert resp.status_code == 200 and resp.get_json()["clock"] == "12h"
    # Kept in the account: read back, and changing the name leaves it alone.
    client.put("/api/v1/users", json={"firstName": "Ada"}, headers=headers)
    assert client.get("/api/v1/users", headers=headers).get_json()["clock"] == "12h"
    body = h.assert_error(client.put("/api/v1/users", json={"clock": "13h"}, headers=headers), 422)
    assert "clock" in body["errors"]
    assert client.get("/api/v1/users", headers=headers).get_json()["clock"] == "12h"


@pytest.mark.parametrize("payload, field", [({"email": "x@example.com"}, "email"), ({"firstName": ""}, "firstName"),
                                            ({"roles": ["Admin"]}, "roles")])
def test_put_user_rejects_other_fields(client, h, user, payload, field):
    body = h.assert_error(client.put("/api/v1/users", json=payload, headers=h.bearer(user["accessToken"])), 422)
    assert field in body["errors"]


def test_invoices_own_only(client, h, user):
    headers = h.bearer(user["accessToken"])
    assert client.get("/api/v1/users/1/invoices", headers=headers).get_json() == []
    h.assert_error(client.get("/api/v1/users/2/invoices", headers=headers), 403)
    h.assert_error(client.get("/api/v1/users/1/invoices"), 401)


def test_academy_progress_is_empty_until_lessons_are_published(client, h, user):
    resp = client.get("/api/v1/users/lms/progress", headers=h.bearer(user["accessToken"]))
    assert resp.status_code == 200
    assert resp.get_json() == {"lessonsProgress": [], "userLmsPoints": 0}
    h.assert_error(client.get("/api/v1/users/lms/progress"), 401)


def test_api_keys_lifecycle(client, h, user, app):
    headers = h.bearer(user["accessToken"])
    first = client.post("/api/v1/api-keys", headers=headers)
    assert first.status_code == 201
    first = first.get_json()
    assert first["apiKey"].startswith("vol_") and len(first["apiKey"]) > 30
    second = client.post("/api/v1/api-keys", headers=headers).get_json()
    h.assert_error(client.post("/api/v1/api-keys", headers=headers), 409, "api_key_limit")
    listed = client.get("/api/v1/api-keys", headers=headers).get_json()
    assert [k["id"] for k in listed] == [first["id"], second["id"]]
    for item in listed:
        assert "apiKey" not in item and first["apiKey"] not in item["maskedKey"]
        assert item["maskedKey"].startswith(first["apiKey"][:4]) and item["createdAt"]
    from api.security import user_for_api_key

    with app.test_request_context():
        assert user_for_api_key(first["apiKey"]).email == "trader@example.com"
        assert user_for_api_key(first["apiKey"] + "x") is None
    assert client.delete(f"/api/v1/api-keys/{first['id']}", headers=headers).status_code == 204
    h.assert_error(client.delete(f"/api/v1/api-keys/{first['id']}", headers=headers), 404)
    with app.test_request_context():
        assert user_for_api_key(first["apiKey"]) is None
    assert client.post("/api/v1/api-keys", headers=headers).status_code == 201


def test_api_keys_only_hash_stored(client, h, user, db_url):
    import sqlalchemy as sa
    from api.db import get_engine

    key = client.post("/api/v1/api-keys", headers=h.bearer(user["accessToken"])).get_json()["apiKey"]
    with get_engine(db_url).connect() as conn:
        row = conn.execute(sa.text("SELECT key_hash, prefix, last_chars FROM api_keys")).one()
    assert key not in "".join(row) and len(row[0]) == 64


def test_api_keys_of_another_user(client, h, user):
    key = client.post("/api/v1/api-keys", headers=h.bearer(user["accessToken"])).get_json()
    other = h.signup(client, email="other@example.com")
    h.assert_error(client.delete(f"/api/v1/api-keys/{key['id']}", headers=h.bearer(other["accessToken"])), 404)
    assert client.get("/api/v1/api-keys", headers=h.bearer(other["accessToken"])).get_json() == []


def test_products_regular_and_api(client):
    regular = client.get("/api/v1/stripe/products").get_json()["products"]
    assert {p["name"] for p in regular} == {"Volland Live", "Volland 30", "Volland 3", "Volland Basic"}
    amounts = [p["price"]["amount"] for p in regular]
    assert amounts == sorted(amounts)
    for p in regular:
        assert p["metadata"]["paymentType"] == "subscription" and p["features"] and "name" in p["features"][0]
    packs = client.get("/api/v1/stripe/products?productType=volland-api").get_json()["products"]
    # The Enterprise card has no price (sold on request) and sorts first; every pack has credits.
    assert packs[0]["name"] == "Enterprise" and packs[0]["price"] is None and "credits" not in packs[0]["metadata"]
    assert packs[1:] and all(p["metadata"]["credits"] > 0 for p in packs[1:])
    assert {p["metadata"]["paymentType"] for p in packs} <= {"single", "subscription"}
    assert sum(p["mostPopular"] for p in packs) == 1


def test_products_bad_query(client, h):
    body = h.assert_error(client.get("/api/v1/stripe/products?productType=gold"), 422)
    assert "productType" in body["errors"]


def test_checkout_and_portal_unavailable(make_app, h, monkeypatch):
    monkeypatch.setenv("VOLLAND_BILLING_PROVIDER", "off")
    client = make_app().test_client()
    user = h.signup(client)
    headers = h.bearer(user["accessToken"])
    for resp in (client.get("/api/v1/stripe/checkout-session/price_volland_live_month", headers=headers),
                 client.post("/api/v1/stripe/portal-session", headers=headers)):
        body = h.assert_error(resp, 503, "billing_unavailable")
        assert body["message"] == "Purchasing is not available on this installation."
    h.assert_error(client.post("/api/v1/stripe/portal-session"), 401)


def test_catalog_tier_for():
    from api import catalog

    assert catalog.tier_for([]) is None
    assert catalog.tier_for(["prod_volland_basic", "prod_volland_30_launch"]) == "30"
    assert catalog.tier_for(["prod_unknown"]) is None
    for tier in catalog.TIERS.values():
        assert len(tier.product_ids) == 2 and all(catalog.tier_for([p]) == tier.id for p in tier.product_ids)


def test_contact_form(client, h, tmp_path, db_url):
    payload = {"name": "Lin", "email": "lin@example.com", "subject": "Enterprise API", "message": "Call me."}
    resp = client.post("/api/v1/contact", json=payload)
    assert resp.status_code == 201
    import sqlalchemy as sa
    from api.db import get_engine

    with get_engine(db_url).connect() as conn:
        assert conn.execute(sa.text("SELECT subject FROM contact_messages")).scalar_one() == "Enterprise API"
    mail = list((tmp_path / "var" / "outbox").glob("*.eml"))
    assert len(mail) == 1 and "lin@example.com" in mail[0].read_text()
    body = h.assert_error(client.post("/api/v1/contact", json={**payload, "email": "nope", "message": ""}), 422)
    assert {"email", "message"} <= set(body["errors"])


def test_contact_rate_limited(make_app, h):
    client = make_app(CONTACT_RATE_LIMIT="1 per minute").test_client()
    payload = {"name": "Lin", "email": "lin@example.com", "subject": "Hi", "message": "Hello"}
    assert client.post("/api/v1/contact", json=payload).status_code == 201
    h.assert_error(client.post("/api/v1/contact", json=payload), 429)


def test_admin_required(make_app, h, db_url):
    from flask import jsonify

    from api.security import admin_required

    app = make_app(fresh=True)
    client = app.test_client()

    @app.get("/api/v1/test-admin-only")
    @admin_required
    def admin_only():
        return jsonify(ok=True)

    user = h.signup(client)
    h.assert_error(client.get("/api/v1/test-admin-only", headers=h.bearer(user["accessToken"])), 403, "forbidden")
    h.assert_error(client.get("/api/v1/test-admin-only"), 401)
    import sqlalchemy as sa
    from api.db import get_engine

    with get_engine(db_url).begin() as conn:
        conn.execute(sa.text("""UPDATE users SET roles = '["User", "Admin"]'"""))
    resp = client.get("/api/v1/test-admin-only", headers=h.bearer(user["accessToken"]))
    assert resp.status_code == 200
    assert "Admin" in client.get("/api/v1/users", headers=h.bearer(user["accessToken"])).get_json()["roles"]


def test_api_keys_record_when_they_were_last_used(client, h, user, app, db_url):
    """A key's use is recorded (to the minute: at most one write a minute per key) and listed as lastUsedAt."""
    from datetime import datetime, timedelta, timezone

    import sqlalchemy as sa
    from api.db import get_engine
    from api.security import user_for_api_key

    headers = h.bearer(user["accessToken"])
    made = client.post("/api/v1/api-keys", headers=headers).get_json()
    assert made["lastUsedAt"] is None
    assert client.get("/api/v1/api-keys", headers=headers).get_json()[0]["lastUsedAt"] is None
    before = datetime.now(timezone.utc)
    with app.test_request_context():
        assert user_for_api_key(made["apiKey"]) is not None
    used = client.get("/api/v1/api-keys", headers=headers).get_json()[0]["lastUsedAt"]
    assert used is not None
    first = datetime.fromisoformat(used.replace("Z", "+00:00"))
    assert before - timedelta(seconds=1) <= first <= datetime.now(timezone.utc) + timedelta(seconds=1)
    # A second use within the minute writes nothing; one after it moves the time on.
    with app.test_request_context():
        user_for_api_key(made["apiKey"])
    assert client.get("/api/v1/api-keys", headers=headers).get_json()[0]["lastUsedAt"] == used
    with get_engine(db_url).begin() as conn:
        conn.execute(sa.text("UPDATE api_keys SET last_used_at = :t"), {"t": first - timedelta(minutes=5)})
    with app.test_request_context():
        user_for_api_key(made["apiKey"])
    moved = client.get("/api/v1/api-keys", headers=headers).get_json()[0]["lastUsedAt"]
    assert datetime.fromisoformat(moved.replace("Z", "+00:00")) >= first
    # A wrong key records nothing on the real one.
    with get_engine(db_url).begin() as conn:
        conn.execute(sa.text("UPDATE api_keys SET last_used_at = NULL"))
    with app.test_request_context():
        assert user_for_api_key(made["apiKey"] + "x") is None
    assert client.get("/api/v1/api-keys", headers=headers).get_json()[0]["lastUsedAt"] is None
