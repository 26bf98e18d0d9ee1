"""``data_route``: the one decorator of every ``/api/v1/data`` route.

A data request goes through the same steps whatever the route:

1. **data token** (``data_token``): the bearer token is checked once per token string and remembered in
   ``api.cache.TOKENS`` until it expires or its session ends; ``g.data_tier`` is the subscriber's tier;
2. **guard** (optional): a tier refusal that needs no parameters (the screener on Basic);
3. **fast path** (``fast``): the same raw request, tier, cut-off minute and published manifest answered a
   moment ago is served from process memory before anything is parsed — the hot path of every dashboard;
4. **parsing** (``@blp.arguments``): the route's request schema validates each parameter once (forms,
   enums, ranges: exactly what the OpenAPI document says) and answers the one error body otherwise;
5. **snapshot choice** (``snapshot=``): a per-ticker route answers from the tier's live snapshot, or from
   the historical snapshot its ``date`` names; an unknown ticker (422) or a ticker without published data
   (404) is refused here, as documented on the operation;
6. **the view**: a thin function that names its cache key and the service function computing the answer
   (``Cached``), or returns an uncached dict;
7. **response cache** (``api.cache.cached_json``): (route, normalized parameters, snapshot ids) → the JSON
   body, in process memory and Redis; every answer is stamped with its data source.
"""

from __future__ import annotations

import hashlib
import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from functools import wraps

import jwt as pyjwt
from flask import Response, g, request
from flask_smorest import Blueprint

from api import cache, nodes
from api.data import service as svc
from api.data.fields import document_nullable
from api.errors import ErrorSchema
from api.extensions import limiter
from api.security import data_token_required

blp = Blueprint("data", __name__, url_prefix="/api/v1/data",
                description="Market data for the dashboard (data token; freshness set by the subscription tier)")

# Dashboards poll these routes; no rate limit applies to them, so skip the limiter's per-request checks.
limiter.exempt(blp)


@blp.record_once
def _snapshot_settings(state) -> None:
    # Settings are read once when the app is created; requests then never re-read the environment.
    cache.snapshot_settings(state.app)
    from api.extensions import api

    converter = api.ma_plugin.converter
    if not getattr(converter, "_volland_nullable", False):
        converter.add_attribute_function(document_nullable)
        converter._volland_nullable = True


@blp.after_request
def _source_headers(resp: Response) -> Response:
    info = g.get("data_source")
    if info:
        resp.headers["X-Data-Source"] = info["source"]
        resp.headers["X-Data-Delay"] = "" if info["sourceDelay"] is None else str(info["sourceDelay"])
    return resp


# ---------------------------------------------------------------- answers


@dataclass(frozen=True)
class Cached:
    """An answer the response cache holds: ``compute()`` is called only when (``route``, ``params``,
    ``snapshot_ids``) has no cached body. ``params`` are the normalized parameters that decide it."""

    route: str
    params: dict
    snapshot_ids: Sequence[str]
    compute: Callable[[], object]


@dataclass
class DataRequest:
    """What a view receives: the parsed parameters, who asks and when, and the chosen snapshot."""

    args: dict
    ctx: svc.Ctx
    snap: object | None = None
    ticker: str | None = None
    extra: dict = field(default_factory=dict)


def _with_source(body: bytes) -> bytes:
    """Every answer states where its numbers come from: ``source`` and ``sourceDelay`` (seconds) are added
    to an object body, and both travel as ``X-Data-Source``/``X-Data-Delay`` headers (data.store.provenance)."""
    from data.store import provenance

    ticker = request.args.get("ticker")
    if ticker is None and request.is_json:
        payload = request.get_json(silent=True, cache=True)
        ticker = payload.get("ticker") if isinstance(payload, dict) else None
    settings = svc.settings()
    body, g.data_source = provenance.stamp(body, ticker if isinstance(ticker, str) else None,
                                           settings.store_path, settings.source)
    return body


def json_response(body: bytes, hit: bool | None = None) -> Response:
    resp = Response(_with_source(body), status=200, mimetype="application/json")
    resp.headers["Cache-Control"] = "private, no-cache"
    if hit is not None:
        resp.headers["X-Cache"] = "hit" if hit else "miss"
    return resp


def _answer(result) -> Response:
    if isinstance(result, Cached):
        body, hit = cache.cached_json(result.route, result.params, result.snapshot_ids, result.compute, svc.dumps)
        return json_response(body, hit)
    return json_response(svc.dumps(result))


def context() -> svc.Ctx:
    """The request's tier and market time (made once per request)."""
    ctx = g.get("_data_ctx")
    if ctx is None:
        ctx = g._data_ctx = svc.make_ctx(g.data_tier)
    return ctx


# ---------------------------------------------------------------- steps


def data_token(view):
    """``data_token_required``, remembering each token it accepted until that token expires.

    The same token string seen again needs no second signature check or session lookup: the hot path
    skips both. Tokens are only remembered after ``data_token_required`` accepted them, with the tier it
    derived (``api.cache.TOKENS``, cleared when a session ends anywhere: ``api.nodes``). While this
    process cannot hear those announcements (Redis unreachable), remembered tokens are checked again.
    """
    guarded = data_token_required(view)
    tokens = cache.TOKENS

    @wraps(guarded)
    def wrapper(*args, **kwargs):
        header = request.headers.get("Authorization", "")
        token = header[7:].strip() if header[:7].lower() == "bearer " else ""
        # Cut off from the ended-session announcements (Redis outage), trust no remembered token.
        hit = tokens.get(token) if token and nodes.hears_ended_sessions(svc.settings()) else None
        if hit is not None and hit[2] > time.time():
            g.user_id, g.data_tier = hit[0], hit[1]
            return view(*args, **kwargs)
        resp = guarded(*args, **kwargs)  # raises ApiError (401/403) when the token is refused
        if token and g.get("data_tier"):
            try:
                exp = float(pyjwt.decode(token, options={"verify_signature": False}).get("exp", 0))
            except pyjwt.PyJWTError:
                exp = 0.0
            tokens.remember(token, (g.user_id, g.data_tier, exp))
        return resp

    return wrapper


