"""Operator commands: ``volland serve``, ``volland db upgrade``, ``volland users create``,
``volland credits grant``, ``volland academy seed``, ``volland openapi``."""

from __future__ import annotations

import json
import os
import shutil
import sys
from pathlib import Path

import click

from volland.cli_errors import fail
from volland.settings import get_settings


def register(group: click.Group) -> None:
    group.add_command(serve)
    group.add_command(db_group)
    group.add_command(users_group)
    group.add_command(credits_group)
    group.add_command(academy_group)
    group.add_command(openapi)


@click.command()
@click.option("--host", default=None, help="Interface to listen on (default: VOLLAND_HOST, 127.0.0.1).")
@click.option("--port", type=click.IntRange(1, 65535), default=None, help="Port (default: VOLLAND_PORT, 8000).")
@click.option("--dev", is_flag=True, help="Run Flask's development server (auto-reload) instead of gunicorn.")
@click.option("--workers", type=click.IntRange(1, 64), default=2, show_default=True, help="gunicorn workers.")
def serve(host: str | None, port: int | None, dev: bool, workers: int) -> None:
    """Run the HTTP API (and the web build, when present)."""
    s = get_settings()
    host = host or s.host
    port = port or s.port
    from api.db import current_revision
    from volland.settings import SecretKeyError, resolve_secret_key

    try:
        resolve_secret_key(s, create=dev)
    except SecretKeyError as exc:
        fail(str(exc))

    refusal = None if dev else s.source_refusal()
    if refusal:
        fail(refusal)
    try:
        revision = current_revision()
    except Exception as exc:  # unreachable or unreadable database: say so in one line
        fail(f"Cannot open the database {_safe_url(s.sqlalchemy_url)}: {exc.__class__.__name__}: {exc}")
    if revision is None:
        fail("The database has no tables yet; run `volland db upgrade` first.")
    from api.billing.service import start_notice

    try:  # docs/billing.md: test payments and "off" are said at every production start
        payments_notice = start_notice(s)
    except ValueError as exc:
        fail(str(exc))
    if payments_notice and not dev:
        click.echo(payments_notice, err=True)
    from api.alerts.webhook_urls import start_notice as webhooks_notice

    if not dev and webhooks_notice(s):
        click.echo(webhooks_notice(s), err=True)
    click.echo(f"Volland API on http://{host}:{port}/ (docs at /api/docs)")
    if dev or shutil.which("gunicorn") is None and not _gunicorn_importable():
        from api.app import create_app

        create_app().run(host=host, port=port, debug=dev, use_reloader=False, threaded=True)
        return
    args = [sys.executable, "-m", "gunicorn", "--config", "python:api.gunicorn_conf", "--bind", f"{host}:{port}",
            "--workers", str(workers), "--threads", "4", "--timeout", "90", "--access-logfile", "-", "api.wsgi:app"]
    os.execv(sys.executable, args)


def _gunicorn_importable() -> bool:
    try:
        import gunicorn  # noqa: F401
    except ImportError:
        return False
    return True


def _safe_url(url: str) -> str:
    from sqlalchemy.engine import make_url

    try:
        return make_url(url).render_as_string(hide_password=True)
    except Exception:
        return "(invalid URL)"


@click.group("db")
def db_group() -> None:
    """The account database."""


@db_group.command("upgrade")
@click.option("--url", default=None, help="Database URL (default: VOLLAND_DATABASE_URL or the SQLite file).")
def db_upgrade(url: str | None) -> None:
    """Apply the account-store migrations."""
    from api.db import current_revision, upgrade

    target = url or get_settings().sqlalchemy_url
    try:
        upgrade(target)
        revision = current_revision(target)
    except Exception as exc:
        fail(f"Cannot migrate {_safe_url(target)}: {exc.__class__.__name__}: {str(exc).splitlines()[0]}")
    click.echo(f"Database {_safe_url(target)} is at revision {revision}.")


@click.group("users")
def users_group() -> None:
    """Accounts."""


@users_group.command("create")
@click.option("--email", required=True)
@click.option("--password", required=True)
@click.option("--first-name", default="", help="Defaults to the part of the e-mail before '@'.")
@click.option("--admin", is_flag=True, help="Give the Admin role.")
@click.option("--tier", type=click.Choice(["live", "30", "3", "basic"]), default=None,
              help="Give an active subscription of this tier.")
