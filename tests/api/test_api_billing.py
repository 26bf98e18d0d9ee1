"""Billing: the embedded provider's purchase flow end to end, event processing (duplicates, order,
failures), the Stripe webhook signature, and the Stripe provider against a local HTTP stub."""

from __future__ import annotations

import hashlib
import hmac
import json
import re
import time
from datetime import datetime, timedelta, timezone
from urllib.parse import parse_qs, urlsplit

import jwt as pyjwt
import pytest
import sqlalchemy as sa

from api import catalog
from api.billing import local
from api.billing.events import process_event
from api.billing.providers import _products_cache
from api.db import session_scope
from api.models import ApiCreditAccount, BillingEvent, Invoice, Purchase, Subscription, User

LIVE = catalog.TIERS["live"]
BASIC = catalog.TIERS["basic"]
PACK_1K = catalog.API_PACKS[0]


def _me(client, h, tokens) -> dict:
    return client.get("/api/v1/users", headers=h.bearer(tokens["accessToken"])).get_json()


def _checkout(client, h, tokens, price_id, **query):
    return client.get(f"/api/v1/stripe/checkout-session/{price_id}", query_string=query,
                      headers=h.bearer(tokens["accessToken"]))


def _pay(client, url: str, action: str = "pay"):
    path = urlsplit(url).path
    page = client.get(path)
    assert page.status_code == 200 and b"checkout-pay" in page.data
    return client.post(f"{path}/{action}")


def _data_tier(client, h, tokens) -> str | None:
    token = client.post("/api/v1/auth/generate-data-api-token",
                        headers=h.bearer(tokens["accessToken"])).get_json()["dataApiAccessToken"]
    return pyjwt.decode(token, options={"verify_signature": False})["tier"]


# ---------------------------------------------------------------- embedded provider, end to end

def test_subscribe_through_local_checkout(client, h, db_url):
    tokens = h.signup(client)
    assert _me(client, h, tokens)["tier"] is None and _data_tier(client, h, tokens) is None
    resp = _checkout(client, h, tokens, LIVE.price_id, fp_ref="partner-7")
    assert resp.status_code == 200, resp.get_json()
    url = resp.get_json()["url"]
    assert re.search(r"/billing/local/checkout/cs_local_[\w-]+$", url)
    done = _pay(client, url)
    assert done.status_code == 303 and "/checkout/success?session_id=cs_local_" in done.headers["Location"]

    me = _me(client, h, tokens)
    assert me["tier"] == "live" and me["planName"] == "Volland Live"
    assert [s["id"] for s in me["subscriptions"]] == [LIVE.product_id]
    # The next data token (no new login) carries the new tier.
    assert _data_tier(client, h, tokens) == "live"
    invoices = client.get(f"/api/v1/users/{me['id']}/invoices", headers=h.bearer(tokens["accessToken"])).get_json()
    assert [(i["amount"], i["status"]) for i in invoices] == [(249.0, "paid")]
    with session_scope(db_url) as db:
        purchase = db.execute(sa.select(Purchase)).scalar_one()
        sub = db.execute(sa.select(Subscription)).scalar_one()
        assert purchase.status == "complete" and purchase.referral == "partner-7"
        assert sub.referral == "partner-7" and sub.provider_subscription_id.startswith("sub_local_")
    # The current plan is no longer offered, and a second checkout is refused: plans change in the portal.
    names = [p["name"] for p in client.get("/api/v1/stripe/products",
                                           headers=h.bearer(tokens["accessToken"])).get_json()["products"]]
    assert "Volland Live" not in names and len(names) == 3
    h.assert_error(_checkout(client, h, tokens, BASIC.price_id), 409, "already_subscribed")
    # A used checkout cannot be paid twice.
    assert client.get(urlsplit(url).path).status_code == 410


