"""Why a 0DTE target or LIS is absent (docs/methodology.md §4.5): the reason codes of the paradigm answers."""

from __future__ import annotations

from datetime import UTC, datetime

import pytest

from api.data.zero_dte.service import (ABSENCE_REASONS, AFTER_CLOSE, NO_CHARM, NO_CROSSING, NO_EXPIRATION,
                                       RANGE_PARADIGM, absence_reasons)

D = "/api/v1/data"
# Thursday 2026-01-08 (a full session): 13:00 New York is inside it, 16:05 after its close.
MIDDAY = datetime(2026, 1, 8, 18, 0, tzinfo=UTC)
AFTER = datetime(2026, 1, 8, 21, 5, tzinfo=UTC)
SATURDAY = datetime(2026, 1, 10, 17, 0, tzinfo=UTC)


@pytest.mark.parametrize(("paradigm", "target", "lis", "ts", "expected"), [
    ("GEX-PURE", 5925.0, 5880.0, MIDDAY, (None, None)),
    ("GEX-MESSY", None, 5880.0, MIDDAY, (NO_CROSSING, None)),
    ("AG-LIS", 5850.0, None, MIDDAY, (None, NO_CROSSING)),
    ("AG-PURE", None, None, MIDDAY, (NO_CROSSING, NO_CROSSING)),
    ("BOFA-PURE", None, [5850.0, 5950.0], MIDDAY, (RANGE_PARADIGM, None)),
    ("SIDIAL-MESSY", None, [5850.0, 5950.0], MIDDAY, (RANGE_PARADIGM, None)),
    ("Undefined", None, None, MIDDAY, (NO_CHARM, NO_CHARM)),
    ("", None, None, AFTER, (AFTER_CLOSE, AFTER_CLOSE)),
    ("", None, None, MIDDAY, (NO_EXPIRATION, NO_EXPIRATION)),
    ("", None, None, SATURDAY, (NO_EXPIRATION, NO_EXPIRATION)),
])
def test_reason_per_case(paradigm, target, lis, ts, expected):
    got = absence_reasons(paradigm, target, lis, ts)
    assert (got["targetReason"], got["lisReason"]) == expected


def test_a_present_level_never_has_a_reason():
    for paradigm in ("GEX-PURE", "AG-TARGET", "BOFA-LIS", "SIDIAL-PURE", "Undefined", ""):
        got = absence_reasons(paradigm, 100.0, [99.0, 101.0], AFTER)
        assert got == {"targetReason": None, "lisReason": None}


@pytest.mark.parametrize("route", ["zero_dte/volland-live-api-zero-dte", "zero_dte/volland-live-api-paradigm"])
def test_answers_carry_reasons_and_spot(client, auth, route):
    body = client.get(f"{D}/{route}?ticker=SPX", headers=auth()).get_json()
    summary = client.get(f"{D}/volland-live-api-summary?ticker=SPX", headers=auth()).get_json()
    assert body["currentPrice"] == summary["price"]
    assert body["currentPrice"] > 0
    for level, reason in (("target", "targetReason"), ("lis", "lisReason")):
        assert (body[level] is None) == (body[reason] is not None)
        assert body[reason] is None or body[reason] in ABSENCE_REASONS
    ts = datetime.fromisoformat(body["lastModified"].replace("Z", "+00:00"))
    assert body["targetReason"] == absence_reasons(body["paradigm"], body["target"], body["lis"], ts)["targetReason"]


def test_range_paradigms_say_why_they_have_no_target(client, auth):
    """Across a session's snapshots: BOFA/SIDIAL readings serve the range reason, the close's the after-close one."""
    times = client.get(f"{D}/historical/volland-live-api-times?ticker=SPX&date=2026-01-08",
                       headers=auth()).get_json()["available_time"]
    seen = set()
    for t in times:
        body = client.get(f"{D}/zero_dte/volland-live-api-paradigm?ticker=SPX&date=2026-01-08 {t}",
                          headers=auth()).get_json()
        base = body["paradigm"].split("-")[0]
        seen.add(base)
        if base in ("BOFA", "SIDIAL"):
            assert body["target"] is None and body["targetReason"] == RANGE_PARADIGM
            assert isinstance(body["lis"], list) and body["lisReason"] is None
        if body["paradigm"] == "":   # only the close's snapshot: the 0DTE options have just expired
            assert t == "16:00"
            assert (body["targetReason"], body["lisReason"]) == (AFTER_CLOSE, AFTER_CLOSE)
    assert {"BOFA", ""} <= seen, seen
