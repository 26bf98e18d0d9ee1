"""The embedded billing portal's link: short-lived, opened once, tied to the session that asked for it.

The link (``/billing/local/portal/{ticket}``) is what reaches the browser's address bar and the access
log; it opens the portal once and is refused after that, after two minutes and once its session has
ended. The portal itself then runs on a cookie scoped to the portal's path, checked against the same
session on every request, and its forms carry a token of that cookie."""

from __future__ import annotations

import io
import re
from datetime import datetime, timedelta, timezone
from urllib.parse import parse_qs, urlsplit

import jwt as pyjwt
import pypdf
import pytest
import sqlalchemy as sa

from api import catalog
from api.billing import local
from api.db import session_scope
from api.models import Invoice, Subscription, User

LIVE = catalog.TIERS["live"]
BASIC = catalog.TIERS["basic"]
PORTAL = "/billing/local/portal/"


def _buy_live(client, h, tokens) -> None:
    url = client.get(f"/api/v1/stripe/checkout-session/{LIVE.price_id}",
                     headers=h.bearer(tokens["accessToken"])).get_json()["url"]
    assert client.post(urlsplit(url).path + "/pay").status_code == 303


def _portal_link(client, h, tokens) -> str:
    resp = client.post("/api/v1/stripe/portal-session", headers=h.bearer(tokens["accessToken"]))
    assert resp.status_code == 200, resp.get_json()
    return urlsplit(resp.get_json()["url"]).path


def _csrf(page: str) -> str:
    return re.search(r'name="csrf" value="([^"]+)"', page).group(1)


def _sub_id(db_url) -> int:
    with session_scope(db_url) as db:
        return db.execute(sa.select(Subscription.id)).scalar_one()


def test_the_link_opens_the_portal_once_on_a_session_cookie(client, h, app):
    tokens = h.signup(client)
    _buy_live(client, h, tokens)
    link = _portal_link(client, h, tokens)
    assert link.startswith(PORTAL) and len(link) > len(PORTAL)

    opened = client.get(link)
    assert opened.status_code == 303 and urlsplit(opened.headers["Location"]).path == PORTAL
    cookie = opened.headers["Set-Cookie"]
    assert cookie.startswith(f"{local.PORTAL_COOKIE}=")
    for attribute in ("HttpOnly", "SameSite=Strict", "Path=/billing/local/portal"):
        assert attribute in cookie
    assert opened.headers["Cache-Control"] == "no-store" and opened.headers["Referrer-Policy"] == "no-referrer"
    page = client.get(PORTAL)
    assert page.status_code == 200 and b"Volland Live" in page.data

    # The link as the access log holds it opens nothing any more, in this browser or another.
    assert client.get(link).status_code == 403
    assert app.test_client().get(link).status_code == 403
    # Without the cookie the portal page is refused.
    assert app.test_client().get(PORTAL).status_code == 403


def test_the_link_is_refused_after_logout(client, h, db_url):
    tokens = h.signup(client)
    _buy_live(client, h, tokens)
    link = _portal_link(client, h, tokens)
    assert client.post("/api/v1/auth/logout", json={"refreshToken": tokens["refreshToken"]}).status_code == 204
    assert client.get(link).status_code == 403
    assert client.get(PORTAL).status_code == 403


def test_an_open_portal_stops_at_logout(client, h, db_url):
    tokens = h.signup(client)
    _buy_live(client, h, tokens)
    assert client.get(_portal_link(client, h, tokens)).status_code == 303
    page = client.get(PORTAL)
    assert page.status_code == 200
    csrf = _csrf(page.get_data(as_text=True))
    assert client.post("/api/v1/auth/logout", json={"refreshToken": tokens["refreshToken"]}).status_code == 204

    assert client.get(PORTAL).status_code == 403
    ended = client.post(f"{PORTAL}cancel", data={"subscription": str(_sub_id(db_url)), "csrf": csrf})
    assert ended.status_code == 403
    with session_scope(db_url) as db:
        assert db.execute(sa.select(Subscription.status)).scalar_one() == "active"