def test_cancelled_checkout_changes_nothing(client, h, db_url):
    tokens = h.signup(client)
    url = _checkout(client, h, tokens, BASIC.price_id).get_json()["url"]
    resp = client.post(urlsplit(url).path + "/cancel")
    assert resp.status_code == 303 and resp.headers["Location"].endswith("/checkout/failed")
    assert _me(client, h, tokens)["tier"] is None


def test_declined_card_gives_no_plan_and_a_failed_invoice(client, h):
    tokens = h.signup(client)
    url = _checkout(client, h, tokens, BASIC.price_id).get_json()["url"]
    resp = _pay(client, url, "decline")
    assert resp.status_code == 303 and resp.headers["Location"].endswith("/checkout/failed")
    me = _me(client, h, tokens)
    assert me["tier"] is None and _data_tier(client, h, tokens) is None
    invoices = client.get(f"/api/v1/users/{me['id']}/invoices", headers=h.bearer(tokens["accessToken"])).get_json()
    assert [(i["amount"], i["status"]) for i in invoices] == [(29.0, "failed")]


def test_api_pack_needs_live_and_adds_credits(client, h, db_url):
    tokens = h.signup(client)
    h.give_tier(db_url, "trader@example.com", "basic")
    body = h.assert_error(_checkout(client, h, tokens, PACK_1K.price_id, productType="volland-api"), 403,
                          "live_subscription_required")
    assert "Live" in body["message"]
    # The price decides the plan type: an API price without productType is refused.
    h.assert_error(_checkout(client, h, tokens, PACK_1K.price_id), 422, "wrong_product_type")

    h.give_tier(db_url, "trader@example.com", "live")
    url = _checkout(client, h, tokens, PACK_1K.price_id, productType="volland-api", fp_ref="pack-ref").get_json()["url"]
    assert _pay(client, url).status_code == 303
    assert _me(client, h, tokens)["apiCredits"] == 1000
    with session_scope(db_url) as db:
        purchase = db.execute(sa.select(Purchase)).scalar_one()
        assert (purchase.mode, purchase.credits_granted, purchase.referral) == ("payment", 1000, "pack-ref")


def _open_portal(client, h, tokens) -> tuple[str, str]:
    """Open the embedded portal from its link; the portal page and its form token."""
    resp = client.post("/api/v1/stripe/portal-session", headers=h.bearer(tokens["accessToken"]))
    assert resp.status_code == 200
    opened = client.get(urlsplit(resp.get_json()["url"]).path)
    assert opened.status_code == 303
    page = client.get(urlsplit(opened.headers["Location"]).path)
    assert page.status_code == 200
    text = page.get_data(as_text=True)
    match = re.search(r'name="csrf" value="([^"]+)"', text)
    return text, match.group(1) if match else ""


def test_portal_downgrade_is_prorated_and_cancel_ends_the_plan_at_the_period_end(client, h, db_url):
    tokens = h.signup(client)
    _pay(client, _checkout(client, h, tokens, LIVE.price_id).get_json()["url"])
    page, csrf = _open_portal(client, h, tokens)
    assert "Volland Live" in page
    with session_scope(db_url) as db:
        sub_id = db.execute(sa.select(Subscription.id)).scalar_one()

    down = client.post(f"{local.PORTAL_PATH}change", data={"subscription": str(sub_id), "price": BASIC.price_id,
                                                            "csrf": csrf})
    assert down.status_code == 303
    me = _me(client, h, tokens)
    assert me["tier"] == "basic" and _data_tier(client, h, tokens) == "basic"
    invoices = client.get(f"/api/v1/users/{me['id']}/invoices", headers=h.bearer(tokens["accessToken"])).get_json()
    # Changed at once within the first period: the unused part of Live comes back as a credit.
    proration = [i for i in invoices if "prorated" in (i["description"] or "")]
    assert len(proration) == 1 and -(249 - 29) <= proration[0]["amount"] < 0

    assert client.post(f"{local.PORTAL_PATH}cancel", data={"subscription": str(sub_id), "csrf": csrf}).status_code == 303
    # Cancelled at the period's end: the plan stays until then...
    assert _me(client, h, tokens)["tier"] == "basic"
    with session_scope(db_url) as db:
        db.execute(sa.update(Subscription).values(current_period_end=datetime.now(timezone.utc) - timedelta(seconds=1)))
        assert local.end_due_cancellations(db) == 1
    # ... and ends when it is over.
    me = _me(client, h, tokens)
    assert me["tier"] is None and me["subscriptions"] == [] and _data_tier(client, h, tokens) is None
    # A user who has ended the plan can subscribe again.
    assert _checkout(client, h, tokens, BASIC.price_id).status_code == 200


