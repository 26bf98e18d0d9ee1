"""Schemas of the tables the store keeps: what compute hands over and what readers get back.

The store owns these shapes; the snapshot computation (``data.compute.snapshot``) casts its output to
them, and the writer (``data.store.parquet``) refuses nothing else. Pure ``pyarrow`` definitions, so
compute can import them without the writer's file and lock machinery.
"""

from __future__ import annotations

import pyarrow as pa

from domain.vocabulary import GREEKS

TS = pa.timestamp("us", tz="UTC")

EXPOSURE_SCHEMA = pa.schema([
    ("ticker", pa.string()),
    ("ts", TS),
    ("expiration", pa.date32()),
    ("strike", pa.float64()),
    ("right", pa.string()),            # "C" or "P"
    ("position", pa.float64()),        # dealer contracts, + = dealer long
    ("open_interest", pa.float64()),
    ("volume", pa.float64()),
    ("t_years", pa.float64()),         # time to expiry used for the greeks
    ("spot", pa.float64()),
    ("rate", pa.float64()),
    ("div_yield", pa.float64()),
    # Greeks and IV as float32: seven significant digits are plenty for a dollar exposure and halve the
    # store (sums are taken in double precision by the reader).
    ("iv", pa.float32()),
    *[(g, pa.float32()) for g in GREEKS],
])
FLOAT32_COLUMNS = ["iv", *GREEKS]

STATS_FIELDS: list[tuple[str, pa.DataType]] = [
    ("ticker", pa.string()),
    ("ts", TS),
    ("price", pa.float64()),
    ("previous_close", pa.float64()),
    ("vix", pa.float64()),
    ("previous_vix", pa.float64()),
    ("rate", pa.float64()),
    ("div_yield", pa.float64()),
    ("notional_volume", pa.float64()),
    ("delta_notional_volume", pa.float64()),
    ("vanna_stochastic", pa.float64()),
    ("dealer_premium", pa.float64()),
    ("zero_dte_dealer_premium", pa.float64()),
    ("dads", pa.float64()),
    ("dads_d2d", pa.float64()),
    ("dap", pa.float64()),
    ("paradigm", pa.string()),
    ("target", pa.float64()),
    ("lis_low", pa.float64()),
    ("lis_high", pa.float64()),
    ("zerodte_agg_charm", pa.float64()),
    ("total_0dte_opt_vol", pa.float64()),
    *[(f"agg_{g}", pa.float64()) for g in GREEKS],
    ("total_trades", pa.int64()),
    ("classified_trades", pa.int64()),
    ("open_contracts", pa.float64()),
    ("zero_gamma", pa.float64()),
    ("call_wall", pa.float64()),
    ("put_wall", pa.float64()),
    ("has_0dte", pa.bool_()),
]
STATS_SCHEMA = pa.schema(STATS_FIELDS)

BARS_SCHEMA = pa.schema([
    ("ticker", pa.string()), ("ts", TS),
    ("open", pa.float64()), ("high", pa.float64()), ("low", pa.float64()), ("close", pa.float64()),
])

DAILY_SCHEMA = pa.schema([
    ("date", pa.date32()),
    ("ticker", pa.string()),
    ("close", pa.float64()),
    ("vix_close", pa.float64()),
    *[(f"agg_{g}", pa.float64()) for g in GREEKS],
    ("dads", pa.float64()),
])

BOOK_SCHEMA = pa.schema([
    ("ticker", pa.string()),
    ("expiration", pa.date32()),
    ("strike", pa.float64()),
    ("right", pa.string()),
    ("position", pa.float64()),
    ("model_iv", pa.float64()),       # the contract's IV at the book's time: tomorrow's fixed-price model
])

