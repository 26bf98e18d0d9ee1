"""Newsletter list, admin users, data freshness and grouped client error reports on both databases."""

from __future__ import annotations

import csv
import io

import pytest
import sqlalchemy as sa


def _admin(client, h, db_url, email="boss@example.com"):
    from api.db import session_scope
    from api.models import User

    token = h.signup(client, email=email, first_name="Boss")["accessToken"]
    with session_scope(db_url) as db:
        db.execute(sa.update(User).where(User.email == email).values(roles=["User", "Admin"]))
    return h.bearer(token)


def test_newsletter_opt_in_at_sign_up_settings_and_unsubscribe(client, h, db_url):
    admin = _admin(client, h, db_url)
    resp = client.post("/api/v1/auth/signup", json={"firstName": "Nia", "email": "nia@example.com",
                                                    "password": h.PASSWORD, "newsletter": True})
    nia = h.bearer(resp.get_json()["accessToken"])
    bo = h.bearer(h.signup(client, email="bo@example.com", first_name="Bo")["accessToken"])
    assert client.get("/api/v1/enlisted-users", headers=nia).get_json()["enlisted"] is True
    assert client.get("/api/v1/enlisted-users", headers=bo).get_json() == \
        {"email": "bo@example.com", "enlisted": False, "enlistedAt": None}
    assert client.put("/api/v1/enlisted-users", headers=bo).get_json()["enlisted"] is True

    listed = client.get("/api/v1/admin/enlisted-users", headers=admin).get_json()
    assert listed["total"] == 2 and {u["email"] for u in listed["items"]} == {"nia@example.com", "bo@example.com"}
    assert {u["email"]: u["source"] for u in listed["items"]} == {"nia@example.com": "sign-up",
                                                                  "bo@example.com": "settings"}
    found = client.get("/api/v1/admin/enlisted-users?search=NIA", headers=admin).get_json()
    assert [u["email"] for u in found["items"]] == ["nia@example.com"]
    # LIKE wildcards in a search are literal.
    assert client.get("/api/v1/admin/enlisted-users?search=%25", headers=admin).get_json()["total"] == 0
    paged = client.get("/api/v1/admin/enlisted-users?page=2&pageSize=1", headers=admin).get_json()
    assert (len(paged["items"]), paged["total"], paged["page"]) == (1, 2, 2)

    exported = client.get("/api/v1/admin/enlisted-users?format=csv", headers=admin)
    assert exported.status_code == 200 and exported.mimetype == "text/csv"
    rows = list(csv.reader(io.StringIO(exported.get_data(as_text=True))))
    assert rows[0] == ["email", "first_name", "enlisted_at", "source"]
    assert sorted(r[0] for r in rows[1:]) == ["bo@example.com", "nia@example.com"]

    assert client.delete("/api/v1/enlisted-users", headers=nia).get_json()["enlisted"] is False
    after = client.get("/api/v1/admin/enlisted-users", headers=admin).get_json()
    assert [u["email"] for u in after["items"]] == ["bo@example.com"]


def test_the_document_names_both_bodies_of_the_enlisted_users_export(client):
    """The route answers JSON or, with format=csv, text/csv: the document lists both under 200."""
    spec = client.get("/api/openapi.json").get_json()
    content = spec["paths"]["/api/v1/admin/enlisted-users"]["get"]["responses"]["200"]["content"]
    assert content["application/json"]["schema"] == {"$ref": "#/components/schemas/EnlistedPage"}
    assert content["text/csv"]["schema"] == {"type": "string"}


def test_csv_export_neutralises_formula_names(client, h, db_url):
    admin = _admin(client, h, db_url)
    user = h.bearer(h.signup(client, email="f@example.com", first_name="=cmd")["accessToken"])
    client.put("/api/v1/enlisted-users", headers=user)
    text = client.get("/api/v1/admin/enlisted-users?format=csv", headers=admin).get_data(as_text=True)
    assert "'=cmd" in text


def test_admin_users_search_tier_role_and_referral_column(client, h, db_url):
    admin = _admin(client, h, db_url)
    h.signup(client, email="live@example.com", first_name="Liv")
    h.give_tier(db_url, "live@example.com", "live")
    h.signup(client, email="plain@example.com", first_name="Pat")
    body = client.get("/api/v1/admin/users", headers=admin).get_json()
    assert body["total"] == 3
    assert set(body["items"][0]) >= {"id", "email", "firstName", "roles", "tier", "createdAt", "referral"}
    live = client.get("/api/v1/admin/users?tier=live", headers=admin).get_json()["items"]
    assert [u["email"] for u in live] == ["live@example.com"] and live[0]["planName"] == "Volland Live"
    admins = client.get("/api/v1/admin/users?role=Admin", headers=admin).get_json()["items"]
    assert [u["email"] for u in admins] == ["boss@example.com"]
    assert [u["email"] for u in client.get("/api/v1/admin/users?search=pat", headers=admin).get_json()["items"]] \
        == ["plain@example.com"]
    none = client.get("/api/v1/admin/users?tier=none", headers=admin).get_json()["items"]
    assert {u["email"] for u in none} == {"boss@example.com", "plain@example.com"}


