"""Who may buy what, and the calls the payment routes make (views hold no rules)."""

from __future__ import annotations

import json

import stripe
from flask import request
from sqlalchemy.orm import Session

from api import catalog
from api.billing.events import EventConflict, InvalidEvent, process_event
from api.billing.providers import API_PRODUCT_TYPE, BillingProvider, ReturnUrls, get_provider
from api.errors import ApiError
from api.models import User
from volland.settings import Settings, get_settings

BILLING_UNAVAILABLE = "Purchasing is not available on this installation."
PROVIDERS = ("stripe", "embedded", "off")
# What the plan lists tell the web app about payments (``payments`` in the products answer).
PAYMENTS_REAL, PAYMENTS_TEST, PAYMENTS_OFF = "real", "test", "off"
TEST_PAYMENTS_WARNING = (
    "WARNING: Test payments: VOLLAND_BILLING_PROVIDER=embedded gives every plan and API pack to anyone who "
    "clicks Pay, and nothing is charged. Use it for development and demos only; set VOLLAND_STRIPE_SECRET_KEY "
    "(and leave VOLLAND_BILLING_PROVIDER unset) to take payments.")
PURCHASING_OFF_NOTICE = (
    "Payments are off: no VOLLAND_STRIPE_SECRET_KEY, so checkout and the billing portal answer 503 "
    "billing_unavailable. Set VOLLAND_STRIPE_SECRET_KEY to sell plans (VOLLAND_BILLING_PROVIDER=embedded: test "
    "payments for development and demos).")
STRIPE_WITHOUT_KEY_WARNING = (
    "WARNING: VOLLAND_BILLING_PROVIDER=stripe without VOLLAND_STRIPE_SECRET_KEY: checkout and the billing "
    "portal answer 503 billing_unavailable.")


def start_notice(settings: Settings | None = None) -> str | None:
    """What a production start says about payments (None: Stripe is set up, nothing to say).
    ``ValueError`` for a provider name that is not one of ``PROVIDERS``."""
    s = settings or get_settings()
    name = s.billing_provider_name
    if name not in PROVIDERS:
        raise ValueError(f"VOLLAND_BILLING_PROVIDER must be one of {', '.join(PROVIDERS)} (got {name!r}).")
    if name == "embedded":
        return TEST_PAYMENTS_WARNING
    if name == "stripe" and not s.stripe_secret_key:
        return STRIPE_WITHOUT_KEY_WARNING
    if name == "off":
        return PURCHASING_OFF_NOTICE
    return None


def payments_mode(settings: Settings | None = None) -> str:
    """real (Stripe with a live key), test (the embedded provider, or Stripe's test mode: nothing is
    charged) or off (nothing can be bought here)."""
    s = settings or get_settings()
    provider = get_provider(s)
    if provider is None:
        return PAYMENTS_OFF
    if provider.name == "embedded" or s.stripe_secret_key.startswith(("sk_test_", "rk_test_")):
        return PAYMENTS_TEST
    return PAYMENTS_REAL


def provider_or_503() -> BillingProvider:
    provider = get_provider()
    if provider is None:
        raise ApiError(503, "billing_unavailable", BILLING_UNAVAILABLE)
    return provider


def _active(user: User, kind: str) -> list:
    return [s for s in user.subscriptions if s.kind == kind and s.status == "active"]


def current_tier(user: User) -> str | None:
    return catalog.tier_for(s.product_id for s in _active(user, "regular"))


def _site_url(provider: BillingProvider) -> str:
    # The embedded pages are served by this app: send the browser back to the host it used. Stripe needs
    # the public address of the site.
    if provider.name == "embedded":
        return request.host_url.rstrip("/")
    return get_settings().public_url.rstrip("/")


def _urls(site: str) -> ReturnUrls:
    return ReturnUrls(success=f"{site}/checkout/success", cancel=f"{site}/checkout/failed",
                      portal_return=f"{site}/app")


