"""The synthetic market lists chains shaped like the real ones (issue: a market that looks like one)."""

from __future__ import annotations

from datetime import UTC, date, datetime, timedelta

import numpy as np
import polars as pl
import pytest
from scipy.stats import norm

from domain import market_calendar as cal
from data.sources.synthetic import SyntheticMarket

TS = datetime(2026, 11, 20, 16, 0, tzinfo=UTC)


@pytest.mark.parametrize("ticker", ["SPY", "QQQ", "IWM"])
def test_index_etfs_list_one_dollar_strikes_near_the_money(ticker):
    m = SyntheticMarket(seed=7, tickers=[ticker])
    ch = pl.from_arrow(m.chain(ticker, TS))
    day = cal.ny_date(TS)
    zd = ch.filter(pl.col("expiration") == day)
    spot = float(zd["underlying_last"][0])
    k = np.unique(zd["strike"].to_numpy())
    near = k[np.abs(k - spot) <= 0.01 * spot]
    assert near.size >= 5
    assert np.allclose(np.diff(near), 1.0)
    assert k.size >= 10


# ---------------------------------------------------------------- helpers

DAYS = [date(2026, 11, 16), date(2026, 11, 18), date(2026, 11, 20)]
EPOCH = date(1970, 1, 1)


@pytest.fixture(scope="module")
def market():
    return SyntheticMarket(seed=7, tickers=["SPX", "SPY", "QQQ", "IWM", "AAPL", "NVDA", "TSLA", "KO", "XOM", "VIX"])


def _rr25(m, ticker, ts, days_out=30):
    """(ATM vol, 25-delta call vol minus 25-delta put vol), both in vol points, near ``days_out``."""
    d = cal.ny_date(ts)
    e = min(m.expirations(ticker, d), key=lambda e: abs((e - d).days - days_out))
    t = (cal.expiry_instant(e) - ts).total_seconds() / cal.SECONDS_PER_YEAR
    fwd = m.spot(ticker, ts) * np.exp((m.rate(ticker, d) - m.div_yield(ticker)) * t)
    k = np.linspace(-1.2, 0.8, 2001)
    iv = m.model_iv(ticker, ts, np.full(k.size, (e - EPOCH).days), fwd * np.exp(k))
    call_delta = norm.cdf((-k + 0.5 * iv**2 * t) / (iv * np.sqrt(t)))
    put_delta = call_delta - 1.0
    iv_c = np.interp(0.25, call_delta[::-1], iv[::-1])
    iv_p = np.interp(-0.25, put_delta[::-1], iv[::-1])
    return 100 * float(np.interp(0.0, k, iv)), 100 * float(iv_c - iv_p)


# ---------------------------------------------------------------- 8.1 far wings on SPX 0DTE

def test_spx_zero_dte_lists_far_wings_on_a_modest_grid(market):
    for d in DAYS:
        listed = market.listings("SPX", d)
        k = listed[d]
        ref = market.daily_close("SPX", cal.previous_trading_day(d))
        assert k.min() <= 0.91 * ref, (d, k.min() / ref)      # puts out to about -10 %
        assert k.max() >= 1.07 * ref, (d, k.max() / ref)      # calls out to about +8 %
        assert k.size <= 130                                  # coarse in the wings
        # Near the money the $5 grid is kept.
        near = k[np.abs(k - ref) <= 0.01 * ref]
        assert np.allclose(np.diff(near), 5.0)
        # The whole chain stays a few thousand contracts.
        assert sum(2 * v.size for v in listed.values()) <= 9000


# ---------------------------------------------------------------- 8.2 volumes

VOLUME_BANDS = {  # contracts per day (median of three sessions)
    "SPX": (2.0e6, 4.5e6), "SPY": (6.0e6, 11.0e6), "QQQ": (3.5e6, 6.5e6), "IWM": (0.7e6, 1.4e6),
    "AAPL": (0.9e6, 1.7e6), "NVDA": (2.2e6, 4.3e6), "TSLA": (1.8e6, 3.3e6), "KO": (4.0e4, 1.6e5),
    "XOM": (4.0e4, 1.6e5),
}


