"""The synthetic market: determinism, calendar, listings, quotes, prints and spot-vol behaviour."""

from datetime import date, datetime, timedelta, timezone

import numpy as np
import pyarrow as pa
import pyarrow.compute as pc
import pytest

from domain import market_calendar as cal
from data.sources.schemas import CHAIN_SCHEMA, TRADE_SCHEMA, BAR_SCHEMA, validate_chain, validate_trades, validate_bars
from data.sources.synthetic import SyntheticMarket

UTC = timezone.utc
DAY = date(2026, 11, 19)  # a Thursday
TS = datetime(2026, 11, 19, 18, 45, tzinfo=UTC)  # 13:45 New York
SAMPLE = ["SPX", "SPY", "QQQ", "IWM", "NDX", "VIX", "AAPL", "TSLA", "XLU", "KRE", "NEE", "GLD"]


@pytest.fixture(scope="module")
def market():
    return SyntheticMarket(seed=7, tickers=SAMPLE)


def test_universe_size_and_daily_tickers():
    m = SyntheticMarket(seed=7)
    assert 230 <= len(m.universe) <= 270
    assert {"SPX", "NDX", "RUT", "VIX", "SPY", "QQQ", "IWM", "DIA", "XLF", "XLK", "XLE"} <= set(m.tickers)
    assert sorted(s.symbol for s in m.universe if s.dailies) == ["IWM", "QQQ", "SPX", "SPY"]
    assert len(set(m.tickers)) == len(m.tickers)


def test_same_seed_same_tables_different_seed_different():
    a, b, c = (SyntheticMarket(seed=s, tickers=["SPX", "AAPL"]) for s in (7, 7, 8))
    start = TS - timedelta(minutes=30)
    for tk in ("SPX", "AAPL"):
        assert a.chain(tk, TS).equals(b.chain(tk, TS))
        assert a.trades(tk, start, TS).equals(b.trades(tk, start, TS))
        assert a.underlying_bars(tk, DAY).equals(b.underlying_bars(tk, DAY))
        assert not a.chain(tk, TS).equals(c.chain(tk, TS))
        assert a.spot(tk, TS) != c.spot(tk, TS)


def test_random_access_and_subset_independence(market):
    # A far day first, then the test day: answers do not depend on what was asked before or on
    # which other tickers the market exposes.
    fresh = SyntheticMarket(seed=7, tickers=["AAPL"])
    fresh.chain("AAPL", datetime(2030, 6, 3, 15, 0, tzinfo=UTC))
    assert fresh.chain("AAPL", TS).equals(market.chain("AAPL", TS))
    assert fresh.spot("AAPL", TS) == market.spot("AAPL", TS)


def test_chains_conform_and_quotes_are_sane(market):
    for tk in SAMPLE:
        chain = market.chain(tk, TS)
        assert chain.schema.equals(CHAIN_SCHEMA)
        assert chain.num_rows > 50
        good, bad = validate_chain(chain)
        assert bad == [] and good.num_rows == chain.num_rows
        bid, ask = chain.column("bid").to_numpy(), chain.column("ask").to_numpy()
        assert (bid >= 0).all() and (ask > bid).all()
        assert pc.all(pc.equal(chain.column("ts"), pa.scalar(TS, pa.timestamp("us", tz="UTC")))).as_py()
        spot = market.spot(tk, TS)
        assert abs(chain.column("underlying_last")[0].as_py() - spot) < 0.01


def test_put_call_parity_from_mid_quotes(market):
    for tk in ("SPX", "AAPL", "SPY"):
        chain = market.chain(tk, TS).to_pydict()
        spot = market.spot(tk, TS)
        rows = {}
        for i in range(len(chain["strike"])):
            rows[(chain["expiration"][i], chain["strike"][i], chain["right"][i])] = i
        checked = 0
        for (exp, k, right), i in rows.items():
            if right != "C" or abs(np.log(k / spot)) > 0.05 or (exp, k, "P") not in rows:
                continue
            j = rows[(exp, k, "P")]
            t = cal.year_fraction(TS, exp)
            r, q = chain["rate"][i], chain["div_yield"][i]
            c_mid = 0.5 * (chain["bid"][i] + chain["ask"][i])
            p_mid = 0.5 * (chain["bid"][j] + chain["ask"][j])
            parity = spot * np.exp(-q * t) - k * np.exp(-r * t)
            tol = 0.5 * (chain["ask"][i] - chain["bid"][i] + chain["ask"][j] - chain["bid"][j]) + 0.02
            assert abs((c_mid - p_mid) - parity) <= tol, (tk, exp, k)
            checked += 1
        assert checked > 20


