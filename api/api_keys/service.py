"""Public data API keys: at most two active per user; only a SHA-256 of each key is stored."""

from __future__ import annotations

import secrets
from datetime import datetime, timezone

from sqlalchemy import func, select, update
from sqlalchemy.orm import Session

from api.db import lock_user
from api.errors import ApiError
from api.models import ApiKey, User
from api.security import API_KEY_PREFIX, sha256_hex

MAX_ACTIVE_KEYS = 2


def _masked(row: ApiKey) -> str:
    return f"{row.prefix}{'•' * 12}{row.last_chars}"


def key_view(row: ApiKey) -> dict:
    return {"id": row.id, "maskedKey": _masked(row), "createdAt": row.created_at, "lastUsedAt": row.last_used_at}


def list_keys(db: Session, user_id: int) -> list[dict]:
    rows = db.execute(select(ApiKey).where(ApiKey.user_id == user_id, ApiKey.revoked_at.is_(None))
                      .order_by(ApiKey.created_at, ApiKey.id)).scalars()
    return [key_view(r) for r in rows]


def create_key(db: Session, user: User) -> dict:
    # Two simultaneous requests must not both pass the limit check: the count and the insert run under
    # the user's lock (PostgreSQL: the user row; SQLite: the write lock).
    lock_user(db, user.id)
    active = db.execute(select(func.count(ApiKey.id))
                        .where(ApiKey.user_id == user.id, ApiKey.revoked_at.is_(None))).scalar_one()
    if active >= MAX_ACTIVE_KEYS:
        raise ApiError(409, "api_key_limit",
                       f"You already have {MAX_ACTIVE_KEYS} active API keys. Delete one to create another.")
    raw = API_KEY_PREFIX + secrets.token_urlsafe(32)
    row = ApiKey(user_id=user.id, key_hash=sha256_hex(raw), prefix=raw[:8], last_chars=raw[-4:],
                 created_at=datetime.now(timezone.utc))
    db.add(row)
    db.commit()
    return {**key_view(row), "apiKey": raw}


def revoke_key(db: Session, user_id: int, key_id: int) -> None:
    done = db.execute(update(ApiKey).where(ApiKey.id == key_id, ApiKey.user_id == user_id,
                                           ApiKey.revoked_at.is_(None))
                      .values(revoked_at=datetime.now(timezone.utc))).rowcount
    if done != 1:
        raise ApiError(404, "not_found", "This API key does not exist.")
    db.commit()
