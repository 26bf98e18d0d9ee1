"""``/api/v1/data/export``: exposure history as a Parquet file or an Arrow IPC stream for quants.

Authenticated by the data token (bearer, any tier — cut at the tier's freshness) or by a public API key
(``X-API-KEY``, Live subscription; exports cost no credits). The body is streamed as DuckDB reads the
store (``data/store/export.py``: a few queries over whole session days, never one per snapshot), so memory
stays flat and the first bytes leave after the first session is read.

Granularities (docs/quants.md, "Columns"): ``close`` and ``snapshot`` answer one row per (snapshot,
greek, strike) with the call, put and total exposure summed over the selected expirations and the
underlying price; ``contract`` answers one row per (snapshot, expiration, strike, right) with the
store's columns (position, IV, time to expiry, spot …) and one column per greek.

Limits (docs/security.md, "Export limits"): a request spans at most ``VOLLAND_EXPORT_MAX_DAYS`` calendar
days (default 366) and streams at most ``VOLLAND_EXPORT_MAX_ROWS`` rows (default 8,000,000); a larger
export answers 422 pointing to the background export (``POST /api/v1/data/export/jobs``, see
``api/export/jobs.py``), which writes a file of up to ``VOLLAND_EXPORT_JOB_MAX_ROWS`` rows. Each user runs
at most ``VOLLAND_EXPORT_CONCURRENCY`` exports at once (default 2) and sends at most
``VOLLAND_EXPORT_RATE_LIMIT`` requests (default 10 per minute and 200 per day); either excess answers 429
with ``Retry-After``.
"""

from __future__ import annotations

import logging
import uuid

from flask import Response, current_app, g, request, stream_with_context
from flask.views import MethodView
from flask_smorest import Blueprint

from api.data import service as svc
from api.errors import ApiError, ErrorSchema, error_response
from api.export.schemas import ExportJobSchema, ExportQuery
from api.extensions import _bearer_user_id, client_address, limiter
from data.store import export as data_export
from domain.vocabulary import GREEKS

log = logging.getLogger("api.export")

blp = Blueprint("export", __name__, url_prefix="/api/v1/data/export",
                description="Exposure history as Parquet or Arrow IPC streams (quants)")

# Seconds a caller is told to wait when all its export slots are taken.
BUSY_RETRY_AFTER_SECONDS = 30
# Seconds a caller is told to wait when it has as many background exports queued or running as allowed.
JOBS_RETRY_AFTER_SECONDS = 60
MEDIA = data_export.MEDIA
JOBS_ROUTE = "POST /api/v1/data/export/jobs"

# The rules between values the OpenAPI document cannot state (it compares no two values); each is
# written out in the operations' descriptions and in docs/quants.md.
END_BEFORE_START = "'end' must not be before 'start'."
EXPIRATIONS_REVERSED = "'expiration_to' must not be before 'expiration_from'."
STRIKES_REVERSED = "'strike_max' must not be below 'strike_min'."


def max_days_message(limit: int) -> str:
    return f"An export spans at most {limit} days per request, counting 'start' and 'end'; split the range."


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


def parse(args: dict, ctx: svc.Ctx) -> dict:
    """The export parameters, validated in shape by ``ExportQuery``, checked for the rules between values
    and against the store's tickers, into plain values (also the background job's arguments)."""
    try:
        ticker = svc.check_ticker(args["ticker"])
    except ApiError as exc:  # the pattern is the schema's: only a ticker the store lacks is left
        raise ApiError(422, "unknown_ticker", exc.message, exc.errors) from None
    greeks = list(dict.fromkeys(args["greeks"].split(","))) if args.get("greeks") else list(GREEKS)
    start = args["start"]
    end = args.get("end") or start
    if end < start:
        raise svc.invalid("end", END_BEFORE_START)
    from volland.settings import get_settings

    limit = get_settings().export_max_days
    if (end - start).days + 1 > limit:
        raise svc.invalid("end", max_days_message(limit))
    exp_from, exp_to = args.get("expiration_from"), args.get("expiration_to")
    if exp_from and exp_to and exp_to < exp_from:
        raise svc.invalid("expiration_to", EXPIRATIONS_REVERSED)
    k_min, k_max = args.get("strike_min"), args.get("strike_max")
    if k_min is not None and k_max is not None and k_max < k_min:
        raise svc.invalid("strike_max", STRIKES_REVERSED)
    return {"ticker": ticker, "format": args["format"], "granularity": args["granularity"], "kind": args["kind"],
            "greeks": greeks, "start": start.isoformat(), "end": end.isoformat(), "cutoff": ctx.cutoff.isoformat(),
            "expiration_from": exp_from.isoformat() if exp_from else None,
            "expiration_to": exp_to.isoformat() if exp_to else None, "strike_min": k_min, "strike_max": k_max}


