"""The embedded provider's checkout and portal pages (``/billing/local/...``), served by this app.

They stand in for Stripe's hosted pages on an installation without a payment account: the checkout page
completes or cancels a checkout (or simulates a declined card), the portal page changes or ends a plan.
Every action is turned into the same events Stripe would send and applied by ``events.process_event``,
so the rest of the product cannot tell the two providers apart. Nothing is charged: these are test
payments, for development and demos (``VOLLAND_BILLING_PROVIDER=embedded``), and every page says so at
the top. The pages answer 503 whenever the embedded provider is not the one configured, so a checkout
opened earlier cannot be paid after a switch to Stripe or off.
"""

from __future__ import annotations

import hmac
import logging
import html
import secrets
import time
from datetime import datetime, timedelta, timezone

from flask import Blueprint, Response, current_app, redirect, request
from sqlalchemy import delete, select, update
from sqlalchemy.exc import IntegrityError
from sqlalchemy.orm import Session

from api import catalog
from api.billing import portal_link
from api.billing.events import CANCELED, OPEN, PAYING, process_event
from api.billing.portal_link import PORTAL_PATH, PORTAL_TICKET_TYPE
from api.billing.providers import EmbeddedProvider, get_provider
from api.db import get_session
from api.billing.invoice_pdf import invoice_pdf
from api.models import AuthSession, BillingPortalTicket, Invoice, Purchase, Subscription, User
from volland.settings import get_settings

bp = Blueprint("billing_local", __name__, url_prefix="/billing/local")
log = logging.getLogger("api.billing")

PERIOD = timedelta(days=30)  # the embedded provider's billing period

# The portal link (docs/billing.md, "The portal link", and ``portal_link``): a ticket in the URL that opens
# the portal once, within two minutes, for the session that asked for it. The portal then runs on a cookie
# scoped to its path, checked against that session on every request; its forms carry the cookie's id
# against forgery.
PORTAL_COOKIE = "volland_billing_portal"
PORTAL_COOKIE_TYPE = "billing-portal"
PORTAL_COOKIE_MINUTES = 30
_EXPIRED = ("<h1>This link has expired</h1><p class=\"muted\">Billing links open once, for a short time and "
            "only while you are signed in: open Manage Subscription again from the app.</p>")


def _session_user(db: Session, claims: dict) -> User | None:
    """The token's user while the session it was issued to is alive (not logged out, not expired)."""
    sub, sid = str(claims.get("sub", "")), claims.get("sid")
    if not (sub.isascii() and sub.isdigit() and len(sub) <= 9) or not isinstance(sid, str) or len(sid) > 36:
        return None
    auth_session = db.get(AuthSession, sid)
    if (auth_session is None or auth_session.user_id != int(sub) or auth_session.revoked_at is not None
            or auth_session.expires_at <= datetime.now(timezone.utc)):
        return None
    user = db.get(User, int(sub))
    return user if user is not None and user.is_active else None


def _use_ticket(db: Session, claims: dict, user: User) -> bool:
    """Record the ticket as opened; False when it was opened before (or is being opened right now)."""
    now = datetime.now(timezone.utc)
    db.execute(delete(BillingPortalTicket).where(BillingPortalTicket.expires_at < now))
    db.add(BillingPortalTicket(jti=str(claims["jti"])[:64], user_id=user.id,
                               expires_at=datetime.fromtimestamp(int(claims["exp"]), timezone.utc)))
    try:
        db.commit()
    except IntegrityError:
        db.rollback()
        return False
    return True


def _portal_cookie_user(db: Session) -> tuple[User, dict] | None:
    claims = portal_link.read(request.cookies.get(PORTAL_COOKIE, ""), PORTAL_COOKIE_TYPE)
    user = _session_user(db, claims) if claims else None
    return (user, claims) if user is not None else None


def _refused() -> Response:
    resp = _page("Billing", _EXPIRED, 403)
    resp.delete_cookie(PORTAL_COOKIE, path=PORTAL_PATH.rstrip("/"))
    return resp


# ---------------------------------------------------------------- events