def _day_volume(m, ticker, d):
    ts = cal.session(d)[1]
    return int(pl.from_arrow(m.chain(ticker, ts))["volume"].sum())


@pytest.mark.parametrize("ticker", sorted(VOLUME_BANDS))
def test_daily_volume_in_the_real_order_of_magnitude(market, ticker):
    lo, hi = VOLUME_BANDS[ticker]
    vol = float(np.median([_day_volume(market, ticker, d) for d in DAYS]))
    assert lo <= vol <= hi, (ticker, vol)


def test_spy_trades_more_than_spx_and_spx_zero_dte_share_is_kept(market):
    for d in DAYS:
        spx, spy = _day_volume(market, "SPX", d), _day_volume(market, "SPY", d)
        assert 1.8 <= spy / spx <= 3.5, (d, spy / spx)
        ch = pl.from_arrow(market.chain("SPX", cal.session(d)[1] - timedelta(minutes=5)))
        share = ch.filter(pl.col("expiration") == d)["volume"].sum() / ch["volume"].sum()
        assert 0.40 <= share <= 0.60, (d, share)


# ---------------------------------------------------------------- 8.3 put/call open interest

def _pc_oi(m, ticker, d):
    ch = pl.from_arrow(m.chain(ticker, cal.session(d)[0]))
    puts = ch.filter(pl.col("right") == "P")["open_interest"].sum()
    calls = ch.filter(pl.col("right") == "C")["open_interest"].sum()
    return puts / calls


@pytest.mark.parametrize("ticker,lo,hi", [("SPX", 1.5, 2.1), ("SPY", 1.3, 2.1), ("QQQ", 1.2, 2.0),
                                          ("IWM", 1.3, 2.2), ("AAPL", 0.55, 0.95), ("NVDA", 0.55, 0.95),
                                          ("TSLA", 0.55, 0.95), ("KO", 0.55, 1.0), ("XOM", 0.55, 1.0)])
def test_put_call_open_interest_ratio_depends_on_the_ticker(market, ticker, lo, hi):
    from data.universe import get

    target = get(ticker).put_call                             # a fixed, per-ticker parameter
    assert lo <= target <= hi
    for d in DAYS:
        got = _pc_oi(market, ticker, d)
        assert lo <= got <= hi and abs(got / target - 1.0) < 0.15, (ticker, d, got, target)


# ---------------------------------------------------------------- 8.4 skew by ticker

@pytest.mark.parametrize("ticker,lo,hi", [("SPX", -8.0, -4.0), ("AAPL", -5.0, -2.0), ("NVDA", -5.0, -1.0),
                                          ("TSLA", -3.0, 3.0)])
def test_single_stock_skew_is_flatter_than_the_index(market, ticker, lo, hi):
    for d in DAYS:
        ts = cal.session(d)[0] + timedelta(hours=3)
        for days_out in (7, 30, 90):
            _, rr = _rr25(market, ticker, ts, days_out)
            assert lo <= rr <= hi, (ticker, d, days_out, rr)


# ---------------------------------------------------------------- 8.5 earnings

def _atm(m, ticker, ts, e):
    d = cal.ny_date(ts)
    t = (cal.expiry_instant(e) - ts).total_seconds() / cal.SECONDS_PER_YEAR
    fwd = m.spot(ticker, ts) * np.exp((m.rate(ticker, d) - m.div_yield(ticker)) * t)
    return 100 * float(m.model_iv(ticker, ts, np.array([(e - EPOCH).days]), np.array([fwd]))[0])


