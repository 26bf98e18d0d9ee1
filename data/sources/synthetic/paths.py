"""Price and volatility paths of the synthetic market.

Daily level (precomputed once per market, a few milliseconds):

* a market factor with stochastic volatility: the log of the market's instantaneous volatility is an
  AR(1) process whose shocks are correlated (rho = -0.7) with the market's return shocks, so down days
  lift volatility (the leverage effect); rare negative jumps hit the return and lift volatility further;
* sector factors, and per-ticker idiosyncratic returns scaled up when market volatility is high; a
  single stock also moves by a normal draw with standard deviation ``spec.earnings_move`` at the open
  after each of its earnings reports (``data.universe.earnings_dates``), carried by the overnight gap;
* ticker log-return = beta * market + sector + idiosyncratic; closes chained from these returns and
  scaled so each ticker passes through its reference level on ``ANCHOR_DATE``.

Intraday level (generated on demand for one day, random access): each component's path over the
session's minutes is an overnight gap followed by a Brownian bridge (with the day's jump, if any, at a
random minute) that ends exactly on the day's return, so intraday paths always agree with the daily
closes and any day can be produced without simulating the days before it. The market's volatility
state moves inside the day with the market's surprise (again negatively correlated).
"""

from __future__ import annotations

import zlib
from dataclasses import dataclass
from datetime import date
from functools import lru_cache

import numpy as np

from domain import market_calendar as cal
from data.universe import ANCHOR_DATE, TickerSpec, earnings_dates

FIRST_DAY = date(2016, 1, 4)
LAST_DAY = date(2032, 12, 31)
TRADING_DAYS_PER_YEAR = 252.0

# Market volatility process (log-vol AR(1), daily steps).
MKT_VOL_MEAN = 0.125
MKT_VOL_KAPPA = 0.06
MKT_VOL_ETA = 0.085
SPOT_VOL_RHO = -0.72
MKT_DRIFT = 0.07
JUMP_PROB = 0.008
SECTOR_VOL = 0.06
GAP_SHARE = 0.12  # share of a day's variance realised overnight
# Broad indices and the volatility index are the market itself: no sector factor.
SECTORLESS = frozenset({"Index", "Volatility"})


def sector_vol(spec: TickerSpec) -> float:
    return 0.0 if spec.sector in SECTORLESS else SECTOR_VOL


def tag(*parts: object) -> int:
    """A stable 32-bit integer for a tuple of labels (never Python's salted ``hash``)."""
    return zlib.crc32("|".join(str(p) for p in parts).encode()) & 0xFFFFFFFF


def rng(seed: int, *parts: object) -> np.random.Generator:
    return np.random.default_rng([int(seed) & 0xFFFFFFFF, tag(*parts)])


def idio_vol(spec: TickerSpec) -> float:
    """Idiosyncratic annual volatility so that the total matches the spec at average market vol."""
    resid = spec.vol**2 - (spec.beta * MKT_VOL_MEAN) ** 2 - sector_vol(spec) ** 2
    return float(np.sqrt(max(resid, (0.25 * spec.vol) ** 2)))


@dataclass
class DayPath:
    """One ticker's intraday path on one trading day, sampled every minute of the session."""

    day: date
    open_utc: np.datetime64  # session open, datetime64[us] (UTC)
    minutes: int  # session length in minutes
    log_spot: np.ndarray  # shape (minutes + 1,)
    mkt_log_vol: np.ndarray  # shape (minutes + 1,), log of the market factor's volatility

    def interp(self, t_us: np.ndarray, values: np.ndarray) -> np.ndarray:
        """Linear interpolation of a minute series at times given in microseconds since open."""
        pos = np.clip(np.asarray(t_us, dtype=np.float64) / 60e6, 0.0, float(self.minutes))
        return np.interp(pos, np.arange(self.minutes + 1, dtype=np.float64), values)


