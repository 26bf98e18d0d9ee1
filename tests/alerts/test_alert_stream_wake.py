"""The alert stream is woken through Redis the moment an alert fires: a held answer that has read the
store and is waiting receives the alert the evaluation fires, without reading the store again on a timer
(the periodic look is set past the answer's end here, so only the wake-up can deliver it). Answers beyond
the process's held slots answer what is there and end with the longer retry."""

from __future__ import annotations

import queue
import threading

from api.alerts import service, wake
from api.alerts import tasks as job
from tests.alerts.test_alert_delivery import _events
from tests.alerts.test_alert_evaluation import OFFSET, add_rule, spx_moves


def _held_app(db_url):
    from api.app import create_app

    return create_app({"TESTING": True, "DATABASE_URL": db_url, "RATELIMIT_STORAGE_URI": "memory://",
                       "LOGIN_RATE_LIMIT": "100000 per minute", "SIGNUP_RATE_LIMIT": "100000 per minute",
                       "ALERTS_STREAM_SECONDS": 30, "ALERTS_STREAM_RECHECK_SECONDS": 30})


def test_a_held_stream_receives_the_alert_the_moment_it_fires(db_url, accounts, monkeypatch):
    t0, t1, p0, p1 = spx_moves()
    u = accounts.user("wake@example.com", "live")
    add_rule(db_url, u["id"], kind="price_cross", params={"price": (p0 + p1) / 2, "direction": "either", "band": 0.0})
    assert job.evaluate_slot("live", (t0 + OFFSET).isoformat(), db_url)["fired"] == 0

    reads = threading.Event()
    original = service.firings_after

    def counted(db, user_id, after):
        out = original(db, user_id, after)
        reads.set()
        return out

    monkeypatch.setattr(service, "firings_after", counted)
    # The page refreshes its delivery log when the alert arrives: the in-app delivery is logged by then.
    logged_when_woken = []
    announce = wake.announce

    def logged_then_announce(user_ids):
        from api.db import session_scope
        from api.models import AlertDelivery

        with session_scope(db_url) as db:
            logged_when_woken.extend((d.channel, d.status) for d in db.query(AlertDelivery).all())
        announce(user_ids)

    monkeypatch.setattr(wake, "announce", logged_then_announce)
    client = _held_app(db_url).test_client()
    chunks: queue.Queue = queue.Queue()

    def follow():
        resp = client.get("/api/v1/alerts/stream", headers=u["headers"], buffered=False)
        for chunk in resp.response:
            chunks.put(chunk.decode() if isinstance(chunk, bytes) else chunk)
            if "event: alert" in chunks.queue[-1]:
                break
        resp.close()
        chunks.put(None)

    reader = threading.Thread(target=follow, daemon=True)
    reader.start()
    assert reads.wait(30)  # subscribed, read the store (nothing yet), now waiting
    assert job.evaluate_slot("live", (t1 + OFFSET).isoformat(), db_url)["fired"] == 1
    got = []
    while (chunk := chunks.get(timeout=60)) is not None:
        got.append(chunk)
    reader.join(30)
    assert got[0] == f"retry: {1000}\n\n"
    alerts = _events("".join(got))
    assert len(alerts) == 1 and alerts[0]["data"]["ticker"] == "SPX"
    assert logged_when_woken == [("app", "delivered")]


def test_streams_beyond_the_held_slots_answer_at_once_with_the_longer_retry(db_url, accounts, monkeypatch):
    u = accounts.user("busy@example.com", "live")
    monkeypatch.setattr(wake, "take_slot", lambda: False)
    resp = _held_app(db_url).test_client().get("/api/v1/alerts/stream", headers=u["headers"])
    assert resp.status_code == 200
    assert resp.get_data(as_text=True) == "retry: 4000\n\n"
