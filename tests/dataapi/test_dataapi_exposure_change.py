"""What changed (``POST volland-exposure-change``, docs/methodology.md §4.10): the difference per strike
between two snapshots, checked against the two snapshots read from the store directly; each comparison
picks the snapshot its rule names; nothing after the tier's cut-off or the historical time is read.

The wall clock is frozen on the replay of Friday 2026-01-09 12:00 New York; the tiny store's sessions have a
snapshot every 15 minutes: the Live tier sees the 11:45 snapshot, Volland 30 and Volland 3 the 11:30 one,
Basic Thursday's close.
"""

from __future__ import annotations

from datetime import UTC, datetime

import pytest
from dataapi_helpers import assert_error_body

from data.store.query import Reader

D = "/api/v1/data"
ROUTE = f"{D}/volland-exposure-change"
BODY = {"ticker": "SPX", "greek": "gamma", "kind": "both", "expirations": {"option": "ALL"}, "isCumulative": False}


def utc(text: str) -> datetime:
    return datetime.fromisoformat(text).replace(tzinfo=UTC)


def post(client, auth, tier="live", **body):
    return client.post(ROUTE, json={**BODY, **body}, headers=auth(tier))


def ok(client, auth, tier="live", **body) -> dict:
    resp = post(client, auth, tier, **body)
    assert resp.status_code == 200, resp.get_data(as_text=True)
    return resp.get_json()


def by_strike(df) -> dict[float, tuple[float, float]]:
    return {float(k): (float(c), float(p)) for k, c, p in zip(df["strike"], df["call"], df["put"])}


def expected_difference(reader: Reader, now, then, greek="gamma", kind="both", chosen=None) -> dict:
    """now − then per strike from the two snapshots read on their own (a missing strike counts as 0);
    both read the expirations chosen at 'now' (all of now's when none are chosen)."""
    exps = chosen if chosen is not None else reader.expirations(now)
    a = by_strike(reader.exposure(now, greek, kind, chosen))
    b = by_strike(reader.exposure(then, greek, kind, exps))
    out = {}
    for k in sorted(set(a) | set(b)):
        (c1, p1), (c0, p0) = a.get(k, (0.0, 0.0)), b.get(k, (0.0, 0.0))
        out[k] = (c1 - c0, p1 - p0)
    return out


def assert_matches(body: dict, expected: dict) -> None:
    got = {p["strike"]: p for p in body["data"]}
    assert sorted(got) == sorted(expected)
    scale = max(1.0, *(abs(c) + abs(p) for c, p in expected.values()))
    for k, (c, p) in expected.items():
        assert got[k]["call"] == pytest.approx(c, abs=1e-9 * scale)
        assert got[k]["put"] == pytest.approx(p, abs=1e-9 * scale)
        assert got[k]["value"] == pytest.approx(c + p, abs=1e-9 * scale)


# ---------------------------------------------------------------- which snapshot each comparison reads


@pytest.mark.parametrize("compare,extra,then_ts", [
    ("previous", {}, "2026-01-09T16:30:00"),                                   # 11:30 New York
    ("open", {}, "2026-01-09T14:30:00"),                                       # 09:30, the session open
    ("previous_close", {}, "2026-01-08T21:00:00"),                             # Thursday 16:00
    ("time", {"compareTime": "2026-01-08 14:02"}, "2026-01-08T19:00:00"),      # at or before 14:02 Thursday
    ("time", {"compareTime": "2026-01-09 11:45"}, "2026-01-09T16:45:00"),      # 'now' itself: no change
])
def test_the_difference_is_the_two_snapshots_subtracted(client, auth, tiny_store, compare, extra, then_ts):
    body = ok(client, auth, compareWith=compare, **extra)
    r = Reader(tiny_store)
    now = r.snapshot_at_or_before("SPX", utc("2026-01-09T16:55:30"))
    then = r.snapshot_at_or_before("SPX", utc(then_ts))
    assert then.ts == utc(then_ts)
    assert body["lastModified"] == "2026-01-09T16:45:00Z"
    assert body["then"]["lastModified"] == then_ts + "Z"
    assert body["then"]["currentPrice"] == pytest.approx(r.ticker_stats(then)["price"])
    assert body["currentPrice"] == pytest.approx(r.ticker_stats(now)["price"])
    assert body["compareWith"] == compare and body["profiles"] is None
    assert body["unit"]["unit"] and set(body["levels"]) == {"zeroGamma", "callWall", "putWall"}
    expected = expected_difference(r, now, then)
    assert_matches(body, expected)
    if then.ts == now.ts:
        assert all(p["value"] == 0 for p in body["data"])
    else:
        assert any(abs(p["value"]) > 0 for p in body["data"])


