"""Every exposure answer names its unit and the factors to per-point / per-hour conventions
(docs/methodology.md §3.1), and the factors convert the served figures correctly."""

from __future__ import annotations

import pytest

from data.units import UNITS, units_for

D = "/api/v1/data"

# (path, greek the answer's `unit` describes)
UNIT_GETS = [
    ("volland-live-api-exposure?ticker=SPX&greek=gamma&expirations=ALL", "gamma"),
    ("volland-live-api-exposure?ticker=SPX&greek=charm&expirations=ALL", "charm"),
    ("volland-api-daily-exposure?ticker=SPX&greek=vanna", "vanna"),
    ("volland-live-api-aggregate-greeks?ticker=SPX&greek=delta", "delta"),
    ("volland-live-api-iv_plane?ticker=SPX", "iv"),
    ("volland-live-api-greek-trend?ticker=SPX&greek=theta", "theta"),
    ("volland-live-api-agg_charm?ticker=SPX", "charm"),
    ("volland-live-api-ges_strike_list?ticker=SPX&greek=dag", "dag"),
    ("zero_dte/exposure/volland-live-api-zero-dte?ticker=SPX&greek=charm", "charm"),
    ("zero_dte/volland-live-api-charm-balance?ticker=SPX", "charm"),
]
UNITS_GETS = [
    ("volland-live-api-summary?ticker=SPX", {"price", "notionalVolume", "vannaStochastic", "vix"}),
    ("volland-live-api-premium?ticker=SPX", {"dealerPremium", "zeroDteDealerPremium"}),
    ("volland-live-api-dealer-liquidity?ticker=SPX", {"deltaAdjustedDealerSpread",
                                                      "dayToDayDeltaAdjustedDealerSpread",
                                                      "deltaAdjustedDealerPremium"}),
    ("zero_dte/volland-live-api-zero-dte?ticker=SPX", {"zerodte_agg_charm"}),
    ("volland-live-api-eod?ticker=SPX&days=10", {"close", "vixClose", "aggregates.gamma", "aggregates.charm"}),
]


@pytest.mark.parametrize("path,greek", UNIT_GETS, ids=[p for p, _ in UNIT_GETS])
def test_exposure_answers_carry_their_unit(client, auth, path, greek):
    body = client.get(f"{D}/{path}", headers=auth("live")).get_json()
    assert body["unit"]["unit"] == UNITS[greek].unit
    for conv in body["unit"]["conversions"]:
        assert conv["to"] and conv["rule"]
        assert conv["factor"] is not None and conv["factor"] > 0


def test_surface_post_carries_the_greek_unit(client, auth):
    body = client.post(f"{D}/volland-live-api-3d-greeks", json={"ticker": "SPX", "greek": "vomma", "kind": "both"},
                       headers=auth("live")).get_json()
    assert body["unit"]["unit"] == "$ vega per vol point"


@pytest.mark.parametrize("path,fields", UNITS_GETS, ids=[p for p, _ in UNITS_GETS])
def test_multi_figure_answers_name_each_unit(client, auth, path, fields):
    body = client.get(f"{D}/{path}", headers=auth("live")).get_json()
    assert fields <= set(body["units"]), fields - set(body["units"])
    assert all(u["unit"] for u in body["units"].values())


