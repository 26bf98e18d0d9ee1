"""A data token stops working on the data routes when its session ends, also after the route has accepted
it once (the per-process memory of accepted tokens), and every other API process is told through Redis."""

from __future__ import annotations

import time
import uuid
from datetime import datetime, timedelta, timezone

import redis

URL = "/api/v1/data/volland-live-api-summary?ticker=SPY"


def signed_in(app, db_url) -> tuple[dict, dict, str]:
    """A Live user with one session: (access header, data header, session id)."""
    from api import catalog
    from api.db import session_scope
    from api.models import AuthSession, Subscription, User
    from api.security import issue_access_token, issue_data_token

    sid = str(uuid.uuid4())
    now = datetime.now(timezone.utc)
    with session_scope(db_url) as db:
        user = User(email=f"node-{uuid.uuid4().hex[:6]}@example.com", first_name="Node", roles=["User"])
        db.add(user)
        db.flush()
        t = catalog.TIERS["live"]
        db.add(Subscription(user_id=user.id, kind="regular", product_id=t.product_id, name="live"))
        db.add(AuthSession(id=sid, user_id=user.id, created_at=now, last_used_at=now,
                           expires_at=now + timedelta(days=1)))
        db.flush()
        with app.app_context():
            access = issue_access_token(user, sid)
            data = issue_data_token(user, sid)
    return {"Authorization": f"Bearer {access}"}, {"Authorization": f"Bearer {data}"}, sid


def test_logout_stops_a_data_token_the_route_already_accepted(client, app, db_url):
    access, data, _ = signed_in(app, db_url)
    assert client.get(URL, headers=data).status_code == 200
    assert client.get(URL, headers=data).status_code == 200  # now remembered by this process
    assert client.post("/api/v1/auth/logout", json={}, headers=access).status_code == 204
    resp = client.get(URL, headers=data)
    assert resp.status_code == 401 and resp.get_json()["code"] == "session_revoked"


def test_ending_a_session_is_announced_to_the_other_processes(app, db_url, prefix):
    from api import nodes
    from api.auth import service
    from api.db import session_scope

    _, _, sid = signed_in(app, db_url)
    conn = redis.Redis.from_url("redis://127.0.0.1:6379/0", socket_timeout=10)
    pubsub = conn.pubsub(ignore_subscribe_messages=True)
    pubsub.subscribe(nodes.sessions_channel(prefix))
    with session_scope(db_url) as db:  # no request, no app: as a command or another node would
        service.revoke_session(db, sid, "logout")
    message = None
    deadline = time.monotonic() + 10
    while message is None and time.monotonic() < deadline:
        message = pubsub.get_message(timeout=0.5)
    pubsub.close()
    assert message is not None and message["channel"].decode() == nodes.sessions_channel(prefix)


def test_a_rolled_back_revocation_is_not_announced(app, db_url, prefix):
    from api import nodes
    from api.auth import service
    from api.db import session_scope

    _, _, sid = signed_in(app, db_url)
    conn = redis.Redis.from_url("redis://127.0.0.1:6379/0", socket_timeout=10)
    pubsub = conn.pubsub(ignore_subscribe_messages=True)
    pubsub.subscribe(nodes.sessions_channel(prefix))
    pubsub.get_message(timeout=0.5)
    with session_scope(db_url) as db:
        service.revoke_session(db, sid, "logout")
        db.rollback()
        db.commit()
    assert pubsub.get_message(timeout=1.0) is None
    pubsub.close()


def test_an_announcement_makes_this_process_check_tokens_again(client, app, db_url, prefix):
    """Another node ended the session: this process forgets the tokens it accepted once it hears so."""
    from api import cache, nodes
    from api.models import AuthSession
    from volland.settings import get_settings

    _, data, sid = signed_in(app, db_url)
    assert client.get(URL, headers=data).status_code == 200
    token = data["Authorization"][7:]
    assert token in cache.TOKENS
    # The other node's write, without this process's commit hook: straight SQL on its own connection.
    import sqlalchemy as sa

    engine = sa.create_engine(db_url)
    with engine.begin() as c:
        c.execute(sa.update(AuthSession.__table__).where(AuthSession.__table__.c.id == sid)
                  .values(revoked_at=datetime.now(timezone.utc)))
    engine.dispose()
    assert client.get(URL, headers=data).status_code == 200  # still remembered: nothing announced yet
    assert nodes.ensure_listener(get_settings())
    conn = redis.Redis.from_url("redis://127.0.0.1:6379/0", socket_timeout=10)
    channel = nodes.sessions_channel(prefix)
    deadline = time.monotonic() + 10
    while conn.pubsub_numsub(channel)[0][1] < 1 and time.monotonic() < deadline:
        time.sleep(0.05)
    # Subscribing forgets every accepted token (announcements may have been missed before): accept the
    # token again, so that only the announcement below can make this process forget it.
    deadline = time.monotonic() + 10
    while token in cache.TOKENS and time.monotonic() < deadline:
        time.sleep(0.05)
    assert client.get(URL, headers=data).status_code == 401
    cache.TOKENS[token] = (0, "live", time.time() + 600)
    assert client.get(URL, headers=data).status_code == 200
    conn.publish(channel, "1")
    deadline = time.monotonic() + 10
    while token in cache.TOKENS and time.monotonic() < deadline:
        time.sleep(0.05)
    resp = client.get(URL, headers=data)
    assert resp.status_code == 401 and resp.get_json()["code"] == "session_revoked"
