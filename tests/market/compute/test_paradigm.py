"""The 0DTE paradigm levels follow the search range stated in docs/methodology.md §4.5."""

from __future__ import annotations

import numpy as np

from data.compute import snapshot_figures


def _gex_book(spot: float):
    t = 3 / (365 * 24)
    contracts = {"position": np.array([100.0, -100.0]), "strike": np.array([spot - 1.0, spot + 1.0]),
                 "t": np.full(2, t), "rate": np.zeros(2), "div_yield": np.zeros(2), "iv": np.full(2, 0.15),
                 "is_call": np.array([False, True])}
    return contracts, np.array([spot - 1.0, spot + 1.0]), np.array([-3.0, -4.0])


def test_levels_lie_on_the_stated_grid_and_inside_the_stated_range():
    spot, straddle, step = 100.0, 2.0, 0.25
    contracts, strikes, charm = _gex_book(spot)
    p = snapshot_figures.zero_dte_paradigm(spot, straddle, strikes, charm, contracts, step)
    assert p.name.startswith("GEX")
    width = snapshot_figures.STRADDLE_RANGE * straddle
    reach = max(np.ceil(2 * width / step), 10) * step
    levels = [x for x in (p.target, *p.lis) if x is not None]
    assert levels, "the re-priced charm crosses zero inside the range for this book"
    for x in levels:
        k = (x - spot) / step
        assert abs(k - round(k)) < 1e-9 and 1 <= abs(round(k))
        assert abs(x - spot) <= reach + 1e-9


def test_narrow_straddle_still_searches_ten_steps():
    spot, step = 100.0, 0.25
    contracts, strikes, charm = _gex_book(spot)
    # A tiny straddle: 2·width is far below 10 steps, so the search reaches exactly 10 steps.
    p = snapshot_figures.zero_dte_paradigm(spot, 0.01, strikes, charm, contracts, step)
    for x in (p.target, *p.lis):
        if x is not None:
            assert abs(x - spot) <= 10 * step + 1e-9


def test_paradigm_uses_the_opening_straddle_all_day(tmp_path, monkeypatch):
    from datetime import UTC, date, datetime

    import polars as pl
    from tests.market._chain_data import HandSource

    from domain import market_calendar as cal
    from data.orchestration import pipeline

    monkeypatch.setenv("VOLLAND_RETENTION_DAYS", "0")
    day = date(2026, 11, 20)
    src = HandSource(day)
    seen: list[float] = []
    real = snapshot_figures.zero_dte_paradigm

    def spy(spot, opening_straddle, *args):
        seen.append(opening_straddle)
        return real(spot, opening_straddle, *args)

    monkeypatch.setattr(snapshot_figures, "zero_dte_paradigm", spy)
    root = tmp_path / "store"
    for ts in (datetime(2026, 11, 20, 14, 35, tzinfo=UTC), datetime(2026, 11, 20, 18, 0, tzinfo=UTC)):
        pipeline.publish_snapshot(pipeline.build_snapshot(["SPX"], ts, src, root=root), root)
    ch = pl.from_arrow(src.chains(["SPX"], cal.session(day)[0])).filter(pl.col("expiration") == day)
    spot = (ch["underlying_bid"][0] + ch["underlying_ask"][0]) / 2
    k = ch["strike"][int(np.argmin(np.abs(ch["strike"].to_numpy() - spot)))]
    atm = ch.filter(pl.col("strike") == k)
    expected = float(((atm["bid"] + atm["ask"]) / 2).sum())
    assert len(seen) == 2 and atm.height == 2
    assert seen[0] == seen[1] == np.float64(expected)


def test_same_day_contracts_without_an_iv_take_their_strikes():
    """docs/methodology.md §3: a quoted contract expiring today without an IV takes its strike's IV (the
    out-of-the-money contract's, else the in-the-money one's), else the nearest strike's (the lower on a
    tie); zero-bid contracts and other expirations keep their NaN."""
    from data.compute.snapshot import fill_same_day_iv

    today, later = np.datetime64("2026-11-10"), np.datetime64("2026-11-11")
    strike = np.array([99.0, 99.0, 100.0, 100.0, 101.0, 101.0, 103.0, 103.0, 100.0, 100.0])
    right_c = np.array([True, False] * 5)
    exp = np.array([today] * 8 + [later] * 2)
    nan = np.nan
    # 99: call ITM 0.30, put OTM missing; 100: both missing; 101: call OTM 0.25, put ITM missing;
    # 103: both missing; the later expiration keeps its missing IVs.
    iv = np.array([0.30, nan, nan, nan, 0.25, nan, nan, nan, nan, 0.2])
    quoted = np.ones(10, dtype=bool)
    quoted[6] = False                                   # the 103 call bids zero
    out = fill_same_day_iv(iv, np.array(["X"] * 10), exp, strike, np.full(10, 100.4), right_c, today, quoted)
    assert out[0] == 0.30 and out[1] == 0.30            # the ITM call's IV for the whole strike
    assert out[4] == 0.25 and out[5] == 0.25            # the OTM call's IV
    assert out[2] == out[3] == 0.30                     # 100 is 1 from 99 and from 101: the lower
    assert out[7] == 0.25                               # 103: nearest strike with an IV is 101
    assert np.isnan(out[6])                             # a zero bid keeps no IV
    assert np.isnan(out[8]) and out[9] == 0.2           # another expiration is left alone
    assert np.isnan(iv[1])                              # the input is not modified


def test_every_quoted_same_day_contract_has_an_iv_near_the_close():
    """With half an hour left IWM's same-day quotes sit at the tick: in-the-money mids fall at or below
    intrinsic, yet every same-day contract with a bid gets an IV and so its greeks, and the paradigm
    window has charm on both sides (this reading was Undefined before)."""
    from datetime import UTC, date, datetime

    import polars as pl

    from data.orchestration.pipeline import build_snapshot
    from data.sources.lookup import get_source

    ts = datetime(2026, 11, 10, 20, 30, tzinfo=UTC)
    src = get_source("synthetic")
    raw = pl.from_arrow(src.chains(["IWM"], ts)).filter(pl.col("expiration") == date(2026, 11, 10))
    batch = build_snapshot(["IWM"], ts, src)
    ex = pl.from_arrow(batch.exposures).filter(pl.col("expiration") == date(2026, 11, 10))
    ex = ex.join(raw.select("strike", "right", "bid", "ask"), on=["strike", "right"])
    assert ex.height == raw.height
    quoted = ex.filter(pl.col("bid") > 0)
    itm = quoted.filter(pl.when(pl.col("right") == "C").then(pl.col("strike") < pl.col("spot"))
                        .otherwise(pl.col("strike") > pl.col("spot")))
    intrinsic = (itm["strike"] - itm["spot"]).abs()
    assert ((itm["bid"] + itm["ask"]) / 2 <= intrinsic).any()   # the situation the rule is for
    assert quoted["iv"].is_nan().sum() == 0
    assert ex.filter(pl.col("bid") <= 0)["iv"].is_nan().all()
    assert batch.stats.to_pylist()[0]["paradigm"] not in ("", "Undefined")