def test_portal_link_is_bound_to_its_user_and_expires(client, h, app):
    tokens = h.signup(client)
    url = client.post("/api/v1/stripe/portal-session", headers=h.bearer(tokens["accessToken"])).get_json()["url"]
    assert client.get(urlsplit(url).path).status_code == 303
    sid = pyjwt.decode(tokens["accessToken"], options={"verify_signature": False})["sid"]
    with app.app_context():
        forged = pyjwt.encode({"sub": "1", "sid": sid, "jti": "x", "iat": int(time.time()) - 300,
                               "type": local.PORTAL_TICKET_TYPE, "exp": int(time.time()) - 10},
                              app.config["JWT_SECRET_KEY"], algorithm="HS256")
    assert client.get(f"{local.PORTAL_PATH}{forged}").status_code == 403
    assert client.get(f"{local.PORTAL_PATH}not-a-token").status_code == 403


def test_proration_rule():
    start = datetime(2026, 1, 1, tzinfo=timezone.utc)
    assert local.proration_cents(2900, 24900, start, start) == 22000  # upgrade at once: the whole difference
    assert local.proration_cents(24900, 2900, start, start + timedelta(days=15)) == -11000  # half a period
    assert local.proration_cents(2900, 24900, start, start + timedelta(days=30)) == 22000  # a new period


def test_referral_stored_at_signup(client, h, db_url):
    resp = client.post("/api/v1/auth/signup", json={"firstName": "Ref", "email": "ref@example.com",
                                                    "password": h.PASSWORD, "referral": "aff-99"})
    assert resp.status_code == 201
    assert _me(client, h, resp.get_json())["referral"] == "aff-99"
    # A checkout without fp_ref keeps the sign-up referral with the purchase.
    assert _checkout(client, h, resp.get_json(), BASIC.price_id).status_code == 200
    with session_scope(db_url) as db:
        assert db.execute(sa.select(Purchase.referral)).scalar_one() == "aff-99"


def test_checkout_unknown_price(client, h):
    h.assert_error(_checkout(client, h, h.signup(client), "price_nope"), 404, "unknown_price")


# ---------------------------------------------------------------- events: duplicates, order, failures

def _user(db_url) -> int:
    with session_scope(db_url) as db:
        user = User(email="events@example.com", first_name="E", roles=["User"])
        db.add(user)
        db.flush()
        return user.id


def _sub_event(eid, etype, created, user_id, status="active", product=LIVE.product_id, sub="sub_1"):
    return {"id": eid, "type": etype, "created": created, "data": {"object": {
        "id": sub, "object": "subscription", "customer": "cus_1", "status": status,
        "metadata": {"userId": str(user_id)}, "items": {"data": [{"price": {"id": "p", "product": product}}]}}}}


def _apply(db_url, event) -> bool:
    with session_scope(db_url) as db:
        return process_event(db, event, "stripe")


def _subs(db_url) -> list[tuple]:
    with session_scope(db_url) as db:
        return [(s.name, s.status) for s in db.execute(sa.select(Subscription)).scalars()]


