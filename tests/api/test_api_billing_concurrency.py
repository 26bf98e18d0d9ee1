"""Billing under concurrency: one checkout, one grant; one Stripe invoice, one grant; concurrent and
distinct deliveries of the events of one checkout; malformed but correctly signed events.

The requests go through a real threaded HTTP server in front of the app, with real connections to SQLite
and PostgreSQL; Stripe is replaced only at its HTTP boundary (a local stub for the API, webhooks signed
with the configured secret).
"""

from __future__ import annotations

import hashlib
import hmac
import json
import threading
import time
from collections import Counter
from collections.abc import Callable, Iterator
from concurrent.futures import ThreadPoolExecutor
from contextlib import contextmanager
from urllib.parse import urlsplit

import pytest
import requests
import sqlalchemy as sa
from werkzeug.serving import make_server

from api import catalog
from api.billing.providers import _products_cache
from api.db import session_scope
from api.models import ApiCreditAccount, BillingEvent, Invoice, Purchase, Subscription, User

LIVE = catalog.TIERS["live"]
PACK_1K = catalog.API_PACKS[0]
MONTHLY = next(p for p in catalog.API_PACKS if p.payment_type == "subscription")
WHSEC = "whsec_concurrency"


@contextmanager
def serving(app) -> Iterator[str]:
    """The app behind a threaded WSGI server on a free loopback port (one thread per request)."""
    server = make_server("127.0.0.1", 0, app, threaded=True)
    thread = threading.Thread(target=server.serve_forever, daemon=True)
    thread.start()
    try:
        yield f"http://127.0.0.1:{server.server_port}"
    finally:
        server.shutdown()
        thread.join()


def concurrently(n: int, call: Callable[[int], requests.Response]) -> list[requests.Response]:
    """``call(i)`` for i in 0..n-1, each on its own thread, released together."""
    barrier = threading.Barrier(n)

    def run(i: int) -> requests.Response:
        barrier.wait()
        return call(i)

    with ThreadPoolExecutor(n) as pool:
        return list(pool.map(run, range(n)))


def _credits(db_url: str, user_id: int) -> int:
    with session_scope(db_url) as db:
        account = db.get(ApiCreditAccount, user_id)
        return account.balance if account else 0


def _count(db_url: str, model, *where) -> int:
    with session_scope(db_url) as db:
        return db.execute(sa.select(sa.func.count()).select_from(model).where(*where)).scalar_one()


def _user_id(db_url: str, email: str = "trader@example.com") -> int:
    with session_scope(db_url) as db:
        return db.execute(sa.select(User.id).where(User.email == email)).scalar_one()


# ---------------------------------------------------------------- embedded checkout: Pay clicked at once

def test_eight_concurrent_pay_clicks_grant_one_pack(app, client, h, db_url):
    tokens = h.signup(client)
    h.give_tier(db_url, "trader@example.com", "live")
    url = client.get(f"/api/v1/stripe/checkout-session/{PACK_1K.price_id}", query_string={"productType": "volland-api"},
                     headers=h.bearer(tokens["accessToken"])).get_json()["url"]
    path = urlsplit(url).path
    with serving(app) as base:
        answers = concurrently(8, lambda i: requests.post(f"{base}{path}/pay", allow_redirects=False, timeout=60))
    statuses = Counter(r.status_code for r in answers)
    granted = _credits(db_url, _user_id(db_url))
    assert granted == PACK_1K.credits, f"8 concurrent clicks granted {granted} credits ({dict(statuses)})"
    assert statuses == {303: 8}
    # Every click lands on a page that tells the truth: the purchase went through.
    assert {urlsplit(r.headers["Location"]).path for r in answers} == {"/checkout/success"}
    assert _count(db_url, Purchase, Purchase.status == "complete") == 1
    assert _count(db_url, Invoice) == 1


def test_six_concurrent_pay_clicks_make_one_subscription(app, client, h, db_url):
    tokens = h.signup(client)
    url = client.get(f"/api/v1/stripe/checkout-session/{LIVE.price_id}",
                     headers=h.bearer(tokens["accessToken"])).get_json()["url"]
    path = urlsplit(url).path
    with serving(app) as base:
        answers = concurrently(6, lambda i: requests.post(f"{base}{path}/pay", allow_redirects=False, timeout=60))
    subscriptions, invoices = _count(db_url, Subscription), _count(db_url, Invoice)
    assert (subscriptions, invoices) == (1, 1), \
        f"6 concurrent clicks made {subscriptions} subscriptions and {invoices} invoices"
    assert Counter(r.status_code for r in answers) == {303: 6}
    me = client.get("/api/v1/users", headers=h.bearer(tokens["accessToken"])).get_json()
    assert me["tier"] == "live"


