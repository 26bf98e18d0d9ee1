"""Scheduled runs with ``VOLLAND_SOURCE=cboe-delayed``: real Redis, burst workers, a local document server.

The documents are the synthetic market's chains in the delayed-quotes JSON layout, served on 127.0.0.1.
"""

from __future__ import annotations

import json
from datetime import UTC, datetime, timedelta

import pytest
from rq import SimpleWorker
from werkzeug.wrappers import Response

from jobs import queues as q
from jobs import tasks

TS1 = datetime(2026, 1, 8, 16, 0, tzinfo=UTC)   # Thursday 11:00 New York
TS2 = TS1 + timedelta(minutes=5)
TICKERS = ["IWM", "SPY"]


def burst(conn) -> None:
    SimpleWorker([q.queue(q.SNAPSHOTS, conn), q.queue(q.DEFAULT, conn)], connection=conn).work(
        burst=True, with_scheduler=False)


@pytest.fixture()
def server():
    from pytest_httpserver import HTTPServer

    srv = HTTPServer(host="127.0.0.1", port=0, threaded=True)
    srv.start()
    yield srv
    srv.clear()
    if srv.is_running():
        srv.stop()


@pytest.fixture(scope="module")
def docs():
    from data.sources import samples
    from data.sources.cboe_delayed import document

    mkt = samples.market(7, TICKERS)
    return {t: {ts: json.dumps(document(mkt.chain(t, ts - timedelta(minutes=15)), t)) for ts in (TS1, TS2)}
            for t in TICKERS}


@pytest.fixture(autouse=True)
def live_env(server, monkeypatch):
    monkeypatch.setenv("VOLLAND_SOURCE", "cboe-delayed")
    monkeypatch.setenv("VOLLAND_CBOE_BASE_URL", server.url_for("/").rstrip("/"))
    monkeypatch.setenv("VOLLAND_SOURCE_TICKERS", ",".join(TICKERS))
    monkeypatch.setenv("VOLLAND_SOURCE_RETRIES", "1")
    monkeypatch.setenv("VOLLAND_SOURCE_BACKOFF_SECONDS", "0.01")


def _serve(server, docs, ts, fail=()):
    server.clear()
    for t in TICKERS:
        path = f"/api/global/delayed_quotes/options/{t}.json"
        if t in fail:
            server.expect_request(path).respond_with_handler(lambda r: Response("down", status=503))
        else:
            server.expect_request(path).respond_with_data(docs[t][ts], content_type="application/json")


def reader():
    from data.store.query import Reader
    from volland.settings import get_settings

    return Reader(get_settings().store_path)


def test_scheduled_runs_fetch_isolate_and_keep_the_previous_snapshot(conn, server, docs):
    from data.store import provenance
    from volland.settings import get_settings

    # 1. A run publishes both tickers from the documents, with the source recorded.
    _serve(server, docs, TS1)
    assert tasks.start_run(TS1.isoformat(), batch_size=1, retry_intervals=())
    burst(conn)
    r = reader()
    assert all(r.latest_snapshot(t).ts == TS1 for t in TICKERS)
    assert provenance.fields("SPY", get_settings().store_path) == {"source": "cboe-delayed", "sourceDelay": 900}
    reports = sorted((get_settings().var_dir / "quality").rglob("*.json"))
    assert len(reports) == 2 and all(json.loads(p.read_text())["used"] == 1 for p in reports)

    # 2. IWM's documents fail: IWM's batch fails, so nothing of this run is published.
    _serve(server, docs, TS2, fail=("IWM",))
    before = reader().index().manifest["snapshots"]
    tasks.start_run(TS2.isoformat(), batch_size=1, retry_intervals=())
    burst(conn)
    assert reader().index().manifest["snapshots"] == before
    assert q.events(conn)[0]["event"] == "failed"

    # 3. In one batch, the failing ticker is left out and the other is published.
    tasks.start_run(TS2.isoformat(), batch_size=10, retry_intervals=())
    burst(conn)
    r = reader()
    assert r.latest_snapshot("SPY").ts == TS2 and r.latest_snapshot("IWM").ts == TS1
    latest = max((get_settings().var_dir / "quality").rglob("*.json"), key=lambda p: p.stat().st_mtime)
    rep = json.loads(latest.read_text())
    assert rep["used"] == 1 and rep["rejected"] == {"http_503": 1} and rep["attempts"] == 3
