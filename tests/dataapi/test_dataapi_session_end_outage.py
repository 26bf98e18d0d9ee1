"""A session that ends while Redis is unreachable stops its data token on every API process anyway.

A private redis-server that the test starts and stops stands for the deployment's Redis. While this
process's listener is cut off it cannot hear another process end a session, so it stops trusting the
data tokens it remembered and checks each one's session in the database; an announcement that could not
be sent is sent once Redis answers again."""

from __future__ import annotations

import shutil
import signal
import socket
import subprocess
import time
import uuid
from datetime import datetime, timedelta, timezone
from pathlib import Path

import pytest
import redis
import sqlalchemy as sa

URL = "/api/v1/data/volland-live-api-summary?ticker=SPY"
REDIS_SERVER = shutil.which("redis-server") or "/usr/bin/redis-server"


class PrivateRedis:
    """A redis-server on a port of its own, stopped and started again on the same port."""

    def __init__(self, folder: Path) -> None:
        with socket.socket() as s:
            s.bind(("127.0.0.1", 0))
            self.port = s.getsockname()[1]
        self.folder = folder
        self.url = f"redis://127.0.0.1:{self.port}/0"
        self.proc: subprocess.Popen | None = None

    def start(self) -> None:
        self.proc = subprocess.Popen([REDIS_SERVER, "--port", str(self.port), "--bind", "127.0.0.1", "--save", "",
                                      "--appendonly", "no", "--dir", str(self.folder)], stdout=subprocess.DEVNULL)
        client = self.client()
        _wait(lambda: _answers(client), "the private redis-server to answer")

    def stop(self) -> None:
        if self.proc is not None and self.proc.poll() is None:
            self.proc.terminate()
            self.proc.wait(timeout=20)
        self.proc = None

    def client(self) -> redis.Redis:
        return redis.Redis.from_url(self.url, socket_connect_timeout=1, socket_timeout=5)


def _answers(client) -> bool:
    try:
        return bool(client.ping())
    except redis.RedisError:
        return False


def _wait(cond, what: str, seconds: float = 20) -> None:
    deadline = time.monotonic() + seconds
    while not cond():
        if time.monotonic() > deadline:
            pytest.fail(f"gave up waiting for {what}")
        time.sleep(0.05)


@pytest.fixture
def private_redis(tmp_path, monkeypatch):
    if not Path(REDIS_SERVER).exists():
        pytest.fail("redis-server is required for this test")
    server = PrivateRedis(tmp_path)
    server.start()
    monkeypatch.setenv("VOLLAND_REDIS_URL", server.url)
    yield server
    server.stop()


def _signed_in(app, db_url) -> tuple[str, str]:
    """A Live user with one session: (data token, session id)."""
    from api import catalog
    from api.db import session_scope
    from api.models import AuthSession, Subscription, User
    from api.security import issue_data_token

    sid = str(uuid.uuid4())
    now = datetime.now(timezone.utc)
    with session_scope(db_url) as db:
        user = User(email=f"outage-{uuid.uuid4().hex[:6]}@example.com", first_name="Node", roles=["User"])
        db.add(user)
        db.flush()
        db.add(Subscription(user_id=user.id, kind="regular", product_id=catalog.TIERS["live"].product_id,
                            name="live"))
        db.add(AuthSession(id=sid, user_id=user.id, created_at=now, last_used_at=now,
                           expires_at=now + timedelta(days=1)))
        db.flush()
        with app.app_context():
            token = issue_data_token(user, sid)
    return token, sid


def _ended_elsewhere(db_url: str, sid: str) -> None:
    """Another API process ends the session: its database write, without this process's commit hook."""
    from api.models import AuthSession

    engine = sa.create_engine(db_url)
    with engine.begin() as c:
        c.execute(sa.update(AuthSession.__table__).where(AuthSession.__table__.c.id == sid)
                  .values(revoked_at=datetime.now(timezone.utc)))
    engine.dispose()


