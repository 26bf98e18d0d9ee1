"""The levels scorecard: planted sessions, the Wilson interval, and the tiny store's history counted again
here independently (per-day reads, a loop written from the definition), as of two instants."""

from __future__ import annotations

from datetime import datetime, timezone

import pytest
from alerts_helpers import assert_error

from domain import market_calendar as cal
from domain import scorecard as sc

UTC = timezone.utc


def test_wilson_interval_known_values():
    lo, hi = sc.wilson(5, 10)
    assert lo == pytest.approx(0.2366, abs=1e-4) and hi == pytest.approx(0.7634, abs=1e-4)
    lo, hi = sc.wilson(0, 20)
    assert lo == 0.0 and hi == pytest.approx(0.1611, abs=1e-4)
    assert sc.wilson(0, 0) is None and sc.rate(0, 0)["rate"] is None


def test_touch_and_hold_planted():
    lv = [100.0] * 6
    d = 100 * sc.HOLD_DISTANCE   # 0.25 points
    assert sc.session_outcome([99, 99.5, 99.9, 99.95, 99.9, 99.8], lv) == (False, False)
    assert sc.session_outcome([99, 100.1, 99.7, 101, 101, 101], lv) == (True, True)      # back 0.3 > d first
    assert sc.session_outcome([99, 100.0, 100.1, 100 + d + 0.01, 99, 99], lv) == (True, False)  # through first
    assert sc.session_outcome([99, 101, 99, 99, 99, 99], lv) == (True, False)             # gapped through
    assert sc.session_outcome([99, 100.1, 100.2, 100.1, 100.0, 100.1], lv) == (True, False)  # undecided
    assert sc.session_outcome([101, 100, 100.5, 90, 90, 90], lv) == (True, True)          # from above
    assert sc.session_outcome([100, 99, 98, 97, 96, 95], lv) is None                      # starts on it
    # the reference is the first snapshot with both a price and the level (the third here)
    assert sc.session_outcome([None, 99, 99.5, 100, 99.5, 99], [None, None] + lv[:4]) == (True, True)
    assert sc.session_outcome([None, 99, 99.5, 99.6, 99.7, 99.8], [None, None] + lv[:4]) == (False, False)


def test_paradigm_target_planted():
    assert sc.target_outcome([100, 101, 103], ["GEX-PURE", "GEX-PURE", "AG"], [102, 104, 98]) is True
    assert sc.target_outcome([100, 101, 101.5], ["GEX-PURE", "GEX-PURE", "GEX"], [102, 102, 102]) is False
    # the first paradigm is at the second snapshot (AG, target 98 below); 97 later reaches it
    assert sc.target_outcome([100, 99, 97], ["", "AG-MESSY", "AG"], [None, 98, 96]) is True
    assert sc.target_outcome([100, 99, 98.5], ["", "AG-MESSY", "AG"], [None, 98, 96]) is False
    assert sc.target_outcome([100, 100], ["BOFA-PURE", "GEX"], [None, 101]) is None


# ---------------------------------------------------------------- against the store, counted again


