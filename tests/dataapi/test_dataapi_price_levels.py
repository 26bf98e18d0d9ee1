"""The price-and-levels route (docs/methodology.md §4.12) against what it is made of, read independently:
the synthetic market's one-minute path (the source) for the candles, the published statistics files for the
levels over all expirations, and the exposure route's levels for a subset of expirations."""

from __future__ import annotations

from collections import defaultdict
from datetime import UTC, datetime, timedelta

import pyarrow.compute as pc
import pyarrow.parquet as pq
import pytest
from dataapi_helpers import assert_error_body

from domain import market_calendar as cal

D = "/api/v1/data"
ROUTE = f"{D}/volland-price-levels"


def _t(text: str) -> datetime:
    return datetime.fromisoformat(text.replace("Z", "+00:00"))


def _expected_candles(ticker: str, day, until: datetime | None) -> list[dict]:
    """5-minute OHLC from the synthetic market's one-minute bars of ``day`` starting before ``until``."""
    from data.sources.lookup import get_source

    bars = get_source("synthetic").market.underlying_bars(ticker, day).to_pylist()
    buckets: dict[datetime, list[dict]] = defaultdict(list)
    for b in bars:
        if until is not None and b["ts"] >= until:
            continue
        start = b["ts"].replace(minute=b["ts"].minute - b["ts"].minute % 5, second=0, microsecond=0)
        buckets[start].append(b)
    out = []
    for start in sorted(buckets):
        rows = sorted(buckets[start], key=lambda b: b["ts"])
        out.append({"t": start, "open": rows[0]["open"], "high": max(r["high"] for r in rows),
                    "low": min(r["low"] for r in rows), "close": rows[-1]["close"]})
    return out


def _stored_stats(store, ticker: str, day_text: str, until: datetime) -> list[dict]:
    """The published statistics rows of ``ticker`` on a session, read with pyarrow from the manifest's files."""
    from data.store.parquet import read_manifest

    m = read_manifest(store)
    rows = {}
    for e in m["snapshots"]:
        ts = _t(e["ts"])
        if e["day"] != day_text or ticker not in e["tickers"] or ts > until:
            continue
        table = pq.read_table(store / e["files"]["stats"])
        table = table.filter(pc.equal(table["ticker"], ticker))
        for r in table.to_pylist():
            if r["ts"] == ts:
                rows[ts] = r
    return [rows[k] for k in sorted(rows)]


def _post(client, auth, body, tier="live"):
    return client.post(ROUTE, json=body, headers=auth(tier))


def test_candles_are_the_sources_path_per_five_minute_interval(client, auth):
    body = _post(client, auth, {"ticker": "SPX", "previousSessions": 2}).get_json()
    assert body["frequency"] == 5 and body["style"] == "candles"
    assert len(body["sessions"]) == 3
    last = _t(body["lastModified"])
    expected = []
    for day_text in body["sessions"]:
        day = datetime.fromisoformat(day_text).date()
        current = day == last.astimezone(cal.NY).date()
        expected += _expected_candles("SPX", day, last if current else None)
    got = body["candles"]
    assert [_t(c["t"]) for c in got] == [c["t"] for c in expected]
    for g, e in zip(got, expected):
        assert (g["open"], g["high"], g["low"], g["close"]) == pytest.approx(
            (e["open"], e["high"], e["low"], e["close"]), abs=1e-9), g
    # Nothing of the current session starts at or after the snapshot.
    assert all(_t(c["t"]) < last for c in got)
    assert _t(got[-1]["t"]) + timedelta(minutes=5) >= last


def test_levels_at_each_snapshot_are_the_published_ones(client, auth, tiny_store):
    body = _post(client, auth, {"ticker": "SPX", "previousSessions": 1}).get_json()
    last = _t(body["lastModified"])
    stored = []
    for day_text in body["sessions"]:
        stored += _stored_stats(tiny_store, "SPX", day_text, last)
    assert len(body["levels"]) == len(stored) > 10
    for got, row in zip(body["levels"], stored):
        assert _t(got["t"]) == row["ts"]
        assert got["price"] == row["price"]
        assert got["zeroGamma"] == row["zero_gamma"]
        assert got["callWall"] == row["call_wall"]
        assert got["putWall"] == row["put_wall"]
        assert got["target"] == row["target"]
        lo, hi = row["lis_low"], row["lis_high"]
        want = [lo, hi] if lo is not None and hi is not None and lo != hi else (lo if lo is not None else hi)
        assert got["lis"] == want
    assert _t(body["levels"][-1]["t"]) == last
    assert body["currentPrice"] == stored[-1]["price"]
    assert body["zeroDte"] is True                    # SPX lists an expiration every session
    assert any(lv["target"] is not None or lv["lis"] is not None for lv in body["levels"])


