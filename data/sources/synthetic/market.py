"""The synthetic market: the product's embedded default source of chains, trades and bars.

Everything is a pure function of ``(seed, ticker, time)``: a day's paths, listings, open interest and
trade prints are derived from generators seeded with ``(seed, labels)``, so any instant of any trading
day between ``FIRST_DAY`` and ``LAST_DAY`` is produced on demand without simulating the days before it
(the daily closes they chain from are precomputed once per market in a few milliseconds).

Per (ticker, trading day) the market builds a *day book*, cached in the process:

* the listed contracts (``listings.py``), sorted by expiration, right and strike;
* the open interest at the start of the day: concentrated near the money of the last three weeks'
  prices (where positions were opened), on round strikes and on the front and monthly expirations,
  with the ticker's put/call lean added in out-of-the-money tails of the longer series, plus the
  overnight roll of the previous session's volume (``OPENING_SHARE`` of it opened positions); expired
  series drop off;
* every trade print of the day (priced on first use): orders arrive on a U-shaped intraday profile, pick contracts near the
  money and short-dated (0DTE carries a large share on the daily tickers), carry a true customer side
  drawn from the day's customer regime (e.g. customers buying calls and puts), heavy-tailed sizes scaled
  to the ticker's typical volume (0DTE sizes shrink as the close nears), and
  are single orders, two-leg verticals or three-leg butterflies; fills land at, inside or outside the
  quote of that moment.

A chain at ``ts`` prices every listed contract from the IV surface at ``ts`` and reports the day's
cumulative volume and last price from the prints up to ``ts``, so chain volumes and trades agree.
"""

from __future__ import annotations

from collections import OrderedDict
from dataclasses import dataclass
from datetime import date, datetime, timedelta, timezone
from functools import lru_cache

import numpy as np
import pyarrow as pa

import engine
from domain import market_calendar as cal
from data.sources.schemas import BAR_SCHEMA, CHAIN_SCHEMA, TRADE_SCHEMA
from data.sources.synthetic import listings as lst
from data.sources.synthetic.paths import FIRST_DAY, LAST_DAY, MKT_VOL_MEAN, DailyPaths, rng, tag
from data.sources.synthetic.surface import SurfaceParams, implied_vol, make_quotes, params_for, short_vol
from data.universe import TickerSpec, earnings_dates, rate_for, universe

UTC = timezone.utc
US_PER_YEAR = cal.SECONDS_PER_YEAR * 1e6
EPOCH = date(1970, 1, 1)

# Customer regimes of a ticker-day: probability that a customer order in calls / puts is a buy.
# Customers buying both wings, and customers overwriting calls while buying puts, are the common
# states; chasing calls while selling puts, and selling premium, mix in. On average customers buy
# 48.65 % of call orders and 51.55 % of put orders, so the dealer book drifts only slowly.
REGIMES = ((0.55, 0.55), (0.42, 0.55), (0.58, 0.45), (0.40, 0.42))
REGIME_P = (0.35, 0.35, 0.15, 0.15)
ORDERS_PER_LIQUIDITY = 120.0
# Expected contracts per order per unit of the size multiplier (legs included), so that a day at the
# average market volatility trades about ``spec.volume`` contracts.
CONTRACTS_PER_ORDER_UNIT = 5.46
# Same-day flow has a day of its own: the probability that a customer order on today's expiration is a
# buy, for strikes below spot and above spot at the order's time, drawn per session. Buying both sides
# (dealers short both: BofA) is the most common day, then buying below and selling above (dealers short
# below, long above: GEX), the reverse (AG), and selling both (Sidial): the order and rough shares of the
# published 0DTE paradigm mix (methodology §4.5, §6.7).
ZERO_DTE_LEAN = 0.85
ZERO_DTE_REGIMES = ((ZERO_DTE_LEAN, ZERO_DTE_LEAN), (ZERO_DTE_LEAN, 1 - ZERO_DTE_LEAN),
                    (1 - ZERO_DTE_LEAN, ZERO_DTE_LEAN), (1 - ZERO_DTE_LEAN, 1 - ZERO_DTE_LEAN))
ZERO_DTE_REGIME_P = (0.58, 0.30, 0.09, 0.03)
SIZE_TAIL = 1.25  # Pareto tail exponent of order sizes
# Same-day orders are many small ones: a lighter tail from a higher floor (mean 3.3, about what the cap
# below leaves of the other orders' mean of 5 at a full session).
ZERO_DTE_SIZE_TAIL, ZERO_DTE_SIZE_FLOOR = 2.5, 2.0
# Tickers with daily expirations print this many times more orders, each as much smaller: their flow is
# many small orders (retail and same-day), so it nets out by the law of large numbers, not by one block.
DAILY_ORDERS_FACTOR = 6.0
ZERO_DTE_SIZE_CAP = 2000.0  # contracts, largest 0DTE order with a full session left
ZERO_DTE_WEIGHT = 55.0  # contract-popularity factor of today's expiration on the daily tickers
OPENING_SHARE = 0.45  # share of a day's volume that opens new positions (added to next morning's OI)
# Open interest at the start of a day (contracts, before the overnight roll): OI_AT_REF at a typical
# daily volume of VOLUME_REF, growing as volume**OI_VOLUME_POWER (busy names turn their open interest
# over faster); cash indices and the volatility index carry INDEX_OI_FACTOR times more (longer-dated
# hedges).
OI_AT_REF = 1.0e6
VOLUME_REF = 9.0e4
OI_VOLUME_POWER = 0.65
INDEX_OI_FACTOR = 2.0
# VIX futures: mean-reverting expectation of VIX, F(T) = VIX_FUT_LEVEL + (VIX - VIX_FUT_LEVEL) * exp(-kappa T)
VIX_FUT_LEVEL = 20.5
# Where the put/call lean of open interest sits, in the open-interest profile's moneyness units.
# Centre and width in units of the ticker's long-run volatility, in log-moneyness ln(K / ref).
OI_TAIL_PUT, OI_TAIL_CALL, OI_TAIL_WIDTH = -2.0, 0.7, 0.5
OI_TAIL_TENOR = 1.0  # years: the tail's weight grows as (t / (t + OI_TAIL_TENOR))**2
VIX_FUT_KAPPA = 4.0


