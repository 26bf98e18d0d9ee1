"""The expirations grammar of the widget configuration: ``{option, from, to, dates}`` → expiration dates.

``resolve`` is a pure function of the option, the expirations available in the served snapshot, the
session date of that snapshot and the market "now" (for the Friday roll). Dates are New York dates.

Options (the words a widget stores):

==================  =====================================================================================
ALL                 every expiration in the snapshot
MIXED               a widget group whose members chose different expirations; the request then carries
                    the member's own ``dates`` (used like SPECIFIC) or, without dates, means ALL
CUSTOM              ``from`` .. ``to`` inclusive; a range wholly before the session date is refused
                    ('Chosen range is in the past') unless the request is historical; a same-day range
                    (``from`` = ``to``) is always accepted
SPECIFIC            exactly the listed ``dates`` that exist
TODAY               0DTE: expirations on the session date
TOMORROW            1DTE: the next trading day after the session date
DAY_AFTER_TOMORROW  2DTE: the second trading day after the session date
THIS_WEEK           session date .. Sunday of the week; after Friday 16:00 New York it rolls to next week
NEXT_WEEK           the week after THIS_WEEK (rolls with it)
THIRTY_NEXT_DAYS    session date .. session date + 30 days
THIRD_FRIDAY        the nearest monthly expiration: the third Friday (the Thursday before when that
                    Friday is an exchange holiday) on or after the session date
THIS_MONTH          session date .. end of its month
NEXT_MONTH          the following calendar month
THIS_YEAR           session date .. December 31
NEXT_YEAR           the following calendar year
==================  =====================================================================================

No match is not an error: the answer is an empty list and the data routes answer empty data, which the
widget shows as 'No data available for given configuration'.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from datetime import date, datetime, time, timedelta

from domain import market_calendar as cal
from domain.vocabulary import EXPIRATION_OPTIONS, MAX_SPECIFIC_DATES

OPTIONS = EXPIRATION_OPTIONS
FRIDAY_ROLL = time(16, 0)


class ExpirationError(ValueError):
    """A malformed or contradictory expirations selection; ``field`` names the offending member."""

    def __init__(self, field: str, message: str):
        super().__init__(message)
        self.field = field
        self.message = message


def parse_date(value, field: str) -> date:
    """``yyyy-MM-dd`` → date, or ExpirationError naming the field."""
    if isinstance(value, datetime):
        return value.date()
    if isinstance(value, date):
        return value
    if not isinstance(value, str) or len(value) != 10:
        raise ExpirationError(field, f"'{field}' must be a date written yyyy-MM-dd.")
    try:
        return date.fromisoformat(value)
    except ValueError:
        raise ExpirationError(field, f"'{field}' must be a date written yyyy-MM-dd.") from None


def _month_end(d: date) -> date:
    nxt = date(d.year + (d.month == 12), d.month % 12 + 1, 1)
    return nxt - timedelta(days=1)


def _next_month_start(d: date) -> date:
    return date(d.year + (d.month == 12), d.month % 12 + 1, 1)


def week_start(session_day: date, now: datetime) -> date:
    """Monday of the week THIS_WEEK means: the session's week, or the next after Friday 16:00 NY."""
    monday = session_day - timedelta(days=session_day.weekday())
    friday_close = datetime.combine(monday + timedelta(days=4), FRIDAY_ROLL, tzinfo=cal.NY)
    if now >= friday_close:
        monday += timedelta(days=7)
    return monday


def monthly_expiration(year: int, month: int) -> date:
    """Third Friday of the month, moved to the previous trading day when the exchange is closed."""
    d = cal.third_friday(year, month)
    while not cal.is_trading_day(d):
        d -= timedelta(days=1)
    return d


def standard_expirations(day: date) -> list[date]:
    """Expiration dates common to listed index options: every trading day for 45 days, then monthlies."""
    out = set(cal.trading_days(day, day + timedelta(days=45)))
    y, m = day.year, day.month
    for _ in range(24):
        d = monthly_expiration(y, m)
        if d >= day:
            out.add(d)
        y, m = (y + 1, 1) if m == 12 else (y, m + 1)
    return sorted(out)


def window(option: str, session_day: date, now: datetime) -> tuple[date, date] | None:
    """The inclusive date window of a relative option (None for ALL/MIXED/CUSTOM/SPECIFIC/THIRD_FRIDAY)."""
    if option == "TODAY":
        return session_day, session_day
    if option == "TOMORROW":
        d = cal.next_trading_day(session_day)
        return d, d
    if option == "DAY_AFTER_TOMORROW":
        d = cal.next_trading_day(cal.next_trading_day(session_day))
        return d, d
    if option == "THIS_WEEK":
        monday = week_start(session_day, now)
        return max(monday, session_day), monday + timedelta(days=6)
    if option == "NEXT_WEEK":
        monday = week_start(session_day, now) + timedelta(days=7)
        return monday, monday + timedelta(days=6)
    if option == "THIRTY_NEXT_DAYS":
        return session_day, session_day + timedelta(days=30)
    if option == "THIS_MONTH":
        return session_day, _month_end(session_day)
    if option == "NEXT_MONTH":
        start = _next_month_start(session_day)
        return start, _month_end(start)
    if option == "THIS_YEAR":
        return session_day, date(session_day.year, 12, 31)
    if option == "NEXT_YEAR":
        return date(session_day.year + 1, 1, 1), date(session_day.year + 1, 12, 31)
    return None


def resolve(
    option: str | None,
    available: Iterable[date],
    session_day: date,
    now: datetime,
    *,
    start=None,
    end=None,
    dates: Sequence | None = None,
    historical: bool = False,
) -> list[date]:
    """The expirations (ascending) among ``available`` that the selection means."""
    avail = sorted(set(available))
    option = (option or "ALL").upper()
    if option not in OPTIONS:
        raise ExpirationError("option", f"Unknown expirations option '{option}'. Use one of: {', '.join(OPTIONS)}.")
    if option == "ALL" or (option == "MIXED" and not dates):
        return avail
    if option in ("SPECIFIC", "MIXED"):
        if not dates:
            raise ExpirationError("dates", "Choose at least one expiration date.")
        if len(dates) > MAX_SPECIFIC_DATES:
            raise ExpirationError("dates", f"At most {MAX_SPECIFIC_DATES} dates may be chosen.")
        wanted = {parse_date(d, "dates") for d in dates}
        return [d for d in avail if d in wanted]
    if option == "CUSTOM":
        if start is None or end is None:
            raise ExpirationError("from" if start is None else "to", "A custom range needs both 'from' and 'to'.")
        lo, hi = parse_date(start, "from"), parse_date(end, "to")
        if hi < lo:
            raise ExpirationError("to", "The end of the range must not be before its start.")
        if not historical and hi < session_day and lo != hi:
            raise ExpirationError("to", "Chosen range is in the past")
        return [d for d in avail if lo <= d <= hi]
    if option == "THIRD_FRIDAY":
        monthly = [d for d in avail if d >= session_day and d == monthly_expiration(d.year, d.month)]
        return monthly[:1]
    lo, hi = window(option, session_day, now)  # type: ignore[misc]
    return [d for d in avail if lo <= d <= hi]
