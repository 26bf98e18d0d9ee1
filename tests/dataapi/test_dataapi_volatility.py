"""The volatility routes (term structure, skew, IV rank and expected move; methodology §4.17–§4.19): each
figure against an independent computation from the stored rows (the manifest and the Parquet files read with
pyarrow, deltas and straddles priced with the plain-Python reference model, every interpolation written out
here again), the public API items and the export against the routes, and the choice of expiration.

The as-of rule for every tier (a value planted after T never appears) is walked by
``test_no_lookahead.py``, whose REQUESTS list these routes."""

from __future__ import annotations

import io
import json
import math
from datetime import date, datetime, timedelta

import pyarrow.compute as pc
import pyarrow.parquet as pq
import pytest
from dataapi_helpers import assert_error_body, data_token

from api.data import service as svc
from domain import market_calendar as cal
from domain.timestamps import parse_iso
from engine import reference

D = "/api/v1/data"


# ---------------------------------------------------------------- the store read by hand


def _manifest(root) -> dict:
    return json.loads((root / "manifest.json").read_text())


def _entries(root, ticker: str) -> list[dict]:
    return sorted((e for e in _manifest(root)["snapshots"] if ticker in e["tickers"]), key=lambda e: e["ts"])


def _entry_at_or_before(root, ticker: str, at: datetime, day: date | None = None) -> dict | None:
    best = None
    for e in _entries(root, ticker):
        if parse_iso(e["ts"]) <= at and (day is None or e["day"] == day.isoformat()):
            best = e
    return best


def _contracts(root, entry: dict, ticker: str) -> list[dict]:
    t = pq.read_table(root / entry["files"]["exposures"],
                      columns=["ticker", "ts", "expiration", "strike", "right", "t_years", "spot", "rate",
                               "div_yield", "iv"])
    t = t.filter(pc.and_(pc.equal(t["ticker"], ticker), pc.equal(t["ts"], parse_iso(entry["ts"]))))
    return [r for r in t.to_pylist()
            if r["t_years"] > 0 and r["iv"] is not None and math.isfinite(r["iv"]) and r["iv"] > 0 and r["spot"] > 0]


def _lerp(x, x0, x1, y0, y1):
    return y0 if x1 == x0 else y0 + (y1 - y0) * (x - x0) / (x1 - x0)


def _between(points: list[tuple[float, float]], x: float):
    """Linear interpolation at x between the neighbours that bracket it (points sorted by their first item)."""
    for (x0, y0), (x1, y1) in zip(points, points[1:]):
        if x0 <= x <= x1:
            return y0 if x == x0 else _lerp(x, x0, x1, y0, y1)
    return points[0][1] if len(points) == 1 and points[0][0] == x else None


def _by_hand(rows: list[dict], day: date) -> dict:
    """Every expiration's forward, smile, at-the-money IV, wings, risk reversal and butterfly, by §4.17–§4.18."""
    out = {}
    for e in sorted({r["expiration"] for r in rows}):
        legs = {(r["strike"], r["right"]): r for r in rows if r["expiration"] == e}
        any_leg = next(iter(legs.values()))
        t, s, rate, q = any_leg["t_years"], any_leg["spot"], any_leg["rate"], any_leg["div_yield"]
        fwd = s * math.exp((rate - q) * t)
        smile = []
        for k in sorted({k for k, _ in legs}):
            right = "C" if k >= fwd else "P"
            if (k, right) in legs:
                iv = legs[(k, right)]["iv"]
                delta = reference.greeks(s, k, t, rate, q, iv, right == "C")["delta"]
                smile.append({"strike": k, "iv": iv, "call": right == "C", "delta": delta})
        atm = _between([(math.log(p["strike"] / fwd), p["iv"]) for p in smile], 0.0)
        wings = {}
        for call, target in ((True, 0.25), (False, -0.25)):
            pts = sorted((p["delta"], p["iv"]) for p in smile if p["call"] is call and math.isfinite(p["delta"]))
            wings[call] = _between(pts, target)
        c25, p25 = wings[True], wings[False]
        rr = None if c25 is None or p25 is None else 100 * (c25 - p25)
        bf = None if rr is None or atm is None else 100 * ((c25 + p25) / 2 - atm)
        out[e.isoformat()] = {"t": t, "days": (e - day).days, "forward": fwd, "smile": smile, "atm": atm,
                              "c25": c25, "p25": p25, "rr": rr, "bf": bf}
    return out


