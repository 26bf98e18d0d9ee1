"""gunicorn settings for ``volland serve``: errors gunicorn answers itself use the API's JSON error body.

gunicorn rejects some requests before the application sees them (a request line or header block over its
limits, a malformed request line or header, a bad chunked body) and writes its own HTML page for them.
Loading this module as the configuration (``gunicorn -c python:api.gunicorn_conf api.wsgi:app``) replaces
that page with ``{"code", "status", "message", "errors"}``, like every other error of the API
(docs/security.md, "Errors answered by gunicorn"). The module is read in the master process before the
workers are forked, so every worker answers this way.
"""

from __future__ import annotations

import json

from gunicorn import util

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

# gunicorn's workers call ``util.write_error`` for these answers (gunicorn.workers.base.Worker.handle_error).
util.write_error = write_json_error
