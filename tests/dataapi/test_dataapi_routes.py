"""Every dashboard data route: shapes from the store, tier visibility, validation and caching."""

from __future__ import annotations

import io
from datetime import date

import pyarrow as pa
import pyarrow.parquet as pq
import pytest
from dataapi_helpers import assert_error_body, frozen, reconfigure

from api.data import service as svc

D = "/api/v1/data"
EXPOSURE_KEYS = {"ticker", "greek", "kind", "isCumulative", "data", "expirations", "currentPrice", "lastModified",
                 "levels"}

GET_ROUTES = [
    ("volland-live-api-tickers?type=regular", {"tickers"}),
    ("volland-live-api-greeks", {"greeks"}),
    ("volland-live-api-expirations?ticker=SPX", {"expirations"}),
    ("volland-live-api-exposure?ticker=SPX&greek=gamma&expirations=ALL", EXPOSURE_KEYS),
    ("volland-api-daily-exposure?ticker=SPX&greek=gamma", EXPOSURE_KEYS | {"date"}),
    ("volland-live-api-summary?ticker=SPX", {"price", "previousClose", "vix", "previousVix", "notionalVolume",
                                            "vannaStochastic", "lastModified"}),
    ("volland-live-api-aggregate-greeks?ticker=SPX&greek=vanna", {"greek", "aggregate", "lastModified"}),
    ("volland-live-api-candles?ticker=SPX&frequency=10", {"candles", "frequency", "lastModified"}),
    ("volland-live-api-vanna-plane?ticker=SPX", {"times", "strikes", "z", "currentPrice", "lastModified"}),
    ("volland-live-api-iv_plane?ticker=SPX", {"expirations", "strikes", "z", "lastModified"}),
    ("volland-live-api-scatterplot?ticker=SPX", {"rValue", "slope", "currentRatio", "scatterPoints", "currentPoint"}),
    ("volland-live-api-greek-trend?ticker=SPX&greek=gamma", {"trend", "historicalAverage", "currentAggregate",
                                                             "lastModified"}),
    ("volland-live-api-premium?ticker=SPX", {"dealerPremium", "zeroDteDealerPremium", "lastModified"}),
    ("volland-live-api-dealer-liquidity?ticker=SPX", {"deltaAdjustedDealerSpread",
                                                      "dayToDayDeltaAdjustedDealerSpread",
                                                      "deltaAdjustedDealerPremium", "lastModified"}),
    ("volland-live-api-agg_charm?ticker=SPX", {"greek", "aggregate", "zerodte_agg_charm", "series", "lastModified"}),
    ("volland-live-api-eod?ticker=SPX&days=10", {"ticker", "eod", "lastModified"}),
    ("volland-live-api-ges_strike_list?ticker=SPX&greek=gamma", {"greek", "kind", "strikes", "currentPrice",
                                                                 "levels", "lastModified"}),
    ("volland-live-api-iv-adjusted-vanna?ticker=SPX", {"kind", "ivShock", "data", "currentPrice", "lastModified"}),
    ("zero_dte/tickers", {"tickers"}),
    ("zero_dte/volland-live-api-zero-dte?ticker=SPX", {"paradigm", "target", "lis", "zerodte_agg_charm",
                                                      "total_0dte_opt_vol", "lastModified"}),
    ("zero_dte/exposure/volland-live-api-zero-dte?ticker=SPX&greek=charm", EXPOSURE_KEYS),
    ("zero_dte/volland-live-api-paradigm?ticker=SPX", {"paradigm", "target", "lis", "lastModified"}),
    ("zero_dte/volland-live-api-charm-balance?ticker=SPX", {"data", "aggregate", "currentPrice", "lastModified"}),
    ("historical/volland-live-api-dates?ticker=SPX", {"available_dates"}),
    ("historical/volland-live-api-times?ticker=SPX&date=2026-01-08", {"available_time"}),
    ("next-refresh", {"tier", "nextRefresh", "lastRefresh", "serverTime"}),
]

