"""One JSON error body for every failure: ``{"code", "status", "message", "errors"}``.

``code`` is a short machine-readable string, ``status`` the HTTP status, ``message`` one sentence for
people, ``errors`` an object (field name -> list of messages for validation failures, else empty).
"""

from __future__ import annotations

import logging
from typing import Any

from flask import Flask, Response, jsonify, request
from marshmallow import Schema, fields
from werkzeug.exceptions import HTTPException

log = logging.getLogger(__name__)


class ErrorSchema(Schema):
    """The one error body of every failure (documented in the OpenAPI document as ``Error``)."""

    code = fields.String(required=True, metadata={"description": "Machine-readable error code"})
    status = fields.Integer(required=True, metadata={"description": "HTTP status"})
    message = fields.String(required=True, metadata={"description": "One sentence for people"})
    errors = fields.Dict(required=True, metadata={"description": "Field name -> list of messages"})


class ApiError(Exception):
    """Raise anywhere in a request to answer with the error body."""

    def __init__(self, status: int, code: str, message: str, errors: dict | None = None,
                 headers: dict[str, str] | None = None) -> None:
        super().__init__(message)
        self.status = status
        self.code = code
        self.message = message
        self.errors = errors or {}
        self.headers = headers or {}


def unauthorized(message: str = "Authentication is required.", code: str = "unauthorized") -> ApiError:
    return ApiError(401, code, message)


def error_response(status: int, code: str, message: str, errors: dict | None = None,
                   headers: dict[str, str] | None = None) -> Response:
    resp = jsonify({"code": code, "status": status, "message": message, "errors": errors or {}})
    resp.status_code = status
    for key, value in (headers or {}).items():
        resp.headers[key] = value
    if status == 401:
        resp.headers.setdefault("WWW-Authenticate", 'Bearer realm="volland"')
    return resp


_CODES = {
    400: ("bad_request", "The request is not valid."),
    401: ("unauthorized", "Authentication is required."),
    403: ("forbidden", "You do not have permission to do this."),
    404: ("not_found", "The requested resource was not found."),
    405: ("method_not_allowed", "This method is not allowed for the requested URL."),
    409: ("conflict", "The request conflicts with the current state."),
    413: ("payload_too_large", "The request body is too large."),
    415: ("unsupported_media_type", "The request body must be JSON."),
    422: ("validation_error", "The request contains invalid fields."),
    429: ("rate_limited", "Too many requests. Please wait a moment and try again."),
    500: ("internal_error", "An unexpected error occurred."),
    503: ("unavailable", "The service is temporarily unavailable."),
    507: ("insufficient_storage", "The server has run out of storage space. Please try again later."),
}


def storage_full(exc: BaseException) -> bool:
    """Whether ``exc`` (or an exception it wraps) says the disk or the database is full: ENOSPC/EDQUOT from
    the OS, SQLite's SQLITE_FULL ("database or disk is full"), PostgreSQL's disk_full (SQLSTATE 53100)."""
    import errno
    import sqlite3

    seen: set[int] = set()
    todo: list[BaseException | None] = [exc]
    while todo:
        e = todo.pop()
        if e is None or id(e) in seen:
            continue
        seen.add(id(e))
        if isinstance(e, OSError) and e.errno in (errno.ENOSPC, errno.EDQUOT):
            return True
        if isinstance(e, sqlite3.Error) and (getattr(e, "sqlite_errorname", None) == "SQLITE_FULL"
                                             or str(e) == "database or disk is full"):
            return True
        if getattr(e, "sqlstate", None) == "53100" or getattr(e, "pgcode", None) == "53100":
            return True
        todo += [getattr(e, "orig", None), e.__cause__, e.__context__]
    return False


def _flatten_messages(messages: Any) -> dict:
    """webargs nests messages by location ({"json": {...}, "query": {...}}); merge them by field."""
    if not isinstance(messages, dict):
        return {"_schema": messages if isinstance(messages, list) else [str(messages)]}
    locations = {"json", "query", "querystring", "form", "headers", "files", "view_args", "path", "cookies"}
    if messages and set(messages) <= locations:
        merged: dict = {}
        for value in messages.values():
            if isinstance(value, dict):
                merged.update(value)
            else:
                merged.setdefault("_schema", []).extend(value if isinstance(value, list) else [value])
        return merged
    return messages


def _leaf_paths(errors: Any, prefix: str = "") -> list[str]:
    if isinstance(errors, dict):
        paths: list[str] = []
        for key, value in errors.items():
            name = prefix if key == "_schema" else (f"{prefix}.{key}" if prefix else str(key))
            paths.extend(_leaf_paths(value, name))
        return paths
    return [prefix] if prefix else []


def _validation_message(errors: dict) -> str:
    fields_named = list(dict.fromkeys(p for p in _leaf_paths(errors) if p))
    if not fields_named:
        schema_msgs = errors.get("_schema")
        if isinstance(schema_msgs, list) and schema_msgs and isinstance(schema_msgs[0], str):
            first = schema_msgs[0]
            return first if first.endswith(".") else first + "."
        return _CODES[422][1]
    shown = ", ".join(fields_named[:5]) + (", ..." if len(fields_named) > 5 else "")
    return "Invalid value for: " + shown + "."


def render_http_exception(exc: HTTPException) -> Response:
    status = exc.code or 500
    code, message = _CODES.get(status, ("http_error", exc.name + "."))
    errors: dict = {}
    headers: dict[str, str] = {}
    data = getattr(exc, "data", None) or {}
    if "messages" in data:  # webargs / flask-smorest validation failure
        errors = _flatten_messages(data["messages"])
        message = _validation_message(errors) if status == 422 else message
        if status == 400 and errors:
            message = "The request body is not valid JSON." if "_schema" in errors else message
    elif status == 429 and exc.description:
        message = f"Too many requests (limit {exc.description}). Please wait and try again."
    if status == 405 and exc.valid_methods:  # type: ignore[attr-defined]
        headers["Allow"] = ", ".join(exc.valid_methods)  # type: ignore[attr-defined]
    retry = exc.get_headers() if status == 429 else []
    for key, value in retry:
        if key.lower() == "retry-after":
            headers[key] = value
    return error_response(status, code, message, errors, headers)


def register_error_handlers(app: Flask) -> None:
    @app.errorhandler(ApiError)
    def _api_error(exc: ApiError):
        return error_response(exc.status, exc.code, exc.message, exc.errors, exc.headers)

    @app.errorhandler(HTTPException)
    def _http_error(exc: HTTPException):
        return render_http_exception(exc)

    @app.errorhandler(Exception)
    def _unexpected(exc: Exception):
        # PyJWT errors escaping flask-jwt-extended's own handlers are authentication failures.
        import jwt as pyjwt
        import flask_jwt_extended.exceptions as jwt_exc

        if isinstance(exc, (pyjwt.PyJWTError, jwt_exc.JWTExtendedException)):
            return error_response(401, "invalid_token", "The access token is invalid.")
        if isinstance(exc, RecursionError):  # a nested input that slipped past the body-depth check
            log.warning("Input nested too deeply on %s %s", request.method, request.path)
            return error_response(400, "bad_request", "The request is nested too deeply.")
        if storage_full(exc):  # an operator must free space; the client may retry later
            log.error("Out of storage space on %s %s: %s", request.method, request.path, exc)
            return error_response(507, *_CODES[507])
        log.exception("Unhandled error on %s %s", request.method, request.path)
        from api import sentry

        sentry.capture_exception(exc)
        return error_response(500, *_CODES[500])
