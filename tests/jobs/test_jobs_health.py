"""The stalled-refresh rule with a frozen market clock, and its log lines."""

from __future__ import annotations

import logging
from datetime import datetime, timezone

import pytest

from data.calendar import NY
from jobs import health

UTC = timezone.utc


def ny(*args) -> datetime:
    return datetime(*args, tzinfo=NY).astimezone(UTC)


@pytest.fixture(autouse=True)
def _fresh():
    health.reset()
    yield
    health.reset()


def test_two_overdue_refreshes_make_a_stall():
    last = ny(2025, 3, 12, 10, 5)
    # 10:10 and 10:15 are overdue only once their 30 s offset has passed too.
    assert health.stall_status(ny(2025, 3, 12, 10, 15, 30), last, 30)["stalled"] is False
    late = health.stall_status(ny(2025, 3, 12, 10, 15, 31), last, 30)
    assert late == {"stalled": True, "lastPublished": "2025-03-12T14:05:00Z", "stalledSince": "2025-03-12T14:15:30Z"}
    assert health.stall_status(ny(2025, 3, 12, 10, 15, 1), last, 0)["stalled"] is True


def test_the_session_open_is_the_reference_after_an_overnight_gap():
    yesterday = ny(2025, 3, 11, 16, 0)
    assert health.stall_status(ny(2025, 3, 12, 9, 40, 0), yesterday, 0)["stalled"] is False
    s = health.stall_status(ny(2025, 3, 12, 9, 40, 1), yesterday, 0)
    assert s["stalled"] and s["stalledSince"] == "2025-03-12T13:40:00Z"
    assert health.stall_status(ny(2025, 3, 12, 9, 45), None, 0)["stalled"] is True  # nothing ever published


def test_no_stall_outside_market_hours():
    old = ny(2025, 3, 10, 16, 0)
    assert not health.stall_status(ny(2025, 3, 12, 8, 0), old, 0)["stalled"]  # before the open
    assert not health.stall_status(ny(2025, 3, 12, 16, 5), old, 0)["stalled"]  # after the close
    assert not health.stall_status(ny(2025, 3, 15, 12, 0), old, 0)["stalled"]  # Saturday
    assert not health.stall_status(ny(2025, 4, 18, 11, 0), old, 0)["stalled"]  # Good Friday
    assert not health.stall_status(ny(2025, 11, 28, 13, 30), old, 0)["stalled"]  # half day, after 13:00
    assert health.stall_status(ny(2025, 11, 28, 12, 30), old, 0)["stalled"]


def test_a_stall_is_logged_once_and_its_end_once(caplog):
    caplog.set_level(logging.INFO, logger="jobs.health")
    last = ny(2025, 3, 12, 10, 5)
    for minute in (20, 25, 30):
        assert health.check(ny(2025, 3, 12, 10, minute), last, offset_seconds=30)["stalled"]
    warnings = [r for r in caplog.records if r.levelno == logging.WARNING]
    assert len(warnings) == 1 and "stalled" in warnings[0].getMessage()
    assert not health.check(ny(2025, 3, 12, 10, 36), ny(2025, 3, 12, 10, 35), offset_seconds=30)["stalled"]
    assert [r.getMessage() for r in caplog.records if r.levelno == logging.INFO][-1].startswith(
        "snapshot refresh resumed")
    # A later, separate stall is logged again.
    health.check(ny(2025, 3, 12, 11, 0), ny(2025, 3, 12, 10, 35), offset_seconds=30)
    assert len([r for r in caplog.records if r.levelno == logging.WARNING]) == 2


def test_latest_published_reads_the_store_manifest(tmp_path):
    import json

    (tmp_path / "manifest.json").write_text(json.dumps({"format": 1, "generation": 2, "daily": [], "garbage": [],
                                                        "snapshots": [{"ts": "2025-03-12T14:05:00Z", "tickers": ["SPX"]},
                                                                      {"ts": "2025-03-12T14:10:00Z", "tickers": ["SPY"]}]}))
    assert health.latest_published(tmp_path) == ny(2025, 3, 12, 10, 10)
    assert health.latest_published(tmp_path / "missing") is None