def plan(args: dict, ctx: svc.Ctx, max_rows: int | None = None, to_job: bool = True) -> tuple[dict, data_export.Plan, int]:
    """Validate, list the snapshots (404 when none) and count the rows against ``max_rows``."""
    params = parse(args, ctx)
    p = data_export.plan_from_params(svc.reader(), params)
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
                  description="Invalid parameters or a rule between them broken (validation_error), a ticker "
                              "the store does not carry (unknown_ticker), or more rows than "
                              "VOLLAND_EXPORT_MAX_ROWS (export_too_large: ask for a background export instead)")
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
    `end`; more answers 422 naming `end`) and at most VOLLAND_EXPORT_MAX_ROWS rows (default 8,000,000: a
    year of closes or a month of SPX snapshots; more answers 422 `export_too_large` — submit it to
    `POST /api/v1/data/export/jobs` instead, up to VOLLAND_EXPORT_JOB_MAX_ROWS rows). Per user: at most
    VOLLAND_EXPORT_CONCURRENCY exports running at once (default 2) and VOLLAND_EXPORT_RATE_LIMIT requests
    (default 10 per minute, 200 per day); beyond either the answer is 429 with a Retry-After header.
    The `X-Rows` header gives the number of rows, `X-Snapshots` the number of snapshots.

    Rules between parameters (422 validation_error naming the later one): `end` may not be before `start`;
    `expiration_to` may not be before `expiration_from`; `strike_max` may not be below `strike_min`.
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


# ---------------------------------------------------------------- background exports


def _jobs_conn():
    from jobs import queues as q

    conn = q.connection()
    try:
        conn.ping()
    except Exception as exc:  # noqa: BLE001 - any Redis failure: the jobs cannot be reached
        log.warning("background exports unavailable: %s", exc)
        raise ApiError(503, "export_jobs_unavailable",
                       "Background exports are unavailable right now; try again later.") from None
    return conn


def _view(state: dict) -> dict:
    import json

    from flask import url_for

    params = json.loads(state["params"])
    rows, written = int(state.get("rows") or 0), int(state.get("rows_written") or 0)
    finished = state["status"] == "finished"
    return {"id": state["id"], "status": state["status"], "ticker": params["ticker"], "start": params["start"],
            "end": params["end"], "granularity": params["granularity"], "format": params["format"],
            "greeks": params["greeks"], "snapshots": int(state.get("snapshots") or 0), "rows": rows,
            "rowsWritten": written if not finished else rows,
            "progress": 1.0 if finished else (min(1.0, written / rows) if rows else 0.0),
            "bytes": int(state.get("bytes") or 0), "createdAt": state["created_at"],
            "startedAt": state.get("started_at"), "finishedAt": state.get("finished_at"),
            "expiresAt": state["expires_at"],
            "download": url_for("export.ExportJobFile", export_id=state["id"]) if finished else None,
            "error": json.loads(state["error"]) if state.get("error") else None}


def _owned(conn, export_id: str) -> dict:
    from jobs import exports as jobs_exports

    state = jobs_exports.load(conn, export_id)
    if state is None or state.get("user_id") != str(g.user_id):
        # Another user's export answers exactly like an unknown one.
        raise ApiError(404, "export_not_found", "No such export (it may have expired).")
    return jobs_exports.reconcile(conn, state)


JOB_EXAMPLE = {
    "id": "5f0c3d9e8b7a4c21a0d4e6f8b2c1a9d7", "status": "running", "ticker": "SPX", "start": "2026-01-02",
    "end": "2026-01-30", "granularity": "contract", "format": "parquet", "greeks": ["gamma", "charm"],
    "snapshots": 1560, "rows": 11_700_000, "rowsWritten": 4_680_000, "progress": 0.4, "bytes": 0,
    "createdAt": "2026-01-31T22:00:00Z", "startedAt": "2026-01-31T22:00:01Z", "finishedAt": None,
    "expiresAt": "2026-02-01T22:00:00Z", "download": None, "error": None}