def test_concurrent_pay_and_cancel_end_the_checkout_one_way(app, client, h, db_url):
    tokens = h.signup(client)
    h.give_tier(db_url, "trader@example.com", "live")
    url = client.get(f"/api/v1/stripe/checkout-session/{PACK_1K.price_id}", query_string={"productType": "volland-api"},
                     headers=h.bearer(tokens["accessToken"])).get_json()["url"]
    path = urlsplit(url).path
    actions = ["pay", "cancel", "decline"] * 3
    with serving(app) as base:
        answers = concurrently(len(actions), lambda i: requests.post(f"{base}{path}/{actions[i]}",
                                                                     allow_redirects=False, timeout=60))
    assert all(r.status_code == 303 for r in answers)
    with session_scope(db_url) as db:
        status = db.execute(sa.select(Purchase.status)).scalar_one()
    granted = _credits(db_url, _user_id(db_url))
    # Whichever action came first decided: paid once, or not paid at all.
    assert (status, granted) in {("complete", PACK_1K.credits), ("canceled", 0)}


# ---------------------------------------------------------------- Stripe webhooks

def _sign(payload: bytes) -> str:
    at = int(time.time())
    mac = hmac.new(WHSEC.encode(), f"{at}.".encode() + payload, hashlib.sha256).hexdigest()
    return f"t={at},v1={mac}"


def _post(base: str, event: dict) -> requests.Response:
    payload = json.dumps(event).encode()
    return requests.post(f"{base}/api/v1/stripe/webhook", data=payload, timeout=60,
                         headers={"Content-Type": "application/json", "Stripe-Signature": _sign(payload)})


@pytest.fixture
def stripe_env(monkeypatch, httpserver):
    monkeypatch.setenv("VOLLAND_BILLING_PROVIDER", "stripe")
    monkeypatch.setenv("VOLLAND_STRIPE_SECRET_KEY", "sk_test_local")
    monkeypatch.setenv("VOLLAND_STRIPE_WEBHOOK_SECRET", WHSEC)
    monkeypatch.setenv("VOLLAND_STRIPE_API_BASE", httpserver.url_for("").rstrip("/"))
    monkeypatch.setenv("VOLLAND_PUBLIC_URL", "https://volland.example")
    products = [{"id": MONTHLY.id, "object": "product", "active": True, "name": MONTHLY.name,
                 "metadata": {"productType": "volland-api", "credits": str(MONTHLY.credits)}, "default_price": None}]
    httpserver.expect_request("/v1/products", method="GET").respond_with_json(
        {"object": "list", "url": "/v1/products", "has_more": False, "data": products})
    _products_cache.clear()
    yield httpserver
    _products_cache.clear()


def _events_user(db_url: str) -> int:
    """A customer who has paid through Stripe before (nothing about the user changes with the event)."""
    with session_scope(db_url) as db:
        user = User(email="stripe-buyer@example.com", first_name="S", roles=["User"], billing_customer_id="cus_pack")
        db.add(user)
        db.flush()
        return user.id


def _pack_completed(event_id: str, user_id: int, session: str = "cs_test_pack") -> dict:
    return {"id": event_id, "object": "event", "type": "checkout.session.completed", "created": int(time.time()),
            "data": {"object": {"id": session, "object": "checkout.session", "mode": "payment",
                                "payment_status": "paid", "client_reference_id": str(user_id),
                                "customer": "cus_pack", "amount_total": 4900,
                                "metadata": {"userId": str(user_id), "kind": "api", "productId": PACK_1K.id,
                                             "priceId": PACK_1K.price_id, "credits": str(PACK_1K.credits)}}}}


def _open_purchase(db_url: str, user_id: int, session: str = "cs_test_pack") -> None:
    """The checkout as this server records it when it creates the Checkout Session."""
    with session_scope(db_url) as db:
        db.add(Purchase(checkout_session_id=session, provider="stripe", user_id=user_id, kind="api", mode="payment",
                        product_id=PACK_1K.id, price_id=PACK_1K.price_id, amount_cents=4900, status="open",
                        credits_granted=0))