def _cm(table: dict, key: str, variance: bool):
    """The 30-day constant maturity of §4.19, written out again."""
    pts = sorted((x["t"], x[key]) for x in table.values() if x["t"] >= 1 / 365 and x[key] is not None)
    if not pts:
        return None
    tau = 30 / 365
    if tau <= pts[0][0]:
        return pts[0][1]
    if tau >= pts[-1][0]:
        return pts[-1][1]
    for (t0, v0), (t1, v1) in zip(pts, pts[1:]):
        if t0 <= tau <= t1:
            if variance:
                return math.sqrt(_lerp(tau, t0, t1, v0 * v0 * t0, v1 * v1 * t1) / tau)
            return _lerp(tau, t0, t1, v0, v1)
    raise AssertionError("no bracket")


def _straddles_by_hand(rows: list[dict], day: date) -> list[dict]:
    out = []
    spot = rows[0]["spot"]
    for e in sorted({r["expiration"] for r in rows}):
        legs = {(r["strike"], r["right"]): r for r in rows if r["expiration"] == e}
        both = [k for k, right in legs if right == "C" and (k, "P") in legs]
        if not both:
            continue
        k = min(both, key=lambda x: (abs(x - spot), x))
        price = {right: reference.price(legs[(k, right)]["spot"], k, legs[(k, right)]["t_years"],
                                        legs[(k, right)]["rate"], legs[(k, right)]["div_yield"],
                                        legs[(k, right)]["iv"], right == "C") for right in "CP"}
        points = price["C"] + price["P"]
        out.append({"expiration": e.isoformat(), "days": (e - day).days, "strike": k, "call": price["C"],
                    "put": price["P"], "points": points, "percent": 100 * points / spot})
    return out


def _closes_before(root, ticker: str, day: date) -> list[dict]:
    """The last snapshot at or before the close of every session in the 364 days before ``day``."""
    out = {}
    for e in _entries(root, ticker):
        d = date.fromisoformat(e["day"])
        if day - timedelta(days=364) <= d < day and parse_iso(e["ts"]) <= cal.session(d)[1]:
            out[e["day"]] = e
    return [out[k] for k in sorted(out)]


def _get(client, app, path: str, tier: str = "live"):
    return client.get(f"{D}/{path}", headers={"Authorization": f"Bearer {data_token(app, tier)}"})


def _approx(x, rel=1e-9):
    return None if x is None else pytest.approx(x, rel=rel, abs=1e-12)


def _live_entry(root, ticker):
    return _entry_at_or_before(root, ticker, svc.make_ctx("live").cutoff)


# ---------------------------------------------------------------- figures


@pytest.mark.parametrize("ticker", ["SPX", "AAPL"])
def test_the_term_structure_is_the_forward_at_the_money_iv_of_the_stored_contracts(app, client, tiny_store, ticker):
    body = _get(client, app, f"volland-vol-term-structure?ticker={ticker}").get_json()
    entry = _live_entry(tiny_store, ticker)
    assert body["lastModified"] == entry["ts"]
    day = date.fromisoformat(entry["day"])
    now = _by_hand(_contracts(tiny_store, entry, ticker), day)
    prev_day = cal.previous_trading_day(day)
    week_day = day
    for _ in range(5):
        week_day = cal.previous_trading_day(week_day)
    prev = _entry_at_or_before(tiny_store, ticker, cal.session(prev_day)[1], prev_day)
    week = _entry_at_or_before(tiny_store, ticker, cal.session(week_day)[1], week_day)
    assert prev is not None and week is not None
    assert (body["previousCloseAt"], body["weekAgoAt"]) == (prev["ts"], week["ts"])
    then = {name: _by_hand(_contracts(tiny_store, ref, ticker), date.fromisoformat(ref["day"]))
            for name, ref in (("previousClose", prev), ("weekAgo", week))}
    assert [p["expiration"] for p in body["points"]] == list(now)
    for p in body["points"]:
        mine = now[p["expiration"]]
        assert p["days"] == mine["days"]
        assert p["forward"] == _approx(mine["forward"], 1e-12)
        assert p["atmIv"] == _approx(mine["atm"])
        for name in ("previousClose", "weekAgo"):
            other = then[name].get(p["expiration"])
            assert p[name] == (None if other is None else _approx(other["atm"])), (p["expiration"], name)
    assert sum(p["atmIv"] is not None for p in body["points"]) >= 4
    assert sum(p["previousClose"] is not None for p in body["points"]) >= 3
    assert body["iv30"] == _approx(_cm(now, "atm", True))
    # The demo's at-the-money vols are plausible: an index between 5 % and 60 %.
    assert 0.05 < body["iv30"] < 0.6