def test_iv_surface_has_put_skew_and_responds_to_spot(market):
    exp = date(2026, 12, 18)
    spot = market.spot("SPX", TS)
    ks = spot * np.array([0.9, 1.0, 1.1])
    iv = market.model_iv("SPX", TS, np.array([exp] * 3, dtype=object), ks)
    assert iv[0] > iv[1] > iv[2] * 0.98  # equity skew: downside strikes richer
    assert iv[0] - iv[1] > 0.02


def test_zero_dte_every_trading_day_and_no_holiday_expirations(market):
    days = cal.trading_days(date(2026, 1, 1), date(2026, 12, 31))
    for d in days[::3]:
        for tk in ("SPX", "SPY", "QQQ", "IWM"):
            exps = market.expirations(tk, d)
            assert exps[0] == d
            assert all(cal.is_trading_day(e) for e in exps)
        # No dailies for a single stock: Fridays, or Thursdays when the Friday is a holiday.
        assert all(e.weekday() in (3, 4) for e in market.expirations("AAPL", d))
    # The 0DTE series is in the chain itself.
    chain = market.chain("SPX", TS)
    assert DAY in set(chain.column("expiration").to_pylist())
    # A holiday's chain answers for the previous session: no contract expires on the holiday.
    thanksgiving = datetime(2026, 11, 26, 17, 0, tzinfo=UTC)
    hol = market.chain("SPX", thanksgiving)
    assert date(2026, 11, 26) not in set(hol.column("expiration").to_pylist())
    assert hol.column("ts")[0].as_py() == cal.session(date(2026, 11, 25))[1]


def test_listings_like_real_ones(market):
    exps = market.expirations("SPX", DAY)
    assert cal.third_friday(2026, 12) in exps and cal.third_friday(2027, 1) in exps
    assert cal.third_friday(2028, 1) in exps  # LEAPS
    assert date(2026, 12, 31) in exps  # quarterly (end of quarter)
    aapl = market.expirations("AAPL", DAY)
    assert date(2026, 11, 20) in aapl and date(2026, 11, 27) in aapl  # weeklies (27th is a half day)
    nee = market.expirations("NEE", DAY)
    assert date(2026, 11, 27) not in nee  # no weeklies for a quiet name
    # 2025-04-18 was both Good Friday and the third Friday: the monthly moves to Thursday.
    april = market.expirations("AAPL", date(2025, 4, 14))
    assert date(2025, 4, 17) in april and date(2025, 4, 18) not in april
    strikes = market.listings("SPX", DAY)[cal.third_friday(2026, 12)]
    spot = market.spot("SPX", TS)
    near = strikes[np.abs(strikes - spot) < 50]
    assert np.allclose(np.diff(near), 5.0)
    assert np.allclose(strikes % 5.0, 0.0)
    aapl_near = market.listings("AAPL", DAY)[cal.third_friday(2026, 12)]
    assert set(np.diff(np.sort(aapl_near))) <= {1.0, 2.0, 2.5, 5.0, 10.0, 12.5, 20.0, 25.0}


def test_open_interest_near_the_money_and_on_round_strikes(market):
    chain = market.chain("SPX", TS)
    exp = cal.third_friday(2026, 12)
    sub = chain.filter(pc.equal(chain.column("expiration"), pa.scalar(exp, pa.date32())))
    k = sub.column("strike").to_numpy()
    oi = sub.column("open_interest").to_numpy().astype(float)
    spot = market.spot("SPX", TS)
    near = np.abs(np.log(k / spot)) < 0.04
    far = np.abs(np.log(k / spot)) > 0.10
    assert oi[near].mean() > 2 * oi[far].mean()
    m = near & (k % 5 == 0)
    assert oi[m & (k % 100 == 0)].mean() > oi[m & (k % 100 != 0) & (k % 50 != 0)].mean()