def test_duplicate_event_is_applied_once(app, db_url):
    uid = _user(db_url)
    event = {"id": "evt_pack", "type": "checkout.session.completed", "created": 100, "data": {"object": {
        "id": "cs_1", "mode": "payment", "payment_status": "paid", "client_reference_id": str(uid),
        "customer": "cus_1", "metadata": {"credits": "1000", "productId": PACK_1K.id, "kind": "api"}}}}
    assert _apply(db_url, event) is True
    assert _apply(db_url, event) is False
    # Same session delivered under another event id (a second event for one checkout): still once.
    assert _apply(db_url, {**event, "id": "evt_pack_again"}) is True
    with session_scope(db_url) as db:
        assert db.get(ApiCreditAccount, uid).balance == 1000
        assert db.execute(sa.select(sa.func.count()).select_from(BillingEvent)).scalar_one() == 2
        assert db.get(User, uid).billing_customer_id == "cus_1"


def test_out_of_order_subscription_events(app, db_url):
    uid = _user(db_url)
    # The update (downgrade to basic) arrives before the creation it follows.
    assert _apply(db_url, _sub_event("evt_2", "customer.subscription.updated", 200, uid, product=BASIC.product_id))
    assert _apply(db_url, _sub_event("evt_1", "customer.subscription.created", 100, uid))
    assert _subs(db_url) == [("basic", "active")]
    # Deleted, then a late update: the plan stays ended.
    assert _apply(db_url, _sub_event("evt_4", "customer.subscription.deleted", 400, uid, status="canceled",
                                     product=BASIC.product_id))
    assert _apply(db_url, _sub_event("evt_3", "customer.subscription.updated", 300, uid))
    assert _apply(db_url, _sub_event("evt_5", "customer.subscription.updated", 500, uid))
    assert _subs(db_url) == [("basic", "canceled")]


def test_payment_failure_then_unpaid_ends_access(app, db_url):
    uid = _user(db_url)
    _apply(db_url, _sub_event("evt_c", "customer.subscription.created", 100, uid))
    failed = {"id": "evt_f", "type": "invoice.payment_failed", "created": 200, "data": {"object": {
        "id": "in_1", "number": "INV-1", "customer": "cus_1", "subscription": "sub_1", "currency": "usd",
        "amount_due": 24900, "billing_reason": "subscription_cycle", "created": 200}}}
    _apply(db_url, failed)
    # While the provider retries (past_due) the plan keeps working; unpaid ends it.
    _apply(db_url, _sub_event("evt_pd", "customer.subscription.updated", 210, uid, status="past_due"))
    assert _subs(db_url) == [("live", "active")]
    _apply(db_url, _sub_event("evt_u", "customer.subscription.updated", 300, uid, status="unpaid"))
    assert _subs(db_url) == [("live", "canceled")]
    with session_scope(db_url) as db:
        invoice = db.execute(sa.select(Invoice)).scalar_one()
        assert (invoice.number, invoice.status, invoice.amount_cents) == ("INV-1", "failed", 24900)
    # A late failure notice for an invoice already paid does not turn it back.
    paid = {"id": "evt_p", "type": "invoice.paid", "created": 400, "data": {"object": {
        **failed["data"]["object"], "id": "in_2", "number": "INV-2", "amount_paid": 24900}}}
    _apply(db_url, paid)
    _apply(db_url, {**failed, "id": "evt_f2", "data": {"object": {**failed["data"]["object"], "id": "in_2",
                                                                   "number": "INV-2"}}})
    with session_scope(db_url) as db:
        assert db.execute(sa.select(Invoice.status).where(Invoice.number == "INV-2")).scalar_one() == "paid"


