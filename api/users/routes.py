"""``/api/v1/users``: the signed-in user's profile and invoices."""

from __future__ import annotations

from flask import g
from flask.views import MethodView
from flask_smorest import Blueprint

from api.db import get_session
from api.errors import ApiError, ErrorSchema
from api.security import access_token_required
from api.users import schemas, service

blp = Blueprint("users", __name__, url_prefix="/api/v1/users", description="The signed-in user")


@blp.route("")
class Users(MethodView):
    @access_token_required
    @blp.response(200, schemas.UserSchema)
    def get(self):
        """The signed-in user with roles, subscriptions and plan"""
        return service.user_view(get_session(), g.user)

    @access_token_required
    @blp.arguments(schemas.UserUpdateSchema)
    @blp.response(200, schemas.UserSchema)
    @blp.alt_response(400, schema=ErrorSchema, description="`invalid_password`: the current password is not correct")
    def put(self, body):
        """Change the first name and/or the password (the current password is required to change it)"""
        db = get_session()
        service.update_user(db, g.user, body, g.session_id)
        return service.user_view(db, g.user)


@blp.route("/<int:userId>/invoices")
class Invoices(MethodView):
    @access_token_required
    @blp.response(200, schemas.InvoiceSchema(many=True))
    def get(self, userId: int):
        """Invoices of the signed-in user (own id only; empty until billing is enabled)"""
        if userId != g.user.id:
            raise ApiError(403, "forbidden", "You can only see your own invoices.")
        return service.invoices(get_session(), userId)
