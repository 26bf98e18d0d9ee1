"""The jobs admin route: Admin role enforced on the server, state and failures from Redis."""

from __future__ import annotations

import uuid
from datetime import UTC, datetime, timedelta

from dataapi_helpers import assert_error_body

URL = "/api/v1/admin/jobs"


def access_headers(app, db_url, *, admin: bool) -> dict:
    from api.db import session_scope
    from api.models import AuthSession, User
    from api.security import issue_access_token

    with session_scope(db_url) as db:
        user = User(email=f"ops-{uuid.uuid4().hex[:6]}@example.com", first_name="Ops",
                    roles=["User", "Admin"] if admin else ["User"])
        db.add(user)
        db.flush()
        sid = str(uuid.uuid4())
        db.add(AuthSession(id=sid, user_id=user.id, expires_at=datetime.now(UTC) + timedelta(days=1)))
        db.flush()
        db.expunge(user)
    with app.app_context():
        token = issue_access_token(user, sid)
    return {"Authorization": f"Bearer {token}"}


def test_admin_sees_runs_and_failures(app, client, db_url):
    from jobs import queues as q

    conn = q.connection()
    q.record(conn, "started", run_id="r1", ts="2026-01-09T17:00:00+00:00", tickers=8, batches=1)
    q.record(conn, "failed", run_id="r1", ts="2026-01-09T17:00:00+00:00", failed_batches=[{"batch": 0}])
    q.RunLock(conn).acquire("r2")
    resp = client.get(URL, headers=access_headers(app, db_url, admin=True))
    assert resp.status_code == 200, resp.get_data(as_text=True)
    body = resp.get_json()
    assert {"queues", "workers", "schedulers", "lock", "events", "failedJobs", "lastFailure"} <= set(body)
    assert body["lock"]["holder"] == "r2"
    assert body["lastFailure"]["run_id"] == "r1"
    assert [e["event"] for e in body["events"]][:2] == ["failed", "started"]
    assert {x["name"] for x in body["queues"]} == {q.queue_name(q.SNAPSHOTS), q.queue_name(q.DEFAULT)}
    q.RunLock(conn).release("r2")


def test_non_admin_is_403_and_anonymous_401(app, client, db_url):
    body = assert_error_body(client.get(URL, headers=access_headers(app, db_url, admin=False)), 403)
    assert "Admin" in body["message"]
    assert_error_body(client.get(URL), 401)
    assert_error_body(client.get(URL + "?limit=x", headers=access_headers(app, db_url, admin=True)), 422)


def test_admin_view_flags_a_stalled_refresh(app, client, db_url, monkeypatch):
    from dataapi_helpers import frozen

    from jobs import health

    headers = access_headers(app, db_url, admin=True)
    body = client.get(URL, headers=headers).get_json()
    assert body["stall"]["stalled"] is False  # replay clock: the store is up to date
    frozen(monkeypatch, "2026-01-12T16:00:00+00:00", replay=False, app=app)  # Monday 11:00, nothing since Friday
    body = client.get(URL, headers=headers).get_json()
    assert body["stall"]["stalled"] is True and body["stall"]["stalledSince"] == "2026-01-12T14:40:30Z"
    assert body["stall"]["lastPublished"] < "2026-01-12"
    health.reset()


def test_admin_view_shows_the_background_build_with_its_progress(app, client, db_url, monkeypatch, tmp_path):
    from data.store import backfill

    root = tmp_path / "store"
    monkeypatch.setenv("VOLLAND_STORE_ROOT", str(root))
    headers = access_headers(app, db_url, admin=True)
    assert client.get(URL, headers=headers).get_json()["backfill"] is None
    backfill.write_plan(root, {"state": "running", "profile": "full", "asOf": "2026-01-10T20:00:00+00:00",
                               "tickers": ["NDX", "RUT", "DIA"], "phase": "published", "daysDone": 7,
                               "daysTotal": 24, "warmupDone": 30, "warmupTotal": 30, "pid": 4242})
    body = client.get(URL, headers=headers).get_json()["backfill"]
    assert body["state"] == "running" and body["daysDone"] == 7 and body["daysTotal"] == 24
    assert body["tickers"] == 3 and body["phase"] == "published" and body["updatedAt"]
    backfill.update_plan(root, state="done", daysDone=24, finishedAt="2026-01-10T20:09:00Z")
    body = client.get(URL, headers=headers).get_json()["backfill"]
    assert body["state"] == "done" and body["daysDone"] == body["daysTotal"] == 24
