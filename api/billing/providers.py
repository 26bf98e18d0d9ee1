"""Payment providers: one interface, two implementations.

- ``StripeProvider``: the official ``stripe`` library (Checkout Sessions, the Billing Portal, products and
  prices read from the account). ``VOLLAND_STRIPE_API_BASE`` points the library elsewhere (tests use a
  local stub).
- ``EmbeddedProvider`` (``VOLLAND_BILLING_PROVIDER=embedded``, test payments for development and demos:
  ``make run`` and the tests choose it): local checkout and portal pages served by this app
  (api/billing/local.py) that emit the same events as Stripe, so the purchase flow runs offline. Nothing
  is charged, so it is never chosen by default.
"""

from __future__ import annotations

import secrets
import time
from dataclasses import dataclass

import stripe
from sqlalchemy.orm import Session

from api import catalog
from api.billing.events import ProductInfo, catalog_product
from api.billing.portal_link import PORTAL_PATH, portal_ticket
from api.errors import ApiError
from api.models import Purchase, User
from volland.settings import Settings, get_settings

API_PRODUCT_TYPE = "volland-api"


@dataclass(frozen=True)
class PriceInfo:
    """A price that can be bought, in our terms."""
    price_id: str
    product_id: str
    kind: str  # regular | api
    mode: str  # subscription | payment
    amount_cents: int | None
    name: str  # display name
    credits: int = 0
    tier: str | None = None


@dataclass(frozen=True)
class ReturnUrls:
    success: str
    cancel: str
    portal_return: str


class BillingProvider:
    name = "none"

    def products(self, product_type: str) -> list[dict]:
        raise NotImplementedError

    def price(self, price_id: str) -> PriceInfo | None:
        raise NotImplementedError

    def product_info(self, product_id: str) -> ProductInfo | None:
        raise NotImplementedError

    def checkout_url(self, db: Session, user: User, price: PriceInfo, referral: str | None, urls: ReturnUrls,
                     site_url: str) -> str:
        raise NotImplementedError

    def portal_url(self, db: Session, user: User, urls: ReturnUrls, site_url: str, session_id: str) -> str:
        """The billing portal's address for ``user``, asked from the sign-in session ``session_id``."""
        raise NotImplementedError


def _record_purchase(db: Session, provider: str, session_id: str, user: User, price: PriceInfo,
                     referral: str | None) -> Purchase:
    purchase = Purchase(checkout_session_id=session_id, provider=provider, user_id=user.id, kind=price.kind,
                        mode=price.mode, product_id=price.product_id, price_id=price.price_id,
                        amount_cents=price.amount_cents, referral=referral, status="open", credits_granted=0)
    db.add(purchase)
    db.commit()
    return purchase


# ---------------------------------------------------------------- embedded

class EmbeddedProvider(BillingProvider):
    name = "embedded"

    def products(self, product_type: str) -> list[dict]:
        return catalog.api_products() if product_type == API_PRODUCT_TYPE else catalog.regular_products()

    def price(self, price_id: str) -> PriceInfo | None:
        tier = catalog.tier_by_price(price_id)
        if tier is not None:
            return PriceInfo(price_id, tier.product_id, "regular", "subscription", tier.amount * 100, tier.name,
                             tier=tier.id)
        pack = catalog.api_pack_by_price(price_id)
        if pack is not None and pack.amount is not None:
            return PriceInfo(price_id, pack.id, "api", "subscription" if pack.payment_type == "subscription"
                             else "payment", pack.amount * 100, pack.name, credits=pack.credits)
        return None

    def product_info(self, product_id: str) -> ProductInfo | None:
        return catalog_product(product_id)

    def checkout_url(self, db, user, price, referral, urls, site_url) -> str:
        session_id = "cs_local_" + secrets.token_urlsafe(24)
        _record_purchase(db, self.name, session_id, user, price, referral)
        return f"{site_url}/billing/local/checkout/{session_id}"

    def portal_url(self, db, user, urls, site_url, session_id) -> str:
        return f"{site_url}{PORTAL_PATH}{portal_ticket(user.id, session_id)}"


# ---------------------------------------------------------------- Stripe

_PRODUCTS_TTL_SECONDS = 60
_products_cache: dict[tuple, tuple[float, list]] = {}


