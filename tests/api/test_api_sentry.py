"""Sentry forwarding against a local HTTP server standing in for the Sentry ingest endpoint."""

from __future__ import annotations

import gzip
import json

import pytest
import sentry_sdk

from api import sentry

ENVELOPE_PATH = "/api/1/envelope/"


@pytest.fixture(autouse=True)
def _sentry_off_afterwards():
    yield
    sentry.init("", "test", "dev")
    assert not sentry.active()


@pytest.fixture
def ingest(httpserver):
    """The fake ingest endpoint; ``events()`` decodes the event items of every envelope received."""
    httpserver.expect_request(ENVELOPE_PATH, method="POST").respond_with_json({})

    def events() -> list[dict]:
        found = []
        for req, _resp in httpserver.log:
            body = req.get_data()
            encoding = req.headers.get("Content-Encoding")
            if encoding == "gzip":
                body = gzip.decompress(body)
            elif encoding == "br":  # the SDK picks brotli only when the module is installed
                import brotli

                body = brotli.decompress(body)
            lines = body.split(b"\n")
            for header, payload in zip(lines[1::2], lines[2::2]):
                if json.loads(header).get("type") == "event":
                    found.append(json.loads(payload))
        return found

    httpserver.events = events
    httpserver.dsn = f"http://public@127.0.0.1:{httpserver.port}/1"
    return httpserver


def _boom_app(make_app, **config):
    app = make_app(fresh=True, **config)

    def boom():
        raise RuntimeError("ledger exploded 7")

    app.add_url_rule("/api/v1/test-boom", "test_boom", boom)
    return app


def test_unhandled_server_error_reaches_sentry(make_app, ingest):
    app = _boom_app(make_app, SENTRY_DSN=ingest.dsn)
    resp = app.test_client().get("/api/v1/test-boom", headers={"Cookie": "session=secret"})
    assert resp.status_code == 500 and resp.get_json()["code"] == "internal_error"
    sentry_sdk.flush(timeout=5)
    events = ingest.events()
    assert len(events) == 1, events
    event = events[0]
    exc = event["exception"]["values"][-1]
    assert exc["type"] == "RuntimeError" and exc["value"] == "ledger exploded 7"
    assert event["release"] == "dev" and event["request"]["url"].endswith("/api/v1/test-boom")
    # No personal data: cookies are not sent.
    assert "secret" not in json.dumps(event)


def test_client_report_is_forwarded_with_its_fingerprint(make_app, ingest):
    client = make_app(fresh=True, SENTRY_DSN=ingest.dsn).test_client()
    report = {"message": "Cannot read properties of undefined (reading 'strike')", "kind": "crash",
              "stack": "TypeError: x\n    at Chart (chart.js:10:4)", "route": "/academy/section/:id",
              "release": "web-42", "fingerprint": "abcd1234"}
    resp = client.post("/api/v1/client-errors", json=report, headers={"User-Agent": "TestBrowser/1"})
    assert resp.status_code == 202
    fp = resp.get_json()["fingerprint"]
    sentry_sdk.flush(timeout=5)
    events = ingest.events()
    assert len(events) == 1, events
    event = events[0]
    assert event["fingerprint"] == [fp]
    assert event["message"] == report["message"] or event["logentry"]["message"] == report["message"]
    assert event["tags"]["route"] == "/academy/section/:id" and event["tags"]["kind"] == "crash"
    assert event["tags"]["source"] == "web" and event["tags"]["client_release"] == "web-42"
    assert event["extra"]["stack"] == report["stack"]


def test_without_dsn_nothing_is_sent(make_app, ingest):
    app = _boom_app(make_app, SENTRY_DSN="")
    assert not sentry.active()
    assert app.test_client().get("/api/v1/test-boom").status_code == 500
    assert app.test_client().post("/api/v1/client-errors", json={"message": "boom"}).status_code == 202
    sentry_sdk.flush(timeout=2)
    assert ingest.log == []


def test_an_app_without_dsn_stops_an_earlier_client(make_app, ingest):
    make_app(fresh=True, SENTRY_DSN=ingest.dsn)
    assert sentry.active()
    app = _boom_app(make_app, SENTRY_DSN="")
    assert not sentry.active()
    assert app.test_client().get("/api/v1/test-boom").status_code == 500
    sentry_sdk.flush(timeout=2)
    assert ingest.log == []


def test_site_config_serves_only_the_browser_dsn(make_app):
    server_dsn = "https://serverkey@errors.example/2"
    client = make_app(fresh=True, SENTRY_DSN="", SENTRY_BROWSER_DSN="https://webkey@errors.example/3").test_client()
    body = client.get("/api/v1/site/config").get_json()
    assert body["sentryDsn"] == "https://webkey@errors.example/3"
    other = make_app(fresh=True, SENTRY_DSN="", SENTRY_BROWSER_DSN="")
    other.config["SENTRY_DSN"] = server_dsn  # only the server uses it
    assert other.test_client().get("/api/v1/site/config").get_json()["sentryDsn"] is None


def test_web_app_csp_allows_the_browser_dsn_host(make_app, tmp_path):
    dist = tmp_path / "dist"
    dist.mkdir()
    (dist / "index.html").write_text("<!doctype html><html><body><div id=\"root\"></div></body></html>")
    plain = make_app(fresh=True, WEB_DIST=str(dist), SENTRY_BROWSER_DSN="").test_client()
    connect = _directive(plain.get("/dashboard").headers["Content-Security-Policy"], "connect-src")
    assert connect == "connect-src 'self'"
    client = make_app(fresh=True, WEB_DIST=str(dist),
                      SENTRY_BROWSER_DSN="https://webkey@o12.ingest.errors.example:8443/3").test_client()
    connect = _directive(client.get("/dashboard").headers["Content-Security-Policy"], "connect-src")
    assert connect == "connect-src 'self' https://o12.ingest.errors.example:8443"
    # The key and project are not part of the policy; JSON answers keep the strict data policy.
    assert "webkey" not in connect
    assert "connect-src" not in client.get("/api/v1/site/config").headers["Content-Security-Policy"]


@pytest.mark.parametrize("dsn", ["ftp://k@host/1", "https://k@ho st;script-src *@x/1", "not a url", "https://k@h:99999/1"])
def test_csp_ignores_a_malformed_browser_dsn(make_app, tmp_path, dsn):
    dist = tmp_path / "dist"
    dist.mkdir()
    (dist / "index.html").write_text("<!doctype html><html><body></body></html>")
    client = make_app(fresh=True, WEB_DIST=str(dist), SENTRY_BROWSER_DSN=dsn).test_client()
    assert _directive(client.get("/dashboard").headers["Content-Security-Policy"], "connect-src") == "connect-src 'self'"


def _directive(csp: str, name: str) -> str:
    return next(p.strip() for p in csp.split(";") if p.strip().startswith(name))
