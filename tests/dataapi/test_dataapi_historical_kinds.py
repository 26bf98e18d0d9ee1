"""Historical mode for every widget kind with history: each per-ticker route answers the snapshot at or
before a New York 'yyyy-MM-dd HH:mm' given as ``date`` (app spec §4: a date forces Historical)."""

from __future__ import annotations

import pytest
from dataapi_helpers import assert_error_body

D = "/api/v1/data"
WHEN = "2026-01-08 11:00"     # New York time; the store's sessions run to 2026-01-09
ROUTES = [
    "volland-live-api-summary?ticker=SPX",
    "volland-live-api-aggregate-greeks?ticker=SPX&greek=vanna",
    "volland-live-api-candles?ticker=SPX&frequency=10",
    "volland-live-api-vanna-plane?ticker=SPX",
    "volland-live-api-iv_plane?ticker=SPX",
    "volland-live-api-scatterplot?ticker=SPX",
    "volland-live-api-greek-trend?ticker=SPX&greek=gamma",
    "volland-live-api-premium?ticker=SPX",
    "volland-live-api-dealer-liquidity?ticker=SPX",
    "volland-live-api-agg_charm?ticker=SPX",
    "volland-live-api-eod?ticker=SPX&days=10",
    "volland-live-api-ges_strike_list?ticker=SPX&greek=gamma",
    "volland-live-api-iv-adjusted-vanna?ticker=SPX",
    "zero_dte/volland-live-api-zero-dte?ticker=SPX",
    "zero_dte/volland-live-api-paradigm?ticker=SPX",
    "zero_dte/volland-live-api-charm-balance?ticker=SPX",
]


@pytest.mark.parametrize("path", ROUTES, ids=[p.split("?")[0] for p in ROUTES])
def test_routes_answer_the_historical_snapshot(client, auth, path):
    live = client.get(f"{D}/{path}", headers=auth("live")).get_json()
    past = client.get(f"{D}/{path}&date={WHEN}", headers=auth("live"))
    assert past.status_code == 200, past.get_data(as_text=True)
    body = past.get_json()
    # 11:00 New York on Jan 8 is 16:00 UTC: the snapshot is that day's, at or before it.
    assert body["lastModified"].startswith("2026-01-08T") and body["lastModified"] <= "2026-01-08T16:00:59Z"
    assert live["lastModified"] > body["lastModified"]


def test_surface_body_takes_a_historical_date(client, auth):
    body = client.post(f"{D}/volland-live-api-3d-greeks", json={"ticker": "SPX", "greek": "gamma", "date": WHEN},
                       headers=auth("live")).get_json()
    assert body["lastModified"].startswith("2026-01-08T")


def test_a_bad_or_empty_historical_date_names_the_field(client, auth):
    err = assert_error_body(client.get(f"{D}/volland-live-api-summary?ticker=SPX&date=08/01/2026",
                                       headers=auth("live")), 422)
    assert "date" in err["errors"]
    missing = client.get(f"{D}/volland-live-api-summary?ticker=SPX&date=2025-06-02 11:00", headers=auth("live"))
    assert missing.status_code == 404 and missing.get_json()["code"] == "no_data"