def test_monthly_api_pack_credits_on_each_period(app, db_url):
    monthly = next(p for p in catalog.API_PACKS if p.payment_type == "subscription")
    uid = _user(db_url)
    _apply(db_url, _sub_event("evt_s", "customer.subscription.created", 100, uid, product=monthly.id, sub="sub_api"))
    for n, reason in enumerate(("subscription_create", "subscription_update", "subscription_cycle")):
        _apply(db_url, {"id": f"evt_i{n}", "type": "invoice.paid", "created": 200 + n, "data": {"object": {
            "id": f"in_{n}", "customer": "cus_1", "subscription": "sub_api", "amount_paid": 49900,
            "billing_reason": reason}}})
    with session_scope(db_url) as db:
        assert db.get(ApiCreditAccount, uid).balance == 2 * monthly.credits  # not for the proration invoice
    assert _subs(db_url) == [(monthly.name, "active")]


# ---------------------------------------------------------------- Stripe: webhook signature

WHSEC = "whsec_test_secret"


def _sign(payload: bytes, secret: str = WHSEC, at: int | None = None) -> str:
    at = int(time.time()) if at is None else at
    mac = hmac.new(secret.encode(), f"{at}.".encode() + payload, hashlib.sha256).hexdigest()
    return f"t={at},v1={mac}"


@pytest.fixture
def stripe_env(monkeypatch, httpserver):
    monkeypatch.delenv("VOLLAND_BILLING_PROVIDER")  # the key alone chooses Stripe
    monkeypatch.setenv("VOLLAND_STRIPE_SECRET_KEY", "sk_test_local")
    monkeypatch.setenv("VOLLAND_STRIPE_WEBHOOK_SECRET", WHSEC)
    monkeypatch.setenv("VOLLAND_STRIPE_API_BASE", httpserver.url_for("").rstrip("/"))
    monkeypatch.setenv("VOLLAND_PUBLIC_URL", "https://volland.example")
    _products_cache.clear()
    yield httpserver
    _products_cache.clear()


def _post_webhook(client, payload: bytes, signature: str | None):
    headers = {"Content-Type": "application/json"}
    if signature is not None:
        headers["Stripe-Signature"] = signature
    return client.post("/api/v1/stripe/webhook", data=payload, headers=headers)


def test_webhook_signature(client, h, db_url, stripe_env):
    uid = _user(db_url)
    payload = json.dumps(_sub_event("evt_w1", "customer.subscription.created", int(time.time()), uid)).encode()
    h.assert_error(_post_webhook(client, payload, None), 400, "invalid_signature")
    h.assert_error(_post_webhook(client, payload, _sign(payload, "whsec_other")), 400, "invalid_signature")
    tampered = payload.replace(b'"active"', b'"trialing"')
    h.assert_error(_post_webhook(client, tampered, _sign(payload)), 400, "invalid_signature")
    stale = _sign(payload, at=int(time.time()) - 3600)
    h.assert_error(_post_webhook(client, payload, stale), 400, "invalid_signature")
    assert _subs(db_url) == []

    resp = _post_webhook(client, payload, _sign(payload))
    assert resp.status_code == 200 and resp.get_json() == {"received": True, "duplicate": False}
    assert _subs(db_url) == [("live", "active")]
    again = _post_webhook(client, payload, _sign(payload))
    assert again.status_code == 200 and again.get_json()["duplicate"] is True


def test_webhook_refused_without_stripe(client, h):
    payload = b'{"id": "evt_x", "type": "invoice.paid"}'
    h.assert_error(_post_webhook(client, payload, _sign(payload)), 503, "webhook_unavailable")


# ---------------------------------------------------------------- Stripe provider against a local stub

def _stripe_product(pid, name, amount_cents, recurring=True, metadata=None, price_id=None):
    price = None if amount_cents is None else {
        "id": price_id or f"price_{pid}", "object": "price", "active": True, "unit_amount": amount_cents,
        "currency": "usd", "recurring": {"interval": "month"} if recurring else None, "product": pid}
    return {"id": pid, "object": "product", "active": True, "name": name, "description": f"{name} plan",
            "marketing_features": [{"name": "Every greek"}], "metadata": metadata or {}, "default_price": price}