EXPOSURE_BODY = {"ticker": "SPX", "greek": "gamma", "kind": "both", "expirations": {"option": "ALL"},
                 "isCumulative": False}
POST_ROUTES = [
    ("volland-exposure", EXPOSURE_BODY, EXPOSURE_KEYS),
    ("volland-live-api-3d-greeks", {"ticker": "SPX", "greek": "iv", "kind": "both"},
     {"expirations", "strikes", "z", "lastModified"}),
    ("screener", {"flag": "norm", "length": 10, "superlative": "greatest", "greek": "gamma", "timeFrame": "week",
                  "stockPriceRange": {"min": 0, "max": 100000}}, {"results"}),
    ("historical/volland-live-api-data", {**EXPOSURE_BODY, "date": "2026-01-08 11:00"}, EXPOSURE_KEYS),
]


@pytest.mark.parametrize("path,keys", GET_ROUTES, ids=[p.split("?")[0] for p, _ in GET_ROUTES])
def test_get_route_shapes(client, auth, path, keys):
    resp = client.get(f"{D}/{path}", headers=auth("live"))
    assert resp.status_code == 200, resp.get_data(as_text=True)
    body = resp.get_json()
    assert keys <= set(body), keys - set(body)
    if "lastModified" in body:
        assert body["lastModified"].endswith("Z") and body["lastModified"].startswith("2026-01-09T")


@pytest.mark.parametrize("path,payload,keys", POST_ROUTES, ids=[p for p, _, _ in POST_ROUTES])
def test_post_route_shapes(client, auth, path, payload, keys):
    resp = client.post(f"{D}/{path}", json=payload, headers=auth("live"))
    assert resp.status_code == 200, resp.get_data(as_text=True)
    assert keys <= set(resp.get_json())


def test_public_stats_need_no_token(client):
    body = client.get("/api/v1/public-data/volland-stats").get_json()
    assert set(body) == {"totalTrades", "currentOpenTrades", "numberTickers"}
    assert body["numberTickers"] == 8 and body["totalTrades"] > 0


