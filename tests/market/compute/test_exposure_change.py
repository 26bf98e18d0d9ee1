"""The what-changed rules (docs/methodology.md §4.10): which earlier snapshot each comparison reads, and
the per-strike difference with a missing strike counting as 0."""

from __future__ import annotations

from datetime import UTC, datetime, timedelta

import numpy as np
import pytest

from data.compute.exposure_change import exposure_change, then_time


def ny(day: str, hhmm: str) -> datetime:
    from domain import market_calendar as cal

    return datetime.fromisoformat(f"{day}T{hhmm}").replace(tzinfo=cal.NY).astimezone(UTC)


def grid(day: str, start: str = "09:30", end: str = "16:00", step: int = 5) -> list[datetime]:
    t, stop = ny(day, start), ny(day, end)
    out = []
    while t <= stop:
        out.append(t)
        t += timedelta(minutes=step)
    return out


# Wednesday and Thursday full sessions (with a 19:00 after-close snapshot on Wednesday), then Friday from
# 09:35 (no snapshot at the open itself) with an 09:00 pre-open snapshot.
TIMES = sorted(grid("2026-01-07") + [ny("2026-01-07", "19:00")] + grid("2026-01-08")
               + [ny("2026-01-09", "09:00")] + grid("2026-01-09", "09:35", "12:00"))


@pytest.mark.parametrize("now,compare,at,expected", [
    (ny("2026-01-09", "12:00"), "previous", None, ny("2026-01-09", "11:55")),
    (ny("2026-01-09", "09:35"), "previous", None, ny("2026-01-09", "09:00")),
    (ny("2026-01-08", "09:30"), "previous", None, ny("2026-01-07", "19:00")),
    # open: the first snapshot at or after 09:30 of now's session (not the pre-open one)
    (ny("2026-01-09", "12:00"), "open", None, ny("2026-01-09", "09:35")),
    (ny("2026-01-08", "15:00"), "open", None, ny("2026-01-08", "09:30")),
    (ny("2026-01-09", "09:00"), "open", None, None),               # before the open: none yet
    # previous close: the previous session's last snapshot at or before its close (not the 19:00 one)
    (ny("2026-01-08", "10:00"), "previous_close", None, ny("2026-01-07", "16:00")),
    (ny("2026-01-09", "09:00"), "previous_close", None, ny("2026-01-08", "16:00")),
    (ny("2026-01-07", "16:00"), "previous_close", None, None),     # nothing before the first session
    # a chosen time: at or before it, on its day, never after now
    (ny("2026-01-09", "12:00"), "time", ny("2026-01-08", "14:02"), ny("2026-01-08", "14:00")),
    (ny("2026-01-09", "12:00"), "time", ny("2026-01-09", "09:20"), ny("2026-01-09", "09:00")),
    (ny("2026-01-09", "12:00"), "time", ny("2026-01-09", "08:00"), None),      # nothing that day before it
    (ny("2026-01-09", "10:00"), "time", ny("2026-01-09", "11:00"), ny("2026-01-09", "10:00")),
    (ny("2026-01-09", "12:00"), "time", ny("2026-01-06", "12:00"), None),      # a day without snapshots
])
def test_then_time(now, compare, at, expected):
    assert then_time(TIMES, now, compare, at) == expected


def test_then_is_never_after_now():
    for now in TIMES:
        for compare in ("previous", "open", "previous_close"):
            t = then_time(TIMES, now, compare)
            assert t is None or t <= now


def test_unknown_comparison_is_refused():
    with pytest.raises(ValueError):
        then_time(TIMES, TIMES[-1], "yesterday")
    with pytest.raises(ValueError):
        then_time(TIMES, TIMES[-1], "time")


def test_difference_over_the_union_of_strikes():
    now = ([100.0, 105.0, 110.0], [1.0, 2.0, 3.0], [-1.0, float("nan"), -3.0])
    then = ([95.0, 105.0], [5.0, 1.5], [-0.5, -2.0])
    out = exposure_change(now, then)
    assert [p["strike"] for p in out["data"]] == [95.0, 100.0, 105.0, 110.0]
    assert [p["call"] for p in out["data"]] == [-5.0, 1.0, 0.5, 3.0]
    assert [p["put"] for p in out["data"]] == [0.5, -1.0, 2.0, -3.0]
    assert [p["value"] for p in out["data"]] == [-4.5, 0.0, 2.5, 0.0]
    assert "profiles" not in out


def test_cumulative_is_the_running_sum_of_the_differences_and_profiles_align():
    rng = np.random.default_rng(7)
    now = (np.arange(20.0) * 5, rng.normal(size=20), rng.normal(size=20))
    then = (np.arange(2, 24.0) * 5, rng.normal(size=22), rng.normal(size=22))
    plain = exposure_change(now, then, profiles=True)
    running = exposure_change(now, then, is_cumulative=True, profiles=True)
    diffs = np.cumsum([p["value"] for p in plain["data"]])
    assert [p["value"] for p in running["data"]] == pytest.approx(diffs.tolist(), abs=1e-12)
    assert np.cumsum(plain["profiles"]["now"]).tolist() == pytest.approx(running["profiles"]["now"], abs=1e-12)
    for p, a, b in zip(running["data"], running["profiles"]["now"], running["profiles"]["then"]):
        assert p["value"] == pytest.approx(a - b, abs=1e-12)


def test_empty_sides():
    empty = ((), (), ())
    assert exposure_change(empty, empty, profiles=True) == {"data": [], "profiles": {"now": [], "then": []}}
    only_then = exposure_change(empty, ([100.0], [2.0], [-1.0]))
    assert only_then["data"] == [{"strike": 100.0, "value": -1.0, "call": -2.0, "put": 1.0}]
