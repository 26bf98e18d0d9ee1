"""One settings module for the whole product.

Every value is read from an environment variable with the ``VOLLAND_`` prefix and has a default that
runs embedded on one machine (SQLite, a local Parquet store, Redis on localhost or a private one).
"""

from __future__ import annotations

import os
import secrets
from dataclasses import dataclass, field
from pathlib import Path

PROJECT_ROOT = Path(__file__).resolve().parent.parent


def _env(name: str, default: str) -> str:
    return os.environ.get(f"VOLLAND_{name}", default)


def _env_int(name: str, default: int) -> int:
    raw = os.environ.get(f"VOLLAND_{name}")
    return int(raw) if raw not in (None, "") else default


def _env_bool(name: str, default: bool) -> bool:
    raw = os.environ.get(f"VOLLAND_{name}")
    if raw in (None, ""):
        return default
    return raw.strip().lower() in {"1", "true", "yes", "on"}


def frozen_now() -> str:
    """``VOLLAND_FROZEN_NOW``: an instant (ISO-8601, UTC when naive) that pins the wall clock for tests and
    benchmarks; empty: the real clock. Read on its own because the clock asks on every request, and a
    whole ``Settings`` reads every variable (about a millisecond)."""
    return _env("FROZEN_NOW", "")


@dataclass(frozen=True)
class Settings:
    # Where generated state lives: the Parquet store, the SQLite file, the mail outbox, logs.
    var_dir: Path = field(default_factory=lambda: Path(_env("VAR_DIR", str(PROJECT_ROOT / "var"))))
    store_root: str = field(default_factory=lambda: _env("STORE_ROOT", ""))
    # A store on S3-compatible object storage (VOLLAND_STORE_ROOT=s3://bucket/prefix, docs/deployment.md):
    # the server's URL (empty: AWS), its region, and credentials (empty: botocore's own chain, e.g. the
    # AWS_* variables or an instance role). Readers look for a newer manifest at most once per
    # ``store_poll_seconds`` (a local folder is checked on every request, which costs one stat).
    store_endpoint_url: str = field(default_factory=lambda: _env("STORE_ENDPOINT_URL", ""))
    store_region: str = field(default_factory=lambda: _env("STORE_REGION", ""))
    store_access_key_id: str = field(default_factory=lambda: _env("STORE_ACCESS_KEY_ID", ""))
    store_secret_access_key: str = field(default_factory=lambda: _env("STORE_SECRET_ACCESS_KEY", ""))
    store_session_token: str = field(default_factory=lambda: _env("STORE_SESSION_TOKEN", ""))
    store_poll_seconds: float = field(default_factory=lambda: float(_env("STORE_POLL_SECONDS", "1")))
    # For a server without conditional writes (If-None-Match on PutObject): false makes writers take a
    # lock in Redis (VOLLAND_REDIS_URL) around each commit instead.
    store_conditional_writes: bool = field(default_factory=lambda: _env_bool("STORE_CONDITIONAL_WRITES", True))
    database_url: str = field(default_factory=lambda: _env("DATABASE_URL", ""))
    redis_url: str = field(default_factory=lambda: _env("REDIS_URL", "redis://127.0.0.1:6379/0"))
    # Signs every token. Empty: the key generated once under var_dir (see ``resolve_secret_key``).
    secret_key: str = field(default_factory=lambda: _env("SECRET_KEY", ""))
    # Reverse proxies in front of the server whose X-Forwarded-For/-Proto headers are trusted (0: none).
    trusted_proxies: int = field(default_factory=lambda: _env_int("TRUSTED_PROXIES", 0))
    host: str = field(default_factory=lambda: _env("HOST", "127.0.0.1"))
    port: int = field(default_factory=lambda: _env_int("PORT", 8000))
    # Accounts
    max_sessions: int = field(default_factory=lambda: _env_int("MAX_SESSIONS", 1))
    access_token_minutes: int = field(default_factory=lambda: _env_int("ACCESS_TOKEN_MINUTES", 15))
    refresh_token_days: int = field(default_factory=lambda: _env_int("REFRESH_TOKEN_DAYS", 30))
    data_token_minutes: int = field(default_factory=lambda: _env_int("DATA_TOKEN_MINUTES", 5))
    # Mail: empty SMTP host means "write to the outbox folder and the log".
    smtp_host: str = field(default_factory=lambda: _env("SMTP_HOST", ""))
    smtp_port: int = field(default_factory=lambda: _env_int("SMTP_PORT", 25))
    mail_from: str = field(default_factory=lambda: _env("MAIL_FROM", "no-reply@volland.local"))
    public_url: str = field(default_factory=lambda: _env("PUBLIC_URL", "http://127.0.0.1:8000"))
    smtp_username: str = field(default_factory=lambda: _env("SMTP_USERNAME", ""))
    smtp_password: str = field(default_factory=lambda: _env("SMTP_PASSWORD", ""))
    smtp_starttls: bool = field(default_factory=lambda: _env_bool("SMTP_STARTTLS", False))
    # Alerts (docs/design.md, "Alerts"). Development only: webhooks may use http to a loopback address
    # (127.0.0.1, ::1, localhost); without it a webhook is https and never a private or loopback target.
    alerts_dev_webhooks: bool = field(default_factory=lambda: _env_bool("ALERTS_DEV_WEBHOOKS", False))
    # Deliveries (every channel) one user may receive per hour; more are logged as skipped.
    alerts_deliveries_per_hour: int = field(default_factory=lambda: _env_int("ALERTS_DELIVERIES_PER_HOUR", 120))
    # How long one answer of the alert stream stays open (seconds), woken through Redis when an alert
    # fires. The API's workers give each open request a thread, so a process holds at most two such
    # answers at once and every answer ends; the browser reconnects (docs/design.md §5.10).
    alerts_stream_seconds: float = field(default_factory=lambda: float(_env("ALERTS_STREAM_SECONDS", "20")))
    contact_to: str = field(default_factory=lambda: _env("CONTACT_TO", "support@volland.local"))
    # The downloadable PDFs (api/documents.py): a folder searched first for a Unicode TrueType font.
    pdf_font_dir: str = field(default_factory=lambda: _env("PDF_FONT_DIR", ""))
    # Accounts API (api/)
    reset_token_minutes: int = field(default_factory=lambda: _env_int("RESET_TOKEN_MINUTES", 60))
    # argon2id cost; tests lower it (never lower it in production).
    argon2_time_cost: int = field(default_factory=lambda: _env_int("ARGON2_TIME_COST", 3))
    argon2_memory_kib: int = field(default_factory=lambda: _env_int("ARGON2_MEMORY_KIB", 65536))
    argon2_parallelism: int = field(default_factory=lambda: _env_int("ARGON2_PARALLELISM", 2))
    google_client_id: str = field(default_factory=lambda: _env("GOOGLE_CLIENT_ID", ""))
    # A JWKS URL (https://...) or a local JSON file path holding the keys.
    google_jwks: str = field(default_factory=lambda: _env("GOOGLE_JWKS", "https://www.googleapis.com/oauth2/v3/certs"))
    ratelimit_storage_url: str = field(default_factory=lambda: _env("RATELIMIT_STORAGE_URL", ""))
    login_rate_limit: str = field(default_factory=lambda: _env("LOGIN_RATE_LIMIT", "10 per minute;100 per hour"))
    signup_rate_limit: str = field(default_factory=lambda: _env("SIGNUP_RATE_LIMIT", "5 per minute;50 per day"))
    reset_rate_limit: str = field(default_factory=lambda: _env("RESET_RATE_LIMIT", "5 per minute;20 per hour"))
    contact_rate_limit: str = field(default_factory=lambda: _env("CONTACT_RATE_LIMIT", "3 per minute;20 per day"))
    max_body_bytes: int = field(default_factory=lambda: _env_int("MAX_BODY_BYTES", 1024 * 1024))
    # The prints tape of a live session (many window files) is kept in memory per (ticker, session), least
    # recently paged dropped first beyond this many MB (data/store/tape.py; a busy SPX session about 100 MB);
    # 0 reads every page from the files.
    tape_memory_mb: int = field(default_factory=lambda: _env_int("TAPE_MEMORY_MB", 256))
    # `volland serve` reads each request whole before a thread handles it (api/gunicorn_worker.py): a
    # request not complete this many seconds after the connection opened (on a kept-alive connection:
    # after its first byte) is answered 408.
    request_read_timeout_seconds: float = field(
        default_factory=lambda: float(_env("REQUEST_READ_TIMEOUT_SECONDS", "20")))
    web_dist: str = field(default_factory=lambda: _env("WEB_DIST", str(PROJECT_ROOT / "web" / "dist")))
    # Billing (docs/billing.md). The site name prefixes the tier names ('{site} Live'). The provider is
    # VOLLAND_BILLING_PROVIDER when set: "stripe", "embedded" (test payments: local checkout and portal
    # pages that charge nothing, for development and demos; `make run` and the tests choose it) or "off".
    # Unset, it is "stripe" when a Stripe secret key is set, else "off": checkout and portal answer 503
    # billing_unavailable, so a production start without Stripe never gives plans away. Tier product/price ids:
    # "live=prod_a,prod_b;30=prod_c,prod_d;..." (two product ids per tier: the one sold today first)
    # and "live=price_a;30=price_b;...". The API base is only changed to point the library at a stub.
    site_name: str = field(default_factory=lambda: _env("SITE_NAME", "Volland"))
    billing_provider: str = field(default_factory=lambda: _env("BILLING_PROVIDER", ""))
    stripe_secret_key: str = field(default_factory=lambda: _env("STRIPE_SECRET_KEY", ""))
    stripe_webhook_secret: str = field(default_factory=lambda: _env("STRIPE_WEBHOOK_SECRET", ""))
    stripe_api_base: str = field(default_factory=lambda: _env("STRIPE_API_BASE", ""))
    stripe_portal_configuration: str = field(default_factory=lambda: _env("STRIPE_PORTAL_CONFIGURATION", ""))
    tier_product_ids: str = field(default_factory=lambda: _env("TIER_PRODUCT_IDS", ""))
    tier_price_ids: str = field(default_factory=lambda: _env("TIER_PRICE_IDS", ""))
    # Seconds a webhook signature stays valid (replays older than this are refused).
    webhook_tolerance_seconds: int = field(default_factory=lambda: _env_int("WEBHOOK_TOLERANCE_SECONDS", 300))
    # Market data
    demo_seed: int = field(default_factory=lambda: _env_int("DEMO_SEED", 7))
    live_refresh_offset_seconds: int = field(default_factory=lambda: _env_int("LIVE_REFRESH_OFFSET_SECONDS", 30))
    replay_clock: bool = field(default_factory=lambda: _env_bool("REPLAY_CLOCK", True))
    frozen_now: str = field(default_factory=frozen_now)
    retention_days: int = field(default_factory=lambda: _env_int("RETENTION_DAYS", 400))
    # The demo data set `make run` builds when the store is empty: full, small or tiny.
    demo_profile: str = field(default_factory=lambda: _env("DEMO_PROFILE", "full"))
    # Data API and jobs: Redis key/queue prefix (one per deployment; tests use their own), response cache
    # switch, tickers per snapshot job, and the export limits of the quants route.
    jobs_prefix: str = field(default_factory=lambda: _env("JOBS_PREFIX", "volland"))
    cache_disabled: bool = field(default_factory=lambda: _env_bool("CACHE_DISABLED", False))
    snapshot_batch_size: int = field(default_factory=lambda: _env_int("SNAPSHOT_BATCH_SIZE", 25))
    # Several machines (docs/deployment.md): "redis" makes the store's writer lock a Redis lock, so
    # writers on different machines exclude each other ("file": a local flock, one machine only); the
    # folder where workers stage a run's batches until its publish step (shared by every worker machine).
    store_lock: str = field(default_factory=lambda: _env("STORE_LOCK", "file"))
    staging_dir: str = field(default_factory=lambda: _env("STAGING_DIR", ""))
    # How often a worker cleans the job registries: a batch whose worker was lost (heartbeat gone for
    # 40 s) is retried at the next clean-up of any live worker (at most 70 s: jobs/worker.py).
    worker_maintenance_seconds: int = field(
        default_factory=lambda: _env_int("WORKER_MAINTENANCE_SECONDS", 30))
    # Quants export limits (docs/security.md, "Export limits"): calendar days per request (any
    # granularity), rows per streamed answer (a year of closes and a month of SPX snapshots fit) and per
    # background file, background jobs queued or running per user and how long their files are kept,
    # exports running at once per user, the per-user request rate
    # (Flask-Limiter syntax), and how long a running-export count lives in Redis if a worker dies.
    export_max_days: int = field(default_factory=lambda: _env_int("EXPORT_MAX_DAYS", 366))
    export_max_rows: int = field(default_factory=lambda: _env_int("EXPORT_MAX_ROWS", 8_000_000))
    export_job_max_rows: int = field(default_factory=lambda: _env_int("EXPORT_JOB_MAX_ROWS", 200_000_000))
    export_jobs_per_user: int = field(default_factory=lambda: _env_int("EXPORT_JOBS_PER_USER", 3))
    export_job_ttl_seconds: int = field(default_factory=lambda: _env_int("EXPORT_JOB_TTL_SECONDS", 86_400))
    export_concurrency: int = field(default_factory=lambda: _env_int("EXPORT_CONCURRENCY", 2))
    export_rate_limit: str = field(default_factory=lambda: _env("EXPORT_RATE_LIMIT", "10 per minute;200 per day"))
    export_slot_ttl_seconds: int = field(default_factory=lambda: _env_int("EXPORT_SLOT_TTL_SECONDS", 900))
    # Scheduled runs' market-data source (docs/data-sources.md): "synthetic" (the offline demo) or
    # "cboe-delayed" (Cboe's delayed-quotes JSON documents for VOLLAND_SOURCE_TICKERS from
    # VOLLAND_CBOE_BASE_URL), with the fetcher's limits.
    source: str = field(default_factory=lambda: _env("SOURCE", "synthetic"))
    source_tickers: str = field(default_factory=lambda: _env("SOURCE_TICKERS", ""))
    cboe_base_url: str = field(default_factory=lambda: _env("CBOE_BASE_URL", "https://cdn.cboe.com"))
    source_concurrency: int = field(default_factory=lambda: _env_int("SOURCE_CONCURRENCY", 8))
    source_timeout_seconds: float = field(default_factory=lambda: float(_env("SOURCE_TIMEOUT_SECONDS", "10")))
    source_retries: int = field(default_factory=lambda: _env_int("SOURCE_RETRIES", 3))
    source_backoff_seconds: float = field(default_factory=lambda: float(_env("SOURCE_BACKOFF_SECONDS", "0.5")))
    # A document older than this (its own time vs the snapshot time) is stale and not used.
    source_max_age_seconds: int = field(default_factory=lambda: _env_int("SOURCE_MAX_AGE_SECONDS", 1800))
    # Cboe publishes its delayed quotes for personal, non-commercial use: a production start (`volland serve`
    # without --dev, `make run`) with VOLLAND_SOURCE=cboe-delayed needs this acknowledgement that the
    # deployment's use is covered (docs/data-sources.md, "Licences").
    cboe_delayed_ack: bool = field(default_factory=lambda: _env_bool("CBOE_DELAYED_ACK", False))
    # The live trade feeds (VOLLAND_SOURCE=databento-live or massive-live, docs/data-sources.md): the vendor key, the
    # gateway's host and port (empty host: the vendor's own for the dataset), the snapshot grid in minutes
    # (5, down to 1), the reconnection backoff (first wait, doubling up to the cap; attempts in a row
    # without a record before the consumer gives up) and the silence after which a feed is taken as dead.
    databento_key: str = field(default_factory=lambda: _env("DATABENTO_KEY", ""))
    databento_gateway: str = field(default_factory=lambda: _env("DATABENTO_GATEWAY", ""))
    databento_port: int = field(default_factory=lambda: _env_int("DATABENTO_PORT", 13000))
    databento_dataset: str = field(default_factory=lambda: _env("DATABENTO_DATASET", "OPRA.PILLAR"))
    # VOLLAND_SOURCE=massive-live: the vendor key, the options WebSocket's URL (wss://<feed host>; the
    # delayed feed is wss://delayed.massive.com) and the REST API's base URL (contracts, open interest and
    # the history a restart replays).
    massive_key: str = field(default_factory=lambda: _env("MASSIVE_KEY", ""))
    massive_ws_url: str = field(default_factory=lambda: _env("MASSIVE_WS_URL", "wss://socket.massive.com"))
    massive_rest_url: str = field(default_factory=lambda: _env("MASSIVE_REST_URL", "https://api.massive.com"))
    feed_grid_minutes: int = field(default_factory=lambda: _env_int("FEED_GRID_MINUTES", 5))
    feed_backoff_seconds: float = field(default_factory=lambda: float(_env("FEED_BACKOFF_SECONDS", "1")))
    feed_backoff_max_seconds: float = field(default_factory=lambda: float(_env("FEED_BACKOFF_MAX_SECONDS", "60")))
    feed_max_attempts: int = field(default_factory=lambda: _env_int("FEED_MAX_ATTEMPTS", 8))
    feed_heartbeat_seconds: int = field(default_factory=lambda: _env_int("FEED_HEARTBEAT_SECONDS", 10))
    feed_silence_seconds: float = field(default_factory=lambda: float(_env("FEED_SILENCE_SECONDS", "30")))
    # Outside links shown on the site (served by /api/v1/site/config); an empty one is hidden.
    link_community: str = field(default_factory=lambda: _env("LINK_COMMUNITY", ""))
    link_video: str = field(default_factory=lambda: _env("LINK_VIDEO", ""))
    link_newsletter: str = field(default_factory=lambda: _env("LINK_NEWSLETTER", ""))
    link_social: str = field(default_factory=lambda: _env("LINK_SOCIAL", ""))
    link_partner: str = field(default_factory=lambda: _env("LINK_PARTNER", ""))
    # The footer's two partner slots: each a link and the name shown for it (the link's host when unnamed).
    link_partner_name: str = field(default_factory=lambda: _env("LINK_PARTNER_NAME", ""))
    link_partner_second: str = field(default_factory=lambda: _env("LINK_PARTNER_SECOND", ""))
    link_partner_second_name: str = field(default_factory=lambda: _env("LINK_PARTNER_SECOND_NAME", ""))
    support_email: str = field(default_factory=lambda: _env("SUPPORT_EMAIL", ""))
    # Error reporting: with a DSN the server also reports to Sentry. The browser DSN (a public key, served
    # by site config and allowed by the page's connect-src) is separate so the server's is never exposed.
    sentry_dsn: str = field(default_factory=lambda: _env("SENTRY_DSN", ""))
    sentry_browser_dsn: str = field(default_factory=lambda: _env("SENTRY_BROWSER_DSN", ""))
    sentry_environment: str = field(default_factory=lambda: _env("SENTRY_ENVIRONMENT", "production"))
    release: str = field(default_factory=lambda: _env("RELEASE", "dev"))
    client_error_groups_max: int = field(default_factory=lambda: _env_int("CLIENT_ERROR_GROUPS_MAX", 5000))

    def source_refusal(self) -> str | None:
        """Why a production start refuses the configured source (one line), or None."""
        if self.source == "cboe-delayed" and not self.cboe_delayed_ack:
            return ("VOLLAND_SOURCE=cboe-delayed: Cboe publishes its delayed quotes for personal, non-commercial "
                    "use; set VOLLAND_CBOE_DELAYED_ACK=1 to state that this deployment's use is covered "
                    "(docs/data-sources.md, Licences).")
        return None

    @property
    def store_path(self) -> Path | str:
        """The store folder, or the store's ``s3://`` URL as it was given (a Path would fold its ``//``)."""
        if self.store_root.startswith(("s3://", "s3a://")):
            return self.store_root
        return Path(self.store_root) if self.store_root else self.var_dir / "store"

    @property
    def billing_provider_name(self) -> str:
        """stripe, embedded or off (or the unknown value as given: ``volland serve`` refuses it)."""
        chosen = self.billing_provider.strip().lower()
        if chosen:
            return chosen
        return "stripe" if self.stripe_secret_key else "off"

    @property
    def sqlalchemy_url(self) -> str:
        return self.database_url or f"sqlite:///{self.var_dir / 'volland.sqlite3'}"


