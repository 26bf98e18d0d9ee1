"""Provider events -> subscriptions, API credits, invoices.

Both providers deliver events of the same shape (Stripe's: ``{id, type, created, data: {object}}``); the
embedded provider builds them itself. An event whose fields do not have the types this module reads is
refused whole (``InvalidEvent``) before anything is written.

Exactly once, on SQLite and PostgreSQL alike:
- per event: its id is inserted into ``billing_events`` first, in the same transaction as its effects, so a
  redelivery finds it and a concurrent delivery of the same event waits on that row and then finds it;
- per checkout: only the transaction whose conditional UPDATE moves the purchase from open to complete
  applies the checkout (its credits), whatever the number of events reporting that Checkout Session;
- per invoice: only the transaction that first records the invoice as paid (an INSERT, or a conditional
  UPDATE from another status) grants a pack's credits.
A transaction that loses a race on a unique row (two events creating the same subscription or invoice) is
rolled back and applied again against the row the other one created; ``EventConflict`` when that keeps
failing. Events may arrive out of order: a subscription keeps the creation time of the last event applied
to it and ignores older ones, and an ended subscription never comes back.
"""

from __future__ import annotations

import logging
from dataclasses import dataclass
from datetime import datetime, timezone
from typing import Any, Callable

from sqlalchemy import or_, select, update
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
# A purchase not yet completed: open (a Checkout Session), or paying (the embedded checkout's Pay button
# has claimed it and is sending its events).
OPEN = "open"
PAYING = "paying"
COMPLETE = "complete"
CANCELED = "canceled"
# Attempts at one event when a concurrent transaction created the same row first.
_ATTEMPTS = 3
INT4_MAX = 2**31 - 1


class InvalidEvent(ValueError):
    """A (correctly signed) event whose shape this server cannot apply; nothing was written."""


class EventConflict(RuntimeError):
    """Concurrent events kept changing the same rows; nothing was written and the event can be sent again."""


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
        if _is_small_number(candidate):
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


def _is_small_number(value: Any) -> bool:
    """A decimal string that fits the database's 32-bit integers (ids, credits)."""
    return isinstance(value, str) and value.isascii() and value.isdigit() and len(value) <= 9


def _to_int(value: Any) -> int:
    if isinstance(value, bool):
        return 0
    if isinstance(value, int):
        return value
    return int(value) if _is_small_number(value) else 0


# ---------------------------------------------------------------- the shape of an event

class _Str:
    """A string of at most ``max_len`` characters, without NUL (stored in bounded text columns)."""

    def __init__(self, max_len: int):
        self.max_len = max_len

    def problem(self, value: Any) -> str | None:
        if not isinstance(value, str):
            return "is not a string"
        if len(value) > self.max_len:
            return f"is longer than {self.max_len} characters"
        if "\x00" in value:
            return "contains a NUL character"
        return None


class _Int:
    def problem(self, value: Any) -> str | None:
        if isinstance(value, bool) or not isinstance(value, int):
            return "is not an integer"
        if not -INT4_MAX - 1 <= value <= INT4_MAX:
            return "is out of range"
        return None


class _Bool:
    def problem(self, value: Any) -> str | None:
        return None if isinstance(value, bool) else "is not a boolean"


class _Ref:
    """An object id, or the expanded object carrying it."""

    def problem(self, value: Any) -> str | None:
        if isinstance(value, dict):
            value = value.get("id")
        return _Str(120).problem(value)


class _Metadata:
    """Stripe metadata: string values; the keys this module stores are bounded like their columns."""

    LIMITS = {"kind": 16, "productId": 120, "priceId": 120, "name": 120, "referral": 64}

    def problem(self, value: Any) -> str | None:
        if not isinstance(value, dict):
            return "is not an object"
        for key, item in value.items():
            issue = _Str(self.LIMITS.get(key, 500)).problem(item)
            if issue:
                return f"{key} {issue}"
        for key in ("userId", "credits"):
            if key in value and not _is_small_number(value[key]):
                return f"{key} is not a number"
        return None


_REF, _META, _INT, _BOOL = _Ref(), _Metadata(), _Int(), _Bool()
# The fields the handlers read, each optional (absent or null; the object's own id is required by
# check_event): an object is a dict of its fields, a list is [the shape of its items].
_COMMON = {"customer": _REF, "subscription": _REF, "client_reference_id": _Str(255), "metadata": _META,
           "parent": {"subscription_details": {"metadata": _META, "subscription": _REF}}}
