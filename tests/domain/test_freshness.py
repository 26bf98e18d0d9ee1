"""The freshness rule (domain/freshness.py): the golden table shared with the web, and its invariants.

``tests/fixtures/golden/freshness.json`` (tier x New York clock time x mode -> label) is also run by
``web/src/domain/golden.test.ts`` against ``web/src/domain/freshness.ts``.
"""

from __future__ import annotations

import json
from datetime import datetime, timedelta
from pathlib import Path

import pytest

from domain import market_calendar as cal
from domain.freshness import STATES, freshness, tier_slot
from domain.tiers import TIER_IDS

GOLDEN = json.loads((Path(__file__).resolve().parents[1] / "fixtures" / "golden" / "freshness.json").read_text())
OFFSET = GOLDEN["offsetSeconds"]


def _ny(text: str) -> datetime:
    return datetime.fromisoformat(text).replace(tzinfo=cal.NY)


@pytest.mark.parametrize("case", GOLDEN["cases"], ids=lambda c: c["name"])
def test_freshness_golden(case):
    got = freshness(case["tier"], _ny(case["now"]), as_of=_ny(case["asOf"]) if "asOf" in case else None,
                    newest=_ny(case["newest"]) if "newest" in case else None,
                    historical=case.get("date"), expired=case["mode"] == "expired",
                    stalled=case.get("stalled", False), offset_seconds=OFFSET)
    assert got["label"] == case["label"]
    assert got["state"] == case["state"]


def test_the_table_covers_every_tier_and_state():
    assert {c["tier"] for c in GOLDEN["cases"]} == set(TIER_IDS)
    assert {c["state"] for c in GOLDEN["cases"]} == set(STATES)


@pytest.mark.parametrize("tier", TIER_IDS)
def test_only_live_is_ever_live_and_one_state_at_a_time(tier):
    """Every 5 minutes of a trading day and the evening: one state, LIVE only on the Live tier in session."""
    t = _ny("2026-01-09T07:00:00")
    while t < _ny("2026-01-09T21:00:00"):
        got = freshness(tier, t, offset_seconds=OFFSET)
        assert got["state"] in STATES
        assert got["label"].startswith(got["state"] + " · ")
        if got["state"] == "LIVE":
            assert tier == "live" and cal.is_open(t)
        if not cal.is_open(t):
            assert got["state"] == "PREVIOUS CLOSE"
        t += timedelta(minutes=5, seconds=7)


def test_a_slot_is_never_later_than_now():
    for tier in TIER_IDS:
        for minutes in range(0, 24 * 60, 13):
            now = _ny("2026-01-09T00:00:00") + timedelta(minutes=minutes)
            assert tier_slot(tier, now, OFFSET) <= now


def test_unknown_tier_is_refused():
    with pytest.raises(ValueError):
        freshness("gold", _ny("2026-01-09T12:00:00"))
