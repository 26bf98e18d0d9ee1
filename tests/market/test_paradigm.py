"""The 0DTE paradigm levels follow the search range stated in docs/methodology.md §4.5."""

from __future__ import annotations

import numpy as np

from data.compute import derived


def _gex_book(spot: float):
    t = 3 / (365 * 24)
    contracts = {"position": np.array([100.0, -100.0]), "strike": np.array([spot - 1.0, spot + 1.0]),
                 "t": np.full(2, t), "rate": np.zeros(2), "div_yield": np.zeros(2), "iv": np.full(2, 0.15),
                 "is_call": np.array([False, True])}
    return contracts, np.array([spot - 1.0, spot + 1.0]), np.array([-3.0, -4.0])


def test_levels_lie_on_the_stated_grid_and_inside_the_stated_range():
    spot, straddle, step = 100.0, 2.0, 0.25
    contracts, strikes, charm = _gex_book(spot)
    p = derived.zero_dte_paradigm(spot, straddle, strikes, charm, contracts, step)
    assert p.name.startswith("GEX")
    width = derived.STRADDLE_RANGE * straddle
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
    p = derived.zero_dte_paradigm(spot, 0.01, strikes, charm, contracts, step)
    for x in (p.target, *p.lis):
        if x is not None:
            assert abs(x - spot) <= 10 * step + 1e-9


def test_paradigm_uses_the_opening_straddle_all_day(tmp_path, monkeypatch):
    from datetime import UTC, date, datetime

    import polars as pl
    from _chain_data import HandSource

    from data import calendar as cal
    from data.orchestration import pipeline

    monkeypatch.setenv("VOLLAND_RETENTION_DAYS", "0")
    day = date(2026, 11, 20)
    src = HandSource(day)
    seen: list[float] = []
    real = derived.zero_dte_paradigm

    def spy(spot, opening_straddle, *args):
        seen.append(opening_straddle)
        return real(spot, opening_straddle, *args)

    monkeypatch.setattr(derived, "zero_dte_paradigm", spy)
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
