"""NYSE trading calendar in America/New_York.

Holidays and early closes are computed from the exchange's rules for any year (2000-2100 is the range
the product uses), plus a short list of one-off closures (weather, national days of mourning).

Rules:

* full holidays: New Year's Day, Martin Luther King Jr. Day (third Monday of January), Washington's
  Birthday (third Monday of February), Good Friday, Memorial Day (last Monday of May), Juneteenth
  (from 2022), Independence Day, Labor Day (first Monday of September), Thanksgiving (fourth Thursday
  of November), Christmas Day;
* a holiday on a Sunday is observed the Monday after, a holiday on a Saturday the Friday before,
  except New Year's Day: when January 1 is a Saturday the exchange stays open on December 31 (the rule
  that keeps the year-end close on a trading day);
* early closes at 13:00 ET: July 3 when it is a Monday-Thursday (the day before Independence Day),
  the day after Thanksgiving, and December 24 when it is a Monday-Thursday.

The regular session is 09:30-16:00 ET; sessions are returned as tz-aware UTC datetimes, so the UTC
hour moves with daylight saving time (14:30-21:00 UTC in winter, 13:30-20:00 UTC in summer).
"""

from __future__ import annotations

from datetime import date, datetime, time, timedelta, timezone
from functools import lru_cache
from zoneinfo import ZoneInfo

NY = ZoneInfo("America/New_York")
UTC = timezone.utc

OPEN_TIME = time(9, 30)
CLOSE_TIME = time(16, 0)
HALF_DAY_CLOSE_TIME = time(13, 0)

# One-off full-day closures that no rule predicts.
SPECIAL_CLOSURES: frozenset[date] = frozenset(
    {
        date(2001, 9, 11), date(2001, 9, 12), date(2001, 9, 13), date(2001, 9, 14),  # attacks of 9/11
        date(2004, 6, 11),  # national day of mourning
        date(2007, 1, 2),  # national day of mourning
        date(2012, 10, 29), date(2012, 10, 30),  # hurricane
        date(2018, 12, 5),  # national day of mourning
        date(2025, 1, 9),  # national day of mourning
    }
)

__all__ = [
    "NY",
    "UTC",
    "OPEN_TIME",
    "CLOSE_TIME",
    "HALF_DAY_CLOSE_TIME",
    "easter_sunday",
    "holidays",
    "half_days",
    "is_holiday",
    "is_trading_day",
    "is_half_day",
    "session",
    "next_trading_day",
    "previous_trading_day",
    "trading_days",
    "third_friday",
    "ny_date",
    "is_open",
    "expiry_instant",
    "year_fraction",
    "SECONDS_PER_YEAR",
]


def easter_sunday(year: int) -> date:
    """Gregorian Easter Sunday (anonymous Gregorian algorithm)."""
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


def _nth_weekday(year: int, month: int, weekday: int, n: int) -> date:
    """The n-th given weekday (Mon=0) of a month, n >= 1."""
    first = date(year, month, 1)
    offset = (weekday - first.weekday()) % 7
    return first + timedelta(days=offset + 7 * (n - 1))


def _last_weekday(year: int, month: int, weekday: int) -> date:
    nxt = date(year + (month == 12), month % 12 + 1, 1)
    last = nxt - timedelta(days=1)
    return last - timedelta(days=(last.weekday() - weekday) % 7)


def _observed(d: date) -> date:
    if d.weekday() == 5:
        return d - timedelta(days=1)
    if d.weekday() == 6:
        return d + timedelta(days=1)
    return d


def third_friday(year: int, month: int) -> date:
    """Third Friday of the month: the standard monthly option expiration date."""
    return _nth_weekday(year, month, 4, 3)


@lru_cache(maxsize=256)
def holidays(year: int) -> frozenset[date]:
    """Weekdays of ``year`` on which the exchange is closed all day."""
    out: set[date] = set()
    new_year = date(year, 1, 1)
    if new_year.weekday() == 6:
        out.add(new_year + timedelta(days=1))
    elif new_year.weekday() != 5:
        out.add(new_year)
    out.add(_nth_weekday(year, 1, 0, 3))  # Martin Luther King Jr. Day
    out.add(_nth_weekday(year, 2, 0, 3))  # Washington's Birthday
    out.add(easter_sunday(year) - timedelta(days=2))  # Good Friday
    out.add(_last_weekday(year, 5, 0))  # Memorial Day
    if year >= 2022:
        out.add(_observed(date(year, 6, 19)))  # Juneteenth
    out.add(_observed(date(year, 7, 4)))  # Independence Day
    out.add(_nth_weekday(year, 9, 0, 1))  # Labor Day
    out.add(_nth_weekday(year, 11, 3, 4))  # Thanksgiving
    out.add(_observed(date(year, 12, 25)))  # Christmas
    out.update(d for d in SPECIAL_CLOSURES if d.year == year)
    # An observed holiday can only fall in the previous year for New Year's Day, which the rule above
    # excludes, so every date here belongs to ``year``.
    return frozenset(out)


