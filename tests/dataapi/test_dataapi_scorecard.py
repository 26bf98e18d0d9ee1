"""The levels scorecard as a public API item: the same figures as the alerts route, as of the plan's cut-off."""

from __future__ import annotations

from datetime import datetime, timezone


def test_scorecard_request_is_the_scorecard_at_the_cutoff(client, db_url):
    from test_dataapi_public_api import make_user

    from api.alerts.scorecard import scorecard
    from api.data.service import make_ctx

    key = make_user(db_url, tier="live")["key"]
    resp = client.post("/api/v1/volland", json={"requests": [{"request_type": "scorecard_request", "ticker": "SPX"}]},
                       headers={"X-API-KEY": key})
    assert resp.status_code == 200, resp.get_json()
    data = resp.get_json()[0]["data"]
    want = scorecard("SPX", make_ctx("live").cutoff)
    assert data["levels"] == want["levels"] and data["sessions"] == want["sessions"] > 0
    assert data["simulated"] is True
    # Friday's session is still open at the frozen noon: the last counted session is Thursday's
    assert data["lastSession"] == "2026-01-08"
    assert datetime.fromisoformat(data["asOf"].replace("Z", "+00:00")) <= datetime(2026, 1, 9, 17, 0, 30, tzinfo=timezone.utc)
