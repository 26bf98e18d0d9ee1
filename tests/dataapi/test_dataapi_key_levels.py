"""The key levels route (``GET /api/v1/data/key-levels``): each figure against the stored rows read
independently of the reader (the manifest and the Parquet files with pyarrow, the straddle priced with the
plain-Python reference model), the changes since the previous close, the as-of rule for every tier (a value
planted after T never appears) and bad input."""

from __future__ import annotations

import json
import math
import shutil
from datetime import UTC, date, datetime, timedelta

import pyarrow.compute as pc
import pyarrow.parquet as pq
import pytest
from dataapi_helpers import assert_error_body, data_token

from api.data import service as svc
from domain import market_calendar as cal
from domain.timestamps import iso, parse_iso
from engine import reference

D = "/api/v1/data"
TIERS = ("live", "30", "3", "basic")


# ---------------------------------------------------------------- reading the store by hand


def _manifest(root) -> dict:
    return json.loads((root / "manifest.json").read_text())


def _entry_at_or_before(root, ticker: str, at: datetime, day: date | None = None) -> dict | None:
    best = None
    for e in _manifest(root)["snapshots"]:
        ts = parse_iso(e["ts"])
        if ticker in e["tickers"] and ts <= at and (day is None or e["day"] == day.isoformat()):
            if best is None or ts > parse_iso(best["ts"]):
                best = e
    return best


def _rows(root, entry: dict, table: str, ticker: str) -> list[dict]:
    t = pq.read_table(root / entry["files"][table])
    ts = parse_iso(entry["ts"])
    mask = pc.and_(pc.equal(t["ticker"], ticker), pc.equal(t["ts"], ts))
    return t.filter(mask).to_pylist()


def _stats(root, entry: dict, ticker: str) -> dict:
    (row,) = _rows(root, entry, "stats", ticker)
    return row


def _straddle(root, entry: dict, ticker: str) -> dict | None:
    """The at-the-money straddle of the nearest expiration, by the rule of methodology §4.13, in plain Python."""
    legs: dict[tuple, dict] = {}
    for r in _rows(root, entry, "exposures", ticker):
        iv = r["iv"]
        if r["t_years"] > 0 and iv is not None and math.isfinite(iv) and iv > 0:
            legs[(r["expiration"], r["strike"], r["right"])] = r
    pairs = {(e, k) for (e, k, right) in legs if right == "C" and (e, k, "P") in legs}
    if not pairs:
        return None
    expiration = min(e for e, _ in pairs)
    call_any = next(iter(legs.values()))
    spot = call_any["spot"]
    strike = min((k for e, k in pairs if e == expiration), key=lambda k: (abs(k - spot), k))
    price = {}
    for right in "CP":
        r = legs[(expiration, strike, right)]
        price[right] = reference.price(r["spot"], r["strike"], r["t_years"], r["rate"], r["div_yield"], r["iv"],
                                       right == "C")
    points = price["C"] + price["P"]
    return {"points": points, "percent": 100 * points / spot, "expiration": expiration.isoformat(), "strike": strike}


def _value(x):
    return None if x is None or (isinstance(x, float) and math.isnan(x)) else x


def _close_of_previous_session(day: date) -> datetime:
    return cal.session(cal.previous_trading_day(day))[1]


def _get(client, app, query: str, tier: str = "live"):
    return client.get(f"{D}/key-levels?{query}", headers={"Authorization": f"Bearer {data_token(app, tier)}"})


# ---------------------------------------------------------------- figures


@pytest.mark.parametrize("ticker", ["SPX", "QQQ", "AAPL"])
def test_each_figure_is_the_stored_one_and_changes_are_against_the_previous_close(app, client, tiny_store, ticker):
    body = _get(client, app, f"tickers={ticker}").get_json()
    (row,) = body["rows"]
    cutoff = svc.make_ctx("live").cutoff
    entry = _entry_at_or_before(tiny_store, ticker, cutoff)
    assert row["lastModified"] == entry["ts"] == body["lastModified"]
    now = _stats(tiny_store, entry, ticker)
    day = date.fromisoformat(entry["day"])
    ref = _entry_at_or_before(tiny_store, ticker, _close_of_previous_session(day), cal.previous_trading_day(day))
    assert ref is not None and row["previousCloseAt"] == ref["ts"]
    then = _stats(tiny_store, ref, ticker)
    for field, column in [("spot", "price"), ("callWall", "call_wall"), ("putWall", "put_wall"),
                          ("zeroGamma", "zero_gamma")]:
        a, b = _value(now[column]), _value(then[column])
        assert row[field] == (None if a is None else pytest.approx(a, rel=1e-12)), field
        change = None if a is None or b is None else pytest.approx(a - b, rel=1e-9, abs=1e-9)
        assert row[field + "Change"] == change, field
    assert row["spot"] is not None and row["callWall"] is not None
    # Target and LIS are the published paradigm figures of the snapshot.
    assert row["target"] == (None if now["target"] is None or math.isnan(now["target"]) else pytest.approx(now["target"]))
    lis = sorted({x for x in (now["lis_low"], now["lis_high"]) if x is not None and not math.isnan(x)})
    assert row["lis"] == pytest.approx(lis)
    assert row["zeroDte"] == (entry["day"] in [e.isoformat() for e in
                                               {r["expiration"] for r in _rows(tiny_store, entry, "exposures", ticker)}]
                              or bool(now["paradigm"]))
    # The expected move: the straddle priced from the stored contracts.
    move, move_then = _straddle(tiny_store, entry, ticker), _straddle(tiny_store, ref, ticker)
    assert move is not None
    assert row["expectedMove"] == pytest.approx(move["points"], rel=1e-9)
    assert row["expectedMovePercent"] == pytest.approx(move["percent"], rel=1e-9)
    assert (row["expectedMoveExpiration"], row["expectedMoveStrike"]) == (move["expiration"], move["strike"])
    assert row["expectedMoveChange"] == pytest.approx(move["points"] - move_then["points"], rel=1e-9, abs=1e-9)
    assert body["units"]["expectedMovePercent"]["unit"] == "% of spot"


