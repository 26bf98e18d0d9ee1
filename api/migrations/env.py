"""Alembic environment: run against the connection handed over by ``api.db.upgrade``, or the settings URL."""

from __future__ import annotations

from alembic import context

from api.db import get_engine, normalize_url
from api.models import Base
from volland.settings import get_settings

config = context.config
target_metadata = Base.metadata


def run_migrations_online() -> None:
    connection = config.attributes.get("connection")
    if connection is not None:
        _run(connection)
        return
    url = config.attributes.get("volland_url") or normalize_url(get_settings().sqlalchemy_url)
    with get_engine(url).begin() as conn:
        _run(conn)


def _run(connection) -> None:
    context.configure(connection=connection, target_metadata=target_metadata,
                      render_as_batch=connection.dialect.name == "sqlite", compare_type=True)
    with context.begin_transaction():
        context.run_migrations()


if context.is_offline_mode():
    raise SystemExit("Offline migrations are not supported; run `volland db upgrade`.")
run_migrations_online()