@dataclass
class DayBook:
    spec: TickerSpec
    day: date
    open_utc: datetime
    close_utc: datetime
    session_us: int
    rate: float
    div_yield: float
    expiration: np.ndarray  # int32 days since epoch
    expiry_us: np.ndarray  # int64 microseconds since open of this day, of each contract's expiry instant
    strike: np.ndarray
    is_call: np.ndarray
    quote_noise: np.ndarray
    iv_noise: np.ndarray  # each strike's small departure from the smooth surface (vol, not points)
    event_var: np.ndarray  # variance of the earnings moves between this day and each contract's expiry
    open_interest: np.ndarray
    # Every print of the day, sorted by time. Sides, sizes and fill positions are drawn when the book is
    # built; prices, quotes and the underlying at each print are computed on first use (a chain needs
    # only each contract's last print, a window only its own prints) and kept.
    trade_t_us: np.ndarray  # microseconds since open
    trade_contract: np.ndarray
    trade_size: np.ndarray
    trade_side: np.ndarray  # true customer side, +1 / -1
    trade_cond: np.ndarray  # 0 single, 1 spread, 2 complex
    trade_package: np.ndarray  # package id, -1 for single orders
    trade_y: np.ndarray  # fill position in half-spreads from the mid, from the customer's side
    trade_price: np.ndarray  # NaN until priced
    trade_bid: np.ndarray
    trade_ask: np.ndarray
    trade_spot: np.ndarray


def _mix64(x: np.ndarray) -> np.ndarray:
    """SplitMix64 finaliser: a stable hash of uint64 values (vectorized)."""
    x = x.astype(np.uint64, copy=True)
    with np.errstate(over="ignore"):
        x ^= x >> np.uint64(30)
        x *= np.uint64(0xBF58476D1CE4E5B9)
        x ^= x >> np.uint64(27)
        x *= np.uint64(0x94D049BB133111EB)
        x ^= x >> np.uint64(31)
    return x


def _contract_normals(seed: int, symbol: str, exp_days: np.ndarray, strike: np.ndarray, is_call: np.ndarray,
                      salt: str) -> np.ndarray:
    """A standard normal per contract that depends only on the contract, not on the day."""
    key = (exp_days.astype(np.uint64) << np.uint64(24)) ^ np.round(strike * 100).astype(np.uint64) \
        ^ (is_call.astype(np.uint64) << np.uint64(62)) ^ np.uint64(tag(seed, symbol, salt))
    h1 = _mix64(key)
    h2 = _mix64(h1 ^ np.uint64(0x9E3779B97F4A7C15))
    u1 = (h1 >> np.uint64(11)).astype(np.float64) / float(1 << 53)
    u2 = (h2 >> np.uint64(11)).astype(np.float64) / float(1 << 53)
    return np.sqrt(-2.0 * np.log1p(-u1)) * np.cos(2 * np.pi * u2)


@lru_cache(maxsize=8192)
def _expiry_instant(e: date) -> datetime:
    return cal.expiry_instant(e)


_RIGHTS = pa.array(["P", "C"], pa.string())
_CONDITIONS = pa.array(["single", "spread", "complex"], pa.string())


def _repeat_str(value: str, n: int) -> pa.Array:
    return pa.array([value], pa.string()).take(pa.array(np.zeros(n, dtype=np.int32)))


def _rights(is_call: np.ndarray) -> pa.Array:
    return _RIGHTS.take(pa.array(is_call.astype(np.int8)))


def _u_shape_inverse() -> tuple[np.ndarray, np.ndarray]:
    u = np.linspace(0.0, 1.0, 2001)
    dens = 1.0 + 1.8 * np.exp(-u / 0.06) + 1.2 * np.exp(-(1.0 - u) / 0.08)
    cdf = np.concatenate(([0.0], np.cumsum(0.5 * (dens[1:] + dens[:-1]) * np.diff(u))))
    return cdf / cdf[-1], u


_CDF, _GRID = _u_shape_inverse()


def order_scale(spec: TickerSpec) -> tuple[float, float]:
    """(orders per full session at the average market volatility, size multiplier).

    ORDERS_PER_LIQUIDITY orders per unit of activity weight (DAILY_ORDERS_FACTOR times more on tickers
    with daily expirations); one synthetic order stands for the flow of many real ones, so sizes scale
    until a day at the average market volatility trades about ``spec.volume`` contracts.
    """
    orders = ORDERS_PER_LIQUIDITY * max(spec.liquidity, 0.6) * (DAILY_ORDERS_FACTOR if spec.dailies else 1.0)
    return orders, max(1.0, spec.volume / (orders * CONTRACTS_PER_ORDER_UNIT))


def open_interest_total(spec: TickerSpec) -> float:
    """Open interest of the start-of-day profile, contracts (the overnight roll comes on top)."""
    total = OI_AT_REF * (max(spec.volume, 1.0) / VOLUME_REF) ** OI_VOLUME_POWER
    return total * (INDEX_OI_FACTOR if spec.kind in ("index", "vol_index") else 1.0)


def vix_future_level(vix: np.ndarray | float, t_years: np.ndarray | float) -> np.ndarray:
    """VIX futures price ``t_years`` before expiry when VIX is at ``vix``."""
    w = np.exp(-VIX_FUT_KAPPA * np.maximum(np.asarray(t_years, dtype=np.float64), 0.0))
    return VIX_FUT_LEVEL + (np.asarray(vix, dtype=np.float64) - VIX_FUT_LEVEL) * w