def test_the_link_is_short_lived_and_names_its_session(client, h, app):
    tokens = h.signup(client)
    ticket = _portal_link(client, h, tokens)[len(PORTAL):]
    claims = pyjwt.decode(ticket, options={"verify_signature": False})
    session_id = pyjwt.decode(tokens["accessToken"], options={"verify_signature": False})["sid"]
    assert claims["sid"] == session_id and claims["exp"] - claims["iat"] <= 300
    with app.app_context():
        key = app.config["JWT_SECRET_KEY"]
        expired = pyjwt.encode({**claims, "exp": claims["iat"] - 1}, key, algorithm="HS256")
        other_session = pyjwt.encode({**claims, "sid": "0" * 36}, key, algorithm="HS256")
        other_user = pyjwt.encode({**claims, "sub": "999"}, key, algorithm="HS256")
        wrong_type = pyjwt.encode({**claims, "type": local.PORTAL_COOKIE_TYPE}, key, algorithm="HS256")
    for token in (expired, other_session, other_user, wrong_type, "not-a-token"):
        assert client.get(f"{PORTAL}{token}").status_code == 403
    # The genuine one still opens (none of the refused ones used it up).
    assert client.get(f"{PORTAL}{ticket}").status_code == 303


def test_portal_forms_need_the_page_token(client, h, db_url):
    tokens = h.signup(client)
    _buy_live(client, h, tokens)
    client.get(_portal_link(client, h, tokens))
    page = client.get(PORTAL).get_data(as_text=True)
    sub_id = str(_sub_id(db_url))
    for csrf in (None, "", "forged"):
        data = {"subscription": sub_id, "price": BASIC.price_id}
        if csrf is not None:
            data["csrf"] = csrf
        assert client.post(f"{PORTAL}change", data=data).status_code == 403
    changed = client.post(f"{PORTAL}change", data={"subscription": sub_id, "price": BASIC.price_id,
                                                   "csrf": _csrf(page)})
    assert changed.status_code == 303 and urlsplit(changed.headers["Location"]).path == PORTAL
    assert client.get("/api/v1/users", headers=h.bearer(tokens["accessToken"])).get_json()["tier"] == "basic"


# ---------------------------------------------------------------- cancel (confirmed), resume, invoices

def _open_portal(client, h, tokens) -> str:
    assert client.get(_portal_link(client, h, tokens)).status_code == 303
    page = client.get(PORTAL)
    assert page.status_code == 200
    return page.get_data(as_text=True)


def _plan(db_url) -> Subscription:
    with session_scope(db_url) as db:
        sub = db.execute(sa.select(Subscription)).scalar_one()
        db.expunge(sub)
        return sub


