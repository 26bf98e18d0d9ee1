"""``/api/v1/client-errors``: where the web application reports render crashes, HTTP 500s and data-token
401s.

A report is written to the ``volland.client_errors`` logger at ERROR level with the request's user agent,
stored grouped by fingerprint (``api.client_errors.service``: repeats raise a count) for the admin
dashboard, and sent to Sentry as well when a DSN is configured. The route is public — a crash may happen
before sign-in — and rate-limited per address; the body is bounded by the schema.
"""

from __future__ import annotations

import json
import logging

from flask import current_app, request
from flask.views import MethodView
from flask_smorest import Blueprint
from marshmallow import Schema, fields, validate

from api.client_errors import service
from api.db import get_session
from api.extensions import limiter
from volland.settings import get_settings

log = logging.getLogger("volland.client_errors")

blp = Blueprint("client_errors", __name__, url_prefix="/api/v1/client-errors",
                description="Crash reports from the web application")


class ClientErrorSchema(Schema):
    message = fields.String(required=True, validate=validate.Length(min=1, max=2000))
    stack = fields.String(load_default="", validate=validate.Length(max=8000))
    componentStack = fields.String(load_default="", validate=validate.Length(max=8000))
    url = fields.String(load_default="", validate=validate.Length(max=2000))
    kind = fields.String(load_default="crash", validate=validate.OneOf(["crash", "http500", "token401"]),
                         metadata={"description": "crash (render), http500 (a 500 answer), token401 (data token)"})
    route = fields.String(load_default="", validate=validate.Length(max=500),
                          metadata={"description": "The page's route pattern or path"})
    release = fields.String(load_default="", validate=validate.Length(max=80))
    fingerprint = fields.String(load_default="", validate=validate.Length(max=64),
                                metadata={"description": "The client's grouping key (logged; the server "
                                                         "groups by its own)"})


class ClientErrorReplySchema(Schema):
    received = fields.Boolean(required=True)
    fingerprint = fields.String(required=True, metadata={"description": "The group the report joined"})


@blp.route("")
class ClientErrors(MethodView):
    decorators = [limiter.limit(lambda: current_app.config.get("CLIENT_ERROR_RATE_LIMIT", "10 per minute"))]

    @blp.arguments(ClientErrorSchema)
    @blp.response(202, ClientErrorReplySchema)
    def post(self, report):
        """Report a crash of the web application"""
        agent = request.headers.get("User-Agent", "")[:300]
        log.error("client crash: %s", json.dumps({**report, "userAgent": agent}))
        fp, _stored = service.record(get_session(), report, agent,
                                     get_settings().client_error_groups_max)
        service.forward_to_sentry(report, fp)
        return {"received": True, "fingerprint": fp}