def test_the_zero_dte_target_and_lis_change_against_the_previous_sessions_last_reading(app, client, tiny_store):
    row = _get(client, app, "tickers=SPX").get_json()["rows"][0]
    entry = _entry_at_or_before(tiny_store, "SPX", svc.make_ctx("live").cutoff)
    day = date.fromisoformat(entry["day"])
    prev = cal.previous_trading_day(day)
    ref = _entry_at_or_before(tiny_store, "SPX", _close_of_previous_session(day) - timedelta(seconds=1), prev)
    then = _stats(tiny_store, ref, "SPX")
    assert row["zeroDte"] is True and then["paradigm"]
    if row["target"] is not None and then["target"] is not None and not math.isnan(then["target"]):
        assert row["targetChange"] == pytest.approx(row["target"] - then["target"])
    else:
        assert row["targetChange"] is None
    lis_then = sorted({x for x in (then["lis_low"], then["lis_high"]) if x is not None and not math.isnan(x)})
    if row["lis"] and len(lis_then) == len(row["lis"]):
        assert row["lisChange"] == pytest.approx([a - b for a, b in zip(row["lis"], lis_then)])
    else:
        assert row["lisChange"] is None


def test_historical_rows_are_the_snapshot_at_or_before_the_chosen_time(app, client, tiny_store):
    body = _get(client, app, "tickers=SPX,SPY&date=2026-01-08 14:07").get_json()
    at = datetime(2026, 1, 8, 14, 7, 59, tzinfo=cal.NY).astimezone(UTC)
    for row in body["rows"]:
        entry = _entry_at_or_before(tiny_store, row["ticker"], at)
        assert row["lastModified"] == entry["ts"]
        assert row["spot"] == pytest.approx(_stats(tiny_store, entry, row["ticker"])["price"])
        assert row["previousCloseAt"] < "2026-01-08"


def test_a_ticker_without_data_then_answers_a_row_with_a_note(app, client):
    body = _get(client, app, "tickers=SPX&date=2026-01-12 10:00").get_json()
    (row,) = body["rows"]
    assert row["note"] and row["spot"] is None and row["lastModified"] is None and body["lastModified"] is None


def test_the_list_keeps_its_order_and_names_each_ticker_once(app, client):
    rows = _get(client, app, "tickers=qqq,SPX,QQQ").get_json()["rows"]
    assert [r["ticker"] for r in rows] == ["QQQ", "SPX"]


# ---------------------------------------------------------------- bad input


@pytest.mark.parametrize("query,code,field", [
    ("tickers=SPX,NOPE", "unknown_ticker", "tickers"),
    ("tickers=SPX,,QQQ", "validation_error", "tickers"),
    ("tickers=SPX;DROP", "validation_error", "tickers"),
    ("tickers=", "validation_error", "tickers"),
    ("", "validation_error", "tickers"),
    ("tickers=SPX&date=2026-02-30 10:00", "validation_error", "date"),
    ("tickers=" + ",".join(["SPX"] * 21), "validation_error", "tickers"),
])
def test_bad_input_is_the_one_error_body(app, client, query, code, field):
    body = assert_error_body(_get(client, app, query), 422)
    assert body["code"] == code and field in body["errors"], body


# ---------------------------------------------------------------- as of T, every tier


@pytest.fixture(scope="module")
def planted(tiny_store, tmp_path_factory):
    from test_no_lookahead import T, _plant

    root = tmp_path_factory.mktemp("keylevels-lookahead") / "store"
    shutil.copytree(tiny_store, root)
    _plant(root, T)
    return root


@pytest.mark.parametrize("tier", TIERS)
@pytest.mark.parametrize("query", ["tickers=SPX,SPY,QQQ,IWM,AAPL,VIX", "tickers=SPX,QQQ&date=2026-01-09 11:50",
                                   "tickers=SPX,QQQ&date=2026-01-09 15:00", "tickers=SPX&date=2026-01-12 10:00"])
def test_a_value_planted_after_the_tiers_cutoff_never_appears(db_url, planted, monkeypatch, tier, query):
    from test_no_lookahead import _leaks

    from api.app import create_app

    monkeypatch.setenv("VOLLAND_STORE_ROOT", str(planted))
    app = create_app({"TESTING": True, "DATABASE_URL": db_url, "RATELIMIT_STORAGE_URI": "memory://"})
    client = app.test_client()
    resp = _get(client, app, query, tier)
    assert resp.status_code == 200, resp.get_json()
    body = resp.get_json()
    cutoff = svc.make_ctx(tier).cutoff
    assert not _leaks(body, "key-levels", clock=False)
    for row in body["rows"]:
        for key in ("lastModified", "previousCloseAt"):
            if row[key] is not None:
                assert parse_iso(row[key]) <= cutoff, (tier, row["ticker"], key, row[key], iso(cutoff))
    if "date" not in query:
        # Live mode: each row is the tier's own snapshot (the newest at or before its cut-off).
        for row in body["rows"]:
            entry = _entry_at_or_before(planted, row["ticker"], cutoff)
            assert row["lastModified"] == entry["ts"], (tier, row["ticker"])
