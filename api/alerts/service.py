"""Alert rules of a user: list, create, edit, pause, delete; the user's firings and delivery log.

Limits per plan (paused rules count): Live 100, 30: 50, 3: 25, Basic 10; without a plan a user keeps
no rules (403 ``plan_required``). The count and the insert run under the user's lock, as API keys do.
"""

from __future__ import annotations

import secrets

from sqlalchemy import func, select
from sqlalchemy.orm import Session

from api import catalog
from api.alerts.webhook_urls import WebhookUrlError, check_webhook_url
from api.db import lock_user
from api.errors import ApiError
from api.models import AlertDelivery, AlertFiring, AlertRule, User
from domain import alerts as rules
from domain import vocabulary as v
from volland.settings import get_settings

RULE_LIMITS = {"live": 100, "30": 50, "3": 25, "basic": 10}


def user_tier(user: User) -> str | None:
    return catalog.tier_for(s.product_id for s in user.subscriptions if s.kind == "regular" and s.status == "active")


def _invalid(field: str, message: str, code: str = "validation_error") -> ApiError:
    return ApiError(422, code, message, {field: [message]})


def rule_view(r: AlertRule) -> dict:
    return {"id": r.id, "name": r.name, "ticker": r.ticker, "kind": r.kind, "params": r.params,
            "channels": list(r.channels or []), "webhookUrl": r.webhook_url, "webhookSecret": r.webhook_secret,
            "webhookDisabledAt": r.webhook_disabled_at, "isPaused": bool(r.is_paused), "createdAt": r.created_at, "updatedAt": r.updated_at}


def firing_view(f: AlertFiring) -> dict:
    return {"id": f.id, "ruleId": f.rule_id, "ticker": f.ticker, "kind": f.kind, "tier": f.tier,
            "snapshotTime": f.snapshot_ts, "title": f.title, "message": f.message, "payload": f.payload or {},
            "createdAt": f.created_at}


def _ticker(raw: str) -> str:
    from api.data.service import known_ticker

    ticker = v.normalize_ticker(raw) if isinstance(raw, str) else None
    if not ticker:
        raise _invalid("ticker", f"'{raw}' is not a ticker symbol.")
    return known_ticker(ticker)


def _checked(fields: dict) -> dict:
    """The rule's fields after the checks that depend on the store and on each other."""
    out = dict(fields)
    out["ticker"] = _ticker(fields["ticker"])
    try:
        out["params"] = rules.normalize_params(fields["kind"], fields.get("params") or {})
    except rules.RuleError as exc:
        key = "params" if exc.field == "_schema" else f"params.{exc.field}"
        raise _invalid(key, exc.message) from None
    channels = list(dict.fromkeys(fields.get("channels") or ["app"]))
    out["channels"] = channels
    url = fields.get("webhookUrl")
    if "webhook" in channels:
        if not url:
            raise _invalid("webhookUrl", "A webhook URL is required for the webhook channel.")
        try:
            check_webhook_url(url, dev=get_settings().alerts_dev_webhooks)
        except WebhookUrlError as exc:
            raise _invalid("webhookUrl", str(exc)) from None
    else:
        out["webhookUrl"] = None
    return out


def list_rules(db: Session, user: User) -> dict:
    rows = db.execute(select(AlertRule).where(AlertRule.user_id == user.id).order_by(AlertRule.id)).scalars()
    tier = user_tier(user)
    return {"rules": [rule_view(r) for r in rows], "limit": RULE_LIMITS.get(tier, 0), "tier": tier}


