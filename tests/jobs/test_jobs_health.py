"""The stalled-refresh check with a frozen market clock: its log lines and the store manifest it reads
(the rule itself: tests/domain/test_health.py)."""

from __future__ import annotations

import logging
from datetime import datetime, timezone

import pytest

from domain.market_calendar import NY
from jobs import health

UTC = timezone.utc


def ny(*args) -> datetime:
    return datetime(*args, tzinfo=NY).astimezone(UTC)


@pytest.fixture(autouse=True)
def _fresh():
    health.reset()
    yield
    health.reset()


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
