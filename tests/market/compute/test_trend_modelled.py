"""The aggregate trend tells modelled back-history from computed sessions (methodology §4.8)."""

from __future__ import annotations

from datetime import date, timedelta

import polars as pl

from data.compute import read_analytics


def _daily(n: int, first_computed: int) -> pl.DataFrame:
    days = [date(2026, 1, 1) + timedelta(days=i) for i in range(n)]
    return pl.DataFrame({"date": days, "agg_charm": [float(i) for i in range(n)],
                         "dads": [None if i < first_computed else 1.0 for i in range(n)]},
                        schema_overrides={"dads": pl.Float64})


def test_modelled_through_is_the_last_trend_day_before_the_first_snapshot_without_dads():
    df = _daily(300, 280)
    first_snapshot = date(2026, 1, 1) + timedelta(days=280)
    out = read_analytics.greek_trend(df, "charm", computed_from=first_snapshot)
    assert out["modelledThrough"] == (first_snapshot - timedelta(days=1)).isoformat()
    assert out["modelledThrough"] in {p["x"] for p in out["trend"]}
    # Without knowing where computed sessions start, nothing is called modelled.
    assert read_analytics.greek_trend(df, "charm")["modelledThrough"] is None


def test_rows_with_dads_or_outside_the_window_are_not_modelled():
    # A computed session's row carries its DADS: computed, even before the oldest snapshot still kept.
    df = _daily(300, 0)
    assert read_analytics.greek_trend(df, "charm", computed_from=date(2026, 10, 1))["modelledThrough"] is None
    # Back-history older than the 180-day window: no trend point is modelled.
    df = _daily(300, 100)
    assert read_analytics.greek_trend(df, "charm", computed_from=date(2026, 1, 1) + timedelta(days=100))[
        "modelledThrough"] is None
    # As of a day inside the back history, every point is modelled: through the window's last day.
    end = date(2026, 1, 1) + timedelta(days=50)
    out = read_analytics.greek_trend(df, "charm", end=end, computed_from=date(2026, 1, 1) + timedelta(days=100))
    assert out["modelledThrough"] == end.isoformat() == out["trend"][-1]["x"]
    assert read_analytics.greek_trend(df.head(0), "charm", computed_from=end)["modelledThrough"] is None
