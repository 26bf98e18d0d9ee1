"""Workspaces of one user. Another user's workspace is indistinguishable from a missing one (404)."""

from __future__ import annotations

import uuid
from datetime import datetime, timezone

from sqlalchemy import func, select
from sqlalchemy.orm import Session

from api.db import lock_user
from api.errors import ApiError
from api.models import User, Workspace
from api.workspaces.schemas import ORDER_MAX

MAX_WORKSPACES = 100


def view(ws: Workspace) -> dict:
    return {"id": ws.id, "name": ws.name, "state": ws.state, "order": ws.order, "widgets": ws.widgets or [],
            "createdAt": ws.created_at, "updatedAt": ws.updated_at}


def _with_ids(widgets: list[dict], keep: bool) -> list[dict]:
    out = []
    for widget in widgets:
        widget = dict(widget)
        if not keep or not widget.get("id"):
            widget["id"] = uuid.uuid4().hex
        out.append(widget)
    return out


def list_workspaces(db: Session, user_id: int) -> list[Workspace]:
    return list(db.execute(select(Workspace).where(Workspace.user_id == user_id)
                           .order_by(Workspace.order, Workspace.id)).scalars())


def get_workspace(db: Session, user_id: int, workspace_id: int) -> Workspace:
    ws = db.get(Workspace, workspace_id)
    if ws is None or ws.user_id != user_id:
        raise ApiError(404, "not_found", "This workspace does not exist.")
    return ws


def create_workspace(db: Session, user: User, data: dict) -> Workspace:
    lock_user(db, user.id)  # the count and the insert cannot interleave with another request's (both databases)
    count, last = db.execute(select(func.count(Workspace.id), func.max(Workspace.order))
                             .where(Workspace.user_id == user.id)).one()
    if count >= MAX_WORKSPACES:
        raise ApiError(409, "workspace_limit", f"You can keep at most {MAX_WORKSPACES} workspaces. "
                                               f"Delete one to create another.")
    now = datetime.now(timezone.utc)
    ws = Workspace(user_id=user.id, name=data["name"], state=data.get("state", "ACTIVE"),
                   order=data["order"] if "order" in data else (min(last + 1, ORDER_MAX) if last is not None else 0),
                   # Copied widgets (duplicate, presets) always get fresh ids.
                   widgets=_with_ids(data.get("widgets") or [], keep=False), created_at=now, updated_at=now)
    db.add(ws)
    db.commit()
    return ws


def update_workspace(db: Session, user_id: int, workspace_id: int, data: dict) -> Workspace:
    ws = get_workspace(db, user_id, workspace_id)
    for key in ("name", "state", "order"):
        if key in data:
            setattr(ws, key, data[key])
    if "widgets" in data:
        ws.widgets = _with_ids(data["widgets"], keep=True)
    ws.updated_at = datetime.now(timezone.utc)
    db.commit()
    return ws


def delete_workspace(db: Session, user_id: int, workspace_id: int) -> None:
    db.delete(get_workspace(db, user_id, workspace_id))
    db.commit()


def apply_ordering(db: Session, user_id: int, items: list[dict]) -> list[Workspace]:
    ids = [item["id"] for item in items]
    if len(ids) != len(set(ids)):
        raise ApiError(422, "validation_error", "Each workspace may appear only once in the ordering.",
                       {"id": ["Duplicate workspace id."]})
    owned = {ws.id: ws for ws in list_workspaces(db, user_id)}
    missing = [i for i in ids if i not in owned]
    if missing:
        raise ApiError(404, "not_found", "One or more workspaces in the ordering do not exist.",
                       {"id": [f"Unknown workspace {i}." for i in missing]})
    now = datetime.now(timezone.utc)
    for item in items:
        owned[item["id"]].order = item["order"]
        owned[item["id"]].updated_at = now
    db.commit()  # one transaction: all or nothing
    return list_workspaces(db, user_id)
