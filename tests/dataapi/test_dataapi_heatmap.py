"""The session heatmap route (docs/methodology.md §4.11): every cell is the stored exposure of that snapshot
and strike read on its own, the rows stop at the tier's cut-off or the chosen historical time, and bad
input answers the one error body. The planted-after-T walk is in ``test_no_lookahead.py``."""

from __future__ import annotations

from datetime import UTC, datetime

import numpy as np
import pytest
from dataapi_helpers import assert_error_body

from api.data import service as svc
from domain import market_calendar as cal

D = "/api/v1/data/volland-live-api-heatmap"


def _stored(snap, greek: str, kind: str, expirations) -> dict[float, float]:
    """The exposure chart's value per strike at one snapshot, read independently of the heatmap."""
    df = svc.reader().exposure(snap, greek, kind, expirations)
    call = np.nan_to_num(df["call"].to_numpy(), nan=0.0)
    put = np.nan_to_num(df["put"].to_numpy(), nan=0.0)
    return dict(zip(df["strike"].to_list(), (call + put).tolist()))


def _check_cells(body: dict, greek: str, kind: str, expirations) -> int:
    r = svc.reader()
    low, high = body["strikeRange"]["low"], body["strikeRange"]["high"]
    strikes, checked = body["strikes"], 0
    assert strikes == sorted(strikes) and len(body["values"]) == len(body["times"]) == len(body["spot"])
    for t_text, row, spot in zip(body["times"], body["values"], body["spot"]):
        t = datetime.fromisoformat(t_text.replace("Z", "+00:00"))
        snap = r.snapshot_at_or_before(body["ticker"], t)
        assert snap.ts == t
        assert spot == r.ticker_stats(snap)["price"]
        stored = _stored(snap, greek, kind, expirations)
        assert len(row) == len(strikes)
        for strike, cell in zip(strikes, row):
            if strike in stored:
                assert cell == pytest.approx(stored[strike], rel=1e-12, abs=1e-6), (t_text, strike)
                checked += 1
            else:
                assert cell is None, (t_text, strike)
        # Every stored strike inside the range is drawn.
        assert {k for k in stored if low <= k <= high} <= set(strikes)
    return checked


def test_each_cell_is_the_stored_exposure_of_its_snapshot_and_strike(client, auth):
    body = client.get(f"{D}?ticker=SPX&greek=gamma", headers=auth("live")).get_json()
    assert body["unit"]["unit"] == "$ delta per 1 % move"
    snap = svc.live_snapshot("SPX", svc.make_ctx("live"))
    assert body["lastModified"] == svc.iso(snap.ts) and body["times"][-1] == svc.iso(snap.ts)
    # Every snapshot of the session so far, oldest first.
    day = svc.session_day(snap)
    session = [t for t in svc.reader().snapshot_times("SPX", day) if t <= snap.ts]
    assert body["times"] == [svc.iso(t) for t in session] and len(session) > 3
    assert _check_cells(body, "gamma", "both", None) > 100
    assert any(v not in (None, 0.0) for row in body["values"] for v in row)


@pytest.mark.parametrize("greek,kind", [("charm", "put"), ("delta", "call"), ("vanna", "both")])
def test_kind_and_expirations_are_those_of_the_exposure_chart(client, auth, greek, kind):
    snap = svc.live_snapshot("SPX", svc.make_ctx("live"))
    first = svc.snap_expirations(snap)[0].isoformat()
    body = client.get(f"{D}?ticker=SPX&greek={greek}&kind={kind}&expirations=SPECIFIC&dates={first}&range=3",
                      headers=auth("live")).get_json()
    assert body["expirations"] == [first] and body["strikeRange"]["percent"] == 3
    prices = [p for p in body["spot"] if p is not None]
    assert body["strikeRange"]["low"] == pytest.approx(min(prices) * 0.97)
    assert body["strikeRange"]["high"] == pytest.approx(max(prices) * 1.03)
    assert all(body["strikeRange"]["low"] <= k <= body["strikeRange"]["high"] for k in body["strikes"])
    assert _check_cells(body, greek, kind, [svc.snap_expirations(snap)[0]]) > 0


def test_historical_session_stops_at_the_chosen_time(client, auth):
    body = client.get(f"{D}?ticker=SPX&greek=gamma&date=2026-01-08 11:00", headers=auth("live")).get_json()
    last = datetime.fromisoformat(body["times"][-1].replace("Z", "+00:00"))
    assert cal.ny_date(last).isoformat() == "2026-01-08"
    assert last <= datetime(2026, 1, 8, 16, 0, 59, tzinfo=UTC)        # 11:00 New York
    assert all(cal.ny_date(datetime.fromisoformat(t.replace("Z", "+00:00"))).isoformat() == "2026-01-08"
               for t in body["times"])
    assert _check_cells(body, "gamma", "both", None) > 0
    whole = client.get(f"{D}?ticker=SPX&greek=gamma&date=2026-01-08", headers=auth("live")).get_json()
    assert len(whole["times"]) > len(body["times"]) and whole["times"][:len(body["times"])] == body["times"]


@pytest.mark.parametrize("tier", ["live", "30", "3", "basic"])
def test_rows_end_at_the_tiers_snapshot(client, auth, tier):
    ctx = svc.make_ctx(tier)
    snap = svc.live_snapshot("SPX", ctx)
    body = client.get(f"{D}?ticker=SPX", headers=auth(tier)).get_json()
    assert body["times"][-1] == svc.iso(snap.ts) == body["lastModified"]
    assert all(t <= svc.iso(ctx.cutoff) for t in body["times"])


def test_answers_are_cached_by_snapshot(client, auth):
    first = client.get(f"{D}?ticker=SPX&greek=charm", headers=auth("live"))
    again = client.get(f"{D}?ticker=SPX&greek=charm&kind=both", headers=auth("live"))
    assert first.headers["X-Cache"] == "miss" and again.headers["X-Cache"] == "hit"
    assert first.get_json() == again.get_json()


@pytest.mark.parametrize("query,field", [
    ("ticker=SPX&greek=price", "greek"), ("ticker=SPX&kind=calls", "kind"), ("ticker=SPX&range=0", "range"),
    ("ticker=SPX&range=51", "range"), ("ticker=SPX&range=x", "range"), ("ticker=NOPE", "ticker"),
    ("ticker=SPX&expirations=SPECIFIC", "expirations.dates"), ("ticker=SPX&expirations=SOON", "expirations.option"),
    ("ticker=SPX&date=yesterday", "date"), ("greek=gamma", "ticker")])
def test_bad_input_answers_the_error_body(client, auth, query, field):
    body = assert_error_body(client.get(f"{D}?{query}", headers=auth("live")), 422)
    assert field in body["errors"], body


def test_without_data_or_token(client, auth):
    assert_error_body(client.get(f"{D}?ticker=SPX&date=2026-01-10", headers=auth("live")), 404)
    assert_error_body(client.get(f"{D}?ticker=SPX"), 401)