@blp.route("/jobs")
class ExportJobs(MethodView):
    @blp.arguments(ExportQuery, location="query")
    @blp.response(202, ExportJobSchema, example={**JOB_EXAMPLE, "status": "queued", "rowsWritten": 0,
                                                 "progress": 0.0, "startedAt": None}, headers={"Location": {"description": "The export's status route",
                                                              "schema": {"type": "string"}}})
    @blp.alt_response(422, schema=ErrorSchema,
                      description="Invalid parameters or a rule between them broken (validation_error), a "
                                  "ticker the store does not carry (unknown_ticker), or more rows than "
                                  "VOLLAND_EXPORT_JOB_MAX_ROWS (export_too_large)")
    @blp.alt_response(429, schema=ErrorSchema,
                      description="Too many requests (rate_limited), or VOLLAND_EXPORT_JOBS_PER_USER exports "
                                  "already queued or running (export_jobs_busy)",
                      headers={"Retry-After": {"description": "Seconds to wait before trying again",
                                               "schema": {"type": "integer"}}})
    @blp.doc(security=[{"bearerAuth": []}, {"apiKeyAuth": []}])
    @limiter.limit(lambda: current_app.config["EXPORT_RATE_LIMIT"], key_func=export_rate_key)
    def post(self, args):
        """Submit a background export (same parameters as the export) whose file is downloaded when ready

        For exports over VOLLAND_EXPORT_MAX_ROWS rows (up to VOLLAND_EXPORT_JOB_MAX_ROWS, default
        200,000,000). A worker writes the file; poll the status route (`Location`), then download it from
        `download`. At most VOLLAND_EXPORT_JOBS_PER_USER exports (default 3) are queued or running per user
        (429 export_jobs_busy beyond); files and statuses are kept VOLLAND_EXPORT_JOB_TTL_SECONDS (default
        86400) from submission. Counts against the export rate limit.

        The export's rules between parameters hold (422 validation_error naming the later one): at most
        VOLLAND_EXPORT_MAX_DAYS calendar days from `start` to `end`; `end` may not be before `start`;
        `expiration_to` may not be before `expiration_from`; `strike_max` may not be below `strike_min`.
        """
        from jobs import exports as jobs_exports
        from volland.settings import get_settings

        s = get_settings()
        params, p, rows = plan(args, authenticate(), max(1, s.export_job_max_rows), to_job=False)
        conn = _jobs_conn()
        cap = max(1, s.export_jobs_per_user)
        if jobs_exports.active_count(conn, g.user_id) >= cap:
            raise ApiError(429, "export_jobs_busy",
                           f"At most {cap} background exports are queued or running per user; wait for one to "
                           "finish and try again.", headers={"Retry-After": str(JOBS_RETRY_AFTER_SECONDS)})
        state = jobs_exports.submit(conn, g.user_id, params, rows, p.snapshots)
        from flask import url_for

        return _view(state), 202, {"Location": url_for("export.ExportJob", export_id=state["id"])}

    @blp.response(200, ExportJobSchema(many=True), example=[JOB_EXAMPLE])
    @blp.doc(security=[{"bearerAuth": []}, {"apiKeyAuth": []}])
    def get(self):
        """The caller's background exports still kept, newest first"""
        from jobs import exports as jobs_exports

        authenticate()
        return [_view(s) for s in jobs_exports.list_for(_jobs_conn(), g.user_id)]


@blp.route("/jobs/<string:export_id>")
class ExportJob(MethodView):
    @blp.response(200, ExportJobSchema, example=JOB_EXAMPLE)
    @blp.alt_response(404, schema=ErrorSchema, description="Unknown, expired or another user's export")
    @blp.doc(security=[{"bearerAuth": []}, {"apiKeyAuth": []}])
    def get(self, export_id: str):
        """A background export's status: queued, running (with progress), finished (with `download`) or failed
        (with `error`)"""
        authenticate()
        return _view(_owned(_jobs_conn(), export_id))


@blp.route("/jobs/<string:export_id>/file")
class ExportJobFile(MethodView):
    @blp.response(200, description="The export file: Parquet or an Arrow IPC stream, as asked")
    @blp.alt_response(404, schema=ErrorSchema, description="Unknown, expired or another user's export")
    @blp.alt_response(409, schema=ErrorSchema, description="Not finished yet, or failed (export_not_ready)")
    @blp.alt_response(410, schema=ErrorSchema, description="The file was already deleted (export_expired)")
    @blp.doc(security=[{"bearerAuth": []}, {"apiKeyAuth": []}])
    def get(self, export_id: str):
        """Download a finished background export (its owner only)"""
        import json

        from flask import send_file

        from jobs import exports as jobs_exports

        authenticate()
        state = _owned(_jobs_conn(), export_id)
        if state["status"] != "finished":
            raise ApiError(409, "export_not_ready", f"This export is {state['status']}; download it once finished.")
        params = json.loads(state["params"])
        path = jobs_exports.file_path(export_id, params["format"])
        if not path.is_file():
            raise ApiError(410, "export_expired", "This export's file was deleted; submit it again.")
        return send_file(path, mimetype=MEDIA[params["format"]], as_attachment=True,
                         download_name=file_name(params), max_age=0)
