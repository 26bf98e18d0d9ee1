"""The expirations grammar as a pure function."""

from datetime import date, datetime, timedelta, timezone

import pytest

from domain.expirations import OPTIONS, ExpirationError, monthly_expiration, resolve
from domain.market_calendar import NY

UTC = timezone.utc


def ny(*args) -> datetime:
    return datetime(*args, tzinfo=NY).astimezone(UTC)


# Wednesday 2025-03-12; expirations every weekday for ~15 months (daily ladder like SPX).
SESSION = date(2025, 3, 12)
NOW = ny(2025, 3, 12, 11, 0)
AVAIL = [SESSION + timedelta(days=i) for i in range(0, 460) if (SESSION + timedelta(days=i)).weekday() < 5]


def r(option, **kw):
    return resolve(option, AVAIL, kw.pop("session", SESSION), kw.pop("now", NOW), **kw)


def test_all_and_mixed_without_dates():
    assert r("ALL") == AVAIL
    assert r(None) == AVAIL
    assert r("MIXED") == AVAIL


def test_today_tomorrow_day_after():
    assert r("TODAY") == [date(2025, 3, 12)]
    assert r("TOMORROW") == [date(2025, 3, 13)]
    assert r("DAY_AFTER_TOMORROW") == [date(2025, 3, 14)]
    # From a Friday, 1DTE is Monday.
    assert r("TOMORROW", session=date(2025, 3, 14), now=ny(2025, 3, 14, 10)) == [date(2025, 3, 17)]


def test_tomorrow_skips_holidays():
    # Thursday 2025-04-17: Good Friday is closed, so 1DTE is Monday 04-21.
    assert r("TOMORROW", session=date(2025, 4, 17), now=ny(2025, 4, 17, 10)) == [date(2025, 4, 21)]


def test_this_week_and_next_week():
    assert r("THIS_WEEK") == [date(2025, 3, 12), date(2025, 3, 13), date(2025, 3, 14)]
    assert r("NEXT_WEEK") == [date(2025, 3, d) for d in range(17, 22)]


def test_this_week_rolls_after_friday_16_new_york():
    fri = date(2025, 3, 14)
    before = r("THIS_WEEK", session=fri, now=ny(2025, 3, 14, 15, 59))
    assert before == [fri]
    after = r("THIS_WEEK", session=fri, now=ny(2025, 3, 14, 16, 0))
    assert after == [date(2025, 3, d) for d in range(17, 22)]
    assert r("NEXT_WEEK", session=fri, now=ny(2025, 3, 15, 9, 0)) == [date(2025, 3, d) for d in range(24, 29)]


def test_thirty_next_days_and_months_and_years():
    got = r("THIRTY_NEXT_DAYS")
    assert got[0] == SESSION and got[-1] <= SESSION + timedelta(days=30)
    assert r("THIS_MONTH")[-1] == date(2025, 3, 31)
    nm = r("NEXT_MONTH")
    assert nm[0] == date(2025, 4, 1) and nm[-1] == date(2025, 4, 30)
    assert r("THIS_YEAR")[-1] == date(2025, 12, 31)
    ny_ = r("NEXT_YEAR")
    assert ny_[0] == date(2026, 1, 1) and all(d.year == 2026 for d in ny_)


def test_third_friday_nearest_monthly():
    assert r("THIRD_FRIDAY") == [date(2025, 3, 21)]
    assert r("THIRD_FRIDAY", session=date(2025, 3, 24), now=ny(2025, 3, 24, 10)) == [date(2025, 4, 17)]
    # April 2025: the third Friday is Good Friday, so the monthly moves to Thursday.
    assert monthly_expiration(2025, 4) == date(2025, 4, 17)


def test_custom_and_specific():
    got = r("CUSTOM", start="2025-03-13", end="2025-03-18")
    assert got == [date(2025, 3, 13), date(2025, 3, 14), date(2025, 3, 17), date(2025, 3, 18)]
    assert r("CUSTOM", start="2025-03-12", end="2025-03-12") == [SESSION]  # same day is fine
    assert r("SPECIFIC", dates=["2025-03-14", "2025-03-15", "2025-04-17"]) == [date(2025, 3, 14), date(2025, 4, 17)]
    assert r("MIXED", dates=["2025-03-14"]) == [date(2025, 3, 14)]
    assert r("SPECIFIC", dates=["2031-01-01"]) == []


def test_custom_in_the_past():
    with pytest.raises(ExpirationError) as e:
        r("CUSTOM", start="2025-01-01", end="2025-02-01")
    assert e.value.message == "Chosen range is in the past" and e.value.field == "to"
    # Historical requests may look back.
    assert r("CUSTOM", start="2025-01-01", end="2025-02-01", historical=True) == []


@pytest.mark.parametrize(
    "option,kw,field",
    [
        ("SOMEDAY", {}, "option"),
        ("CUSTOM", {"start": "2025-03-12"}, "to"),
        ("CUSTOM", {"start": "2025-03-20", "end": "2025-03-12"}, "to"),
        ("CUSTOM", {"start": "12/03/2025", "end": "2025-03-20"}, "from"),
        ("SPECIFIC", {}, "dates"),
        ("SPECIFIC", {"dates": ["2025-13-01"]}, "dates"),
        ("SPECIFIC", {"dates": ["'; DROP TABLE x; --"]}, "dates"),
    ],
)
def test_bad_selections_name_the_field(option, kw, field):
    with pytest.raises(ExpirationError) as e:
        r(option, **kw)
    assert e.value.field == field
    assert e.value.message.endswith(".") or e.value.message


def test_every_option_resolves():
    for option in OPTIONS:
        kw = {}
        if option == "CUSTOM":
            kw = {"start": "2025-03-12", "end": "2025-06-30"}
        if option == "SPECIFIC":
            kw = {"dates": ["2025-03-14"]}
        got = r(option, **kw)
        assert got == sorted(got) and set(got) <= set(AVAIL)
