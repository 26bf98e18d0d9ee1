"""Writes the exchange calendar tables from the XNYS calendar of ``exchange_calendars``.

    python web/scripts/gen_market_calendar.py           write both tables
    python web/scripts/gen_market_calendar.py --check   exit 1 when a checked-in table differs

The New York Stock Exchange's holidays, early closes and one-off closures come from one maintained source,
the ``exchange_calendars`` package (calendar ``XNYS``). This script reads it for 2000-2100 and writes:

* ``domain/market_calendar_data.py``: the table ``domain/market_calendar.py`` answers from (the server never
  imports the package at run time: importing it and building the calendar costs seconds per process);
* ``web/src/domain/marketCalendarData.ts``: the same table for the browser (1DTE/2DTE, the monthly
  expiration, the refresh-schedule fallback).

A new ad-hoc closure is an upgrade of the package and ``npm run gen:calendar``, never a code change. The check
(``npm run check:calendar`` and the Python test suite) fails when either table differs from the installed
package, so the three cannot drift apart.
"""

from __future__ import annotations

import sys
from datetime import date, timedelta
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
TARGET = ROOT / "web" / "src" / "domain" / "marketCalendarData.ts"
PY_TARGET = ROOT / "domain" / "market_calendar_data.py"
FIRST_YEAR, LAST_YEAR = 2000, 2100
EXCHANGE = "XNYS"
OPEN, CLOSE = "09:30", "16:00"


class CalendarError(RuntimeError):
    """The package's calendar does not fit the tables (another session time, a late open)."""


def _minutes(hhmm: str) -> int:
    h, m = hhmm.split(":")
    return int(h) * 60 + int(m)


def read_exchange() -> dict:
    """``{"version", "holidays": {year: [date]}, "half_days": {year: [date]}, "half_day_close": "HH:MM"}``."""
    import exchange_calendars as xcals

    c = xcals.get_calendar(EXCHANGE, start=f"{FIRST_YEAR}-01-01", end=f"{LAST_YEAR}-12-31")
    sched = c.schedule
    local = {col: list(sched[col].dt.tz_convert("America/New_York").dt.strftime("%H:%M")) for col in ("open", "close")}
    opens = set(local["open"])
    if opens != {OPEN}:
        raise CalendarError(f"{EXCHANGE} sessions open at {sorted(opens)}; the tables know only {OPEN}.")
    early = sorted({t for t in local["close"] if t != CLOSE})
    if len(early) > 1:
        raise CalendarError(f"{EXCHANGE} early closes at {early}; the tables know one early close time.")
    sessions = {d.date() for d in sched.index}
    half = sorted(d.date() for d, t in zip(sched.index, local["close"], strict=True) if t != CLOSE)
    holidays: dict[int, list[date]] = {y: [] for y in range(FIRST_YEAR, LAST_YEAR + 1)}
    d = date(FIRST_YEAR, 1, 1)
    while d.year <= LAST_YEAR:
        if d.weekday() < 5 and d not in sessions:
            holidays[d.year].append(d)
        d += timedelta(days=1)
    half_days: dict[int, list[date]] = {y: [] for y in range(FIRST_YEAR, LAST_YEAR + 1)}
    for h in half:
        half_days[h.year].append(h)
    return {"version": xcals.__version__, "holidays": holidays, "half_days": half_days,
            "half_day_close": early[0] if early else "13:00"}


def _days(dates) -> str:
    return " ".join(sorted(d.strftime("%m%d") for d in dates))


