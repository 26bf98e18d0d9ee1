"""NYSE calendar: holidays, early closes, third Fridays and daylight-saving boundaries."""

from datetime import date, datetime, timedelta, timezone

import pytest

from domain import market_calendar as cal

UTC = timezone.utc

# Published NYSE schedules (full closures on weekdays).
PUBLISHED_HOLIDAYS = {
    2021: [date(2021, 1, 1), date(2021, 1, 18), date(2021, 2, 15), date(2021, 4, 2), date(2021, 5, 31),
           date(2021, 7, 5), date(2021, 9, 6), date(2021, 11, 25), date(2021, 12, 24)],
    2022: [date(2022, 1, 17), date(2022, 2, 21), date(2022, 4, 15), date(2022, 5, 30), date(2022, 6, 20),
           date(2022, 7, 4), date(2022, 9, 5), date(2022, 11, 24), date(2022, 12, 26)],
    2024: [date(2024, 1, 1), date(2024, 1, 15), date(2024, 2, 19), date(2024, 3, 29), date(2024, 5, 27),
           date(2024, 6, 19), date(2024, 7, 4), date(2024, 9, 2), date(2024, 11, 28), date(2024, 12, 25)],
    2025: [date(2025, 1, 1), date(2025, 1, 9), date(2025, 1, 20), date(2025, 2, 17), date(2025, 4, 18),
           date(2025, 5, 26), date(2025, 6, 19), date(2025, 7, 4), date(2025, 9, 1), date(2025, 11, 27),
           date(2025, 12, 25)],
    2026: [date(2026, 1, 1), date(2026, 1, 19), date(2026, 2, 16), date(2026, 4, 3), date(2026, 5, 25),
           date(2026, 6, 19), date(2026, 7, 3), date(2026, 9, 7), date(2026, 11, 26), date(2026, 12, 25)],
    2027: [date(2027, 1, 1), date(2027, 1, 18), date(2027, 2, 15), date(2027, 3, 26), date(2027, 5, 31),
           date(2027, 6, 18), date(2027, 7, 5), date(2027, 9, 6), date(2027, 11, 25), date(2027, 12, 24)],
}

PUBLISHED_HALF_DAYS = {
    2019: [date(2019, 7, 3), date(2019, 11, 29), date(2019, 12, 24)],
    2024: [date(2024, 7, 3), date(2024, 11, 29), date(2024, 12, 24)],
    2025: [date(2025, 7, 3), date(2025, 11, 28), date(2025, 12, 24)],
    2026: [date(2026, 11, 27), date(2026, 12, 24)],
    2027: [date(2027, 11, 26)],
}


@pytest.mark.parametrize("year", sorted(PUBLISHED_HOLIDAYS))
def test_holidays_match_published_schedule(year):
    assert sorted(cal.holidays(year)) == PUBLISHED_HOLIDAYS[year]
    for d in PUBLISHED_HOLIDAYS[year]:
        assert not cal.is_trading_day(d)
        assert cal.session(d) is None


@pytest.mark.parametrize("year", sorted(PUBLISHED_HALF_DAYS))
def test_half_days_match_published_schedule(year):
    assert sorted(cal.half_days(year)) == PUBLISHED_HALF_DAYS[year]
    for d in PUBLISHED_HALF_DAYS[year]:
        assert cal.is_trading_day(d) and cal.is_half_day(d)
        open_, close = cal.session(d)
        assert close.astimezone(cal.NY).hour == 13 and close.astimezone(cal.NY).minute == 0
        assert open_.astimezone(cal.NY).hour == 9 and open_.astimezone(cal.NY).minute == 30


def test_new_year_on_saturday_keeps_december_31_open():
    assert date(2021, 12, 31).weekday() == 4
    assert cal.is_trading_day(date(2021, 12, 31))
    assert date(2022, 1, 1) not in cal.holidays(2022)
    # ... and on Sunday it moves to Monday.
    assert date(2023, 1, 2) in cal.holidays(2023)


def test_juneteenth_only_from_2022():
    assert cal.is_trading_day(date(2021, 6, 18))
    assert cal.is_trading_day(date(2020, 6, 19))
    assert not cal.is_trading_day(date(2023, 6, 19))


def _easter_sunday(year: int) -> date:
    """Gregorian Easter Sunday (anonymous Gregorian algorithm), an independent check of the table."""
    a = year % 19
    b, c = divmod(year, 100)
    d, e = divmod(b, 4)
    f = (b + 8) // 25
    g = (b - f + 1) // 3
    h = (19 * a + b - d - g + 15) % 30
    i, k = divmod(c, 4)
    l = (32 + 2 * e + 2 * i - h - k) % 7  # noqa: E741
    m = (a + 11 * h + 22 * l) // 451
    month, day = divmod(h + l - 7 * m + 114, 31)
    return date(year, month, day + 1)


def test_good_friday_follows_easter():
    assert _easter_sunday(2000) == date(2000, 4, 23)
    assert _easter_sunday(2038) == date(2038, 4, 25)
    assert _easter_sunday(2100) == date(2100, 3, 28)
    for year in range(2000, 2101):
        assert _easter_sunday(year) - timedelta(days=2) in cal.holidays(year), year


