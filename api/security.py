"""Request guards and credentials.

- ``access_token_required``: bearer access token (short-lived JWT bound to a live session); sets ``g.user``
  and ``g.session_id``. Revoked or expired sessions, tampered, expired or wrong-type tokens answer 401.
- ``admin_required``: as above plus the ``Admin`` role, else 403.
- ``data_token_required``: bearer data token from ``auth/generate-data-api-token``; sets ``g.user_id`` and
  ``g.data_tier`` ("live" | "30" | "3" | "basic"); 403 when the token carries no tier.
- ``user_for_api_key(raw_key)``: the user owning an active public-API key, or None.
"""

from __future__ import annotations

import hashlib
import logging
import uuid
from copy import deepcopy
from datetime import datetime, timedelta, timezone
from functools import wraps
from typing import Any, Callable

import jwt as pyjwt
from flask import current_app, g, request
from flask_jwt_extended import create_access_token, get_jwt, verify_jwt_in_request
from flask_jwt_extended.exceptions import JWTExtendedException
from sqlalchemy import or_, select, update

from api import catalog
from api.db import get_session
from api.errors import ApiError
from api.models import ApiKey, AuthSession, User

log = logging.getLogger(__name__)

DATA_TOKEN_TYPE = "data"
ACCESS_TOKEN_TYPE = "access"


def sha256_hex(value: str) -> str:
    return hashlib.sha256(value.encode("utf-8")).hexdigest()


def _document(func: Callable, security: list[dict], statuses: tuple[int, ...]) -> None:
    """Attach the security requirement and its error responses to the flask-smorest docs of ``func``."""
    apidoc = deepcopy(getattr(func, "_apidoc", {}))
    manual = apidoc.setdefault("manual_doc", {})
    manual["security"] = security
    responses = manual.setdefault("responses", {})
    for status in statuses:
        responses.setdefault(str(status), {
            "description": _STATUS_TEXT[status],
            "content": {"application/json": {"schema": {"$ref": "#/components/schemas/Error"}}}})
    func._apidoc = apidoc  # type: ignore[attr-defined]


_STATUS_TEXT = {401: "Missing, invalid, expired or revoked token", 403: "Not allowed for this account"}


# ---------------------------------------------------------------- access tokens

def issue_access_token(user: User, session_id: str) -> str:
    return create_access_token(identity=str(user.id), additional_claims={"sid": session_id})


def authenticate_access_token() -> User:
    try:
        verify_jwt_in_request()
        claims = get_jwt()
    except JWTExtendedException as exc:
        name = type(exc).__name__
        if name == "NoAuthorizationError":
            raise ApiError(401, "missing_token", "An access token is required (Authorization: Bearer ...).")
        if name == "WrongTokenError":
            raise ApiError(401, "invalid_token", "This token cannot be used here; send an access token.")
        raise ApiError(401, "invalid_token", "The access token is invalid.")
    except pyjwt.ExpiredSignatureError:
        raise ApiError(401, "token_expired", "The access token has expired.")
    except pyjwt.PyJWTError:
        raise ApiError(401, "invalid_token", "The access token is invalid.")
    if claims.get("type") != ACCESS_TOKEN_TYPE:
        raise ApiError(401, "invalid_token", "This token cannot be used here; send an access token.")
    session_id = claims.get("sid")
    try:
        user_id = int(claims.get("sub", ""))
    except (TypeError, ValueError):
        raise ApiError(401, "invalid_token", "The access token is invalid.")
    db = get_session()
    auth_session = db.get(AuthSession, session_id) if isinstance(session_id, str) else None
    now = datetime.now(timezone.utc)
    if (auth_session is None or auth_session.user_id != user_id or auth_session.revoked_at is not None
            or auth_session.expires_at <= now):
        raise ApiError(401, "session_revoked", "This session has ended. Please log in again.")
    user = db.get(User, user_id)
    if user is None or not user.is_active:
        raise ApiError(401, "session_revoked", "This session has ended. Please log in again.")
    g.user = user
    g.session_id = session_id
    return user


def access_token_required(func: Callable) -> Callable:
    @wraps(func)
    def wrapper(*args: Any, **kwargs: Any):
        authenticate_access_token()
        return func(*args, **kwargs)

    _document(wrapper, [{"bearerAuth": []}], (401,))
    return wrapper


def admin_required(func: Callable) -> Callable:
    @wraps(func)
    def wrapper(*args: Any, **kwargs: Any):
        user = authenticate_access_token()
        if not user.is_admin:
            raise ApiError(403, "forbidden", "This action requires the Admin role.")
        return func(*args, **kwargs)

    _document(wrapper, [{"bearerAuth": []}], (401, 403))
    return wrapper


# ---------------------------------------------------------------- data tokens

def issue_data_token(user: User, session_id: str | None = None) -> str:
    """A short-lived JWT for the ``/api/v1/data`` routes: ``sub``, ``exp``, ``type``, ``subscriptions`` and
    ``sid``, the session it was issued to (ending that session revokes the token)."""
    now = datetime.now(timezone.utc)
    minutes = current_app.config["DATA_TOKEN_MINUTES"]
    product_ids = [s.product_id for s in user.subscriptions if s.kind == "regular" and s.status == "active"]
    payload = {
        "sub": str(user.id),
        "type": DATA_TOKEN_TYPE,
        "iat": int(now.timestamp()),
        "exp": int((now + timedelta(minutes=minutes)).timestamp()),
        "jti": uuid.uuid4().hex,
        "subscriptions": [{"id": pid} for pid in product_ids],
        "tier": catalog.tier_for(product_ids),
    }
    if session_id:
        payload["sid"] = session_id
    return pyjwt.encode(payload, current_app.config["JWT_SECRET_KEY"], algorithm="HS256")


