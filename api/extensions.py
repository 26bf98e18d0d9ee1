"""Flask extensions, created once and bound to each app in ``create_app``."""

from __future__ import annotations

import jwt as pyjwt
from flask import current_app, g, request
from flask_jwt_extended import JWTManager
from flask_limiter import Limiter
from apispec.ext.marshmallow import MarshmallowPlugin, OpenAPIConverter
from flask_smorest import Api

from api.errors import ErrorSchema


class _Converter(OpenAPIConverter):
    """Adds a schema's ``Meta.openapi`` keywords to its JSON Schema: rules between fields that marshmallow
    checks in code (a union keyed by a type, a bound that depends on another field) stated in the document."""

    def field2nullable(self, field, ret) -> dict:
        # apispec writes "a nested schema or null" as anyOf [schema, any object or null], which accepts any
        # object ({} included); null alone is what is meant.
        attributes = super().field2nullable(field, ret)
        if "anyOf" in attributes:
            attributes["anyOf"] = [{"enum": [None], "nullable": True} if alt == {"type": "object", "nullable": True}
                                   else alt for alt in attributes["anyOf"]]
        return attributes

    def schema2jsonschema(self, schema):
        out = super().schema2jsonschema(schema)
        extra = getattr(getattr(schema, "Meta", None), "openapi", None)
        if extra:
            extra = extra(self) if callable(extra) else extra
            out.update({k: v for k, v in extra.items() if k != "properties"})
            out["properties"] = {**out.get("properties", {}), **extra.get("properties", {})}
        return out


class _MarshmallowPlugin(MarshmallowPlugin):
    Converter = _Converter


class VollandApi(Api):
    ERROR_SCHEMA = ErrorSchema  # documents the one error body as the default error response

    def init_app(self, app, *, spec_kwargs=None):
        # A plugin belongs to one spec: a new one for each app.
        super().init_app(app, spec_kwargs={"marshmallow_plugin": _MarshmallowPlugin(), **(spec_kwargs or {})})


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
