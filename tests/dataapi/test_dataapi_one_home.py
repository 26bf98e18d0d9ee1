"""Every derived figure is computed once in data/ and served as is: the data route, the public API and
the data layer give the identical answer (methodology §4.7–4.10)."""

from __future__ import annotations

from pathlib import Path

import pytest
from test_dataapi_public_api import make_user

from api.data import service as svc
from data.compute import read_analytics
from domain import screener, vocabulary

D = "/api/v1/data"
ROOT = Path(__file__).resolve().parents[2]


def _snap():
    return svc.reader().snapshot_at_or_before("SPX", svc.make_ctx("live").cutoff)


@pytest.mark.parametrize("greek", ["gamma", "vanna"])
def test_trend_route_public_api_and_data_layer_agree(client, auth, db_url, greek):
    route = client.get(f"{D}/volland-live-api-greek-trend?ticker=SPX&greek={greek}", headers=auth("live")).get_json()
    layer = svc.greek_trend_of(svc.reader(), "SPX", greek, _snap())
    assert route["trend"] == layer["trend"] and route["trend"]
    assert route["historicalAverage"] == layer["historicalAverage"]
    assert route["currentAggregate"] == layer["currentAggregate"]
    u = make_user(db_url, credits=5)
    item = {"request_type": "trend_request", "ticker": "SPX", "greek": greek}
    public = client.post("/api/v1/volland", json={"requests": [item]}, headers={"X-API-KEY": u["key"]}).get_json()
    assert public[0]["data"]["trend"] == route["trend"]


def test_trend_average_is_the_last_126_sessions_of_the_daily_table(client, auth):
    route = client.get(f"{D}/volland-live-api-greek-trend?ticker=SPX&greek=gamma", headers=auth("live")).get_json()
    snap = _snap()
    day = svc.session_day(snap)
    from datetime import timedelta

    # Only the closes visible at the snapshot's time count (no look-ahead, methodology §5).
    daily = svc.reader().daily("SPX", day - timedelta(days=400), day, as_of=snap.ts).sort("date")
    values = [v for v in daily["agg_gamma"].to_list() if v is not None][-vocabulary.TREND_AVERAGE_SESSIONS:]
    assert route["historicalAverage"] == pytest.approx(sum(values) / len(values), rel=1e-12)
    assert all(p["x"] > (day - timedelta(days=vocabulary.TREND_DAYS)).isoformat() for p in route["trend"])


def test_scatter_route_is_the_data_layer_fit(client, auth):
    route = client.get(f"{D}/volland-live-api-scatterplot?ticker=SPX", headers=auth("live")).get_json()
    layer = svc.spot_vol_of(svc.reader(), "SPX", _snap())
    for key in ("rValue", "slope", "intercept", "currentRatio", "scatterPoints", "currentPoint"):
        assert route[key] == layer[key], key
    assert route["slope"] is not None and route["intercept"] is not None


def test_iv_adjusted_vanna_route_is_the_data_layer(client, auth):
    route = client.get(f"{D}/volland-live-api-iv-adjusted-vanna?ticker=SPX", headers=auth("live")).get_json()
    r, snap = svc.reader(), _snap()
    df = r.exposure(snap, "vanna", "both", None)
    layer = read_analytics.iv_adjusted_vanna(df["strike"].to_list(), df["total"].to_list(), r.surface(snap, "iv", "both"))
    assert route["data"] == layer and layer


def test_screener_route_is_the_data_layer_ranking(client, auth):
    body = {"flag": "diff", "length": 10, "superlative": "greatest", "greek": "gamma", "timeFrame": "week"}
    route = client.post(f"{D}/screener", json=body, headers=auth("live")).get_json()
    from data.store.query import daily_visible_through

    day = daily_visible_through(svc.make_ctx("live").cutoff)
    ranked = screener.screener_rank(svc.reader().screener_inputs(day), flag="diff", greek="gamma", time_frame="week",
                                    superlative="greatest", length=10)
    assert [r.split(":")[0] for r in route["results"]] == [t for t, _ in ranked] and ranked


def test_no_statistics_are_refitted_outside_data():
    """The regression and the trend average live in data/compute/read_analytics.py only."""
    for folder in ("api", "web/src"):
        for path in (ROOT / folder).rglob("*"):
            if path.suffix not in (".py", ".ts", ".tsx") or "schema.d.ts" in path.name:
                continue
            text = path.read_text(encoding="utf-8")
            for needle in ("polyfit", "corrcoef", "leastSquares", "AVERAGE_SESSIONS"):
                assert needle not in text, f"{needle} in {path.relative_to(ROOT)}"