def _stub_catalog(server):
    products = [
        _stripe_product(LIVE.product_id, "Volland Live", 24900, price_id=LIVE.price_id),
        _stripe_product(BASIC.product_id, "Volland Basic", 2900, price_id=BASIC.price_id,
                        metadata={"mostPopular": "true"}),
        _stripe_product("prod_other", "Something else", 100),
        _stripe_product("prod_api_5k", "API 5,000", 9900, recurring=False, price_id="price_api_5k",
                        metadata={"productType": "volland-api", "credits": "5000"}),
        _stripe_product("prod_api_ent", "Enterprise", None, metadata={"productType": "volland-api"}),
    ]
    server.expect_request("/v1/products", method="GET").respond_with_json(
        {"object": "list", "url": "/v1/products", "has_more": False, "data": products})
    for p in products:
        if p["default_price"]:
            server.expect_request(f"/v1/prices/{p['default_price']['id']}", method="GET").respond_with_json(
                {**p["default_price"], "product": {k: v for k, v in p.items() if k != "default_price"}})
    server.expect_request("/v1/prices/price_missing", method="GET").respond_with_json(
        {"error": {"type": "invalid_request_error", "message": "No such price: 'price_missing'"}}, status=404)


def test_stripe_products_from_the_account(client, h, db_url, stripe_env):
    _stub_catalog(stripe_env)
    regular = client.get("/api/v1/stripe/products").get_json()["products"]
    assert [p["id"] for p in regular] == [BASIC.product_id, LIVE.product_id]  # allowed ids only, by price
    assert regular[0] == {"id": BASIC.product_id, "name": "Volland Basic", "description": "Volland Basic plan",
                          "features": [{"name": "Every greek"}], "mostPopular": True,
                          "price": {"id": BASIC.price_id, "amount": 29.0}, "tier": "basic",
                          "metadata": {"paymentType": "subscription", "tier": "basic"}}
    packs = client.get("/api/v1/stripe/products?productType=volland-api").get_json()["products"]
    assert [(p["name"], p["price"]) for p in packs] == [("Enterprise", None),
                                                        ("API 5,000", {"id": "price_api_5k", "amount": 99.0})]
    assert packs[1]["metadata"] == {"paymentType": "single", "credits": 5000}
    tokens = h.signup(client)
    h.give_tier(db_url, "trader@example.com", "basic")
    mine = client.get("/api/v1/stripe/products", headers=h.bearer(tokens["accessToken"])).get_json()["products"]
    assert [p["id"] for p in mine] == [LIVE.product_id]


