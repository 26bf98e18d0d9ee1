"""Provider events -> subscriptions, API credits, invoices.

Both providers deliver events of the same shape (Stripe's: ``{id, type, created, data: {object}}``); the
embedded provider builds them itself. Each event is applied exactly once: its id is stored in
``billing_events`` in the same transaction as its effects, so a redelivery (or a concurrent delivery of
the same event) changes nothing. Events may arrive out of order: a subscription keeps the creation time
of the last event applied to it and ignores older ones, and an ended subscription never comes back.
"""

from __future__ import annotations

import logging
from dataclasses import dataclass
from datetime import datetime, timezone
from typing import Any, Callable

from sqlalchemy import select, update
from sqlalchemy.exc import IntegrityError
from sqlalchemy.orm import Session

from api import catalog
from api.models import ApiCreditAccount, BillingEvent, Invoice, Purchase, Subscription, User, utcnow

log = logging.getLogger("api.billing")

# Provider subscription status -> ours. past_due keeps access while the provider retries the payment;
# incomplete (first payment not made) gives none; unpaid, canceled and incomplete_expired end the plan.
_STATUS = {"active": "active", "trialing": "active", "past_due": "active", "incomplete": "incomplete"}
# Invoices that start or renew a period (not a proration on a plan change) grant a pack's credits.
_CREDIT_REASONS = {"subscription_create", "subscription_cycle"}


@dataclass(frozen=True)
class ProductInfo:
    """What a provider product is in our terms."""
    kind: str  # regular | api
    name: str  # tier id for regular plans, pack name for api plans
    credits: int = 0


ProductResolver = Callable[[str], "ProductInfo | None"]


def catalog_product(product_id: str) -> ProductInfo | None:
    tier = catalog.tier_of_product(product_id)
    if tier:
        return ProductInfo("regular", tier)
    pack = catalog.api_pack(product_id)
    if pack:
        return ProductInfo("api", pack.name, pack.credits)
    return None


def _id(value: Any) -> str | None:
    if isinstance(value, dict):
        value = value.get("id")
    return value if isinstance(value, str) and value else None


def _metadata(obj: dict) -> dict:
    meta = dict(obj.get("metadata") or {})
    # Newer API versions put an invoice's subscription data under parent.subscription_details.
    details = ((obj.get("parent") or {}).get("subscription_details") or {})
    for key, value in (details.get("metadata") or {}).items():
        meta.setdefault(key, value)
    return meta


def _subscription_id(obj: dict) -> str | None:
    return _id(obj.get("subscription")) or _id(((obj.get("parent") or {}).get("subscription_details") or {})
                                               .get("subscription"))


def _user_for(db: Session, obj: dict) -> User | None:
    meta = _metadata(obj)
    for candidate in (meta.get("userId"), obj.get("client_reference_id")):
        if isinstance(candidate, str) and candidate.isdigit():
            user = db.get(User, int(candidate))
            if user is not None:
                return user
    customer = _id(obj.get("customer"))
    if customer:
        user = db.execute(select(User).where(User.billing_customer_id == customer)).scalar_one_or_none()
        if user is not None:
            return user
    sub_id = _subscription_id(obj)
    if sub_id:
        row = db.execute(select(Subscription).where(Subscription.provider_subscription_id == sub_id)
                         ).scalar_one_or_none()
        if row is not None:
            return row.user
    return None


def _remember_customer(user: User, obj: dict) -> None:
    customer = _id(obj.get("customer"))
    if customer and not user.billing_customer_id:
        user.billing_customer_id = customer


def grant_credits(db: Session, user_id: int, credits: int) -> None:
    """Add credits with one UPDATE (never read-then-write: requests may be spending them right now)."""
    if credits <= 0:
        return
    done = db.execute(update(ApiCreditAccount).where(ApiCreditAccount.user_id == user_id)
                      .values(balance=ApiCreditAccount.balance + credits)).rowcount
    if not done:
        db.add(ApiCreditAccount(user_id=user_id, balance=credits))
        db.flush()


def _to_int(value: Any) -> int:
    try:
        return int(value)
    except (TypeError, ValueError):
        return 0


# ---------------------------------------------------------------- handlers

class _Context:
    def __init__(self, db: Session, provider: str, created: int, resolve: ProductResolver):
        self.db, self.provider, self.created, self.resolve = db, provider, created, resolve


def _checkout_completed(ctx: _Context, obj: dict) -> None:
    db = ctx.db
    user = _user_for(db, obj)
    if user is None:
        log.warning("checkout %s: no user found; ignored", obj.get("id"))
        return
    _remember_customer(user, obj)
    meta = _metadata(obj)
    purchase = db.execute(select(Purchase).where(Purchase.checkout_session_id == obj["id"])).scalar_one_or_none()
    if purchase is None:  # a checkout created outside this server (e.g. from the provider's dashboard)
        purchase = Purchase(checkout_session_id=obj["id"], provider=ctx.provider, user_id=user.id,
                            kind=meta.get("kind") or "regular", mode=obj.get("mode") or "subscription",
                            product_id=meta.get("productId") or "", price_id=meta.get("priceId") or "",
                            amount_cents=obj.get("amount_total"), referral=meta.get("referral"), status="open",
                            credits_granted=0)
        db.add(purchase)
    if purchase.status == "complete":
        return
    purchase.status = "complete"
    purchase.completed_at = utcnow()
    if obj.get("mode") == "payment" and obj.get("payment_status") in ("paid", "no_payment_required"):
        credits = _to_int(meta.get("credits"))
        if not credits and purchase.product_id:
            info = ctx.resolve(purchase.product_id)
            credits = info.credits if info else 0
        grant_credits(db, user.id, credits)
        purchase.credits_granted = credits
    sub_id = _id(obj.get("subscription"))
    if sub_id:
        row = db.execute(select(Subscription).where(Subscription.provider_subscription_id == sub_id)
                         ).scalar_one_or_none()
        if row is not None and not row.referral:
            row.referral = purchase.referral


