"""``/api/v1/workspaces``: the signed-in user's workspaces and their widgets."""

from __future__ import annotations

from flask import g
from flask.views import MethodView
from flask_smorest import Blueprint

from api.db import get_session
from api.security import access_token_required
from api.workspaces import schemas, service

blp = Blueprint("workspaces", __name__, url_prefix="/api/v1/workspaces", description="Workspaces and widgets")


@blp.route("")
class Workspaces(MethodView):
    @access_token_required
    @blp.response(200, schemas.WorkspaceSchema(many=True))
    def get(self):
        """All workspaces of the user, by order"""
        return [service.view(ws) for ws in service.list_workspaces(get_session(), g.user.id)]

    @access_token_required
    @blp.arguments(schemas.WorkspaceCreateSchema)
    @blp.response(201, schemas.WorkspaceSchema)
    def post(self, body):
        """Create a workspace (also used to duplicate one: widgets are copied under new ids)"""
        return service.view(service.create_workspace(get_session(), g.user, body))


@blp.route("/ordering")
class Ordering(MethodView):
    @access_token_required
    @blp.arguments(schemas.OrderingItemSchema(many=True))
    @blp.response(200, schemas.WorkspaceSchema(many=True))
    def put(self, body):
        """Set the order of several workspaces at once (all or nothing)"""
        return [service.view(ws) for ws in service.apply_ordering(get_session(), g.user.id, body)]


@blp.route("/<int:workspace_id>")
class WorkspaceItem(MethodView):
    @access_token_required
    @blp.response(200, schemas.WorkspaceSchema)
    def get(self, workspace_id: int):
        """One workspace"""
        return service.view(service.get_workspace(get_session(), g.user.id, workspace_id))

    @access_token_required
    @blp.arguments(schemas.WorkspaceUpdateSchema)
    @blp.response(200, schemas.WorkspaceSchema)
    def put(self, body, workspace_id: int):
        """Change name, state, order and/or widgets (fields left out stay as they are)"""
        return service.view(service.update_workspace(get_session(), g.user.id, workspace_id, body))

    @access_token_required
    @blp.response(204)
    def delete(self, workspace_id: int):
        """Delete a workspace permanently"""
        service.delete_workspace(get_session(), g.user.id, workspace_id)