def test_gamma_per_point_factor_reprices_the_served_figure(client, auth):
    """Gamma per 1 % × (100/S) is the $ delta change for a 1-point move: the served aggregate times the
    served factor equals Σ q·100·Γ·S over the stored contracts, Γ re-priced here with the engine."""
    import numpy as np
    import pyarrow.parquet as pq

    from api.data import service as svc
    from engine import greeks

    body = client.get(f"{D}/volland-live-api-aggregate-greeks?ticker=SPX&greek=gamma",
                      headers=auth("live")).get_json()
    per_point = {c["rule"]: c["factor"] for c in body["unit"]["conversions"]}["100 / S"]
    r = svc.reader()
    snap = r.snapshot_at_or_before("SPX", svc.make_ctx("live").cutoff)
    rows = [pq.read_table(f).to_pylist() for f in r._files(snap, "exposures")]
    rows = [x for part in rows for x in part if x["ticker"] == "SPX" and x["ts"] == snap.ts]
    assert rows
    col = {k: np.array([x[k] for x in rows], dtype=float)
           for k in ("spot", "strike", "t_years", "rate", "div_yield", "iv", "position")}
    ok = np.isfinite(col["iv"]) & (col["iv"] > 0) & (col["t_years"] > 0)
    g = greeks(col["spot"][ok], col["strike"][ok], col["t_years"][ok], col["rate"][ok], col["div_yield"][ok],
               col["iv"][ok], np.array([x["right"] == "C" for x in rows])[ok])
    per_point_dollars = float(np.sum(col["position"][ok] * 100.0 * g.gamma * col["spot"][ok]))
    spot = float(col["spot"][0])
    assert per_point == pytest.approx(100.0 / spot)
    assert body["aggregate"] * per_point == pytest.approx(per_point_dollars, rel=1e-4)


def test_conversion_factors():
    gamma = {c["rule"]: c["factor"] for c in units_for("gamma", 5000.0)["conversions"]}
    assert gamma["100 / S"] == pytest.approx(0.02) and gamma["100 / S²"] == pytest.approx(4e-6)
    charm = {c["rule"]: c["factor"] for c in units_for("charm", 5000.0)["conversions"]}
    assert charm["1 / 24"] == pytest.approx(1 / 24) and charm["1 / S"] == pytest.approx(2e-4)
    assert {c["rule"]: c["factor"] for c in units_for("vega", None)["conversions"]}["100"] == 100.0
    # Spot-dependent factors are null when the spot is unknown, never a wrong number.
    assert all(c["factor"] is None for c in units_for("delta", None)["conversions"])
    with pytest.raises(KeyError):
        units_for("speed", 1.0)


def test_iv_adjusted_vanna_is_vanna_times_the_shock_in_vol_points(client, auth):
    """vanna is $ delta per vol point; a +10 % relative IV move is 0.10·IV·100 vol points."""
    body = client.get(f"{D}/volland-live-api-iv-adjusted-vanna?ticker=SPX", headers=auth("live")).get_json()
    assert body["data"]
    assert body["unit"]["unit"] == "$ delta for a +10 % relative change of the strike's IV"
    for p in body["data"]:
        assert p["value"] == pytest.approx(p["vanna"] * 0.10 * p["iv"] * 100.0, rel=1e-9, abs=1e-6)


def test_exposure_answer_carries_the_30_day_expected_move(client, auth):
    """points = S·σ·√(d/365) at the expiration nearest 30 days and the strike nearest spot (§4.6)."""
    import math
    from datetime import date

    body = client.get(f"{D}/volland-live-api-exposure?ticker=SPX&greek=gamma&expirations=ALL",
                      headers=auth("live")).get_json()
    em = body["expectedMove"]
    surface = client.get(f"{D}/volland-live-api-iv_plane?ticker=SPX", headers=auth("live")).get_json()
    day = date.fromisoformat(body["lastModified"][:10])
    spot = body["currentPrice"]
    days = [(date.fromisoformat(e) - day).days for e in surface["expirations"]]
    candidates = [(abs(d - 30), -d, i) for i, d in enumerate(days) if d > 0]
    _, neg_d, i = min(candidates)
    listed = [(abs(k - spot), v) for k, v in zip(surface["strikes"], surface["z"][i]) if v]
    sigma = min(listed)[1]
    assert em["days"] == -neg_d and em["iv"] == pytest.approx(sigma)
    assert em["points"] == pytest.approx(spot * sigma * math.sqrt(-neg_d / 365.0))
    assert 0.005 * spot < em["points"] < 0.2 * spot


def test_expected_move_without_a_surface_is_null():
    from datetime import date

    from data.compute.read_analytics import expected_move

    assert expected_move(100.0, date(2026, 1, 2), [], [], []) is None
    assert expected_move(None, date(2026, 1, 2), [date(2026, 2, 1)], [100.0], [[0.2]]) is None
    only_today = expected_move(100.0, date(2026, 1, 2), [date(2026, 1, 2)], [100.0], [[0.2]])
    assert only_today is None