def test_stripe_checkout_and_portal(client, h, db_url, stripe_env):
    _stub_catalog(stripe_env)
    stripe_env.expect_request("/v1/checkout/sessions", method="POST").respond_with_json(
        {"id": "cs_test_1", "object": "checkout.session", "url": "https://checkout.stripe.test/c/pay/cs_test_1"})
    stripe_env.expect_request("/v1/billing_portal/sessions", method="POST").respond_with_json(
        {"id": "bps_1", "object": "billing_portal.session", "url": "https://billing.stripe.test/p/session/bps_1"})
    tokens = h.signup(client)
    resp = _checkout(client, h, tokens, LIVE.price_id, fp_ref="partner-1")
    assert resp.status_code == 200 and resp.get_json() == {"url": "https://checkout.stripe.test/c/pay/cs_test_1"}
    sent = [parse_qs(req.get_data(as_text=True)) for req, _ in stripe_env.log if req.path == "/v1/checkout/sessions"]
    assert len(sent) == 1
    form = sent[0]
    assert form["mode"] == ["subscription"] and form["client_reference_id"] == ["1"]
    assert form["line_items[0][price]"] == [LIVE.price_id] and form["metadata[referral]"] == ["partner-1"]
    assert form["subscription_data[metadata][referral]"] == ["partner-1"]
    assert form["success_url"] == ["https://volland.example/checkout/success?session_id={CHECKOUT_SESSION_ID}"]
    assert not any("trial" in key for key in form)  # no trials
    with session_scope(db_url) as db:
        assert db.execute(sa.select(Purchase.referral)).scalar_one() == "partner-1"

    h.assert_error(_checkout(client, h, tokens, "price_missing"), 404, "unknown_price")
    # No customer yet: nothing to manage.
    h.assert_error(client.post("/api/v1/stripe/portal-session", headers=h.bearer(tokens["accessToken"])), 409,
                   "no_billing_account")

    # Stripe reports the completed checkout: the customer and plan are recorded, the portal opens.
    completed = {"id": "evt_cs", "type": "checkout.session.completed", "created": int(time.time()),
                 "data": {"object": {"id": "cs_test_1", "mode": "subscription", "client_reference_id": "1",
                                     "customer": "cus_real", "subscription": "sub_real", "payment_status": "paid",
                                     "metadata": {"userId": "1", "referral": "partner-1"}}}}
    created = _sub_event("evt_sc", "customer.subscription.created", int(time.time()), 1, sub="sub_real")
    for event in (completed, created):
        payload = json.dumps(event).encode()
        assert _post_webhook(client, payload, _sign(payload)).status_code == 200
    assert _me(client, h, tokens)["tier"] == "live"
    resp = client.post("/api/v1/stripe/portal-session", headers=h.bearer(tokens["accessToken"]))
    assert resp.get_json() == {"url": "https://billing.stripe.test/p/session/bps_1"}
    portal = [parse_qs(req.get_data(as_text=True)) for req, _ in stripe_env.log
              if req.path == "/v1/billing_portal/sessions"][0]
    assert portal["customer"] == ["cus_real"] and portal["return_url"] == ["https://volland.example/app"]
    with session_scope(db_url) as db:
        assert db.execute(sa.select(Subscription.referral)).scalar_one() == "partner-1"


def test_stripe_api_pack_needs_live(client, h, db_url, stripe_env):
    _stub_catalog(stripe_env)
    stripe_env.expect_request("/v1/checkout/sessions", method="POST").respond_with_json(
        {"id": "cs_test_2", "object": "checkout.session", "url": "https://checkout.stripe.test/c/pay/cs_test_2"})
    tokens = h.signup(client)
    h.assert_error(_checkout(client, h, tokens, "price_api_5k", productType="volland-api"), 403,
                   "live_subscription_required")
    h.give_tier(db_url, "trader@example.com", "live")
    assert _checkout(client, h, tokens, "price_api_5k", productType="volland-api").status_code == 200
    form = [parse_qs(req.get_data(as_text=True)) for req, _ in stripe_env.log if req.path == "/v1/checkout/sessions"][0]
    assert form["mode"] == ["payment"] and form["metadata[credits]"] == ["5000"]
    assert form["invoice_creation[enabled]"] == ["true"]


def test_auth_config_names_the_google_client(client, monkeypatch):
    monkeypatch.delenv("VOLLAND_GOOGLE_CLIENT_ID", raising=False)
    assert client.get("/api/v1/auth/config").get_json() == {"googleClientId": None}
    monkeypatch.setenv("VOLLAND_GOOGLE_CLIENT_ID", "123-abc.apps.googleusercontent.com")
    assert client.get("/api/v1/auth/config").get_json() == {"googleClientId": "123-abc.apps.googleusercontent.com"}


def test_stripe_outage_is_a_clear_502(client, h, stripe_env):
    stripe_env.expect_request("/v1/products", method="GET").respond_with_json(
        {"error": {"type": "api_error", "message": "Something went wrong"}}, status=500)
    body = h.assert_error(client.get("/api/v1/stripe/products"), 502, "payment_provider_error")
    assert "payment provider" in body["message"]
