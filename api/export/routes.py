"""``/api/v1/data/export``: exposure history as a Parquet file or an Arrow IPC stream for quants.

Authenticated by the data token (bearer, any tier — cut at the tier's freshness) or by a public API key
(``X-API-KEY``, Live subscription; exports cost no credits). The body is streamed as DuckDB reads the
store (``data/store/export.py``: a few queries over whole session days, never one per snapshot), so memory
stays flat and the first bytes leave after the first session is read.

Granularities (docs/quants.md, "Columns"): ``close`` and ``snapshot`` answer one row per (snapshot,
greek, strike) with the call, put and total exposure summed over the selected expirations and the
underlying price; ``contract`` answers one row per (snapshot, expiration, strike, right) with the
store's columns (position, IV, time to expiry, spot …) and one column per greek.

The views authenticate, load the query with ``ExportQuery`` and call ``api/export/service.py``, which
holds the rules and the limits (docs/security.md, "Export limits"); larger exports are background
exports (``/api/v1/data/export/jobs``, written by ``jobs/exports.py``).
"""

from __future__ import annotations

from flask import Response, current_app, g, request, send_file, stream_with_context, url_for
from flask.views import MethodView
from flask_smorest import Blueprint

from api.data import service as svc
from api.errors import ApiError, ErrorSchema
from api.export import service
from api.data.flow import service as flow_service
from api.data.flow.schemas import FlowExportQuery
from api.data.heatmap import service as heatmap_service
from api.data.heatmap.schemas import HeatmapExportQuery
from api.data.volatility import service as vol_service
from api.data.volatility.schemas import VolExportQuery
from api.export.schemas import JOB_EXAMPLE, ExportJobSchema, ExportQuery, LevelsExportQuery
from api.extensions import _bearer_user_id, client_address, limiter
from data.store.export import MEDIA

blp = Blueprint("export", __name__, url_prefix="/api/v1/data/export",
                description="Exposure history as Parquet or Arrow IPC streams (quants)")

RETRY_AFTER = {"Retry-After": {"description": "Seconds to wait before trying again",
                               "schema": {"type": "integer"}}}
SECURITY = [{"bearerAuth": []}, {"apiKeyAuth": []}]


# ---------------------------------------------------------------- authentication and rate key


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


def authenticate() -> svc.Ctx:
    """The caller's context (tier cut-off); sets ``g.user_id`` (API key or data token)."""
    return svc.make_ctx(_tier())


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


def _export_rate_limit() -> str:
    return current_app.config["EXPORT_RATE_LIMIT"]



def table_file(table, fmt: str, stem: str) -> Response:
    """One Arrow table as the answer's file: Parquet, or an Arrow IPC stream (``fmt`` ``arrow``), named
    ``<stem>.parquet`` / ``<stem>.arrows``, with its row count in ``X-Rows``."""
    import io

    import pyarrow as pa
    import pyarrow.parquet as pq

    sink = io.BytesIO()
    if fmt == "arrow":
        with pa.ipc.new_stream(sink, table.schema) as writer:
            writer.write_table(table)
    else:
        pq.write_table(table, sink)
    resp = Response(sink.getvalue(), mimetype=MEDIA[fmt])
    ext = "parquet" if fmt == "parquet" else "arrows"
    resp.headers["Content-Disposition"] = f'attachment; filename="{stem}.{ext}"'
    resp.headers["X-Rows"] = str(table.num_rows)
    return resp

def _download_url(export_id: str) -> str:
    return url_for("export.ExportJobFile", export_id=export_id)


# ---------------------------------------------------------------- streamed export


@blp.route("")
class Export(MethodView):
    @blp.arguments(ExportQuery, location="query")
    @blp.response(200, description="A Parquet file or an Arrow IPC stream (docs/quants.md lists the columns)")
    @blp.alt_response(422, schema=ErrorSchema,
                      description="Invalid parameters or a rule between them broken (validation_error), a ticker "
                                  "the store does not carry (unknown_ticker), or more rows than "
                                  "VOLLAND_EXPORT_MAX_ROWS (export_too_large: ask for a background export instead)")
    @blp.alt_response(429, schema=ErrorSchema,
                      description="Too many export requests from this user in the rate window (rate_limited), or "
                                  "too many of its exports running at once (export_busy)",
                      headers=RETRY_AFTER)
    @blp.doc(security=SECURITY)
    @limiter.limit(_export_rate_limit, key_func=export_rate_key)
    def get(self, args):
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
        planned, slot = service.open_stream(args, authenticate(), g.user_id)
        body = stream_with_context(service.stream(planned, slot))
        resp = Response(body, mimetype=MEDIA[planned.params["format"]])
        # A body never read (the client left before the first chunk) still frees the slot.
        resp.call_on_close(slot.release)
        resp.headers["Content-Disposition"] = f'attachment; filename="{service.file_name(planned.params)}"'
        resp.headers["X-Snapshots"] = str(planned.plan.snapshots)
        resp.headers["X-Rows"] = str(planned.rows)
        return resp


