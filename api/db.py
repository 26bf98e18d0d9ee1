"""Account store: SQLAlchemy 2 engine and sessions, and Alembic migrations shipped in the package.

SQLite file by default, PostgreSQL (psycopg 3, ``postgresql+psycopg://``) through ``VOLLAND_DATABASE_URL``.
Inside a request, ``get_session()`` returns the request's session (closed at teardown). Outside a request
(CLI, jobs), use ``session_scope(url)``.
"""

from __future__ import annotations

import threading
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

from flask import Flask, current_app, g
from sqlalchemy import create_engine, event, text
from sqlalchemy.engine import Engine, make_url
from sqlalchemy.orm import Session, sessionmaker

from volland.settings import get_settings

MIGRATIONS_DIR = Path(__file__).resolve().parent / "migrations"

_engines: dict[str, Engine] = {}
_lock = threading.Lock()


def normalize_url(url: str) -> str:
    """Accept plain ``postgresql://`` / ``postgres://`` URLs and use the psycopg 3 driver for them."""
    if url.startswith("postgres://"):
        url = "postgresql://" + url[len("postgres://"):]
    if url.startswith("postgresql://"):
        url = "postgresql+psycopg://" + url[len("postgresql://"):]
    return url


def _sqlite_pragmas(dbapi_conn, _record) -> None:
    cur = dbapi_conn.cursor()
    cur.execute("PRAGMA foreign_keys=ON")
    cur.execute("PRAGMA busy_timeout=10000")
    cur.execute("PRAGMA journal_mode=WAL")
    cur.close()


def get_engine(url: str | None = None) -> Engine:
    """One engine per URL per process (engines own connection pools)."""
    url = normalize_url(url or get_settings().sqlalchemy_url)
    with _lock:
        engine = _engines.get(url)
        if engine is None:
            parsed = make_url(url)
            if parsed.get_backend_name() == "sqlite":
                if parsed.database and parsed.database != ":memory:":
                    Path(parsed.database).parent.mkdir(parents=True, exist_ok=True)
                engine = create_engine(url, connect_args={"check_same_thread": False, "timeout": 10})
                event.listen(engine, "connect", _sqlite_pragmas)
            else:
                engine = create_engine(url, pool_pre_ping=True, pool_size=5, max_overflow=5)
            _engines[url] = engine
        return engine


def dispose_engine(url: str) -> None:
    """Close the pooled connections of ``url``'s engine (it stays usable and opens new ones on demand)."""
    with _lock:
        engine = _engines.get(normalize_url(url))
    if engine is not None:
        engine.dispose()


def init_app(app: Flask) -> None:
    url = normalize_url(app.config.get("DATABASE_URL") or get_settings().sqlalchemy_url)
    app.config["DATABASE_URL"] = url
    app.extensions["volland_db"] = sessionmaker(bind=get_engine(url), expire_on_commit=False)

    @app.teardown_appcontext
    def _close_session(_exc: BaseException | None) -> None:
        session: Session | None = g.pop("_db_session", None)
        if session is not None:
            session.close()  # rolls back anything not committed


def get_session() -> Session:
    """The current request's session."""
    session = g.get("_db_session")
    if session is None:
        session = current_app.extensions["volland_db"]()
        g._db_session = session
    return session


def lock_user(db: Session, user_id: int) -> None:
    """Serialise, until ``db`` commits or rolls back, every transaction that takes this lock for the user.

    A per-user limit checked by counting rows (active API keys, open sessions) holds under concurrency
    only when the count and the insert that follows cannot interleave with another request's. PostgreSQL
    locks the user's row (``SELECT ... FOR UPDATE``). SQLite has no row locks: the transaction takes the
    database's write lock before it reads (``BEGIN IMMEDIATE``), so the next writer waits (busy timeout)
    and then counts what this one committed. (The SQLite driver opens a transaction only at the first
    write, so a count read before it would see a state another writer is about to change.)
    """
    conn = db.connection()
    if conn.dialect.name == "sqlite":
        raw = conn.connection.dbapi_connection
        if not raw.in_transaction:  # inside a write transaction the write lock is already held
            raw.execute("BEGIN IMMEDIATE")
        return
    conn.execute(text("SELECT id FROM users WHERE id = :id FOR UPDATE"), {"id": user_id})


@contextmanager
def session_scope(url: str | None = None) -> Iterator[Session]:
    """A session outside a request: committed on success, rolled back on error."""
    session = sessionmaker(bind=get_engine(url), expire_on_commit=False)()
    try:
        yield session
        session.commit()
    except BaseException:
        session.rollback()
        raise
    finally:
        session.close()


def alembic_config(url: str | None = None):
    from alembic.config import Config

    cfg = Config()
    cfg.set_main_option("script_location", str(MIGRATIONS_DIR))
    cfg.attributes["volland_url"] = normalize_url(url or get_settings().sqlalchemy_url)
    return cfg


def upgrade(url: str | None = None, revision: str = "head") -> None:
    """Apply the migrations to ``url`` (default: the configured database)."""
    from alembic import command

    cfg = alembic_config(url)
    engine = get_engine(cfg.attributes["volland_url"])
    with engine.begin() as connection:
        cfg.attributes["connection"] = connection
        command.upgrade(cfg, revision)


def current_revision(url: str | None = None) -> str | None:
    from alembic.runtime.migration import MigrationContext

    with get_engine(url).connect() as connection:
        return MigrationContext.configure(connection).get_current_revision()