def independent(r, ticker: str, as_of: datetime) -> dict:
    """Touch/hold counts per level column and target counts, from the definition in methodology §4.21."""
    counts = {c: [0, 0, 0] for c in ("zero_gamma", "call_wall", "put_wall", "lis", "target")}
    target = [0, 0]
    for day in r.available_dates(ticker, until=as_of):
        open_close = cal.session(day)
        if open_close is None or open_close[1] > as_of:
            continue
        rows = [x for x in r.level_series(ticker, day, until=as_of).to_dicts() if x["ts"] <= open_close[1]]
        columns = [("zero_gamma", "zero_gamma"), ("call_wall", "call_wall"), ("put_wall", "put_wall"),
                   ("lis", "lis_low"), ("target", "target")]
        if any(x["lis_high"] != x["lis_low"] for x in rows):
            columns.append(("lis", "lis_high"))
        for key, col in columns:
            ref = None
            for i, x in enumerate(rows):
                if x["price"] is not None and x[col] is not None:
                    ref = i
                    break
            if ref is None or rows[ref]["price"] == rows[ref][col]:
                continue
            level = rows[ref][col]
            above = rows[ref]["price"] > level
            dist = sc.HOLD_DISTANCE * abs(level)
            state = "waiting"
            for x in rows[ref + 1:]:
                p = x["price"]
                if p is None:
                    continue
                beyond = (level - p) if above else (p - level)   # >= 0: at or past the level
                if state == "waiting" and beyond >= 0:
                    state = "broken" if beyond > dist else "touched"
                elif state == "touched":
                    if beyond <= -dist:
                        state = "held"
                    elif beyond > dist:
                        state = "broken"
                if state in ("held", "broken"):
                    break
            counts[key][0] += 1
            counts[key][1] += state != "waiting"
            counts[key][2] += state == "held"
        first = next((x for x in rows if x["paradigm"]), None)
        if first is not None and first["paradigm"].split("-")[0] in ("GEX", "AG") and first["target"] is not None:
            later = [x["price"] for x in rows if x["ts"] > first["ts"] and x["price"] is not None]
            up = first["paradigm"].startswith("GEX")
            target[0] += 1
            target[1] += any((p >= first["target"]) if up else (p <= first["target"]) for p in later)
    return {"counts": counts, "target": target}


@pytest.mark.parametrize("ticker", ["SPX", "AAPL"])
def test_scorecard_matches_an_independent_count(ticker):
    from api.alerts.scorecard import scorecard
    from api.data.service import reader

    r = reader()
    for as_of in (datetime(2026, 1, 10, 0, 0, tzinfo=UTC), datetime(2026, 1, 8, 17, 0, tzinfo=UTC)):
        got = scorecard(ticker, as_of)
        want = independent(r, ticker, as_of)
        names = {"zero_gamma": "zeroGamma", "call_wall": "callWall", "put_wall": "putWall", "lis": "lis",
                 "target": "target"}
        for col, (n, touched, held) in want["counts"].items():
            rec = got["levels"][names[col]]
            assert (rec["touch"]["n"], rec["touch"]["k"], rec["hold"]["n"], rec["hold"]["k"]) == \
                (n, touched, touched, held), (col, as_of)
        assert (got["levels"]["paradigmTarget"]["n"], got["levels"]["paradigmTarget"]["k"]) == tuple(want["target"])
        assert got["simulated"] is True
    assert scorecard(ticker, datetime(2026, 1, 10, 0, 0, tzinfo=UTC))["sessions"] > \
        scorecard(ticker, datetime(2026, 1, 8, 17, 0, tzinfo=UTC))["sessions"] > 0
    assert scorecard(ticker, datetime(2026, 1, 10, 0, 0, tzinfo=UTC))["levels"]["zeroGamma"]["touch"]["n"] > 0


def test_scorecard_as_of_ignores_a_session_in_progress():
    from api.alerts.scorecard import scorecard

    noon = scorecard("SPX", datetime(2026, 1, 9, 17, 0, tzinfo=UTC))       # Friday 12:00 New York
    thursday_night = scorecard("SPX", datetime(2026, 1, 9, 0, 0, tzinfo=UTC))
    assert noon == {**thursday_night, "asOf": noon["asOf"]}


def test_scorecard_route_clips_to_the_plan_cutoff(client, accounts):
    u = accounts.user("card@example.com", "basic")
    resp = client.get("/api/v1/alerts/scorecard?ticker=SPX", headers=u["headers"])
    assert resp.status_code == 200, resp.get_json()
    body = resp.get_json()
    assert body["simulated"] is True and body["ticker"] == "SPX" and body["sessions"] > 0
    # Basic at Friday 12:00 New York sees Thursday's 19:00 cut-off: Friday's session is not in it
    assert body["lastSession"] == "2026-01-08"
    later = client.get("/api/v1/alerts/scorecard?ticker=SPX&asOf=2026-01-12T00:00:00Z", headers=u["headers"])
    assert later.get_json()["lastSession"] == "2026-01-08"
    assert_error(client.get("/api/v1/alerts/scorecard?ticker=NOPE", headers=u["headers"]), 422, "unknown_ticker")
    assert_error(client.get("/api/v1/alerts/scorecard", headers=u["headers"]), 422)