@click.option("--credits", "api_credits", type=click.IntRange(0), default=None, help="Set public API credits.")
@click.option("--exists-ok", is_flag=True, help="Succeed when the user exists (adds the role/tier if missing).")
def users_create(email: str, password: str, first_name: str, admin: bool, tier: str | None,
                 api_credits: int | None, exists_ok: bool) -> None:
    """Create a user (for operators and `make run`)."""
    from email_validator import EmailNotValidError
    from sqlalchemy import select

    from api import catalog
    from api.auth.passwords import hash_password
    from api.auth.schemas import PASSWORD_MAX, PASSWORD_MIN, normalize_email
    from api.db import session_scope
    from api.models import ROLE_ADMIN, ROLE_USER, ApiCreditAccount, Subscription, User

    try:
        email = normalize_email(email)
    except EmailNotValidError as exc:
        fail(f"Invalid e-mail address: {exc}")
    if not PASSWORD_MIN <= len(password) <= PASSWORD_MAX:
        fail(f"The password needs {PASSWORD_MIN} to {PASSWORD_MAX} characters.")
    try:
        with session_scope() as db:
            user = db.execute(select(User).where(User.email == email)).scalar_one_or_none()
            created = user is None
            if user is not None and not exists_ok:
                fail(f"A user with e-mail {email} already exists (use --exists-ok to accept that).")
            if user is None:
                roles = [ROLE_USER] + ([ROLE_ADMIN] if admin else [])
                user = User(email=email, first_name=(first_name or email.split("@")[0])[:120], roles=roles,
                            password_hash=hash_password(password))
                db.add(user)
                db.flush()
            elif admin and ROLE_ADMIN not in (user.roles or []):
                user.roles = [*user.roles, ROLE_ADMIN]
            if tier:
                product_id = catalog.tiers()[tier].product_id
                if not any(s.product_id == product_id and s.status == "active" for s in user.subscriptions):
                    db.add(Subscription(user_id=user.id, kind="regular", product_id=product_id, name=tier,
                                        status="active"))
            if api_credits is not None:
                account = db.get(ApiCreditAccount, user.id)
                if account is None:
                    db.add(ApiCreditAccount(user_id=user.id, balance=api_credits))
                else:
                    account.balance = api_credits
            user_id = user.id
    except click.ClickException:
        raise
    except Exception as exc:
        fail(f"Cannot create the user: {exc.__class__.__name__}: {str(exc).splitlines()[0]}")
    click.echo(f"{'Created' if created else 'Kept existing'} user {email} (id {user_id}).")


@click.group("credits")
def credits_group() -> None:
    """Public data API credits."""


@credits_group.command("grant")
@click.option("--email", required=True, help="Account e-mail.")
@click.option("--credits", "amount", required=True, type=int, help="Credits to add (may be negative).")
def credits_grant(email: str, amount: int) -> None:
    """Add API credits to an account (until API packs are bought through billing)."""
    from sqlalchemy import select, update

    from api.auth.schemas import email_key
    from api.db import session_scope
    from api.models import ApiCreditAccount, User

    if amount == 0:
        fail("--credits must not be 0.")
    try:
        with session_scope() as db:
            # The stored form (api.auth.schemas.normalize_email); a text that does not parse is looked up as typed.
            user = db.execute(select(User).where(User.email == email_key(email))).scalar_one_or_none()
            if user is None:
                fail(f"No account with the e-mail {email}.")
            account = db.get(ApiCreditAccount, user.id)
            if account is None:
                if amount < 0:
                    fail(f"{email} has no credits to remove.")
                db.add(ApiCreditAccount(user_id=user.id, balance=amount))
                db.flush()
            else:
                res = db.execute(update(ApiCreditAccount)
                                 .where(ApiCreditAccount.user_id == user.id,
                                        ApiCreditAccount.balance + amount >= 0)
                                 .values(balance=ApiCreditAccount.balance + amount))
                if res.rowcount != 1:
                    fail(f"{email} has fewer than {-amount} credits.")
            balance = db.execute(select(ApiCreditAccount.balance)
                                 .where(ApiCreditAccount.user_id == user.id)).scalar_one()
    except click.ClickException:
        raise
    except Exception as exc:  # noqa: BLE001 - one line on stderr, never a traceback
        fail(f"Could not update credits: {exc.__class__.__name__}: {str(exc).splitlines()[0][:200]}")
    click.echo(f"{email}: {balance} credits")


@click.group("academy")
def academy_group() -> None:
    """The academy's course content."""


@academy_group.command("seed")
def academy_seed() -> None:
    """Load the shipped course; content already loaded (and any admin edit of it) is kept."""
    from api.db import session_scope
    from api.lms.seed import seed

    try:
        with session_scope() as db:
            added = seed(db)
    except Exception as exc:
        fail(f"Cannot load the academy course: {exc.__class__.__name__}: {str(exc).splitlines()[0]}")
    click.echo(f"Academy course: added {added['sections']} section(s), {added['lessons']} lesson(s), "
               f"{added['questions']} question(s).")


@click.command()
@click.option("-o", "--output", type=click.Path(dir_okay=False, writable=True), default=None,
              help="Write to this file instead of standard output.")
def openapi(output: str | None) -> None:
    """Print (or write) the OpenAPI document without running a server."""
    from api.app import create_app

    app = create_app({"RATELIMIT_STORAGE_URI": "memory://", "RATELIMIT_ENABLED": False})
    from api.extensions import api

    with app.app_context():
        document = json.dumps(api.spec.to_dict(), indent=2, ensure_ascii=False)
    if output:
        Path(output).write_text(document + "\n", encoding="utf-8")
        click.echo(f"OpenAPI document written to {output}", err=True)
    else:
        click.echo(document)
