"""The session heatmap (docs/methodology.md §4.11): one greek's dealer exposure per (snapshot time, strike)
over a session, as a compact matrix.

Pure functions: the reader supplies the session's prices and the per-(time, strike) call and put sums
(``data.store.query.Reader.session_prices`` and ``session_matrix``, one query over the session's files);
this module decides the strike range and lays the rows out as a matrix. A cell is the exposure chart's
value at that snapshot and strike, calls plus puts, each side's missing greeks read as 0.
"""

from __future__ import annotations

import math
from datetime import datetime

import numpy as np
import polars as pl


def strike_bounds(prices: list[float | None], percent: float) -> tuple[float, float]:
    """Strikes drawn: from the session's lowest price less ``percent`` % to its highest plus ``percent`` %
    (prices of the snapshots drawn). Without any price every strike is drawn."""
    known = [p for p in prices if p is not None and math.isfinite(p)]
    if not known:
        return 0.0, math.inf
    return min(known) * (1.0 - percent / 100.0), max(known) * (1.0 + percent / 100.0)


def session_heatmap(times: list[datetime], prices: list[float | None], rows: pl.DataFrame) -> dict:
    """``{times, strikes, values, spot}``: ``values[i][j]`` is the exposure at ``times[i]`` and
    ``strikes[j]`` (calls + puts), None where that snapshot lists no contract at that strike.

    ``rows`` holds (ts, strike, call, put), one row per snapshot time and strike; ``strikes`` is every
    strike of ``rows``, ascending.
    """
    strikes = np.unique(rows["strike"].to_numpy()) if rows.height else np.empty(0)
    values = np.full((len(times), len(strikes)), np.nan)
    if rows.height:
        # Rows are placed by instant (microseconds since the epoch), never by a Python object per row.
        row_us = rows["ts"].dt.epoch("us").to_numpy()
        time_us = np.array([round(t.timestamp() * 1e6) for t in times], dtype=np.int64)
        order = np.argsort(time_us)
        ti = order[np.searchsorted(time_us, row_us, sorter=order)]
        if not np.array_equal(time_us[ti], row_us):
            raise ValueError("a row's time is not one of the session's snapshot times")
        si = np.searchsorted(strikes, rows["strike"].to_numpy())
        # The same sum the exposure chart draws: each side's NaN as 0, then calls + puts.
        call = np.nan_to_num(rows["call"].to_numpy(), nan=0.0)
        put = np.nan_to_num(rows["put"].to_numpy(), nan=0.0)
        values[ti, si] = call + put
    cells = values.astype(object)
    cells[np.isnan(values)] = None
    return {"times": list(times), "strikes": strikes.tolist(), "values": cells.tolist(),
            "spot": [None if p is None or not math.isfinite(p) else float(p) for p in prices]}
