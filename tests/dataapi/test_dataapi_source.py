"""Every data answer states where its numbers come from: ``source`` and ``sourceDelay``."""

from __future__ import annotations

import pytest
from test_dataapi_public_api import ITEMS, URL, make_user

from data.store import provenance

D = "/api/v1/data"


@pytest.fixture()
def sources_file(tmp_path, monkeypatch):
    """Point the provenance record at a private file (the shared test store stays untouched)."""
    path = tmp_path / "sources.json"
    monkeypatch.setattr(provenance, "_path", lambda root=None: path)
    provenance._CACHE.clear()
    return path


def test_answers_state_the_synthetic_demo_by_default(client, auth, sources_file):
    resp = client.get(f"{D}/volland-live-api-exposure?ticker=SPX&greek=gamma&expirations=ALL", headers=auth("live"))
    assert resp.status_code == 200
    body = resp.get_json()
    assert body["source"] == "synthetic" and body["sourceDelay"] == 0
    assert "data" in body and "lastModified" in body          # the answer itself is unchanged
    assert resp.headers["X-Data-Source"] == "synthetic" and resp.headers["X-Data-Delay"] == "0"


def test_a_ticker_published_from_cboe_delayed_quotes_says_so(client, auth, sources_file):
    url = f"{D}/volland-live-api-summary?ticker=SPX"
    first = client.get(url, headers=auth("live")).get_json()
    assert first["source"] == "synthetic"
    provenance.record(["SPX"], "cboe-delayed", ts="2026-01-02T15:05:00+00:00")
    again = client.get(url, headers=auth("live"))
    body = again.get_json()
    assert body["source"] == "cboe-delayed" and body["sourceDelay"] == 900
    assert body["price"] == first["price"]
    assert again.get_data().count(b'"source"') == 1
    resp_other = client.get(f"{D}/volland-live-api-summary?ticker=SPY", headers=auth("live"))
    other = resp_other.get_json()
    assert resp_other.status_code == 200, other
    assert other["source"] == "synthetic"
    provenance.record(["SPX"], "opra-prints")
    body = client.get(url, headers=auth("live")).get_json()
    assert body["source"] == "opra-prints" and body["sourceDelay"] is None


def test_public_api_items_state_their_source(client, db_url, sources_file):
    provenance.record(["SPX"], "eod-file")
    u = make_user(db_url)
    answers = client.post(URL, json={"requests": ITEMS[:1]}, headers={"X-API-KEY": u["key"]}).get_json()
    assert ITEMS[0]["ticker"] == "SPX"
    assert answers[0]["source"] == "eod-file" and answers[0]["sourceDelay"] is None


def test_public_site_stats_name_the_active_source(client, sources_file, monkeypatch):
    resp = client.get("/api/v1/public-data/volland-stats")
    assert set(resp.get_json()) == {"totalTrades", "currentOpenTrades", "numberTickers"}   # the body is as specified
    assert resp.headers["X-Data-Source"] == "synthetic" and resp.headers["X-Data-Delay"] == "0"
    monkeypatch.setenv("VOLLAND_SOURCE", "cboe-delayed")
    head = client.head("/api/v1/public-data/volland-stats")
    assert head.headers["X-Data-Source"] == "cboe-delayed" and head.headers["X-Data-Delay"] == "900"
