"""Each alert rule kind against planted rows: it fires once per crossing in its direction, the band keeps a
value hovering at the threshold from firing again, and the first row only sets the rule's memory."""

from __future__ import annotations

import pytest

from domain import alerts as a


def run(kind: str, params: dict, rows: list[dict], strikes=None) -> list:
    """Feed the rows in order; the events (None where nothing fired)."""
    p = a.normalize_params(kind, params)
    state: dict = {}
    out = []
    for row in rows:
        state, event = a.step(kind, p, state, row, "SPX", (lambda: strikes) if strikes is not None else None)
        out.append(event)
    return out


def fired(events) -> list[int]:
    return [i for i, e in enumerate(events) if e is not None]


def test_level_cross_fires_once_per_crossing_with_its_band():
    zg = 5000.0
    prices = [4990, 5010, 4999.5, 5001, 5004, 4990, 4980, 5010]
    rows = [{"price": p, "zero_gamma": zg} for p in prices]
    # band 2 points: 5010 is above, 4999.5 / 5001 are inside the band (no change), 4990 below, 5010 above
    ev = run("level_cross", {"level": "zeroGamma", "band": 2}, rows)
    assert fired(ev) == [1, 5, 7]
    assert ev[1].figures["direction"] == "up" and ev[5].figures["direction"] == "down"
    up_only = run("level_cross", {"level": "zeroGamma", "band": 2, "direction": "up"}, rows)
    assert fired(up_only) == [1, 7]
    # without a band every sign change of (spot − level) is a crossing
    assert fired(run("level_cross", {"level": "zeroGamma", "band": 0}, rows)) == [1, 2, 3, 5, 7]


def test_level_cross_default_band_is_a_fraction_of_spot():
    rows = [{"price": 99.0, "call_wall": 100.0}, {"price": 100.04, "call_wall": 100.0},
            {"price": 100.06, "call_wall": 100.0}]
    # 0.05 % of ~100 is 0.05 points: 100.04 stays inside the band, 100.06 crosses
    assert fired(run("level_cross", {"level": "callWall"}, rows)) == [2]


def test_lis_range_is_crossed_only_beyond_both_ends():
    rows = [{"price": 95, "lis_low": 100, "lis_high": 110}, {"price": 105, "lis_low": 100, "lis_high": 110},
            {"price": 111, "lis_low": 100, "lis_high": 110}, {"price": 99, "lis_low": 100, "lis_high": 110}]
    assert fired(run("level_cross", {"level": "lis", "band": 0}, rows)) == [2, 3]


def test_a_missing_level_neither_fires_nor_forgets():
    rows = [{"price": 90, "target": 100}, {"price": 110, "target": None}, {"price": 110, "target": 100}]
    assert fired(run("level_cross", {"level": "target", "band": 0}, rows)) == [2]


def test_price_cross():
    rows = [{"price": p} for p in (10, 11, 12, 11, 9)]
    assert fired(run("price_cross", {"price": 11.5, "band": 0}, rows)) == [2, 3]
    assert fired(run("price_cross", {"price": 11.5, "band": 0, "direction": "down"}, rows)) == [3]
    # a band of 1 point around 11.5: nothing goes beyond 12.5, and 9 only sets the first side
    assert fired(run("price_cross", {"price": 11.5, "band": 1}, rows)) == []
    # around 10.5: 10 and 11 are inside the band (no side yet), 12 sets "above", 9 crosses below
    assert fired(run("price_cross", {"price": 10.5, "band": 1}, rows)) == [4]
    assert fired(run("price_cross", {"price": 10.5, "band": 0.5}, [{"price": p} for p in (9, 11.5, 9.9)])) == [1, 2]


def test_paradigm_change_compares_the_base_name():
    names = ["GEX-PURE", "GEX-MESSY", "AG-PURE", "", "AG-LIS", "BOFA-PURE", "GEX-TARGET"]
    rows = [{"price": 1, "paradigm": n} for n in names]
    ev = run("paradigm_change", {}, rows)
    assert fired(ev) == [2, 5, 6]
    assert ev[2].figures["from"] == "GEX" and ev[2].figures["to"] == "AG"
    assert fired(run("paradigm_change", {"to": "GEX"}, rows)) == [6]


def test_wall_move_counts_strikes_and_lets_a_drift_add_up():
    grid = [float(k) for k in range(4900, 5101, 5)]
    walls = [5000, 5005, 5010, 5015, 5000, 4985]
    rows = [{"price": 5000, "call_wall": w} for w in walls]
    ev = run("wall_move", {"wall": "callWall", "strikes": 3}, rows, strikes=grid)
    # 5000 -> 5015 is 3 strikes (row 3); back to 5000 is 3 strikes (row 4); 4985 is 3 more (row 5)
    assert fired(ev) == [3, 4, 5]
    assert ev[3].figures == {"from": 5000.0, "to": 5015.0, "strikes": 3, "direction": "up"}


def test_greek_threshold_and_sign_change():
    values = [-5e8, -1e8, 2e8, 3e8, -4e8]
    rows = [{"price": 1, "agg_gamma": x} for x in values]
    assert fired(run("greek_threshold", {"greek": "gamma"}, rows)) == [2, 4]  # sign changes
    ev = run("greek_threshold", {"greek": "gamma", "threshold": 2.5e8, "direction": "up"}, rows)
    assert fired(ev) == [3] and ev[3].figures["value"] == 3e8
    # a band of 1.5e8 around 0: 2e8 is beyond it, -1e8 is not
    assert fired(run("greek_threshold", {"greek": "gamma", "band": 1.5e8}, rows)) == [2, 4]


def test_vol_event_fires_on_entering_a_move_and_rearms_when_calm():
    changes = [0.5, 2.5, 3.0, 1.5, 0.8, 2.2, -2.1]
    rows = [{"price": 1, "vix": 20 + c, "previous_vix": 20} for c in changes]
    # 1.5 is not calm (more than half of 2): no re-arm; 0.8 re-arms, 2.2 fires; -2.1 is a down event
    ev = run("vol_event", {"points": 2}, rows)
    assert fired(ev) == [1, 5, 6]
    assert fired(run("vol_event", {"points": 2, "direction": "up"}, rows)) == [1, 5]


@pytest.mark.parametrize("kind, params, field", [
    ("level_cross", {"level": "maxPain"}, "level"),
    ("level_cross", {}, "level"),
    ("level_cross", {"level": "lis", "band": -1}, "band"),
    ("price_cross", {"price": 0}, "price"),
    ("price_cross", {"price": "12"}, "price"),
    ("price_cross", {"price": float("nan")}, "price"),
    ("paradigm_change", {"to": "UP"}, "to"),
    ("wall_move", {"wall": "zeroGamma", "strikes": 2}, "wall"),
    ("wall_move", {"wall": "callWall", "strikes": 0}, "strikes"),
    ("greek_threshold", {"greek": "speed"}, "greek"),
    ("vol_event", {"points": -2}, "points"),
    ("vol_event", {"points": 2, "extra": 1}, "extra"),
])
def test_bad_parameters_name_their_field(kind, params, field):
    with pytest.raises(a.RuleError) as exc:
        a.normalize_params(kind, params)
    assert exc.value.field == field
