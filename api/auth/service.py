"""Accounts: sign-up, login, sessions (refresh-token families), password reset and Google sign-in.

Views call these functions; failures are raised as ``ApiError`` with the status the view answers.
"""

from __future__ import annotations

import base64
import hashlib
import hmac
import json
import logging
import secrets
import uuid
from datetime import datetime, timedelta, timezone
from pathlib import Path

import jwt as pyjwt
from flask import current_app, request
from sqlalchemy import func, select, update
from sqlalchemy.exc import IntegrityError
from sqlalchemy.orm import Session

from email_validator import EmailNotValidError

from api.auth.passwords import hash_password, needs_rehash, verify_password
from api.auth.schemas import normalize_email
from api.auth import background
from api.db import lock_user, session_scope
from api.errors import ApiError
from api.mail import send_later
from api.models import ROLE_USER, AuthSession, PasswordResetToken, RefreshToken, User
from api.nodes import mark_sessions_ended
from api.security import issue_access_token, sha256_hex
from volland.settings import get_settings

log = logging.getLogger(__name__)

GOOGLE_ISSUERS = ("accounts.google.com", "https://accounts.google.com")


def _now() -> datetime:
    return datetime.now(timezone.utc)


# ---------------------------------------------------------------- users

def find_user_by_email(db: Session, email: str) -> User | None:
    return db.execute(select(User).where(User.email == email)).scalar_one_or_none()


def create_user(db: Session, *, email: str, password: str | None, first_name: str,
                roles: list[str] | None = None, google_sub: str | None = None) -> User:
    if find_user_by_email(db, email) is not None:
        raise ApiError(409, "email_taken", "An account with this e-mail already exists.",
                       {"email": ["An account with this e-mail already exists."]})
    user = User(email=email, first_name=first_name, roles=roles or [ROLE_USER], google_sub=google_sub,
                password_hash=hash_password(password) if password else None)
    db.add(user)
    try:
        db.flush()
    except IntegrityError:  # a concurrent sign-up with the same address won the race
        db.rollback()
        raise ApiError(409, "email_taken", "An account with this e-mail already exists.",
                       {"email": ["An account with this e-mail already exists."]})
    return user


def authenticate(db: Session, email: str, password: str) -> User:
    user = find_user_by_email(db, email)
    if not verify_password(user.password_hash if user else None, password) or user is None or not user.is_active:
        raise ApiError(401, "invalid_credentials", "The e-mail or password is incorrect.")
    if needs_rehash(user.password_hash or ""):
        user.password_hash = hash_password(password)
    return user


# ---------------------------------------------------------------- sessions

def _new_refresh_token(db: Session, session_id: str, raw: str | None = None) -> str:
    raw = raw or secrets.token_urlsafe(48)
    db.add(RefreshToken(token_hash=sha256_hex(raw), session_id=session_id, issued_at=_now()))
    return raw


def _successor(raw: str) -> str:
    """The refresh token that replaces ``raw`` when it is rotated: derived from it with the signing key
    (HMAC), so a second presentation of ``raw`` within the grace can be answered with the same successor
    although only hashes are stored. Without the key it is as unpredictable as a random token."""
    key = str(current_app.config["JWT_SECRET_KEY"]).encode()
    digest = hmac.new(key, b"volland refresh successor\0" + raw.encode(), hashlib.sha512).digest()
    return base64.urlsafe_b64encode(digest[:48]).decode().rstrip("=")


def _token_pair(user: User, session_id: str, refresh: str) -> dict:
    lifetime = current_app.config["JWT_ACCESS_TOKEN_EXPIRES"]
    return {"accessToken": issue_access_token(user, session_id), "refreshToken": refresh,
            "tokenType": "Bearer", "expiresIn": int(lifetime.total_seconds())}


def active_sessions(db: Session, user_id: int) -> list[AuthSession]:
    return list(db.execute(
        select(AuthSession)
        .where(AuthSession.user_id == user_id, AuthSession.revoked_at.is_(None), AuthSession.expires_at > _now())
        .order_by(AuthSession.created_at, AuthSession.id)
    ).scalars())


