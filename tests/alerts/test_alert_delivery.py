"""Deliveries: e-mail through a real local SMTP server, signed webhooks to a local receiver (retries,
switched off after repeated failures with a notice), the per-user cap, the owner's log, and the in-app
stream that replays what a reconnecting browser missed."""

from __future__ import annotations

import email
import email.policy
import hashlib
import hmac
import http.server
import json
import socket
import threading
from datetime import datetime, timezone

import pytest
import sqlalchemy as sa
from aiosmtpd.controller import Controller

from api.alerts import tasks as job

UTC = timezone.utc


class _Inbox:
    def __init__(self) -> None:
        self.messages: list[tuple[list[str], str, str]] = []

    async def handle_DATA(self, server, session, envelope):  # noqa: N802 - aiosmtpd hook name
        message = email.message_from_bytes(envelope.content, policy=email.policy.default)
        self.messages.append((list(envelope.rcpt_tos), str(message["Subject"]), message.get_content()))
        return "250 Message accepted"


def _free_port() -> int:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return sock.getsockname()[1]


@pytest.fixture
def smtp(monkeypatch):
    inbox = _Inbox()
    port = _free_port()
    controller = Controller(inbox, hostname="127.0.0.1", port=port)
    controller.start()
    monkeypatch.setenv("VOLLAND_SMTP_HOST", "127.0.0.1")
    monkeypatch.setenv("VOLLAND_SMTP_PORT", str(port))
    try:
        yield inbox
    finally:
        controller.stop()


class Receiver:
    """A local HTTP endpoint: records each request; answers the statuses queued in ``answers`` (then 200)."""

    def __init__(self) -> None:
        self.requests: list[tuple[dict, bytes]] = []
        self.answers: list[int] = []
        outer = self

        class Handler(http.server.BaseHTTPRequestHandler):
            def do_POST(self):  # noqa: N802 - http.server hook name
                body = self.rfile.read(int(self.headers["Content-Length"]))
                outer.requests.append((dict(self.headers), body))
                status = outer.answers.pop(0) if outer.answers else 200
                self.send_response(status)
                self.send_header("Content-Length", "0")
                self.end_headers()

            def log_message(self, *args):
                pass

        self.server = http.server.ThreadingHTTPServer(("127.0.0.1", 0), Handler)
        self.url = f"http://127.0.0.1:{self.server.server_address[1]}/hook"
        self.thread = threading.Thread(target=self.server.serve_forever, daemon=True)
        self.thread.start()

    def close(self):
        self.server.shutdown()
        self.server.server_close()


@pytest.fixture
def receiver(monkeypatch):
    monkeypatch.setenv("VOLLAND_ALERTS_DEV_WEBHOOKS", "1")
    r = Receiver()
    yield r
    r.close()


def make_firing(db_url, user_id, channels, webhook_url=None, n=1, rule_id=None, first_minute=0):
    """``n`` firings of a new rule (or of ``rule_id``) on snapshots one minute apart."""
    from api.db import session_scope
    from api.models import AlertFiring, AlertRule

    with session_scope(db_url) as db:
        if rule_id is None:
            rule = AlertRule(user_id=user_id, ticker="SPX", kind="price_cross", params={"price": 5000.0},
                             channels=channels, webhook_url=webhook_url, webhook_secret="whsec_abc", state={})
            db.add(rule)
            db.flush()
        else:
            rule = db.get(AlertRule, rule_id)
        ids = []
        for i in range(first_minute, first_minute + n):
            f = AlertFiring(rule_id=rule.id, user_id=user_id, ticker="SPX", kind="price_cross", tier="live",
                            snapshot_ts=datetime(2026, 1, 9, 15, i, tzinfo=UTC), title="SPX crossed above 5000",
                            message="SPX spot 5001 crossed above 5000.", payload={"figures": {"spot": 5001}})
            db.add(f)
            db.flush()
            ids.append(f.id)
        return rule.id, ids


def deliveries(client, user):
    resp = client.get("/api/v1/alerts/deliveries", headers=user["headers"])
    assert resp.status_code == 200, resp.get_json()
    return resp.get_json()


def test_email_through_a_local_smtp_server_and_logged(db_url, accounts, client, smtp):
    u = accounts.user("mail@example.com")
    _, (fid,) = make_firing(db_url, u["id"], ["app", "email"])
    assert job.dispatch(fid, db_url, run_now=True) == ["email"]
    assert len(smtp.messages) == 1
    rcpt, subject, text = smtp.messages[0]
    assert rcpt == ["mail@example.com"] and subject == "Alert: SPX crossed above 5000"
    assert "SPX spot 5001 crossed above 5000." in text
    log = deliveries(client, u)
    assert {(d["channel"], d["status"]) for d in log} == {("app", "delivered"), ("email", "delivered")}
    assert all(d["firingId"] == fid for d in log)


