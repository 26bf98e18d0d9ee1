"""``/api/v1/client-errors``: where the web application's crash screen sends its bug report.

A report is written to the ``volland.client_errors`` logger at ERROR level with the request's user agent,
so the server's log (and whatever collects it) is the error-reporting service. The route is public — a
crash may happen before sign-in — and rate-limited; the body is bounded by the schema.
"""

from __future__ import annotations

import json
import logging

from flask import current_app, request
from flask.views import MethodView
from flask_smorest import Blueprint
from marshmallow import Schema, fields, validate

from api.extensions import limiter

log = logging.getLogger("volland.client_errors")

blp = Blueprint("client_errors", __name__, url_prefix="/api/v1/client-errors",
                description="Crash reports from the web application")


class ClientErrorSchema(Schema):
    message = fields.String(required=True, validate=validate.Length(min=1, max=2000))
    stack = fields.String(load_default="", validate=validate.Length(max=8000))
    componentStack = fields.String(load_default="", validate=validate.Length(max=8000))
    url = fields.String(load_default="", validate=validate.Length(max=2000))


class ClientErrorReplySchema(Schema):
    received = fields.Boolean(required=True)


@blp.route("")
class ClientErrors(MethodView):
    decorators = [limiter.limit(lambda: current_app.config.get("CLIENT_ERROR_RATE_LIMIT", "10 per minute"))]

    @blp.arguments(ClientErrorSchema)
    @blp.response(202, ClientErrorReplySchema)
    def post(self, report):
        """Report a crash of the web application"""
        log.error("client crash: %s", json.dumps({**report, "userAgent": request.headers.get("User-Agent", "")[:300]}))
        return {"received": True}