@pytest.mark.parametrize("recorded", [True, False], ids=["checkout-recorded", "dashboard-checkout"])
def test_ten_concurrent_deliveries_of_one_event(app, db_url, stripe_env, recorded):
    uid = _events_user(db_url)
    if recorded:
        _open_purchase(db_url, uid)
    event = _pack_completed("evt_dup", uid)
    with serving(app) as base:
        answers = concurrently(10, lambda i: _post(base, event))
    statuses = Counter(r.status_code for r in answers)
    server_errors = sum(n for status, n in statuses.items() if status >= 500)
    assert server_errors == 0, f"{server_errors} of 10 concurrent deliveries answered 5xx ({dict(statuses)})"
    assert set(statuses) <= {200, 409}
    applied = [r for r in answers if r.status_code == 200 and r.json() == {"received": True, "duplicate": False}]
    assert len(applied) == 1
    assert all(r.json()["duplicate"] is True for r in answers if r.status_code == 200 and r not in applied)
    assert _credits(db_url, uid) == PACK_1K.credits
    assert _count(db_url, BillingEvent) == 1


@pytest.mark.parametrize("recorded", [True, False], ids=["checkout-recorded", "dashboard-checkout"])
def test_ten_distinct_events_for_one_checkout_grant_once(app, db_url, stripe_env, recorded):
    uid = _events_user(db_url)
    if recorded:
        _open_purchase(db_url, uid)
    with serving(app) as base:
        answers = concurrently(10, lambda i: _post(base, _pack_completed(f"evt_distinct_{i}", uid)))
    statuses = Counter(r.status_code for r in answers)
    assert all(status < 500 for status in statuses), dict(statuses)
    granted = _credits(db_url, uid)
    assert granted == PACK_1K.credits, f"10 distinct events for one session granted {granted} credits ({dict(statuses)})"
    assert _count(db_url, Purchase) == 1
    with session_scope(db_url) as db:
        purchase = db.execute(sa.select(Purchase)).scalar_one()
        assert (purchase.status, purchase.credits_granted) == ("complete", PACK_1K.credits)
    # A 409 asks Stripe to deliver again later; the redelivery is then applied and grants nothing more.
    with serving(app) as base:
        for r, i in zip(answers, range(10)):
            if r.status_code == 409:
                assert _post(base, _pack_completed(f"evt_distinct_{i}", uid)).status_code == 200
    assert _credits(db_url, uid) == PACK_1K.credits


def _invoice_paid(event_id: str, invoice: str = "in_cycle_1") -> dict:
    return {"id": event_id, "object": "event", "type": "invoice.paid", "created": int(time.time()),
            "data": {"object": {"id": invoice, "object": "invoice", "number": "INV-CYCLE-1", "customer": "cus_pack",
                                "subscription": "sub_api", "currency": "usd", "total": 49900, "amount_paid": 49900,
                                "billing_reason": "subscription_cycle", "created": int(time.time())}}}


def test_ten_distinct_events_for_one_invoice_grant_once(app, db_url, stripe_env):
    uid = _events_user(db_url)
    created = {"id": "evt_sub_api", "object": "event", "type": "customer.subscription.created",
               "created": int(time.time()) - 60,
               "data": {"object": {"id": "sub_api", "object": "subscription", "customer": "cus_pack", "status": "active",
                                   "metadata": {"userId": str(uid)},
                                   "items": {"data": [{"price": {"id": MONTHLY.price_id, "product": MONTHLY.id}}]}}}}
    with serving(app) as base:
        assert _post(base, created).status_code == 200
        answers = concurrently(10, lambda i: _post(base, _invoice_paid(f"evt_inv_{i}")))
        statuses = Counter(r.status_code for r in answers)
        assert all(status < 500 for status in statuses), dict(statuses)
        for r, i in zip(answers, range(10)):
            if r.status_code == 409:
                assert _post(base, _invoice_paid(f"evt_inv_{i}")).status_code == 200
    granted = _credits(db_url, uid)
    assert granted == MONTHLY.credits, f"10 distinct events for one invoice granted {granted} credits"
    with session_scope(db_url) as db:
        assert db.execute(sa.select(Invoice.status)).scalars().all() == ["paid"]


# ---------------------------------------------------------------- malformed but correctly signed

