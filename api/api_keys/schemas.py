from __future__ import annotations

from marshmallow import Schema, fields


class ApiKeySchema(Schema):
    id = fields.Integer(required=True)
    maskedKey = fields.String(required=True, metadata={"example": "vol_Ab12••••••••wxYz"})
    createdAt = fields.DateTime(required=True)
    lastUsedAt = fields.DateTime(allow_none=True, required=True)


class NewApiKeySchema(ApiKeySchema):
    apiKey = fields.String(required=True, metadata={"description": "The full key; shown only this once"})


class ApiKeyPathSchema(Schema):
    id = fields.Integer(required=True)
