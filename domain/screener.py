"""The screener's arithmetic (methodology §4.8): each ticker's values now and one time frame back, their
changes, and the ranking the screener answers.

The store reads the daily rows (``Reader.screener_inputs``: for every ticker, its last daily row on or
before each date of :func:`lookback_dates`); everything computed from them is here, so the rule has one
home whatever serves it (the data route, the public API).
"""

from __future__ import annotations

import math
from datetime import date, timedelta

import polars as pl

from domain.vocabulary import GREEKS, SCREENER_TIME_FRAME_DAYS

#: The values compared over a time frame: the close (``price``) and every greek's daily aggregate.
SCREENER_VALUES: tuple[str, ...] = ("price", *GREEKS)


def lookback_dates(at: date) -> list[date]:
    """``at`` and, for each time frame, the date it looks back to (``at`` minus its calendar days)."""
    return [at] + [at - timedelta(days=d) for d in SCREENER_TIME_FRAME_DAYS.values()]


def screener_changes(rows: pl.DataFrame, at: date) -> pl.DataFrame:
    """One row per ticker: current values and their values one time frame back.

    ``rows``: the daily rows as of each date of ``lookback_dates(at)`` (columns ``as_of``, ``date``,
    ``ticker``, ``close`` and ``agg_<greek>``). Columns out: ``ticker``, ``price`` and, for each ``g`` in
    :data:`SCREENER_VALUES` and each time frame ``tf``: ``<g>`` (now), ``<g>_<tf>`` (value on the last date
    on or before ``at - tf``), ``<g>_diff_<tf>`` (now - then) and ``<g>_norm_<tf>`` ((now - then) / |then|,
    null when then is 0). Sorted by ticker.
    """
    raw = rows.rename({"close": "agg_price"})
    now = raw.filter(pl.col("as_of") == at).drop("as_of", "date")
    now = now.rename({f"agg_{g}": g for g in SCREENER_VALUES})
    out = now.with_columns(pl.col("price"))
    for tf, days in SCREENER_TIME_FRAME_DAYS.items():
        then = raw.filter(pl.col("as_of") == at - timedelta(days=days)).drop("as_of", "date")
        then = then.rename({f"agg_{g}": f"{g}_{tf}" for g in SCREENER_VALUES})
        out = out.join(then, on="ticker", how="left")
        out = out.with_columns(
            *[(pl.col(g) - pl.col(f"{g}_{tf}")).alias(f"{g}_diff_{tf}") for g in SCREENER_VALUES],
            *[pl.when(pl.col(f"{g}_{tf}").abs() > 0)
              .then((pl.col(g) - pl.col(f"{g}_{tf}")) / pl.col(f"{g}_{tf}").abs())
              .otherwise(None).alias(f"{g}_norm_{tf}") for g in SCREENER_VALUES],
        )
    return out.sort("ticker")


def screener_rank(inputs: pl.DataFrame, *, flag: str, greek: str, time_frame: str, superlative: str, length: int,
                  price_min: float | None = None, price_max: float | None = None) -> list[tuple[str, float]]:
    """Rank tickers by the change of ``greek`` (an aggregate, or ``price``) over ``time_frame`` (§4.8).

    ``inputs``: :func:`screener_changes` (now and then per ticker). ``diff`` = now − then,
    ``mag`` = |now| − |then|, ``norm`` = (now − then)/|then| (tickers with then = 0 are left out).
    Tickers without both values or a price, or whose price is outside [price_min, price_max], are left
    out. ``greatest`` ranks by |change| descending, ``least`` ascending; ties by ticker. First ``length``.
    """
    if inputs.height == 0 or greek not in inputs.columns or f"{greek}_{time_frame}" not in inputs.columns:
        return []
    rows = []
    for ticker, price, a, b in zip(inputs["ticker"].to_list(), inputs["price"].to_list(), inputs[greek].to_list(),
                                   inputs[f"{greek}_{time_frame}"].to_list(), strict=True):
        if any(x is None or not math.isfinite(x) for x in (a, b, price)):
            continue
        if price_min is not None and price < price_min:
            continue
        if price_max is not None and price > price_max:
            continue
        if flag == "diff":
            v = a - b
        elif flag == "mag":
            v = abs(a) - abs(b)
        else:
            if b == 0:
                continue
            v = (a - b) / abs(b)
        rows.append((ticker, float(v)))
    rows.sort(key=lambda r: (abs(r[1]), r[0]), reverse=superlative == "greatest")
    return rows[:length]