def test_a_selection_a_side_and_the_cumulative_flag_are_the_exposure_charts(client, auth, tiny_store):
    r = Reader(tiny_store)
    now = r.snapshot_at_or_before("SPX", utc("2026-01-09T16:55:30"))
    then = r.snapshot_at_or_before("SPX", utc("2026-01-08T21:00:00"))
    chosen = sorted(r.expirations(now))[:3]
    sel = {"option": "SPECIFIC", "dates": [d.isoformat() for d in chosen]}
    body = ok(client, auth, compareWith="previous_close", greek="charm", kind="put", expirations=sel)
    assert body["expirations"] == [d.isoformat() for d in chosen]
    expected = expected_difference(r, now, then, "charm", "put", chosen)
    assert all(c == 0 for c, _ in expected.values())
    assert_matches(body, expected)
    cumulative = ok(client, auth, compareWith="previous_close", greek="charm", kind="put", expirations=sel,
                    isCumulative=True)
    running = 0.0
    for point, (strike, (c, p)) in zip(cumulative["data"], sorted(expected.items())):
        running += c + p
        assert point["strike"] == strike
        assert point["value"] == pytest.approx(running, abs=1e-6 * max(1.0, abs(running)))


def test_both_profiles_are_what_the_exposure_route_answers(client, auth):
    body = ok(client, auth, compareWith="open", profiles=True)
    exposure = client.post(f"{D}/volland-exposure", json=BODY, headers=auth("live")).get_json()
    at_open = client.post(f"{D}/historical/volland-live-api-data", json={**BODY, "date": "2026-01-09 09:30"},
                          headers=auth("live")).get_json()
    now = dict(zip([p["strike"] for p in body["data"]], body["profiles"]["now"]))
    then = dict(zip([p["strike"] for p in body["data"]], body["profiles"]["then"]))
    for p in exposure["data"]:
        assert now[p["strike"]] == pytest.approx(p["value"], rel=1e-12, abs=1e-6)
    listed_now = set(exposure["expirations"])
    assert set(at_open["expirations"]) == listed_now      # nothing expired in between: the same contracts
    for p in at_open["data"]:
        assert then[p["strike"]] == pytest.approx(p["value"], rel=1e-12, abs=1e-6)
    for p, a, b in zip(body["data"], body["profiles"]["now"], body["profiles"]["then"]):
        assert p["value"] == pytest.approx(a - b, rel=1e-12, abs=1e-6)


# ---------------------------------------------------------------- historical 'now' and the tiers


@pytest.mark.parametrize("compare,then_ts", [("previous", "2026-01-08T19:45:00Z"), ("open", "2026-01-08T14:30:00Z"),
                                             ("previous_close", "2026-01-07T21:00:00Z")])
def test_a_historical_now(client, auth, tiny_store, compare, then_ts):
    body = ok(client, auth, compareWith=compare, date="2026-01-08 15:00")
    assert body["lastModified"] == "2026-01-08T20:00:00Z"
    assert body["then"]["lastModified"] == then_ts
    r = Reader(tiny_store)
    now = r.snapshot_at_or_before("SPX", utc("2026-01-08T20:00:00"))
    then = r.snapshot_at_or_before("SPX", utc(then_ts[:-1]))
    assert_matches(body, expected_difference(r, now, then))