def test_cancel_asks_first_then_ends_at_the_period_end_and_can_be_resumed(client, h, db_url):
    tokens = h.signup(client)
    _buy_live(client, h, tokens)
    page = _open_portal(client, h, tokens)
    sub_id = str(_sub_id(db_url))
    # "Cancel plan" opens a confirmation step, not a form that cancels.
    assert f'href="{PORTAL}cancel?subscription={sub_id}"' in page
    confirm = client.get(f"{PORTAL}cancel?subscription={sub_id}")
    assert confirm.status_code == 200
    text = confirm.get_data(as_text=True)
    started = _plan(db_url).created_at
    ends = started + local.PERIOD
    assert "Confirm cancellation" in text and "Keep plan" in text
    assert f"until <strong>{ends:%d %b %Y}</strong>, the end of the current period" in text
    assert _plan(db_url).cancel_at_period_end is False  # looking at the step changes nothing

    # Keep plan: back to the portal, nothing changed.
    assert 'href="/billing/local/portal/?done=kept"' in text
    assert "Nothing changed" in client.get(f"{PORTAL}?done=kept").get_data(as_text=True)

    # The confirmation is a form with the page token like every other.
    assert client.post(f"{PORTAL}cancel", data={"subscription": sub_id, "csrf": "forged"}).status_code == 403
    done = client.post(f"{PORTAL}cancel", data={"subscription": sub_id, "csrf": _csrf(text)})
    assert done.status_code == 303 and parse_qs(urlsplit(done.headers["Location"]).query) == {"done": ["canceled"]}
    sub = _plan(db_url)
    assert sub.status == "active" and sub.cancel_at_period_end is True
    assert sub.current_period_end == ends.replace(microsecond=0)  # events carry epoch seconds
    # Still Live until the period ends.
    assert client.get("/api/v1/users", headers=h.bearer(tokens["accessToken"])).get_json()["tier"] == "live"
    after = client.get(urlsplit(done.headers["Location"]).path + "?done=canceled").get_data(as_text=True)
    assert f"ends on {ends:%d %b %Y}" in after and "Resume plan" in after and "portal-change-" not in after

    # Resume: the same kind of update event, through the normal event path.
    assert client.post(f"{PORTAL}resume", data={"subscription": sub_id, "csrf": "x"}).status_code == 403
    resumed = client.post(f"{PORTAL}resume", data={"subscription": sub_id, "csrf": _csrf(after)})
    assert resumed.status_code == 303 and resumed.headers["Location"].endswith("?done=resumed")
    sub = _plan(db_url)
    assert sub.status == "active" and sub.cancel_at_period_end is False
    again = client.get(f"{PORTAL}?done=resumed").get_data(as_text=True)
    assert "cancellation is withdrawn" in again and "Resume plan" not in again and "Cancel plan" in again


def test_a_cancelled_plan_ends_once_its_period_is_over(client, h, db_url):
    tokens = h.signup(client)
    _buy_live(client, h, tokens)
    page = _open_portal(client, h, tokens)
    sub_id = str(_sub_id(db_url))
    assert client.post(f"{PORTAL}cancel", data={"subscription": sub_id, "csrf": _csrf(page)}).status_code == 303
    with session_scope(db_url) as db:
        db.execute(sa.update(Subscription).values(
            current_period_end=datetime.now(timezone.utc) - timedelta(seconds=1)))
    # The portal (and the app's periodic sweep) end it through the provider's deletion event.
    ended = client.get(PORTAL).get_data(as_text=True)
    assert "No active plan." in ended
    sub = _plan(db_url)
    assert sub.status == "canceled" and sub.provider_status == "deleted"
    assert client.get("/api/v1/users", headers=h.bearer(tokens["accessToken"])).get_json()["tier"] is None


def test_a_plan_not_cancelled_is_not_ended_by_the_sweep(client, h, db_url):
    tokens = h.signup(client)
    _buy_live(client, h, tokens)
    with session_scope(db_url) as db:
        db.execute(sa.update(Subscription).values(
            current_period_end=datetime.now(timezone.utc) - timedelta(days=1)))
        assert local.end_due_cancellations(db) == 0
    assert _plan(db_url).status == "active"


def test_a_plan_change_says_what_changed_and_when(client, h, db_url):
    tokens = h.signup(client)
    _buy_live(client, h, tokens)
    page = _open_portal(client, h, tokens)
    changed = client.post(f"{PORTAL}change", data={"subscription": str(_sub_id(db_url)),
                                                   "price": BASIC.price_id, "csrf": _csrf(page)})
    assert changed.status_code == 303 and changed.headers["Location"].endswith("?done=changed")
    text = client.get(f"{PORTAL}?done=changed").get_data(as_text=True)
    with session_scope(db_url) as db:
        latest = db.execute(sa.select(Invoice).order_by(Invoice.id.desc()).limit(1)).scalar_one()
        number, cents = latest.number, latest.amount_cents
    assert cents < 0  # a downgrade is a credit
    assert f"Your plan is now <strong>{BASIC.name}</strong>. The change applies now" in text
    assert f"${abs(cents) / 100:,.2f}, is credited on invoice {number}" in text