SECRET_KEY_FILE = "secret_key"
SECRET_KEY_MIN_LENGTH = 32


class SecretKeyError(RuntimeError):
    """No usable signing key: the message says what to configure."""


def secret_key_path(settings: Settings) -> Path:
    return settings.var_dir / SECRET_KEY_FILE


def resolve_secret_key(settings: Settings | None = None, *, create: bool) -> str:
    """The token-signing key: ``VOLLAND_SECRET_KEY`` when set, else the key kept in ``var_dir/secret_key``.

    With ``create`` (embedded and development starts) a missing key file is generated once with 48 random
    bytes and file mode 600; without it (production starts) a missing key raises ``SecretKeyError``.
    A key shorter than 32 characters is refused either way.
    """
    s = settings or get_settings()
    key = s.secret_key.strip()
    source = "VOLLAND_SECRET_KEY"
    path = secret_key_path(s)
    if not key:
        source = str(path)
        if not path.is_file() and create:
            _write_new_key(path)
        if not path.is_file():
            raise SecretKeyError(
                f"No signing key: set VOLLAND_SECRET_KEY (at least {SECRET_KEY_MIN_LENGTH} random characters, "
                f"e.g. `python -c 'import secrets; print(secrets.token_urlsafe(48))'`) or create {path}.")
        key = path.read_text(encoding="utf-8").strip()
    if len(key) < SECRET_KEY_MIN_LENGTH:
        raise SecretKeyError(f"The signing key from {source} is too short: use at least "
                             f"{SECRET_KEY_MIN_LENGTH} random characters.")
    return key


def _write_new_key(path: Path) -> None:
    path.parent.mkdir(parents=True, exist_ok=True)
    try:
        fd = os.open(path, os.O_WRONLY | os.O_CREAT | os.O_EXCL, 0o600)
    except FileExistsError:  # another process generated it first: use theirs
        return
    with os.fdopen(fd, "w", encoding="utf-8") as handle:
        handle.write(secrets.token_urlsafe(48) + "\n")


def get_settings() -> Settings:
    """Read the environment now (tests change it between cases, so nothing is cached)."""
    return Settings()
