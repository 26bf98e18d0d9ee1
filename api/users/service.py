"""The signed-in user's profile, plan and invoices."""

from __future__ import annotations

from sqlalchemy import func, select
from sqlalchemy.orm import Session

from api import catalog
from api.auth.passwords import hash_password, verify_password
from api.auth.service import revoke_all_sessions
from api.errors import ApiError
from api.models import CLOCK_24H, ApiCreditAccount, Invoice, User


def active_subscriptions(user: User, kind: str) -> list:
    return [s for s in user.subscriptions if s.kind == kind and s.status == "active"]


def user_view(db: Session, user: User) -> dict:
    regular = active_subscriptions(user, "regular")
    tier = catalog.tier_for(s.product_id for s in regular)
    credits = db.get(ApiCreditAccount, user.id)
    return {
        "id": user.id, "firstName": user.first_name, "email": user.email, "roles": list(user.roles or []),
        "subscriptions": [{"id": s.product_id, "name": s.name} for s in regular],
        "apiSubscriptions": [{"id": s.product_id, "name": s.name} for s in active_subscriptions(user, "api")],
        "tier": tier, "planName": catalog.tier_name(tier),
        "apiCredits": credits.balance if credits else 0, "activeAlertRules": _active_alert_rules(db, user.id),
        "hasPassword": bool(user.password_hash), "createdAt": user.created_at,
        "referral": user.referral, "clock": user.clock or CLOCK_24H,
    }


def _active_alert_rules(db: Session, user_id: int) -> int:
    from api.models import AlertRule

    return db.scalar(select(func.count()).select_from(AlertRule)
                     .where(AlertRule.user_id == user_id, AlertRule.is_paused.is_(False))) or 0


def update_user(db: Session, user: User, changes: dict, current_session: str | None) -> None:
    if "firstName" in changes:
        user.first_name = changes["firstName"]
    if "clock" in changes:
        user.clock = changes["clock"]
    if "newPassword" in changes:
        if not verify_password(user.password_hash, changes.get("currentPassword", "")):
            raise ApiError(400, "invalid_password", "The current password is not correct.",
                           {"currentPassword": ["The current password is not correct."]})
        user.password_hash = hash_password(changes["newPassword"])
        # Other devices must sign in again with the new password; this one stays signed in.
        revoke_all_sessions(db, user.id, "password_change", keep=current_session)
    db.commit()


def invoices(db: Session, user_id: int) -> list[dict]:
    rows = db.execute(select(Invoice).where(Invoice.user_id == user_id)
                      .order_by(Invoice.created_at.desc())).scalars()
    return [{"id": r.id, "number": r.number, "amount": r.amount_cents / 100, "currency": r.currency,
             "status": r.status, "pdfUrl": r.pdf_url, "description": r.description, "createdAt": r.created_at}
            for r in rows]
