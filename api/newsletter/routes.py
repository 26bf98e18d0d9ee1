"""``/api/v1/enlisted-users`` (the signed-in user's newsletter opt-in) and ``/api/v1/admin/enlisted-users``
(the list, Admin role enforced here; ``format=csv`` exports it)."""

from __future__ import annotations

from flask import Response, g
from flask.views import MethodView
from flask_smorest import Blueprint
from marshmallow import Schema, fields, validate

from api.db import get_session
from api.newsletter import service
from api.security import access_token_required, admin_required

blp = Blueprint("enlisted-users", __name__, url_prefix="/api/v1/enlisted-users",
                description="Newsletter opt-in of the signed-in user")
admin_blp = Blueprint("admin-enlisted-users", __name__, url_prefix="/api/v1/admin/enlisted-users",
                      description="Newsletter list (Admin only)")


class EnlistmentSchema(Schema):
    email = fields.String(required=True)
    enlisted = fields.Boolean(required=True)
    enlistedAt = fields.DateTime(allow_none=True, required=True)


class EnlistedUserSchema(Schema):
    id = fields.Integer(required=True)
    email = fields.String(required=True)
    firstName = fields.String(required=True)
    enlistedAt = fields.DateTime(required=True)
    source = fields.String(required=True, metadata={"description": "sign-up or settings"})


class EnlistedPageSchema(Schema):
    items = fields.List(fields.Nested(EnlistedUserSchema), required=True)
    total = fields.Integer(required=True)
    page = fields.Integer(required=True)
    pageSize = fields.Integer(required=True)


class EnlistedQuerySchema(Schema):
    search = fields.String(load_default="", validate=validate.Length(max=200))
    page = fields.Integer(load_default=1, validate=validate.Range(min=1, max=100_000))
    pageSize = fields.Integer(load_default=25, validate=validate.Range(min=1, max=200))
    format = fields.String(load_default="json", validate=validate.OneOf(["json", "csv"]))


@blp.route("")
class Enlistment(MethodView):
    @access_token_required
    @blp.response(200, EnlistmentSchema)
    def get(self):
        """Whether the signed-in user is on the newsletter list"""
        return service.status(get_session(), g.user)

    @access_token_required
    @blp.response(200, EnlistmentSchema)
    def put(self):
        """Join the newsletter list"""
        return service.enlist(get_session(), g.user)

    @access_token_required
    @blp.response(200, EnlistmentSchema)
    def delete(self):
        """Unsubscribe from the newsletter list"""
        return service.unsubscribe(get_session(), g.user)


@admin_blp.route("")
class EnlistedUsers(MethodView):
    @admin_required
    @admin_blp.arguments(EnlistedQuerySchema, location="query")
    @admin_blp.response(200, EnlistedPageSchema)
    # One status, two bodies: the page as JSON, or with format=csv the attachment (both documented under 200).
    @admin_blp.doc(responses={"200": {
        "description": "The page as JSON; with format=csv a text/csv attachment (email, first_name, enlisted_at, "
                       "source)",
        "content": {"application/json": {"schema": EnlistedPageSchema},
                    "text/csv": {"schema": {"type": "string"}}}}})
    def get(self, query):
        """Users on the newsletter list, newest first; search matches e-mail or first name"""
        db = get_session()
        if query["format"] == "csv":
            return Response(service.enlisted_users_csv(db, query["search"]), mimetype="text/csv",
                            headers={"Content-Disposition": 'attachment; filename="newsletter-emails.csv"'})
        return service.enlisted_users(db, query["search"], query["page"], query["pageSize"])
