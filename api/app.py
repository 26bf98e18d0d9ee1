"""Flask application factory.

The API's blueprints are listed in one tuple, ``BLUEPRINTS``, in the order of the OpenAPI document; each
blueprint's own ``url_prefix`` places it (all API routes live under ``/api/v1``).
"""

from __future__ import annotations

import logging
from datetime import timedelta

from flask import Flask
from flask_smorest import Blueprint

from api import db, documents, errors, hardening, nodes, sentry, spa
from api.admin import dashboard as admin_dashboard
from api.admin import routes as admin_jobs
from api.alerts import routes as alerts
from api.api_keys import routes as api_keys
from api.auth import routes as auth
from api.billing import local as billing_local
from api.client_errors import routes as client_errors
from api.contact import routes as contact
from api.data import routes as data
from api.export import routes as export
from api.extensions import api, jwt, limiter
from api.lms import routes as lms
from api.newsletter import routes as newsletter
from api.products import routes as products
from api.public_api import routes as public_api
from api.public_data import routes as public_data
from api.site import routes as site
from api.users import routes as users
from api.workspaces import routes as workspaces
from volland.redis_client import PROFILES
from volland.settings import get_settings, resolve_secret_key

BLUEPRINTS: tuple[Blueprint, ...] = (
    auth.blp,
    users.blp,
    workspaces.blp,
    api_keys.blp,
    alerts.blp,
    products.blp,
    contact.blp,
    client_errors.blp,
    data.blp,
    export.blp,
    public_data.blp,
    public_api.blp,
    admin_jobs.blp,
    admin_dashboard.blp,
    lms.blp,
    lms.learner_blp,
    lms.admin_blp,
    newsletter.blp,
    newsletter.admin_blp,
    site.blp,
)

API_VERSION = "1.0.0"


def _base_config() -> dict:
    s = get_settings()
    return {
        "JWT_ACCESS_TOKEN_EXPIRES": timedelta(minutes=s.access_token_minutes),
        "JWT_TOKEN_LOCATION": ["headers"],
        "JWT_ALGORITHM": "HS256",
        "JWT_DECODE_ALGORITHMS": ["HS256"],
        "DATA_TOKEN_MINUTES": s.data_token_minutes,
        "REFRESH_TOKEN_DAYS": s.refresh_token_days,
        "MAX_SESSIONS": s.max_sessions,
        "MAX_CONTENT_LENGTH": s.max_body_bytes,
        "TRUSTED_PROXIES": s.trusted_proxies,
        "DATABASE_URL": s.sqlalchemy_url,
        "WEB_DIST": s.web_dist,
        "LOGIN_RATE_LIMIT": s.login_rate_limit,
        "SIGNUP_RATE_LIMIT": s.signup_rate_limit,
        "RESET_RATE_LIMIT": s.reset_rate_limit,
        "CONTACT_RATE_LIMIT": s.contact_rate_limit,
        "EXPORT_RATE_LIMIT": s.export_rate_limit,
        "RATELIMIT_STORAGE_URI": s.ratelimit_storage_url or s.redis_url,
        "RATELIMIT_ENABLED": True,
        # Counters live in the Redis every API node shares, one key space per deployment prefix.
        "RATELIMIT_KEY_PREFIX": f"{s.jobs_prefix}-rl",
        "RATELIMIT_IN_MEMORY_FALLBACK_ENABLED": True,
        "RATELIMIT_HEADERS_ENABLED": True,
        "RATELIMIT_STORAGE_OPTIONS": PROFILES["limits"].options(),
        "API_TITLE": "Volland API",
        "API_VERSION": API_VERSION,
        "OPENAPI_VERSION": "3.0.3",
        "OPENAPI_URL_PREFIX": "/api",
        "OPENAPI_JSON_PATH": "openapi.json",
        "API_SPEC_OPTIONS": {
            "info": {"description": "Accounts, workspaces, API keys and market data of Volland. Errors always "
                                    "use the body {code, status, message, errors}. No text of a request (JSON "
                                    "string or key, query or form parameter, header) may contain the NUL "
                                    "character U+0000: such a request answers 400 bad_request (404 in a path)."},
            "components": {"securitySchemes": {
                "bearerAuth": {"type": "http", "scheme": "bearer", "bearerFormat": "JWT",
                               "description": "Access token from auth/login (or a data token from "
                                              "auth/generate-data-api-token for /api/v1/data routes)."},
                "apiKeyAuth": {"type": "apiKey", "in": "header", "name": "X-API-KEY",
                               "description": "Public data API key created under api-keys."},
            }},
        },
        "JSON_SORT_KEYS": False,
    }


def create_app(config: dict | None = None, *, production: bool = False) -> Flask:
    """The application. ``production`` (gunicorn) never generates a signing key: without
    ``VOLLAND_SECRET_KEY`` or an existing ``var_dir/secret_key`` it raises ``SecretKeyError``."""
    app = Flask(__name__, static_folder=None)
    app.config.update(_base_config())
    app.config.update(config or {})
    if not app.config.get("JWT_SECRET_KEY"):
        app.config["JWT_SECRET_KEY"] = resolve_secret_key(create=not production)
    if not app.config.get("SECRET_KEY"):
        app.config["SECRET_KEY"] = app.config["JWT_SECRET_KEY"]
    app.json.sort_keys = False
    logging.getLogger("api").setLevel(logging.INFO)

    hardening.init_app(app, trusted_proxies=int(app.config["TRUSTED_PROXIES"]))
    db.init_app(app)
    api.init_app(app)
    jwt.init_app(app)
    _jwt_failures_are_401()
    # Flask-Limiter keeps some state of the first app on the shared instance (key prefix, "storage is
    # down" flag); several apps in one process (tests, tools) each start from their own configuration.
    limiter._key_prefix = ""
    limiter._storage_dead = False
    limiter.init_app(app)
    # Registered last so these handlers replace the ones flask-smorest and flask-jwt-extended add.
    errors.register_error_handlers(app)

    for blueprint in BLUEPRINTS:
        api.register_blueprint(blueprint)

    app.register_blueprint(billing_local.bp)
    documents.register(app)
    spa.register(app)

    settings = get_settings()
    sentry.init(app.config.get("SENTRY_DSN", settings.sentry_dsn), settings.sentry_environment, settings.release)
    if not app.config.get("TESTING"):
        # Every API node hears each publish through Redis (api/nodes.py).
        nodes.ensure_listener(get_settings())
    return app


def _jwt_failures_are_401() -> None:
    """flask-jwt-extended answers some failures with 422 and its own body; use 401 and the one body."""
    def reply(message: str, code: str = "invalid_token"):
        return errors.error_response(401, code, message)

    jwt.unauthorized_loader(lambda reason: reply("An access token is required (Authorization: Bearer ...).",
                                                 "missing_token"))
    jwt.invalid_token_loader(lambda reason: reply("The access token is invalid."))
    jwt.expired_token_loader(lambda header, payload: reply("The access token has expired.", "token_expired"))
    jwt.revoked_token_loader(lambda header, payload: reply("This session has ended. Please log in again.",
                                                           "session_revoked"))
    jwt.needs_fresh_token_loader(lambda header, payload: reply("A fresh login is required."))
    jwt.user_lookup_error_loader(lambda header, payload: reply("This session has ended. Please log in again.",
                                                               "session_revoked"))
    jwt.token_verification_failed_loader(lambda header, payload: reply("The access token is invalid."))