def decode_data_token(token: str) -> dict:
    try:
        claims = pyjwt.decode(token, current_app.config["JWT_SECRET_KEY"], algorithms=["HS256"],
                              options={"require": ["exp", "sub", "type"]})
    except pyjwt.ExpiredSignatureError:
        raise ApiError(401, "token_expired", "The data token has expired.")
    except pyjwt.PyJWTError:
        raise ApiError(401, "invalid_token", "The data token is invalid.")
    if claims.get("type") != DATA_TOKEN_TYPE or not isinstance(claims.get("subscriptions"), list):
        raise ApiError(401, "invalid_token", "This token cannot be used here; send a data token.")
    if "sid" in claims:
        _require_live_session(claims)
    return claims


def _require_live_session(claims: dict) -> None:
    """A data token issued to a session stops working when that session ends (logout, password reset,
    override, refresh-token reuse) or its account is disabled, not only when the token expires."""
    sid = claims.get("sid")
    try:
        user_id = int(claims.get("sub", ""))
    except (TypeError, ValueError):
        raise ApiError(401, "invalid_token", "The data token is invalid.")
    db = get_session()
    auth_session = db.get(AuthSession, sid) if isinstance(sid, str) and len(sid) <= 36 else None
    if (auth_session is None or auth_session.user_id != user_id or auth_session.revoked_at is not None
            or auth_session.expires_at <= datetime.now(timezone.utc)):
        raise ApiError(401, "session_revoked", "This session has ended. Please log in again.")
    user = db.get(User, user_id)
    if user is None or not user.is_active:
        raise ApiError(401, "session_revoked", "This session has ended. Please log in again.")


def _bearer_token() -> str:
    header = request.headers.get("Authorization", "")
    scheme, _, token = header.partition(" ")
    if scheme.lower() != "bearer" or not token.strip():
        raise ApiError(401, "missing_token", "A data token is required (Authorization: Bearer ...).")
    return token.strip()


def data_token_required(func: Callable) -> Callable:
    @wraps(func)
    def wrapper(*args: Any, **kwargs: Any):
        claims = decode_data_token(_bearer_token())
        try:
            g.user_id = int(claims["sub"])
        except (TypeError, ValueError):
            raise ApiError(401, "invalid_token", "The data token is invalid.")
        ids = [s.get("id") for s in claims["subscriptions"] if isinstance(s, dict)]
        g.data_tier = catalog.tier_for(i for i in ids if isinstance(i, str))
        if g.data_tier is None:
            raise ApiError(403, "subscription_required",
                           "A subscription is required to see market data. Choose a plan on the pricing page.")
        return func(*args, **kwargs)

    _document(wrapper, [{"bearerAuth": []}], (401, 403))
    return wrapper


# ---------------------------------------------------------------- API keys

API_KEY_PREFIX = "vol_"


def user_for_api_key(raw_key: str | None) -> User | None:
    """The active user owning this unrevoked API key, or None (unknown, revoked, empty)."""
    if not raw_key or not raw_key.startswith(API_KEY_PREFIX) or len(raw_key) > 200:
        return None
    db = get_session()
    row = db.execute(
        select(ApiKey).where(ApiKey.key_hash == sha256_hex(raw_key), ApiKey.revoked_at.is_(None))
    ).scalar_one_or_none()
    if row is None:
        return None
    user = db.get(User, row.user_id)
    if user is None or not user.is_active:
        return None
    _record_key_use(db, row)
    return user


#: A key's last use is kept to the minute: at most one write per key and minute, however busy the key.
KEY_USE_RESOLUTION = timedelta(minutes=1)


def _record_key_use(db, row: ApiKey) -> None:
    """Set the key's ``last_used_at`` (shown in the settings' key list) unless it was set within the minute.

    One conditional UPDATE, so concurrent requests write at most once; a failure to record (a locked or
    full database) is logged and never fails the data request it came with."""
    now = datetime.now(timezone.utc)
    if row.last_used_at is not None and now - _aware(row.last_used_at) < KEY_USE_RESOLUTION:
        return
    try:
        db.execute(update(ApiKey)
                   .where(ApiKey.id == row.id,
                          or_(ApiKey.last_used_at.is_(None), ApiKey.last_used_at < now - KEY_USE_RESOLUTION))
                   .values(last_used_at=now))
        db.commit()
    except Exception:  # noqa: BLE001 - recording the use is secondary to answering the request
        db.rollback()
        log.warning("could not record the use of API key %s", row.id, exc_info=True)


def _aware(ts: datetime) -> datetime:
    return ts if ts.tzinfo is not None else ts.replace(tzinfo=timezone.utc)


def api_key_required(func: Callable) -> Callable:
    """Guard for the public data API: ``X-API-KEY`` header; sets ``g.user`` and ``g.user_id``."""
    @wraps(func)
    def wrapper(*args: Any, **kwargs: Any):
        user = user_for_api_key(request.headers.get("X-API-KEY"))
        if user is None:
            raise ApiError(401, "invalid_api_key", "A valid API key is required in the X-API-KEY header.")
        g.user = user
        g.user_id = user.id
        return func(*args, **kwargs)

    _document(wrapper, [{"apiKeyAuth": []}], (401,))
    return wrapper