def create_rule(db: Session, user: User, fields: dict) -> dict:
    tier = user_tier(user)
    limit = RULE_LIMITS.get(tier, 0)
    if not limit:
        raise ApiError(403, "plan_required", "Alerts come with a plan. Choose a plan to set alert rules.")
    data = _checked(fields)
    lock_user(db, user.id)
    count = db.execute(select(func.count(AlertRule.id)).where(AlertRule.user_id == user.id)).scalar_one()
    if count >= limit:
        raise ApiError(409, "alert_rule_limit",
                       f"Your plan keeps at most {limit} alert rules. Delete one to add another.")
    row = AlertRule(user_id=user.id, name=(data.get("name") or "").strip(), ticker=data["ticker"], kind=data["kind"],
                    params=data["params"], channels=data["channels"], webhook_url=data["webhookUrl"],
                    is_paused=bool(data.get("isPaused")), state={}, webhook_secret="whsec_" + secrets.token_hex(24))
    db.add(row)
    db.commit()
    return rule_view(row)


def _own(db: Session, user: User, rule_id: int) -> AlertRule:
    row = db.execute(select(AlertRule).where(AlertRule.id == rule_id, AlertRule.user_id == user.id)).scalar_one_or_none()
    if row is None:
        raise ApiError(404, "not_found", "This alert rule does not exist.")
    return row


def get_rule(db: Session, user: User, rule_id: int) -> dict:
    return rule_view(_own(db, user, rule_id))


def update_rule(db: Session, user: User, rule_id: int, changes: dict) -> dict:
    row = _own(db, user, rule_id)
    current = {"name": row.name, "ticker": row.ticker, "kind": row.kind, "params": row.params,
               "channels": row.channels, "webhookUrl": row.webhook_url, "isPaused": row.is_paused}
    if "kind" in changes and changes["kind"] != row.kind and "params" not in changes:
        raise _invalid("params", "A new kind needs its parameters.")
    merged = {**current, **changes}
    data = _checked(merged)
    what_changed = any(data[k] != current[k] for k in ("ticker", "kind", "params")) \
        or (current["isPaused"] and not data["isPaused"])
    row.name, row.ticker, row.kind, row.params = (data.get("name") or "").strip(), data["ticker"], data["kind"], \
        data["params"]
    row.channels, row.webhook_url, row.is_paused = data["channels"], data["webhookUrl"], bool(data["isPaused"])
    if what_changed:
        # A changed or resumed condition starts from a clean memory: the next snapshot sets its side again
        # (a rule never fires for a crossing that happened while it was paused).
        row.state, row.state_ts = {}, None
    if "webhook" in data["channels"]:
        row.webhook_disabled_at = None  # saving the rule switches a disabled webhook on again
    db.commit()
    return rule_view(row)


def delete_rule(db: Session, user: User, rule_id: int) -> None:
    row = _own(db, user, rule_id)
    db.delete(row)
    db.commit()


def list_firings(db: Session, user: User, limit: int, before: int | None) -> list[dict]:
    q = select(AlertFiring).where(AlertFiring.user_id == user.id)
    if before:
        q = q.where(AlertFiring.id < before)
    rows = db.execute(q.order_by(AlertFiring.id.desc()).limit(limit)).scalars()
    return [firing_view(f) for f in rows]


def list_deliveries(db: Session, user: User, limit: int, before: int | None) -> list[dict]:
    q = (select(AlertDelivery, AlertFiring.rule_id).join(AlertFiring, AlertFiring.id == AlertDelivery.firing_id)
         .where(AlertDelivery.user_id == user.id))
    if before:
        q = q.where(AlertDelivery.id < before)
    out = []
    for d, rule_id in db.execute(q.order_by(AlertDelivery.id.desc()).limit(limit)):
        out.append({"id": d.id, "firingId": d.firing_id, "ruleId": rule_id, "channel": d.channel,
                    "attempt": d.attempt, "status": d.status, "detail": d.detail, "createdAt": d.created_at})
    return out


def firings_after(db: Session, user_id: int, after_id: int, limit: int = 100) -> list[dict]:
    rows = db.execute(select(AlertFiring).where(AlertFiring.user_id == user_id, AlertFiring.id > after_id)
                      .order_by(AlertFiring.id).limit(limit)).scalars()
    return [firing_view(f) for f in rows]
