"""``/api/v1/api-keys``: keys for the public data API."""

from __future__ import annotations

from flask import g
from flask.views import MethodView
from flask_smorest import Blueprint

from api.api_keys import schemas, service
from api.db import get_session
from api.security import access_token_required

blp = Blueprint("api-keys", __name__, url_prefix="/api/v1/api-keys", description="Public data API keys")


@blp.route("")
class ApiKeys(MethodView):
    @access_token_required
    @blp.response(200, schemas.ApiKeySchema(many=True))
    def get(self):
        """Active keys, masked, with creation dates"""
        return service.list_keys(get_session(), g.user.id)

    @access_token_required
    @blp.response(201, schemas.NewApiKeySchema)
    @blp.alt_response(409, description="Two keys are already active")
    def post(self):
        """Create a key (at most 2 active); the full key is returned only in this answer"""
        return service.create_key(get_session(), g.user)


@blp.route("/<int:key_id>")
class ApiKeyItem(MethodView):
    @access_token_required
    @blp.response(204)
    def delete(self, key_id: int):
        """Revoke a key"""
        service.revoke_key(get_session(), g.user.id, key_id)
