"""The golden cases of the expirations grammar and the tier refresh schedule, shared with the web.

``tests/fixtures/golden/expirations.json`` and ``tests/fixtures/golden/refresh_schedule.json`` are read here
against ``domain/expirations.py`` and ``domain/refresh_schedule.py``, and by ``web/src/domain/golden.test.ts``
(Vitest) against the browser's twins (``expirations.ts``, ``refreshSchedule.ts``), so the two languages cannot
drift apart. The browser's exchange calendar is generated from ``domain/market_calendar.py``; the last test
fails when the checked-in module no longer matches it.
"""

from __future__ import annotations

import importlib.util
import json
from datetime import date, datetime, timedelta
from pathlib import Path

import pytest

from domain import refresh_schedule
from domain.expirations import ExpirationError, resolve
from domain import market_calendar as cal

ROOT = Path(__file__).resolve().parents[2]
GOLDEN = ROOT / "tests" / "fixtures" / "golden"
EXPIRATIONS = json.loads((GOLDEN / "expirations.json").read_text())
SCHEDULE = json.loads((GOLDEN / "refresh_schedule.json").read_text())


def _ladder(lo: date) -> list[date]:
    """Every trading day from the session date on: the expirations a live snapshot lists."""
    hi = date.fromisoformat(EXPIRATIONS["ladder"]["to"])
    return [lo + timedelta(days=i) for i in range((hi - lo).days + 1) if cal.is_trading_day(lo + timedelta(days=i))]


def _utc(text: str) -> datetime:
    return datetime.fromisoformat(text.replace("Z", "+00:00"))


@pytest.mark.parametrize("case", EXPIRATIONS["cases"], ids=lambda c: c["name"])
def test_expirations_golden(case):
    now = datetime.fromisoformat(case["now"]).replace(tzinfo=cal.NY)
    available = [date.fromisoformat(d) for d in case["available"]] if "available" in case else _ladder(now.date())

    def run():
        return resolve(case["option"], available, now.date(), now, start=case.get("from"), end=case.get("to"),
                       dates=case.get("dates"), historical=case.get("historical", False))

    if "error" in case:
        with pytest.raises(ExpirationError) as err:
            run()
        assert err.value.message == case["error"]
    else:
        assert [d.isoformat() for d in run()] == case["expected"]


@pytest.mark.parametrize("case", SCHEDULE["cases"], ids=lambda c: c["name"])
def test_refresh_schedule_golden(case):
    got = refresh_schedule.next_refresh(case["tier"], _utc(case["now"]), case["offsetSeconds"])
    assert got == _utc(case["next"])


def test_both_calendar_tables_match_the_installed_exchange_calendar():
    spec = importlib.util.spec_from_file_location("gen_market_calendar", ROOT / "web" / "scripts" / "gen_market_calendar.py")
    gen = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(gen)
    data = gen.read_exchange()
    assert gen.TARGET.read_text() == gen.render(data), "run `npm run gen:calendar` in web/"
    assert gen.PY_TARGET.read_text() == gen.render_python(data), "run `npm run gen:calendar` in web/"