_SHAPES: dict[str, dict] = {
    "checkout.session": {**_COMMON, "id": _Str(255), "mode": _Str(16), "payment_status": _Str(32),
                         "amount_total": _INT},
    "subscription": {**_COMMON, "id": _Str(120), "status": _Str(32), "cancel_at_period_end": _BOOL,
                     "current_period_end": _INT,
                     "items": {"data": [{"price": {"id": _Str(120), "product": _REF}, "current_period_end": _INT}]}},
    "invoice": {**_COMMON, "id": _Str(255), "number": _Str(64), "currency": _Str(16), "invoice_pdf": _Str(500),
                "hosted_invoice_url": _Str(500), "billing_reason": _Str(64), "total": _INT, "amount_paid": _INT,
                "amount_due": _INT, "created": _INT,
                "lines": {"data": [{"description": _Str(100_000), "pricing": {"price_details": {"product": _REF}},
                                    "price": {"product": _REF}}]}},
}
_OBJECT_OF = {"checkout.session.completed": "checkout.session", "customer.subscription.created": "subscription",
              "customer.subscription.updated": "subscription", "customer.subscription.deleted": "subscription",
              "invoice.paid": "invoice", "invoice.payment_failed": "invoice"}


def _shape_problem(value: Any, shape: Any, path: str) -> str | None:
    if value is None:
        return None
    if isinstance(shape, dict):
        if not isinstance(value, dict):
            return f"{path} is not an object"
        for key, inner in shape.items():
            issue = _shape_problem(value.get(key), inner, f"{path}.{key}")
            if issue:
                return issue
        return None
    if isinstance(shape, list):
        if not isinstance(value, list):
            return f"{path} is not a list"
        for n, item in enumerate(value):
            issue = _shape_problem(item, shape[0], f"{path}[{n}]")
            if issue:
                return issue
        return None
    issue = shape.problem(value)
    return f"{path} {issue}" if issue else None


def check_event(event: Any) -> tuple[str, str, int, dict]:
    """``(id, type, created, data.object)`` of an event this module can apply; ``InvalidEvent`` otherwise.

    The object of a handled type must be an object with an id, and every field the handlers read must
    have its type (and fit its column); other event types are only recorded, whatever their object."""
    if not isinstance(event, dict):
        raise InvalidEvent("the event is not an object")
    for key, shape in (("id", _Str(255)), ("type", _Str(255)), ("created", _INT)):
        issue = _shape_problem(event.get(key), shape, key)
        if issue:
            raise InvalidEvent(issue)
    event_id, etype = event.get("id"), event.get("type") or ""
    if not event_id:
        raise InvalidEvent("id is missing")
    kind = _OBJECT_OF.get(etype)
    if kind is None:
        return event_id, etype, _to_int(event.get("created")), {}
    data = event.get("data")
    if not isinstance(data, dict) or not isinstance(data.get("object"), dict):
        raise InvalidEvent("data.object is missing or not an object")
    obj = data["object"]
    if not isinstance(obj.get("id"), str) or not obj["id"]:
        raise InvalidEvent("data.object.id is missing")
    issue = _shape_problem(obj, _SHAPES[kind], "data.object")
    if issue:
        raise InvalidEvent(issue)
    return event_id, etype, _to_int(event.get("created")), obj


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
                            amount_cents=obj.get("amount_total"), referral=meta.get("referral"), status=OPEN,
                            credits_granted=0)
        db.add(purchase)
        db.flush()  # two events creating it at once: the loser fails here and is applied again
    credits = 0
    if obj.get("mode") == "payment" and obj.get("payment_status") in ("paid", "no_payment_required"):
        credits = _to_int(meta.get("credits"))
        if not credits and purchase.product_id:
            info = ctx.resolve(purchase.product_id)
            credits = info.credits if info else 0
    # One checkout, one completion: whatever the number of events reporting this session (or of
    # deliveries running at once), only the UPDATE that finds the purchase still open completes it. On
    # PostgreSQL a concurrent one waits for this row and then finds it complete; SQLite runs writers one
    # at a time.
    completed = db.execute(
        update(Purchase).where(Purchase.id == purchase.id, Purchase.status.in_((OPEN, PAYING)))
        .values(status=COMPLETE, completed_at=utcnow(), credits_granted=credits)
        .execution_options(synchronize_session=False)).rowcount == 1
    if not completed:
        return
    grant_credits(db, user.id, credits)
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
    price = ((items[0] or {}).get("price") if items else None) or {}
    product_id = _id(price.get("product")) or (row.product_id if row else "")
    info = ctx.resolve(product_id)
    meta = _metadata(obj)
    if info is None:
        info = ProductInfo(meta.get("kind") or "api", meta.get("name") or product_id, _to_int(meta.get("credits")))
    status = "canceled" if deleted else _STATUS.get(obj.get("status") or "", "canceled")
    values = {"kind": info.kind, "product_id": product_id, "name": info.name[:120], "status": status,
              "provider_status": "deleted" if deleted else obj.get("status"), "last_event_at": ctx.created}
    if price.get("id"):
        values["price_id"] = price["id"]
    # A cancellation at the period's end (and its withdrawal) arrives as an update with the flag; the
    # period's end is on the subscription (older API versions) or on its item (newer ones).
    if isinstance(obj.get("cancel_at_period_end"), bool):
        values["cancel_at_period_end"] = obj["cancel_at_period_end"] and not deleted
    period_end = obj.get("current_period_end")
    if period_end is None and items:
        period_end = (items[0] or {}).get("current_period_end")
    if isinstance(period_end, int) and period_end > 0:
        values["current_period_end"] = datetime.fromtimestamp(period_end, timezone.utc)
    if row is None:
        referral = meta.get("referral")
        if not referral:  # the checkout may have been reported first: take the referral stored with it
            referral = db.execute(
                select(Purchase.referral).where(Purchase.user_id == user.id, Purchase.product_id == product_id,
                                                Purchase.mode == "subscription", Purchase.status == COMPLETE)
                .order_by(Purchase.id.desc()).limit(1)).scalar_one_or_none()
        db.add(Subscription(user_id=user.id, provider_subscription_id=obj["id"], referral=referral, **values))
        db.flush()  # two events creating it at once: the loser fails here and is applied again as an update
        return
    # The checks above, again in the UPDATE itself: an event applied meanwhile by another transaction
    # (newer, or the deletion) wins over this one.
    db.execute(update(Subscription)
               .where(Subscription.id == row.id,
                      or_(Subscription.provider_status.is_(None), Subscription.provider_status != "deleted"),
                      or_(Subscription.last_event_at.is_(None), Subscription.last_event_at <= ctx.created))
               .values(**values).execution_options(synchronize_session=False))
    db.expire(row)


