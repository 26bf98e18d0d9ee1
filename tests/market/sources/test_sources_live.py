"""The live Cboe delayed-quotes source against documents served from a local HTTP server.

The documents are the synthetic market's chains written in the delayed-quotes JSON layout; nothing here
reaches the internet (pytest-httpserver listens on 127.0.0.1).
"""

from __future__ import annotations

import json
import time
from datetime import datetime, timedelta, timezone

import pytest
from werkzeug.wrappers import Response

from data.orchestration.pipeline import build_snapshot, publish_snapshot
from data.sources.base import PipelineError
from data.sources import samples
from data.sources.cboe_delayed import document
from data.sources.live import CboeDelayedSource
from data.sources.lookup import get_source

UTC = timezone.utc
SNAP = datetime(2025, 11, 21, 16, 0, tzinfo=UTC)          # the run's grid time
DOC_TS = SNAP - timedelta(minutes=15)                     # delayed 15 minutes
TICKERS = ["SPX", "SPY", "AAPL", "MSFT"]


@pytest.fixture()
def httpserver():
    """A threaded local server (concurrent requests, like the real endpoint), on a free loopback port."""
    from pytest_httpserver import HTTPServer

    server = HTTPServer(host="127.0.0.1", port=0, threaded=True)
    server.start()
    yield server
    server.clear()
    if server.is_running():
        server.stop()


@pytest.fixture(scope="module")
def docs():
    mkt = samples.market(7, TICKERS)
    return {t: json.dumps(document(mkt.chain(t, DOC_TS), t)) for t in TICKERS}


def _path(t: str) -> str:
    return f"/api/global/delayed_quotes/options/{'_' + t if t == 'SPX' else t}.json"


def _serve(httpserver, docs, skip=()):
    for t in TICKERS:
        if t not in skip:
            httpserver.expect_request(_path(t)).respond_with_data(docs[t], content_type="application/json")


def _source(httpserver, tmp_path, **kw) -> CboeDelayedSource:
    opts = dict(concurrency=4, timeout=2.0, retries=2, backoff=0.01, report_dir=tmp_path / "quality")
    opts.update(kw)
    return CboeDelayedSource(httpserver.url_for("/").rstrip("/"), **opts)


def test_a_run_fetches_every_ticker_and_computes_the_snapshot(httpserver, docs, tmp_path):
    _serve(httpserver, docs)
    src = _source(httpserver, tmp_path)
    batch = build_snapshot(TICKERS, SNAP, src)
    assert batch.tickers == sorted(TICKERS)
    assert batch.ts == SNAP and batch.exposures.num_rows > 1000
    rep = src.last_report.as_dict()
    assert rep["fetched"] == 4 and rep["used"] == 4 and rep["rejected"] == {} and rep["stale"] == 0
    assert rep["carry"]["market_forward"] == rep["carry"]["expirations"] > 0
    files = list((tmp_path / "quality").rglob("*.json"))
    assert len(files) == 1 and json.loads(files[0].read_text())["used"] == 4


def test_a_document_whose_spot_does_not_match_its_quotes_has_its_carry_clamped_in_the_report(
        httpserver, docs, tmp_path):
    stale = json.loads(docs["AAPL"])
    for k in ("current_price", "bid", "ask", "close"):
        if stale["data"].get(k):
            stale["data"][k] = round(stale["data"][k] * 0.995, 2)   # the spot half a percent off the quotes
    _serve(httpserver, {**docs, "AAPL": json.dumps(stale)})
    src = _source(httpserver, tmp_path)
    batch = build_snapshot(TICKERS, SNAP, src)
    clamped = src.last_report.as_dict()["carry"]["carry_clamped"]
    assert clamped and all(c.startswith("AAPL ") for c in clamped)
    stored = json.loads(next((tmp_path / "quality").rglob("*.json")).read_text())
    assert stored["carry"]["carry_clamped"] == clamped
    assert batch.tickers == sorted(TICKERS)


def test_one_failing_ticker_never_blocks_the_others(httpserver, docs, tmp_path):
    _serve(httpserver, docs, skip=("MSFT", "AAPL"))
    httpserver.expect_request(_path("MSFT")).respond_with_data("down", status=500)
    httpserver.expect_request(_path("AAPL")).respond_with_data("{not json", content_type="application/json")
    src = _source(httpserver, tmp_path, retries=1)
    batch = build_snapshot(TICKERS, SNAP, src)
    assert batch.tickers == ["SPX", "SPY"]
    rep = src.last_report.as_dict()
    assert rep["rejected"] == {"http_500": 1, "unreadable": 1}
    assert set(rep["rejected_tickers"]["http_500"]) == {"MSFT"}
    # MSFT was tried once and retried once.
    assert len([r for r, _ in httpserver.log if r.path == _path("MSFT")]) == 2


