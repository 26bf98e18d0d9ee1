"""Tier schedule with a frozen clock: DST changes, holidays, half days, weekends, evenings."""

from datetime import date, datetime, timedelta, timezone

import pytest

from domain import refresh_schedule as fr
from domain.tiers import TIER_IDS
from domain.market_calendar import NY

UTC = timezone.utc


def ny(*args) -> datetime:
    return datetime(*args, tzinfo=NY).astimezone(UTC)


def as_ny(ts: datetime) -> tuple:
    t = ts.astimezone(NY)
    return (t.year, t.month, t.day, t.hour, t.minute, t.second)


# ---------------------------------------------------------------- live


def test_live_grid_has_79_refreshes_on_a_full_day():
    times = fr.refresh_times("live", date(2025, 3, 12), 30)
    assert len(times) == 79  # 09:30 .. 16:00 every 5 minutes
    assert as_ny(times[0]) == (2025, 3, 12, 9, 30, 30)
    assert as_ny(times[-1]) == (2025, 3, 12, 16, 0, 30)


def test_live_last_and_next_inside_session():
    now = ny(2025, 3, 12, 10, 7, 0)
    assert as_ny(fr.last_refresh("live", now, 30)) == (2025, 3, 12, 10, 5, 30)
    assert as_ny(fr.next_refresh("live", now, 30)) == (2025, 3, 12, 10, 10, 30)


def test_live_offset_delays_the_switch():
    # At 10:05:10 the 10:05 snapshot is not due yet with a 30 s offset.
    now = ny(2025, 3, 12, 10, 5, 10)
    assert as_ny(fr.last_refresh("live", now, 30)) == (2025, 3, 12, 10, 0, 30)
    assert as_ny(fr.last_refresh("live", now, 0)) == (2025, 3, 12, 10, 5, 0)


def test_live_before_open_uses_previous_close_and_counts_down_to_open():
    now = ny(2025, 3, 12, 8, 0)
    assert as_ny(fr.last_refresh("live", now, 30)) == (2025, 3, 11, 16, 0, 30)
    assert as_ny(fr.next_refresh("live", now, 30)) == (2025, 3, 12, 9, 30, 30)


def test_live_weekend_points_to_friday_close_and_monday_open():
    sat = ny(2025, 3, 15, 12, 0)
    assert as_ny(fr.last_refresh("live", sat, 0)) == (2025, 3, 14, 16, 0, 0)
    assert as_ny(fr.next_refresh("live", sat, 0)) == (2025, 3, 17, 9, 30, 0)


def test_friday_after_16_rolls_to_monday():
    fri = ny(2025, 3, 14, 16, 0, 1)
    assert as_ny(fr.next_refresh("live", fri, 0)) == (2025, 3, 17, 9, 30, 0)
    assert as_ny(fr.next_refresh("30", fri, 0)) == (2025, 3, 17, 9, 30, 0)


def test_holiday_is_skipped():
    # Good Friday 2025-04-18 is closed; Thursday's close is the last refresh.
    gf = ny(2025, 4, 18, 11, 0)
    assert as_ny(fr.last_refresh("live", gf, 0)) == (2025, 4, 17, 16, 0, 0)
    assert as_ny(fr.next_refresh("live", gf, 0)) == (2025, 4, 21, 9, 30, 0)
    assert fr.refresh_times("basic", date(2025, 4, 18)) == []


def test_half_day_grid_stops_at_13():
    day = date(2025, 11, 28)  # day after Thanksgiving
    times = fr.refresh_times("live", day, 0)
    assert as_ny(times[-1]) == (2025, 11, 28, 13, 0, 0)
    assert len(times) == 43
    after = ny(2025, 11, 28, 13, 30)
    assert as_ny(fr.next_refresh("live", after, 0)) == (2025, 12, 1, 9, 30, 0)
    # Tier 3 still refreshes at 14:00 (showing the close) and 19:00.
    three = [as_ny(t)[3:5] for t in fr.refresh_times("3", day, 30)]
    assert three == [(11, 30), (14, 0), (19, 0)]


