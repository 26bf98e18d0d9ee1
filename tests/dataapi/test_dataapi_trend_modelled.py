"""The greek trend route tells the demo's modelled back-history from computed sessions (methodology §4.8)."""

from __future__ import annotations

from datetime import date

from api.data import service as svc

D = "/api/v1/data"


def test_trend_marks_the_days_before_the_first_snapshot_as_modelled(client, auth):
    body = client.get(f"{D}/volland-live-api-greek-trend?ticker=SPX&greek=charm", headers=auth("live")).get_json()
    first_snapshot_day = svc.reader().available_dates("SPX")[0]
    days = [p["x"] for p in body["trend"]]
    modelled = [d for d in days if d < first_snapshot_day.isoformat()]
    # The tiny demo computes its last sessions only; the rest of the 180 days is back-history.
    assert modelled and len(modelled) < len(days)
    assert body["modelledThrough"] == modelled[-1]
    assert date.fromisoformat(body["modelledThrough"]) < first_snapshot_day
