"""The password-reset request does the same work for every address and never talks to the mail server:
the account look-up, the token and the mail happen after the answer (the mail from a worker's job, or
from the API process itself while Redis is unreachable). A real local SMTP server counts connections."""

from __future__ import annotations

import email
import email.policy
import os
import re
import socket
import threading
import time

import pytest
import sqlalchemy as sa
from aiosmtpd.controller import Controller
from aiosmtpd.smtp import SMTP

REDIS = "redis://127.0.0.1:6379/0"
RESET = "/api/v1/auth/init-reset-password"


class _Inbox:
    def __init__(self) -> None:
        self.connections = 0
        self.messages: list[tuple[list[str], str]] = []

    async def handle_DATA(self, server, session, envelope):  # noqa: N802 - aiosmtpd hook name
        message = email.message_from_bytes(envelope.content, policy=email.policy.default)
        self.messages.append((list(envelope.rcpt_tos), message.get_content()))
        return "250 Message accepted"


class _CountingSMTP(SMTP):
    def connection_made(self, transport):
        self.event_handler.connections += 1
        super().connection_made(transport)


class _CountingController(Controller):
    def factory(self):
        return _CountingSMTP(self.handler, **self.SMTP_kwargs)


def _free_port() -> int:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return sock.getsockname()[1]


@pytest.fixture
def smtp(monkeypatch):
    inbox = _Inbox()
    port = _free_port()
    controller = _CountingController(inbox, hostname="127.0.0.1", port=port)
    controller.start()
    inbox.connections = 0  # the controller's own check that the server is up
    monkeypatch.setenv("VOLLAND_SMTP_HOST", "127.0.0.1")
    monkeypatch.setenv("VOLLAND_SMTP_PORT", str(port))
    try:
        yield inbox
    finally:
        controller.stop()


@pytest.fixture
def jobs_prefix(monkeypatch):
    """The test's own Redis key prefix (tests/api/conftest.py) on the local Redis."""
    monkeypatch.setenv("VOLLAND_REDIS_URL", REDIS)
    return os.environ["VOLLAND_JOBS_PREFIX"]


def _statements(db_url: str, call):
    """``call()``'s answer and the SQL statements this thread sent while it ran."""
    from sqlalchemy import event

    from api.db import get_engine

    engine = get_engine(db_url)
    me = threading.get_ident()
    seen: list[str] = []

    def record(conn, cursor, statement, parameters, context, executemany):
        if threading.get_ident() == me:
            seen.append(statement)

    event.listen(engine, "before_cursor_execute", record)
    try:
        return call(), seen
    finally:
        event.remove(engine, "before_cursor_execute", record)


def _ask_for_both(client, db_url):
    known, known_sql = _statements(db_url, lambda: client.post(RESET, json={"email": "trader@example.com"}))
    unknown, unknown_sql = _statements(db_url, lambda: client.post(RESET, json={"email": "ghost@example.com"}))
    assert known.status_code == unknown.status_code == 202
    assert known.get_json() == unknown.get_json()
    # The same work for a registered and an unknown address: nothing is looked up or written before the
    # answer.
    assert known_sql == unknown_sql == []


def test_reset_request_queues_the_mail_and_a_worker_delivers_it(client, h, db_url, smtp, jobs_prefix):
    import redis
    from rq import SimpleWorker
    from rq.job import Job

    from jobs import queues as q

    h.signup(client)
    _ask_for_both(client, db_url)
    from api.auth import background

    assert background.wait_idle(15)
    assert smtp.connections == 0 and smtp.messages == []
    conn = redis.Redis.from_url(REDIS)
    queue = q.queue(q.DEFAULT, conn)
    jobs = queue.get_jobs()
    assert len(jobs) == 1   # one mail, for the registered address only
    assert "token" not in (jobs[0].description or "")   # workers log descriptions; the link stays out
    SimpleWorker([queue], connection=conn, name=f"{jobs_prefix}-w").work(burst=True)
    assert smtp.connections == 1
    [(recipients, content)] = smtp.messages
    assert recipients == ["trader@example.com"]
    token = re.search(r"reset-password\?token=([A-Za-z0-9_\-]+)", content).group(1)
    # Delivered: the job and its arguments (the link) are not kept in Redis.
    assert not Job.exists(jobs[0].id, connection=conn)
    assert client.post("/api/v1/auth/reset-password",
                       json={"token": token, "password": "brand-new-secret"}).status_code == 200


def test_without_redis_the_mail_is_sent_after_the_answer(client, h, db_url, smtp, monkeypatch):
    from api.auth import background

    with socket.socket() as s:   # a port nothing listens on
        s.bind(("127.0.0.1", 0))
        closed = s.getsockname()[1]
    monkeypatch.setenv("VOLLAND_REDIS_URL", f"redis://127.0.0.1:{closed}/0")
    h.signup(client)
    # Hold this process's background thread, so that whatever the requests left for it cannot have run
    # when the answers are checked.
    hold = threading.Event()
    background.submit(hold.wait, 30)
    _ask_for_both(client, db_url)
    assert smtp.connections == 0
    hold.set()
    assert background.wait_idle(30)
    deadline = time.monotonic() + 10
    while not smtp.messages and time.monotonic() < deadline:
        time.sleep(0.02)
    assert smtp.connections == 1
    assert [m[0] for m in smtp.messages] == [["trader@example.com"]]


def test_the_reset_token_is_recorded_for_a_registered_address_only(client, h, db_url, smtp, jobs_prefix):
    from api.db import get_engine

    h.signup(client)
    _ask_for_both(client, db_url)
    from api.auth import background

    assert background.wait_idle(15)
    with get_engine(db_url).connect() as conn:
        rows = conn.execute(sa.text("SELECT u.email FROM password_reset_tokens t JOIN users u ON u.id = t.user_id"))
        assert [r[0] for r in rows] == ["trader@example.com"]
