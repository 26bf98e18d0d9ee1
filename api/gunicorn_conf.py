"""gunicorn settings for ``volland serve``: errors gunicorn answers itself use the API's JSON error body,
requests are read whole before a thread handles them, each server has its own control socket, and no
token reaches a log.

gunicorn rejects some requests before the application sees them (a request line or header block over its
limits, a malformed request line or header, a bad chunked body) and writes its own HTML page for them.
Loading this module as the configuration (``gunicorn -c python:api.gunicorn_conf api.wsgi:app``) replaces
that page with ``{"code", "status", "message", "errors"}``, like every other error of the API
(docs/security.md, "Errors answered by gunicorn"). The module is read in the master process before the
workers are forked, so every worker answers this way.

- ``worker_class``: gunicorn's threaded worker fed whole requests only (api/gunicorn_worker.py), so slow
  clients hold no thread.
- ``on_starting``: gunicorn's control socket (``gunicornc``) defaults to one path per user
  (``$XDG_RUNTIME_DIR/gunicorn.ctl`` or ``~/.gunicorn/gunicorn.ctl``), shared by every gunicorn server of
  that user: the last one started takes it and any one that stops deletes it. Each server gets its own,
  ``<var>/run/gunicorn-<bind address>.ctl``, unless ``--control-socket`` or ``--no-control-socket`` was given.
- ``logger_class``: reset tokens, billing-portal and checkout links, JWTs and API keys are replaced by
  ``[redacted]`` in the access and error logs (docs/deployment.md, "Logs").
"""

from __future__ import annotations

import json
import logging
import os
import re

from gunicorn import util
from gunicorn.glogging import Logger

# Messages are fixed per status: the rejected input is never echoed back.
ERRORS = {
    400: ("bad_request", "The request is not valid HTTP."),
    403: ("forbidden", "The request is forbidden."),
    408: ("request_timeout", "The request was not received in time."),
    414: ("uri_too_long", "The request line is too long."),
    417: ("expectation_failed", "The Expect header cannot be met."),
    431: ("headers_too_large", "The request has too many header fields or one is too large."),
    500: ("internal_error", "An unexpected error occurred."),
    501: ("not_implemented", "The transfer coding is not supported."),
}


def json_error(status: int, reason: str) -> bytes:
    """One complete HTTP/1.1 response carrying the JSON error body for ``status``."""
    code, message = ERRORS.get(status, ("bad_request" if status < 500 else "internal_error",
                                        reason or "The request could not be processed."))
    body = json.dumps({"code": code, "status": status, "message": message, "errors": {}}).encode()
    head = (f"HTTP/1.1 {status} {reason}\r\n"
            "Connection: close\r\n"
            "Content-Type: application/json\r\n"
            "X-Content-Type-Options: nosniff\r\n"
            "Cache-Control: no-store\r\n"
            f"Content-Length: {len(body)}\r\n\r\n")
    return head.encode("latin-1") + body


def write_json_error(sock, status_int, reason, mesg):  # noqa: ARG001 - gunicorn's signature; mesg not echoed
    util.write_nonblock(sock, json_error(int(status_int), str(reason)))


# Threads get whole requests only, so slow clients hold no thread (api/gunicorn_worker.py).
worker_class = "api.gunicorn_worker.BufferedThreadWorker"
logger_class = "api.gunicorn_conf.RedactingLogger"

# The longest path a Unix socket address holds (sun_path is 108 bytes with its final NUL).
_SOCKET_PATH_MAX = 107


def control_socket_path(var_dir, bind: str):
    """This server's control socket: one per var folder and bind address."""
    return var_dir / "run" / ("gunicorn-" + re.sub(r"[^A-Za-z0-9.-]+", "_", bind).strip("_") + ".ctl")


def on_starting(server) -> None:
    from gunicorn.config import ControlSocket

    from volland.settings import get_settings

    cfg = server.cfg
    if cfg.control_socket_disable or cfg.control_socket != ControlSocket.default:
        return  # the operator chose
    path = control_socket_path(get_settings().var_dir, cfg.bind[0] if cfg.bind else "default")
    if len(os.fsencode(path)) > _SOCKET_PATH_MAX:
        server.log.warning("No control socket: %s is too long for a Unix socket path.", path)
        cfg.set("control_socket_disable", True)
        return
    path.parent.mkdir(mode=0o700, parents=True, exist_ok=True)
    cfg.set("control_socket", str(path))


# ---------------------------------------------------------------- logs without tokens

_SECRET_PARAMS = ("token", "session_id", "code", "key", "api_key", "apikey", "access_token", "refresh_token",
                  "id_token", "password", "secret")
_REDACTIONS = (
    # Query parameters that carry a credential: the password-reset link (/reset-password?token=...), the
    # checkout return (?session_id=...) and any client that puts a key or token in the query.
    (re.compile(r"([?&;](?:%s)=)[^&;\s\"'#]*" % "|".join(_SECRET_PARAMS), re.IGNORECASE), r"\1[redacted]"),
    # The embedded billing provider's portal and checkout pages: /billing/local/(portal|checkout)/<secret>.
    (re.compile(r"(/billing/local/(?:portal|checkout)/)[^/?#\s\"']+"), r"\1[redacted]"),
    # Anything shaped like a JWT (access, data and portal tokens; Authorization headers in custom formats).
    (re.compile(r"eyJ[A-Za-z0-9_-]{4,}\.[A-Za-z0-9_-]{4,}\.[A-Za-z0-9_-]*"), "[redacted]"),
    # Public API keys.
    (re.compile(r"\bvol_[A-Za-z0-9_-]{8,}"), "vol_[redacted]"),
)


def redact(text: str) -> str:
    for pattern, replacement in _REDACTIONS:
        text = pattern.sub(replacement, text)
    return text


class RedactingFilter(logging.Filter):
    """Formats the record's message and removes credentials from it (the request line, the referer, ...)."""

    def filter(self, record: logging.LogRecord) -> bool:
        try:
            message = record.getMessage()
        except Exception:  # noqa: BLE001 - a bad format is the handler's problem, not ours
            return True
        clean = redact(message)
        if clean != message:
            record.msg, record.args = clean, None
        return True


class RedactingLogger(Logger):
    """gunicorn's logger with :class:`RedactingFilter` on its access and error logs, and on Python's
    last-resort handler, which writes the application's own warnings when no logging is configured."""

    def setup(self, cfg) -> None:
        super().setup(cfg)
        for target in (self.access_log, self.error_log, logging.lastResort):
            if target is not None and not any(isinstance(f, RedactingFilter) for f in target.filters):
                target.addFilter(RedactingFilter())


# gunicorn's workers call ``util.write_error`` for these answers (gunicorn.workers.base.Worker.handle_error).
util.write_error = write_json_error