class StripeProvider(BillingProvider):
    name = "stripe"

    def __init__(self, settings: Settings):
        self.settings = settings
        base = {"api": settings.stripe_api_base.rstrip("/")} if settings.stripe_api_base else None
        self.client = stripe.StripeClient(settings.stripe_secret_key, base_addresses=base, max_network_retries=1)

    # Products and prices come from the account; regular plans are the configured tier products, API
    # plans are the products with metadata.productType = volland-api (metadata.credits: requests).
    def _all_products(self) -> list:
        key = (self.settings.stripe_api_base, self.settings.stripe_secret_key[-6:])
        hit = _products_cache.get(key)
        if hit and time.monotonic() - hit[0] < _PRODUCTS_TTL_SECONDS:
            return hit[1]
        page = self.client.v1.products.list(params={"active": True, "limit": 100,
                                                    "expand": ["data.default_price"]})
        items = [product.to_dict() for product in page.auto_paging_iter()]
        _products_cache[key] = (time.monotonic(), items)
        return items

    @staticmethod
    def _shape(product, tier: str | None) -> dict:
        price = product.get("default_price")
        price = price if isinstance(price, dict) and price.get("unit_amount") is not None else None
        meta = dict(product.get("metadata") or {})
        recurring = bool(price and price.get("recurring"))
        metadata: dict = {"paymentType": "subscription" if recurring else "single"}
        if tier:
            metadata["tier"] = tier
        if meta.get("credits", "").isdigit():
            metadata["credits"] = int(meta["credits"])
        features = [{"name": f.get("name")} for f in (product.get("marketing_features") or []) if f.get("name")]
        return {"id": product["id"], "name": product.get("name") or "", "description": product.get("description") or "",
                "features": features, "mostPopular": str(meta.get("mostPopular", "")).lower() == "true",
                "price": {"id": price["id"], "amount": price["unit_amount"] / 100} if price else None,
                "tier": tier, "metadata": metadata}

    def products(self, product_type: str) -> list[dict]:
        out = []
        allowed = catalog.allowed_regular_product_ids()
        for product in self._all_products():
            meta = product.get("metadata") or {}
            is_api = meta.get("productType") == API_PRODUCT_TYPE
            if product_type == API_PRODUCT_TYPE and is_api:
                out.append(self._shape(product, None))
            elif product_type != API_PRODUCT_TYPE and not is_api and product["id"] in allowed:
                out.append(self._shape(product, catalog.tier_of_product(product["id"])))
        if product_type == API_PRODUCT_TYPE and not any(p["price"] is None for p in out):
            out.append(catalog.pack_product(catalog.ENTERPRISE))
        return out

    def price(self, price_id: str) -> PriceInfo | None:
        try:
            price = self.client.v1.prices.retrieve(price_id, params={"expand": ["product"]}).to_dict()
        except stripe.InvalidRequestError:
            return None
        if not price.get("active", True) or price.get("unit_amount") is None:
            return None
        product = price["product"]
        product_id = product if isinstance(product, str) else product["id"]
        meta = {} if isinstance(product, str) else dict(product.get("metadata") or {})
        name = product_id if isinstance(product, str) else product.get("name") or product_id
        mode = "subscription" if price.get("recurring") else "payment"
        tier = catalog.tier_of_product(product_id)
        if tier:
            return PriceInfo(price_id, product_id, "regular", mode, price["unit_amount"], name, tier=tier)
        if meta.get("productType") == API_PRODUCT_TYPE:
            credits = int(meta["credits"]) if str(meta.get("credits", "")).isdigit() else 0
            return PriceInfo(price_id, product_id, "api", mode, price["unit_amount"], name, credits=credits)
        return None  # not a product sold here

    def product_info(self, product_id: str) -> ProductInfo | None:
        tier = catalog.tier_of_product(product_id)
        if tier:
            return ProductInfo("regular", tier)
        for product in self._all_products():
            if product["id"] == product_id:
                meta = product.get("metadata") or {}
                credits = int(meta["credits"]) if str(meta.get("credits", "")).isdigit() else 0
                return ProductInfo("api", product.get("name") or product_id, credits)
        return None

    def checkout_url(self, db, user, price, referral, urls, site_url) -> str:
        metadata = {"userId": str(user.id), "kind": price.kind, "productId": price.product_id,
                    "priceId": price.price_id, "name": price.tier or price.name}
        if price.credits:
            metadata["credits"] = str(price.credits)
        if referral:
            metadata["referral"] = referral
        params: dict = {
            "mode": price.mode, "line_items": [{"price": price.price_id, "quantity": 1}],
            "client_reference_id": str(user.id), "metadata": metadata,
            "success_url": urls.success + "?session_id={CHECKOUT_SESSION_ID}"
            + (f"&credits={price.credits}" if price.kind == "api" and price.credits else ""),
            "cancel_url": urls.cancel,
        }
        if user.billing_customer_id:
            params["customer"] = user.billing_customer_id
        else:
            params["customer_email"] = user.email
            if price.mode == "payment":
                params["customer_creation"] = "always"
        if price.mode == "subscription":
            # No trial: the plan starts, and is paid, at once.
            params["subscription_data"] = {"metadata": metadata}
        else:
            params["invoice_creation"] = {"enabled": True, "invoice_data": {"metadata": metadata}}
        try:
            session = self.client.v1.checkout.sessions.create(params=params).to_dict()
        except stripe.StripeError as exc:
            raise ApiError(502, "payment_provider_error",
                           "The payment provider could not start the checkout. Please try again.") from exc
        _record_purchase(db, self.name, session["id"], user, price, referral)
        return session["url"]

    def portal_url(self, db, user, urls, site_url, session_id) -> str:
        if not user.billing_customer_id:
            raise ApiError(409, "no_billing_account", "There is no billing account yet: choose a plan first.")
        params: dict = {"customer": user.billing_customer_id, "return_url": urls.portal_return}
        if self.settings.stripe_portal_configuration:
            params["configuration"] = self.settings.stripe_portal_configuration
        try:
            session = self.client.v1.billing_portal.sessions.create(params=params).to_dict()
        except stripe.StripeError as exc:
            raise ApiError(502, "payment_provider_error",
                           "The payment provider could not open the billing portal. Please try again.") from exc
        return session["url"]


def get_provider(settings: Settings | None = None) -> BillingProvider | None:
    """The configured provider, or None when nothing can be bought (``off``, the default without a Stripe
    key, or ``stripe`` without a key)."""
    s = settings or get_settings()
    name = s.billing_provider_name
    if name == "stripe":
        if not s.stripe_secret_key:
            return None
        return StripeProvider(s)
    if name == "embedded":
        return EmbeddedProvider()
    return None