@blp.route("/levels")
class LevelsExport(MethodView):
    @blp.arguments(LevelsExportQuery, location="query")
    @blp.response(200, description="A Parquet file or an Arrow IPC stream (docs/quants.md, \"Levels history\")")
    @blp.alt_response(404, schema=ErrorSchema, description="No snapshot of the ticker published in the range (no_data)")
    @blp.alt_response(422, schema=ErrorSchema,
                      description="Invalid parameters or `end` before `start` or a range over VOLLAND_EXPORT_MAX_DAYS "
                                  "(validation_error), or a ticker the store does not carry (unknown_ticker)")
    @blp.alt_response(429, schema=ErrorSchema, description="Too many export requests from this user (rate_limited)",
                      headers=RETRY_AFTER)
    @blp.doc(security=SECURITY)
    @limiter.limit(_export_rate_limit, key_func=export_rate_key)
    def get(self, args):
        """The price-and-levels history of a range of sessions: each snapshot's price, zero gamma, call and put
        walls, 0DTE paradigm, target and LIS (`table=levels`), or the 5-minute candles (`table=candles`)

        Same authentication, cut-off and rate limit as the exposure export (no API credits); at most
        VOLLAND_EXPORT_MAX_DAYS calendar days per request. `X-Rows` gives the rows, `X-Sessions` the sessions.
        """
        from api.export import levels

        body, rows, sessions, name = levels.answer(args, authenticate())
        resp = Response(body, mimetype=MEDIA[args["format"]])
        resp.headers["Content-Disposition"] = f'attachment; filename="{name}"'
        resp.headers["X-Rows"] = str(rows)
        resp.headers["X-Sessions"] = str(sessions)
        return resp


# ---------------------------------------------------------------- background exports


@blp.route("/jobs")
class ExportJobs(MethodView):
    @blp.arguments(ExportQuery, location="query")
    @blp.response(202, ExportJobSchema, example={**JOB_EXAMPLE, "status": "queued", "rowsWritten": 0,
                                                 "progress": 0.0, "startedAt": None},
                  headers={"Location": {"description": "The export's status route",
                                        "schema": {"type": "string"}}})
    @blp.alt_response(422, schema=ErrorSchema,
                      description="Invalid parameters or a rule between them broken (validation_error), a "
                                  "ticker the store does not carry (unknown_ticker), or more rows than "
                                  "VOLLAND_EXPORT_JOB_MAX_ROWS (export_too_large)")
    @blp.alt_response(429, schema=ErrorSchema,
                      description="Too many requests (rate_limited), or VOLLAND_EXPORT_JOBS_PER_USER exports "
                                  "already queued or running (export_jobs_busy)",
                      headers=RETRY_AFTER)
    @blp.doc(security=SECURITY)
    @limiter.limit(_export_rate_limit, key_func=export_rate_key)
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
        state = service.submit_job(args, authenticate(), g.user_id)
        return (service.job_view(state, _download_url), 202,
                {"Location": url_for("export.ExportJob", export_id=state["id"])})

    @blp.response(200, ExportJobSchema(many=True), example=[JOB_EXAMPLE])
    @blp.doc(security=SECURITY)
    def get(self):
        """The caller's background exports still kept, newest first"""
        authenticate()
        return [service.job_view(s, _download_url) for s in service.list_jobs(g.user_id)]


@blp.route("/jobs/<string:export_id>")
class ExportJob(MethodView):
    @blp.response(200, ExportJobSchema, example=JOB_EXAMPLE)
    @blp.alt_response(404, schema=ErrorSchema, description="Unknown, expired or another user's export")
    @blp.doc(security=SECURITY)
    def get(self, export_id: str):
        """A background export's status: queued, running (with progress), finished (with `download`) or failed
        (with `error`)"""
        authenticate()
        return service.job_view(service.job_state(export_id, g.user_id), _download_url)


@blp.route("/jobs/<string:export_id>/file")
class ExportJobFile(MethodView):
    @blp.response(200, description="The export file: Parquet or an Arrow IPC stream, as asked")
    @blp.alt_response(404, schema=ErrorSchema, description="Unknown, expired or another user's export")
    @blp.alt_response(409, schema=ErrorSchema, description="Not finished yet, or failed (export_not_ready)")
    @blp.alt_response(410, schema=ErrorSchema, description="The file was already deleted (export_expired)")
    @blp.doc(security=SECURITY)
    def get(self, export_id: str):
        """Download a finished background export (its owner only)"""
        authenticate()
        path, params = service.job_file(export_id, g.user_id)
        return send_file(path, mimetype=MEDIA[params["format"]], as_attachment=True,
                         download_name=service.file_name(params), max_age=0)


INVALID_SELECTION = ("Invalid parameters (validation_error), a ticker the store does not carry "
                     "(unknown_ticker), or an expirations selection the grammar refuses")