@pytest.mark.parametrize("tier,now_ts,previous_ts", [
    ("live", "2026-01-09T16:45:00Z", "2026-01-09T16:30:00Z"),
    ("30", "2026-01-09T16:30:00Z", "2026-01-09T16:15:00Z"),
    ("3", "2026-01-09T16:30:00Z", "2026-01-09T16:15:00Z"),
    ("basic", "2026-01-08T21:00:00Z", "2026-01-08T20:45:00Z"),
])
def test_each_tier_compares_what_it_may_see(client, auth, tier, now_ts, previous_ts):
    body = ok(client, auth, tier, compareWith="previous")
    assert (body["lastModified"], body["then"]["lastModified"]) == (now_ts, previous_ts)
    close = ok(client, auth, tier, compareWith="previous_close")
    assert close["then"]["lastModified"] < now_ts[:10]


@pytest.mark.parametrize("tier,too_late", [("live", "2026-01-09 11:56"), ("30", "2026-01-09 11:31"),
                                           ("3", "2026-01-09 11:31"), ("basic", "2026-01-09 09:30"),
                                           ("live", "2026-01-12 10:00")])
def test_a_compare_time_after_the_cutoff_is_refused(client, auth, tier, too_late):
    err = assert_error_body(post(client, auth, tier, compareWith="time", compareTime=too_late), 422)
    assert err["code"] == "compare_after_cutoff" and list(err["errors"]) == ["compareTime"]
    assert "after the latest data your plan may see" in err["message"]


def test_a_compare_time_after_the_historical_now_is_refused(client, auth):
    err = assert_error_body(post(client, auth, compareWith="time", compareTime="2026-01-08 15:30",
                                 date="2026-01-08 15:00"), 422)
    assert err["code"] == "compare_after_now" and list(err["errors"]) == ["compareTime"]
    assert "after the snapshot it is compared with" in err["message"]
    same = ok(client, auth, compareWith="time", compareTime="2026-01-08 15:00", date="2026-01-08 15:00")
    assert same["then"]["lastModified"] == same["lastModified"]


# ---------------------------------------------------------------- refusals and the cache


@pytest.mark.parametrize("body,field", [
    ({"compareWith": None}, "compareWith"),
    ({"compareWith": "yesterday"}, "compareWith"),
    ({"compareWith": "time"}, "compareTime"),
    ({"compareWith": "time", "compareTime": "2026-01-08T25:00"}, "compareTime"),
    ({"compareWith": "previous", "profiles": "yes"}, "profiles"),
    ({"compareWith": "previous", "greek": "iv"}, "greek"),
    ({"compareWith": "previous", "expirations": {"option": "SPECIFIC"}}, "expirations.dates"),
])
def test_bad_input_is_the_one_error_body(client, auth, body, field):
    payload = {**BODY, **body}
    if body.get("compareWith") is None:
        payload.pop("compareWith")
    err = assert_error_body(client.post(ROUTE, json=payload, headers=auth("live")), 422)
    assert field in err["errors"], err


def test_no_earlier_snapshot_is_404(client, auth, tiny_store):
    first = Reader(tiny_store).ticker_times("SPX")[0]
    from domain import market_calendar as cal

    when = first.astimezone(cal.NY).strftime("%Y-%m-%d %H:%M")
    for compare in ("previous", "previous_close"):
        err = assert_error_body(post(client, auth, compareWith=compare, date=when), 404)
        assert err["code"] == "no_data"
    err = assert_error_body(post(client, auth, compareWith="time", compareTime="2025-06-02 11:00"), 404)
    assert err["code"] == "no_data"


def test_answers_are_cached_by_the_two_snapshots(client, auth):
    first = post(client, auth, compareWith="previous_close")
    again = post(client, auth, compareWith="previous_close")
    assert (first.headers["X-Cache"], again.headers["X-Cache"]) == ("miss", "hit")
    assert first.get_json() == again.get_json()
    other = post(client, auth, compareWith="open")
    assert other.headers["X-Cache"] == "miss" and other.get_json()["data"] != first.get_json()["data"]
