"""The flow routes (docs/methodology.md §4.14–4.16) against independent computations from the stored rows.

The prints the store keeps are the prints behind the dealer book: their counts and dealer premium are the
statistics the snapshot published. Volume and open interest are re-read from the exposure files with
pyarrow, the put/call buckets and the tape are recomputed in Python from the prints files, and every tier's
answer stops at its snapshot. The planted-after-T walk is in ``test_no_lookahead.py``.
"""

from __future__ import annotations

from collections import defaultdict
from datetime import UTC, date, datetime, timedelta

import pyarrow as pa
import pyarrow.compute as pc
import pyarrow.parquet as pq
import pytest
from dataapi_helpers import assert_error_body

from api.data import service as svc
from domain import market_calendar as cal

D = "/api/v1/data"


def _parse(text: str) -> datetime:
    return datetime.fromisoformat(text.replace("Z", "+00:00"))


def _entries(ticker: str, day: date, until: datetime) -> list[dict]:
    idx = svc.reader().index()
    return [idx.entries[eid] for ts, eid in idx.by_ticker[ticker]
            if idx.entries[eid]["day"] == day.isoformat() and ts <= until]


def _stored_prints(ticker: str, day: date, until: datetime) -> list[dict]:
    """The classified prints of ``ticker``'s session ``day`` up to ``until``, read straight from the files."""
    files = sorted({e["_files"]["prints"] for e in _entries(ticker, day, until) if "prints" in e["_files"]})
    rows = []
    for f in files:
        t = pq.read_table(f)
        t = t.filter(pc.and_(pc.equal(t["ticker"], ticker),
                             pc.less_equal(t["ts"], pa.scalar(until, t.schema.field("ts").type))))
        rows += t.to_pylist()
    return rows


def _stored_contracts(snap) -> list[dict]:
    f = svc.reader()._entry(snap)["_files"]["exposures"]
    t = pq.read_table(f, columns=["ticker", "ts", "expiration", "strike", "right", "volume", "open_interest"])
    t = t.filter(pc.and_(pc.equal(t["ticker"], snap.ticker),
                         pc.equal(t["ts"], pa.scalar(snap.ts, t.schema.field("ts").type))))
    return t.to_pylist()


def _live(ticker="SPX", tier="live"):
    return svc.live_snapshot(ticker, svc.make_ctx(tier))


# ---------------------------------------------------------------- the stored prints


@pytest.mark.parametrize("ticker,when", [("SPX", None), ("QQQ", None), ("SPX", "2026-01-08")])
def test_stored_prints_are_the_prints_behind_the_book(ticker, when):
    ctx = svc.make_ctx("live")
    snap = svc.live_snapshot(ticker, ctx) if when is None else svc.historical_snapshot(ticker, when, ctx)
    rows = _stored_prints(ticker, svc.session_day(snap), snap.ts)
    stats = svc.reader().ticker_stats(snap)
    assert len(rows) > 50
    # The day's running totals the snapshot published are sums over exactly these prints (§4.2).
    assert stats["total_trades"] == len(rows)
    assert stats["classified_trades"] == sum(1 for r in rows if r["dealer_side"] != 0)
    assert stats["dealer_premium"] == pytest.approx(sum(-r["dealer_side"] * r["premium"] for r in rows), rel=1e-9)
    assert stats["zero_dte_dealer_premium"] == pytest.approx(
        sum(-r["dealer_side"] * r["premium"] for r in rows if r["zero_dte"]), rel=1e-9, abs=1e-6)
    assert stats["notional_volume"] == pytest.approx(
        sum(r["size"] * 100.0 * r["underlying_price"] for r in rows), rel=1e-9)
    for r in rows:
        assert r["premium"] == pytest.approx(r["price"] * r["size"] * 100.0, rel=1e-12)
        assert r["customer_side"] == -r["dealer_side"]
        assert (r["package_id"] is None) == (r["condition"] == "single")
        assert svc.session_day(type(snap)(ticker, r["ts"], "")) == svc.session_day(snap)
    assert {r["condition"] for r in rows} >= {"single"}


# ---------------------------------------------------------------- volume and open interest


