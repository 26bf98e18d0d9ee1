"""The stalled-refresh rule (domain/health.py) with a frozen market clock."""

from __future__ import annotations

from datetime import datetime, timezone

from domain.health import stall_status
from domain.market_calendar import NY

UTC = timezone.utc


def ny(*args) -> datetime:
    return datetime(*args, tzinfo=NY).astimezone(UTC)


def test_two_overdue_refreshes_make_a_stall():
    last = ny(2025, 3, 12, 10, 5)
    # 10:10 and 10:15 are overdue only once their 30 s offset has passed too.
    assert stall_status(ny(2025, 3, 12, 10, 15, 30), last, 30)["stalled"] is False
    late = stall_status(ny(2025, 3, 12, 10, 15, 31), last, 30)
    assert late == {"stalled": True, "lastPublished": "2025-03-12T14:05:00Z", "stalledSince": "2025-03-12T14:15:30Z"}
    assert stall_status(ny(2025, 3, 12, 10, 15, 1), last, 0)["stalled"] is True


def test_the_session_open_is_the_reference_after_an_overnight_gap():
    yesterday = ny(2025, 3, 11, 16, 0)
    assert stall_status(ny(2025, 3, 12, 9, 40, 0), yesterday, 0)["stalled"] is False
    s = stall_status(ny(2025, 3, 12, 9, 40, 1), yesterday, 0)
    assert s["stalled"] and s["stalledSince"] == "2025-03-12T13:40:00Z"
    assert stall_status(ny(2025, 3, 12, 9, 45), None, 0)["stalled"] is True  # nothing ever published


def test_no_stall_outside_market_hours():
    old = ny(2025, 3, 10, 16, 0)
    assert not stall_status(ny(2025, 3, 12, 8, 0), old, 0)["stalled"]  # before the open
    assert not stall_status(ny(2025, 3, 12, 16, 5), old, 0)["stalled"]  # after the close
    assert not stall_status(ny(2025, 3, 15, 12, 0), old, 0)["stalled"]  # Saturday
    assert not stall_status(ny(2025, 4, 18, 11, 0), old, 0)["stalled"]  # Good Friday
    assert not stall_status(ny(2025, 11, 28, 13, 30), old, 0)["stalled"]  # half day, after 13:00
    assert stall_status(ny(2025, 11, 28, 12, 30), old, 0)["stalled"]