def test_earnings_dates_are_quarterly_and_only_for_single_stocks():
    from data.universe import earnings_dates

    for sym in ("AAPL", "NVDA", "TSLA", "KO"):
        dates = earnings_dates(sym, date(2026, 1, 1), date(2026, 12, 31))
        assert len(dates) == 4 and len({(e.month - 1) // 3 for e in dates}) == 4
        assert all(cal.is_trading_day(e) for e in dates)
        assert dates == earnings_dates(sym, date(2026, 1, 1), date(2026, 12, 31))
    assert earnings_dates("SPX", date(2026, 1, 1), date(2026, 12, 31)) == []
    assert earnings_dates("SPY", date(2026, 1, 1), date(2026, 12, 31)) == []


@pytest.mark.parametrize("ticker", ["AAPL", "NVDA", "TSLA"])
def test_iv_ramps_into_earnings_and_is_crushed_after(ticker):
    from data.universe import earnings_dates

    m = SyntheticMarket(seed=7, tickers=[ticker])
    event = earnings_dates(ticker, date(2026, 7, 1), date(2026, 12, 31))[0]   # reported after the close
    after = cal.next_trading_day(event)
    exps = m.expirations(ticker, event)
    spanning = min(e for e in exps if e > event)
    before = max((e for e in exps if e <= event), default=None)
    week_before = event - timedelta(days=7)
    while not cal.is_trading_day(week_before):
        week_before -= timedelta(days=1)
    noon = lambda d: cal.session(d)[0] + timedelta(hours=3)  # noqa: E731
    close = lambda d: cal.session(d)[1] - timedelta(minutes=5)  # noqa: E731
    ramp_start = _atm(m, ticker, noon(week_before), spanning)
    peak = _atm(m, ticker, close(event), spanning)
    crushed = _atm(m, ticker, noon(after), spanning)
    assert peak > ramp_start + 3.0, (ramp_start, peak)             # ramp into the event
    assert crushed < peak - 8.0, (peak, crushed)                   # crush once reported
    if before is not None and before > week_before:
        assert _atm(m, ticker, noon(week_before), spanning) > _atm(m, ticker, noon(week_before), before) + 3.0
    # The stock moves on the report: earnings-day moves are larger than a typical day's.
    closes = m.daily_closes(ticker, date(2024, 1, 1), date(2026, 11, 20))
    days = closes["date"].to_pylist()
    r = np.abs(np.diff(np.log(closes["close"].to_numpy())))
    events = set(earnings_dates(ticker, date(2024, 1, 1), date(2026, 11, 19)))
    on_event = np.array([days[i] in events for i in range(len(days) - 1)])   # the return of the next day
    assert on_event.sum() >= 10
    assert r[on_event].mean() > 1.5 * np.median(r[~on_event])   # a normal day: mean/median of |r| ≈ 1.2


# ---------------------------------------------------------------- 8.6 VIX options off VIX futures

def test_vix_options_are_priced_off_vix_futures_in_contango():
    m = SyntheticMarket(seed=7, tickers=["VIX"])
    ts = TS
    d = cal.ny_date(ts)
    spot = m.spot("VIX", ts)
    assert spot < 18.0                                     # a calm day
    exps = m.expirations("VIX", d)
    futs = [m.vix_future(e, ts) for e in exps]
    assert all(b >= a - 1e-9 for a, b in zip(futs, futs[1:]))  # contango
    assert futs[-1] > spot + 2.0
    ch = pl.from_arrow(m.chain("VIX", ts))
    r = float(ch["rate"][0])
    checked = 0
    for e, f in zip(exps, futs):
        t = (cal.expiry_instant(e) - ts).total_seconds() / cal.SECONDS_PER_YEAR
        if t < 20 / 365:
            continue
        rows = ch.filter(pl.col("expiration") == e)
        q = float(rows["div_yield"][0])
        assert spot * np.exp((r - q) * t) == pytest.approx(f, rel=1e-4)    # the chain's carry gives the future
        for k in np.unique(rows["strike"].to_numpy()):
            if abs(k - f) > 2.0:
                continue
            c = rows.filter((pl.col("strike") == k) & (pl.col("right") == "C"))
            p = rows.filter((pl.col("strike") == k) & (pl.col("right") == "P"))
            mid_c = 0.5 * (c["bid"][0] + c["ask"][0])
            mid_p = 0.5 * (p["bid"][0] + p["ask"][0])
            implied = k + (mid_c - mid_p) * np.exp(r * t)
            assert implied == pytest.approx(f, abs=0.35), (e, k, implied, f)
            assert implied > spot + 0.5
            checked += 1
    assert checked >= 6
    # Vol of vol is highest at the front: ATM implied volatility falls with tenor.
    months = [e for e in exps if (e - d).days >= 20]
    atm = [_atm_vix(m, ts, e) for e in (months[0], months[-1])]
    assert atm[0] > atm[1] + 5.0 and 60.0 < atm[0] < 120.0, atm


def _atm_vix(m, ts, e):
    return 100 * float(m.model_iv("VIX", ts, np.array([(e - EPOCH).days]), np.array([m.vix_future(e, ts)]))[0])


# ---------------------------------------------------------------- 8.7 dealer gamma stays in its band

def test_spx_customer_flow_is_nearly_balanced():
    """Customers neither buy nor sell most SPX contracts that stay open overnight, session after session,
    so the dealer book does not pile up short gamma (the band in docs/methodology.md §6.7). Same-day
    contracts expire the session they trade and follow their own day regime (the next test)."""
    m = SyntheticMarket(seed=7, tickers=["SPX"])
    bought = total = 0.0
    for d in cal.trading_days(date(2026, 10, 26), date(2026, 11, 20)):
        t = pl.from_arrow(m.trades("SPX", *cal.session(d))).filter(pl.col("expiration") > d)
        bought += t.filter(pl.col("true_side") == 1)["size"].sum()
        total += t["size"].sum()
    assert abs(bought / total - 0.5) < 0.025, bought / total


def test_zero_dte_prints_never_carry_runaway_gamma():
    """A same-day print's dollar gamma per 1 % is at most its size times the at-the-money gamma at a
    10 % volatility. Late prints are small enough that no single one carries more than about 15 B at
    SPX near 8,600 (two orders' size, the body of a butterfly, at the cap of methodology §6.7)."""
    m = SyntheticMarket(seed=7, tickers=["SPX"])
    worst = 0.0
    for d in cal.trading_days(date(2026, 11, 2), date(2026, 11, 20)):
        t = pl.from_arrow(m.trades("SPX", *cal.session(d))).filter(pl.col("expiration") == d)
        close = cal.session(d)[1]
        left = np.array([(close - ts).total_seconds() for ts in t["ts"].to_list()]) / cal.SECONDS_PER_YEAR
        s = t["underlying_price"].to_numpy()
        bound = t["size"].to_numpy() * 100 * norm.pdf(0.0) * s * 0.01 / (0.10 * np.sqrt(np.maximum(left, 1e-7)))
        worst = max(worst, float(bound.max()))
    assert worst < 15e9, worst


# ---------------------------------------------------------------- 0DTE days have a side of their own

def test_zero_dte_customer_days_follow_the_paradigm_mix():
    """Each session's same-day flow leans one way per side of spot: customers buying below and above
    spot (dealers short both sides, BofA) is the most common day, then buying below and selling above
    (GEX); the published mix orders BofA, GEX, AG, Sidial (methodology §4.5, §6.7)."""
    m = SyntheticMarket(seed=7, tickers=["SPX"])
    days = {"BOFA": 0, "GEX": 0, "AG": 0, "SIDIAL": 0}
    for d in cal.trading_days(date(2026, 9, 14), date(2026, 11, 20)):
        t = pl.from_arrow(m.trades("SPX", *cal.session(d))).filter(pl.col("expiration") == d)
        signed = pl.col("true_side") * pl.col("size")
        below = float(t.filter(pl.col("strike") < pl.col("underlying_price")).select(signed.sum()).item())
        above = float(t.filter(pl.col("strike") > pl.col("underlying_price")).select(signed.sum()).item())
        name = {(True, True): "BOFA", (True, False): "GEX", (False, True): "AG", (False, False): "SIDIAL"}
        days[name[(below > 0, above > 0)]] += 1
    ranked = sorted(days, key=days.get, reverse=True)
    assert ranked[:2] == ["BOFA", "GEX"], days
    assert days["BOFA"] > 0.4 * sum(days.values()), days


def test_same_day_flow_reads_one_way_in_most_hours():
    """The paradigm reads the sign of 0DTE dealer charm on each side of spot (methodology §4.5): the
    day's same-day flow must lean one way across the strikes of a side, not strike by strike at random.
    Same-day flow on the daily tickers is many small orders (methodology §6.7), so the lean is not
    drowned by a few large prints. Weighting each strike's customer flow by the charm of a contract there
    (Black–Scholes, 15 % volatility), both sides within 1.5 straddles of spot are uniform
    (|Σ| ≥ 0.6·Σ|·|) in at least 80 % of the hourly readings of 25 SPX sessions (52 % when same-day
    orders were fewer, larger and heavy-tailed)."""
    m = SyntheticMarket(seed=7, tickers=["SPX"])
    uniform = []
    for d in cal.trading_days(date(2026, 10, 19), date(2026, 11, 20)):
        open_, close = cal.session(d)
        t = pl.from_arrow(m.trades("SPX", open_, close)).filter(pl.col("expiration") == d)
        width = 1.5 * 0.8 * m.spot("SPX", open_) * 0.15 * np.sqrt(1 / 252)
        for hours in range(1, 7):
            ts = open_ + timedelta(hours=hours)
            spot = m.spot("SPX", ts)
            flow = (t.filter(pl.col("ts") <= ts).group_by("strike")
                    .agg(dealer=(-pl.col("true_side") * pl.col("size")).sum()))
            k = flow["strike"].to_numpy()
            left = (close - ts).total_seconds() / cal.SECONDS_PER_YEAR
            d1 = (np.log(spot / k) + 0.5 * 0.15 ** 2 * left) / (0.15 * np.sqrt(left))
            charm = flow["dealer"].to_numpy() * norm.pdf(d1) * (d1 - 0.15 * np.sqrt(left)) / (2 * left)
            near = np.abs(k - spot) <= width
            sides = [charm[near & (k < spot)], charm[near & (k > spot)]]
            uniform.append(all(abs(s.sum()) >= 0.6 * np.abs(s).sum() > 0 for s in sides))
    assert np.mean(uniform) >= 0.8, np.mean(uniform)


@pytest.mark.parametrize("ticker", ["SPX", "SPY", "QQQ", "IWM"])
def test_daily_tickers_print_many_small_orders(ticker):
    """Tickers with daily expirations print DAILY_ORDERS_FACTOR times more orders than their activity
    alone would give, each as much smaller, and their same-day orders have a light size tail: no
    same-day print carries more than 0.5 % of the day's same-day volume (methodology §6.2, §6.7; IWM's
    largest reached 0.7-1 % with fewer, heavy-tailed orders)."""
    from data.sources.synthetic.market import DAILY_ORDERS_FACTOR, ORDERS_PER_LIQUIDITY, order_scale

    m = SyntheticMarket(seed=7, tickers=[ticker])
    spec = m.spec(ticker)
    orders, _ = order_scale(spec)
    assert orders == pytest.approx(DAILY_ORDERS_FACTOR * ORDERS_PER_LIQUIDITY * max(spec.liquidity, 0.6))
    for d in DAYS:
        t = pl.from_arrow(m.trades(ticker, *cal.session(d))).filter(pl.col("expiration") == d)
        size = t["size"].to_numpy().astype(float)
        assert size.max() <= 0.005 * size.sum(), (d, size.max(), size.sum())