def _by_strike(rows: list[dict], expirations=None) -> dict:
    out = defaultdict(lambda: [0.0, 0.0, 0.0, 0.0])
    for r in rows:
        if expirations is not None and r["expiration"] not in expirations:
            continue
        i = 0 if r["right"] == "C" else 1
        out[r["strike"]][i] += r["volume"]
        out[r["strike"]][2 + i] += r["open_interest"]
    return out


@pytest.mark.parametrize("query", ["ticker=SPX", "ticker=SPX&expirations=THIS_WEEK&range=3",
                                   "ticker=QQQ&date=2026-01-08 11:00"])
def test_volume_and_open_interest_are_the_stored_contracts(client, auth, query):
    body = client.get(f"{D}/volland-live-api-volume-oi?{query}", headers=auth("live")).get_json()
    ticker = body["ticker"]
    snap = svc.reader().snapshot_at_or_before(ticker, _parse(body["lastModified"]))
    assert svc.iso(snap.ts) == body["lastModified"]
    exps = {date.fromisoformat(d) for d in body["expirations"]}
    mine = _by_strike(_stored_contracts(snap), exps)
    low, high = body["strikeRange"]["low"], body["strikeRange"]["high"]
    assert low == pytest.approx(body["currentPrice"] * (1 - body["strikeRange"]["percent"] / 100))
    assert body["strikes"] == sorted(k for k in mine if low <= k <= high) and len(body["strikes"]) > 3
    prev = svc.reader().previous_session_close(snap)
    assert body["previousSnapshot"] == svc.iso(prev.ts)
    assert svc.session_day(prev) < svc.session_day(snap)
    before = _by_strike(_stored_contracts(prev), exps)
    changes = 0
    for i, k in enumerate(body["strikes"]):
        cv, pv, co, po = mine[k]
        assert (body["callVolume"][i], body["putVolume"][i]) == (pytest.approx(cv), pytest.approx(pv))
        assert (body["callOpenInterest"][i], body["putOpenInterest"][i]) == (pytest.approx(co), pytest.approx(po))
        if k in before:
            assert body["callOpenInterestChange"][i] == pytest.approx(co - before[k][2])
            assert body["putOpenInterestChange"][i] == pytest.approx(po - before[k][3])
            changes += body["callOpenInterestChange"][i] != 0
        else:
            assert body["callOpenInterestChange"][i] is None and body["putOpenInterestChange"][i] is None
    assert changes > 0
    t = body["totals"]
    assert t["callVolume"] == pytest.approx(sum(body["callVolume"]))
    assert t["volumeRatio"] == pytest.approx(t["putVolume"] / t["callVolume"])
    assert t["openInterestRatio"] == pytest.approx(t["putOpenInterest"] / t["callOpenInterest"])


# ---------------------------------------------------------------- put/call balance


