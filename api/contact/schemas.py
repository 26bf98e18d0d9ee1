from __future__ import annotations

from marshmallow import Schema, ValidationError, fields, validate

from api.auth.schemas import Email, Trimmed


_CONTROL = r"\x00-\x1f\x7f-\x9f\u2028\u2029"
# One line without control characters, and not blank: the document states what _one_line checks.
ONE_LINE_PATTERN = rf"^[^{_CONTROL}]*[^\s{_CONTROL}][^{_CONTROL}]*$"


def _one_line(value: str) -> None:
    """Names and subjects go into mail headers: no line breaks or other control characters."""
    if any(ord(c) < 32 or 127 <= ord(c) < 160 or c in "\u2028\u2029" for c in value):
        raise ValidationError("Use one line of text without control characters.")


def _one_line_text(max_length: int) -> Trimmed:
    return Trimmed(required=True, validate=[validate.Length(min=1, max=max_length), _one_line],
                   metadata={"pattern": ONE_LINE_PATTERN})


class ContactSchema(Schema):
    name = _one_line_text(120)
    email = Email(required=True)
    subject = _one_line_text(200)
    message = Trimmed(required=True, validate=validate.Length(min=1, max=5000))


class ContactReplySchema(Schema):
    id = fields.Integer(required=True)
    message = fields.String(required=True)