def sort_products(items: list[dict]) -> list[dict]:
    """Null price first, then by amount (the order the pricing page shows)."""
    return sorted(items, key=lambda p: (p["price"] is not None, p["price"]["amount"] if p["price"] else 0))


def visible_products(product_type: str, user: User | None) -> list[dict]:
    """The plan list rules (platform spec §9): regular plans are limited to the tiers' product ids and
    exclude the user's current plan; API plans exclude the current API plan name."""
    provider = get_provider()
    try:
        items = provider.products(product_type) if provider else (
            catalog.api_products() if product_type == API_PRODUCT_TYPE else catalog.regular_products())
    except stripe.StripeError as exc:
        raise ApiError(502, "payment_provider_error",
                       "The plans could not be read from the payment provider. Please try again.") from exc
    if product_type == API_PRODUCT_TYPE:
        owned = {s.name for s in _active(user, "api")} if user else set()
        items = [p for p in items if p["name"] not in owned]
    else:
        allowed = catalog.allowed_regular_product_ids()
        tier = current_tier(user) if user else None
        items = [p for p in items if p["id"] in allowed and (tier is None or catalog.tier_of_product(p["id"]) != tier)]
    return sort_products(items)


def start_checkout(db: Session, user: User, price_id: str, product_type: str, referral: str | None) -> str:
    provider = provider_or_503()
    price = provider.price(price_id)
    if price is None:
        raise ApiError(404, "unknown_price", "This plan is not for sale.")
    wants_api = product_type == API_PRODUCT_TYPE
    if wants_api != (price.kind == "api"):
        raise ApiError(422, "wrong_product_type", "This price does not belong to the chosen plan type.",
                       {"productType": ["Does not match the price."]})
    if price.kind == "api":
        if current_tier(user) != "live":
            raise ApiError(403, "live_subscription_required",
                           "API plans can be bought only with a Live subscription. Upgrade to Live first.")
        if price.mode == "subscription" and _active(user, "api"):
            raise ApiError(409, "already_subscribed",
                           "You already have an API plan: change it in Manage Subscription.")
    elif _active(user, "regular"):
        raise ApiError(409, "already_subscribed",
                       "You already have a plan: change or cancel it in Manage Subscription.")
    referral = referral or user.referral
    site = _site_url(provider)
    return provider.checkout_url(db, user, price, referral, _urls(site), site)


def open_portal(db: Session, user: User, session_id: str) -> str:
    """The portal's address for the signed-in session ``session_id`` (the embedded portal's link works
    only while that session lives)."""
    provider = provider_or_503()
    site = _site_url(provider)
    return provider.portal_url(db, user, _urls(site), site, session_id)


def handle_webhook(db: Session, payload: bytes, signature: str | None) -> bool:
    """Verify the Stripe signature over the raw body, then apply the event once. True when applied,
    False for a redelivery."""
    s = get_settings()
    provider = get_provider(s)
    if provider is None or provider.name != "stripe" or not s.stripe_webhook_secret:
        raise ApiError(503, "webhook_unavailable", "Stripe webhooks are not configured on this installation.")
    try:
        # The signature only: the body is read below, and its shape checked before anything is applied.
        stripe.WebhookSignature.verify_header(payload, signature or "", s.stripe_webhook_secret,
                                              tolerance=s.webhook_tolerance_seconds)
    except stripe.SignatureVerificationError:
        raise ApiError(400, "invalid_signature", "The webhook signature is missing, invalid or too old.")
    except ValueError:
        raise ApiError(400, "invalid_payload", "The webhook body is not a JSON event.")
    try:
        event = json.loads(payload)
    except ValueError:
        raise ApiError(400, "invalid_payload", "The webhook body is not a JSON event.")
    try:
        return process_event(db, event, provider.name, provider.product_info)
    except InvalidEvent as exc:
        raise ApiError(400, "invalid_payload", f"The webhook body is not an event this server can apply: {exc}.")
    except EventConflict:
        raise ApiError(409, "event_conflict",
                       "Other events for the same checkout, subscription or invoice were being applied at the same "
                       "time; nothing was changed. Deliver the event again.")