def test_retries_with_backoff_recover_a_flaky_ticker(httpserver, docs, tmp_path):
    _serve(httpserver, docs, skip=("SPY",))
    calls = {"n": 0}

    def flaky(request):
        calls["n"] += 1
        if calls["n"] <= 2:
            return Response("busy", status=503)
        return Response(docs["SPY"], content_type="application/json")

    httpserver.expect_request(_path("SPY")).respond_with_handler(flaky)
    src = _source(httpserver, tmp_path, retries=3, backoff=0.05)
    t0 = time.monotonic()
    chain, rep = src.fetch(TICKERS, SNAP)
    waited = time.monotonic() - t0
    assert "SPY" in rep.used and calls["n"] == 3
    assert waited >= 0.05 + 0.1 - 0.01     # two backoffs: 0.05 s then 0.10 s


def test_a_slow_server_times_out_and_is_reported(httpserver, docs, tmp_path):
    _serve(httpserver, docs, skip=("SPY",))

    def slow(request):
        time.sleep(0.6)
        return Response(docs["SPY"], content_type="application/json")

    httpserver.expect_request(_path("SPY")).respond_with_handler(slow)
    src = _source(httpserver, tmp_path, timeout=0.2, retries=0)
    _, rep = src.fetch(TICKERS, SNAP)
    assert rep.as_dict()["rejected"] == {"timeout": 1} and sorted(rep.used) == ["AAPL", "MSFT", "SPX"]


def test_stale_and_look_ahead_documents_are_not_used(httpserver, docs, tmp_path):
    _serve(httpserver, docs)
    src = _source(httpserver, tmp_path, max_age_seconds=600)       # 15-minute-old documents are stale
    _, rep = src.fetch(TICKERS, SNAP)
    assert rep.as_dict()["stale"] == 4 and rep.used == []
    src = _source(httpserver, tmp_path)
    _, rep = src.fetch(TICKERS, DOC_TS - timedelta(minutes=1))      # a snapshot before the documents' time
    assert rep.as_dict()["rejected"] == {"after_snapshot": 4}


def test_a_failed_run_publishes_nothing_and_keeps_the_previous_snapshot(httpserver, docs, tmp_path):
    from data.store.query import Reader

    root = tmp_path / "store"
    _serve(httpserver, docs)
    first = build_snapshot(TICKERS, SNAP, _source(httpserver, tmp_path))
    publish_snapshot(first, root)
    before = Reader(root).latest_snapshot("SPY")
    httpserver.clear()
    httpserver.expect_request("/", method="GET").respond_with_data("x")   # every document path now 500s
    httpserver.no_handler_status_code = 500
    with pytest.raises(PipelineError, match="previous snapshot stays served"):
        build_snapshot(TICKERS, SNAP + timedelta(minutes=5), _source(httpserver, tmp_path, retries=1))
    after = Reader(root).latest_snapshot("SPY")
    assert after.snapshot_id == before.snapshot_id and after.ts == SNAP


def test_the_setting_selects_the_source(httpserver, docs, tmp_path, monkeypatch):
    monkeypatch.setenv("VOLLAND_SOURCE", "cboe-delayed")
    monkeypatch.setenv("VOLLAND_CBOE_BASE_URL", httpserver.url_for("/").rstrip("/"))
    monkeypatch.setenv("VOLLAND_SOURCE_TICKERS", "spy, spx")
    monkeypatch.setenv("VOLLAND_VAR_DIR", str(tmp_path / "var"))
    from jobs.tasks import _source as configured
    from jobs.tasks import run_tickers
    from volland.settings import get_settings

    assert configured() == "cboe-delayed" and run_tickers() == ["SPX", "SPY"]
    src = get_source(get_settings().source)
    assert isinstance(src, CboeDelayedSource) and src.base_url == httpserver.url_for("/").rstrip("/")
    _serve(httpserver, docs)
    batch = build_snapshot(["SPX", "SPY"], SNAP, configured())
    assert batch.tickers == ["SPX", "SPY"]
    assert list((tmp_path / "var" / "quality").rglob("*.json"))


def test_the_default_stays_the_offline_synthetic_market(monkeypatch):
    monkeypatch.delenv("VOLLAND_SOURCE", raising=False)
    from volland.settings import get_settings

    assert get_settings().source == "synthetic"
    assert get_source(get_settings().source).name == "synthetic"
