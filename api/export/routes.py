"""``/api/v1/data/export``: exposure history as a Parquet file or an Arrow IPC stream for quants.

Authenticated by the data token (bearer, any tier — cut at the tier's freshness) or by a public API key
(``X-API-KEY``, Live subscription; exports cost no credits). The body is streamed as DuckDB reads the
store (``data/export.py``: a few queries over whole session days, never one per snapshot), so memory
stays flat and the first bytes leave after the first session is read.

Granularities (docs/quants.md, "Columns"): ``close`` and ``snapshot`` answer one row per (snapshot,
greek, strike) with the call, put and total exposure summed over the selected expirations and the
underlying price; ``contract`` answers one row per (snapshot, expiration, strike, right) with the
store's columns (position, IV, time to expiry, spot …) and one column per greek.

Limits (docs/security.md, "Export limits"): a request spans at most ``VOLLAND_EXPORT_MAX_DAYS`` calendar
days (default 366) and streams at most ``VOLLAND_EXPORT_MAX_ROWS`` rows (default 6,000,000); a larger
export answers 422 pointing to the background export (``POST /api/v1/data/export/jobs``, see
``api/export/jobs.py``), which writes a file of up to ``VOLLAND_EXPORT_JOB_MAX_ROWS`` rows. Each user runs
at most ``VOLLAND_EXPORT_CONCURRENCY`` exports at once (default 2) and sends at most
``VOLLAND_EXPORT_RATE_LIMIT`` requests (default 10 per minute and 200 per day); either excess answers 429
with ``Retry-After``.
"""

from __future__ import annotations

import logging
import uuid
from datetime import datetime, timezone

from flask import Response, current_app, g, request, stream_with_context
from flask_smorest import Blueprint
from marshmallow import EXCLUDE, Schema, fields

from api.data import service as svc
from api.errors import ApiError, ErrorSchema, error_response
from api.extensions import _bearer_user_id, client_address, limiter
from data import export as data_export

log = logging.getLogger("api.export")

blp = Blueprint("export", __name__, url_prefix="/api/v1/data/export",
                description="Exposure history as Parquet or Arrow IPC streams (quants)")

UTC = timezone.utc
# Seconds a caller is told to wait when all its export slots are taken.
BUSY_RETRY_AFTER_SECONDS = 30
MEDIA = data_export.MEDIA
JOBS_ROUTE = "POST /api/v1/data/export/jobs"


class ExportQuery(Schema):
    class Meta:
        unknown = EXCLUDE

    ticker = fields.String(metadata={"example": "SPX"})
    start = fields.String(metadata={"description": "First session date yyyy-MM-dd", "example": "2026-01-02"})
    end = fields.String(metadata={"description": "Last session date yyyy-MM-dd (inclusive)", "example": "2026-01-02"})
    greeks = fields.String(metadata={"description": "Comma-separated greeks (default: all nine)",
                                     "example": "gamma,vanna,charm"})
    kind = fields.String(metadata={"description": "both (default), call or put", "example": "both"})
    format = fields.String(metadata={"description": "parquet (default) or arrow (IPC stream)", "example": "parquet"})
    granularity = fields.String(metadata={
        "description": "close (default: the last snapshot of each session, by strike), snapshot (every "
                       "snapshot, by strike) or contract (every snapshot, one row per contract)",
        "example": "close"})
    expiration_from = fields.String(metadata={"description": "Only expirations on or after this date (yyyy-MM-dd)",
                                              "example": "2026-01-02"})
    expiration_to = fields.String(metadata={"description": "Only expirations on or before this date (yyyy-MM-dd)",
                                            "example": "2026-01-16"})
    strike_min = fields.String(metadata={"description": "Only strikes at or above this one", "example": "5800"})
    strike_max = fields.String(metadata={"description": "Only strikes at or below this one", "example": "6200"})


def _tier() -> str:
    """Data token → its tier; API key → Live (required)."""
    if request.headers.get("X-API-KEY"):
        from api.public_api.service import has_live_subscription
        from api.security import user_for_api_key

        user = user_for_api_key(request.headers["X-API-KEY"])
        if user is None:
            raise ApiError(401, "invalid_api_key", "A valid API key is required in the X-API-KEY header.")
        if not has_live_subscription(user):
            raise ApiError(401, "live_subscription_required", "Exports by API key need a Volland Live subscription.")
        g.user_id = user.id
        return "live"
    from api.security import data_token_required

    holder: dict = {}

    @data_token_required
    def check():
        holder["tier"] = g.data_tier

    check()
    return holder["tier"]


def _api_key_user_id() -> int | None:
    """The owner of the request's API key (looked up once per request), else None."""
    if "export_api_user" not in g:
        from api.security import user_for_api_key

        user = user_for_api_key(request.headers.get("X-API-KEY"))
        g.export_api_user = user.id if user is not None else None
    return g.export_api_user


