"""The public API's request items as marshmallow schemas, one per request type.

Each item schema is built from ``REQUIRED`` (the fields a request type needs) and the market vocabulary
(``domain.vocabulary``: greeks, kinds, the upper-case ticker form) with the data routes' shared fields
(``api.data.fields``). The same schemas validate the items (``service.validate``) and, registered as
components, document them: ``PublicApiRequests`` → ``PublicApiRequestItem`` (one of the item schemas) and,
for the GET form, ``PublicApiItemQuery`` (one of the query schemas: the same items, expirations written
comma-separated).

An item is checked whole before anything is charged; the first failure, in the order a reader fixes
them (a missing field, then the ticker, then the other fields in order), is the one reported.
"""

from __future__ import annotations

import re

from marshmallow import EXCLUDE, Schema, ValidationError, fields, pre_load, validate

from api.data.fields import DAY_CORE, DAY_PATTERN, Ticker
from domain.vocabulary import GREEKS, KINDS, TICKER_UPPER_PATTERN, TICKER_UPPER_RE

REQUEST_TYPES = ("exposure_request", "trend_request", "paradigm_request", "zerodte_request", "derived_request",
                 "heatmap_request", "levels_request", "volume_oi_request", "put_call_request", "prints_request",
                 "term_structure_request", "skew_request", "iv_rank_request", "scorecard_request")
REQUIRED = {
    "exposure_request": ("request_type", "ticker", "greek", "kind", "expirations"),
    "trend_request": ("request_type", "ticker", "greek"),
    "paradigm_request": ("request_type", "ticker"),
    "zerodte_request": ("request_type", "ticker"),
    "derived_request": ("request_type", "ticker"),
    "heatmap_request": ("request_type", "ticker", "greek", "kind", "expirations"),
    "levels_request": ("request_type", "ticker"),
    "volume_oi_request": ("request_type", "ticker", "expirations"),
    "put_call_request": ("request_type", "ticker"),
    "prints_request": ("request_type", "ticker"),
    "term_structure_request": ("request_type", "ticker"),
    "skew_request": ("request_type", "ticker"),
    "iv_rank_request": ("request_type", "ticker"),
    "scorecard_request": ("request_type", "ticker"),
}
MAX_ITEMS = 50
FORMAT_MESSAGE = 'The request JSON is not in the correct format: send {"requests": [ ... ]}.'
TYPE_MESSAGE = f"'request_type' must be one of: {', '.join(REQUEST_TYPES)}."
_DAY_RE = re.compile(DAY_PATTERN)
EXPIRATIONS_MESSAGE = "'expirations' must be a list of yyyy-mm-dd dates, or [\"*\"]."


class UpperTicker(Ticker):
    """A ticker as the public API's wire takes it: already upper-case (surrounding spaces dropped)."""

    default_error_messages = {"invalid_symbol": "'ticker' must be an uppercase symbol such as SPX.",
                              "invalid": "'ticker' must be an uppercase symbol such as SPX."}

    def __init__(self, **kwargs):
        super().__init__("Underlying symbol (uppercase), one the store carries (x-supported-tickers)",
                         metadata={"pattern": TICKER_UPPER_PATTERN}, **kwargs)

    def _deserialize(self, value, attr, data, **kwargs):
        text = fields.String._deserialize(self, value, attr, data, **kwargs).strip(" ")
        if not TICKER_UPPER_RE.fullmatch(text):
            raise self.make_error("invalid_symbol")
        return text


class Expirations(fields.Field):
    """``["*"]`` for every expiration, or dates ``yyyy-mm-dd`` (loaded sorted, each once)."""

    default_error_messages = {"invalid": EXPIRATIONS_MESSAGE}

    def __init__(self, **kwargs):
        day = {"type": "string", "format": "date", "example": "2026-01-16"}
        super().__init__(metadata={
            "description": "[\"*\"] for every expiration, or expiration dates written yyyy-mm-dd", "example": ["*"],
            "anyOf": [{"type": "array", "items": {"type": "string", "enum": ["*"]}, "minItems": 1, "maxItems": 1},
                      {"type": "array", "items": day, "minItems": 1}]}, **kwargs)

    def _deserialize(self, value, attr, data, **kwargs):
        if not isinstance(value, list) or not value:
            raise self.make_error("invalid")
        if value == ["*"]:
            return ["*"]
        for d in value:
            if not isinstance(d, str) or not _DAY_RE.fullmatch(d):
                raise ValidationError(f"'{d}' is not a date written yyyy-mm-dd (or use [\"*\"]).")
        return sorted(set(value))


class QueryExpirations(fields.String):
    """The GET form's expirations: ``*`` or comma-separated dates (documentation of the query string)."""

    def __init__(self, **kwargs):
        super().__init__(metadata={"pattern": rf"^(?:\*|{DAY_CORE}(?:,{DAY_CORE})*)$", "example": "*",
                                   "description": "* for every expiration, or comma-separated yyyy-mm-dd dates"},
                         **kwargs)