@lru_cache(maxsize=256)
def half_days(year: int) -> frozenset[date]:
    """Trading days of ``year`` that close early, at 13:00 ET."""
    out: set[date] = set()
    july3 = date(year, 7, 3)
    if july3.weekday() <= 3:
        out.add(july3)
    out.add(_nth_weekday(year, 11, 3, 4) + timedelta(days=1))  # day after Thanksgiving
    dec24 = date(year, 12, 24)
    if dec24.weekday() <= 3:
        out.add(dec24)
    full = holidays(year)
    return frozenset(d for d in out if d not in full)


def _as_date(d: date | datetime) -> date:
    if isinstance(d, datetime):
        if d.tzinfo is not None:
            return d.astimezone(NY).date()
        return d.date()
    return d


def ny_date(ts: datetime) -> date:
    """The New York calendar date of a tz-aware instant."""
    if ts.tzinfo is None:
        raise ValueError("ny_date needs a tz-aware datetime")
    return ts.astimezone(NY).date()


def is_holiday(d: date | datetime) -> bool:
    d = _as_date(d)
    return d in holidays(d.year)


def is_trading_day(d: date | datetime) -> bool:
    d = _as_date(d)
    return d.weekday() < 5 and d not in holidays(d.year)


def is_half_day(d: date | datetime) -> bool:
    d = _as_date(d)
    return d in half_days(d.year)


def session(d: date | datetime) -> tuple[datetime, datetime] | None:
    """(open, close) of the regular session as tz-aware UTC datetimes, or None when closed."""
    d = _as_date(d)
    if not is_trading_day(d):
        return None
    close = HALF_DAY_CLOSE_TIME if is_half_day(d) else CLOSE_TIME
    start = datetime.combine(d, OPEN_TIME, tzinfo=NY).astimezone(UTC)
    end = datetime.combine(d, close, tzinfo=NY).astimezone(UTC)
    return start, end


def is_open(ts: datetime) -> bool:
    """True when ``ts`` (tz-aware) falls inside a regular session, open inclusive, close inclusive."""
    s = session(ny_date(ts))
    return s is not None and s[0] <= ts <= s[1]


def next_trading_day(d: date | datetime) -> date:
    """The first trading day strictly after ``d``."""
    d = _as_date(d) + timedelta(days=1)
    while not is_trading_day(d):
        d += timedelta(days=1)
    return d


def previous_trading_day(d: date | datetime) -> date:
    """The last trading day strictly before ``d``."""
    d = _as_date(d) - timedelta(days=1)
    while not is_trading_day(d):
        d -= timedelta(days=1)
    return d


def trading_days(start: date | datetime, end: date | datetime) -> list[date]:
    """Trading days from ``start`` to ``end``, both inclusive."""
    start, end = _as_date(start), _as_date(end)
    out = []
    d = start
    while d <= end:
        if is_trading_day(d):
            out.append(d)
        d += timedelta(days=1)
    return out


# ---------------------------------------------------------------- expirations
# Every listed option in the product expires at the close of its expiration day's regular session
# (16:00 ET, 13:00 ET on an early close). AM-settled index monthlies are treated the same way: the
# difference matters only in the last hours and the product values the PM-settled weeklies that
# dominate 0DTE volume.

SECONDS_PER_YEAR = 365.0 * 24 * 3600


def expiry_instant(expiration: date) -> datetime:
    """The UTC instant an option expiring on ``expiration`` stops trading."""
    s = session(expiration)
    if s is not None:
        return s[1]
    return datetime.combine(expiration, CLOSE_TIME, tzinfo=NY).astimezone(UTC)


def year_fraction(ts: datetime, expiration: date) -> float:
    """Time to expiry in years (calendar time, ACT/365) from ``ts`` to the expiry instant; >= 0."""
    return max((expiry_instant(expiration) - ts).total_seconds(), 0.0) / SECONDS_PER_YEAR
