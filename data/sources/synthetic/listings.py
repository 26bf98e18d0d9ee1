"""Listed expirations and strikes, following the exchanges' listing habits.

Expirations on a trading day ``d`` (an expiration that falls on a holiday moves to the trading day
before, as the exchanges do):

* dailies (SPX, SPY, QQQ, IWM): every trading day of the next two weeks, ``d`` itself included (0DTE);
* weeklies: Fridays of the next six weeks (the volatility index: Wednesdays);
* monthlies: third Fridays of the next three months, then of the quarterly months up to nine months
  out (the volatility index: the Wednesday 30 days before the next month's third Friday);
* quarterlies (indices and the large ETFs): the last trading day of each quarter for a year;
* LEAPS: January third Fridays of the next two years.

Strikes: centred on the previous close, on multiples of the ticker's strike step near the money
(within about one standard deviation of the move to expiry) and of a wider step further out, out to
about 3.5 standard deviations below and 2.5 above (puts reach further, as listed skew demands), and
never less than 4 % below / 3 % above (cash indices: 10.5 % / 7.5 % in log terms, so the 0DTE chain of
SPX lists its far wings). The grid is capped per expiration so far-dated series stay coarse, as real
LEAPS are.
"""

from __future__ import annotations

import math
from datetime import date, timedelta
from functools import lru_cache

import numpy as np

from domain import market_calendar as cal
from data.universe import TickerSpec


def _on_or_before_trading(d: date) -> date:
    while not cal.is_trading_day(d):
        d -= timedelta(days=1)
    return d


def _add_months(year: int, month: int, n: int) -> tuple[int, int]:
    m = month - 1 + n
    return year + m // 12, m % 12 + 1


def vix_monthly(year: int, month: int) -> date:
    """Volatility-index monthly expiration for options on the month after (year, month)."""
    y, m = _add_months(year, month, 1)
    return _on_or_before_trading(cal.third_friday(y, m) - timedelta(days=30))


def expirations(spec: TickerSpec, day: date) -> list[date]:
    """Expirations listed on trading day ``day``, sorted, each a trading day >= ``day``."""
    return list(_expirations(spec, day))


@lru_cache(maxsize=8192)
def _expirations(spec: TickerSpec, day: date) -> tuple[date, ...]:
    return tuple(_compute_expirations(spec, day))


def _compute_expirations(spec: TickerSpec, day: date) -> list[date]:
    out: set[date] = set()
    if spec.dailies:
        d = day
        for _ in range(10):
            out.add(d)
            d = cal.next_trading_day(d)
    if spec.kind == "vol_index":
        wed = day + timedelta(days=(2 - day.weekday()) % 7)
        for i in range(6):
            out.add(_on_or_before_trading(wed + timedelta(weeks=i)))
        for i in range(0, 7):
            y, m = _add_months(day.year, day.month, i - 1)
            out.add(vix_monthly(y, m))
        return sorted(e for e in out if e >= day)
    if spec.weeklies:
        fri = day + timedelta(days=(4 - day.weekday()) % 7)
        for i in range(6):
            out.add(_on_or_before_trading(fri + timedelta(weeks=i)))
    for i in range(0, 4):
        y, m = _add_months(day.year, day.month, i)
        out.add(_on_or_before_trading(cal.third_friday(y, m)))
    for i in range(4, 10):
        y, m = _add_months(day.year, day.month, i)
        if m in (3, 6, 9, 12):
            out.add(_on_or_before_trading(cal.third_friday(y, m)))
    if spec.quarterlies:
        for i in range(0, 13):
            y, m = _add_months(day.year, day.month, i)
            if m in (3, 6, 9, 12):
                last = date(y + (m == 12), m % 12 + 1, 1) - timedelta(days=1)
                out.add(_on_or_before_trading(last))
    if spec.leaps:
        for y in (day.year + 1, day.year + 2):
            out.add(_on_or_before_trading(cal.third_friday(y, 1)))
    return sorted(e for e in out if e >= day)


# Smallest log-distance of the lowest and highest listed strike from the reference level, cash indices.
INDEX_WINGS = (0.105, 0.075)


def _coarse_multiple(step: float, kind: str) -> float:
    if kind == "index":
        return 5.0
    if step <= 1.0:
        return 5.0
    return 2.0


def strikes_for(spec: TickerSpec, ref: float, vol: float, t_years: float) -> np.ndarray:
    """Strikes of one expiration around the reference level ``ref``."""
    if spec.kind == "vol_index":  # one-point strikes across the usual range, wider steps above
        fine = np.arange(max(np.floor(0.6 * ref), 5.0), np.ceil(2.0 * ref) + 1.0)
        wide = np.arange(np.ceil(2.0 * ref / 5.0) * 5.0, 4.0 * ref + 5.0, 5.0)
        return np.unique(np.concatenate((fine, wide))).astype(np.float64)
    step = spec.strike_step(ref)
    coarse = step * _coarse_multiple(step, spec.kind)
    sd = vol * math.sqrt(max(t_years, 1.0 / 365.0))
    # Cash indices list far wings even on the shortest expirations (0DTE puts about 10 % and calls about
    # 7.5 % out of the money); other underlyings at least 4 % / 3 %.
    floor_lo, floor_hi = INDEX_WINGS if spec.kind == "index" else (0.04, 0.03)
    lo = ref * math.exp(-min(max(3.5 * sd, floor_lo), 0.85))
    hi = ref * math.exp(min(max(2.5 * sd, floor_hi), 0.9))
    # The index ETFs keep their fine strikes over a wider band (a day's move either way).
    band_lo, band_hi = (0.04, 0.035) if spec.symbol in ("SPY", "QQQ", "IWM") else (0.02, 0.015)
    near_lo = ref * math.exp(-max(1.0 * sd, band_lo))
    near_hi = ref * math.exp(max(0.8 * sd, band_hi))
    cap = 260 if spec.kind == "index" else (90 if spec.kind == "etf" or spec.weeklies else 50)
    # Widen both steps until the grid fits the cap (counted first, built once).
    for _ in range(12):
        n_near = math.floor(near_hi / step) - math.ceil(near_lo / step) + 1
        n_far = math.floor(hi / coarse) - math.ceil(lo / coarse) + 1
        n_shared = max(math.floor(near_hi / coarse) - math.ceil(near_lo / coarse) + 1, 0)
        if n_near + n_far - n_shared <= cap:
            break
        step, coarse = step * 2.0, coarse * 2.0
    near = np.arange(math.ceil(near_lo / step), math.floor(near_hi / step) + 1) * step
    far_lo = np.arange(math.ceil(lo / coarse), math.ceil(near_lo / coarse)) * coarse
    far_hi = np.arange(math.floor(near_hi / coarse) + 1, math.floor(hi / coarse) + 1) * coarse
    strikes = np.round(np.concatenate((far_lo[far_lo < near_lo], near, far_hi[far_hi > near_hi])), 6)
    return strikes[strikes > 0]