# Running per-ticker totals of the day's classified prints (premium, DADS, notional volume).
TALLY_SCHEMA = pa.schema([
    ("ticker", pa.string()),
    ("dealer_premium", pa.float64()),
    ("zero_dte_dealer_premium", pa.float64()),
    ("dap", pa.float64()),
    ("dads_sum", pa.float64()),
    ("dads_n", pa.int64()),
    ("notional_volume", pa.float64()),
    ("delta_notional_volume", pa.float64()),
    ("total_trades", pa.int64()),
    ("classified_trades", pa.int64()),
    ("previous_dads", pa.float64()),   # the previous session's closing DADS (for the day-to-day change)
])
STATE_SCHEMAS = {"book": BOOK_SCHEMA, "tallies": TALLY_SCHEMA}

# The classified prints of one publish window (the prints behind the dealer book, docs/methodology.md §2.2
# and §4.14-4.16): one row per print with time ``ts`` in (previous snapshot, snapshot]. Written once per
# snapshot like the other tables, never changed afterwards. Sorted by ``sort_prints``: by ticker, then
# premium band (half-decades of dollars) from the largest, then time from the latest. Both orders of the
# tape find their page in a few row groups: largest-first reads the top bands' row groups, latest-first
# the first row group of each band, and the row-group statistics of premium and time skip the rest.
# Files written before this order (ticker, premium from the largest, time) read the same answers.
PRINTS_SCHEMA = pa.schema([
    ("ticker", pa.string()),
    ("ts", TS),                        # the print's time (UTC)
    ("expiration", pa.date32()),
    ("strike", pa.float64()),
    ("right", pa.string()),            # "C" or "P"
    ("size", pa.int64()),              # contracts
    ("price", pa.float64()),           # $ per share
    ("bid", pa.float64()),             # the NBBO at the print ($ per share; null when the feed had none)
    ("ask", pa.float64()),
    ("premium", pa.float64()),         # price x size x 100, $
    ("customer_side", pa.int8()),      # +1 the customer bought, -1 sold, 0 unclassified (= -dealer_side)
    ("dealer_side", pa.int8()),        # +1 the dealer bought, -1 sold, 0 unclassified
    ("condition", pa.string()),        # single, spread (a leg of a two-leg order) or complex
    ("package_id", pa.int64()),        # shared by the legs of one multi-leg order; null for a single print
    ("underlying_price", pa.float64()),
    ("abs_delta", pa.float64()),       # |delta| at the print's model IV (methodology §2.2)
    ("zero_dte", pa.bool_()),          # the contract expires on the print's session date
])

# The order of prints files published before the banded order (still read; the tape's answers do not
# depend on a file's order).
PRINTS_ORDER = [("ticker", "ascending"), ("premium", "descending"), ("ts", "ascending")]
#: Premium bands per decade of dollars in a prints file's order (2: $1-3.16, $3.16-10, $10-31.6, ...).
PRINT_BANDS_PER_DECADE = 2


def prints_band(premium: pa.Array | pa.ChunkedArray) -> pa.Array:
    """The premium band of each print: ``floor(2·log10(max(premium, $1)))`` (0 for a null premium)."""
    import numpy as np

    p = np.nan_to_num(np.asarray(premium.to_numpy(zero_copy_only=False), dtype=np.float64), nan=1.0)
    return pa.array(np.floor(np.log10(np.maximum(p, 1.0)) * PRINT_BANDS_PER_DECADE).astype(np.int16))


def sort_prints(table: pa.Table) -> pa.Table:
    """``table`` (prints columns) in a prints file's order: ticker, premium band from the largest, then time
    from the latest, then premium from the largest."""
    if table.num_rows == 0:
        return table
    banded = table.append_column("_band", prints_band(table.column("premium")))
    return banded.sort_by([("ticker", "ascending"), ("_band", "descending"), ("ts", "descending"),
                           ("premium", "descending")]).drop_columns(["_band"])

TABLE_SCHEMAS = {"exposures": EXPOSURE_SCHEMA, "stats": STATS_SCHEMA, "bars": BARS_SCHEMA,
                 "prints": PRINTS_SCHEMA}