def _malformed(uid: int) -> list[dict]:
    good = _pack_completed("evt_bad", uid)
    obj = good["data"]["object"]
    sub = {"id": "sub_x", "customer": "cus_x", "status": "active", "metadata": {"userId": str(uid)},
           "items": {"data": [{"price": {"id": "p", "product": LIVE.product_id}}]}}
    inv = _invoice_paid("evt_bad")["data"]["object"]

    def with_obj(etype: str, value) -> dict:
        return {"id": "evt_bad", "type": etype, "created": 100, "data": {"object": value}}

    return [
        {"id": "evt_bad", "type": "checkout.session.completed", "created": 100},                # no data
        {"id": "evt_bad", "type": "checkout.session.completed", "created": 100, "data": []},    # data not an object
        {"id": "evt_bad", "type": "checkout.session.completed", "created": 100, "data": {}},    # no data.object
        with_obj("checkout.session.completed", None),
        with_obj("checkout.session.completed", ["cs_1"]),
        with_obj("checkout.session.completed", "cs_1"),
        with_obj("checkout.session.completed", {**obj, "id": 7}),
        with_obj("checkout.session.completed", {k: v for k, v in obj.items() if k != "id"}),
        with_obj("checkout.session.completed", {**obj, "metadata": ["credits", "1000"]}),
        with_obj("checkout.session.completed", {**obj, "metadata": {**obj["metadata"], "credits": 1000}}),
        with_obj("checkout.session.completed", {**obj, "amount_total": "4900"}),
        with_obj("checkout.session.completed", {**obj, "mode": ["payment"]}),
        with_obj("checkout.session.completed", {**obj, "customer": 12}),
        with_obj("customer.subscription.created", {**sub, "items": "all"}),
        with_obj("customer.subscription.created", {**sub, "items": {"data": ["price"]}}),
        with_obj("customer.subscription.created", {**sub, "items": {"data": [{"price": "p"}]}}),
        with_obj("customer.subscription.updated", {**sub, "status": 1}),
        with_obj("invoice.paid", {**inv, "lines": []}),
        with_obj("invoice.paid", {**inv, "lines": {"data": [{"description": ["x"]}]}}),
        with_obj("invoice.paid", {**inv, "total": "49900"}),
        with_obj("invoice.paid", {**inv, "created": "yesterday"}),
        with_obj("invoice.paid", {**inv, "parent": "sub"}),
        with_obj("invoice.payment_failed", {**inv, "currency": 840}),
        {"id": "evt_bad", "type": "invoice.paid", "created": "now", "data": {"object": inv}},
        {"id": "evt_bad", "type": ["invoice.paid"], "created": 100, "data": {"object": inv}},
        {"id": 12345, "type": "invoice.paid", "created": 100, "data": {"object": inv}},
        ["evt_bad"],
    ]


def test_malformed_signed_events_are_400(app, h, db_url, stripe_env):
    uid = _events_user(db_url)
    client = app.test_client()
    for event in _malformed(uid):
        payload = json.dumps(event).encode()
        resp = client.post("/api/v1/stripe/webhook", data=payload,
                           headers={"Content-Type": "application/json", "Stripe-Signature": _sign(payload)})
        h.assert_error(resp, 400, "invalid_payload")
    assert _count(db_url, BillingEvent) == 0 and _credits(db_url, uid) == 0
    # An event type this server does not handle is acknowledged whatever its object holds.
    other = {"id": "evt_other", "type": "customer.created", "created": 100, "data": {"object": {"id": "cus_1"}}}
    payload = json.dumps(other).encode()
    resp = client.post("/api/v1/stripe/webhook", data=payload,
                       headers={"Content-Type": "application/json", "Stripe-Signature": _sign(payload)})
    assert resp.status_code == 200 and resp.get_json() == {"received": True, "duplicate": False}


def test_an_event_that_keeps_conflicting_answers_409_and_writes_nothing(app, h, db_url, stripe_env, monkeypatch):
    """A transaction that loses a race on a unique row is applied again; when that keeps failing the
    webhook asks Stripe to deliver later instead of answering 500."""
    from sqlalchemy.exc import IntegrityError

    from api.billing import events

    uid = _events_user(db_url)
    attempts = []

    def always_conflicting(ctx, obj):
        attempts.append(obj["id"])
        ctx.db.add(Invoice(provider_invoice_id=obj["id"], user_id=uid, number="INV-TAKEN", amount_cents=0))
        raise IntegrityError("INSERT INTO invoices", {}, Exception("duplicate key"))

    monkeypatch.setitem(events.HANDLERS, "invoice.paid", always_conflicting)
    payload = json.dumps(_invoice_paid("evt_conflict")).encode()
    resp = app.test_client().post("/api/v1/stripe/webhook", data=payload,
                                  headers={"Content-Type": "application/json", "Stripe-Signature": _sign(payload)})
    h.assert_error(resp, 409, "event_conflict")
    assert len(attempts) == 3
    assert _count(db_url, BillingEvent) == 0 and _count(db_url, Invoice) == 0