def test_the_skew_is_the_smile_of_the_stored_ivs_with_its_wings_and_history(app, client, tiny_store):
    body = _get(client, app, "volland-vol-skew?ticker=SPX").get_json()
    entry = _live_entry(tiny_store, "SPX")
    day = date.fromisoformat(entry["day"])
    now = _by_hand(_contracts(tiny_store, entry, "SPX"), day)
    # The default expiration: nearest to 30 calendar days (ties: the later) among those with an ATM IV.
    expected = min((e for e, x in now.items() if x["atm"] is not None and x["days"] >= 0),
                   key=lambda e: (abs(now[e]["days"] - 30), -now[e]["days"]))
    assert body["expiration"] == expected
    mine = now[expected]
    assert body["forward"] == _approx(mine["forward"], 1e-12) and body["atmIv"] == _approx(mine["atm"])
    assert [(p["strike"], p["side"]) for p in body["smile"]] == [(p["strike"], "C" if p["call"] else "P")
                                                                for p in mine["smile"]]
    for p, q in zip(body["smile"], mine["smile"]):
        assert p["iv"] == pytest.approx(q["iv"], rel=1e-12)
        assert p["delta"] == pytest.approx(q["delta"], rel=1e-9, abs=1e-12)
        assert p["logMoneyness"] == pytest.approx(math.log(q["strike"] / mine["forward"]), rel=1e-12, abs=1e-15)
    for row in body["byExpiration"]:
        x = now[row["expiration"]]
        for field, key in (("atmIv", "atm"), ("call25Iv", "c25"), ("put25Iv", "p25"), ("riskReversal", "rr"),
                           ("butterfly", "bf")):
            assert row[field] == _approx(x[key]), (row["expiration"], field)
    assert body["riskReversal30"] == _approx(_cm(now, "rr", False))
    assert body["butterfly30"] == _approx(_cm(now, "bf", False))
    # SPX carries a put skew (methodology §6.4: a 1-month 25-delta risk reversal of −4 to −8 vol points).
    assert -10 < body["riskReversal30"] < -2
    closes = _closes_before(tiny_store, "SPX", day)
    assert [h["date"] for h in body["history"]] == [c["day"] for c in closes] and len(closes) >= 5
    for h, c in zip(body["history"], closes):
        t = _by_hand(_contracts(tiny_store, c, "SPX"), date.fromisoformat(c["day"]))
        assert h["riskReversal"] == _approx(_cm(t, "rr", False)) and h["butterfly"] == _approx(_cm(t, "bf", False))


def test_a_chosen_expiration_is_drawn_and_an_unlisted_one_falls_back_to_the_default(app, client, tiny_store):
    default = _get(client, app, "volland-vol-skew?ticker=SPX").get_json()
    other = next(e for e in default["expirations"] if e != default["expiration"])
    chosen = _get(client, app, f"volland-vol-skew?ticker=SPX&expiration={other}").get_json()
    assert chosen["expiration"] == other and chosen["smile"] != default["smile"]
    gone = _get(client, app, "volland-vol-skew?ticker=SPX&expiration=2020-01-17").get_json()
    assert gone["expiration"] == default["expiration"]
    body = assert_error_body(_get(client, app, "volland-vol-skew?ticker=SPX&expiration=2026-13-40"), 422)
    assert "expiration" in body["errors"]


def test_iv_rank_and_percentile_and_the_expected_moves_from_the_stored_rows(app, client, tiny_store):
    body = _get(client, app, "volland-vol-iv-rank?ticker=SPX").get_json()
    entry = _live_entry(tiny_store, "SPX")
    day = date.fromisoformat(entry["day"])
    rows = _contracts(tiny_store, entry, "SPX")
    current = _cm(_by_hand(rows, day), "atm", True)
    history = [(c["day"], _cm(_by_hand(_contracts(tiny_store, c, "SPX"), date.fromisoformat(c["day"])), "atm", True))
               for c in _closes_before(tiny_store, "SPX", day)]
    assert [(h["date"], h["iv30"]) for h in body["history"]] == [(d, _approx(v)) for d, v in history]
    values = [v for _, v in history if v is not None]
    assert body["sessions"] == len(values) >= 5
    low, high = min([*values, current]), max([*values, current])
    assert body["iv30"] == _approx(current)
    assert (body["low"], body["high"]) == (_approx(low), _approx(high))
    assert body["ivRank"] == _approx(100 * (current - low) / (high - low))
    assert body["ivPercentile"] == _approx(100 * sum(v < current for v in values) / len(values))
    assert body["windowStart"] == (day - timedelta(days=364)).isoformat()
    moves = _straddles_by_hand(rows, day)
    assert [m["expiration"] for m in body["expectedMoves"]] == [m["expiration"] for m in moves] and len(moves) >= 5
    for served, mine in zip(body["expectedMoves"], moves):
        assert served["days"] == mine["days"] and served["strike"] == mine["strike"]
        for field in ("call", "put", "points", "percent"):
            assert served[field] == pytest.approx(mine[field], rel=1e-9), field
    # One home: the key levels' expected move is the first row.
    kl = _get(client, app, "key-levels?tickers=SPX").get_json()["rows"][0]
    assert kl["expectedMove"] == pytest.approx(body["expectedMoves"][0]["points"], rel=1e-12)