def _publishes(server: PrivateRedis) -> int:
    stats = server.client().info("commandstats")
    return int(stats.get("cmdstat_publish", {}).get("calls", 0))


def test_a_session_ended_during_a_redis_outage_stops_its_token_on_this_process(private_redis, db_url, prefix):
    from api import nodes
    from api.app import create_app
    from volland.settings import get_settings

    app = create_app({"TESTING": True, "DATABASE_URL": db_url, "RATELIMIT_STORAGE_URI": "memory://"})
    client = app.test_client()
    token, sid = _signed_in(app, db_url)
    headers = {"Authorization": f"Bearer {token}"}
    assert nodes.ensure_listener(get_settings())
    channel = nodes.sessions_channel(prefix)
    _wait(lambda: private_redis.client().pubsub_numsub(channel)[0][1] >= 1, "the listener to subscribe")
    assert client.get(URL, headers=headers).status_code == 200
    assert client.get(URL, headers=headers).status_code == 200   # remembered by this process

    private_redis.stop()
    _ended_elsewhere(db_url, sid)   # nobody can announce it now
    deadline = time.monotonic() + 15
    resp = client.get(URL, headers=headers)
    while resp.status_code == 200 and time.monotonic() < deadline:
        time.sleep(0.1)
        resp = client.get(URL, headers=headers)
    assert resp.status_code == 401 and resp.get_json()["code"] == "session_revoked"

    # Redis is back: the listener subscribes again and this process trusts what it remembers again.
    private_redis.start()
    _wait(lambda: private_redis.client().pubsub_numsub(channel)[0][1] >= 1, "the listener to subscribe again")
    _wait(lambda: nodes.hears_ended_sessions(get_settings()), "the listener to be heard again")
    other, _ = _signed_in(app, db_url)
    assert client.get(URL, headers={"Authorization": f"Bearer {other}"}).status_code == 200


def test_an_announcement_that_failed_is_sent_when_redis_returns(private_redis, app, db_url):
    from api.auth import service
    from api.db import session_scope

    _, sid = _signed_in(app, db_url)
    private_redis.stop()
    with session_scope(db_url) as db:   # a logout on this process while Redis is down
        service.revoke_session(db, sid, "logout")
    private_redis.start()
    assert _publishes(private_redis) == 0
    _wait(lambda: _publishes(private_redis) >= 1, "the ended session to be announced", seconds=30)


def test_a_redis_that_hangs_counts_as_an_outage(private_redis, db_url, prefix, monkeypatch):
    """A frozen redis-server keeps its connections open but answers nothing: after ``SILENCE_SECONDS``
    without an answer the process stops trusting remembered tokens, until Redis answers again."""
    from api import nodes
    from api.app import create_app
    from volland.settings import get_settings

    monkeypatch.setattr(nodes, "PING_SECONDS", 0.2)
    monkeypatch.setattr(nodes, "SILENCE_SECONDS", 1.0)
    monkeypatch.setattr(nodes, "RETRY_SECONDS", 0.5)
    app = create_app({"TESTING": True, "DATABASE_URL": db_url, "RATELIMIT_STORAGE_URI": "memory://"})
    client = app.test_client()
    token, sid = _signed_in(app, db_url)
    headers = {"Authorization": f"Bearer {token}"}
    assert nodes.ensure_listener(get_settings())
    _wait(lambda: nodes.hears_ended_sessions(get_settings()), "the listener to subscribe")
    assert client.get(URL, headers=headers).status_code == 200
    assert client.get(URL, headers=headers).status_code == 200   # remembered by this process

    private_redis.proc.send_signal(signal.SIGSTOP)
    try:
        _ended_elsewhere(db_url, sid)
        _wait(lambda: not nodes.hears_ended_sessions(get_settings()), "the silence to count as an outage")
        resp = client.get(URL, headers=headers)
        assert resp.status_code == 401 and resp.get_json()["code"] == "session_revoked"
    finally:
        private_redis.proc.send_signal(signal.SIGCONT)
    _wait(lambda: nodes.hears_ended_sessions(get_settings()), "the listener to subscribe again")