class SyntheticMarket:
    """A deterministic synthetic US options market.

    ``SyntheticMarket(seed=7, tickers=None)``: ``tickers`` restricts the exposed universe; the paths of
    a ticker do not depend on which others are selected.
    """

    def __init__(self, seed: int = 7, tickers: list[str] | None = None, *, cache_days: int = 600):
        self.seed = int(seed)
        all_specs = universe()
        by_symbol = {s.symbol: s for s in all_specs}
        if tickers is None:
            self.universe: list[TickerSpec] = all_specs
        else:
            unknown = [t for t in tickers if t.upper() not in by_symbol]
            if unknown:
                raise KeyError(f"unknown ticker(s): {', '.join(unknown)}")
            self.universe = [by_symbol[t.upper()] for t in tickers]
        self._specs = {s.symbol: s for s in self.universe}
        self._every_spec = by_symbol
        self._paths = DailyPaths(self.seed, all_specs)
        self._params: dict[str, SurfaceParams] = {s.symbol: params_for(s) for s in all_specs}
        self._vix_table = self._build_vix_table()
        self._books: OrderedDict[tuple[str, date], DayBook] = OrderedDict()
        self._day_paths: OrderedDict[tuple[str, date], object] = OrderedDict()
        self._cache_days = cache_days

    # ------------------------------------------------------------ universe

    @property
    def tickers(self) -> list[str]:
        return [s.symbol for s in self.universe]

    def spec(self, ticker: str) -> TickerSpec:
        try:
            return self._specs[ticker.upper()]
        except KeyError:
            raise KeyError(f"unknown ticker: {ticker}") from None

    def rate(self, ticker: str, at: date | datetime | None = None) -> float:
        """Risk-free rate (continuous, decimal) used to price ``ticker`` on a day."""
        self.spec(ticker)
        d = cal._as_date(at) if at is not None else date.today()
        return rate_for(d)

    def div_yield(self, ticker: str) -> float:
        return self.spec(ticker).div_yield

    # ------------------------------------------------------------ time

    def _locate(self, ts: datetime) -> tuple[date, int]:
        """(trading day, microseconds since its open) of the last session instant at or before ``ts``."""
        if ts.tzinfo is None:
            raise ValueError("timestamps must be tz-aware")
        d = cal.ny_date(ts)
        if d < FIRST_DAY or d > LAST_DAY:
            raise ValueError(f"{ts.isoformat()} is outside the synthetic market's range {FIRST_DAY}..{LAST_DAY}")
        s = cal.session(d)
        if s is not None and ts >= s[0]:
            off = min(ts, s[1]) - s[0]
            return d, off // timedelta(microseconds=1)
        prev = cal.previous_trading_day(d)
        o, c = cal.session(prev)
        return prev, (c - o) // timedelta(microseconds=1)

    def session_instant(self, ts: datetime) -> datetime:
        """The session instant a request at ``ts`` is answered for (``ts`` itself inside a session)."""
        d, off = self._locate(ts)
        return cal.session(d)[0] + timedelta(microseconds=int(off))

    # ------------------------------------------------------------ spot and vol

    def _day_path(self, symbol: str, d: date):
        key = (symbol, d)
        p = self._day_paths.get(key)
        if p is None:
            p = self._paths.day_path(self._all_spec(symbol), d)
            self._day_paths[key] = p
            if len(self._day_paths) > self._cache_days:
                self._day_paths.popitem(last=False)
        return p

    def _all_spec(self, symbol: str) -> TickerSpec:
        try:
            return self._every_spec[symbol]
        except KeyError:
            raise KeyError(f"unknown ticker: {symbol}") from None

    def _mkt_vol(self, d: date, t_us: np.ndarray) -> np.ndarray:
        _, minutes, x = self._paths.market_vol_path(d)
        pos = np.clip(np.asarray(t_us, dtype=np.float64) / 60e6, 0.0, float(minutes))
        return np.exp(np.interp(pos, np.arange(minutes + 1, dtype=np.float64), x))

    def _spot_at(self, symbol: str, d: date, t_us: np.ndarray) -> np.ndarray:
        spec = self._all_spec(symbol)
        if spec.kind == "vol_index":
            return self._vix_from_mkt(self._mkt_vol(d, t_us))
        p = self._day_path(symbol, d)
        return np.exp(p.interp(t_us, p.log_spot))

    def _sig_short(self, symbol: str, d: date, t_us: np.ndarray) -> np.ndarray:
        spec = self._all_spec(symbol)
        mv = self._mkt_vol(d, t_us)
        p = self._params[symbol]
        if spec.kind == "vol_index":
            return short_vol(p, mv, self._vix_from_mkt(mv))
        return short_vol(p, mv)

    def spot(self, ticker: str, ts: datetime) -> float:
        """Underlying price at ``ts`` (the last session instant at or before it)."""
        self.spec(ticker)
        d, off = self._locate(ts)
        return float(self._spot_at(ticker.upper(), d, np.array([off]))[0])

    def daily_close(self, ticker: str, day: date) -> float:
        spec = self.spec(ticker)
        i = self._paths.last_index_on_or_before(day)
        d = self._paths.days[i]
        if spec.kind == "vol_index":
            return self.vix_close(d)
        return float(np.exp(self._paths.log_close[spec.symbol][i]))

    def daily_closes(self, ticker: str, start: date, end: date) -> pa.Table:
        """Closing prices per trading day in [start, end]: columns date (date32), close (f64)."""
        spec = self.spec(ticker)
        days = cal.trading_days(max(start, FIRST_DAY), min(end, LAST_DAY))
        idx = np.array([self._paths.index[d] for d in days], dtype=np.int64)
        if spec.kind == "vol_index":
            close = self._vix_from_mkt(np.exp(self._paths.mkt_x_end[idx])) if idx.size else np.empty(0)
        else:
            close = np.exp(self._paths.log_close[spec.symbol][idx]) if idx.size else np.empty(0)
        return pa.table({"date": pa.array(days, pa.date32()), "close": pa.array(close, pa.float64())})

    # ------------------------------------------------------------ VIX

    def _build_vix_table(self) -> tuple[np.ndarray, np.ndarray]:
        """VIX as a function of SPX's instantaneous ATM vol, from the model-free 30-day variance.

        SSVI is written in log-moneyness, so the 30-day variance swap rate of SPX depends on the
        surface's level and shape but not on the index level: one table per market suffices.
        """
        p = self._params["SPX"]
        sig = np.linspace(0.03, 2.0, 400)
        t = 30.0 / 365.0
        k = np.linspace(-2.5, 1.0, 1401)
        kk, ss = np.meshgrid(k, sig)
        iv = implied_vol(p, ss, np.full_like(kk, t), kk)
        strike = np.exp(kk)
        is_call = kk >= 0.0
        price = engine.greeks(1.0, strike.ravel(), t, 0.0, 0.0, iv.ravel(), is_call.ravel()).price.reshape(kk.shape)
        integrand = price * np.exp(-kk)  # Q(K)/K^2 dK with K = e^k, forward 1, undiscounted
        var = 2.0 / t * np.trapezoid(integrand, k, axis=1)
        return sig, 100.0 * np.sqrt(var)

    def _vix_from_mkt(self, mkt_vol: np.ndarray) -> np.ndarray:
        sig = short_vol(self._params["SPX"], mkt_vol)
        return np.interp(sig, self._vix_table[0], self._vix_table[1])

    def vix(self, ts: datetime) -> float:
        """VIX level at ``ts``: the model-free 30-day implied variance of the SPX surface."""
        d, off = self._locate(ts)
        return float(self._vix_from_mkt(self._mkt_vol(d, np.array([off])))[0])

    def vix_close(self, day: date) -> float:
        i = self._paths.last_index_on_or_before(day)
        return float(self._vix_from_mkt(np.exp(self._paths.mkt_x_end[i:i + 1]))[0])

    def vix_future(self, expiration: date, ts: datetime) -> float:
        """Price at ``ts`` of the VIX future expiring with the VIX options of ``expiration``."""
        d, off = self._locate(ts)
        open_ = cal.session(d)[0]
        t = max(((_expiry_instant(expiration) - open_) // timedelta(microseconds=1) - off) / US_PER_YEAR, 0.0)
        return float(vix_future_level(self.vix(ts), t))

    # ------------------------------------------------------------ listings

    def expirations(self, ticker: str, day: date) -> list[date]:
        return lst.expirations(self.spec(ticker), day)

    def listings(self, ticker: str, day: date) -> dict[date, np.ndarray]:
        """Listed strikes per expiration on trading day ``day`` (same for calls and puts)."""
        book = self._book(self.spec(ticker).symbol, day)
        out: dict[date, np.ndarray] = {}
        calls = book.is_call
        for e in np.unique(book.expiration):
            m = (book.expiration == e) & calls
            out[EPOCH + timedelta(days=int(e))] = book.strike[m].copy()
        return out

    # ------------------------------------------------------------ day book

    def _book(self, symbol: str, d: date) -> DayBook:
        if not cal.is_trading_day(d):
            raise ValueError(f"{d} is not a trading day")
        key = (symbol, d)
        b = self._books.get(key)
        if b is not None:
            self._books.move_to_end(key)
            return b
        b = self._build_book(self._all_spec(symbol), d)
        self._books[key] = b
        if len(self._books) > self._cache_days:
            self._books.popitem(last=False)
        return b

    def _ref_levels(self, spec: TickerSpec, d: date) -> tuple[float, float]:
        """(previous close, mean close of the last 15 sessions) before trading day ``d``."""
        i = self._paths.day_index(d)
        lo = max(i - 15, 0)
        if spec.kind == "vol_index":
            closes = self._vix_from_mkt(np.exp(self._paths.mkt_x_end[lo:max(i, 1)]))
        else:
            closes = np.exp(self._paths.log_close[spec.symbol][lo:max(i, 1)])
        return float(closes[-1]), float(np.mean(closes))

    def _listing_arrays(self, spec: TickerSpec, d: date) -> tuple[np.ndarray, np.ndarray, np.ndarray, np.ndarray]:
        """(expiration days since epoch, expiry in us since the open, strike, is_call), sorted by
        expiration, right (calls first) and strike."""
        p = self._params[spec.symbol]
        open_, _ = cal.session(d)
        prev, _ = self._ref_levels(spec, d)
        sig_open = float(self._sig_short(spec.symbol, d, np.array([0]))[0])
        e_days, e_us, strikes, calls = [], [], [], []
        exps = lst.expirations(spec, d)
        eus = [(_expiry_instant(e) - open_) // timedelta(microseconds=1) for e in exps]
        t0s = np.array(eus, dtype=np.float64) / US_PER_YEAR
        atms = implied_vol(p, sig_open, np.maximum(t0s, 1e-6), np.zeros_like(t0s))
        for e, eu, t0, atm in zip(exps, eus, t0s, atms, strict=True):
            ks = lst.strikes_for(spec, prev, float(atm), float(t0))
            n = ks.size
            ed = (e - EPOCH).days
            for is_call in (True, False):
                e_days.append(np.full(n, ed, dtype=np.int32))
                e_us.append(np.full(n, eu, dtype=np.int64))
                strikes.append(ks)
                calls.append(np.full(n, is_call))
        return (np.concatenate(e_days), np.concatenate(e_us), np.concatenate(strikes).astype(np.float64),
                np.concatenate(calls))

    def _build_book(self, spec: TickerSpec, d: date) -> DayBook:
        sym = spec.symbol
        open_, close = cal.session(d)
        session_us = (close - open_) // timedelta(microseconds=1)
        _, ref = self._ref_levels(spec, d)
        sig_open = float(self._sig_short(sym, d, np.array([0]))[0])
        expiration, expiry_us, strike, is_call = self._listing_arrays(spec, d)
        noise = _contract_normals(self.seed, sym, expiration, strike, is_call, "quote")
        # Quotes are not a perfectly smooth function of strike: a small bump per strike (shared by the
        # call and the put, so put-call parity holds), partly persistent and partly new each day.
        no_right = np.zeros(strike.size, dtype=bool)
        bump = 0.7 * _contract_normals(self.seed, sym, expiration, strike, no_right, "iv") \
            + 0.7 * _contract_normals(self.seed, sym, expiration, strike, no_right, "iv" + d.isoformat())
        iv_noise = np.clip(bump, -3.0, 3.0) * (0.0008 + 0.01 * np.abs(np.log(strike / ref)))
        event_var = self._event_var(spec, d, expiration)
        oi = self._open_interest(spec, d, expiration, expiry_us, strike, is_call, ref, sig_open)
        oi = oi + self._overnight_roll(spec, d, expiration, strike, is_call)
        g, o = self._sample_orders(spec, d, expiration, expiry_us, strike, is_call, int(session_us))
        n = o["idx"].size
        y = self._fill_positions(g, o["cond"], o["order"], o["zero_dte"][o["idx"]])
        pkg_base = ((tag(sym) & 0x7FFF) << 40) | (d.toordinal() << 20)
        nan = np.full(n, np.nan)
        return DayBook(spec, d, open_, close, int(session_us), rate_for(d), spec.div_yield, expiration, expiry_us,
                       strike, is_call, np.clip(noise, -2.0, 2.0), iv_noise, event_var, oi,
                       trade_t_us=o["t_us"], trade_contract=o["idx"], trade_size=o["size"], trade_side=o["side"],
                       trade_cond=o["cond"], trade_package=np.where(o["cond"] > 0, pkg_base + o["order"], -1),
                       trade_y=y, trade_price=nan, trade_bid=nan.copy(), trade_ask=nan.copy(),
                       trade_spot=nan.copy())

    @staticmethod
    def _contract_keys(expiration: np.ndarray, strike: np.ndarray, is_call: np.ndarray) -> np.ndarray:
        return (expiration.astype(np.int64) << 32) | (np.round(strike * 1000).astype(np.int64) << 1) \
            | is_call.astype(np.int64)

    def _overnight_roll(self, spec: TickerSpec, d: date, expiration: np.ndarray, strike: np.ndarray,
                        is_call: np.ndarray) -> np.ndarray:
        """Open interest added overnight by the previous session's trading in each contract.

        A share of each day's volume opens new positions, so the contracts that traded most yesterday
        carry more open interest this morning. Only the previous day's order sampling is needed (no
        pricing), and it never depends on open interest, so there is no recursion over days.
        """
        if self._paths.day_index(d) == 0:
            return np.zeros(strike.size, dtype=np.int64)
        prev = cal.previous_trading_day(d)
        cached = self._books.get((spec.symbol, prev))
        if cached is not None:
            p_exp, p_strike, p_call = cached.expiration, cached.strike, cached.is_call
            idx, size = cached.trade_contract, cached.trade_size
        else:
            p_exp, p_us, p_strike, p_call = self._listing_arrays(spec, prev)
            o, c = cal.session(prev)
            orders = self._sample_orders(spec, prev, p_exp, p_us, p_strike, p_call,
                                         (c - o) // timedelta(microseconds=1))[1]
            idx, size = orders["idx"], orders["size"]
        volume = np.bincount(idx, weights=size, minlength=p_strike.size)
        prev_keys = self._contract_keys(p_exp, p_strike, p_call)
        order = np.argsort(prev_keys)
        prev_keys, volume = prev_keys[order], volume[order]
        keys = self._contract_keys(expiration, strike, is_call)
        pos = np.clip(np.searchsorted(prev_keys, keys), 0, max(prev_keys.size - 1, 0))
        found = prev_keys.size > 0
        match = (prev_keys[pos] == keys) if found else np.zeros(keys.size, dtype=bool)
        return np.where(match, np.floor(OPENING_SHARE * volume[pos] if found else 0.0), 0).astype(np.int64)

    def _open_interest(self, spec: TickerSpec, d: date, expiration: np.ndarray, expiry_us: np.ndarray,
                       strike: np.ndarray, is_call: np.ndarray, ref: float, sig: float) -> np.ndarray:
        t = np.maximum(expiry_us / US_PER_YEAR, 1.0 / 365.0)
        vol = self._params[spec.symbol].long_vol * 0.5 + 0.5 * sig
        m = np.log(strike / ref) / (vol * np.sqrt(t + 7.0 / 365.0))
        otm_put = (~is_call) & (m < 0)
        width = np.where(otm_put, 1.4, 1.0)
        # The ticker's put/call lean sits out of the money on the heavier side, in the longer series:
        # index hedges about two years' volatility below the money, single-name upside calls 0.7 above.
        lv = self._params[spec.symbol].long_vol
        centre = np.where(is_call, OI_TAIL_CALL, OI_TAIL_PUT) * lv
        tail = np.exp(-0.5 * ((np.log(strike / ref) - centre) / (OI_TAIL_WIDTH * lv)) ** 2)
        step = spec.strike_step(ref)
        units = np.round(strike / step).astype(np.int64)
        round_strike = np.where(units % 20 == 0, 2.6, np.where(units % 10 == 0, 2.0, np.where(units % 5 == 0, 1.5,
                                np.where(units % 2 == 0, 1.1, 1.0))))
        w = np.exp(-0.5 * (m / width) ** 2) * round_strike
        tail = tail * round_strike
        exp_dates = expiration.astype("datetime64[D]")
        is_monthly = np.zeros(expiration.size, dtype=bool)
        for e in np.unique(expiration):
            ed = EPOCH + timedelta(days=int(e))
            if ed == lst._on_or_before_trading(cal.third_friday(ed.year, ed.month)):
                is_monthly[expiration == e] = True
        del exp_dates
        noise = np.exp(0.55 * _contract_normals(self.seed, spec.symbol, expiration, strike, is_call, "oi")
                       + 0.12 * _contract_normals(self.seed, spec.symbol, expiration, strike, is_call, d.isoformat()))
        monthly = np.where(is_monthly, 2.2, 1.0)
        w = w * monthly * (1.0 + 2.0 * np.exp(-t / 0.1)) * noise
        # Hedges and long-shot calls are held in the monthly and longer series, not the front days.
        tail = tail * monthly * noise * (t / (t + OI_TAIL_TENOR)) ** 2
        # The profile holds open_interest_total(spec) contracts; tail contracts are added on top, on the
        # heavier side, until puts / calls = the ticker's put/call ratio.
        pc = spec.put_call
        w = w / max(w.sum(), 1e-300)
        w_calls, w_puts = w[is_call].sum(), w[~is_call].sum()
        t_calls, t_puts = tail[is_call].sum(), tail[~is_call].sum()
        if w_calls > 0 and w_puts > 0 and t_calls > 0 and t_puts > 0:
            if pc * w_calls >= w_puts:
                w = w + np.where(is_call, 0.0, tail * (pc * w_calls - w_puts) / t_puts)
            else:
                w = w + np.where(is_call, tail * (w_puts / pc - w_calls) / t_calls, 0.0)
        oi = np.floor(open_interest_total(spec) * w)
        return oi.astype(np.int64)

    @staticmethod
    def _carry(spec: TickerSpec, rate: float, spot, t) -> np.ndarray:
        """Continuous yield ``q`` that makes ``spot * exp((rate - q) t)`` the forward of each expiry.

        A dividend-paying underlying: its dividend yield. The volatility index: the yield implied by
        its futures price (``vix_future_level``), since VIX options are priced off VIX futures.
        """
        t = np.asarray(t, dtype=np.float64)
        if spec.kind != "vol_index":
            return np.full(t.shape, spec.div_yield)
        spot = np.asarray(spot, dtype=np.float64)
        fut = vix_future_level(spot, t)
        live = t > 1e-9
        return np.where(live, rate - np.log(fut / spot) / np.where(live, t, 1.0), rate)

    @staticmethod
    def _event_var(spec: TickerSpec, d: date, expiration_days: np.ndarray) -> np.ndarray:
        """Variance of the earnings moves between trading day ``d`` and each expiration: ``move**2`` for
        every report on a day ``E`` with ``d <= E < expiration`` (reports come after the close)."""
        exp = np.asarray(expiration_days, dtype=np.int64)
        out = np.zeros(exp.shape, dtype=np.float64)
        if not spec.reports_earnings or exp.size == 0:
            return out
        last = EPOCH + timedelta(days=int(exp.max()))
        for e in earnings_dates(spec.symbol, d, last):
            out += np.where(exp > (e - EPOCH).days, spec.earnings_move**2, 0.0)
        return out

    # ------------------------------------------------------------ trades

    def _quote_at(self, book: DayBook, idx: np.ndarray, t_us: np.ndarray, spot: np.ndarray,
                  sig: np.ndarray) -> tuple[np.ndarray, np.ndarray, np.ndarray, np.ndarray]:
        """(model value, bid, ask, iv) of contracts ``idx`` at times ``t_us`` with the given state."""
        p = self._params[book.spec.symbol]
        t = np.maximum(book.expiry_us[idx] - t_us, 0) / US_PER_YEAR
        q = self._carry(book.spec, book.rate, spot, t)
        fwd = spot * np.exp((book.rate - q) * t)
        k = np.log(book.strike[idx] / fwd)
        iv = np.maximum(implied_vol(p, sig, t, k, book.event_var[idx]) + book.iv_noise[idx], 0.01)
        value = engine.greeks(spot, book.strike[idx], t, book.rate, q, iv, book.is_call[idx]).price
        bid, ask = make_quotes(value, p, book.quote_noise[idx])
        return value, bid, ask, iv

    def _sample_orders(self, spec: TickerSpec, d: date, expiration: np.ndarray, expiry_us: np.ndarray,
                       strike: np.ndarray, is_call: np.ndarray, session_us: int) -> tuple[np.random.Generator, dict]:
        """Draw the day's orders and legs (contracts, sides, sizes, times), before any pricing.

        Returns the generator (fill prices continue from it) and the legs sorted by time.
        """
        sym = spec.symbol
        g = rng(self.seed, "trades", sym, d.isoformat())
        n_c = strike.size
        sig_open = float(self._sig_short(sym, d, np.array([0]))[0])
        mkt_open = float(self._mkt_vol(d, np.array([0]))[0])
        spot_open = float(self._spot_at(sym, d, np.array([0]))[0])
        frac = session_us / (390 * 60e6)
        orders, mult = order_scale(spec)
        lam = orders * (mkt_open / MKT_VOL_MEAN) ** 0.8 * frac
        n_orders = int(g.poisson(lam))
        regime = REGIMES[int(g.choice(len(REGIMES), p=REGIME_P))]
        zero_regime = ZERO_DTE_REGIMES[int(g.choice(len(ZERO_DTE_REGIMES), p=ZERO_DTE_REGIME_P))]
        # Contract popularity: near the money, short-dated, round strikes; 0DTE heavy on daily tickers.
        t = np.maximum(expiry_us / US_PER_YEAR, 1.0 / 365.0 / 6.5)
        m = np.log(strike / spot_open) / (sig_open * np.sqrt(t))
        w = np.exp(-0.5 * (m / 1.1) ** 2) / (1.0 + 20.0 * t)
        step = spec.strike_step(spot_open)
        units = np.round(strike / step).astype(np.int64)
        w *= np.where(units % 10 == 0, 1.6, np.where(units % 5 == 0, 1.25, 1.0))
        zero_dte = expiration == (d - EPOCH).days
        if spec.dailies:
            w *= np.where(zero_dte, ZERO_DTE_WEIGHT, 1.0)
        cw = np.cumsum(w)
        if n_orders == 0 or n_c == 0 or cw[-1] <= 0:
            empty_i = np.empty(0, np.int64)
            return g, {"idx": empty_i, "side": np.empty(0, np.int8), "size": empty_i, "order": empty_i,
                       "t_us": empty_i, "cond": empty_i, "zero_dte": zero_dte}
        primary = np.minimum(np.searchsorted(cw, g.random(n_orders) * cw[-1], side="right"), n_c - 1)
        kind_u = g.random(n_orders)
        kind = np.where(kind_u < 0.78, 0, np.where(kind_u < 0.94, 1, 2))  # single, vertical, butterfly
        # Order times: U-shaped; 0DTE orders lean towards the afternoon.
        u = np.interp(g.random(n_orders), _CDF, _GRID)
        late = zero_dte[primary] & (g.random(n_orders) < 0.3)
        u = np.where(late, 1.0 - 0.5 * g.random(n_orders) ** 2, u)
        t_us = np.clip((u * session_us).astype(np.int64), 1, session_us)
        # Contracts stop trading at expiry.
        t_us = np.minimum(t_us, expiry_us[primary])
        # Heavy-tailed sizes (Pareto tail SIZE_TAIL; same-day orders ZERO_DTE_SIZE_TAIL from a higher
        # floor). One synthetic order stands for the flow of many real ones, so sizes scale with the
        # ticker's typical volume and day volumes land near real ones.
        u_size = 1.0 - g.random(n_orders)
        pareto = np.where(zero_dte[primary], ZERO_DTE_SIZE_FLOOR * u_size ** (-1.0 / ZERO_DTE_SIZE_TAIL),
                          u_size ** (-1.0 / SIZE_TAIL))
        size = np.clip(np.floor(pareto * mult * np.exp(0.35 * g.standard_normal(n_orders))), 1, 50_000)
        # Same-day contracts: market makers show less size as expiry nears (gamma grows as 1/sqrt(time
        # left)), so a 0DTE order carries at most ZERO_DTE_SIZE_CAP * sqrt(hours left / 6.5).
        hours_left = np.maximum(expiry_us[primary] - t_us, 0) / 3.6e9
        cap = np.maximum(np.floor(ZERO_DTE_SIZE_CAP * np.sqrt(np.minimum(hours_left / 6.5, 1.0))), 1.0)
        size = np.where(zero_dte[primary], np.minimum(size, cap), size)
        size = size.astype(np.int64)
        p_buy = np.where(is_call[primary], regime[0], regime[1])
        # Same-day orders follow the day's 0DTE regime by the strike's side of spot when the order arrives.
        # The lean holds away from the money and fades towards it, where same-day flow stays two-sided:
        # weight 1 - exp(-x**2), x the strike's distance from spot in standard deviations of the move left
        # to expiry.
        zd = zero_dte[primary]
        if zd.any():
            k0, t0 = strike[primary[zd]], t_us[zd]
            s0 = self._spot_at(sym, d, t0)
            sd = self._sig_short(sym, d, t0) * np.sqrt(np.maximum(expiry_us[primary[zd]] - t0, 1) / US_PER_YEAR)
            fade = 1.0 - np.exp(-(np.log(k0 / s0) / sd) ** 2)
            lean = np.where(k0 < s0, zero_regime[0], zero_regime[1])
            p_buy[zd] = 0.5 + (lean - 0.5) * fade
        side = np.where(g.random(n_orders) < p_buy, 1, -1).astype(np.int8)
        # Legs: block of the same expiration and right is contiguous and sorted by strike.
        key = expiration.astype(np.int64) * 2 + (~is_call)
        starts = np.searchsorted(key, key, side="left")
        ends = np.searchsorted(key, key, side="right")
        off = g.integers(1, 5, n_orders)
        order_id = np.arange(n_orders, dtype=np.int64)
        legs_idx = [primary]
        legs_side = [side]
        legs_size = [size]
        legs_order = [order_id]
        legs_leg = [np.zeros(n_orders, np.int64)]
        multi = kind > 0
        second = np.clip(primary + off, starts[primary], ends[primary] - 1)
        second = np.where(second == primary, np.clip(primary - off, starts[primary], ends[primary] - 1), second)
        ok2 = multi & (second != primary)
        legs_idx.append(second[ok2])
        legs_side.append(np.where(kind[ok2] == 1, -side[ok2], side[ok2]).astype(np.int8))
        legs_size.append(size[ok2])
        legs_order.append(order_id[ok2])
        legs_leg.append(np.ones(ok2.sum(), np.int64))
        # Butterfly: wings at primary +/- off, body (2x) at primary with the opposite side.
        fly = (kind == 2) & ok2
        third = np.clip(primary - off, starts[primary], ends[primary] - 1)
        ok3 = fly & (third != primary) & (third != second)
        legs_idx.append(third[ok3])
        legs_side.append(side[ok3])
        legs_size.append(size[ok3])
        legs_order.append(order_id[ok3])
        legs_leg.append(np.full(ok3.sum(), 2, np.int64))
        # The body of a butterfly: turn the primary into the 2x opposite leg.
        body = ok3
        legs_side[0] = np.where(body, -side, side).astype(np.int8)
        legs_size[0] = np.where(body, 2 * size, size)
        idx = np.concatenate(legs_idx)
        s = np.concatenate(legs_side).astype(np.int8)
        sz = np.concatenate(legs_size)
        oid = np.concatenate(legs_order)
        leg = np.concatenate(legs_leg)
        n_legs = np.bincount(oid, minlength=n_orders)
        cond_code = np.where(n_legs[oid] >= 3, 2, np.where(n_legs[oid] == 2, 1, 0))
        tt = t_us[oid]
        tt = np.minimum(tt, expiry_us[idx])
        order = np.lexsort((leg, oid, tt))
        idx, s, sz, oid, tt, cond_code = idx[order], s[order], sz[order], oid[order], tt[order], cond_code[order]
        return g, {"idx": idx, "side": s, "size": sz, "order": oid, "t_us": tt, "cond": cond_code,
                   "zero_dte": zero_dte}

    @staticmethod
    def _fill_positions(g: np.random.Generator, cond: np.ndarray, order_id: np.ndarray,
                        zero_dte: np.ndarray) -> np.ndarray:
        """Where each print fills, in half-spreads from the mid, from the customer's side (+1 = the quote
        the customer pays: the ask for a buy, the bid for a sell)."""
        n = cond.size
        u = g.random(n)
        # Categories: touch, inside near the touch, mid, inside on the far side, outside, far touch.
        # 0DTE flow is more urgent: more fills at the touch, fewer on the far side.
        c1 = np.where(zero_dte, 0.62, 0.43)
        c2 = c1 + np.where(zero_dte, 0.20, 0.22)
        c3 = c2 + np.where(zero_dte, 0.08, 0.12)
        c4 = c3 + np.where(zero_dte, 0.05, 0.10)
        c5 = c4 + np.where(zero_dte, 0.03, 0.05)
        y = np.where(u < c1, 1.0,
            np.where(u < c2, g.uniform(0.2, 0.95, n),
            np.where(u < c3, 0.0,
            np.where(u < c4, g.uniform(-0.95, -0.2, n),
            np.where(u < c5, 1.0 + g.integers(1, 4, n) * 0.5, -1.0)))))
        # Legs of spreads and butterflies are priced as a package: the order's position (drawn like a
        # single's) applies to the package, and each leg adds its own noise of up to +/-1.4 half-spreads,
        # so a leg alone says much less about the side than the package does.
        if n:
            _, first, inverse = np.unique(order_id, return_index=True, return_inverse=True)
            y_pkg = y[first][inverse]
            y = np.where(cond > 0, y_pkg + g.uniform(-1.4, 1.4, n), y)
        return y

    def _price_trades(self, book: DayBook, sel: np.ndarray) -> None:
        """Compute quotes, underlying and fill price of the prints ``sel`` that are not priced yet."""
        sel = np.asarray(sel, dtype=np.int64)
        sel = sel[np.isnan(book.trade_price[sel])]
        if sel.size == 0:
            return
        sym, d = book.spec.symbol, book.day
        tt = book.trade_t_us[sel]
        idx = book.trade_contract[sel]
        spot = self._spot_at(sym, d, tt)
        sig = self._sig_short(sym, d, tt)
        _, bid, ask, _ = self._quote_at(book, idx, tt, spot, sig)
        mid, half = 0.5 * (bid + ask), 0.5 * (ask - bid)
        cond = book.trade_cond[sel]
        raw = mid + book.trade_side[sel] * book.trade_y[sel] * half
        p = self._params[sym]
        tick = np.where(cond > 0, 0.01, np.where(p.penny, np.where(raw < 3, 0.01, 0.05),
                                                 np.where(raw < 3, 0.05, 0.10)))
        price = np.round(np.round(raw / tick) * tick, 2)
        book.trade_price[sel] = np.maximum(price, np.minimum(tick, 0.05))
        book.trade_bid[sel] = bid
        book.trade_ask[sel] = ask
        book.trade_spot[sel] = np.round(spot, 2)

    def _trade_table(self, book: DayBook, a: int, b: int) -> pa.Table:
        """Prints ``a:b`` of the day as a TRADE_SCHEMA table."""
        sel = np.arange(a, b, dtype=np.int64)
        self._price_trades(book, sel)
        n = sel.size
        contract = book.trade_contract[a:b]
        open_us = np.datetime64(book.open_utc.replace(tzinfo=None), "us").astype(np.int64)
        ts = pa.array(open_us + book.trade_t_us[a:b], pa.int64()).cast(pa.timestamp("us", tz="UTC"))
        pid = book.trade_package[a:b]
        return pa.Table.from_arrays(
            [
                ts,
                _repeat_str(book.spec.symbol, n),
                pa.array(book.expiration[contract], pa.int32()).cast(pa.date32()),
                pa.array(book.strike[contract], pa.float64()),
                _rights(book.is_call[contract]),
                pa.array(book.trade_price[a:b], pa.float64()),
                pa.array(book.trade_size[a:b], pa.int64()),
                pa.array(book.trade_bid[a:b], pa.float64()),
                pa.array(book.trade_ask[a:b], pa.float64()),
                _CONDITIONS.take(pa.array(book.trade_cond[a:b].astype(np.int8))),
                pa.array(pid, pa.int64(), mask=pid < 0),
                pa.array(book.trade_spot[a:b], pa.float64()),
                pa.array(book.trade_side[a:b].astype(np.int8), pa.int8()),
            ],
            schema=TRADE_SCHEMA,
        )

    def trades(self, ticker: str, start: datetime, end: datetime) -> pa.Table:
        """Trade prints with ``start < ts <= end`` (TRADE_SCHEMA), sorted by time."""
        spec = self.spec(ticker)
        if start.tzinfo is None or end.tzinfo is None:
            raise ValueError("timestamps must be tz-aware")
        if end <= start:
            return TRADE_SCHEMA.empty_table()
        d0 = max(cal.ny_date(start), FIRST_DAY)
        d1 = min(cal.ny_date(end), LAST_DAY)
        parts = []
        for d in cal.trading_days(d0, d1):
            o, c = cal.session(d)
            if start >= c or end <= o:  # no print of that session can fall in the window
                continue
            book = self._book(spec.symbol, d)
            open_us = np.datetime64(book.open_utc.replace(tzinfo=None), "us").astype(np.int64)
            lo = (np.datetime64(start.astimezone(UTC).replace(tzinfo=None), "us").astype(np.int64) - open_us)
            hi = (np.datetime64(end.astimezone(UTC).replace(tzinfo=None), "us").astype(np.int64) - open_us)
            a = int(np.searchsorted(book.trade_t_us, lo, side="right"))
            b = int(np.searchsorted(book.trade_t_us, hi, side="right"))
            if b > a:
                parts.append(self._trade_table(book, a, b))
        if not parts:
            return TRADE_SCHEMA.empty_table()
        return pa.concat_tables(parts) if len(parts) > 1 else parts[0]

    # ------------------------------------------------------------ chain

    def chain(self, ticker: str, ts: datetime) -> pa.Table:
        """Every listed contract of ``ticker`` at ``ts`` (CHAIN_SCHEMA).

        ``ts`` outside a session is answered for the last session instant before it (pre-open: the
        previous close); the ``ts`` column carries that instant.
        """
        spec = self.spec(ticker)
        d, off = self._locate(ts)
        book = self._book(spec.symbol, d)
        live = book.expiry_us >= off
        idx = np.flatnonzero(live)
        n = idx.size
        t_us = np.full(n, off, dtype=np.int64)
        spot = float(self._spot_at(spec.symbol, d, np.array([off]))[0])
        sig = float(self._sig_short(spec.symbol, d, np.array([off]))[0])
        _, bid, ask, _ = self._quote_at(book, idx, t_us, np.full(n, spot), np.full(n, sig))
        carry = self._carry(spec, book.rate, spot, np.maximum(book.expiry_us[idx] - off, 0) / US_PER_YEAR)
        k = int(np.searchsorted(book.trade_t_us, off, side="right"))
        volume = np.bincount(book.trade_contract[:k], weights=book.trade_size[:k], minlength=book.strike.size)
        last_i = np.full(book.strike.size, -1, dtype=np.int64)
        np.maximum.at(last_i, book.trade_contract[:k], np.arange(k, dtype=np.int64))
        li = last_i[idx]
        self._price_trades(book, li[li >= 0])
        last = np.where(li >= 0, book.trade_price[np.maximum(li, 0)], np.nan)
        if spec.kind in ("index", "vol_index"):
            ub = ua = ul = round(spot, 2)
        else:
            h = max(0.005, spot * 0.00004)
            ub, ua, ul = np.floor((spot - h) * 100) / 100, np.ceil((spot + h) * 100) / 100, round(spot, 2)
        at = book.open_utc + timedelta(microseconds=int(off))
        ts_arr = pa.array(np.full(n, np.datetime64(at.replace(tzinfo=None), "us")), pa.timestamp("us")).cast(
            pa.timestamp("us", tz="UTC"))
        return pa.Table.from_arrays(
            [
                _repeat_str(spec.symbol, n),
                ts_arr,
                pa.array(book.expiration[idx], pa.int32()).cast(pa.date32()),
                pa.array(book.strike[idx], pa.float64()),
                _rights(book.is_call[idx]),
                pa.array(bid, pa.float64()),
                pa.array(ask, pa.float64()),
                pa.array(last, pa.float64(), mask=li < 0),
                pa.array(volume[idx].astype(np.int64), pa.int64()),
                pa.array(book.open_interest[idx], pa.int64()),
                pa.array(np.full(n, ub), pa.float64()),
                pa.array(np.full(n, ua), pa.float64()),
                pa.array(np.full(n, ul), pa.float64()),
                pa.array(np.full(n, book.rate), pa.float64()),
                pa.array(carry, pa.float64()),
            ],
            schema=CHAIN_SCHEMA,
        )

    def model_iv(self, ticker: str, ts: datetime, expiration: np.ndarray, strike: np.ndarray) -> np.ndarray:
        """The surface's implied volatility at (expiration date32 days or dates, strike) for ``ts``."""
        spec = self.spec(ticker)
        d, off = self._locate(ts)
        open_ = cal.session(d)[0]
        exp = np.asarray(expiration)
        if exp.dtype == object:
            exp = np.array([(e - EPOCH).days for e in exp], dtype=np.int64)
        exp_us = np.array([(cal.expiry_instant(EPOCH + timedelta(days=int(e))) - open_) // timedelta(microseconds=1)
                           for e in exp], dtype=np.int64)
        t = np.maximum(exp_us - off, 0) / US_PER_YEAR
        spot = float(self._spot_at(spec.symbol, d, np.array([off]))[0])
        sig = float(self._sig_short(spec.symbol, d, np.array([off]))[0])
        fwd = spot * np.exp((rate_for(d) - self._carry(spec, rate_for(d), spot, t)) * t)
        return implied_vol(self._params[spec.symbol], sig, t, np.log(np.asarray(strike, np.float64) / fwd),
                           self._event_var(spec, d, exp))

    # ------------------------------------------------------------ bars

    def underlying_bars(self, ticker: str, day: date) -> pa.Table:
        """One-minute bars of the underlying over the session of ``day`` (BAR_SCHEMA); empty if closed."""
        spec = self.spec(ticker)
        s = cal.session(day)
        if s is None:
            return BAR_SCHEMA.empty_table()
        minutes = int((s[1] - s[0]).total_seconds() // 60)
        t_us = np.arange(minutes + 1, dtype=np.int64) * 60_000_000
        px = self._spot_at(spec.symbol, day, t_us)
        g = rng(self.seed, "bars", spec.symbol, day.isoformat())
        o, c = px[:-1], px[1:]
        step_sd = np.abs(np.diff(np.log(px))).mean() if minutes > 1 else 0.0
        hi = np.maximum(o, c) * np.exp(np.abs(g.standard_normal(minutes)) * 0.6 * step_sd)
        lo = np.minimum(o, c) * np.exp(-np.abs(g.standard_normal(minutes)) * 0.6 * step_sd)
        u = (np.arange(minutes) + 0.5) / minutes
        shape = 1.0 + 1.8 * np.exp(-u / 0.06) + 1.2 * np.exp(-(1.0 - u) / 0.08)
        base = 0.0 if spec.kind in ("index", "vol_index") else 1.0e6 * spec.liquidity  # shares per day
        vol = np.floor(base * shape / shape.sum() * np.exp(0.3 * g.standard_normal(minutes))).astype(np.int64)
        open_us = np.datetime64(s[0].replace(tzinfo=None), "us").astype(np.int64)
        ts = pa.array(open_us + t_us[:-1], pa.int64()).cast(pa.timestamp("us", tz="UTC"))
        r2 = lambda a: pa.array(np.round(a, 2), pa.float64())  # noqa: E731
        return pa.Table.from_arrays(
            [_repeat_str(spec.symbol, minutes), ts, r2(o), r2(np.maximum(hi, np.maximum(o, c))),
             r2(np.minimum(lo, np.minimum(o, c))), r2(c), pa.array(vol, pa.int64())],
            schema=BAR_SCHEMA,
        )