def _choice(words, field: str, example: str | None, messages: dict, **kwargs) -> fields.String:
    """One of ``words``, documented as an enum; any other value (a number, a list) gets the same sentence."""
    message = f"'{field}' must be one of: {', '.join(words)}."
    return fields.String(validate=validate.OneOf(words, error=message),
                         metadata={"example": example} if example else {},
                         error_messages={"invalid": message, **messages}, **kwargs)


class Item(Schema):
    """Any item: a JSON object whose ``request_type`` is one of ``REQUEST_TYPES`` (other members are
    left to the item's own schema)."""

    class Meta:
        unknown = EXCLUDE

    error_messages = {"type": "each item must be a JSON object."}
    request_type = _choice(REQUEST_TYPES, "request_type", None, {"required": TYPE_MESSAGE, "null": TYPE_MESSAGE},
                           required=True)


class _ItemSchema(Item):
    """A request type's item: a required field that is null, empty text or an empty list is missing."""

    @pre_load
    def _empty_is_missing(self, data, **kwargs):
        if not isinstance(data, dict):
            return data
        required = REQUIRED[self.Meta.title]
        return {k: x for k, x in data.items() if not (k in required and x in (None, "", []))}


def _item_schema(rtype: str, *, query: bool = False) -> type[Schema]:
    """The schema of one request type's item (``query``: as the GET form's query string writes it)."""
    required = REQUIRED[rtype]

    def missing(name: str) -> dict:
        message = f"'{name}' is required for {rtype}."
        return {"required": message, "null": message}

    attrs = {"request_type": _choice((rtype,), "request_type", None, missing("request_type"), required=True),
             "ticker": UpperTicker(required=True, error_messages=missing("ticker"))}
    if "greek" in required:
        attrs["greek"] = _choice(GREEKS, "greek", "gamma", missing("greek"), required=True)
    else:  # a greek sent where none is needed must still be a greek (and is echoed)
        attrs["greek"] = _choice(GREEKS, "greek", "gamma", {}, allow_none=not query)
    if "kind" in required:
        attrs["kind"] = _choice(KINDS, "kind", "both", missing("kind"), required=True)
    if "expirations" in required:
        attrs["expirations"] = (QueryExpirations if query else Expirations)(required=True,
                                                                            error_messages=missing("expirations"))
    attrs["Meta"] = type("Meta", (), {"unknown": EXCLUDE, "title": rtype})
    name = "".join(w.title() for w in rtype.split("_")[:-1])
    return type(f"{name}{'Query' if query else 'Item'}Schema", (_ItemSchema,), attrs)


ITEM_SCHEMAS = {t: _item_schema(t) for t in REQUEST_TYPES}
QUERY_SCHEMAS = {t: _item_schema(t, query=True) for t in REQUEST_TYPES}
TOO_MANY = f"At most {MAX_ITEMS} items."
LIST_MESSAGES = {"Add at least one item.": "The requests list is empty.",
                 TOO_MANY: f"At most {MAX_ITEMS} items may be sent in one request."}


def _ref(name: str) -> dict:
    return {"$ref": f"#/components/schemas/{name}"}


class RequestsSchema(Schema):
    """The body: ``{"requests": [...]}`` with 1 to ``MAX_ITEMS`` items (each checked by its own schema)."""

    class Meta:
        unknown = EXCLUDE

        @staticmethod
        def openapi(converter) -> dict:  # the items are the union of the item schemas
            requests = converter.field2property(RequestsSchema._declared_fields["requests"])
            return {"properties": {"requests": {**requests, "items": _ref("PublicApiRequestItem")}}}

    requests = fields.List(
        fields.Raw(), required=True,
        validate=[validate.Length(min=1, error="Add at least one item."), validate.Length(max=MAX_ITEMS, error=TOO_MANY)],
        error_messages={k: "A list of request items is required." for k in ("required", "null", "invalid")},
        metadata={"description": f"1 to {MAX_ITEMS} items; each served item costs 1 credit"})


def item_component(rtype: str, *, query: bool = False) -> str:
    return f"PublicApi{ITEM_SCHEMAS[rtype].__name__.removesuffix('ItemSchema')}{'Query' if query else 'Item'}"


#: The documented components: the body, each item kind, and the unions keyed by request_type.
COMPONENTS = {
    "PublicApiRequests": RequestsSchema,
    **{item_component(t): ITEM_SCHEMAS[t] for t in REQUEST_TYPES},
    **{item_component(t, query=True): QUERY_SCHEMAS[t] for t in REQUEST_TYPES},
    "PublicApiRequestItem": {"oneOf": [_ref(item_component(t)) for t in REQUEST_TYPES],
                             "description": "One item; the fields required depend on request_type"},
    "PublicApiItemQuery": {"oneOf": [_ref(item_component(t, query=True)) for t in REQUEST_TYPES]},
}