def export_rate_key() -> str:
    """Rate-limit key: the user of the data token or of the API key, else the client address."""
    user_id = _bearer_user_id()
    if user_id is None and request.headers.get("X-API-KEY"):
        found = _api_key_user_id()
        user_id = str(found) if found is not None else None
    return f"user:{user_id}" if user_id is not None else client_address()


_redis_clients: dict = {}


def _redis():
    from volland.settings import get_settings

    url = get_settings().redis_url
    client = _redis_clients.get(url)
    if client is None:
        import redis

        client = redis.Redis.from_url(url, socket_timeout=0.5, socket_connect_timeout=0.5)
        _redis_clients[url] = client
    return client


def slot_key(user_id) -> str:
    from volland.settings import get_settings

    return f"{get_settings().jobs_prefix}:export:running:{user_id}"


class Slot:
    """One of the user's running-export slots: a member of a Redis sorted set scored by its expiry time.

    Expired members (a worker that died without releasing) are dropped on every acquire, so a lost slot
    frees itself after ``VOLLAND_EXPORT_SLOT_TTL_SECONDS``. Without Redis the cap is not enforced."""

    def __init__(self, user_id) -> None:
        self.key = slot_key(user_id)
        self.member = uuid.uuid4().hex
        self.held = False

    def acquire(self, cap: int, ttl: int) -> bool:
        import time

        now = time.time()
        try:
            r = _redis()
            pipe = r.pipeline()
            pipe.zremrangebyscore(self.key, "-inf", now)
            pipe.zadd(self.key, {self.member: now + ttl})
            pipe.zrank(self.key, self.member)
            pipe.zcard(self.key)
            pipe.expire(self.key, ttl)
            _, _, _, count, _ = pipe.execute()
        except Exception as exc:  # Redis down: answer rather than refuse every export
            log.warning("export concurrency cap unavailable (%s); not enforced", exc)
            return True
        if count > cap:
            try:
                r.zrem(self.key, self.member)
            except Exception:
                pass
            return False
        self.held = True
        return True

    def release(self) -> None:
        if not self.held:
            return
        self.held = False
        try:
            _redis().zrem(self.key, self.member)
        except Exception as exc:
            log.warning("export slot not released (%s); it expires by itself", exc)


def _strike(raw, field: str) -> float | None:
    if raw is None or raw == "":
        return None
    try:
        value = float(raw)
    except (TypeError, ValueError):
        value = float("nan")
    if not value == value or value in (float("inf"), float("-inf")) or value < 0:
        raise svc.invalid(field, f"'{field}' must be a non-negative number.")
    return value


def parse(args: dict, ctx: svc.Ctx) -> dict:
    """Validate the export parameters once, into plain values (also the background job's arguments)."""
    ticker = svc.check_ticker(args.get("ticker"))
    fmt = svc.check_choice(args.get("format"), data_export.FORMATS, "format", default="parquet")
    gran = svc.check_choice(args.get("granularity"), data_export.GRANULARITIES, "granularity", default="close")
    kind = svc.check_choice(args.get("kind"), svc.KINDS, "kind", default="both")
    raw_greeks = args.get("greeks")
    greeks = [x.strip().lower() for x in raw_greeks.split(",") if x.strip()] if raw_greeks else list(svc.GREEKS)
    bad = [x for x in greeks if x not in svc.GREEKS]
    if bad or not greeks:
        raise svc.invalid("greeks", f"'greeks' must be a comma-separated list of: {', '.join(svc.GREEKS)}.")
    greeks = list(dict.fromkeys(greeks))
    if not args.get("start"):
        raise svc.invalid("start", "'start' is required (yyyy-MM-dd).")
    start = svc.parse_day(args.get("start"), "start")
    end = svc.parse_day(args.get("end"), "end") if args.get("end") else start
    if end < start:
        raise svc.invalid("end", "'end' must not be before 'start'.")
    from volland.settings import get_settings

    limit = get_settings().export_max_days
    if (end - start).days + 1 > limit:
        raise svc.invalid("end", f"An export spans at most {limit} days per request "
                                 f"({(end - start).days + 1} asked); split the range.")
    exp_from = svc.parse_day(args["expiration_from"], "expiration_from") if args.get("expiration_from") else None
    exp_to = svc.parse_day(args["expiration_to"], "expiration_to") if args.get("expiration_to") else None
    if exp_from and exp_to and exp_to < exp_from:
        raise svc.invalid("expiration_to", "'expiration_to' must not be before 'expiration_from'.")
    k_min, k_max = _strike(args.get("strike_min"), "strike_min"), _strike(args.get("strike_max"), "strike_max")
    if k_min is not None and k_max is not None and k_max < k_min:
        raise svc.invalid("strike_max", "'strike_max' must not be below 'strike_min'.")
    return {"ticker": ticker, "format": fmt, "granularity": gran, "kind": kind, "greeks": greeks,
            "start": start.isoformat(), "end": end.isoformat(), "cutoff": ctx.cutoff.isoformat(),
            "expiration_from": exp_from.isoformat() if exp_from else None,
            "expiration_to": exp_to.isoformat() if exp_to else None, "strike_min": k_min, "strike_max": k_max}