def start_session(db: Session, user: User, *, override: bool) -> dict:
    """Open a session for ``user`` within the concurrent-session limit and return the token pair."""
    limit = max(1, int(current_app.config["MAX_SESSIONS"]))
    # Two simultaneous logins must not both slip under the limit: count and insert under the user's lock.
    lock_user(db, user.id)
    sessions = active_sessions(db, user.id)
    if len(sessions) >= limit:
        if not override:
            raise ApiError(409, "session_limit",
                           f"This account is already signed in on {len(sessions)} device(s), the maximum "
                           f"allowed. Log in with the session override to end the oldest session.")
        for old in sessions[: len(sessions) - limit + 1]:
            old.revoked_at = _now()
            old.revoked_reason = "override"
        mark_sessions_ended(db)
    now = _now()
    auth_session = AuthSession(
        id=str(uuid.uuid4()), user_id=user.id, created_at=now, last_used_at=now,
        expires_at=now + timedelta(days=int(current_app.config["REFRESH_TOKEN_DAYS"])),
        user_agent=(request.headers.get("User-Agent") or "")[:255] or None,
        ip_address=(request.remote_addr or "")[:64] or None)
    db.add(auth_session)
    db.flush()
    refresh = _new_refresh_token(db, auth_session.id)
    db.commit()
    return _token_pair(user, auth_session.id, refresh)


# A rotated refresh token presented again within this many seconds of its rotation is answered with the
# family's current refresh token instead of ending the session (docs/security.md, "Refresh-token grace").
REFRESH_GRACE_SECONDS = 30
# How far a late presentation may follow the chain of rotations made within the grace.
_GRACE_CHAIN = 8


def rotate_refresh_token(db: Session, raw: str) -> dict:
    """Exchange a refresh token for a new pair.

    The new refresh token is ``_successor(raw)``. Presenting an already-rotated token within
    ``REFRESH_GRACE_SECONDS`` of its rotation (two tabs refreshing at once, a reply lost on the way)
    answers the family's current refresh token: the family stays one chain, so a stolen copy used later
    still collides with its owner's. Outside the grace, presenting a rotated token revokes the family.
    """
    token = db.get(RefreshToken, sha256_hex(raw))
    if token is None:
        raise ApiError(401, "invalid_refresh_token", "The refresh token is not valid. Please log in again.")
    auth_session = db.get(AuthSession, token.session_id)
    now = _now()
    if auth_session is None or auth_session.revoked_at is not None or auth_session.expires_at <= now:
        raise ApiError(401, "session_revoked", "This session has ended. Please log in again.")
    # The conditional UPDATE makes rotation atomic: of two requests with the same token only one wins.
    claimed = db.execute(
        update(RefreshToken).where(RefreshToken.token_hash == token.token_hash, RefreshToken.used_at.is_(None))
        .values(used_at=now)).rowcount
    if claimed != 1:
        current = _current_within_grace(db, raw, token, now)
        if current is None:
            return _end_family_for_reuse(db, auth_session, now)
        user = _session_user(db, auth_session)
        db.commit()
        return _token_pair(user, auth_session.id, current)
    user = _session_user(db, auth_session)
    auth_session.last_used_at = now
    auth_session.expires_at = now + timedelta(days=int(current_app.config["REFRESH_TOKEN_DAYS"]))
    refresh = _new_refresh_token(db, auth_session.id, _successor(raw))
    db.commit()
    return _token_pair(user, auth_session.id, refresh)


def _session_user(db: Session, auth_session: AuthSession) -> User:
    user = db.get(User, auth_session.user_id)
    if user is None or not user.is_active:
        raise ApiError(401, "session_revoked", "This session has ended. Please log in again.")
    return user