def _buckets(rows: list[dict], day: date, until: datetime) -> dict:
    """5-minute buckets from the open, recomputed: (times, {right: (volume, premium, dealer premium)})."""
    open_, close = cal.session(day)
    end = min(until, close)
    n = -(-int((end - open_).total_seconds()) // 300)
    out = {r: [[0.0] * n for _ in range(3)] for r in ("C", "P")}
    for p in rows:
        i = min(max(int((p["ts"] - open_).total_seconds() // 300), 0), n - 1)
        out[p["right"]][0][i] += p["size"]
        out[p["right"]][1][i] += p["premium"]
        out[p["right"]][2][i] += -p["dealer_side"] * p["premium"]
    return [svc.iso(open_ + timedelta(minutes=5 * i)) for i in range(n)], out


def _check_session(part: dict, ticker: str, until: datetime) -> None:
    day = date.fromisoformat(part["session"])
    rows = _stored_prints(ticker, day, until)
    times, mine = _buckets(rows, day, until)
    assert part["times"] == times
    for right, side in (("C", part["call"]), ("P", part["put"])):
        for got, want in zip((side["volume"], side["premium"], side["dealerPremium"]), mine[right], strict=True):
            assert got == pytest.approx(want, rel=1e-9, abs=1e-6)
    t = part["totals"]
    assert t["callVolume"] + t["putVolume"] == pytest.approx(sum(p["size"] for p in rows))
    assert t["callPremium"] + t["putPremium"] == pytest.approx(sum(p["premium"] for p in rows))
    assert t["volumeRatio"] == pytest.approx(t["putVolume"] / t["callVolume"])
    assert t["premiumRatio"] == pytest.approx(t["putPremium"] / t["callPremium"])


@pytest.mark.parametrize("query", ["ticker=SPX", "ticker=QQQ", "ticker=SPX&date=2026-01-08 13:00"])
def test_put_call_balance_is_the_stored_prints_bucketed(client, auth, query):
    body = client.get(f"{D}/volland-live-api-put-call?{query}", headers=auth("live")).get_json()
    snap_ts = _parse(body["lastModified"])
    assert body["bucketMinutes"] == 5 and len(body["current"]["times"]) > 3
    _check_session(body["current"], body["ticker"], snap_ts)
    # The dealer premium of the session is the published statistic at the snapshot.
    snap = svc.reader().snapshot_at_or_before(body["ticker"], snap_ts)
    c = body["current"]["totals"]
    assert c["callDealerPremium"] + c["putDealerPremium"] == pytest.approx(
        svc.reader().ticker_stats(snap)["dealer_premium"], rel=1e-9)
    # The previous session beside, whole.
    prev = svc.reader().previous_session_close(snap)
    assert body["previous"]["session"] == svc.session_day(prev).isoformat()
    _check_session(body["previous"], body["ticker"], prev.ts)
    assert len(body["previous"]["times"]) == 78


# ---------------------------------------------------------------- the tape


def _key(p: dict, order: str):
    ts = p["ts"].timestamp()
    head = (-p["premium"], -ts) if order == "premium" else (-ts, -p["premium"])
    return (*head, p["expiration"], p["strike"], p["right"], p["price"], p["size"])


def _wire(p: dict) -> tuple:
    side = {1: "buy", -1: "sell", 0: None}
    return (svc.iso(p["ts"]), p["expiration"].isoformat(), p["strike"], p["right"], p["size"], p["price"],
            p["bid"], p["ask"], p["premium"], side[p["customer_side"]], side[p["dealer_side"]],
            "single" if p["condition"] == "single" else "multi",
            None if p["package_id"] is None else str(p["package_id"]))


def _tape_all(client, auth, query: str, tier="live") -> tuple[dict, list]:
    first = client.get(f"{D}/volland-live-api-prints?{query}&pageSize=200", headers=auth(tier)).get_json()
    rows = list(first["prints"])
    page = 2
    while len(rows) < first["total"]:
        more = client.get(f"{D}/volland-live-api-prints?{query}&pageSize=200&page={page}",
                          headers=auth(tier)).get_json()
        assert more["prints"] and more["total"] == first["total"]
        rows += more["prints"]
        page += 1
    return first, rows


def _as_tuple(p: dict) -> tuple:
    return (p["ts"], p["expiration"], p["strike"], p["right"], p["size"], p["price"], p["bid"], p["ask"],
            p["premium"], p["customerSide"], p["dealerSide"], p["legs"], p["packageId"])


@pytest.mark.parametrize("query,keep", [
    ("ticker=SPX", lambda p: True),
    ("ticker=SPX&sort=time", lambda p: True),
    ("ticker=SPX&side=buy&minPremium=5000", lambda p: p["customer_side"] == 1 and p["premium"] >= 5000),
    ("ticker=SPX&side=unclassified", lambda p: p["customer_side"] == 0),
    ("ticker=QQQ&side=sell&date=2026-01-08", lambda p: p["customer_side"] == -1),
])
def test_the_tape_pages_through_the_stored_prints(client, auth, query, keep):
    first, rows = _tape_all(client, auth, query)
    snap_ts = _parse(first["lastModified"])
    stored = [p for p in _stored_prints(first["ticker"], date.fromisoformat(first["session"]), snap_ts) if keep(p)]
    order = "time" if "sort=time" in query else "premium"
    stored.sort(key=lambda p: _key(p, order))
    assert first["total"] == len(stored) > 0
    assert [_as_tuple(p) for p in rows] == [_wire(p) for p in stored]


def test_the_tape_filters_by_expiration(client, auth):
    snap = _live()
    first_exp = svc.snap_expirations(snap)[0]
    first, rows = _tape_all(client, auth, f"ticker=SPX&expirations=SPECIFIC&dates={first_exp.isoformat()}")
    assert first["expirations"] == [first_exp.isoformat()]
    stored = [p for p in _stored_prints("SPX", svc.session_day(snap), snap.ts) if p["expiration"] == first_exp]
    assert first["total"] == len(stored) > 0 and {p["expiration"] for p in rows} == {first_exp.isoformat()}


@pytest.mark.parametrize("tier", ["live", "30", "3", "basic"])
def test_every_route_stops_at_the_tiers_snapshot(client, auth, tier):
    ctx = svc.make_ctx(tier)
    snap = svc.live_snapshot("SPX", ctx)
    tape = client.get(f"{D}/volland-live-api-prints?ticker=SPX&sort=time", headers=auth(tier)).get_json()
    assert tape["lastModified"] == svc.iso(snap.ts) and snap.ts <= ctx.cutoff
    stored = _stored_prints("SPX", svc.session_day(snap), snap.ts)
    assert tape["total"] == len(stored)
    assert all(_parse(p["ts"]) <= snap.ts for p in tape["prints"])
    bal = client.get(f"{D}/volland-live-api-put-call?ticker=SPX", headers=auth(tier)).get_json()
    assert bal["lastModified"] == svc.iso(snap.ts)
    assert bal["current"]["totals"]["callVolume"] + bal["current"]["totals"]["putVolume"] == pytest.approx(
        sum(p["size"] for p in stored))
    assert all(_parse(t) <= snap.ts for t in bal["current"]["times"])
    vo = client.get(f"{D}/volland-live-api-volume-oi?ticker=SPX", headers=auth(tier)).get_json()
    assert vo["lastModified"] == svc.iso(snap.ts) and _parse(vo["previousSnapshot"]) < snap.ts


@pytest.mark.parametrize("path,query,field", [
    ("prints", "ticker=SPX&side=both", "side"), ("prints", "ticker=SPX&minPremium=-1", "minPremium"),
    ("prints", "ticker=SPX&minPremium=abc", "minPremium"), ("prints", "ticker=SPX&page=0", "page"),
    ("prints", "ticker=SPX&pageSize=500", "pageSize"), ("prints", "ticker=SPX&sort=size", "sort"),
    ("prints", "ticker=SPX&expirations=SPECIFIC", "expirations.dates"),
    ("volume-oi", "ticker=SPX&range=0", "range"), ("volume-oi", "ticker=NOPE", "ticker"),
    ("put-call", "ticker=SPX&date=yesterday", "date")])
def test_bad_input_answers_the_error_body(client, auth, path, query, field):
    body = assert_error_body(client.get(f"{D}/volland-live-api-{path}?{query}", headers=auth("live")), 422)
    assert field in body["errors"], body


def test_without_data_or_token(client, auth):
    for path in ("prints", "volume-oi", "put-call"):
        assert_error_body(client.get(f"{D}/volland-live-api-{path}?ticker=SPX&date=2026-01-10",
                                     headers=auth("live")), 404)
        assert_error_body(client.get(f"{D}/volland-live-api-{path}?ticker=SPX"), 401)


def test_a_page_past_the_end_still_counts(client, auth):
    first = client.get(f"{D}/volland-live-api-prints?ticker=SPX&pageSize=200", headers=auth("live")).get_json()
    far = client.get(f"{D}/volland-live-api-prints?ticker=SPX&pageSize=200&page=99999",
                     headers=auth("live")).get_json()
    assert far["prints"] == [] and far["total"] == first["total"] > 0
    assert datetime.now(UTC) > _parse(first["lastModified"])


# ---------------------------------------------------------------- the quants export and the public API


def test_the_prints_export_is_every_stored_print_of_the_tape(client, auth):
    import io

    resp = client.get(f"{D}/export/flow?ticker=SPX&table=prints&side=buy", headers=auth("live"))
    assert resp.status_code == 200 and resp.mimetype == "application/vnd.apache.parquet"
    table = pq.read_table(io.BytesIO(resp.get_data()))
    assert table.column_names == ["ts", "ticker", "expiration", "strike", "right", "size", "price", "bid", "ask",
                                  "premium", "customer_side", "dealer_side", "condition", "package_id"]
    snap = _live()
    stored = [p for p in _stored_prints("SPX", svc.session_day(snap), snap.ts) if p["customer_side"] == 1]
    key = lambda p: (p["ts"], p["expiration"], p["strike"], p["right"], p["price"], p["size"], p["premium"])  # noqa: E731
    cols = ["ts", "expiration", "strike", "right", "size", "price", "bid", "ask", "premium", "customer_side",
            "dealer_side", "condition", "package_id"]
    assert table.schema.field("package_id").type == pa.string()
    as_text = lambda v: None if v is None else str(v)  # noqa: E731
    assert sorted(table.select(cols).to_pylist(), key=key) == sorted(
        [{c: (as_text(p[c]) if c == "package_id" else p[c]) for c in cols} for p in stored], key=key)
    assert int(resp.headers["X-Rows"]) == len(stored) > 0
    tape = client.get(f"{D}/volland-live-api-prints?ticker=SPX&side=buy", headers=auth("live")).get_json()
    assert tape["total"] == len(stored)


def test_the_volume_and_balance_exports_are_the_routes_numbers(client, auth):
    import io

    import pyarrow.ipc as ipc

    body = client.get(f"{D}/volland-live-api-volume-oi?ticker=QQQ&range=5", headers=auth("live")).get_json()
    resp = client.get(f"{D}/export/flow?ticker=QQQ&table=volume_oi&range=5&format=arrow", headers=auth("live"))
    assert resp.status_code == 200 and resp.mimetype == "application/vnd.apache.arrow.stream"
    t = ipc.open_stream(pa.py_buffer(resp.get_data())).read_all()
    assert t["strike"].to_pylist() == body["strikes"]
    assert t["call_open_interest_change"].to_pylist() == body["callOpenInterestChange"]
    assert t["put_volume"].to_pylist() == body["putVolume"]
    bal = client.get(f"{D}/volland-live-api-put-call?ticker=QQQ", headers=auth("live")).get_json()
    rows = pq.read_table(io.BytesIO(client.get(f"{D}/export/flow?ticker=QQQ&table=put_call",
                                               headers=auth("live")).get_data())).to_pylist()
    cur = [r for r in rows if r["session"] == "current"]
    assert len(cur) == 2 * len(bal["current"]["times"])
    assert sum(r["premium"] for r in cur if r["right"] == "P") == pytest.approx(bal["current"]["totals"]["putPremium"])
    assert {r["session"] for r in rows} == {"current", "previous"}


def test_the_public_api_items_answer_the_routes_numbers(client, auth, db_url):
    from test_dataapi_public_api import balance, make_user

    u = make_user(db_url, credits=5)
    items = [{"request_type": "prints_request", "ticker": "SPX"}, {"request_type": "put_call_request", "ticker": "SPX"},
             {"request_type": "volume_oi_request", "ticker": "SPX", "expirations": ["*"]}]
    answer = client.post("/api/v1/volland", json={"requests": items}, headers={"X-API-KEY": u["key"]})
    assert answer.status_code == 200, answer.get_data(as_text=True)
    tape, bal, vo = (a["data"] for a in answer.get_json())
    route = client.get(f"{D}/volland-live-api-prints?ticker=SPX", headers=auth("live")).get_json()
    assert tape["prints"] == route["prints"] and tape["total"] == route["total"]
    route = client.get(f"{D}/volland-live-api-put-call?ticker=SPX", headers=auth("live")).get_json()
    assert bal["current"] == route["current"] and bal["previous"] == route["previous"]
    route = client.get(f"{D}/volland-live-api-volume-oi?ticker=SPX", headers=auth("live")).get_json()
    assert vo["strikes"] == route["strikes"] and vo["callOpenInterest"] == route["callOpenInterest"]
    assert balance(db_url, u["id"]) == 2