def render(data: dict | None = None) -> str:
    """The browser's table."""
    data = data or read_exchange()
    lines = [
        f"// Generated from the {EXCHANGE} calendar of exchange_calendars {data['version']} by `npm run gen:calendar`",
        "// (web/scripts/gen_market_calendar.py), like domain/market_calendar_data.py. Do not edit by hand;",
        "// `npm run check:calendar` (and the Python test suite) fails when this file no longer matches it.",
        "",
        "/** Years covered; outside them every weekday counts as a full trading day. */",
        f"export const FIRST_YEAR = {FIRST_YEAR};",
        f"export const LAST_YEAR = {LAST_YEAR};",
        "",
        "/** Session hours in New York minutes after midnight. */",
        f"export const OPEN_MINUTES = {_minutes(OPEN)};",
        f"export const CLOSE_MINUTES = {_minutes(CLOSE)};",
        f"export const HALF_DAY_CLOSE_MINUTES = {_minutes(data['half_day_close'])};",
        "",
        "/** Weekdays the exchange is closed, per year, as 'MMDD' separated by spaces. */",
        "export const HOLIDAYS: Record<number, string> = {",
    ]
    lines += [f"  {y}: '{_days(data['holidays'][y])}'," for y in range(FIRST_YEAR, LAST_YEAR + 1)]
    lines += ["};", "", "/** Trading days that close early, per year, as 'MMDD' separated by spaces. */",
              "export const HALF_DAYS: Record<number, string> = {"]
    lines += [f"  {y}: '{_days(data['half_days'][y])}'," for y in range(FIRST_YEAR, LAST_YEAR + 1)]
    lines += ["};", ""]
    return "\n".join(lines)


def render_python(data: dict | None = None) -> str:
    """The server's table (``domain/market_calendar_data.py``)."""
    data = data or read_exchange()
    lines = [
        f'"""The {EXCHANGE} exchange calendar, {FIRST_YEAR}-{LAST_YEAR}: generated from exchange_calendars '
        f'{data["version"]}.',
        "",
        "Written by ``npm run gen:calendar`` (web/scripts/gen_market_calendar.py) with the browser's twin",
        "web/src/domain/marketCalendarData.ts. Do not edit by hand: the Python test suite and",
        "``npm run check:calendar`` fail when it no longer matches the installed package.",
        '"""',
        "",
        f"SOURCE = \"exchange_calendars {data['version']} {EXCHANGE}\"",
        f"FIRST_YEAR = {FIRST_YEAR}",
        f"LAST_YEAR = {LAST_YEAR}",
        f"OPEN = \"{OPEN}\"",
        f"CLOSE = \"{CLOSE}\"",
        f"HALF_DAY_CLOSE = \"{data['half_day_close']}\"",
        "",
        "#: Weekdays the exchange is closed, per year, as 'MMDD' separated by spaces.",
        "HOLIDAYS: dict[int, str] = {",
    ]
    lines += [f"    {y}: \"{_days(data['holidays'][y])}\"," for y in range(FIRST_YEAR, LAST_YEAR + 1)]
    lines += ["}", "", "#: Trading days that close early (at HALF_DAY_CLOSE), per year, as 'MMDD' separated by spaces.",
              "HALF_DAYS: dict[int, str] = {"]
    lines += [f"    {y}: \"{_days(data['half_days'][y])}\"," for y in range(FIRST_YEAR, LAST_YEAR + 1)]
    lines += ["}", ""]
    return "\n".join(lines)


def main(argv: list[str]) -> int:
    try:
        data = read_exchange()
    except ImportError:
        print("gen_market_calendar: the exchange_calendars package is missing; run `make install`.", file=sys.stderr)
        return 2
    except CalendarError as exc:
        print(f"gen_market_calendar: {exc}", file=sys.stderr)
        return 2
    wanted = {TARGET: render(data), PY_TARGET: render_python(data)}
    if "--check" in argv:
        stale = [p for p, text in wanted.items() if (p.read_text() if p.exists() else "") != text]
        if stale:
            names = ", ".join(str(p.relative_to(ROOT)) for p in stale)
            print(f"{names} out of date with exchange_calendars {data['version']} ({EXCHANGE}); "
                  "run `npm run gen:calendar` in web/.", file=sys.stderr)
            return 1
        print(f"The calendar tables match exchange_calendars {data['version']} ({EXCHANGE}).")
        return 0
    for path, text in wanted.items():
        path.write_text(text)
        print(f"Wrote {path}")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
