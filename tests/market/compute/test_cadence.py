"""The day's running totals do not depend on how often snapshots are taken.

One synthetic session is computed three ways from the same starting book: a snapshot every 5 minutes,
every 30 minutes, and only at the close. DADS, dealer premium and every other running total of the
day (docs/methodology.md §4.2–4.3), and the dealer book they come with, must agree within 5 % at the
close and at every time the cadences share.
"""

from __future__ import annotations

from datetime import date

import polars as pl
import pytest

from domain import market_calendar as cal
from data.orchestration.demo import snapshot_times
from data.compute.snapshot import state_from_batch
from data.orchestration.pipeline import build_snapshot
from data.sources.lookup import get_source

DAY = date(2026, 11, 20)
TICKERS = ["AAPL", "QQQ", "SPX", "SPY"]
TOTALS = ["dads", "dealer_premium", "zero_dte_dealer_premium", "dap", "notional_volume",
          "delta_notional_volume", "total_trades", "classified_trades", "open_contracts", "agg_delta"]
TOLERANCE = 0.05


def _run(minutes: int | None, tmp_path) -> dict:
    """Stats rows by (ticker, ts) for one session at the given cadence (None = the close only)."""
    times = snapshot_times(DAY, minutes) if minutes else [cal.session(DAY)[1]]
    root = tmp_path / f"store-{minutes}"
    src = get_source("synthetic")
    state, out = None, {}
    for ts in times:
        batch = build_snapshot(TICKERS, ts, src, root=root, state=state)
        state = state_from_batch(batch)
        for row in pl.from_arrow(batch.stats).to_dicts():
            out[(row["ticker"], ts)] = row
    return out


def _scale(rows: list[dict], name: str) -> float:
    """What a 5 % difference is measured against: the larger magnitude of the two figures."""
    return max(abs(r[name] or 0.0) for r in rows)


@pytest.fixture(scope="module")
def runs(tmp_path_factory):
    tmp = tmp_path_factory.mktemp("cadence")
    return {m: _run(m, tmp) for m in (5, 30, None)}


@pytest.mark.slow
@pytest.mark.parametrize("other", [30, None], ids=["30-minute", "close-only"])
def test_running_totals_agree_across_cadences(runs, other):
    fine, coarse = runs[5], runs[other]
    shared = sorted(set(fine) & set(coarse))
    assert len(shared) >= len(TICKERS) * (13 if other == 30 else 1)
    bad = []
    for key in shared:
        for name in TOTALS:
            a, b = fine[key][name], coarse[key][name]
            if a is None and b is None:
                continue
            assert a is not None and b is not None, (key, name, a, b)
            if abs(a - b) > TOLERANCE * _scale([fine[key], coarse[key]], name):
                bad.append((key[0], key[1].isoformat(), name, a, b))
    assert not bad, bad[:10]


@pytest.mark.slow
def test_dads_at_the_close_is_a_spread_not_a_model_error(runs):
    """DADS is dollars of edge per contract: at the close it reads the same whichever cadence built it."""
    close = cal.session(DAY)[1]
    values = [runs[m][("SPX", close)]["dads"] for m in (5, 30, None)]
    assert all(v is not None and v > 0 for v in values)
    assert max(values) / min(values) < 1 + TOLERANCE
