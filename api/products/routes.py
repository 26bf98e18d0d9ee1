"""``/api/v1/stripe/*``: the plan catalogue, checkout, the billing portal and the Stripe webhook.

The provider behind them is Stripe when a Stripe key is configured, the embedded provider (test payments:
local checkout and portal pages) when chosen explicitly, else none (checkout and portal answer 503); rules
and provider calls live in api/billing/.
"""

from __future__ import annotations

from flask import g, request
from flask.views import MethodView
from flask_smorest import Blueprint

from api.billing import service
from api.db import get_session
from api.errors import ApiError, ErrorSchema
from api.products import schemas
from api.security import access_token_required, authenticate_access_token

blp = Blueprint("products", __name__, url_prefix="/api/v1/stripe", description="Plans and payments")

BILLING_UNAVAILABLE = service.BILLING_UNAVAILABLE


def _optional_user():
    """The signed-in user when a valid access token is sent; the list is public otherwise."""
    if not request.headers.get("Authorization"):
        return None
    try:
        return authenticate_access_token()
    except ApiError:
        return None


@blp.route("/products")
class Products(MethodView):
    @blp.arguments(schemas.ProductQuerySchema, location="query")
    @blp.response(200, schemas.ProductListSchema)
    @blp.alt_response(502, schema=ErrorSchema, description="The payment provider could not be reached")
    def get(self, query):
        """Plans for sale: subscription tiers, or API request packs with productType=volland-api.

        Regular plans are limited to the tiers' product ids; with an access token the user's current
        plan (regular) or current API plan name (api) is left out. Sorted by price, a null price first.
        ``payments`` says whether buying is real, test payments (nothing charged) or off here; the list is
        the same catalogue either way."""
        return {"products": service.visible_products(query["productType"], _optional_user()),
                "payments": service.payments_mode()}


@blp.route("/checkout-session/<string:price_id>")
class CheckoutSession(MethodView):
    @access_token_required
    @blp.arguments(schemas.CheckoutQuerySchema, location="query")
    @blp.response(200, schemas.UrlSchema)
    @blp.alt_response(403, schema=ErrorSchema, description="API plans need a Live subscription")
    @blp.alt_response(404, schema=ErrorSchema, description="Unknown price")
    @blp.alt_response(409, schema=ErrorSchema, description="Already subscribed: use the billing portal")
    @blp.alt_response(502, schema=ErrorSchema, description="The payment provider could not be reached")
    @blp.alt_response(503, schema=ErrorSchema, description="Purchasing is not available on this installation "
                      "(billing_unavailable: no Stripe key and no provider chosen, or off)")
    def get(self, query, price_id: str):
        """Start a checkout for a price (subscription or single payment by the price); returns its url"""
        url = service.start_checkout(get_session(), g.user, price_id, query["productType"], query["fp_ref"])
        return {"url": url}


@blp.route("/portal-session")
class PortalSession(MethodView):
    @access_token_required
    @blp.response(200, schemas.UrlSchema)
    @blp.alt_response(409, schema=ErrorSchema, description="No billing account yet")
    @blp.alt_response(502, schema=ErrorSchema, description="The payment provider could not be reached")
    @blp.alt_response(503, schema=ErrorSchema, description="Purchasing is not available on this installation "
                      "(billing_unavailable: no Stripe key and no provider chosen, or off)")
    def post(self):
        """Open the billing portal (change or cancel the plan); returns its url.

        With the embedded provider the url opens the portal once, within two minutes, and only while the
        session of this access token lives."""
        return {"url": service.open_portal(get_session(), g.user, g.session_id)}


@blp.route("/webhook")
class Webhook(MethodView):
    @blp.response(200, schemas.WebhookReceiptSchema)
    @blp.alt_response(400, schema=ErrorSchema, description="Bad signature (or too old) (invalid_signature), or "
                      "not an event this server can apply: a field read has the wrong type (invalid_payload)")
    @blp.alt_response(409, schema=ErrorSchema, description="event_conflict: other events for the same checkout, "
                      "subscription or invoice were applied at the same time; nothing changed, deliver it again")
    @blp.alt_response(503, schema=ErrorSchema, description="Stripe webhooks are not configured")
    def post(self):
        """Stripe events (signed with the webhook secret), each applied once: per event id, per Checkout
        Session (its credits) and per invoice (a pack's credits)"""
        applied = service.handle_webhook(get_session(), request.get_data(cache=False),
                                         request.headers.get("Stripe-Signature"))
        return {"received": True, "duplicate": not applied}