def test_levels_of_chosen_expirations_equal_the_exposure_routes_at_each_time(client, auth):
    exps = client.get(f"{D}/volland-live-api-expirations?ticker=SPX", headers=auth()).get_json()["expirations"]
    selection = {"option": "SPECIFIC", "dates": exps[1:3]}
    body = _post(client, auth, {"ticker": "SPX", "expirations": selection}).get_json()
    assert body["expirations"] == exps[1:3]
    levels = body["levels"]
    assert levels
    everything = _post(client, auth, {"ticker": "SPX"}).get_json()["levels"]
    assert [lv["t"] for lv in levels] == [lv["t"] for lv in everything]
    assert any(a["callWall"] != b["callWall"] or a["zeroGamma"] != b["zeroGamma"]
               for a, b in zip(levels, everything)), "a subset should move some level"
    for lv in (levels[0], levels[len(levels) // 2], levels[-1]):
        when = _t(lv["t"]).astimezone(cal.NY).strftime("%Y-%m-%d %H:%M")
        ex = client.post(f"{D}/historical/volland-live-api-data", headers=auth(),
                         json={"ticker": "SPX", "greek": "gamma", "expirations": selection, "date": when}).get_json()
        assert ex["lastModified"] == lv["t"]
        assert (lv["zeroGamma"], lv["callWall"], lv["putWall"]) == (
            ex["levels"]["zeroGamma"], ex["levels"]["callWall"], ex["levels"]["putWall"]), when


def test_historical_answer_stops_at_the_chosen_time(client, auth):
    body = _post(client, auth, {"ticker": "SPX", "date": "2026-01-08 11:02", "previousSessions": 1}).get_json()
    last = _t(body["lastModified"])
    assert last.astimezone(cal.NY).strftime("%Y-%m-%d %H:%M") <= "2026-01-08 11:02"
    assert body["sessions"][-1] == "2026-01-08" and len(body["sessions"]) == 2
    assert all(_t(lv["t"]) <= last for lv in body["levels"])
    assert _t(body["levels"][-1]["t"]) == last
    assert all(_t(c["t"]) < last for c in body["candles"])
    assert max(_t(c["t"]) for c in body["candles"]) >= last - timedelta(minutes=5)


@pytest.mark.parametrize("tier", ["live", "30", "3"])
def test_each_tier_sees_levels_up_to_its_own_cutoff(client, auth, tier):
    from api.data import service as svc

    cutoff = svc.make_ctx(tier).cutoff
    body = _post(client, auth, {"ticker": "SPX"}, tier).get_json()
    newest = svc.reader().snapshot_at_or_before("SPX", cutoff)
    assert body["lastModified"] == svc.iso(newest.ts)
    assert all(_t(lv["t"]) <= cutoff for lv in body["levels"])
    assert all(_t(c["t"]) < newest.ts for c in body["candles"])


@pytest.mark.parametrize("body,field", [
    ({"ticker": "SPX", "previousSessions": 6}, "previousSessions"),
    ({"ticker": "SPX", "previousSessions": -1}, "previousSessions"),
    ({"ticker": "SPX", "previousSessions": "two"}, "previousSessions"),
    ({"ticker": "ZZZZ"}, "ticker"),
    ({"ticker": "SPX", "date": "08/01/2026"}, "date"),
    ({"ticker": "SPX", "expirations": {"option": "SPECIFIC"}}, "expirations.dates"),
    ({"ticker": "SPX", "expirations": {"option": "SOMEDAY"}}, "expirations.option"),
])
def test_bad_input_is_one_error_body_naming_the_field(client, auth, body, field):
    err = assert_error_body(_post(client, auth, body), 422)
    assert field in err["errors"], err


def test_a_date_without_data_is_404(client, auth):
    assert_error_body(_post(client, auth, {"ticker": "SPX", "date": "2025-06-01 10:00"}), 404)


# ---------------------------------------------------------------- the quants' copies: export and public API


def _arrow(resp):
    import pyarrow.ipc as ipc

    assert resp.status_code == 200, resp.get_data(as_text=True)
    assert resp.mimetype == "application/vnd.apache.arrow.stream"
    return ipc.open_stream(resp.get_data()).read_all()


def test_the_levels_export_holds_the_routes_rows(client, auth):
    body = _post(client, auth, {"ticker": "SPX", "previousSessions": 1}).get_json()
    start, end = body["sessions"]
    resp = client.get(f"{D}/export/levels?ticker=SPX&start={start}&end={end}&format=arrow", headers=auth())
    assert resp.headers["X-Sessions"] == "2"
    rows = _arrow(resp).to_pylist()
    assert int(resp.headers["X-Rows"]) == len(rows) == len(body["levels"])
    for row, lv in zip(rows, body["levels"]):
        assert row["ticker"] == "SPX" and row["ts"] == _t(lv["t"])
        assert (row["price"], row["zero_gamma"], row["call_wall"], row["put_wall"], row["target"]) == (
            lv["price"], lv["zeroGamma"], lv["callWall"], lv["putWall"], lv["target"])
        lo, hi = row["lis_low"], row["lis_high"]
        assert lv["lis"] == ([lo, hi] if lo is not None and hi is not None and lo != hi else (lo if lo is not None else hi))
    candles = _arrow(client.get(f"{D}/export/levels?ticker=SPX&start={start}&end={end}&table=candles&format=arrow",
                                headers=auth())).to_pylist()
    assert [(c["ts"], c["open"], c["high"], c["low"], c["close"]) for c in candles] == [
        (_t(c["t"]), c["open"], c["high"], c["low"], c["close"]) for c in body["candles"]]


def test_the_levels_export_as_parquet_and_its_refusals(client, auth):
    import io

    resp = client.get(f"{D}/export/levels?ticker=SPX&start=2026-01-08", headers=auth())
    assert resp.status_code == 200 and resp.mimetype == "application/vnd.apache.parquet"
    t = pq.read_table(io.BytesIO(resp.get_data()))
    assert t.num_rows == int(resp.headers["X-Rows"]) > 10
    assert {r.astimezone(cal.NY).date().isoformat() for r in t["ts"].to_pylist()} == {"2026-01-08"}
    for query, field, status in [("start=2026-01-09&end=2026-01-08", "end", 422), ("start=2026-01-08&table=bars", "table", 422),
                                 ("start=2026-01-08&format=csv", "format", 422), ("start=8/1/2026", "start", 422)]:
        err = assert_error_body(client.get(f"{D}/export/levels?ticker=SPX&{query}", headers=auth()), status)
        assert field in err["errors"], err
    assert_error_body(client.get(f"{D}/export/levels?ticker=SPX&start=2025-06-02", headers=auth()), 404)
    assert_error_body(client.get(f"{D}/export/levels?ticker=ZZZZ&start=2026-01-08", headers=auth()), 422)


def test_the_public_api_levels_request_is_the_live_session(client, auth, db_url):
    from test_dataapi_public_api import make_user

    key = make_user(db_url, tier="live")["key"]
    answer = client.post("/api/v1/volland", json={"requests": [{"request_type": "levels_request", "ticker": "SPX"}]},
                         headers={"X-API-KEY": key}).get_json()[0]
    route = _post(client, auth, {"ticker": "SPX"}).get_json()
    data = answer["data"]
    assert data["lastModified"] == route["lastModified"]
    assert data["candles"] == route["candles"]
    assert [r["t"] for r in data["levels"]] == [r["t"] for r in route["levels"]]
    for got, lv in zip(data["levels"], route["levels"]):
        assert got["lis"] == ([] if lv["lis"] is None else lv["lis"] if isinstance(lv["lis"], list) else [lv["lis"]])
        assert {k: got[k] for k in ("price", "zeroGamma", "callWall", "putWall", "target")} == {
            k: lv[k] for k in ("price", "zeroGamma", "callWall", "putWall", "target")}