def build_plan(params: dict, reader) -> data_export.Plan:
    """The data layer's plan for parsed parameters (see :func:`parse`)."""
    from datetime import date

    day = date.fromisoformat
    return data_export.plan(
        reader, params["ticker"], day(params["start"]), day(params["end"]),
        datetime.fromisoformat(params["cutoff"]), params["granularity"], tuple(params["greeks"]), params["kind"],
        expiration_from=day(params["expiration_from"]) if params.get("expiration_from") else None,
        expiration_to=day(params["expiration_to"]) if params.get("expiration_to") else None,
        strike_min=params.get("strike_min"), strike_max=params.get("strike_max"))


def plan(args: dict, ctx: svc.Ctx, max_rows: int | None = None, to_job: bool = True) -> tuple[dict, data_export.Plan, int]:
    """Validate, list the snapshots (404 when none) and count the rows against ``max_rows``."""
    params = parse(args, ctx)
    p = build_plan(params, svc.reader())
    if not p.days:
        raise ApiError(404, "no_data", f"No {params['ticker']} snapshots were published from {params['start']} "
                                       f"to {params['end']}.")
    rows = data_export.count_rows(p)
    if max_rows is not None and rows > max_rows:
        where = (f"narrow it (dates, greeks, expirations, strikes) or ask for it as a background export "
                 f"({JOBS_ROUTE}), which writes a file you download when ready") if to_job else \
            "narrow it (dates, greeks, expirations, strikes) or split it into several background exports"
        message = f"This export holds {rows:,} rows; at most {max_rows:,} are allowed here: {where}."
        raise ApiError(422, "export_too_large", message, {"rows": [message]})
    return params, p, rows


def _guarded(p: data_export.Plan, fmt: str, slot: Slot):
    try:
        yield from data_export.stream(p, fmt)
    finally:
        slot.release()


def file_name(params: dict) -> str:
    return (f"{params['ticker']}_{params['start']}_{params['end']}_{params['granularity']}."
            f"{data_export.EXTENSIONS[params['format']]}")


def authenticate() -> svc.Ctx:
    """The caller's context (tier cut-off); sets ``g.user_id`` (API key or data token)."""
    return svc.make_ctx(_tier())


@blp.route("", methods=["GET"])
@blp.arguments(ExportQuery, location="query")
@blp.response(200, description="A Parquet file or an Arrow IPC stream (docs/quants.md lists the columns)")
@blp.alt_response(422, schema=ErrorSchema,
                  description="Invalid parameters (validation_error), or more rows than VOLLAND_EXPORT_MAX_ROWS "
                              "(export_too_large: ask for a background export instead)")
@blp.alt_response(429, schema=ErrorSchema,
                  description="Too many export requests from this user in the rate window (rate_limited), or "
                              "too many of its exports running at once (export_busy)",
                  headers={"Retry-After": {"description": "Seconds to wait before trying again",
                                           "schema": {"type": "integer"}}})
@blp.doc(security=[{"bearerAuth": []}, {"apiKeyAuth": []}])
@limiter.limit(lambda: current_app.config["EXPORT_RATE_LIMIT"], key_func=export_rate_key)
def export(args):
    """Stream exposures (by strike, or by contract) for a ticker, date range and greek set (Parquet or Arrow IPC)

    Limits per request: at most VOLLAND_EXPORT_MAX_DAYS calendar days (default 366, counting `start` and
    `end`; more answers 422 naming `end`) and at most VOLLAND_EXPORT_MAX_ROWS rows (default 6,000,000: a
    year of closes or a month of SPX snapshots; more answers 422 `export_too_large` — submit it to
    `POST /api/v1/data/export/jobs` instead, up to VOLLAND_EXPORT_JOB_MAX_ROWS rows). Per user: at most
    VOLLAND_EXPORT_CONCURRENCY exports running at once (default 2) and VOLLAND_EXPORT_RATE_LIMIT requests
    (default 10 per minute, 200 per day); beyond either the answer is 429 with a Retry-After header.
    The `X-Rows` header gives the number of rows, `X-Snapshots` the number of snapshots.
    """
    from volland.settings import get_settings

    s = get_settings()
    params, p, rows = plan(args, authenticate(), max(1, s.export_max_rows))
    slot = Slot(g.user_id)
    if not slot.acquire(max(1, s.export_concurrency), max(1, s.export_slot_ttl_seconds)):
        return error_response(429, "export_busy",
                              f"At most {s.export_concurrency} exports run at once per user; wait for one to "
                              "finish and try again.", {}, {"Retry-After": str(BUSY_RETRY_AFTER_SECONDS)})
    fmt = params["format"]
    resp = Response(stream_with_context(_guarded(p, fmt, slot)), mimetype=MEDIA[fmt])
    resp.call_on_close(slot.release)
    resp.headers["Content-Disposition"] = f'attachment; filename="{file_name(params)}"'
    resp.headers["X-Snapshots"] = str(p.snapshots)
    resp.headers["X-Rows"] = str(rows)
    return resp