INVALID_TICKER = "Invalid parameters (validation_error) or a ticker the store does not carry (unknown_ticker)"


def file_export(invalid: str):
    """The documented answers, security and rate limit every table-as-a-file export shares (below its
    ``blp.arguments`` and ``blp.response``): 404 nothing published, 422 ``invalid``, 429 rate limited."""
    stack = [
        blp.alt_response(404, schema=ErrorSchema,
                         description="No data published for the ticker (at the requested time)"),
        blp.alt_response(422, schema=ErrorSchema, description=invalid),
        blp.alt_response(429, schema=ErrorSchema,
                         description="Too many export requests from this user (rate_limited)",
                         headers=RETRY_AFTER),
        blp.doc(security=SECURITY),
        limiter.limit(_export_rate_limit, key_func=export_rate_key),
    ]

    def wrap(view):
        for decorate in reversed(stack):
            view = decorate(view)
        return view

    return wrap

# ---------------------------------------------------------------- the session heatmap as a file


@blp.route("/heatmap")
class HeatmapExport(MethodView):
    @blp.arguments(HeatmapExportQuery(), location="query")
    @blp.response(200, description="The session heatmap as a Parquet file or an Arrow IPC stream: one row per "
                                   "(snapshot time, strike) cell (docs/quants.md, \"Session heatmap\")")
    @file_export(INVALID_SELECTION)
    def get(self, args):
        """The session heatmap of the data route volland-live-api-heatmap (same parameters, same numbers) as a file

        One row per cell of the matrix, in (ts, strike) order: `ts`, `ticker`, `greek`, `strike`, `value` (the
        dealer exposure in the greek's unit, null where the snapshot lists no contract at that strike) and
        `price` (the underlying at `ts`). Live, or historical with `date`; cut at the tier's freshness.
        """
        from api.data.data_route import choose_snapshot

        ctx = authenticate()
        _ticker, snap = choose_snapshot(args, ctx)
        body = heatmap_service.cached_heatmap(snap, heatmap_service.heatmap_params(args, snap, ctx), ctx)
        table = heatmap_service.heatmap_table(body)
        return table_file(table, args["format"], f"{snap.ticker}_{svc.session_day(snap).isoformat()}_heatmap_{args['greek']}")


# ---------------------------------------------------------------- flow tables as files


@blp.route("/flow")
class FlowExport(MethodView):
    @blp.arguments(FlowExportQuery(), location="query")
    @blp.response(200, description="A flow table as a Parquet file or an Arrow IPC stream: the session's classified "
                                   "prints, volume and open interest by strike, or the put/call buckets "
                                   "(docs/quants.md, \"Flow\")")
    @file_export(INVALID_SELECTION)
    def get(self, args):
        """A flow table of the routes volland-live-api-prints, -volume-oi and -put-call (same numbers) as a file

        `table=prints`: every stored classified print of the session up to the snapshot that passes the tape's
        filters (expirations, `minPremium`, `side`), oldest first: `ts`, `ticker`, `expiration`, `strike`,
        `right`, `size`, `price`, `bid`, `ask`, `premium`, `customer_side`, `dealer_side`, `condition`,
        `package_id`. `table=volume_oi`: one row per strike. `table=put_call`: one row per bucket, right and
        session (`current`, `previous`). Live, or historical with `date`; cut at the tier's freshness.
        """
        from api.data.data_route import choose_snapshot

        ctx = authenticate()
        _ticker, snap = choose_snapshot(args, ctx)
        table = flow_service.export_table(snap, args, ctx)
        return table_file(table, args["format"], f"{snap.ticker}_{svc.session_day(snap).isoformat()}_{args['table']}")


# ---------------------------------------------------------------- the volatility views as files


@blp.route("/volatility")
class VolatilityExport(MethodView):
    @blp.arguments(VolExportQuery(), location="query")
    @blp.response(200, description="One volatility table as a Parquet file or an Arrow IPC stream "
                                   "(docs/quants.md, \"Volatility\")")
    @file_export(INVALID_TICKER)
    def get(self, args):
        """A table of the volatility routes (same numbers: methodology §4.17–§4.19) as a file

        `table`: `term_structure` (ATM IV by expiration with the previous close and a week ago), `skew`
        (25-delta wings, risk reversal and butterfly by expiration), `smile` (of the expiration nearest to 30
        days), `skew_history` and `iv_history` (30-day figures at each session close of 52 weeks) or
        `expected_move` (the ATM straddle of every expiration). Live, or historical with `date`; cut at the
        tier's freshness. IVs per 1.00, risk reversal and butterfly in vol points, prices in price points.
        """
        from api.data.data_route import choose_snapshot

        ctx = authenticate()
        _ticker, snap = choose_snapshot(args, ctx)
        table = vol_service.export_table(args["table"], snap)
        return table_file(table, args["format"], f"{snap.ticker}_{svc.session_day(snap).isoformat()}_{args['table']}")