def test_exposure_values_from_the_store(client, auth):
    body = client.post(f"{D}/volland-exposure", json=EXPOSURE_BODY, headers=auth()).get_json()
    snap = svc.reader().snapshot_at_or_before("SPX", svc.make_ctx("live").cutoff)
    df = svc.reader().exposure(snap, "gamma", "both", None)
    assert [p["strike"] for p in body["data"]] == df["strike"].to_list()
    assert body["data"][len(body["data"]) // 2]["value"] == pytest.approx(df["total"][df.height // 2])
    assert body["currentPrice"] > 0 and set(body["levels"]) == {"zeroGamma", "callWall", "putWall"}
    assert body["expirations"] == sorted(body["expirations"]) and body["expirations"][0] == "2026-01-09"


def test_cumulative_and_kind(client, auth):
    plain = client.post(f"{D}/volland-exposure", json={**EXPOSURE_BODY, "kind": "put"}, headers=auth()).get_json()
    cum = client.post(f"{D}/volland-exposure", json={**EXPOSURE_BODY, "kind": "put", "isCumulative": True},
                      headers=auth()).get_json()
    assert cum["isCumulative"] is True
    running = 0.0
    for p, c in zip(plain["data"], cum["data"]):
        assert p["value"] == pytest.approx(p["put"])
        running += p["value"]
        assert c["value"] == pytest.approx(running, rel=1e-9, abs=1e-3)


def test_expiration_options_select_subsets(client, auth):
    full = client.post(f"{D}/volland-exposure", json=EXPOSURE_BODY, headers=auth()).get_json()["expirations"]
    today = client.post(f"{D}/volland-exposure", json={**EXPOSURE_BODY, "expirations": {"option": "TODAY"}},
                        headers=auth()).get_json()
    assert today["expirations"] == ["2026-01-09"]
    week = client.post(f"{D}/volland-exposure", json={**EXPOSURE_BODY, "expirations": {"option": "THIS_WEEK"}},
                       headers=auth()).get_json()["expirations"]
    assert week == ["2026-01-09"]  # Friday before 16:00: this week is just Friday
    specific = client.post(f"{D}/volland-exposure", json={**EXPOSURE_BODY, "expirations": {
        "option": "SPECIFIC", "dates": [full[1], "2031-01-01"]}}, headers=auth()).get_json()
    assert specific["expirations"] == [full[1]]
    custom = client.post(f"{D}/volland-exposure", json={**EXPOSURE_BODY, "expirations": {
        "option": "CUSTOM", "from": full[0], "to": full[3]}}, headers=auth()).get_json()
    assert custom["expirations"] == full[:4]


def test_this_week_rolls_after_friday_close(app, client, auth, monkeypatch):
    # Saturday, real clock: the served snapshot is Friday's close and THIS_WEEK means next week.
    frozen(monkeypatch, "2026-01-10T15:00:00+00:00", replay=False, app=app)
    body = client.post(f"{D}/volland-exposure", json={**EXPOSURE_BODY, "expirations": {"option": "THIS_WEEK"}},
                       headers=auth()).get_json()
    assert body["lastModified"] == "2026-01-09T21:00:00Z"
    assert body["expirations"] and all("2026-01-12" <= d <= "2026-01-18" for d in body["expirations"])


def test_tiers_see_their_own_refresh(client, auth):
    seen = {}
    for tier in ("live", "30", "3", "basic"):
        resp = client.get(f"{D}/volland-live-api-summary?ticker=SPX", headers=auth(tier))
        assert resp.status_code == 200
        seen[tier] = resp.get_json()["lastModified"]
    # Replay: market time is Friday 12:00 New York (17:00 UTC); the tiny store has 15-minute snapshots.
    assert seen["live"] == "2026-01-09T16:45:00Z"
    assert seen["30"] == "2026-01-09T16:30:00Z"
    assert seen["3"] == "2026-01-09T16:30:00Z"  # 11:30 New York
    assert seen["basic"] == "2026-01-08T21:00:00Z"  # Thursday's close, refreshed at 19:00


def test_real_clock_schedule(app, client, auth, monkeypatch):
    frozen(monkeypatch, "2026-01-09T19:10:00+00:00", replay=False, app=app)  # 14:10 New York
    seen = {t: client.get(f"{D}/volland-live-api-summary?ticker=SPX", headers=auth(t)).get_json()["lastModified"]
            for t in ("live", "30", "3", "basic")}
    assert seen == {"live": "2026-01-09T19:00:00Z", "30": "2026-01-09T19:00:00Z", "3": "2026-01-09T19:00:00Z",
                    "basic": "2026-01-08T21:00:00Z"}


def test_live_advances_with_the_replay_clock(client, auth, monkeypatch):
    first = client.get(f"{D}/volland-live-api-summary?ticker=SPX", headers=auth()).get_json()["lastModified"]
    frozen(monkeypatch, "2026-01-10T20:20:00+00:00")
    later = client.get(f"{D}/volland-live-api-summary?ticker=SPX", headers=auth()).get_json()["lastModified"]
    assert later > first


def test_next_refresh_counts_down(client, auth, monkeypatch):
    frozen(monkeypatch, "2026-01-10T20:02:10+00:00")
    body = client.get(f"{D}/next-refresh", headers=auth("live")).get_json()
    assert body["tier"] == "live"
    assert body["nextRefresh"] == "2026-01-10T20:05:30Z"
    assert body["serverTime"] == "2026-01-10T20:02:10Z"
    assert body["secondsToNextRefresh"] == 200
    basic = client.get(f"{D}/next-refresh", headers=auth("basic")).get_json()
    assert basic["tier"] == "basic" and basic["nextRefresh"] > body["nextRefresh"]


def test_no_subscription_is_403_and_no_token_401(client, auth):
    for path in ("volland-live-api-summary?ticker=SPX", "zero_dte/tickers", "next-refresh"):
        assert_error_body(client.get(f"{D}/{path}", headers=auth(None)), 403)
        assert_error_body(client.get(f"{D}/{path}"), 401)
    assert_error_body(client.post(f"{D}/volland-exposure", json=EXPOSURE_BODY, headers=auth(None)), 403)


def test_screener(client, auth):
    payload = {"flag": "diff", "length": 10, "superlative": "greatest", "greek": "price", "time_frame": "month",
               "stockPriceRange": {"min": 0, "max": 1000}}
    body = client.post(f"{D}/screener", json=payload, headers=auth("30")).get_json()
    assert body["timeFrame"] == "month"
    assert body["results"] and len(body["results"]) <= 10
    values = []
    for item in body["results"]:
        name, _, value = item.partition(":")
        assert name.isupper() and name != "SPX"  # SPX is above the 1000 price cap
        values.append(abs(float(value)))
    assert values == sorted(values, reverse=True)
    least = client.post(f"{D}/screener", json={**payload, "superlative": "least"}, headers=auth()).get_json()
    lv = [abs(float(x.split(":")[1])) for x in least["results"]]
    assert lv == sorted(lv)


def test_screener_refused_on_basic(client, auth):
    body = assert_error_body(client.post(f"{D}/screener", json={}, headers=auth("basic")), 403)
    assert body["message"] == "In order to use this widget, please upgrade the subscription to Volland 30 or higher."


@pytest.mark.parametrize("rng,field,message", [
    ({"min": -1, "max": 10}, "stockPriceRange.min", "Minimum stock price has to be greater or equal to 0"),
    ({"min": 50, "max": 10}, "stockPriceRange.max", "Maximum stock price has to be greater than minimal stock price"),
    ({"min": 5, "max": 5}, "stockPriceRange.max", "Maximum stock price has to be greater than minimal stock price"),
])
def test_screener_price_range_messages(client, auth, rng, field, message):
    body = assert_error_body(client.post(f"{D}/screener", json={"stockPriceRange": rng}, headers=auth()), 422)
    assert body["message"] == message and body["errors"] == {field: [message]}


def test_zero_dte_list_is_enforced(client, auth):
    body = assert_error_body(client.get(f"{D}/zero_dte/volland-live-api-zero-dte?ticker=VIX", headers=auth()), 422)
    assert body["message"] == "This ticker is not available in 0DTE list. Please change the ticker"


def test_historical_routes(client, auth):
    dates = client.get(f"{D}/historical/volland-live-api-dates?ticker=SPX", headers=auth()).get_json()
    assert "2026-01-08" in dates["available_dates"]
    times = client.get(f"{D}/historical/volland-live-api-times?ticker=SPX&date=2026-01-08",
                       headers=auth()).get_json()["available_time"]
    assert "11:00" in times and all(len(t) == 5 and t[2] == ":" for t in times)
    body = client.post(f"{D}/historical/volland-live-api-data", json={**EXPOSURE_BODY, "date": "2026-01-08 11:00"},
                       headers=auth()).get_json()
    assert body["lastModified"] == "2026-01-08T16:00:00Z"  # 11:00 New York
    # Historical CUSTOM ranges may lie in the past of today.
    past = client.post(f"{D}/historical/volland-live-api-data", json={
        **EXPOSURE_BODY, "date": "2026-01-08 11:00",
        "expirations": {"option": "CUSTOM", "from": "2026-01-08", "to": "2026-01-08"}}, headers=auth()).get_json()
    assert past["expirations"] == ["2026-01-08"]


def test_historical_not_beyond_the_tier(client, auth):
    # Basic sees up to Thursday's close: Friday's times are not offered.
    times = client.get(f"{D}/historical/volland-live-api-times?ticker=SPX&date=2026-01-09",
                       headers=auth("basic")).get_json()["available_time"]
    assert times == []
    dates = client.get(f"{D}/historical/volland-live-api-dates?ticker=SPX", headers=auth("basic")).get_json()
    assert "2026-01-09" not in dates["available_dates"]


INJECTION = "SPX' OR '1'='1"
BAD_GETS = [
    ("volland-live-api-tickers?type=weekly", "type"),
    ("volland-live-api-expirations?ticker=NOPE", "ticker"),
    ("volland-live-api-expirations?ticker=SPX&date=2026-13-01", "date"),
    ("volland-live-api-exposure?ticker=SPX&greek=gamma&expirations=SOMEDAY", "expirations.option"),
    ("volland-live-api-exposure?ticker=SPX&greek=gamma&expirations=CUSTOM&from=2026-01-01&to=2026-01-02",
     "expirations.to"),
    ("volland-live-api-exposure?ticker=SPX&greek=gamma&tickerType=weekly", "tickerType"),
    ("volland-api-daily-exposure?ticker=SPX&greek=gamma&date=yesterday", "date"),
    ("volland-live-api-summary?ticker=" + INJECTION, "ticker"),
    ("volland-live-api-summary", "ticker"),
    ("volland-live-api-aggregate-greeks?ticker=SPX&greek=omega", "greek"),
    ("volland-live-api-candles?ticker=SPX&frequency=7", "frequency"),
    ("volland-live-api-vanna-plane?ticker=XXXX", "ticker"),
    ("volland-live-api-iv_plane?ticker=SPX&kind=straddle", "kind"),
    ("volland-live-api-scatterplot?ticker=%3Cscript%3E", "ticker"),
    ("volland-live-api-greek-trend?ticker=SPX&greek=1;DROP", "greek"),
    ("volland-live-api-premium?ticker=ZZZZ", "ticker"),
    ("volland-live-api-dealer-liquidity?ticker=ZZZZ", "ticker"),
    ("volland-live-api-agg_charm?ticker=ZZZZ", "ticker"),
    ("volland-live-api-eod?ticker=SPX&days=9999", "days"),
    ("volland-live-api-ges_strike_list?ticker=SPX&greek=gamma&limit=abc", "limit"),
    ("volland-live-api-iv-adjusted-vanna?ticker=SPX&kind=x", "kind"),
    ("zero_dte/volland-live-api-zero-dte?ticker=ZZZZ", "ticker"),
    ("zero_dte/exposure/volland-live-api-zero-dte?ticker=SPX&greek=iv", "greek"),
    ("zero_dte/volland-live-api-paradigm?ticker=" + INJECTION, "ticker"),
    ("zero_dte/volland-live-api-charm-balance?ticker=ZZZZ", "ticker"),
    ("historical/volland-live-api-dates?ticker=ZZZZ", "ticker"),
    ("historical/volland-live-api-times?ticker=SPX&date=08/01/2026", "date"),
    ("historical/volland-live-api-times?ticker=SPX", "date"),
]


@pytest.mark.parametrize("path,field", BAD_GETS, ids=[p for p, _ in BAD_GETS])
def test_bad_query_gets_422_naming_the_field(client, auth, path, field):
    body = assert_error_body(client.get(f"{D}/{path}", headers=auth()), 422)
    assert field in body["errors"], body


BAD_POSTS = [
    ("volland-exposure", {**EXPOSURE_BODY, "ticker": "NOPE"}, "ticker"),
    ("volland-exposure", {**EXPOSURE_BODY, "ticker": "SPX; DELETE FROM x"}, "ticker"),
    ("volland-exposure", {**EXPOSURE_BODY, "greek": "omega"}, "greek"),
    ("volland-exposure", {**EXPOSURE_BODY, "kind": "strangle"}, "kind"),
    ("volland-exposure", {**EXPOSURE_BODY, "isCumulative": "maybe"}, "isCumulative"),
    ("volland-exposure", {**EXPOSURE_BODY, "expirations": {"option": "SPECIFIC", "dates": ["2026-02-30"]}},
     "expirations.dates"),
    ("volland-exposure", {**EXPOSURE_BODY, "expirations": {"option": "SPECIFIC"}}, "expirations.dates"),
    ("volland-exposure", {**EXPOSURE_BODY, "expirations": "ALL"}, "expirations"),
    ("volland-live-api-3d-greeks", {"ticker": "SPX", "greek": "omega"}, "greek"),
    ("volland-live-api-3d-greeks", {"ticker": "../../etc"}, "ticker"),
    ("screener", {"flag": "wild"}, "flag"),
    ("screener", {"length": 30}, "length"),
    ("screener", {"superlative": "most"}, "superlative"),
    ("screener", {"greek": "vomma"}, "greek"),
    ("screener", {"timeFrame": "decade"}, "timeFrame"),
    ("screener", {"time_frame": "decade"}, "time_frame"),
    ("screener", {"stockPriceRange": {"min": "cheap"}}, "stockPriceRange.min"),
    ("historical/volland-live-api-data", {**EXPOSURE_BODY, "date": "2026-01-08T25:99"}, "date"),
    ("historical/volland-live-api-data", {**EXPOSURE_BODY, "date": None}, "date"),
]


@pytest.mark.parametrize("path,payload,field", BAD_POSTS, ids=[f"{p}-{f}" for p, _, f in BAD_POSTS])
def test_bad_body_gets_422_naming_the_field(client, auth, path, payload, field):
    body = assert_error_body(client.post(f"{D}/{path}", json=payload, headers=auth()), 422)
    assert field in body["errors"], body


@pytest.mark.parametrize("path", ["volland-exposure", "volland-live-api-3d-greeks", "screener",
                                  "historical/volland-live-api-data"])
def test_malformed_json_is_400(client, auth, path):
    resp = client.post(f"{D}/{path}", data="{not json", content_type="application/json", headers=auth())
    assert_error_body(resp, 400)


def test_historical_without_data_is_404(client, auth):
    resp = client.post(f"{D}/historical/volland-live-api-data", json={**EXPOSURE_BODY, "date": "2025-06-02 10:00"},
                       headers=auth())
    assert assert_error_body(resp, 404)["code"] == "no_data"


def test_cache_hit_and_no_redis(app, client, auth, monkeypatch):
    first = client.post(f"{D}/volland-exposure", json=EXPOSURE_BODY, headers=auth())
    second = client.post(f"{D}/volland-exposure", json=EXPOSURE_BODY, headers=auth())
    assert first.headers["X-Cache"] == "miss" and second.headers["X-Cache"] == "hit"
    assert first.get_data() == second.get_data()
    # A different tier cut-off means a different snapshot id, so a different entry.
    other = client.post(f"{D}/volland-exposure", json=EXPOSURE_BODY, headers=auth("basic"))
    assert other.headers["X-Cache"] == "miss" and other.get_json()["lastModified"] != first.get_json()["lastModified"]
    # The answer sits in Redis (shared by every worker), not only in this process's first level.
    from api import cache

    cache.MEMORY.clear()
    assert client.post(f"{D}/volland-exposure", json=EXPOSURE_BODY, headers=auth()).headers["X-Cache"] == "hit"
    # Without Redis the API still answers, uncached.
    monkeypatch.setenv("VOLLAND_REDIS_URL", "redis://127.0.0.1:1/0")  # nothing listens there
    reconfigure(app)
    vanna = {**EXPOSURE_BODY, "greek": "vanna"}
    third = client.post(f"{D}/volland-exposure", json=vanna, headers=auth())
    assert third.status_code == 200 and third.headers["X-Cache"] == "miss"
    assert third.get_json()["greek"] == "vanna" and third.get_json()["data"]
    monkeypatch.setenv("VOLLAND_CACHE_DISABLED", "1")
    reconfigure(app)
    fourth = client.post(f"{D}/volland-exposure", json=vanna, headers=auth())
    assert fourth.headers["X-Cache"] == "miss" and fourth.get_data() == third.get_data()


def test_expirations_for_a_mixed_group(client, auth):
    generic = client.get(f"{D}/volland-live-api-expirations?ticker=null", headers=auth()).get_json()["expirations"]
    assert generic[0] == "2026-01-09" and "2026-01-16" in generic  # daily list, then monthlies
    union = client.get(f"{D}/volland-live-api-expirations?tickers=SPX,AAPL", headers=auth()).get_json()
    spx = client.get(f"{D}/volland-live-api-expirations?ticker=SPX", headers=auth()).get_json()
    assert set(spx["expirations"]) <= set(union["expirations"])


def test_openapi_documents_every_data_route_with_an_example(client):
    doc = client.get("/api/openapi.json").get_json()
    paths = {p: v for p, v in doc["paths"].items() if p.startswith(D) or p.startswith("/api/v1/public-data")}
    assert len(paths) >= 32
    for path, ops in paths.items():
        for method, op in ops.items():
            if method == "parameters":   # path parameters shared by the operations, not an operation
                continue
            if path.endswith(("/export", "/export/levels", "/export/heatmap", "/export/flow", "/export/volatility", "/file")):   # binary bodies (Parquet, Arrow)
                continue
            ok = "202" if "202" in op["responses"] else "200"            # a background export is accepted
            content = op["responses"][ok]["content"]["application/json"]
            assert "example" in content, (method, path)


def test_export_parquet_and_arrow(client, auth):
    q = f"{D}/export?ticker=SPX&start=2026-01-05&end=2026-01-09&greeks=gamma,vanna"
    resp = client.get(q, headers=auth())
    assert resp.status_code == 200 and resp.mimetype == "application/vnd.apache.parquet"
    table = pq.read_table(io.BytesIO(resp.get_data()))
    assert set(table.column("greek").to_pylist()) == {"gamma", "vanna"}
    days = {t.date() for t in table.column("ts").to_pylist()}
    assert days == {date(2026, 1, d) for d in (5, 6, 7, 8, 9)}
    resp = client.get(q + "&format=arrow&granularity=snapshot&start=2026-01-08&end=2026-01-08", headers=auth())
    assert resp.status_code == 200
    import pyarrow.ipc as ipc

    t2 = ipc.open_stream(pa.py_buffer(resp.get_data())).read_all()
    assert t2.num_rows > 0 and len(set(t2.column("ts").to_pylist())) > 5


@pytest.mark.parametrize("query,field", [
    ("ticker=SPX&start=2025-01-01&end=2026-01-09", "end"),
    ("ticker=SPX&start=2025-01-01&end=2026-01-09&granularity=contract", "end"),
    ("ticker=SPX&start=2026-01-09&granularity=hourly", "granularity"),
    ("ticker=SPX&start=2026-01-09&expiration_from=2026-02-01&expiration_to=2026-01-01", "expiration_to"),
    ("ticker=SPX&start=2026-01-09&strike_min=abc", "strike_min"),
    ("ticker=SPX&start=2026-01-09&strike_min=6000&strike_max=5000", "strike_max"),
    ("ticker=SPX&start=2026-01-09&end=2026-01-01", "end"),
    ("ticker=SPX&start=2026-01-05&greeks=gamma,omega", "greeks"),
    ("ticker=SPX&start=2026-01-05&format=csv", "format"),
    ("ticker=NOPE&start=2026-01-05", "ticker"),
    ("ticker=SPX", "start"),
])
def test_export_limits(client, auth, query, field):
    body = assert_error_body(client.get(f"{D}/export?{query}", headers=auth()), 422)
    assert field in body["errors"]


def test_export_requires_authentication(client):
    assert_error_body(client.get(f"{D}/export?ticker=SPX&start=2026-01-05"), 401)


def test_an_expired_token_is_refused_even_after_earlier_use(app, client):
    import time

    import jwt

    from api import catalog

    now = int(time.time())
    token = jwt.encode({"sub": "1", "type": "data", "iat": now, "exp": now + 2,
                        "subscriptions": [{"id": catalog.TIERS["live"].product_id}]},
                       app.config["JWT_SECRET_KEY"], algorithm="HS256")
    headers = {"Authorization": f"Bearer {token}"}
    assert client.get(f"{D}/volland-live-api-summary?ticker=SPX", headers=headers).status_code == 200
    time.sleep(3)
    body = assert_error_body(client.get(f"{D}/volland-live-api-summary?ticker=SPX", headers=headers), 401)
    assert body["code"] == "token_expired"


def test_next_refresh_reports_a_stalled_refresh(app, client, auth, monkeypatch, caplog, tiny_store):
    import logging

    from jobs import health

    health.reset()
    latest = health.latest_published(tiny_store)
    # Replay clock, Friday 12:00 New York: the store has that session's snapshots, nothing is overdue.
    body = client.get(f"{D}/next-refresh", headers=auth("live")).get_json()
    assert body["stalled"] is False and body["stalledSince"] is None
    # The newest snapshot the tier is served, not the later ones of the replayed day (test_tier_visibility.py).
    cutoff = svc.make_ctx("live").cutoff
    visible = max(e["_ts"] for e in svc.reader().index().entries.values() if e["_ts"] <= cutoff)
    assert body["lastPublished"] == svc.iso(visible) < svc.iso(latest)
    # Real clock, Monday 11:00 New York: the market is open and nothing was published since Friday.
    frozen(monkeypatch, "2026-01-12T16:00:00+00:00", replay=False, app=app)
    caplog.set_level(logging.INFO, logger="jobs.health")
    for tier in ("live", "basic"):
        body = client.get(f"{D}/next-refresh", headers=auth(tier)).get_json()
        assert body["stalled"] is True, body
        assert body["lastPublished"] == svc.iso(latest) < "2026-01-12"
        assert body["stalledSince"] == "2026-01-12T14:40:30Z"  # the 09:30 open + 2 x 5 min + 30 s offset
    assert len([r for r in caplog.records if r.levelno == logging.WARNING and r.name == "jobs.health"]) == 1
    # Monday 09:35: the first snapshot is not overdue yet.
    frozen(monkeypatch, "2026-01-12T14:35:00+00:00", replay=False, app=app)
    assert client.get(f"{D}/next-refresh", headers=auth("live")).get_json()["stalled"] is False
    health.reset()


def test_historical_zero_dte_uses_that_sessions_list(client, auth):
    """A historical 0DTE request is checked against the 0DTE list of its own session, not today's: in the tiny
    store VIX lists an expiration on 2026-01-07 only and AAPL on the last session (2026-01-09) only."""
    def tickers(query=""):
        return client.get(f"{D}/zero_dte/tickers{query}", headers=auth("live")).get_json()["tickers"]

    assert "AAPL" in tickers() and "VIX" not in tickers()
    assert "VIX" in tickers("?date=2026-01-07") and "AAPL" not in tickers("?date=2026-01-07")
    assert "AAPL" not in tickers("?date=2026-01-08")
    ok = client.get(f"{D}/zero_dte/volland-live-api-paradigm?ticker=VIX&date=2026-01-07 15:00", headers=auth("live"))
    assert ok.status_code == 200, ok.get_json()
    refused = client.get(f"{D}/zero_dte/volland-live-api-zero-dte?ticker=AAPL&date=2026-01-08 15:00",
                         headers=auth("live"))
    assert assert_error_body(refused, 422)["code"] == "not_zero_dte"