class DailyPaths:
    """Daily closes and the market volatility state for every ticker, precomputed once."""

    def __init__(self, seed: int, specs: list[TickerSpec]):
        self.seed = int(seed)
        self.days: list[date] = cal.trading_days(FIRST_DAY, LAST_DAY)
        self.index = {d: i for i, d in enumerate(self.days)}
        n = len(self.days)
        g = rng(seed, "market")
        z, w = g.standard_normal(n), g.standard_normal(n)
        jump = g.random(n) < JUMP_PROB
        jump_size = np.where(jump, g.normal(-0.028, 0.015, n), 0.0)
        self.jump_minute_u = g.random(n)  # where in the session a jump day's jump lands
        self.gap_z = g.standard_normal(n)
        mu = np.log(MKT_VOL_MEAN)
        x_start = np.empty(n)
        x_end = np.empty(n)
        ret = np.empty(n)
        x = mu
        sq = np.sqrt(1 - SPOT_VOL_RHO**2)
        for i in range(n):
            sig = np.exp(x)
            x_start[i] = x
            ret[i] = sig / np.sqrt(TRADING_DAYS_PER_YEAR) * z[i] + (MKT_DRIFT - 0.5 * sig * sig) / TRADING_DAYS_PER_YEAR \
                + jump_size[i]
            x = x + MKT_VOL_KAPPA * (mu - x) + MKT_VOL_ETA * (SPOT_VOL_RHO * z[i] + sq * w[i]) + (0.30 if jump[i] else 0.0)
            x_end[i] = x
        self.mkt_ret = ret
        self.mkt_jump = jump_size
        self.mkt_x_start = x_start
        self.mkt_x_end = x_end
        self.sectors = sorted({s.sector for s in specs})
        self.sector_ret = {
            sec: rng(seed, "sector", sec).standard_normal(n) * SECTOR_VOL / np.sqrt(TRADING_DAYS_PER_YEAR)
            for sec in self.sectors
        }
        anchor = self.last_index_on_or_before(ANCHOR_DATE)
        vol_scale = np.sqrt(np.exp(x_start) / MKT_VOL_MEAN)
        self.idio_ret: dict[str, np.ndarray] = {}
        self.earnings_jump: dict[str, np.ndarray] = {}
        self.log_close: dict[str, np.ndarray] = {}
        by_symbol = {sp.symbol: sp for sp in specs}
        self._specs = by_symbol
        for spec in specs:
            if spec.kind == "vol_index" or spec.tracks:
                continue
            gi = rng(seed, "idio", spec.symbol)
            sd = idio_vol(spec) / np.sqrt(TRADING_DAYS_PER_YEAR)
            e = gi.standard_normal(n) * sd * vol_scale
            if spec.reports_earnings:  # the earnings reports: one move at the open after each report
                gi.random(n)
                move = spec.earnings_move
                jump = np.where(self._after_earnings(spec.symbol), gi.normal(0.0, move, n) - 0.5 * move**2, 0.0)
                self.earnings_jump[spec.symbol] = jump
                e = e + jump
            e = e - 0.5 * (sd * vol_scale) ** 2
            self.idio_ret[spec.symbol] = e
            r = spec.beta * ret + e
            if spec.sector not in SECTORLESS:
                r = r + self.sector_ret[spec.sector]
            lc = np.cumsum(r)
            self.log_close[spec.symbol] = lc - lc[anchor] + np.log(spec.price)
        # Index ETFs: the index's path times a fixed ratio (a trader checks SPY against SPX).
        for spec in specs:
            if spec.tracks:
                index = by_symbol[spec.tracks]
                shift = np.log(spec.price / index.price)
                self.log_close[spec.symbol] = self.log_close[index.symbol] + shift
                self.idio_ret[spec.symbol] = self.idio_ret[index.symbol]

    def _after_earnings(self, symbol: str) -> np.ndarray:
        """True on the first trading day after each earnings report of ``symbol``."""
        out = np.zeros(len(self.days), dtype=bool)
        for e in earnings_dates(symbol, self.days[0], self.days[-1]):
            i = self.index.get(e)
            if i is not None and i + 1 < out.size:
                out[i + 1] = True
        return out

    # ------------------------------------------------------------ lookups

    def day_index(self, d: date) -> int:
        try:
            return self.index[d]
        except KeyError:
            raise ValueError(f"{d} is not a trading day between {FIRST_DAY} and {LAST_DAY}") from None

    def last_index_on_or_before(self, d: date) -> int:
        if d < self.days[0] or d > LAST_DAY:
            raise ValueError(f"{d} is outside the synthetic market's range {FIRST_DAY}..{LAST_DAY}")
        while d not in self.index:
            d = cal.previous_trading_day(d)
        return self.index[d]

    def close(self, symbol: str, d: date) -> float:
        return float(np.exp(self.log_close[symbol][self.day_index(d)]))

    def prev_close(self, symbol: str, d: date) -> float:
        i = self.day_index(d)
        if i == 0:
            return float(np.exp(self.log_close[symbol][0] - self.idio_ret[symbol][0]))
        return float(np.exp(self.log_close[symbol][i - 1]))

    # ------------------------------------------------------------ intraday

    @lru_cache(maxsize=64)
    def _market_intraday(self, d: date) -> tuple[np.ndarray, np.ndarray, int]:
        """(log market path from the previous close, log market vol state, minutes)."""
        i = self.day_index(d)
        open_, close = cal.session(d)
        minutes = int(round((close - open_).total_seconds() / 60))
        g = rng(self.seed, "market-intraday", d.isoformat())
        sd = np.exp(self.mkt_x_start[i]) / np.sqrt(TRADING_DAYS_PER_YEAR)
        gap = self.gap_z[i] * sd * np.sqrt(GAP_SHARE)
        jump = self.mkt_jump[i]
        jump_at = int(self.jump_minute_u[i] * minutes)
        path, surprise = _bridge(g, minutes, gap, self.mkt_ret[i], sd * np.sqrt(1 - GAP_SHARE), jump, jump_at)
        u = np.linspace(0.0, 1.0, minutes + 1)
        x0, x1 = self.mkt_x_start[i], self.mkt_x_end[i]
        # Intraday vol state: drifts from the start-of-day to the end-of-day state, and reacts to the
        # market's surprise with the spot-vol correlation (one daily standard deviation of surprise moves
        # log-vol by rho * eta, as a daily shock would).
        x = x0 + u * (x1 - x0) + SPOT_VOL_RHO * MKT_VOL_ETA * surprise / sd
        return path, x, minutes

    @lru_cache(maxsize=256)
    def _sector_intraday(self, sector: str, d: date) -> np.ndarray:
        i = self.day_index(d)
        _, _, minutes = self._market_intraday(d)
        g = rng(self.seed, "sector-intraday", sector, d.isoformat())
        sd = SECTOR_VOL / np.sqrt(TRADING_DAYS_PER_YEAR)
        gap = g.standard_normal() * sd * np.sqrt(GAP_SHARE)
        path, _ = _bridge(g, minutes, gap, self.sector_ret[sector][i], sd, 0.0, 0)
        return path

    def day_path(self, spec: TickerSpec, d: date) -> DayPath:
        i = self.day_index(d)
        mkt, x, minutes = self._market_intraday(d)
        open_, _ = cal.session(d)
        open_us = np.datetime64(open_.replace(tzinfo=None), "us")
        if spec.kind == "vol_index":
            raise ValueError("the volatility index has no factor path")
        if spec.tracks:
            base = self.day_path(self._specs[spec.tracks], d)
            shift = self.log_close[spec.symbol][i] - self.log_close[spec.tracks][i]
            return DayPath(d, base.open_utc, base.minutes, base.log_spot + shift, base.mkt_log_vol)
        g = rng(self.seed, "idio-intraday", spec.symbol, d.isoformat())
        e = self.idio_ret[spec.symbol][i]
        jump = float(self.earnings_jump[spec.symbol][i]) if spec.symbol in self.earnings_jump else 0.0
        sd = max(abs(e - jump), idio_vol(spec) / np.sqrt(TRADING_DAYS_PER_YEAR))
        gap = jump + g.standard_normal() * sd * np.sqrt(GAP_SHARE)
        idio, _ = _bridge(g, minutes, gap, e, sd, 0.0, 0)
        prev = self.log_close[spec.symbol][i - 1] if i > 0 else self.log_close[spec.symbol][0] - e
        log_spot = prev + spec.beta * mkt + idio
        if spec.sector not in SECTORLESS:
            log_spot = log_spot + self._sector_intraday(spec.sector, d)
        return DayPath(d, open_us, minutes, log_spot, x)

    def market_vol_path(self, d: date) -> tuple[np.datetime64, int, np.ndarray]:
        _, x, minutes = self._market_intraday(d)
        open_, _ = cal.session(d)
        return np.datetime64(open_.replace(tzinfo=None), "us"), minutes, x


def _bridge(g: np.random.Generator, minutes: int, gap: float, total: float, sd: float, jump: float,
            jump_at: int) -> tuple[np.ndarray, np.ndarray]:
    """A path over minutes 0..minutes that starts at ``gap`` and ends at ``total``.

    Brownian increments with daily standard deviation ``sd`` plus an optional jump at minute
    ``jump_at``, pinned to the end value. Returns (path, surprise = path minus the straight line).
    """
    inc = g.standard_normal(minutes) * (sd / np.sqrt(minutes))
    walk = np.concatenate(([0.0], np.cumsum(inc)))
    if jump != 0.0:
        walk[max(jump_at, 1):] += jump
    u = np.linspace(0.0, 1.0, minutes + 1)
    line = gap + u * (total - gap)
    surprise = walk - u * walk[-1]
    return line + surprise, surprise
