"""``/api/v1/stripe/*``: the plan catalogue, and checkout/portal (answer 503 until billing is set up)."""

from __future__ import annotations

from flask.views import MethodView
from flask_smorest import Blueprint

from api import catalog
from api.errors import ApiError
from api.products import schemas
from api.security import access_token_required

blp = Blueprint("products", __name__, url_prefix="/api/v1/stripe", description="Plans and payments")

BILLING_UNAVAILABLE = "Purchasing is not available on this installation."


def _sort_key(product: dict) -> tuple:
    # Null price first, then by amount (the order the pricing page shows).
    price = product["price"]
    return (price is not None, price["amount"] if price else 0)


@blp.route("/products")
class Products(MethodView):
    @blp.arguments(schemas.ProductQuerySchema, location="query")
    @blp.response(200, schemas.ProductListSchema)
    def get(self, query):
        """Plans for sale: subscription tiers, or API request packs with productType=volland-api"""
        items = catalog.api_products() if query["productType"] == "volland-api" else catalog.regular_products()
        return {"products": sorted(items, key=_sort_key)}


@blp.route("/checkout-session/<string:price_id>")
class CheckoutSession(MethodView):
    @access_token_required
    @blp.arguments(schemas.CheckoutQuerySchema, location="query")
    @blp.response(200, schemas.UrlSchema)
    @blp.alt_response(503, description="Billing is not configured")
    def get(self, query, price_id: str):
        """Start a checkout for a price; returns the payment page url"""
        raise ApiError(503, "billing_unavailable", BILLING_UNAVAILABLE)


@blp.route("/portal-session")
class PortalSession(MethodView):
    @access_token_required
    @blp.response(200, schemas.UrlSchema)
    @blp.alt_response(503, description="Billing is not configured")
    def post(self):
        """Open the billing portal; returns its url"""
        raise ApiError(503, "billing_unavailable", BILLING_UNAVAILABLE)
