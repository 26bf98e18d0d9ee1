from __future__ import annotations

from marshmallow import Schema, ValidationError, fields, validate

from api.auth.schemas import Email, Trimmed


def _one_line(value: str) -> None:
    """Names and subjects go into mail headers: no line breaks or other control characters."""
    if any(ord(c) < 32 or 127 <= ord(c) < 160 or c in "\u2028\u2029" for c in value):
        raise ValidationError("Use one line of text without control characters.")


class ContactSchema(Schema):
    name = Trimmed(required=True, validate=[validate.Length(min=1, max=120), _one_line])
    email = Email(required=True)
    subject = Trimmed(required=True, validate=[validate.Length(min=1, max=200), _one_line])
    message = Trimmed(required=True, validate=validate.Length(min=1, max=5000))


class ContactReplySchema(Schema):
    id = fields.Integer(required=True)
    message = fields.String(required=True)
