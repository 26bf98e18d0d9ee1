"""Optional Sentry reporting: active only when ``VOLLAND_SENTRY_DSN`` is set and the ``sentry-sdk``
package (the ``sentry`` extra) is installed. Without a DSN nothing is imported and nothing is sent."""

from __future__ import annotations

import logging

log = logging.getLogger(__name__)
_active = False


def init(dsn: str, environment: str, release: str) -> bool:
    global _active
    if not dsn:
        return False
    try:
        import sentry_sdk
        from sentry_sdk.integrations.flask import FlaskIntegration
    except ImportError:
        log.warning("VOLLAND_SENTRY_DSN is set but sentry-sdk is not installed (pip install '.[sentry]'); "
                    "errors are kept in the built-in store only")
        return False
    sentry_sdk.init(dsn=dsn, environment=environment, release=release, integrations=[FlaskIntegration()],
                    send_default_pii=False, traces_sample_rate=0.0)
    _active = True
    return True


def capture_client_report(report: dict, fingerprint: str) -> None:
    if not _active:
        return
    import sentry_sdk

    with sentry_sdk.new_scope() as scope:
        scope.fingerprint = [fingerprint]
        scope.set_tag("source", "web")
        scope.set_tag("kind", report.get("kind", "crash"))
        scope.set_tag("route", report.get("route", ""))
        scope.set_extra("stack", report.get("stack", ""))
        sentry_sdk.capture_message(report["message"], level="error")