def test_invoices_download_as_pdf_for_their_owner_only(client, h, db_url, app):
    tokens = h.signup(client)
    _buy_live(client, h, tokens)
    page = _open_portal(client, h, tokens)
    with session_scope(db_url) as db:
        invoice = db.execute(sa.select(Invoice)).scalar_one()
        invoice_id, number, created = invoice.id, invoice.number, invoice.created_at
    link = f"{PORTAL}invoices/{invoice_id}.pdf"
    assert f'href="{link}"' in page and "Download PDF" in page

    resp = client.get(link)
    assert resp.status_code == 200 and resp.mimetype == "application/pdf"
    assert resp.headers["Content-Disposition"] == f'attachment; filename="invoice-{number}.pdf"'
    assert resp.data.startswith(b"%PDF")
    text = pypdf.PdfReader(io.BytesIO(resp.data)).pages[0].extract_text()
    for expected in (f"Invoice {number}", f"Date: {created:%d %b %Y}", LIVE.name, f"Total ${LIVE.amount:,.2f}",
                     "Test payments", "trader@example.com"):
        assert expected in text, (expected, text)

    # Another user's invoice is not found from this portal, and the PDF needs the portal's cookie.
    other = app.test_client()
    other_tokens = h.signup(other, email="other@example.com")
    _buy_live(other, h, other_tokens)
    with session_scope(db_url) as db:
        other_id = db.execute(sa.select(Invoice.id).join(User, User.id == Invoice.user_id)
                              .where(User.email == "other@example.com")).scalar_one()
    assert client.get(f"{PORTAL}invoices/{other_id}.pdf").status_code == 404
    assert client.get(f"{PORTAL}invoices/999999.pdf").status_code == 404
    assert app.test_client().get(link).status_code == 403


def test_an_api_pack_checkout_returns_with_the_credits_it_added(client, h, db_url):
    tokens = h.signup(client)
    _buy_live(client, h, tokens)
    pack = catalog.API_PACKS[0]
    url = client.get(f"/api/v1/stripe/checkout-session/{pack.price_id}?productType=volland-api",
                     headers=h.bearer(tokens["accessToken"])).get_json()["url"]
    paid = client.post(urlsplit(url).path + "/pay")
    assert paid.status_code == 303
    query = parse_qs(urlsplit(paid.headers["Location"]).query)
    assert query["credits"] == [str(pack.credits)]
    assert client.get("/api/v1/users", headers=h.bearer(tokens["accessToken"])).get_json()["apiCredits"] == pack.credits


def test_a_stripe_update_event_carries_the_cancellation_and_its_withdrawal(client, h, db_url):
    """Stripe's own portal cancels at the period end with the same update event (the period's end on the
    subscription item in newer API versions); a flag of the wrong type is refused whole."""
    from api.billing.events import InvalidEvent, process_event

    tokens = h.signup(client)
    _buy_live(client, h, tokens)
    sub = _plan(db_url)
    end = int(datetime(2027, 1, 15, tzinfo=timezone.utc).timestamp())

    def update(n: int, cancel) -> dict:
        return {"id": f"evt_stripe_{n}", "type": "customer.subscription.updated", "created": 2_000_000_000 + n,
                "data": {"object": {"id": sub.provider_subscription_id, "status": "active",
                                    "cancel_at_period_end": cancel,
                                    "items": {"data": [{"price": {"id": LIVE.price_id, "product": LIVE.product_id},
                                                        "current_period_end": end}]}}}}

    with session_scope(db_url) as db:
        assert process_event(db, update(1, True), "embedded")
    sub = _plan(db_url)
    assert sub.cancel_at_period_end is True and sub.status == "active"
    assert sub.current_period_end == datetime(2027, 1, 15, tzinfo=timezone.utc)
    with session_scope(db_url) as db:
        assert process_event(db, update(2, False), "embedded")
    assert _plan(db_url).cancel_at_period_end is False
    with session_scope(db_url) as db, pytest.raises(InvalidEvent, match="cancel_at_period_end is not a boolean"):
        process_event(db, update(3, "yes"), "embedded")
    assert _plan(db_url).cancel_at_period_end is False
