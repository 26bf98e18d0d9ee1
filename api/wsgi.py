"""WSGI entry point for gunicorn: ``gunicorn api.wsgi:app``.

A production start never generates a signing key: without ``VOLLAND_SECRET_KEY`` (or a key file made by an
earlier embedded start) it stops with one line saying what to configure. gunicorn imports this module in
each worker; the worker then exits with gunicorn's "App failed to load" code (4), which makes the gunicorn
master stop with that code instead of starting the worker again and again.
"""

import sys

from api.app import create_app
from volland.settings import SecretKeyError

# gunicorn.arbiter.Arbiter.APP_LOAD_ERROR: a worker exiting with it stops the whole server.
APP_LOAD_ERROR = 4

try:
    app = create_app(production=True)
except SecretKeyError as exc:
    print(f"volland: {exc}", file=sys.stderr)
    raise SystemExit(APP_LOAD_ERROR) from None

# docs/billing.md: a start with test payments (or with purchasing off) says so; `volland serve` also
# prints it once before gunicorn starts.
try:
    from api.billing.service import start_notice

    _payments_notice = start_notice()
except ValueError as exc:
    print(f"volland: {exc}", file=sys.stderr)
    raise SystemExit(APP_LOAD_ERROR) from None
if _payments_notice:
    import logging

    logging.getLogger("api.billing").warning(_payments_notice)

# The development setting for alert webhooks (http to loopback) is said at every production start too.
from api.alerts.webhook_urls import start_notice as _webhooks_start_notice  # noqa: E402

_webhooks_notice = _webhooks_start_notice()
if _webhooks_notice:
    import logging

    logging.getLogger("api.alerts").warning(_webhooks_notice)
