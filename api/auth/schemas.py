"""Request and response bodies of the auth routes, and the shared e-mail/password/name fields."""

from __future__ import annotations

import unicodedata

import email_validator
from email_validator import EmailNotValidError, validate_email
from marshmallow import Schema, ValidationError, fields, validate

from api.fields import JsonBoolean

# Self-hosted installations use internal addresses (name@company.local, demo@volland.test); the library
# documents editing this list as the way to accept such domains.
for _domain in ("local", "test"):
    if _domain in email_validator.SPECIAL_USE_DOMAIN_NAMES:
        email_validator.SPECIAL_USE_DOMAIN_NAMES.remove(_domain)


def normalize_email(raw: str) -> str:
    """Syntax-check an address (no DNS look-up) and return the one form used for storage, look-up,
    uniqueness and rate-limit keys: NFKC-normalised, the local part case-folded (NFKC again after
    folding) and the domain in its lower-case IDNA (ASCII) form. ``EmailNotValidError`` when invalid."""
    text = unicodedata.normalize("NFKC", raw.strip())
    result = validate_email(text, check_deliverability=False)
    local = unicodedata.normalize("NFKC", unicodedata.normalize("NFKC", result.local_part).casefold())
    domain = (result.ascii_domain or result.domain).lower()
    return f"{local}@{domain}"


def email_key(raw: object) -> str:
    """The rate-limit key of a submitted address: its normalised form, else its NFKC case-fold."""
    if not isinstance(raw, str):
        return "-"
    try:
        return normalize_email(raw)
    except EmailNotValidError:
        return unicodedata.normalize("NFKC", raw.strip()).casefold()[:320]

PASSWORD_MIN = 8
PASSWORD_MAX = 128


NOT_BLANK_PATTERN = r"\S"


class Trimmed(fields.String):
    """A string with surrounding whitespace removed; blank counts as missing for required fields.

    The document says so: a pattern asks for one character that is not whitespace (JSON Schema patterns
    match anywhere in the text), so a text the document accepts is never blank once trimmed.
    """

    def __init__(self, **kwargs):
        kwargs.setdefault("metadata", {}).setdefault("pattern", NOT_BLANK_PATTERN)
        super().__init__(**kwargs)

    def _deserialize(self, value, attr, data, **kwargs):
        result = super()._deserialize(value, attr, data, **kwargs)
        return result.strip()


class Email(fields.String):
    """An e-mail address, syntax-checked and normalised (lower case; no DNS look-up)."""

    def __init__(self, **kwargs):
        kwargs.setdefault("metadata", {}).setdefault("format", "email")
        super().__init__(validate=validate.Length(max=320), **kwargs)

    def _deserialize(self, value, attr, data, **kwargs):
        raw = super()._deserialize(value, attr, data, **kwargs).strip()
        try:
            return normalize_email(raw)
        except EmailNotValidError:
            raise ValidationError("Enter a valid e-mail address.")


def Password(**kwargs) -> fields.String:
    kwargs.setdefault("metadata", {}).setdefault("pattern", NOT_BLANK_PATTERN)
    return fields.String(
        validate=[validate.Length(min=PASSWORD_MIN, max=PASSWORD_MAX,
                                  error=f"Passwords have {PASSWORD_MIN} to {PASSWORD_MAX} characters."),
                  _not_blank], **kwargs)


def _not_blank(value: str) -> None:
    if not value.strip():
        raise ValidationError("The password cannot be only spaces.")


def FirstName(**kwargs) -> fields.String:
    return Trimmed(validate=validate.Length(min=1, max=120, error="Enter 1 to 120 characters."), **kwargs)


class SignupSchema(Schema):
    firstName = FirstName(required=True)
    email = Email(required=True)
    password = Password(required=True)
    referral = fields.String(validate=validate.Length(max=64), load_default=None, allow_none=True,
                             metadata={"description": "Referral code captured from fp_ref, if any"})
    newsletter = JsonBoolean(load_default=False, metadata={"description": "Join the newsletter list"})


class LoginSchema(Schema):
    email = Email(required=True)
    password = fields.String(required=True, validate=validate.Length(min=1, max=1024))


class AuthConfigSchema(Schema):
    googleClientId = fields.String(allow_none=True, required=True,
                                   metadata={"description": "OAuth client id for Google sign-in, or null when off"})


class GoogleLoginSchema(Schema):
    idToken = fields.String(required=True, validate=validate.Length(min=1, max=8192),
                            metadata={"description": "The Google ID token (JWT) from Google sign-in"})
    referral = fields.String(validate=validate.Length(max=64), load_default=None, allow_none=True,
                             metadata={"description": "Referral code captured from fp_ref (kept when the "
                                                      "account is created)"})


class RefreshSchema(Schema):
    refreshToken = fields.String(required=True, validate=validate.Length(min=1, max=512))


class LogoutSchema(Schema):
    refreshToken = fields.String(validate=validate.Length(max=512), load_default=None, allow_none=True)


class InitResetSchema(Schema):
    email = Email(required=True)


class ResetPasswordSchema(Schema):
    token = fields.String(required=True, validate=validate.Length(min=1, max=512))
    password = Password(required=True)


class TokenPairSchema(Schema):
    accessToken = fields.String(required=True)
    refreshToken = fields.String(required=True)
    tokenType = fields.String(required=True, metadata={"example": "Bearer"})
    expiresIn = fields.Integer(required=True, metadata={"description": "Access token lifetime, seconds"})


class DataTokenSchema(Schema):
    dataApiAccessToken = fields.String(required=True, metadata={
        "description": "JWT for /api/v1/data routes; payload has sub, type='data', exp and subscriptions [{id}]"})
    expiresIn = fields.Integer(required=True, metadata={"description": "Lifetime, seconds"})


class MessageSchema(Schema):
    message = fields.String(required=True)


SESSION_OVERRIDE_HEADER = "X-Session-Override"
SESSION_OVERRIDE_VALUE = "Force oldest session override"


class LoginHeadersSchema(Schema):
    class Meta:
        unknown = "exclude"

    override = fields.String(data_key=SESSION_OVERRIDE_HEADER, load_default=None, metadata={
        "description": f"'{SESSION_OVERRIDE_VALUE}' ends the oldest session when the session limit is reached"})
