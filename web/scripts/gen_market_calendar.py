"""Writes web/src/domain/marketCalendarData.ts from the exchange calendar of ``domain/market_calendar.py``.

    python web/scripts/gen_market_calendar.py           write the module
    python web/scripts/gen_market_calendar.py --check   exit 1 when the checked-in module differs

The browser resolves 1DTE/2DTE, the monthly expiration and the refresh-schedule fallback with the same
holidays and early closes as the server; the Python calendar stays the only place they are defined, and
the check (also run by the Python test suite) fails when the two drift apart.
"""

from __future__ import annotations

import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
TARGET = ROOT / "web" / "src" / "domain" / "marketCalendarData.ts"
FIRST_YEAR, LAST_YEAR = 2000, 2100


def _calendar():
    if str(ROOT) not in sys.path:
        sys.path.insert(0, str(ROOT))
    from domain import market_calendar

    return market_calendar


def _days(dates) -> str:
    return " ".join(sorted(d.strftime("%m%d") for d in dates))


def render() -> str:
    cal = _calendar()
    lines = [
        "// Generated from domain/market_calendar.py by `npm run gen:calendar`. Do not edit by hand;",
        "// `npm run check:calendar` (and the Python test suite) fails when this file no longer matches it.",
        "",
        "/** Years covered; outside them every weekday counts as a full trading day. */",
        f"export const FIRST_YEAR = {FIRST_YEAR};",
        f"export const LAST_YEAR = {LAST_YEAR};",
        "",
        "/** Session hours in New York minutes after midnight. */",
        f"export const OPEN_MINUTES = {cal.OPEN_TIME.hour * 60 + cal.OPEN_TIME.minute};",
        f"export const CLOSE_MINUTES = {cal.CLOSE_TIME.hour * 60 + cal.CLOSE_TIME.minute};",
        f"export const HALF_DAY_CLOSE_MINUTES = {cal.HALF_DAY_CLOSE_TIME.hour * 60 + cal.HALF_DAY_CLOSE_TIME.minute};",
        "",
        "/** Weekdays the exchange is closed, per year, as 'MMDD' separated by spaces. */",
        "export const HOLIDAYS: Record<number, string> = {",
    ]
    lines += [f"  {y}: '{_days(cal.holidays(y))}'," for y in range(FIRST_YEAR, LAST_YEAR + 1)]
    lines += ["};", "", "/** Trading days that close early, per year, as 'MMDD' separated by spaces. */",
              "export const HALF_DAYS: Record<number, string> = {"]
    lines += [f"  {y}: '{_days(cal.half_days(y))}'," for y in range(FIRST_YEAR, LAST_YEAR + 1)]
    lines += ["};", ""]
    return "\n".join(lines)


def main(argv: list[str]) -> int:
    text = render()
    if "--check" in argv:
        current = TARGET.read_text() if TARGET.exists() else ""
        if current != text:
            print("web/src/domain/marketCalendarData.ts is out of date with domain/market_calendar.py; "
                  "run `npm run gen:calendar` in web/.", file=sys.stderr)
            return 1
        print("web/src/domain/marketCalendarData.ts matches domain/market_calendar.py.")
        return 0
    TARGET.write_text(text)
    print(f"Wrote {TARGET}")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
