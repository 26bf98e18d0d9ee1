"""NYSE trading calendar in America/New_York.

Holidays, early closes and one-off closures (weather, national days of mourning) come from the XNYS
calendar of the maintained ``exchange_calendars`` package, through the table it generates,
``domain/market_calendar_data.py`` (2000-2100; ``npm run gen:calendar``). A new ad-hoc closure is a package
upgrade and a regeneration, never a code change here; the test suite fails while the checked-in table
differs from the installed package. The server reads the table rather than the package at run time:
importing the package and building its calendar costs seconds in every process.

The regular session is 09:30-16:00 ET and an early close is at 13:00 ET (the generator refuses a
calendar with other times); sessions are returned as tz-aware UTC datetimes, so the UTC hour moves with
daylight saving time (14:30-21:00 UTC in winter, 13:30-20:00 UTC in summer). A date outside the table's
years raises ``ValueError``.
"""

from __future__ import annotations

from datetime import date, datetime, time, timedelta, timezone
from functools import lru_cache
from zoneinfo import ZoneInfo

from domain import market_calendar_data as _table

NY = ZoneInfo("America/New_York")
UTC = timezone.utc


def _clock(hhmm: str) -> time:
    h, m = hhmm.split(":")
    return time(int(h), int(m))


OPEN_TIME = _clock(_table.OPEN)
CLOSE_TIME = _clock(_table.CLOSE)
HALF_DAY_CLOSE_TIME = _clock(_table.HALF_DAY_CLOSE)
FIRST_YEAR, LAST_YEAR = _table.FIRST_YEAR, _table.LAST_YEAR
#: Where the table comes from ("exchange_calendars 4.13.2 XNYS").
SOURCE = _table.SOURCE

__all__ = [
    "NY",
    "UTC",
    "OPEN_TIME",
    "CLOSE_TIME",
    "HALF_DAY_CLOSE_TIME",
    "FIRST_YEAR",
    "LAST_YEAR",
    "SOURCE",
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


def _nth_weekday(year: int, month: int, weekday: int, n: int) -> date:
    """The n-th given weekday (Mon=0) of a month, n >= 1."""
    first = date(year, month, 1)
    offset = (weekday - first.weekday()) % 7
    return first + timedelta(days=offset + 7 * (n - 1))


def _days(year: int, table: dict[int, str]) -> frozenset[date]:
    if not FIRST_YEAR <= year <= LAST_YEAR:
        raise ValueError(f"{year} is outside the exchange calendar ({FIRST_YEAR}-{LAST_YEAR}, {SOURCE}).")
    return frozenset(date(year, int(d[:2]), int(d[2:])) for d in table[year].split())


def third_friday(year: int, month: int) -> date:
    """Third Friday of the month: the standard monthly option expiration date."""
    return _nth_weekday(year, month, 4, 3)


@lru_cache(maxsize=256)
def holidays(year: int) -> frozenset[date]:
    """Weekdays of ``year`` on which the exchange is closed all day."""
    return _days(year, _table.HOLIDAYS)


@lru_cache(maxsize=256)
def half_days(year: int) -> frozenset[date]:
    """Trading days of ``year`` that close early, at 13:00 ET."""
    return _days(year, _table.HALF_DAYS)


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
