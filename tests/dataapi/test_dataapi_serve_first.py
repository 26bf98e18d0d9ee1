"""The data routes on a store built serve-first, during its background part: the serve-first tickers are
served whole; a ticker still being built is refused as live with a clear 404 (never an older day shown as
the latest, never a server error); its days already built stay readable as history."""

from __future__ import annotations

import pytest
from dataapi_helpers import assert_error_body, reconfigure

from data.orchestration import demo
from data.store import backfill
from domain import market_calendar as cal
from tests.tiny_store import AS_OF

D = "/api/v1/data"
MINI = demo.Profile("mini", ("IWM", "TSLA"), 130, 2, year_days=20, warmup_days=2, first=("IWM",))
ROUTES = ["volland-live-api-exposure?ticker={t}&greek=gamma&expirations=ALL",
          "volland-api-daily-exposure?ticker={t}&greek=gamma",
          "volland-live-api-summary?ticker={t}",
          "volland-live-api-candles?ticker={t}&frequency=10",
          "volland-live-api-greek-trend?ticker={t}&greek=gamma",
          "volland-live-api-eod?ticker={t}&days=30",
          "volland-live-api-scatterplot?ticker={t}",
          "volland-live-api-dealer-liquidity?ticker={t}"]


@pytest.fixture(scope="module")
def half_built(tmp_path_factory):
    """IWM whole; TSLA's end-of-day sessions and first intraday session, then the build interrupted."""
    mp = pytest.MonkeyPatch()
    mp.setitem(demo.PROFILES, "mini", MINI)
    mp.setenv("VOLLAND_RETENTION_DAYS", "0")
    root = tmp_path_factory.mktemp("serve-first") / "store"
    p = demo.plan(MINI, AS_OF)
    second = list(p.intraday)[1].isoformat()

    def stop(phase, progress):
        if phase == "day" and progress["currentDay"] == second:
            raise KeyboardInterrupt

    try:
        demo.build_demo("mini", str(root), AS_OF, progress=False, workers=1, part="first")
        with pytest.raises(KeyboardInterrupt):
            demo.build_demo("mini", str(root), AS_OF, progress=False, workers=1, part="rest", report=stop)
    finally:
        mp.undo()
    return root, p


@pytest.fixture
def store(half_built, monkeypatch, app):
    monkeypatch.setenv("VOLLAND_STORE_ROOT", str(half_built[0]))
    reconfigure(app)
    return half_built


@pytest.mark.parametrize("route", ROUTES)
def test_serve_first_ticker_is_served_and_a_ticker_being_built_is_a_clear_404(client, auth, store, route):
    resp = client.get(f"{D}/{route.format(t='IWM')}", headers=auth())
    assert resp.status_code == 200, resp.get_data(as_text=True)
    body = assert_error_body(client.get(f"{D}/{route.format(t='TSLA')}", headers=auth()), 404)
    # Its own code: a client tells "wait" from "nothing there" without reading the message.
    assert body["code"] == "still_building" and "being built" in body["message"]
    assert f"{len(store[1].eod) + 1} of {len(store[1].eod) + len(store[1].intraday)} days" in body["message"]


def test_days_already_built_of_a_ticker_being_built_stay_readable_as_history(client, auth, store):
    _, p = store
    dates = client.get(f"{D}/historical/volland-live-api-dates?ticker=TSLA", headers=auth())
    assert dates.status_code == 200, dates.get_data(as_text=True)
    first_intraday = list(p.intraday)[0].isoformat()
    shown = str(dates.get_json())
    assert first_intraday in shown and cal.ny_date(p.eod[0]).isoformat() in shown
    assert list(p.intraday)[1].isoformat() not in shown      # the interrupted day: nothing of it
    tickers = client.get(f"{D}/volland-live-api-tickers?type=regular", headers=auth())
    assert tickers.status_code == 200
    # The screener ranks what has daily rows on the latest day: the serve-first ticker, no error.
    screen = client.post(f"{D}/screener", headers=auth(), json={
        "flag": "norm", "length": 10, "superlative": "greatest", "greek": "gamma", "timeFrame": "week",
        "stockPriceRange": {"min": 0, "max": 100000}})
    assert screen.status_code == 200, screen.get_data(as_text=True)
    stats = client.get("/api/v1/public-data/volland-stats")
    assert stats.status_code == 200 and stats.get_json()["numberTickers"] >= 1


def test_once_the_background_part_is_done_the_ticker_is_live(client, auth, store, monkeypatch):
    root, _ = store
    plan = backfill.read_plan(root)
    try:
        backfill.update_plan(root, state="done")
        resp = client.get(f"{D}/volland-live-api-summary?ticker=TSLA", headers=auth())
        assert resp.status_code == 200, resp.get_data(as_text=True)
    finally:
        backfill.write_plan(root, plan)
