"""Flask extensions, created once and bound to each app in ``create_app``."""

from __future__ import annotations

import jwt as pyjwt
from flask import current_app, g, request
from flask_jwt_extended import JWTManager
from flask_limiter import Limiter
from flask_smorest import Api

from api.errors import ErrorSchema


class VollandApi(Api):
    ERROR_SCHEMA = ErrorSchema  # documents the one error body as the default error response


def client_address() -> str:
    """The caller's address: the connecting peer, or, with ``VOLLAND_TRUSTED_PROXIES`` = n, the address the
    n-th proxy from the server saw (ProxyFix reads X-Forwarded-For; api/hardening.py applies it)."""
    return "ip:" + (request.remote_addr or "unknown")


def _bearer_user_id() -> str | None:
    """The user of a validly signed, unexpired access or data token in the request, else None."""
    if "rate_limit_user" not in g:
        g.rate_limit_user = None
        scheme, _, token = request.headers.get("Authorization", "").partition(" ")
        if scheme.lower() == "bearer" and token.strip():
            try:
                claims = pyjwt.decode(token.strip(), current_app.config["JWT_SECRET_KEY"], algorithms=["HS256"],
                                      options={"require": ["exp", "sub"]})
            except pyjwt.PyJWTError:
                claims = {}
            if claims.get("type") in ("access", "data") and str(claims.get("sub", "")).isdigit():
                g.rate_limit_user = str(claims["sub"])
    return g.rate_limit_user


def client_key() -> str:
    """The rate-limit key: the signed-in user when the request carries a valid token (one bucket per
    account wherever it connects from), else the client address."""
    user_id = _bearer_user_id()
    return f"user:{user_id}" if user_id is not None else client_address()


api = VollandApi()
jwt = JWTManager()
# Redis storage with an in-memory fallback: a Redis outage degrades limits to per-process counters
# instead of failing every login.
limiter = Limiter(key_func=client_key, in_memory_fallback_enabled=True, headers_enabled=True)
