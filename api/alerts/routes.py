"""``/api/v1/alerts``: a user's alert rules, the alerts they fired, their delivery log and a live stream."""

from __future__ import annotations

import json
import time

from flask import Response, current_app, g, request, stream_with_context
from flask.views import MethodView
from flask_smorest import Blueprint

from api.alerts import schemas, service
from api.db import get_session, session_scope
from api.errors import ApiError
from api.security import access_token_required, admin_required

blp = Blueprint("alerts", __name__, url_prefix="/api/v1/alerts", description="Alert rules and their alerts")

# A stream answer is held for VOLLAND_ALERTS_STREAM_SECONDS (default 20 s), woken through Redis the moment
# one of the user's alerts fires, then ends; the browser reconnects after RETRY_MS with Last-Event-ID and
# misses nothing. Each held answer takes one of the API's threads: a process holds at most wake.SLOTS of
# them, the others answer what is there and are told to come back after BUSY_RETRY_MS.
RETRY_MS = 1000
BUSY_RETRY_MS = 4000
#: A held answer also reads the store this often, should an announcement be lost.
RECHECK_SECONDS = 10.0


@blp.route("/rules")
class Rules(MethodView):
    @access_token_required
    @blp.response(200, schemas.RuleListSchema)
    def get(self):
        """The user's alert rules and the plan's limit"""
        return service.list_rules(get_session(), g.user)

    @access_token_required
    @blp.arguments(schemas.RuleCreateSchema)
    @blp.response(201, schemas.RuleSchema)
    @blp.alt_response(403, description="No plan: alerts come with a plan")
    @blp.alt_response(409, description="The plan's rule limit is reached")
    @blp.alt_response(422, description="An invalid field; unknown_ticker: a ticker the store does not carry; "
                                        "params.<field>: a parameter the kind does not accept (methodology "
                                        "§4.20); webhookUrl: not https to a public address, or missing with "
                                        "the webhook channel")
    def post(self, body):
        """Create a rule (limits per plan: Live 100, 30: 50, 3: 25, Basic 10)"""
        return service.create_rule(get_session(), g.user, body)


@blp.route("/rules/<int:rule_id>")
class RuleItem(MethodView):
    @access_token_required
    @blp.response(200, schemas.RuleSchema)
    def get(self, rule_id: int):
        """One rule"""
        return service.get_rule(get_session(), g.user, rule_id)

    @access_token_required
    @blp.arguments(schemas.RuleUpdateSchema)
    @blp.response(200, schemas.RuleSchema)
    @blp.alt_response(422, description="An invalid field; unknown_ticker: a ticker the store does not carry; "
                                        "params.<field>: a parameter the kind does not accept (methodology "
                                        "§4.20), a new kind needs its params; webhookUrl: not https to a "
                                        "public address, or missing with the webhook channel")
    def patch(self, body, rule_id: int):
        """Edit, pause (isPaused true) or resume a rule"""
        return service.update_rule(get_session(), g.user, rule_id, body)

    @access_token_required
    @blp.response(204)
    def delete(self, rule_id: int):
        """Delete a rule with its alerts and their delivery log"""
        service.delete_rule(get_session(), g.user, rule_id)


@blp.route("/firings")
class Firings(MethodView):
    @access_token_required
    @blp.arguments(schemas.ListQuerySchema, location="query")
    @blp.response(200, schemas.FiringSchema(many=True))
    def get(self, args):
        """The alerts the user's rules fired, newest first"""
        return service.list_firings(get_session(), g.user, args["limit"], args["before"])


@blp.route("/deliveries")
class Deliveries(MethodView):
    @access_token_required
    @blp.arguments(schemas.ListQuerySchema, location="query")
    @blp.response(200, schemas.DeliverySchema(many=True))
    def get(self, args):
        """Every delivery attempt of the user's alerts, newest first"""
        return service.list_deliveries(get_session(), g.user, args["limit"], args["before"])


@blp.route("/scorecard")
class Scorecard(MethodView):
    @access_token_required
    @blp.arguments(schemas.ScorecardQuerySchema, location="query")
    @blp.response(200, schemas.ScorecardSchema)
    @blp.alt_response(422, description="unknown_ticker: a ticker the store does not carry")
    def get(self, args):
        """The levels scorecard of a ticker as of a time, never past the plan's data cut-off (§4.21)"""
        from api.alerts.scorecard import scorecard
        from api.data.service import make_ctx

        ticker = service._ticker(args["ticker"])
        cutoff = make_ctx(service.user_tier(g.user) or "basic").cutoff
        as_of = args.get("asOf")
        if as_of is not None and as_of.tzinfo is None:
            raise ApiError(422, "validation_error", "asOf needs a time zone.", {"asOf": ["Needs a time zone."]})
        return scorecard(ticker, min(as_of, cutoff) if as_of is not None else cutoff)