def _subscription_changed(ctx: _Context, obj: dict, deleted: bool = False) -> None:
    db = ctx.db
    row = db.execute(select(Subscription).where(Subscription.provider_subscription_id == obj["id"])
                     ).scalar_one_or_none()
    if row is not None:
        if row.provider_status == "deleted":
            return  # ended: a late created/updated event does not revive it
        if row.last_event_at is not None and ctx.created < row.last_event_at:
            return  # older than the state we hold
    user = row.user if row is not None else _user_for(db, obj)
    if user is None:
        log.warning("subscription %s: no user found; ignored", obj.get("id"))
        return
    _remember_customer(user, obj)
    items = ((obj.get("items") or {}).get("data") or [])
    price = (items[0].get("price") if items else None) or {}
    product_id = _id(price.get("product")) or (row.product_id if row else "")
    info = ctx.resolve(product_id)
    meta = _metadata(obj)
    if info is None:
        info = ProductInfo(meta.get("kind") or "api", meta.get("name") or product_id, _to_int(meta.get("credits")))
    status = "canceled" if deleted else _STATUS.get(obj.get("status") or "", "canceled")
    if row is None:
        referral = meta.get("referral")
        if not referral:  # the checkout may have been reported first: take the referral stored with it
            referral = db.execute(
                select(Purchase.referral).where(Purchase.user_id == user.id, Purchase.product_id == product_id,
                                                Purchase.mode == "subscription", Purchase.status == "complete")
                .order_by(Purchase.id.desc()).limit(1)).scalar_one_or_none()
        row = Subscription(user_id=user.id, provider_subscription_id=obj["id"], kind=info.kind,
                           product_id=product_id, name=info.name, status=status, referral=referral)
        db.add(row)
    row.kind, row.product_id, row.name, row.status = info.kind, product_id, info.name, status
    row.price_id = price.get("id") or row.price_id
    row.provider_status = "deleted" if deleted else obj.get("status")
    row.last_event_at = ctx.created
    db.flush()


def _invoice(ctx: _Context, obj: dict, paid: bool) -> None:
    db = ctx.db
    user = _user_for(db, obj)
    if user is None:
        log.warning("invoice %s: no user found; ignored", obj.get("id"))
        return
    _remember_customer(user, obj)
    row = db.execute(select(Invoice).where(Invoice.provider_invoice_id == obj["id"])).scalar_one_or_none()
    was_paid = row is not None and row.status == "paid"
    if row is None:
        created = obj.get("created")
        row = Invoice(provider_invoice_id=obj["id"], user_id=user.id, number=obj.get("number") or obj["id"],
                      amount_cents=0, currency=(obj.get("currency") or "usd")[:3],
                      created_at=datetime.fromtimestamp(created, timezone.utc) if created else utcnow())
        db.add(row)
    total = obj.get("total")
    row.amount_cents = _to_int(total if total is not None else obj.get("amount_paid" if paid else "amount_due"))
    row.pdf_url = obj.get("invoice_pdf") or obj.get("hosted_invoice_url") or row.pdf_url
    lines = ((obj.get("lines") or {}).get("data") or [])
    if lines and lines[0].get("description"):
        row.description = str(lines[0]["description"])[:255]
    if paid:
        row.status = "paid"
    elif not was_paid:  # a failure reported after the payment went through changes nothing
        row.status = "failed"
    db.flush()
    if paid and not was_paid and obj.get("billing_reason") in _CREDIT_REASONS:
        sub_id = _subscription_id(obj)
        sub = db.execute(select(Subscription).where(Subscription.provider_subscription_id == sub_id)
                         ).scalar_one_or_none() if sub_id else None
        product_id = sub.product_id if sub else None
        if product_id is None and lines:
            product_id = _id(((lines[0].get("pricing") or {}).get("price_details") or {}).get("product")) \
                or _id((lines[0].get("price") or {}).get("product"))
        info = ctx.resolve(product_id) if product_id else None
        if info is not None and info.kind == "api":
            grant_credits(db, user.id, info.credits)


HANDLERS: dict[str, Callable[[_Context, dict], None]] = {
    "checkout.session.completed": _checkout_completed,
    "customer.subscription.created": _subscription_changed,
    "customer.subscription.updated": _subscription_changed,
    "customer.subscription.deleted": lambda ctx, obj: _subscription_changed(ctx, obj, deleted=True),
    "invoice.paid": lambda ctx, obj: _invoice(ctx, obj, paid=True),
    "invoice.payment_failed": lambda ctx, obj: _invoice(ctx, obj, paid=False),
}


def process_event(db: Session, event: dict, provider: str, resolve: ProductResolver = catalog_product) -> bool:
    """Apply one event and commit; False when it was already processed (nothing changes)."""
    event_id = event.get("id")
    if not isinstance(event_id, str) or not event_id:
        raise ValueError("event without an id")
    if db.get(BillingEvent, event_id) is not None:
        return False
    etype = str(event.get("type") or "")
    created = _to_int(event.get("created"))
    handler = HANDLERS.get(etype)
    if handler is not None:
        obj = ((event.get("data") or {}).get("object") or {})
        handler(_Context(db, provider, created, resolve), obj)
    db.add(BillingEvent(id=event_id, type=etype[:80], provider=provider, created=created))
    try:
        db.commit()
    except IntegrityError:  # the same event delivered concurrently: the other delivery applied it
        db.rollback()
        return False
    log.info("billing event %s %s applied", event_id, etype)
    return True