def test_trades_window_sides_conditions_and_volume_consistency(market):
    start = cal.session(DAY)[0]
    trades = market.trades("SPX", start, TS)
    assert trades.schema.equals(TRADE_SCHEMA)
    _, bad = validate_trades(trades)
    assert bad == []
    ts = trades.column("ts").to_pylist()
    assert min(ts) > start and max(ts) <= TS and ts == sorted(ts)
    assert set(trades.column("true_side").to_pylist()) == {-1, 1}
    assert set(trades.column("condition").to_pylist()) == {"single", "spread", "complex"}
    sizes = trades.column("size").to_numpy()
    assert sizes.max() > 20 * np.median(sizes)  # heavy tail
    # Legs of one order share a package id and a timestamp.
    legs = trades.filter(pc.is_valid(trades.column("package_id"))).to_pydict()
    by_pkg = {}
    for pid, t in zip(legs["package_id"], legs["ts"]):
        by_pkg.setdefault(pid, set()).add(t)
    assert all(len(v) == 1 for v in by_pkg.values())
    # Fills at, inside and outside the quote.
    single = trades.filter(pc.equal(trades.column("condition"), "single")).to_pydict()
    p, b, a = (np.array(single[k]) for k in ("price", "bid", "ask"))
    at = np.isclose(p, b) | np.isclose(p, a)
    inside = (p > b + 1e-9) & (p < a - 1e-9)
    outside = (p < b - 1e-9) | (p > a + 1e-9)
    assert at.mean() > 0.3 and inside.mean() > 0.1 and outside.mean() > 0.005
    # Chain volume = sum of the day's prints up to ts, contract by contract.
    chain = market.chain("SPX", TS).to_pydict()
    vol = {}
    for e, k, r, s in zip(*(trades.column(c).to_pylist() for c in ("expiration", "strike", "right", "size"))):
        vol[(e, k, r)] = vol.get((e, k, r), 0) + s
    got = {(e, k, r): v for e, k, r, v in zip(chain["expiration"], chain["strike"], chain["right"], chain["volume"]) if v}
    assert got == vol
    # Windows tile: (a, b] + (b, c] = (a, c].
    mid = TS - timedelta(minutes=90)
    assert market.trades("SPX", start, mid).num_rows + market.trades("SPX", mid, TS).num_rows == trades.num_rows


def test_zero_dte_has_a_large_share_of_index_volume(market):
    o, c = cal.session(DAY)
    trades = market.trades("SPX", o, c)
    exp = trades.column("expiration").to_pylist()
    size = trades.column("size").to_numpy()
    share = size[np.array([e == DAY for e in exp])].sum() / size.sum()
    assert 0.2 < share < 0.8


def test_half_day_session_and_bars(market):
    half = date(2026, 11, 27)
    bars = market.underlying_bars("SPY", half)
    assert bars.schema.equals(BAR_SCHEMA)
    assert bars.num_rows == 210
    assert validate_bars(bars)[1] == []
    o, c = cal.session(half)
    trades = market.trades("SPY", o - timedelta(hours=2), c + timedelta(hours=3))
    assert trades.num_rows > 0 and max(trades.column("ts").to_pylist()) <= c
    assert market.underlying_bars("SPY", date(2026, 11, 26)).num_rows == 0
    full = market.underlying_bars("SPY", DAY)
    assert full.num_rows == 390
    assert abs(full.column("close")[-1].as_py() - market.daily_close("SPY", DAY)) < 0.01


def test_spot_vol_correlation_is_negative(market):
    closes = market.daily_closes("SPX", date(2024, 1, 1), date(2026, 11, 19)).column("close").to_numpy()
    vix = market.daily_closes("VIX", date(2024, 1, 1), date(2026, 11, 19)).column("close").to_numpy()
    r, dv = np.diff(np.log(closes)), np.diff(vix)
    assert np.corrcoef(r, dv)[0, 1] < -0.4
    assert 8 < np.median(vix) < 35
    o, _ = cal.session(DAY)
    times = [o + timedelta(minutes=5 * i) for i in range(79)]
    s = np.array([market.spot("SPX", t) for t in times])
    v = np.array([market.vix(t) for t in times])
    assert np.corrcoef(np.diff(np.log(s)), np.diff(v))[0, 1] < -0.4
    # The same holds for a single name's ATM implied vol through the day.
    exp = np.array([cal.third_friday(2026, 12)], dtype=object)
    a = np.array([market.spot("AAPL", t) for t in times])
    iv = np.array([market.model_iv("AAPL", t, exp, np.array([a[i]]))[0] for i, t in enumerate(times)])
    assert np.corrcoef(np.diff(np.log(a)), np.diff(iv))[0, 1] < 0