def _manifest_version() -> bytes:
    """The published manifest this process reads: its file identity and its generation (a manifest
    re-read after a publish announcement differs by generation even where its file looks the same)."""
    idx = svc.reader().index()
    return f"{idx.key}/{idx.manifest.get('generation', 0)}".encode()


def fast(view):
    """Process-local shortcut in front of the (route, parameters, snapshot) cache.

    The same raw request from the same tier, against the same published manifest and at the same
    cut-off and market minute, has the same answer: serve it before parsing anything. Only answers that
    went through the response cache (``X-Cache`` set) are remembered (``api.cache.MEMORY``).
    """

    @wraps(view)
    def wrapper(*args, **kwargs):
        if svc.settings().cache_disabled:
            return view(*args, **kwargs)
        ctx = context()
        raw = b"|".join((request.path.encode(), request.query_string, request.get_data(cache=True),
                         g.data_tier.encode(), ctx.cutoff.isoformat().encode(),
                         ctx.now.strftime("%Y%m%d%H%M").encode(), _manifest_version(),
                         cache.cache_prefix().encode()))
        key = "fast:" + hashlib.sha1(raw).hexdigest()
        body = cache.MEMORY.get(key)
        if body is not None:
            return json_response(body, True)
        resp = view(*args, **kwargs)
        if isinstance(resp, Response) and resp.status_code == 200 and "X-Cache" in resp.headers:
            cache.MEMORY.put(key, resp.get_data())
        return resp

    return wrapper


def choose_snapshot(args: dict, ctx: svc.Ctx, *, zero_dte: bool = False):
    """(ticker, snapshot) of a per-ticker request: historical when ``date`` is given, else live."""
    ticker = svc.known_ticker(args["ticker"])
    when = args.get("date")
    if when is None:
        snap = svc.live_snapshot(ticker, ctx)
    else:
        snap = svc.historical_snapshot(ticker, when if isinstance(when, str) else when.isoformat(), ctx)
    if zero_dte:
        # A historical request checks the list of its own session, not today's.
        svc.check_zero_dte(ticker, ctx, None if when is None else snap)
    return ticker, snap


SNAPSHOT_RESPONSES = ((404, "No data published for the ticker (at the requested time)"),)
# The store decides which well-formed tickers exist, so these refusals depend on state, not on the input's
# shape: each has its own error code, named in the operation's document.
UNKNOWN_TICKER_TEXT = "a well-formed ticker that is not in the universe (unknown_ticker: 'Unknown ticker ...')"
UNKNOWN_TICKER = (422, f"Invalid parameters (validation_error), or {UNKNOWN_TICKER_TEXT}")
ZERO_DTE_TICKER = (422, f"Invalid parameters (validation_error), {UNKNOWN_TICKER_TEXT}, or a ticker without an "
                        "expiration on the session date (not_zero_dte: 'This ticker is not available in 0DTE list. "
                        "Please change the ticker')")


def data_route(path: str, *, answer, example: dict, query=None, body=None, body_example: dict | None = None,
               method: str | None = None, snapshot: str | None = None,
               guard: Callable[[], None] | None = None, responses: Sequence[tuple[int, str]] = ()):
    """Register ``view(req: DataRequest)`` at ``path`` with every step of the module docstring.

    ``query``/``body``: the request schema (query string or JSON body); ``answer``/``example``: the 200
    answer's schema and example; ``snapshot``: ``"ticker"`` or ``"zero_dte"`` to choose the request's
    snapshot (the schema has ``ticker`` and may have ``date``); ``guard``: a refusal checked before
    parsing; ``responses``: further documented refusals (status, description).
    """
    method = method or ("POST" if body is not None else "GET")
    documented = list(responses)
    if snapshot:
        documented += [*SNAPSHOT_RESPONSES, ZERO_DTE_TICKER if snapshot == "zero_dte" else UNKNOWN_TICKER]

    def decorator(view):
        @wraps(view)
        def handler(*parsed):
            ctx = context()
            req = DataRequest(args=parsed[-1] if parsed else {}, ctx=ctx)
            if snapshot:
                req.ticker, req.snap = choose_snapshot(req.args, ctx, zero_dte=snapshot == "zero_dte")
            return _answer(view(req))

        fn = blp.response(200, answer, example=example)(handler)
        for status, description in documented:
            fn = blp.alt_response(status, schema=ErrorSchema, description=description)(fn)
        # Schema instances, not classes: webargs would build a new schema (and its nested ones) per request.
        if query is not None:
            fn = blp.arguments(query(), location="query")(fn)
        if body is not None:
            fn = blp.arguments(body(), location="json", example=body_example)(fn)
        fn = fast(fn)
        if guard is not None:
            inner = fn

            @wraps(inner)
            def fn(*args, **kwargs):
                guard()
                return inner(*args, **kwargs)

        fn = data_token(fn)
        blp.route(path, methods=[method])(fn)
        return view

    return decorator