@blp.route("/admin/evaluate", methods=["POST"])
@admin_required
@blp.arguments(schemas.EvaluateSlotSchema)
@blp.response(200, schemas.EvaluateResultSchema)
@blp.alt_response(422, description="slot_in_future: the slot is after the current market time")
def evaluate_now(body):
    """Evaluate a tier's slot now (Admin only): what the workers run after a publish, for an operator
    whose slot job was lost. A slot after the current market time is refused."""
    from data.clock import market_now
    from api.alerts.tasks import evaluate_slot
    from volland.settings import get_settings

    at = body["at"]
    if at.tzinfo is None:
        raise ApiError(422, "validation_error", "at needs a time zone.", {"at": ["Needs a time zone."]})
    if at > market_now(replay=get_settings().replay_clock):
        raise ApiError(422, "slot_in_future", "The slot is in the future.", {"at": ["The slot is in the future."]})
    out = evaluate_slot(body["tier"], at.isoformat(), current_app.config["DATABASE_URL"])
    return {"tier": out["tier"], "evaluated": out["evaluated"], "fired": out["fired"]}


def _last_event_id() -> int:
    raw = request.headers.get("Last-Event-ID") or request.args.get("lastEventId") or "0"
    try:
        value = int(raw)
    except ValueError:
        raise ApiError(422, "validation_error", "Last-Event-ID must be an alert id.",
                       {"Last-Event-ID": ["Must be an alert id."]}) from None
    if value < 0:
        raise ApiError(422, "validation_error", "Last-Event-ID must be an alert id.",
                       {"Last-Event-ID": ["Must be an alert id."]})
    return value


@blp.route("/stream")
class Stream(MethodView):
    @access_token_required
    @blp.response(200, description="text/event-stream: one `alert` event per alert (its id is the event id)")
    def get(self):
        """Server-sent events: the user's alerts as they fire, after Last-Event-ID (header or lastEventId)"""
        from api.alerts import wake
        from volland.settings import get_settings

        user_id = g.user.id
        after = _last_event_id()
        url = current_app.config["DATABASE_URL"]
        settings = get_settings()
        # Test apps answer with what is there and end (a browser would reconnect), unless told otherwise.
        default = 0.0 if current_app.config.get("TESTING") else settings.alerts_stream_seconds
        seconds = float(current_app.config.get("ALERTS_STREAM_SECONDS", default))
        recheck = float(current_app.config.get("ALERTS_STREAM_RECHECK_SECONDS", RECHECK_SECONDS))

        def send(items):
            nonlocal after
            for item in items:
                after = item["id"]
                data = json.dumps({**item, "snapshotTime": item["snapshotTime"].isoformat(),
                                   "createdAt": item["createdAt"].isoformat()}, separators=(",", ":"))
                yield f"id: {item['id']}\nevent: alert\ndata: {data}\n\n"

        def events():
            waiter = None
            held = seconds > 0 and wake.take_slot()
            try:
                yield f"retry: {RETRY_MS if held else BUSY_RETRY_MS}\n\n"
                if held:  # subscribed before the first read: nothing committed after it goes unheard
                    waiter = wake.Waiter(user_id, settings.redis_url, settings.jobs_prefix)
                end = time.monotonic() + seconds
                while True:
                    with session_scope(url) as db:
                        items = service.firings_after(db, user_id, after)
                    yield from send(items)
                    left = end - time.monotonic()
                    if waiter is None or left <= 0:
                        return
                    # Woken or not, the store is read again; at the end what came after is the next
                    # answer's (Last-Event-ID).
                    if not waiter.wait(min(left, recheck)) and time.monotonic() >= end:
                        return
            finally:
                if waiter is not None:
                    waiter.close()
                if held:
                    wake.release_slot()

        resp = Response(stream_with_context(events()), mimetype="text/event-stream")
        resp.headers["Cache-Control"] = "no-cache"
        resp.headers["X-Accel-Buffering"] = "no"
        return resp