def _current_within_grace(db: Session, raw: str, token: RefreshToken, now: datetime) -> str | None:
    """The family's unused refresh token when ``raw`` was rotated within the grace, following the chain of
    successors (each rotated within the grace too); None when this presentation is a reuse."""
    horizon = now - timedelta(seconds=REFRESH_GRACE_SECONDS)
    used_at = db.execute(select(RefreshToken.used_at).where(RefreshToken.token_hash == token.token_hash)
                         ).scalar_one_or_none()   # as committed by the rotation that won, not as first read
    if used_at is None or used_at < horizon:
        return None
    candidate = raw
    for _ in range(_GRACE_CHAIN):
        candidate = _successor(candidate)
        row = db.execute(select(RefreshToken.session_id, RefreshToken.used_at)
                         .where(RefreshToken.token_hash == sha256_hex(candidate))).one_or_none()
        if row is None or row.session_id != token.session_id:
            return None   # not this family's chain (made with another signing key)
        if row.used_at is None:
            return candidate
        if row.used_at < horizon:
            return None
    return None


def _end_family_for_reuse(db: Session, auth_session: AuthSession, now: datetime):
    auth_session.revoked_at = now
    auth_session.revoked_reason = "refresh_reuse"
    mark_sessions_ended(db)
    db.commit()
    log.warning("Refresh token reused; session %s of user %s revoked", auth_session.id, auth_session.user_id)
    raise ApiError(401, "refresh_token_reused",
                   "This refresh token was already used; the session has been ended for safety. "
                   "Please log in again.")


def revoke_session(db: Session, session_id: str, reason: str) -> None:
    mark_sessions_ended(db)
    db.execute(update(AuthSession).where(AuthSession.id == session_id, AuthSession.revoked_at.is_(None))
               .values(revoked_at=_now(), revoked_reason=reason))


def revoke_all_sessions(db: Session, user_id: int, reason: str, keep: str | None = None) -> int:
    stmt = update(AuthSession).where(AuthSession.user_id == user_id, AuthSession.revoked_at.is_(None))
    if keep:
        stmt = stmt.where(AuthSession.id != keep)
    mark_sessions_ended(db)
    return db.execute(stmt.values(revoked_at=_now(), revoked_reason=reason)).rowcount


def session_for_refresh_token(db: Session, raw: str) -> str | None:
    token = db.get(RefreshToken, sha256_hex(raw))
    return token.session_id if token else None


# ---------------------------------------------------------------- password reset

def init_password_reset(db_url: str, email: str) -> None:
    """Hand a reset request to this process's background thread; the caller answers the same either way.

    Nothing about the address is looked up, written or sent before the answer, so neither its content
    nor its timing tells whether an account exists (docs/security.md, "Password reset").
    """
    background.submit(prepare_password_reset, db_url, email)


def prepare_password_reset(db_url: str, email: str) -> None:
    """After the answer: when the account exists, record a one-time token and queue the reset mail."""
    minutes = get_settings().reset_token_minutes
    raw = secrets.token_urlsafe(32)
    with session_scope(db_url) as db:
        user = find_user_by_email(db, email)
        if user is None or not user.is_active:
            log.info("Password reset asked for an unknown address")
            return
        db.add(PasswordResetToken(token_hash=sha256_hex(raw), user_id=user.id, created_at=_now(),
                                  expires_at=_now() + timedelta(minutes=minutes)))
        to, first_name = user.email, user.first_name
    link = f"{get_settings().public_url.rstrip('/')}/reset-password?token={raw}"
    text = (f"Hello {first_name or 'there'},\n\n"
            f"Someone asked to reset the password of your Volland account. To choose a new password, open:\n\n"
            f"{link}\n\nThe link works once and expires in {minutes} minutes. If you did not ask for this, "
            f"ignore this message: your password stays the same.\n\nVolland")
    # A mail still waiting when its link has expired is useless: it leaves the queue with it.
    send_later(to, "Reset your Volland password", text, description="password reset mail",
               ttl_seconds=minutes * 60)


