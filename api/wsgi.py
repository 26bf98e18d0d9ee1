"""WSGI entry point for gunicorn: ``gunicorn api.wsgi:app``.

A production start never generates a signing key: without ``VOLLAND_SECRET_KEY`` (or a key file made by an
earlier embedded start) it stops with one line saying what to configure.
"""

import sys

from api.app import create_app
from volland.settings import SecretKeyError

try:
    app = create_app(production=True)
except SecretKeyError as exc:
    print(f"volland: {exc}", file=sys.stderr)
    raise SystemExit(2) from None

# docs/billing.md: a start with test payments (or with purchasing off) says so; `volland serve` also
# prints it once before gunicorn starts.
try:
    from api.billing.service import start_notice

    _payments_notice = start_notice()
except ValueError as exc:
    print(f"volland: {exc}", file=sys.stderr)
    raise SystemExit(2) from None
if _payments_notice:
    import logging

    logging.getLogger("api.billing").warning(_payments_notice)