def test_admin_freshness_lists_the_configured_source(client, h, db_url):
    admin = _admin(client, h, db_url)
    sources = client.get("/api/v1/admin/freshness", headers=admin).get_json()["sources"]
    assert [s["source"] for s in sources if s["configured"]] == ["synthetic"]


def test_client_errors_are_grouped_by_fingerprint_and_listed_for_admins(make_app, h, db_url):
    client = make_app(CLIENT_ERROR_RATE_LIMIT="1000 per minute").test_client()
    admin = _admin(client, h, db_url)
    crash = {"message": "Cannot read properties of undefined (reading 'x') id 41", "stack": "at Widget (a.js:1:2)",
             "kind": "crash", "route": "/app/workspace/:id", "release": "1.2.3", "fingerprint": "abc"}
    first = client.post("/api/v1/client-errors", json=crash).get_json()
    # The same fault with another id and other line numbers joins the same group.
    second = client.post("/api/v1/client-errors", json={**crash, "message": crash["message"].replace("41", "42"),
                                                        "stack": "at Widget (a.js:9:7)"}).get_json()
    assert first["fingerprint"] == second["fingerprint"] != "abc"
    client.post("/api/v1/client-errors", json={"message": "HTTP 500 on workspaces", "kind": "http500",
                                               "route": "/app"})
    groups = client.get("/api/v1/admin/client-errors", headers=admin).get_json()
    assert groups["total"] == 2
    by_kind = {g["kind"]: g for g in groups["items"]}
    assert by_kind["crash"]["count"] == 2 and by_kind["crash"]["release"] == "1.2.3"
    assert by_kind["crash"]["route"] == "/app/workspace/:id" and by_kind["http500"]["count"] == 1
    only = client.get("/api/v1/admin/client-errors?kind=http500", headers=admin).get_json()
    assert [g["kind"] for g in only["items"]] == ["http500"]
    h.assert_error(client.post("/api/v1/client-errors", json={"message": "x", "kind": "other"}), 422)


def test_client_error_groups_are_capped(make_app, h, db_url, monkeypatch):
    monkeypatch.setenv("VOLLAND_CLIENT_ERROR_GROUPS_MAX", "2")
    client = make_app(CLIENT_ERROR_RATE_LIMIT="1000 per minute").test_client()
    admin = _admin(client, h, db_url)
    for i in range(4):
        assert client.post("/api/v1/client-errors", json={"message": f"fault {'ab'[i % 2]}{'x' * i}"}).status_code \
            == 202
    assert client.get("/api/v1/admin/client-errors", headers=admin).get_json()["total"] == 2


def test_client_errors_are_rate_limited(make_app):
    client = make_app(CLIENT_ERROR_RATE_LIMIT="2 per minute").test_client()
    codes = [client.post("/api/v1/client-errors", json={"message": "boom"}).status_code for _ in range(3)]
    assert codes == [202, 202, 429]


@pytest.mark.parametrize("configured", [True, False])
def test_site_config_serves_links_only_when_set(make_app, monkeypatch, configured):
    if configured:
        monkeypatch.setenv("VOLLAND_LINK_COMMUNITY", "https://chat.volland.test/join")
        monkeypatch.setenv("VOLLAND_SUPPORT_EMAIL", "help@volland.test")
    else:
        monkeypatch.delenv("VOLLAND_LINK_COMMUNITY", raising=False)
        monkeypatch.delenv("VOLLAND_SUPPORT_EMAIL", raising=False)
    body = make_app().test_client().get("/api/v1/site/config").get_json()
    links = body["links"]
    if configured:
        assert links["community"] == "https://chat.volland.test/join" and links["supportEmail"] == "help@volland.test"
    else:
        assert links["community"] is None and links["supportEmail"] is None
    assert links["video"] is None and body["sentryDsn"] is None


def test_site_config_serves_the_footers_two_partner_slots(make_app, monkeypatch):
    """The spec's footer has two external partner sites: each slot is a link and its name, in order."""
    for name in ("LINK_PARTNER", "LINK_PARTNER_NAME", "LINK_PARTNER_SECOND", "LINK_PARTNER_SECOND_NAME"):
        monkeypatch.delenv(f"VOLLAND_{name}", raising=False)
    assert make_app().test_client().get("/api/v1/site/config").get_json()["partners"] == []
    monkeypatch.setenv("VOLLAND_LINK_PARTNER", "https://www.broker.volland.test/open")
    monkeypatch.setenv("VOLLAND_LINK_PARTNER_SECOND", "https://charts.volland.test/")
    monkeypatch.setenv("VOLLAND_LINK_PARTNER_SECOND_NAME", "Charting partner")
    body = make_app().test_client().get("/api/v1/site/config").get_json()
    assert body["partners"] == [{"name": "broker.volland.test", "url": "https://www.broker.volland.test/open"},
                                {"name": "Charting partner", "url": "https://charts.volland.test/"}]
    assert body["links"]["partner"] == "https://www.broker.volland.test/open"
