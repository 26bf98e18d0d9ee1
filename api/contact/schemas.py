from __future__ import annotations

from marshmallow import Schema, fields, validate

from api.auth.schemas import Email, Trimmed


class ContactSchema(Schema):
    name = Trimmed(required=True, validate=validate.Length(min=1, max=120))
    email = Email(required=True)
    subject = Trimmed(required=True, validate=validate.Length(min=1, max=200))
    message = Trimmed(required=True, validate=validate.Length(min=1, max=5000))


class ContactReplySchema(Schema):
    id = fields.Integer(required=True)
    message = fields.String(required=True)