def _invoice(ctx: _Context, obj: dict, paid: bool) -> None:
    db = ctx.db
    user = _user_for(db, obj)
    if user is None:
        log.warning("invoice %s: no user found; ignored", obj.get("id"))
        return
    _remember_customer(user, obj)
    total = obj.get("total")
    lines = ((obj.get("lines") or {}).get("data") or [])
    first_line = (lines[0] or {}) if lines else {}
    fields = {"amount_cents": _to_int(total if total is not None else obj.get("amount_paid" if paid else "amount_due"))}
    if obj.get("invoice_pdf") or obj.get("hosted_invoice_url"):
        fields["pdf_url"] = obj.get("invoice_pdf") or obj.get("hosted_invoice_url")
    if first_line.get("description"):
        fields["description"] = str(first_line["description"])[:255]
    row = db.execute(select(Invoice).where(Invoice.provider_invoice_id == obj["id"])).scalar_one_or_none()
    if row is None:
        created = obj.get("created")
        db.add(Invoice(provider_invoice_id=obj["id"], user_id=user.id, number=obj.get("number") or obj["id"],
                       currency=(obj.get("currency") or "usd")[:3], status="paid" if paid else "failed",
                       created_at=datetime.fromtimestamp(created, timezone.utc) if created else utcnow(), **fields))
        db.flush()  # two events recording it at once: the loser fails here and is applied again
        first_paid = paid
    else:
        db.execute(update(Invoice).where(Invoice.id == row.id).values(**fields)
                   .execution_options(synchronize_session=False))
        # Only the transaction that moves the invoice to paid grants; a failure reported after the payment
        # went through changes nothing.
        moved = db.execute(update(Invoice).where(Invoice.id == row.id, Invoice.status != "paid")
                           .values(status="paid" if paid else "failed")
                           .execution_options(synchronize_session=False)).rowcount == 1
        first_paid = paid and moved
        db.expire(row)
    if first_paid and obj.get("billing_reason") in _CREDIT_REASONS:
        sub_id = _subscription_id(obj)
        sub = db.execute(select(Subscription).where(Subscription.provider_subscription_id == sub_id)
                         ).scalar_one_or_none() if sub_id else None
        product_id = sub.product_id if sub else None
        if product_id is None and lines:
            product_id = _id(((first_line.get("pricing") or {}).get("price_details") or {}).get("product")) \
                or _id((first_line.get("price") or {}).get("product"))
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


def process_event(db: Session, event: Any, provider: str, resolve: ProductResolver = catalog_product) -> bool:
    """Apply one event and commit; False when it was already processed (nothing changes).

    ``InvalidEvent`` for an event of the wrong shape, ``EventConflict`` when concurrent events kept
    creating the same rows (nothing written: deliver it again)."""
    event_id, etype, created, obj = check_event(event)
    handler = HANDLERS.get(etype)
    for _attempt in range(_ATTEMPTS):
        if db.get(BillingEvent, event_id) is not None:
            db.rollback()
            return False
        try:
            # The event's id first: a concurrent delivery of the same event waits on this row (PostgreSQL)
            # or on the write lock (SQLite), then fails on it and finds it at the next attempt.
            db.add(BillingEvent(id=event_id, type=etype[:80], provider=provider, created=created))
            db.flush()
            if handler is not None:
                handler(_Context(db, provider, created, resolve), obj)
            db.commit()
        except IntegrityError:
            db.rollback()
            continue
        log.info("billing event %s %s applied", event_id, etype)
        return True
    if db.get(BillingEvent, event_id) is not None:
        db.rollback()
        return False
    db.rollback()
    raise EventConflict(f"event {event_id} kept conflicting with concurrent events")