def test_vix_matches_close_and_spx_30_day_implied_vol(market):
    c = cal.session(DAY)[1]
    assert market.vix(c) == pytest.approx(market.vix_close(DAY))
    assert market.spot("VIX", TS) == pytest.approx(market.vix(TS))
    spot = market.spot("SPX", TS)
    exp = np.array([TS.date() + timedelta(days=30)], dtype=object)
    while not cal.is_trading_day(exp[0]):
        exp[0] -= timedelta(days=1)
    atm = market.model_iv("SPX", TS, exp, np.array([spot]))[0] * 100
    vix = market.vix(TS)
    assert atm < vix < atm * 1.4  # variance swap above ATM vol because of the skew


def test_overnight_roll_of_open_interest(market):
    d1, d2 = date(2026, 11, 18), DAY
    c1 = market.chain("SPY", cal.session(d1)[0] + timedelta(minutes=1)).to_pydict()
    c2 = market.chain("SPY", cal.session(d2)[0] + timedelta(minutes=1)).to_pydict()
    k1 = {(e, k, r): oi for e, k, r, oi in zip(c1["expiration"], c1["strike"], c1["right"], c1["open_interest"])}
    k2 = {(e, k, r): oi for e, k, r, oi in zip(c2["expiration"], c2["strike"], c2["right"], c2["open_interest"])}
    assert d1 in {key[0] for key in k1} and d1 not in {key[0] for key in k2}  # expired series roll off
    common = [key for key in k1 if key in k2 and k1[key] > 100]
    assert len(common) > 100
    a = np.array([k1[key] for key in common], float)
    b = np.array([k2[key] for key in common], float)
    assert np.corrcoef(a, b)[0, 1] > 0.8  # OI persists overnight...
    assert (a != b).mean() > 0.5  # ...and changes
    # Chain volume at the open is the opening prints only; OI is fixed through the day.
    late = market.chain("SPY", TS).to_pydict()
    k3 = {(e, k, r): oi for e, k, r, oi in zip(late["expiration"], late["strike"], late["right"], late["open_interest"])}
    assert all(k3[key] == k2[key] for key in k2 if key in k3)


def test_correlated_paths_fat_tails_and_changing_volatility():
    m = SyntheticMarket(seed=7, tickers=["SPX", "SPY", "NDX", "QQQ", "XLK", "XLU", "AAPL", "GLD"])
    start, end = date(2018, 1, 1), date(2026, 11, 19)

    def returns(tk):
        c = m.daily_closes(tk, start, end).column("close").to_numpy()
        return np.diff(np.log(c))

    r = {tk: returns(tk) for tk in m.tickers}
    corr = lambda a, b: np.corrcoef(r[a], r[b])[0, 1]  # noqa: E731
    assert corr("SPX", "SPY") > 0.999 and corr("NDX", "QQQ") > 0.999  # index ETFs follow their index
    assert corr("SPX", "NDX") > 0.8 and corr("SPX", "XLK") > 0.6
    assert corr("SPX", "XLU") < corr("SPX", "XLK") and corr("SPX", "GLD") < 0.3
    # SPY stays a tenth of SPX, QQQ a fixed fraction of NDX.
    ts = datetime(2030, 3, 4, 15, 0, tzinfo=UTC)
    assert m.spot("SPY", ts) / m.spot("SPX", ts) == pytest.approx(0.1)
    x = r["SPX"]
    kurtosis = np.mean((x - x.mean()) ** 4) / np.var(x) ** 2
    assert kurtosis > 4  # jumps and stochastic volatility: fatter tails than a normal's 3
    realized = np.array([x[i:i + 63].std() for i in range(0, x.size - 63, 21)]) * np.sqrt(252)
    assert realized.max() / realized.min() > 2  # volatility regimes come and go
