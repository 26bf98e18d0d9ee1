"""The demo's published dealer book is settled: it shows no drift beyond what the flow itself moves.

A settled book changes each session by that session's booked flow and by what expires, and in the
synthetic market those balance on average (the customer regimes are drawn from one fixed
distribution every session). So over the last 20 published sessions the mean session-to-session change
of the book must be within two standard errors of zero, the standard error coming from the
session-to-session changes themselves, i.e. from the flow's own variability (docs/methodology.md §2.4).
A book still unwinding its start-up convention fails this: under the open-interest start the SPX
long-call/short-put inventory falls by about 3 % every published session while the flow moves it by
about 5 % up or down.
"""

from __future__ import annotations

import dataclasses
from datetime import UTC, datetime

import numpy as np
import polars as pl
import pytest

from data.orchestration import demo

AS_OF = datetime(2026, 11, 20, 23, 0, tzinfo=UTC)
TICKERS = ("SPX", "QQQ", "AAPL")
WINDOW = 20           # published sessions
T_BOUND = 2.0         # standard errors


def _book_measures(exposures: pl.DataFrame) -> dict[str, float]:
    """Per ticker: the long-call/short-put inventory (contracts the open-interest convention assigns
    dealers), the opposite inventory (short calls, long puts) and the dealer delta ($)."""
    call = pl.col("right") == "C"
    pos = pl.col("position")
    return {
        "long_call_short_put": float(exposures.select(
            (pl.when(call).then(pos.clip(lower_bound=0)).otherwise(-pos.clip(upper_bound=0))).sum()).item()),
        "short_call_long_put": float(exposures.select(
            (pl.when(call).then(-pos.clip(upper_bound=0)).otherwise(pos.clip(lower_bound=0))).sum()).item()),
        "delta": float(exposures["delta"].sum()),
        "gross_delta": float(exposures["delta"].abs().sum()),
    }


def drift(series: np.ndarray, scale: np.ndarray | None = None) -> tuple[float, float]:
    """(mean session-to-session change, its standard error). Inventories change in log terms; a
    signed figure such as dealer delta changes in units of ``scale`` (its mean gross size)."""
    if scale is None:
        steps = np.diff(np.log(series))
    else:
        steps = np.diff(series) / np.mean(scale)
    return float(steps.mean()), float(steps.std(ddof=1) / np.sqrt(steps.size))


@pytest.fixture(scope="module")
def closes(tmp_path_factory):
    """The closing book of every published session of a small demo build, per ticker."""
    root = tmp_path_factory.mktemp("settled") / "store"
    profile = dataclasses.replace(demo.PROFILES["full"], name="settled", tickers=TICKERS,
                                  intraday_minutes=390, year_days=10)
    published: list[tuple[datetime, str, dict]] = []
    original = demo.publish_snapshot

    def record(batch, root_):
        if batch.kind == "eod":
            ex = pl.from_arrow(batch.exposures)
            for tk in TICKERS:
                published.append((batch.ts, tk, _book_measures(ex.filter(pl.col("ticker") == tk))))
        return original(batch, root_)

    mp = pytest.MonkeyPatch()
    mp.setenv("VOLLAND_RETENTION_DAYS", "0")
    mp.setitem(demo.PROFILES, "settled", profile)
    mp.setattr(demo, "publish_snapshot", record)
    try:
        demo.build_demo("settled", root, AS_OF, progress=False, workers=1)
    finally:
        mp.undo()
    rows = [{"ts": ts, "ticker": tk, **m} for ts, tk, m in published]
    return pl.DataFrame(rows).sort("ticker", "ts")


@pytest.mark.slow
def test_the_published_sessions_are_enough(closes):
    per_ticker = closes.group_by("ticker").len()
    assert per_ticker["len"].min() >= WINDOW


@pytest.mark.slow
@pytest.mark.parametrize("ticker", TICKERS)
@pytest.mark.parametrize("measure", ["long_call_short_put", "short_call_long_put", "delta"])
def test_no_drift_beyond_the_flow_over_the_last_sessions(closes, ticker, measure):
    last = closes.filter(pl.col("ticker") == ticker).tail(WINDOW)
    if measure == "delta":
        mean, se = drift(last["delta"].to_numpy(), last["gross_delta"].to_numpy())
    else:
        mean, se = drift(last[measure].to_numpy())
    assert se > 0
    assert abs(mean) <= T_BOUND * se, \
        f"{ticker} {measure}: {100 * mean:+.2f} % per session, standard error {100 * se:.2f} %"