def test_dst_spring_forward_keeps_new_york_grid():
    # 2025-03-07 (EST) opens 14:30 UTC; 2025-03-10 (EDT) opens 13:30 UTC.
    before = fr.refresh_times("live", date(2025, 3, 7))[0]
    after = fr.refresh_times("live", date(2025, 3, 10))[0]
    assert (before.hour, before.minute) == (14, 30)
    assert (after.hour, after.minute) == (13, 30)
    # Over the weekend of the change the countdown targets Monday 09:30 New York.
    sunday = datetime(2025, 3, 9, 12, 0, tzinfo=UTC)
    assert as_ny(fr.next_refresh("live", sunday)) == (2025, 3, 10, 9, 30, 0)


def test_dst_fall_back_basic_is_19_new_york():
    day_edt = fr.refresh_times("basic", date(2025, 10, 31))[0]
    day_est = fr.refresh_times("basic", date(2025, 11, 3))[0]
    assert (day_edt.hour, day_est.hour) == (23, 0)  # 19:00 EDT = 23:00 UTC, 19:00 EST = 00:00 UTC next day
    assert day_est.date() == date(2025, 11, 4) and day_est.hour == 0


# ---------------------------------------------------------------- 30, 3, basic


def test_30_grid():
    now = ny(2025, 3, 12, 10, 29, 0)
    assert as_ny(fr.last_refresh("30", now, 30)) == (2025, 3, 12, 10, 0, 30)
    assert as_ny(fr.next_refresh("30", now, 30)) == (2025, 3, 12, 10, 30, 30)
    assert len(fr.refresh_times("30", date(2025, 3, 12))) == 14


def test_tier_3_times_and_after_19():
    assert as_ny(fr.last_refresh("3", ny(2025, 3, 12, 12, 0), 30)) == (2025, 3, 12, 11, 30, 30)
    assert as_ny(fr.last_refresh("3", ny(2025, 3, 12, 15, 0), 30)) == (2025, 3, 12, 14, 0, 30)
    assert as_ny(fr.next_refresh("3", ny(2025, 3, 12, 15, 0), 30)) == (2025, 3, 12, 19, 0, 0)
    late = ny(2025, 3, 12, 19, 30)
    assert as_ny(fr.last_refresh("3", late, 30)) == (2025, 3, 12, 19, 0, 0)
    assert as_ny(fr.next_refresh("3", late, 30)) == (2025, 3, 13, 11, 30, 30)


def test_basic_once_a_day():
    assert as_ny(fr.last_refresh("basic", ny(2025, 3, 12, 18, 59))) == (2025, 3, 11, 19, 0, 0)
    assert as_ny(fr.last_refresh("basic", ny(2025, 3, 12, 19, 0))) == (2025, 3, 12, 19, 0, 0)
    # Friday evening: the next one is Monday evening.
    assert as_ny(fr.next_refresh("basic", ny(2025, 3, 14, 20, 0))) == (2025, 3, 17, 19, 0, 0)


@pytest.mark.parametrize("tier", TIER_IDS)
def test_last_refresh_is_never_after_now_and_next_is_after(tier):
    start = ny(2025, 11, 26, 0, 0)  # around Thanksgiving and its half day
    for step in range(0, 6 * 24 * 60, 17):
        now = start + timedelta(minutes=step)
        last = fr.last_refresh(tier, now, 30)
        nxt = fr.next_refresh(tier, now, 30)
        assert last <= now < nxt


def test_tiers_are_ordered_by_freshness():
    now = ny(2025, 3, 12, 15, 7)
    cut = {t: fr.data_cutoff(t, now, 30) for t in TIER_IDS}
    assert cut["live"] >= cut["30"] >= cut["3"] >= cut["basic"]
    assert cut["live"] > cut["basic"]


def test_unknown_tier_is_rejected():
    with pytest.raises(ValueError):
        fr.next_refresh("gold", ny(2025, 3, 12, 10, 0))