def _event(etype: str, obj: dict) -> dict:
    return {"id": "evt_local_" + secrets.token_hex(12), "object": "event", "type": etype,
            "created": int(time.time()), "data": {"object": obj}}


def _emit(db: Session, etype: str, obj: dict) -> None:
    process_event(db, _event(etype, obj), EmbeddedProvider.name)


def _customer(db: Session, user: User) -> str:
    if not user.billing_customer_id:
        user.billing_customer_id = f"cus_local_{user.id}_{secrets.token_hex(4)}"
        db.commit()
    return user.billing_customer_id


def _subscription_obj(sub_id: str, customer: str, status: str, price_id: str, product_id: str,
                      metadata: dict, *, cancel_at_period_end: bool = False,
                      period_end: datetime | None = None) -> dict:
    obj = {"id": sub_id, "object": "subscription", "customer": customer, "status": status,
           "metadata": metadata, "cancel_at_period_end": cancel_at_period_end,
           "items": {"data": [{"price": {"id": price_id, "product": product_id}}]}}
    if period_end is not None:
        obj["current_period_end"] = int(period_end.timestamp())
    return obj


def period_end(started: datetime, now: datetime | None = None) -> datetime:
    """The end of the 30-day period running at ``now`` for a plan started at ``started``."""
    now = now or datetime.now(timezone.utc)
    periods = max(0, (now - started) // PERIOD) + 1
    return started + periods * PERIOD


def _invoice_obj(customer: str, total_cents: int, reason: str, description: str, sub_id: str | None,
                 metadata: dict, paid: bool) -> dict:
    number = "LOCAL-" + secrets.token_hex(5).upper()
    return {"id": "in_local_" + secrets.token_hex(12), "object": "invoice", "number": number,
            "customer": customer, "subscription": sub_id, "billing_reason": reason, "currency": "usd",
            "total": total_cents, "amount_paid": max(total_cents, 0) if paid else 0,
            "amount_due": max(total_cents, 0), "status": "paid" if paid else "open",
            "created": int(time.time()), "metadata": metadata,
            "lines": {"data": [{"description": description}]}}


def complete_checkout(db: Session, purchase: Purchase, *, declined: bool = False) -> None:
    """Pay (or fail to pay) an open checkout: the events Stripe sends for it, in Stripe's order."""
    user = db.get(User, purchase.user_id)
    customer = _customer(db, user)
    price = EmbeddedProvider().price(purchase.price_id)
    name = price.name if price else purchase.product_id
    metadata = {"userId": str(user.id), "kind": purchase.kind, "productId": purchase.product_id,
                "priceId": purchase.price_id}
    if price and price.credits:
        metadata["credits"] = str(price.credits)
    if purchase.referral:
        metadata["referral"] = purchase.referral
    amount = purchase.amount_cents or 0
    if purchase.mode == "subscription":
        sub_id = "sub_local_" + secrets.token_hex(12)
        if declined:
            _emit(db, "customer.subscription.created",
                  _subscription_obj(sub_id, customer, "incomplete", purchase.price_id, purchase.product_id, metadata))
            _emit(db, "invoice.payment_failed",
                  _invoice_obj(customer, amount, "subscription_create", name, sub_id, metadata, paid=False))
            purchase.status = CANCELED
            db.commit()
            return
        _emit(db, "customer.subscription.created",
              _subscription_obj(sub_id, customer, "active", purchase.price_id, purchase.product_id, metadata))
        _emit(db, "checkout.session.completed",
              {"id": purchase.checkout_session_id, "object": "checkout.session", "mode": "subscription",
               "client_reference_id": str(user.id), "customer": customer, "subscription": sub_id,
               "payment_status": "paid", "amount_total": amount, "metadata": metadata})
        _emit(db, "invoice.paid", _invoice_obj(customer, amount, "subscription_create", name, sub_id, metadata,
                                               paid=True))
        return
    if declined:
        _emit(db, "invoice.payment_failed", _invoice_obj(customer, amount, "manual", name, None, metadata, paid=False))
        purchase.status = CANCELED
        db.commit()
        return
    _emit(db, "checkout.session.completed",
          {"id": purchase.checkout_session_id, "object": "checkout.session", "mode": "payment",
           "client_reference_id": str(user.id), "customer": customer, "payment_status": "paid",
           "amount_total": amount, "metadata": metadata})
    _emit(db, "invoice.paid", _invoice_obj(customer, amount, "manual", name, None, metadata, paid=True))


def _adopt(db: Session, sub: Subscription) -> str:
    """A plan granted from the CLI has no provider id yet: give it one so the portal can manage it."""
    if not sub.provider_subscription_id:
        sub.provider_subscription_id = "sub_local_" + secrets.token_hex(12)
        db.commit()
    return sub.provider_subscription_id


def proration_cents(old_amount_cents: int, new_amount_cents: int, started: datetime,
                    now: datetime | None = None) -> int:
    """What a change of plan costs now: the price difference over the unused part of the current
    30-day period (negative on a downgrade: a credit)."""
    now = now or datetime.now(timezone.utc)
    elapsed = (now - started) % PERIOD
    unused = 1 - elapsed / PERIOD
    return round((new_amount_cents - old_amount_cents) * unused)


def _amount_of(product_id: str) -> int:
    tier = catalog.tier_of_product(product_id)
    if tier:
        return catalog.tiers()[tier].amount * 100
    pack = catalog.api_pack(product_id)
    return (pack.amount or 0) * 100 if pack else 0


def change_plan(db: Session, user: User, sub: Subscription, price_id: str) -> None:
    """Switch a plan to another price of the same kind at once, invoicing the prorated difference."""
    price = EmbeddedProvider().price(price_id)
    if price is None or price.kind != sub.kind or price.mode != "subscription":
        raise ValueError("not a plan this subscription can change to")
    customer = _customer(db, user)
    sub_id = _adopt(db, sub)
    old = _amount_of(sub.product_id)
    metadata = {"userId": str(user.id), "kind": price.kind}
    _emit(db, "customer.subscription.updated",
          _subscription_obj(sub_id, customer, "active", price.price_id, price.product_id, metadata))
    total = proration_cents(old, price.amount_cents or 0, sub.created_at)
    verb = "Upgrade" if total >= 0 else "Downgrade"
    _emit(db, "invoice.paid", _invoice_obj(customer, total, "subscription_update",
                                           f"{verb} to {price.name} (prorated)", sub_id, metadata, paid=True))


def end_plan(db: Session, user: User, sub: Subscription) -> None:
    """End a plan now (what the provider does when a plan cancelled at its period's end reaches it)."""
    customer = _customer(db, user)
    sub_id = _adopt(db, sub)
    _emit(db, "customer.subscription.deleted",
          _subscription_obj(sub_id, customer, "canceled", sub.price_id or "", sub.product_id,
                            {"userId": str(user.id)}))


def _set_cancel_at_period_end(db: Session, user: User, sub: Subscription, cancel: bool) -> None:
    customer = _customer(db, user)
    sub_id = _adopt(db, sub)
    ends = sub.current_period_end or period_end(sub.created_at)
    _emit(db, "customer.subscription.updated",
          _subscription_obj(sub_id, customer, "active", sub.price_id or "", sub.product_id,
                            {"userId": str(user.id), "kind": sub.kind}, cancel_at_period_end=cancel,
                            period_end=ends))


def cancel_plan(db: Session, user: User, sub: Subscription) -> None:
    """Cancel a plan at the end of its current period: it stays active until then (Stripe's
    ``cancel_at_period_end``), and can be resumed until then."""
    _set_cancel_at_period_end(db, user, sub, True)


def resume_plan(db: Session, user: User, sub: Subscription) -> None:
    """Withdraw a cancellation before the period ends: the plan goes on as before."""
    _set_cancel_at_period_end(db, user, sub, False)


def end_due_cancellations(db: Session, now: datetime | None = None) -> int:
    """End the embedded provider's plans cancelled at a period end that has passed, through the
    deletion event Stripe sends at that moment. Returns how many ended."""
    now = now or datetime.now(timezone.utc)
    due = db.execute(select(Subscription).where(Subscription.status == "active",
                                                Subscription.cancel_at_period_end.is_(True),
                                                Subscription.current_period_end <= now)).scalars().all()
    for sub in due:
        end_plan(db, sub.user, sub)
    return len(due)


# How often (seconds) a request looks for plans whose cancellation is due, per process.
SWEEP_SECONDS = 60
_last_sweep: dict[str, float] = {}


@bp.before_app_request
def _end_due_cancellations_now_and_then():
    """A cancelled plan ends at its period's end, within ``SWEEP_SECONDS``, at the next request to the app
    (the embedded provider has no clock of its own; Stripe sends the deletion event itself)."""
    key = str(current_app.config.get("DATABASE_URL"))
    now = time.monotonic()
    if key in _last_sweep and now - _last_sweep[key] < SWEEP_SECONDS:
        return None
    _last_sweep[key] = now
    provider = get_provider()
    if provider is not None and provider.name == EmbeddedProvider.name:
        db = get_session()
        try:
            end_due_cancellations(db)
        except Exception:  # noqa: BLE001 - the request goes on; the next sweep tries again
            db.rollback()
            log.exception("ending the cancelled plans that are due failed")
    return None


# ---------------------------------------------------------------- pages

_STYLE = ("body{font-family:system-ui,sans-serif;background:#0f1720;color:#e6edf3;margin:0}"
          "main{max-width:560px;margin:48px auto;padding:32px;background:#17212b;border-radius:12px}"
          "h1{font-size:22px;margin:0 0 4px}p.muted{color:#9fb0c0;margin:0 0 24px}"
          ".row{display:flex;justify-content:space-between;padding:12px 0;border-bottom:1px solid #26323e}"
          "button{font:inherit;padding:10px 18px;border-radius:8px;border:0;cursor:pointer;margin:6px 6px 0 0}"
          ".primary{background:#3b82f6;color:#fff}.secondary{background:#26323e;color:#e6edf3}"
          ".danger{background:#b42318;color:#fff}form{display:inline}a{color:#7cb4ff}"
          ".test-payments{background:#4a3405;border:1px solid #d99a0b;color:#fde7b0;border-radius:8px;"
          "padding:10px 14px;margin:0 0 20px}"
          "a.button{display:inline-block;text-decoration:none;padding:10px 18px;border-radius:8px;margin:6px 6px 0 0}"
          "a.button.danger{color:#fff}"
          ".notice{background:#0f3a24;border:1px solid #2f9e62;color:#c9f2da;border-radius:8px;padding:10px 14px}"
          "h2{font-size:17px;margin:28px 0 8px}table{width:100%;border-collapse:collapse;font-size:14px}"
          "th,td{text-align:left;padding:8px 6px;border-bottom:1px solid #26323e;vertical-align:top}"
          "span.muted{color:#9fb0c0;font-size:13px}td a{white-space:nowrap}"
          ".sr{position:absolute;width:1px;height:1px;overflow:hidden;clip:rect(0 0 0 0)}"
          ":focus-visible{outline:2px solid #7cb4ff;outline-offset:2px}"
          # A phone: the page's own margins give way to the content, and a table wider than the screen
          # scrolls inside its box instead of the page scrolling sideways.
          ".table-box{overflow-x:auto}"
          "@media (max-width:600px){main{margin:0;padding:20px 14px;border-radius:0}"
          "th,td{padding:8px 4px}td a{white-space:normal}}")
_TEST_PAYMENTS = ("<p class=\"test-payments\" role=\"note\" data-testid=\"test-payments\"><strong>Test payments"
                  "</strong>: nothing is charged on this installation. Plans and API requests bought here are for "
                  "development and demos.</p>")


def _page(title: str, body: str, status: int = 200, *, test_payments: bool = True) -> Response:
    site = html.escape(get_settings().site_name)
    banner = _TEST_PAYMENTS if test_payments else ""
    doc = (f"<!doctype html><html lang=\"en\"><head><meta charset=\"utf-8\"><title>{html.escape(title)} · {site}"
           f"</title><meta name=\"viewport\" content=\"width=device-width,initial-scale=1\"><style>{_STYLE}</style>"
           f"</head><body><main>{banner}{body}</main></body></html>")
    resp = Response(doc, status=status, mimetype="text/html")
    resp.headers["Cache-Control"] = "no-store"
    return resp


def _dollars(cents: int | None) -> str:
    return f"${(cents or 0) / 100:,.2f}"


def _button(action: str, label: str, css: str, fields: dict | None = None, testid: str = "") -> str:
    hidden = "".join(f"<input type=\"hidden\" name=\"{html.escape(k)}\" value=\"{html.escape(v)}\">"
                     for k, v in (fields or {}).items())
    tid = f" data-testid=\"{html.escape(testid)}\"" if testid else ""
    return (f"<form method=\"post\" action=\"{html.escape(action)}\">{hidden}"
            f"<button type=\"submit\" class=\"{css}\"{tid}>{html.escape(label)}</button></form>")


@bp.before_request
def _only_while_the_embedded_provider_sells():
    provider = get_provider()
    if provider is None or provider.name != EmbeddedProvider.name:
        return _page("Billing", "<h1>Purchasing is not available</h1><p class=\"muted\">Purchasing is not available "
                     "on this installation.</p>", 503, test_payments=False)
    return None


def _open_purchase(db: Session, session_id: str) -> Purchase | None:
    return db.execute(select(Purchase).where(Purchase.checkout_session_id == session_id,
                                             Purchase.provider == EmbeddedProvider.name)).scalar_one_or_none()


@bp.get("/checkout/<session_id>")
def checkout_page(session_id: str):
    db = get_session()
    purchase = _open_purchase(db, session_id)
    if purchase is None:
        return _page("Checkout", "<h1>Checkout not found</h1><p class=\"muted\">This link is not valid.</p>", 404)
    if purchase.status != OPEN:
        return _page("Checkout", "<h1>This checkout has ended</h1>"
                     "<p class=\"muted\"><a href=\"/app\">Back to the app</a></p>", 410)
    user = db.get(User, purchase.user_id)
    price = EmbeddedProvider().price(purchase.price_id)
    name = price.name if price else purchase.product_id
    per = "/month" if purchase.mode == "subscription" else ""
    base = f"/billing/local/checkout/{session_id}"
    body = (f"<h1>Checkout</h1><p class=\"muted\">{html.escape(user.email)}</p>"
            f"<div class=\"row\"><span data-testid=\"checkout-plan\">{html.escape(name)}</span>"
            f"<strong>{_dollars(purchase.amount_cents)}{per}</strong></div>"
            + (f"<div class=\"row\"><span>API requests</span><strong>{price.credits:,}</strong></div>"
               if price and price.credits else "")
            + "<p></p>"
            + _button(f"{base}/pay", f"Pay {_dollars(purchase.amount_cents)}", "primary", testid="checkout-pay")
            + _button(f"{base}/decline", "Simulate a declined card", "secondary", testid="checkout-decline")
            + _button(f"{base}/cancel", "Cancel", "secondary", testid="checkout-cancel"))
    return _page("Checkout", body)


def _site() -> str:
    return request.host_url.rstrip("/")


def _claim(db: Session, purchase: Purchase, status: str) -> bool:
    """Move an open checkout to ``status``; False when another request got there first. Pay, decline and
    cancel clicked at once (or one clicked many times) end the checkout once, one way."""
    claimed = db.execute(update(Purchase).where(Purchase.id == purchase.id, Purchase.status == OPEN)
                         .values(status=status).execution_options(synchronize_session=False)).rowcount == 1
    db.commit()
    db.refresh(purchase)
    return claimed


@bp.post("/checkout/<session_id>/<action>")
def checkout_action(session_id: str, action: str):
    db = get_session()
    purchase = _open_purchase(db, session_id)
    if purchase is None or action not in ("pay", "decline", "cancel"):
        return _page("Checkout", "<h1>Checkout not found</h1>", 404)
    if not _claim(db, purchase, CANCELED if action == "cancel" else PAYING):
        # Already ended (or being paid by an earlier click): show where it stands.
        if purchase.status == CANCELED:
            return redirect(f"{_site()}/checkout/failed", 303)
        return redirect(f"{_site()}/checkout/success?session_id={session_id}{_credits_param(purchase)}", 303)
    if action == "cancel":
        return redirect(f"{_site()}/checkout/failed", 303)
    complete_checkout(db, purchase, declined=action == "decline")
    if action == "decline":
        return redirect(f"{_site()}/checkout/failed", 303)
    return redirect(f"{_site()}/checkout/success?session_id={session_id}{_credits_param(purchase)}", 303)


def _credits_param(purchase: Purchase) -> str:
    """The success page says how many API requests a pack added (the balance it reads from the account)."""
    price = EmbeddedProvider().price(purchase.price_id)
    return f"&credits={price.credits}" if price and price.kind == "api" and price.credits else ""


def _managed(user: User) -> list[Subscription]:
    return [s for s in user.subscriptions if s.status == "active"]


@bp.get("/portal/<ticket>")
def portal_open(ticket: str):
    """Open the portal from its link: once, within two minutes, while the session lives. The answer
    moves the portal onto its cookie and away from the ticket's URL."""
    db = get_session()
    claims = portal_link.read(ticket, PORTAL_TICKET_TYPE)
    user = _session_user(db, claims) if claims else None
    if user is None or not _use_ticket(db, claims, user):
        return _refused()
    resp = redirect(f"{_site()}{PORTAL_PATH}", 303)
    cookie = portal_link.sign({"sub": str(user.id), "sid": claims["sid"], "type": PORTAL_COOKIE_TYPE},
                     PORTAL_COOKIE_MINUTES * 60)
    resp.set_cookie(PORTAL_COOKIE, cookie, max_age=PORTAL_COOKIE_MINUTES * 60, path=PORTAL_PATH.rstrip("/"),
                    secure=request.is_secure, httponly=True, samesite="Strict")
    resp.headers["Cache-Control"] = "no-store"
    resp.headers["Referrer-Policy"] = "no-referrer"
    return resp


def _date(value: datetime | None) -> str:
    return f"{value:%d %b %Y}" if value else "the end of the current period"


def _plan_label(sub: Subscription) -> str:
    if sub.kind == "regular":
        return catalog.tier_name(catalog.tier_of_product(sub.product_id)) or sub.name
    return sub.name


def _notice(db: Session, user: User, done: str) -> str:
    """What the action just taken changed, read back from the account (the page after each action)."""
    subs = _managed(user)
    text = ""
    if done == "changed" and subs:
        latest = db.execute(select(Invoice).where(Invoice.user_id == user.id).order_by(Invoice.id.desc())
                            .limit(1)).scalar_one_or_none()
        names = " and ".join(_plan_label(s) for s in subs)
        text = f"Your plan is now <strong>{html.escape(names)}</strong>. The change applies now"
        if latest is not None:
            what = "credited" if latest.amount_cents < 0 else "invoiced"
            text += (f"; the prorated difference, {_dollars(abs(latest.amount_cents))}, is {what} on invoice "
                     f"{html.escape(latest.number)}")
        text += "."
    elif done == "canceled":
        ending = [s for s in subs if s.cancel_at_period_end]
        if ending:
            text = "; ".join(f"<strong>{html.escape(_plan_label(s))}</strong> ends on {_date(s.current_period_end)}"
                             for s in ending)
            text = f"Cancellation confirmed: {text}. Until then nothing changes, and you can resume the plan below."
    elif done == "resumed":
        text = "The cancellation is withdrawn: " + ", ".join(
            f"<strong>{html.escape(_plan_label(s))}</strong>" for s in subs) + " goes on as before."
    elif done == "kept":
        text = "Nothing changed: your plan goes on as before."
    if not text:
        return ""
    return f"<p class=\"notice\" role=\"status\" data-testid=\"portal-notice\">{text}</p>"


def _invoices(db: Session, user: User) -> str:
    rows = db.execute(select(Invoice).where(Invoice.user_id == user.id).order_by(Invoice.id.desc())
                      ).scalars().all()
    if not rows:
        return "<h2>Invoices</h2><p class=\"muted\">No invoices yet.</p>"
    out = ["<h2>Invoices</h2><div class=\"table-box\"><table data-testid=\"portal-invoices\"><thead><tr>"
           "<th scope=\"col\">Invoice</th>"
           "<th scope=\"col\">Date</th><th scope=\"col\">Amount</th><th scope=\"col\">Status</th>"
           "<th scope=\"col\"><span class=\"sr\">PDF</span></th></tr></thead><tbody>"]
    for inv in rows:
        out.append(f"<tr><td>{html.escape(inv.number)}<br><span class=\"muted\">{html.escape(inv.description or '')}"
                   f"</span></td><td>{inv.created_at:%d %b %Y}</td><td>{_dollars(inv.amount_cents)}</td>"
                   f"<td>{html.escape(inv.status)}</td><td><a href=\"{PORTAL_PATH}invoices/{inv.id}.pdf\" "
                   f"download data-testid=\"portal-invoice-pdf\" aria-label=\"Download invoice "
                   f"{html.escape(inv.number)} as PDF\">Download PDF</a></td></tr>")
    out.append("</tbody></table></div>")
    return "".join(out)


@bp.get("/portal/")
def portal_page():
    db = get_session()
    found = _portal_cookie_user(db)
    if found is None:
        return _refused()
    user, claims = found
    end_due_cancellations(db)
    db.refresh(user)
    form = {"csrf": str(claims["jti"])}
    parts = [f"<h1>Manage subscription</h1><p class=\"muted\">{html.escape(user.email)}</p>",
             _notice(db, user, request.args.get("done", ""))]
    subs = _managed(user)
    if not subs:
        parts.append("<p>No active plan.</p>")
    for sub in subs:
        if sub.kind == "regular":
            tier = catalog.tier_of_product(sub.product_id)
            options = [t for t in catalog.tiers().values() if t.id != tier]
            choices = [(t.price_id, t.name, t.amount * 100) for t in options]
        else:
            choices = [(p.price_id, p.name, (p.amount or 0) * 100) for p in catalog.API_PACKS
                       if p.payment_type == "subscription" and p.id != sub.product_id]
        parts.append(f"<div class=\"row\"><span data-testid=\"portal-plan\">{html.escape(_plan_label(sub))}</span>"
                     f"<strong>{_dollars(_amount_of(sub.product_id))}/month</strong></div>")
        if sub.cancel_at_period_end:
            # Cancelled at the period's end: active until then, and the cancellation can be withdrawn.
            parts.append(f"<p data-testid=\"portal-ends\">Cancelled: ends on {_date(sub.current_period_end)}, "
                         "at the end of the current period. Until then the plan stays active.</p>")
            parts.append(_button(f"{PORTAL_PATH}resume", "Resume plan", "primary",
                                 {**form, "subscription": str(sub.id)}, testid="portal-resume"))
            continue
        parts.append("<p></p>")
        for price_id, name, amount in choices:
            parts.append(_button(f"{PORTAL_PATH}change", f"Change to {name} ({_dollars(amount)}/month)", "secondary",
                                 {**form, "subscription": str(sub.id), "price": price_id},
                                 testid=f"portal-change-{price_id}"))
        # Cancelling asks first (the confirmation page says what ends, and when).
        parts.append(f"<a class=\"button danger\" href=\"{PORTAL_PATH}cancel?subscription={sub.id}\" "
                     "data-testid=\"portal-end\">Cancel plan</a>")
    parts.append(_invoices(db, user))
    parts.append(f"<p><a href=\"{_site()}/app\" data-testid=\"portal-return\">Return to the app</a></p>")
    resp = _page("Manage subscription", "".join(parts))
    resp.headers["Referrer-Policy"] = "no-referrer"
    return resp


def _own_active_plan(db: Session, user: User, sub_id: str) -> Subscription | None:
    sub = db.get(Subscription, int(sub_id)) if sub_id.isascii() and sub_id.isdigit() and len(sub_id) <= 9 else None
    return sub if sub is not None and sub.user_id == user.id and sub.status == "active" else None


@bp.get("/portal/cancel")
def portal_cancel_confirm():
    """The confirmation step of "Cancel plan": what ends and when, with Confirm and Keep plan."""
    db = get_session()
    found = _portal_cookie_user(db)
    if found is None:
        return _refused()
    user, claims = found
    sub = _own_active_plan(db, user, request.args.get("subscription", ""))
    if sub is None:
        return _page("Billing", "<h1>No such plan</h1>", 404)
    ends = sub.current_period_end or period_end(sub.created_at)
    label = html.escape(_plan_label(sub))
    body = (f"<h1>Cancel {label}?</h1><p class=\"muted\">{html.escape(user.email)}</p>"
            f"<p data-testid=\"portal-confirm-text\"><strong>{label}</strong> stays active until "
            f"<strong>{_date(ends)}</strong>, the end of the current period, and ends then. Nothing more is "
            "invoiced for it. Until that date you can resume it from this page.</p>"
            + _button(f"{PORTAL_PATH}cancel", "Confirm cancellation", "danger",
                      {"csrf": str(claims["jti"]), "subscription": str(sub.id)}, testid="portal-confirm-cancel")
            + f"<a class=\"button secondary\" href=\"{PORTAL_PATH}?done=kept\" data-testid=\"portal-keep\">"
              "Keep plan</a>")
    resp = _page("Cancel plan", body)
    resp.headers["Referrer-Policy"] = "no-referrer"
    return resp


@bp.get("/portal/invoices/<int:invoice_id>.pdf")
def portal_invoice_pdf(invoice_id: int):
    """One of the session's own invoices as a PDF; any other invoice id answers 404."""
    db = get_session()
    found = _portal_cookie_user(db)
    if found is None:
        return _refused()
    user, _claims = found
    invoice = db.execute(select(Invoice).where(Invoice.id == invoice_id, Invoice.user_id == user.id)
                         ).scalar_one_or_none()
    if invoice is None:
        return _page("Billing", "<h1>Invoice not found</h1>", 404)
    resp = Response(invoice_pdf(invoice, user, get_settings().site_name), mimetype="application/pdf")
    filename = "".join(c for c in invoice.number if c.isalnum() or c in "-_") or str(invoice.id)
    resp.headers["Content-Disposition"] = f"attachment; filename=\"invoice-{filename}.pdf\""
    resp.headers["Cache-Control"] = "no-store"
    resp.headers["Referrer-Policy"] = "no-referrer"
    return resp


_ACTIONS = {"change": "changed", "cancel": "canceled", "resume": "resumed"}


@bp.post("/portal/<action>")
def portal_action(action: str):
    db = get_session()
    found = _portal_cookie_user(db)
    if found is None or action not in _ACTIONS:
        return _refused()
    user, claims = found
    if not hmac.compare_digest(request.form.get("csrf", ""), str(claims["jti"])):
        return _page("Billing", _EXPIRED, 403)
    sub = _own_active_plan(db, user, request.form.get("subscription", ""))
    if sub is None:
        return _page("Billing", "<h1>No such plan</h1>", 404)
    if action == "cancel":
        if not sub.cancel_at_period_end:
            cancel_plan(db, user, sub)
    elif action == "resume":
        if sub.cancel_at_period_end:
            resume_plan(db, user, sub)
    else:
        if sub.cancel_at_period_end:
            return _page("Billing", "<h1>Resume the plan first</h1><p class=\"muted\">A cancelled plan is resumed "
                         "before it is changed.</p>", 409)
        try:
            change_plan(db, user, sub, request.form.get("price", ""))
        except ValueError:
            return _page("Billing", "<h1>That plan is not available</h1>", 400)
    return redirect(f"{_site()}{PORTAL_PATH}?done={_ACTIONS[action]}", 303)
