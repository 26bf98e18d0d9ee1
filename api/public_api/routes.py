"""``/api/v1/volland``: the public data API (header ``X-API-KEY``; Live subscription; 1 credit per item).

The answers keep the wire typed clients of the original service read: exposure strikes as text beside
numeric exposures, the paradigm LIS always a list with its time also under ``last-modified``, 0DTE counts
as integers, one answer per request item in the request's order.

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

from api.data import service as svc
from api.db import get_session
from api.errors import ApiError
from api.public_api import schemas, service
from api.security import user_for_api_key
from data import universe
from domain.vocabulary import GREEKS, KINDS

blp = Blueprint("public-api", __name__, url_prefix="/api/v1/volland",
                description="Public data API: exposures, trends, paradigms, 0DTE and derived figures")


# ---------------------------------------------------------------- the wire, as JSON Schema
#
# The request items are marshmallow schemas (api.public_api.schemas), registered as components. The
# answers carry one of five data shapes keyed by the item's request_type, which marshmallow cannot
# state, so their schemas are written here.

_GREEK = {"type": "string", "enum": list(GREEKS), "example": "gamma"}
_KIND = {"type": "string", "enum": list(KINDS), "example": "both"}


def _ref(name: str) -> dict:
    return {"$ref": f"#/components/schemas/{name}"}


_NUMBER = {"type": "number", "nullable": True}
_UNIT = {"type": "object", "required": ["unit", "conversions"], "additionalProperties": False, "properties": {
    "unit": {"type": "string"},
    "conversions": {"type": "array", "items": {
        "type": "object", "required": ["to", "factor", "rule"], "additionalProperties": False,
        "properties": {"to": {"type": "string"}, "factor": _NUMBER, "rule": {"type": "string"}}}}},
    "description": "The figure's unit and common conversions (methodology §3.1)"}
_TIME = {"type": "string", "format": "date-time", "description": "Snapshot time, ISO-8601 UTC"}


def _data(title: str, props: dict, description: str) -> dict:
    return {"type": "object", "title": title, "description": description, "required": list(props),
            "additionalProperties": False, "properties": props}


EXPOSURE_DATA = _data("exposure", {
    "strikes": {"type": "array", "items": {"type": "string", "pattern": r"^[0-9]+(\.[0-9]+)?$"},
                "description": "Strikes as text (5900, 597.5), ascending"},
    "exposures": {"type": "array", "items": {"type": "number"},
                  "description": "exposures[i] is the exposure at strikes[i]"},
    "lastModified": _TIME, "currentPrice": _NUMBER, "unit": _ref("PublicApiUnit")}, "exposure_request")
TREND_DATA = _data("trend", {
    "trend": {"type": "array", "items": {"type": "object", "required": ["x", "y"], "additionalProperties": False,
                                         "properties": {"x": {"type": "string", "format": "date"}, "y": _NUMBER}},
              "description": "Daily aggregate over the last 180 days"},
    "unit": _ref("PublicApiUnit"), "lastModified": _TIME}, "trend_request")
PARADIGM_DATA = _data("paradigm", {
    "paradigm": {"type": "string"}, "target": _NUMBER,
    "lis": {"type": "array", "items": {"type": "number"},
            "description": "Lines in the sand: always a list (one level, a pair, or empty)"},
    "lastModified": _TIME, "last-modified": {**_TIME, "description": "The same time as lastModified"}},
    "paradigm_request")
ZERODTE_DATA = _data("zerodte", {
    "dealer_premium": _NUMBER,
    "option_volume": {"type": "integer", "nullable": True, "description": "0DTE contracts traded today"},
    "zerodte_agg_charm": {"type": "integer", "nullable": True,
                          "description": "Aggregate 0DTE charm, rounded to a whole number of its unit"},
    "units": {"type": "object", "required": ["dealer_premium", "zerodte_agg_charm"], "additionalProperties": False,
              "properties": {"dealer_premium": _ref("PublicApiUnit"), "zerodte_agg_charm": _ref("PublicApiUnit")}},
    "lastModified": _TIME}, "zerodte_request")
DERIVED_DATA = _data("derived", {
    "vannaInertia": _NUMBER, "totalDealerPremium": _NUMBER, "DADS": _NUMBER, "DAP": _NUMBER,
    "units": {"type": "object", "required": ["vannaInertia", "totalDealerPremium", "DADS", "DAP"],
              "additionalProperties": False,
              "properties": {k: _ref("PublicApiUnit") for k in ("vannaInertia", "totalDealerPremium", "DADS", "DAP")}},
    "lastModified": _TIME}, "derived_request")
HEATMAP_DATA = _data("heatmap", {
    "times": {"type": "array", "items": _TIME, "description": "The session's snapshot times so far, oldest first"},
    "strikes": {"type": "array", "items": {"type": "number"},
                "description": "Strikes within the range around the session's prices, ascending"},
    "values": {"type": "array", "items": {"type": "array", "items": _NUMBER},
               "description": "values[i][j] is the exposure at times[i] and strikes[j] (null: no contract there)"},
    "spot": {"type": "array", "items": _NUMBER, "description": "spot[i] is the underlying price at times[i]"},
    "strikeRange": {"type": "object", "required": ["percent", "low", "high"], "additionalProperties": False,
                    "properties": {"percent": {"type": "integer"}, "low": _NUMBER, "high": _NUMBER}},
    "unit": _ref("PublicApiUnit"), "lastModified": _TIME}, "heatmap_request (methodology §4.11)")
_LEVEL_ROW = {"type": "object", "required": ["t", "price", "zeroGamma", "callWall", "putWall", "target", "lis"],
              "additionalProperties": False, "properties": {
                  "t": _TIME, "price": _NUMBER, "zeroGamma": _NUMBER, "callWall": _NUMBER, "putWall": _NUMBER,
                  "target": _NUMBER, "lis": {"type": "array", "items": {"type": "number"},
                                             "description": "Lines in the sand: always a list"}}}
_CANDLE = {"type": "object", "required": ["t", "open", "high", "low", "close"], "additionalProperties": False,
           "properties": {"t": {**_TIME, "description": "Start of the 5-minute candle, ISO-8601 UTC"},
                          "open": _NUMBER, "high": _NUMBER, "low": _NUMBER, "close": _NUMBER}}
LEVELS_DATA = _data("levels", {
    "levels": {"type": "array", "items": _LEVEL_ROW,
               "description": "The session's levels at each snapshot, oldest first, in price points (methodology "
                              "§4.12): zero gamma, call wall, put wall over all expirations, 0DTE target and LIS"},
    "candles": {"type": "array", "items": _CANDLE,
                "description": "The session's 5-minute candles of the underlying up to the snapshot, price points"},
    "lastModified": _TIME}, "levels_request")
_COUNTS = {"type": "array", "items": {"type": "number"}}
_MAYBE = {"type": "array", "items": _NUMBER}
VOLUMEOI_DATA = _data("volumeoi", {
    "strikes": {"type": "array", "items": {"type": "number"}, "description": "Strikes within 10 % of the price"},
    "callVolume": _COUNTS, "putVolume": _COUNTS, "callOpenInterest": _COUNTS, "putOpenInterest": _COUNTS,
    "callOpenInterestChange": _MAYBE, "putOpenInterestChange": _MAYBE,
    "previousSnapshot": {"type": "string", "format": "date-time", "nullable": True},
    "lastModified": _TIME}, "volume_oi_request: contracts per strike (methodology §4.14)")
_BALANCE_SIDE = {"type": "object", "required": ["volume", "premium", "dealerPremium"], "additionalProperties": False,
                 "properties": {"volume": _COUNTS, "premium": _COUNTS, "dealerPremium": _COUNTS}}
_BALANCE_SESSION = {"type": "object", "nullable": True, "required": ["session", "times", "call", "put", "totals"],
                    "additionalProperties": False, "properties": {
                        "session": {"type": "string", "format": "date"}, "times": {"type": "array", "items": _TIME},
                        "call": _BALANCE_SIDE, "put": _BALANCE_SIDE,
                        "totals": {"type": "object", "additionalProperties": _NUMBER}}}
PUTCALL_DATA = _data("putcall", {
    "bucketMinutes": {"type": "integer"}, "current": _BALANCE_SESSION, "previous": _BALANCE_SESSION,
    "lastModified": _TIME}, "put_call_request: 5-minute buckets, contracts and $ (methodology §4.15)")
PRINTS_DATA = _data("prints", {
    "total": {"type": "integer", "description": "The session's classified prints so far"},
    "prints": {"type": "array", "items": {"type": "object", "additionalProperties": True},
               "description": "The 50 largest by premium, as volland-live-api-prints answers them"},
    "lastModified": _TIME}, "prints_request (methodology §4.16)")
_DAY = {"type": "string", "format": "date"}
_INT = {"type": "integer"}
_NULL_TIME = {**_TIME, "nullable": True}


def _rows(props: dict, description: str) -> dict:
    return {"type": "array", "description": description, "items": {
        "type": "object", "required": list(props), "additionalProperties": False, "properties": props}}


_VOL_UNITS = {"type": "object", "additionalProperties": _ref("PublicApiUnit"),
              "description": "The unit of each figure, by field name"}
TERM_DATA = _data("term", {
    "points": _rows({"expiration": _DAY, "days": _INT, "forward": _NUMBER, "atmIv": _NUMBER, "previousClose": _NUMBER,
                     "weekAgo": _NUMBER}, "At-the-money IV per 1.00 by expiration, now, at the previous close and "
                                          "five sessions back"),
    "iv30": _NUMBER, "previousCloseAt": _NULL_TIME, "weekAgoAt": _NULL_TIME, "units": _VOL_UNITS, "lastModified": _TIME},
    "term_structure_request (methodology §4.17)")
SKEW_DATA = _data("skew", {
    "expiration": {**_DAY, "nullable": True}, "forward": _NUMBER, "atmIv": _NUMBER,
    "smile": _rows({"strike": {"type": "number"}, "logMoneyness": {"type": "number"}, "delta": _NUMBER,
                    "iv": {"type": "number"}, "side": {"type": "string", "enum": ["C", "P"]}},
                   "The smile of the expiration nearest to 30 days, by strike"),
    "byExpiration": _rows({"expiration": _DAY, "days": _INT, "atmIv": _NUMBER, "call25Iv": _NUMBER, "put25Iv": _NUMBER,
                           "riskReversal": _NUMBER, "butterfly": _NUMBER},
                          "25-delta risk reversal and butterfly (vol points) by expiration"),
    "riskReversal30": _NUMBER, "butterfly30": _NUMBER,
    "history": _rows({"date": _DAY, "riskReversal": _NUMBER, "butterfly": _NUMBER},
                     "30-day risk reversal and butterfly at each session close of 52 weeks"),
    "units": _VOL_UNITS, "lastModified": _TIME}, "skew_request (methodology §4.18)")
IVRANK_DATA = _data("ivrank", {
    "iv30": _NUMBER, "ivRank": _NUMBER, "ivPercentile": _NUMBER, "low": _NUMBER, "high": _NUMBER, "sessions": _INT,
    "windowStart": _DAY, "history": _rows({"date": _DAY, "iv30": _NUMBER}, "30-day ATM IV at each session close"),
    "expectedMoves": _rows({k: ({"type": "number"} if k not in ("expiration", "days") else (_DAY if k == "expiration" else _INT))
                            for k in ("expiration", "days", "strike", "call", "put", "points", "percent")},
                           "The at-the-money straddle of every expiration"),
    "units": _VOL_UNITS, "lastModified": _TIME}, "iv_rank_request (methodology §4.19)")
_RATE = {"type": "object", "required": ["k", "n", "rate", "low", "high"], "additionalProperties": False,
         "properties": {"k": {"type": "integer"}, "n": {"type": "integer", "description": "The sample size"},
                        "rate": _NUMBER, "low": _NUMBER, "high": _NUMBER}}
_LEVEL_RECORD = {"type": "object", "required": ["touch", "hold"], "additionalProperties": False,
                 "properties": {"touch": _RATE, "hold": _RATE}}
SCORECARD_DATA = _data("scorecard", {
    "asOf": _TIME, "sessions": {"type": "integer"}, "firstSession": {"type": "string", "nullable": True},
    "lastSession": {"type": "string", "nullable": True}, "holdDistancePercent": {"type": "number"},
    "confidence": {"type": "number"}, "simulated": {"type": "boolean"},
    "levels": {"type": "object", "required": ["zeroGamma", "callWall", "putWall", "lis", "target", "paradigmTarget"],
               "additionalProperties": False,
               "properties": {**{k: _LEVEL_RECORD for k in ("zeroGamma", "callWall", "putWall", "lis", "target")},
                              "paradigmTarget": _RATE}}},
    "scorecard_request (methodology §4.21): touch, hold and paradigm-target rates with n and a 95 % Wilson "
    "interval, as of the plan's cut-off; simulated on the demo market")
_DATA = {"exposure": EXPOSURE_DATA, "trend": TREND_DATA, "paradigm": PARADIGM_DATA, "zerodte": ZERODTE_DATA,
         "derived": DERIVED_DATA, "heatmap": HEATMAP_DATA, "levels": LEVELS_DATA, "volumeoi": VOLUMEOI_DATA,
         "putcall": PUTCALL_DATA, "prints": PRINTS_DATA, "term": TERM_DATA, "skew": SKEW_DATA, "ivrank": IVRANK_DATA,
         "scorecard": SCORECARD_DATA}
ITEM_ERROR = {"type": "object", "required": ["code", "message"], "additionalProperties": False,
              "description": "Why the item carries no data: out_of_credits (not charged), or no data for the "
                             "ticker (refunded)",
              "properties": {"code": {"type": "string"}, "message": {"type": "string"}}}
SOURCE_FIELDS = {"source": {"type": "string", "description": "Where the served figures come from"},
                 "sourceDelay": {"type": "integer", "nullable": True,
                                 "description": "The source's delay in seconds"}}

ANSWER_ITEM = {
    "type": "object", "required": ["request_type", "ticker", "data"],
    "description": "answers[i] answers requests[i]: the item's fields (normalized), then data, or data null "
                   "and error; a served item also states its source",
    "properties": {
        "request_type": {"type": "string", "enum": list(schemas.REQUEST_TYPES)},
        "ticker": {"type": "string"}, "greek": _GREEK, "kind": _KIND,
        "expirations": {"type": "array", "items": {"type": "string"}},
        "data": {"nullable": True, "oneOf": [_ref(f"PublicApi{t.title()}Data") for t in _DATA]},
        "error": _ref("PublicApiItemError"), **SOURCE_FIELDS}}
ANSWERS = {"type": "array", "items": _ref("PublicApiAnswer")}

# Named in the document's components (the generated web types and the docs page read them by name).
COMPONENTS = {**schemas.COMPONENTS, "PublicApiAnswer": ANSWER_ITEM, "PublicApiItemError": ITEM_ERROR,
              "PublicApiUnit": _UNIT, **{f"PublicApi{t.title()}Data": shape for t, shape in _DATA.items()}}


@blp.record_once
def _register_components(state) -> None:
    from api.extensions import api

    for name, schema in COMPONENTS.items():
        if name not in api.spec.components.schemas:
            if isinstance(schema, dict):
                api.spec.components.schema(name, component=schema)
            else:
                api.spec.components.schema(name, schema=schema)


QUERY_ITEM = {"name": "item", "in": "query", "style": "form", "explode": True, "required": False,
              "description": "Without a JSON body: one item as query parameters (request_type, ticker, and the "
                             "fields its type requires)",
              "schema": _ref("PublicApiItemQuery")}

EXAMPLE_BODY = {"requests": [
    {"request_type": "exposure_request", "ticker": "SPX", "greek": "gamma", "kind": "both", "expirations": ["*"]},
    {"request_type": "trend_request", "ticker": "SPX", "greek": "vanna"},
    {"request_type": "paradigm_request", "ticker": "SPX"},
]}
_UNIT_EXAMPLE = {"unit": "$ delta per 1 % move", "conversions": [
    {"to": "$ delta per 1-point move of the underlying", "factor": 0.01694, "rule": "100 / S"}]}
_SOURCE_EXAMPLE = {"source": "synthetic", "sourceDelay": 0}
EXAMPLE_ANSWER = [
    {**EXAMPLE_BODY["requests"][0], "data": {"strikes": ["5900", "5905"], "exposures": [1.2e9, -3.0e8],
                                             "lastModified": "2026-01-02T15:05:00Z", "currentPrice": 5903.2,
                                             "unit": _UNIT_EXAMPLE}, **_SOURCE_EXAMPLE},
    {**EXAMPLE_BODY["requests"][1], "data": {"trend": [{"x": "2025-12-31", "y": -1.7e9}],
                                             "unit": {"unit": "$ delta per vol point", "conversions": []},
                                             "lastModified": "2026-01-02T15:05:00Z"}, **_SOURCE_EXAMPLE},
    {**EXAMPLE_BODY["requests"][2], "data": {"paradigm": "GEX-PURE", "target": 5925.0, "lis": [5880.0],
                                             "lastModified": "2026-01-02T15:05:00Z",
                                             "last-modified": "2026-01-02T15:05:00Z"}, **_SOURCE_EXAMPLE},
]
EXAMPLE_PARTIAL = [EXAMPLE_ANSWER[0], EXAMPLE_ANSWER[1],
                   {**EXAMPLE_BODY["requests"][2], "data": None,
                    "error": {"code": "out_of_credits", "message": "No API credits left for this item."}}]


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
        raise ApiError(400, "bad_request", schemas.FORMAT_MESSAGE, {"_schema": ["Invalid JSON."]}) from None


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
    """Validate everything, then charge and answer item by item.

    200: every item was charged (an item whose ticker has no data carries its error and was refunded).
    207: credits ran out part-way: the answer is the same list, served items with data, the items after
    the last credit with ``error.code = out_of_credits`` (not charged). 429: credits ran out before any
    item could be served (the one error body, nothing charged).
    """
    items = service.validate(body)
    db = get_session()
    ctx = svc.make_ctx("live")
    answers, served, unpaid = service.serve(db, user.id, items, ctx)
    remaining = service.balance(db, user.id)
    if unpaid and not served:
        raise ApiError(429, "out_of_credits", "No API credits left. Buy more requests in the API pricing page.",
                       headers={"X-Credits-Remaining": str(remaining)})
    resp = Response(svc.dumps(_with_source(answers, items)), status=207 if unpaid else 200,
                    mimetype="application/json")
    resp.headers["X-Credits-Remaining"] = str(remaining)
    resp.headers["X-Items-Served"] = str(served)
    return resp


_HEADERS = {"X-Credits-Remaining": {"description": "API credits left after this call",
                                    "schema": {"type": "integer", "minimum": 0}, "required": True},
            "X-Items-Served": {"description": "Items answered with data (and charged)",
                               "schema": {"type": "integer", "minimum": 0}, "required": True}}


def _answers(description: str, example: list) -> dict:
    return {"description": description, "headers": _HEADERS,
            "content": {"application/json": {"schema": ANSWERS, "example": example}}}


def _error(description: str) -> dict:
    return {"description": description,
            "content": {"application/json": {"schema": {"$ref": "#/components/schemas/Error"}}}}


_DOC = {
    "description": (
        "Each item in `requests` costs 1 API credit, charged as the item is answered and refunded when the "
        "item finds no data. The answer is a list aligned with the request: `answers[i]` answers "
        "`requests[i]`, with `data`, or `data: null` and an `error`. Items are answered in order; once "
        "credits run out, the remaining items carry an `out_of_credits` error and the status is 207. "
        "The `X-Credits-Remaining` header shows the balance left, `X-Items-Served` the items answered."),
    "x-credits-per-item": 1,
    "x-request-types": {t: {"required": list(f)} for t, f in schemas.REQUIRED.items()},
    "x-supported-tickers": universe.symbols(),
    "security": [{"apiKeyAuth": []}], "responses": {
        "200": _answers("Every item was charged; each answer has its data, or its error when the ticker has "
                        "no data (refunded)", EXAMPLE_ANSWER),
        "207": _answers("Credits ran out part-way: the items after the last credit carry "
                        "error.code out_of_credits (not charged); the others are answered as with 200",
                        EXAMPLE_PARTIAL),
        "400": _error("Malformed JSON or item (`bad_request`; the message names the item and field), or a "
                      "well-formed ticker the store does not carry (`unknown_ticker`); nothing is charged"),
        "401": _error("Missing or invalid key, or no Live subscription"),
        "429": _error("`out_of_credits`: no API credits left for the first item; nothing is charged")}}


_BODY_DOC = {"requestBody": {"required": True, "content": {"application/json": {
    "schema": _ref("PublicApiRequests"), "example": EXAMPLE_BODY}}}}


@blp.route("", methods=["POST"])
@blp.doc(**_DOC, **_BODY_DOC)
def post():
    """Answer a list of request items (1 credit each, charged atomically per item)"""
    user = _authenticate()
    return _run(user, _read_body())


@blp.route("", methods=["GET"])
@blp.doc(**_DOC, parameters=[{**QUERY_ITEM, "required": True}])
def get():
    """Same call as POST: one item in the query string (or a JSON body, as with POST)"""
    user = _authenticate()
    body = _read_body()
    if body is None:
        q = request.args
        if not q.get("request_type"):
            raise ApiError(400, "bad_request", schemas.FORMAT_MESSAGE,
                           {"requests": ["Send a JSON body or request_type and ticker in the query string."]})
        item = {k: q.get(k) for k in ("request_type", "ticker", "greek", "kind") if q.get(k) is not None}
        if q.get("expirations"):
            item["expirations"] = [e.strip() for e in q["expirations"].split(",") if e.strip()]
        body = {"requests": [item]}
    return _run(user, body)
