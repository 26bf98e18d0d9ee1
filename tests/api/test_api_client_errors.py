"""Crash reports from the web application reach the server log (and the grouped store, tested in
test_api_admin_newsletter.py); bad reports get the one error body."""

from __future__ import annotations

import json
import logging


def test_crash_report_is_logged(client, caplog):
    report = {"message": "Cannot read properties of undefined", "stack": "at Widget", "url": "/app/workspace/3"}
    with caplog.at_level(logging.ERROR, logger="volland.client_errors"):
        resp = client.post("/api/v1/client-errors", json=report, headers={"User-Agent": "test-browser"})
    assert resp.status_code == 202 and resp.get_json()["received"] is True
    assert len(resp.get_json()["fingerprint"]) == 64
    records = [r for r in caplog.records if r.name == "volland.client_errors"]
    assert len(records) == 1
    logged = json.loads(records[0].getMessage().split("client crash: ", 1)[1])
    assert logged["message"] == report["message"] and logged["url"] == "/app/workspace/3"
    assert logged["userAgent"] == "test-browser"


def test_crash_report_without_message_is_422(client, h):
    body = h.assert_error(client.post("/api/v1/client-errors", json={"stack": "x"}), 422)
    assert "message" in json.dumps(body["errors"])


def test_oversized_crash_report_is_rejected(client, h):
    h.assert_error(client.post("/api/v1/client-errors", json={"message": "x" * 3000}), 422)
