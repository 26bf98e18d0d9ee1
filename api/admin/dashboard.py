"""``/api/v1/admin``: users, data freshness per source and grouped client error reports (Admin role,
enforced here). The job state is ``/api/v1/admin/jobs`` (api.admin.routes)."""

from __future__ import annotations

from flask.views import MethodView
from flask_smorest import Blueprint
from marshmallow import Schema, fields, validate
from sqlalchemy import func, or_, select

from api import catalog
from api.client_errors import service as client_errors
from api.db import get_session
from api.models import ROLE_ADMIN, User
from api.security import admin_required

blp = Blueprint("admin", __name__, url_prefix="/api/v1/admin",
                description="Admin dashboard: users, data freshness, client error reports (Admin only)")


class PageQuery(Schema):
    page = fields.Integer(load_default=1, validate=validate.Range(min=1, max=100_000))
    pageSize = fields.Integer(load_default=25, validate=validate.Range(min=1, max=200))


class UsersQuery(PageQuery):
    search = fields.String(load_default="", validate=validate.Length(max=200))
    tier = fields.String(load_default=None, validate=validate.OneOf(["live", "30", "3", "basic", "none"]))
    role = fields.String(load_default=None, validate=validate.OneOf(["Admin", "User"]))


class AdminUserSchema(Schema):
    id = fields.Integer(required=True)
    email = fields.String(required=True)
    firstName = fields.String(required=True)
    roles = fields.List(fields.String(), required=True)
    tier = fields.String(allow_none=True, required=True)
    planName = fields.String(allow_none=True, required=True)
    createdAt = fields.DateTime(required=True)
    isActive = fields.Boolean(required=True)
    referral = fields.String(allow_none=True, required=True,
                             metadata={"description": "Referral code stored with the user, if any"})


class UsersPage(Schema):
    items = fields.List(fields.Nested(AdminUserSchema), required=True)
    total = fields.Integer(required=True)
    page = fields.Integer(required=True)
    pageSize = fields.Integer(required=True)


class ClientErrorsQuery(PageQuery):
    kind = fields.String(load_default=None, validate=validate.OneOf(["crash", "http500", "token401"]))


class ClientErrorGroupSchema(Schema):
    id = fields.Integer(required=True)
    fingerprint = fields.String(required=True)
    kind = fields.String(required=True)
    message = fields.String(required=True)
    route = fields.String(required=True)
    release = fields.String(required=True)
    stack = fields.String(required=True)
    userAgent = fields.String(required=True)
    count = fields.Integer(required=True, metadata={"description": "Reports received for this fingerprint"})
    firstSeen = fields.DateTime(required=True)
    lastSeen = fields.DateTime(required=True)


class ClientErrorsPage(Schema):
    items = fields.List(fields.Nested(ClientErrorGroupSchema), required=True)
    total = fields.Integer(required=True)
    page = fields.Integer(required=True)
    pageSize = fields.Integer(required=True)


class SourceFreshnessSchema(Schema):
    source = fields.String(required=True)
    label = fields.String(required=True)
    delaySeconds = fields.Integer(allow_none=True, required=True,
                                  metadata={"description": "Source delay in seconds, null for historical files"})
    tickers = fields.Integer(required=True, metadata={"description": "Tickers whose latest publish came from it"})
    lastPublished = fields.String(allow_none=True, required=True,
                                  metadata={"description": "Latest snapshot time of those tickers, ISO UTC"})
    configured = fields.Boolean(required=True, metadata={"description": "The scheduled source (VOLLAND_SOURCE)"})


class FreshnessSchema(Schema):
    sources = fields.List(fields.Nested(SourceFreshnessSchema), required=True)


def _user_view(user: User) -> dict:
    active = [s for s in user.subscriptions if s.kind == "regular" and s.status == "active"]
    tier = catalog.tier_for(s.product_id for s in active)
    return {"id": user.id, "email": user.email, "firstName": user.first_name, "roles": list(user.roles or []),
            "tier": tier, "planName": catalog.tier_name(tier), "createdAt": user.created_at,
            "isActive": user.is_active,
            # The referral attribute is added to the user by the billing work; None until it exists.
            "referral": getattr(user, "referral", None)}


@blp.route("/users")
class Users(MethodView):
    @admin_required
    @blp.arguments(UsersQuery, location="query")
    @blp.response(200, UsersPage)
    def get(self, query):
        """Users, newest first; search matches e-mail or first name; filter by tier and role"""
        db = get_session()
        q = select(User)
        if query["search"]:
            term = "%" + query["search"].lower().replace("\\", "\\\\").replace("%", "\\%").replace("_", "\\_") + "%"
            q = q.where(or_(func.lower(User.email).like(term, escape="\\"),
                            func.lower(User.first_name).like(term, escape="\\")))
        users = [_user_view(u) for u in db.execute(q.order_by(User.created_at.desc(), User.id.desc())).scalars()]
        # Tier and role live in related rows and JSON; the user count of one deployment filters fine here.
        if query["tier"]:
            wanted = None if query["tier"] == "none" else query["tier"]
            users = [u for u in users if u["tier"] == wanted]
        if query["role"]:
            users = [u for u in users if query["role"] in u["roles"]]
        page, size = query["page"], query["pageSize"]
        return {"items": users[(page - 1) * size: page * size], "total": len(users), "page": page,
                "pageSize": size}


@blp.route("/client-errors")
class ClientErrors(MethodView):
    @admin_required
    @blp.arguments(ClientErrorsQuery, location="query")
    @blp.response(200, ClientErrorsPage)
    def get(self, query):
        """Client error reports grouped by fingerprint, most recent first"""
        return client_errors.groups(get_session(), query["page"], query["pageSize"], query["kind"])


@blp.route("/freshness")
class Freshness(MethodView):
    @admin_required
    @blp.response(200, FreshnessSchema)
    def get(self):
        """Per data source: tickers it last published and the latest snapshot time among them"""
        return {"sources": source_freshness()}


def source_freshness() -> list[dict]:
    from api.data import service as data_service
    from data.store import provenance

    root = data_service.settings().store_path
    doc = provenance.read(root)
    configured = provenance.configured()
    by_source: dict[str, set[str]] = {}
    recorded = doc.get("tickers", {})
    try:
        idx = data_service.reader().index()
        latest = {t: lst[-1][0] for t, lst in idx.by_ticker.items() if lst}
    except Exception:  # noqa: BLE001 - no store yet: sources are listed without times
        latest = {}
    for ticker in set(latest) | set(recorded):
        by_source.setdefault(recorded.get(ticker, {}).get("source", configured), set()).add(ticker)
    by_source.setdefault(configured, set())
    out = []
    for source_id, tickers in sorted(by_source.items()):
        info = provenance.info(source_id)
        times = [latest[t] for t in tickers if t in latest]
        out.append({"source": source_id, "label": info.label, "delaySeconds": info.delay_seconds,
                    "tickers": len(tickers), "lastPublished": max(times).isoformat() if times else None,
                    "configured": source_id == configured})
    return out