def test_webhook_is_signed_and_shaped_for_chat_services(db_url, accounts, client, receiver):
    u = accounts.user("hook@example.com")
    _, (fid,) = make_firing(db_url, u["id"], ["webhook"], receiver.url)
    job.dispatch(fid, db_url, run_now=True)
    assert len(receiver.requests) == 1
    headers, body = receiver.requests[0]
    sig = headers[job.SIGNATURE_HEADER]
    parts = dict(p.split("=", 1) for p in sig.split(","))
    expected = hmac.new(b"whsec_abc", parts["t"].encode() + b"." + body, hashlib.sha256).hexdigest()
    assert hmac.compare_digest(parts["v1"], expected)
    wrong = hmac.new(b"whsec_other", parts["t"].encode() + b"." + body, hashlib.sha256).hexdigest()
    assert parts["v1"] != wrong
    doc = json.loads(body)
    assert doc["content"].startswith("**SPX crossed above 5000**")          # Discord
    assert doc["text"].startswith("*SPX crossed above 5000*")               # Slack
    assert doc["alert"]["id"] == fid and doc["alert"]["ticker"] == "SPX"
    assert [(d["channel"], d["status"], d["attempt"]) for d in deliveries(client, u)] == [("webhook", "delivered", 1)]


def test_webhook_failures_are_retried_then_switched_off_with_a_notice(db_url, accounts, client, receiver, smtp,
                                                                      monkeypatch):
    from api.db import session_scope
    from api.models import AlertRule

    monkeypatch.setattr(job, "WEBHOOK_DISABLE_AFTER", 3)
    u = accounts.user("flaky@example.com")
    rid, (fid,) = make_firing(db_url, u["id"], ["webhook"], receiver.url)
    receiver.answers = [500, 503]
    for _ in range(2):   # what RQ's retries do: run the job again; each failure raises
        with pytest.raises(RuntimeError):
            job.deliver_webhook(fid, db_url)
    job.deliver_webhook(fid, db_url)       # the third attempt succeeds
    assert [(d["status"], d["attempt"]) for d in reversed(deliveries(client, u))] == \
        [("failed", 1), ("failed", 2), ("delivered", 3)]

    receiver.answers = [500, 500, 500]
    _, (fid2,) = make_firing(db_url, u["id"], ["webhook"], rule_id=rid, first_minute=1)
    for _ in range(2):
        with pytest.raises(RuntimeError):
            job.deliver_webhook(fid2, db_url)
    job.deliver_webhook(fid2, db_url)        # third failure in a row: switched off, no retry
    with session_scope(db_url) as db:
        assert db.get(AlertRule, rid).webhook_disabled_at is not None
    assert deliveries(client, u)[0]["status"] == "disabled"
    assert any(s == "Your alert webhook was switched off" for _, s, _ in smtp.messages)
    sent = len(receiver.requests)
    job.deliver_webhook(fid2, db_url)        # a switched-off webhook is not called
    assert len(receiver.requests) == sent and deliveries(client, u)[0]["status"] == "skipped"


def test_per_user_delivery_cap(db_url, accounts, client, monkeypatch):
    monkeypatch.setenv("VOLLAND_ALERTS_DELIVERIES_PER_HOUR", "2")
    u = accounts.user("busy@example.com")
    _, ids = make_firing(db_url, u["id"], ["app"], n=3)
    for fid in ids:
        job.dispatch(fid, db_url, run_now=True)
    statuses = [d["status"] for d in reversed(deliveries(client, u))]
    assert statuses == ["delivered", "delivered", "skipped"]


def test_deliveries_and_firings_are_the_owners_only(db_url, accounts, client):
    a = accounts.user("a@example.com")
    b = accounts.user("b@example.com")
    _, (fid,) = make_firing(db_url, a["id"], ["app"])
    job.dispatch(fid, db_url, run_now=True)
    assert len(deliveries(client, a)) == 1 and deliveries(client, b) == []
    assert [f["id"] for f in client.get("/api/v1/alerts/firings", headers=a["headers"]).get_json()] == [fid]
    assert client.get("/api/v1/alerts/firings", headers=b["headers"]).get_json() == []


def _events(text: str) -> list[dict]:
    out = []
    for block in text.split("\n\n"):
        lines = dict(line.split(": ", 1) for line in block.splitlines() if ": " in line and not line.startswith(":"))
        if lines.get("event") == "alert":
            out.append({"id": int(lines["id"]), "data": json.loads(lines["data"])})
    return out


def test_stream_pushes_alerts_and_replays_after_last_event_id(db_url, accounts, client):
    u = accounts.user("sse@example.com")
    other = accounts.user("other@example.com")
    _, ids = make_firing(db_url, u["id"], ["app"], n=3)
    make_firing(db_url, other["id"], ["app"], n=1)
    resp = client.get("/api/v1/alerts/stream", headers=u["headers"])
    assert resp.status_code == 200 and resp.mimetype == "text/event-stream"
    got = _events(resp.get_data(as_text=True))
    assert [e["id"] for e in got] == ids and got[0]["data"]["title"] == "SPX crossed above 5000"
    resp = client.get("/api/v1/alerts/stream", headers={**u["headers"], "Last-Event-ID": str(ids[0])})
    assert [e["id"] for e in _events(resp.get_data(as_text=True))] == ids[1:]
    bad = client.get("/api/v1/alerts/stream", headers={**u["headers"], "Last-Event-ID": "yesterday"})
    assert bad.status_code == 422 and set(bad.get_json()) == {"code", "status", "message", "errors"}
    assert client.get("/api/v1/alerts/stream").status_code == 401
