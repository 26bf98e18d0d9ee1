"""Sentry reporting, active only when ``VOLLAND_SENTRY_DSN`` is set; without a DSN nothing is sent.

What goes out: unhandled server errors (exception, stack, request method and path, release, environment)
and the web app's reports posted to ``client-errors`` (message, stack, kind, route, release, with the
server's fingerprint as the Sentry fingerprint). No personal data: the SDK's default (``send_default_pii`` unset) attaches no
cookies, user ids, IP addresses or request bodies are attached."""

from __future__ import annotations

import logging

import sentry_sdk
from sentry_sdk.integrations.flask import FlaskIntegration
from sentry_sdk.integrations.logging import ignore_logger

log = logging.getLogger(__name__)
_active = False

# These loggers record what is sent explicitly below (capture_exception / capture_client_report); their
# lines would otherwise arrive a second time through the logging integration.
for _name in ("api.errors", "volland.client_errors"):
    ignore_logger(_name)


def init(dsn: str, environment: str, release: str) -> bool:
    """Start the SDK with ``dsn``; an empty DSN stops a client an earlier call started (tests, reloads)."""
    global _active
    if not dsn:
        if _active:
            sentry_sdk.get_client().close(timeout=2)
            sentry_sdk.init(dsn=None)
            _active = False
        return False
    # send_default_pii is left unset: the SDK's default attaches no cookies, user data, IPs or bodies.
    sentry_sdk.init(dsn=dsn, environment=environment, release=release, integrations=[FlaskIntegration()],
                    traces_sample_rate=0.0)
    _active = True
    return True


def active() -> bool:
    return _active


def capture_exception(exc: BaseException) -> None:
    """An unhandled server error (the catch-all handler answers 500, so Flask's own signal never fires)."""
    if _active:
        sentry_sdk.capture_exception(exc)


def capture_client_report(report: dict, fingerprint: str) -> None:
    if not _active:
        return
    with sentry_sdk.new_scope() as scope:
        scope.fingerprint = [fingerprint]
        scope.set_tag("source", "web")
        scope.set_tag("fingerprint", fingerprint)
        scope.set_tag("kind", report.get("kind", "crash"))
        scope.set_tag("route", report.get("route", ""))
        scope.set_tag("client_release", report.get("release", ""))
        scope.set_extra("stack", report.get("stack", ""))
        scope.set_extra("componentStack", report.get("componentStack", ""))
        sentry_sdk.capture_message(report["message"], level="error")
