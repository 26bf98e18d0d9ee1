"""``/api/v1/volland``: the public data API (header ``X-API-KEY``; Live subscription; 1 credit per item).

The documentation's example command is a GET while the API is described as a POST. Both are served:

* ``POST /api/v1/volland`` with ``{"requests": [...]}`` — the API.
* ``GET /api/v1/volland`` — the same call for clients that send the documented command: a JSON body
  ``{"requests": [...]}`` is honoured as with POST; without a body, the query string is one item
  (``request_type``, ``ticker``, ``greek``, ``kind``, ``expirations`` as comma-separated dates or ``*``).
  It costs the same credits and answers the same list.
"""

from __future__ import annotations

import json

from flask import Response, request
from flask_smorest import Blueprint
from marshmallow import INCLUDE, Schema, fields

from api.data import service as svc
from api.db import get_session
from api.errors import ApiError
from api.public_api import service
from api.security import user_for_api_key
from data import universe

blp = Blueprint("public-api", __name__, url_prefix="/api/v1/volland",
                description="Public data API: exposures, trends, paradigms, 0DTE and derived figures")


class RequestItem(Schema):
    class Meta:
        unknown = INCLUDE

    request_type = fields.String(required=True, metadata={
        "example": "exposure_request",
        "description": "exposure_request, trend_request, paradigm_request, zerodte_request or derived_request"})
    ticker = fields.String(required=True, metadata={"example": "SPX", "description": "Underlying symbol"})
    greek = fields.String(metadata={"example": "gamma",
                                    "description": "Exposure and trend requests (required there): delta, gamma, "
                                                   "vanna, charm, vega, theta, vomma, rho or dag"})
    kind = fields.String(metadata={"example": "both",
                                   "description": "Exposure requests (required there): both, call or put"})
    expirations = fields.List(fields.String(), metadata={
        "example": ["*"], "description": "Exposure requests (required there): [\"*\"] for all, or yyyy-mm-dd dates"})


class RequestsBody(Schema):
    class Meta:
        unknown = INCLUDE

    requests = fields.List(fields.Nested(RequestItem), required=True,
                           metadata={"description": "Items (at most 50); each served item costs 1 credit"})


class AnswerItem(RequestItem):
    data = fields.Raw(metadata={"description": "Shape by request type (see the API documentation)"})
    error = fields.Raw(metadata={"description": "Present when the item was not served"})


EXAMPLE_BODY = {"requests": [
    {"request_type": "exposure_request", "ticker": "SPX", "greek": "gamma", "kind": "both", "expirations": ["*"]},
    {"request_type": "trend_request", "ticker": "SPX", "greek": "vanna"},
    {"request_type": "paradigm_request", "ticker": "SPX"},
]}
EXAMPLE_ANSWER = [
    {**EXAMPLE_BODY["requests"][0], "data": {"strikes": [5900.0, 5905.0], "exposures": [1.2e9, -3.0e8],
                                             "lastModified": "2026-01-02T15:05:00Z", "currentPrice": 5903.2,
                                             "unit": {"unit": "$ delta per 1 % move", "conversions": [
                                                 {"to": "$ delta per 1-point move of the underlying",
                                                  "factor": 0.01694, "rule": "100 / S"}]}}},
    {**EXAMPLE_BODY["requests"][1], "data": {"trend": [{"x": "2025-12-31", "y": -1.7e9}],
                                             "lastModified": "2026-01-02T15:05:00Z"}},
    {**EXAMPLE_BODY["requests"][2], "data": {"paradigm": "GEX-PURE", "target": 5925.0, "lis": 5880.0,
                                             "lastModified": "2026-01-02T15:05:00Z"}},
]


def _authenticate():
    user = user_for_api_key(request.headers.get("X-API-KEY"))
    if user is None:
        raise ApiError(401, "invalid_api_key", "A valid API key is required in the X-API-KEY header.")
    if not service.has_live_subscription(user):
        raise ApiError(401, "live_subscription_required",
                       "The data API requires an active Volland Live subscription.")
    return user


def _read_body():
    raw = request.get_data(cache=True)
    if not raw.strip():
        return None
    try:
        return json.loads(raw)
    except (ValueError, UnicodeDecodeError):
        raise ApiError(400, "bad_request", service.FORMAT_MESSAGE, {"_schema": ["Invalid JSON."]}) from None


def _with_source(answers: list, items: list) -> list:
    """Each answered item states its source and delay (data.store.provenance); errors are left as they are."""
    from data.store import provenance

    root = svc.settings().store_path
    out = []
    for i, a in enumerate(answers):
        if isinstance(a, dict) and "error" not in a:
            item = items[i] if i < len(items) and isinstance(items[i], dict) else {}
            tk = item.get("ticker") if isinstance(item.get("ticker"), str) else None
            a = {**a, **provenance.fields(tk, root)}
        out.append(a)
    return out


def _run(user, body) -> Response:
    items = service.validate(body)
    db = get_session()
    ctx = svc.make_ctx("live")
    answers, served = service.serve(db, user.id, items, ctx)
    remaining = service.balance(db, user.id)
    if served == 0 and any(a.get("error", {}).get("code") == "out_of_credits" for a in answers):
        raise ApiError(429, "out_of_credits", "No API credits left. Buy more requests in the API pricing page.",
                       headers={"X-Credits-Remaining": str(remaining)})
    resp = Response(svc.dumps(_with_source(answers, items)), mimetype="application/json")
    resp.headers["X-Credits-Remaining"] = str(remaining)
    resp.headers["X-Items-Served"] = str(served)
    return resp


_DOC = {
    "description": ("Each item in `requests` costs 1 API credit, charged as the item is answered and "
                    "refunded when the item finds no data. Items are answered in order; once credits run "
                    "out, the remaining items carry an `out_of_credits` error. The `X-Credits-Remaining` "
                    "header shows the balance left."),
    "x-credits-per-item": 1,
    "x-request-types": {t: {"required": list(f)} for t, f in service.REQUIRED.items()},
    "x-supported-tickers": universe.symbols(),
    "security": [{"apiKeyAuth": []}], "responses": {
    "400": {"description": "Malformed JSON or item (the message names the item and field)"},
    "401": {"description": "Missing or invalid key, or no Live subscription"},
    "429": {"description": "No API credits left"}}}


_BODY_DOC = {"requestBody": {"required": True, "content": {"application/json": {
    "schema": RequestsBody, "example": EXAMPLE_BODY}}}}


@blp.route("", methods=["POST"])
@blp.response(200, AnswerItem(many=True), example=EXAMPLE_ANSWER)
@blp.doc(**_DOC, **_BODY_DOC)
def post():
    """Answer a list of request items (1 credit each, charged atomically per item)"""
    user = _authenticate()
    return _run(user, _read_body())


@blp.route("", methods=["GET"])
@blp.response(200, AnswerItem(many=True), example=EXAMPLE_ANSWER)
@blp.doc(**_DOC)
def get():
    """Same call as POST: a JSON body, or one item in the query string"""
    user = _authenticate()
    body = _read_body()
    if body is None:
        q = request.args
        if not q.get("request_type"):
            raise ApiError(400, "bad_request", service.FORMAT_MESSAGE,
                           {"requests": ["Send a JSON body or request_type and ticker in the query string."]})
        item = {k: q.get(k) for k in ("request_type", "ticker", "greek", "kind") if q.get(k) is not None}
        if q.get("expirations"):
            item["expirations"] = [e.strip() for e in q["expirations"].split(",") if e.strip()]
        body = {"requests": [item]}
    return _run(user, body)
