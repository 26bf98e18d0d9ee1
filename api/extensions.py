"""Flask extensions, created once and bound to each app in ``create_app``."""

from __future__ import annotations

from flask import request
from flask_jwt_extended import JWTManager
from flask_limiter import Limiter
from flask_smorest import Api

from api.errors import ErrorSchema


class VollandApi(Api):
    ERROR_SCHEMA = ErrorSchema  # documents the one error body as the default error response


def client_address() -> str:
    """The caller's address for rate limiting (the proxy in front sets X-Forwarded-For via ProxyFix)."""
    return request.remote_addr or "unknown"


api = VollandApi()
jwt = JWTManager()
# Redis storage with an in-memory fallback: a Redis outage degrades limits to per-process counters
# instead of failing every login.
limiter = Limiter(key_func=client_address, in_memory_fallback_enabled=True, headers_enabled=True)