def test_one_off_closures_and_early_closes_come_from_the_maintained_calendar():
    """Days no yearly rule predicts, which the hand-written rules got wrong or needed a code change for: the
    2002 early close moved from July 3 to Friday July 5, the 2003 early close on Friday December 26, the
    2025 national day of mourning."""
    assert cal.is_half_day(date(2002, 7, 5)) and not cal.is_half_day(date(2002, 7, 3))
    assert cal.is_half_day(date(2003, 12, 26))
    assert cal.session(date(2003, 12, 26))[1] == datetime(2003, 12, 26, 18, 0, tzinfo=UTC)
    assert not cal.is_trading_day(date(2025, 1, 9))
    assert cal.SOURCE.startswith("exchange_calendars ") and cal.SOURCE.endswith(" XNYS")


def test_a_date_outside_the_table_is_refused():
    with pytest.raises(ValueError, match="outside the exchange calendar"):
        cal.is_trading_day(date(cal.LAST_YEAR + 1, 1, 5))
    with pytest.raises(ValueError, match="outside the exchange calendar"):
        cal.holidays(cal.FIRST_YEAR - 1)


def test_rules_hold_for_every_year_of_the_range():
    for year in range(2000, 2101):
        hol, half = cal.holidays(year), cal.half_days(year)
        assert all(d.year == year and d.weekday() < 5 for d in hol)
        assert not hol & half
        assert 8 <= len(hol) <= 14
        assert 1 <= len(half) <= 4  # 2003 had four: July 3, Nov 28, Dec 24 and Dec 26
        thanksgiving = max(d for d in hol if d.month == 11)
        assert thanksgiving.weekday() == 3 and 22 <= thanksgiving.day <= 28


def test_weekends_are_closed():
    assert not cal.is_trading_day(date(2026, 11, 21))  # Saturday
    assert not cal.is_trading_day(date(2026, 11, 22))  # Sunday
    assert cal.is_trading_day(date(2026, 11, 20))


def test_third_friday():
    assert cal.third_friday(2026, 1) == date(2026, 1, 16)
    assert cal.third_friday(2026, 3) == date(2026, 3, 20)
    assert cal.third_friday(2026, 5) == date(2026, 5, 15)
    assert cal.third_friday(2026, 11) == date(2026, 11, 20)
    assert cal.third_friday(2025, 8) == date(2025, 8, 15)
    for year in (2000, 2050, 2100):
        for month in range(1, 13):
            d = cal.third_friday(year, month)
            assert d.weekday() == 4 and 15 <= d.day <= 21


def test_session_times_across_daylight_saving_changes():
    # 2026: DST starts Sunday 8 March, ends Sunday 1 November.
    assert cal.session(date(2026, 3, 6)) == (datetime(2026, 3, 6, 14, 30, tzinfo=UTC),
                                             datetime(2026, 3, 6, 21, 0, tzinfo=UTC))
    assert cal.session(date(2026, 3, 9)) == (datetime(2026, 3, 9, 13, 30, tzinfo=UTC),
                                             datetime(2026, 3, 9, 20, 0, tzinfo=UTC))
    assert cal.session(date(2026, 10, 30)) == (datetime(2026, 10, 30, 13, 30, tzinfo=UTC),
                                               datetime(2026, 10, 30, 20, 0, tzinfo=UTC))
    assert cal.session(date(2026, 11, 2)) == (datetime(2026, 11, 2, 14, 30, tzinfo=UTC),
                                              datetime(2026, 11, 2, 21, 0, tzinfo=UTC))
    # Half days: 13:00 ET in summer and in winter.
    assert cal.session(date(2025, 7, 3))[1] == datetime(2025, 7, 3, 17, 0, tzinfo=UTC)
    assert cal.session(date(2026, 11, 27))[1] == datetime(2026, 11, 27, 18, 0, tzinfo=UTC)
    for d in (date(2026, 3, 9), date(2026, 11, 2)):
        open_, close = cal.session(d)
        assert open_.tzinfo is not None and open_.utcoffset().total_seconds() == 0
        assert (close - open_).total_seconds() == 6.5 * 3600


def test_next_and_previous_trading_day_and_range():
    assert cal.next_trading_day(date(2026, 11, 25)) == date(2026, 11, 27)  # over Thanksgiving
    assert cal.previous_trading_day(date(2026, 11, 27)) == date(2026, 11, 25)
    assert cal.next_trading_day(date(2026, 4, 2)) == date(2026, 4, 6)  # Good Friday + weekend
    assert cal.previous_trading_day(date(2026, 1, 2)) == date(2025, 12, 31)
    days = cal.trading_days(date(2026, 12, 21), date(2027, 1, 4))
    assert days == [date(2026, 12, 21), date(2026, 12, 22), date(2026, 12, 23), date(2026, 12, 24),
                    date(2026, 12, 28), date(2026, 12, 29), date(2026, 12, 30), date(2026, 12, 31),
                    date(2027, 1, 4)]
    assert len(cal.trading_days(date(2025, 1, 1), date(2025, 12, 31))) == 250


def test_datetime_inputs_use_new_york_date():
    # 02:00 UTC on 27 Nov is still 26 Nov (Thanksgiving) in New York.
    late = datetime(2026, 11, 27, 2, 0, tzinfo=UTC)
    assert not cal.is_trading_day(late)
    assert cal.ny_date(late) == date(2026, 11, 26)
    assert cal.is_open(datetime(2026, 11, 20, 15, 0, tzinfo=UTC))
    assert not cal.is_open(datetime(2026, 11, 20, 21, 30, tzinfo=UTC))