def test_a_historical_answer_reads_that_snapshot_and_only_earlier_closes(app, client, tiny_store):
    body = _get(client, app, "volland-vol-iv-rank?ticker=SPX&date=2026-01-08 11:00").get_json()
    entry = _entry_at_or_before(tiny_store, "SPX", parse_iso("2026-01-08T16:00:59Z"), date(2026, 1, 8))
    assert body["lastModified"] == entry["ts"]
    assert body["history"] and all(h["date"] < "2026-01-08" for h in body["history"])
    term = _get(client, app, "volland-vol-term-structure?ticker=SPX&date=2026-01-08 11:00").get_json()
    assert term["lastModified"] == entry["ts"] and term["previousCloseAt"] < entry["ts"]
    assert_error_body(_get(client, app, "volland-vol-skew?ticker=SPX&date=2026-01-12"), 404)


# ---------------------------------------------------------------- public API and export


def test_public_api_items_answer_the_routes_numbers(app, client, db_url):
    from test_dataapi_public_api import make_user

    key = make_user(db_url, tier="live", credits=10)["key"]
    items = [{"request_type": t, "ticker": "SPX"} for t in ("term_structure_request", "skew_request", "iv_rank_request")]
    resp = client.post("/api/v1/volland", json={"requests": items}, headers={"X-API-KEY": key})
    assert resp.status_code == 200, resp.get_data(as_text=True)
    term, skew, rank = (a["data"] for a in resp.get_json())
    route = {p: _get(client, app, f"{p}?ticker=SPX").get_json()
             for p in ("volland-vol-term-structure", "volland-vol-skew", "volland-vol-iv-rank")}
    assert term["points"] == route["volland-vol-term-structure"]["points"]
    assert skew["smile"] == route["volland-vol-skew"]["smile"]
    assert skew["history"] == route["volland-vol-skew"]["history"]
    assert (rank["ivRank"], rank["expectedMoves"]) == (route["volland-vol-iv-rank"]["ivRank"],
                                                       route["volland-vol-iv-rank"]["expectedMoves"])
    # The answer is the documented wire (each data shape closed: no field more, none missing).
    import jsonschema
    from test_dataapi_public_api_wire import _json_schema

    from tests.api.fuzz_world import openapi_document

    doc = openapi_document()
    schema = doc["paths"]["/api/v1/volland"]["post"]["responses"]["200"]["content"]["application/json"]["schema"]
    jsonschema.validate(resp.get_json(), _json_schema(schema, doc))


@pytest.mark.parametrize("table,path,rows_key,pairs", [
    ("term_structure", "volland-vol-term-structure", "points", {"atm_iv": "atmIv", "previous_close_iv": "previousClose"}),
    ("skew", "volland-vol-skew", "byExpiration", {"risk_reversal": "riskReversal", "butterfly": "butterfly"}),
    ("smile", "volland-vol-skew", "smile", {"strike": "strike", "iv": "iv", "delta": "delta"}),
    ("iv_history", "volland-vol-iv-rank", "history", {"iv30": "iv30"}),
    ("expected_move", "volland-vol-iv-rank", "expectedMoves", {"points": "points", "percent": "percent"}),
])
def test_the_export_serves_the_routes_numbers(app, client, table, path, rows_key, pairs):
    route = _get(client, app, f"{path}?ticker=SPX").get_json()
    resp = _get(client, app, f"export/volatility?ticker=SPX&table={table}")
    assert resp.status_code == 200, resp.get_data(as_text=True)
    rows = pq.read_table(io.BytesIO(resp.get_data())).to_pylist()
    assert len(rows) == len(route[rows_key]) > 0
    for got, want in zip(rows, route[rows_key]):
        for column, field in pairs.items():
            assert got[column] == want[field], (table, column)
