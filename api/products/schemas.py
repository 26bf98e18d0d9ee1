from __future__ import annotations

from marshmallow import Schema, fields, validate


class FeatureSchema(Schema):
    name = fields.String(required=True)


class PriceSchema(Schema):
    id = fields.String(required=True)
    amount = fields.Integer(required=True, metadata={"description": "US dollars (per month for subscriptions)"})


class ProductMetadataSchema(Schema):
    paymentType = fields.String(required=True, validate=validate.OneOf(["single", "subscription"]))
    credits = fields.Integer(metadata={"description": "API requests included (api products only)"})
    tier = fields.String(metadata={"description": "Tier id (regular products only)"})


class ProductSchema(Schema):
    id = fields.String(required=True)
    name = fields.String(required=True)
    description = fields.String(required=True)
    features = fields.List(fields.Nested(FeatureSchema), required=True)
    mostPopular = fields.Boolean(required=True)
    price = fields.Nested(PriceSchema, allow_none=True, required=True)
    tier = fields.String(allow_none=True, required=True)
    metadata = fields.Nested(ProductMetadataSchema, required=True)


class ProductListSchema(Schema):
    products = fields.List(fields.Nested(ProductSchema), required=True)
    payments = fields.String(
        required=True, validate=validate.OneOf(["real", "test", "off"]),
        metadata={"description": "real: the plans are paid for; test: test payments, nothing is charged (the "
                                 "embedded provider, or Stripe's test mode); off: nothing can be bought on this "
                                 "installation (checkout and portal answer 503 billing_unavailable)"})


class ProductQuerySchema(Schema):
    productType = fields.String(validate=validate.OneOf(["volland", "volland-api"]), load_default="volland",
                                metadata={"description": "volland-api lists the API request packs"})


class CheckoutQuerySchema(Schema):
    productType = fields.String(validate=validate.OneOf(["volland", "volland-api"]), load_default="volland")
    fp_ref = fields.String(validate=validate.Length(max=64), load_default=None)


class UrlSchema(Schema):
    url = fields.String(required=True)


class WebhookReceiptSchema(Schema):
    received = fields.Boolean(required=True)
    duplicate = fields.Boolean(required=True, metadata={"description": "The event was already processed"})