def reset_password(db: Session, raw: str, password: str) -> None:
    now = _now()
    token = db.get(PasswordResetToken, sha256_hex(raw))
    invalid = ApiError(400, "invalid_reset_token",
                       "This reset link is invalid or has expired. Ask for a new one.",
                       {"token": ["This reset link is invalid or has expired."]})
    if token is None or token.used_at is not None or token.expires_at <= now:
        raise invalid
    claimed = db.execute(update(PasswordResetToken)
                         .where(PasswordResetToken.token_hash == token.token_hash,
                                PasswordResetToken.used_at.is_(None))
                         .values(used_at=now)).rowcount
    if claimed != 1:
        raise invalid
    user = db.get(User, token.user_id)
    if user is None:
        raise invalid
    user.password_hash = hash_password(password)
    revoke_all_sessions(db, user.id, "password_reset")
    # Other outstanding reset links for this account stop working too.
    db.execute(update(PasswordResetToken)
               .where(PasswordResetToken.user_id == user.id, PasswordResetToken.used_at.is_(None))
               .values(used_at=now))
    db.commit()


# ---------------------------------------------------------------- Google sign-in

_jwk_clients: dict[str, pyjwt.PyJWKClient] = {}


def _google_signing_key(id_token: str, source: str):
    if source.startswith(("http://", "https://")):
        client = _jwk_clients.get(source)
        if client is None:
            client = _jwk_clients[source] = pyjwt.PyJWKClient(source, cache_keys=True, lifespan=3600, timeout=10)
        return client.get_signing_key_from_jwt(id_token).key
    keys = pyjwt.PyJWKSet.from_dict(json.loads(Path(source).read_text()))
    kid = pyjwt.get_unverified_header(id_token).get("kid")
    for key in keys.keys:
        if key.key_id == kid:
            return key.key
    raise pyjwt.InvalidTokenError("unknown key id")


def verify_google_id_token(id_token: str) -> dict:
    s = get_settings()
    if not s.google_client_id:
        raise ApiError(503, "google_not_configured", "Google sign-in is not configured on this installation.")
    try:
        key = _google_signing_key(id_token, s.google_jwks)
        claims = pyjwt.decode(id_token, key, algorithms=["RS256"], audience=s.google_client_id,
                              issuer=GOOGLE_ISSUERS, options={"require": ["exp", "iat", "iss", "aud", "sub"]})
    except pyjwt.ExpiredSignatureError:
        raise ApiError(401, "invalid_google_token", "The Google sign-in has expired. Please try again.")
    except (pyjwt.PyJWTError, OSError, ValueError) as exc:
        log.info("Google ID token rejected: %s", exc)
        raise ApiError(401, "invalid_google_token", "The Google sign-in could not be verified.")
    if not claims.get("email") or claims.get("email_verified") not in (True, "true"):
        raise ApiError(401, "invalid_google_token", "The Google account has no verified e-mail address.")
    return claims


def google_user(db: Session, claims: dict, referral: str | None = None) -> User:
    """The user for verified Google claims: found by Google id, else linked by e-mail, else created (with
    the referral code, when one was captured)."""
    sub = str(claims["sub"])
    user = db.execute(select(User).where(User.google_sub == sub)).scalar_one_or_none()
    if user is None:
        try:
            email = normalize_email(str(claims["email"]))
        except EmailNotValidError:
            raise ApiError(401, "invalid_google_token", "The Google account has no valid e-mail address.")
        user = find_user_by_email(db, email)
        if user is None:
            first = str(claims.get("given_name") or claims.get("name") or email.split("@")[0])[:120]
            user = create_user(db, email=email, password=None, first_name=first, google_sub=sub)
            user.referral = referral or None
        else:
            user.google_sub = sub
        db.flush()
    if not user.is_active:
        raise ApiError(401, "invalid_credentials", "This account is disabled.")
    return user


def count_users(db: Session) -> int:
    return db.execute(select(func.count(User.id))).scalar_one()
