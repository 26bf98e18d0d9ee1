"""Arrow schemas of the market data every source produces, and their validation.

Three tables flow from a source into the pipeline:

* ``CHAIN_SCHEMA`` - an option chain snapshot: one row per listed contract at one instant ``ts``.
  Prices in the underlying's currency per share (one contract = 100 shares). ``volume`` is the
  contract's cumulative volume for the day up to ``ts``; ``open_interest`` is the open interest at the
  start of the day (the figure the clearing house publishes overnight). ``rate`` (continuously
  compounded risk-free rate) and ``div_yield`` (continuous dividend yield), both as decimals per year,
  travel with every row so a chain is self-contained for pricing; a source that does not know them
  leaves them null and ingestion fills them from the universe (``data.universe``).
* ``TRADE_SCHEMA`` - option trade prints: the contract, price, size, the NBBO at the print, the
  underlying price at the print and a ``condition``: ``single`` (a simple order), ``spread`` (a leg of
  a two-leg order) or ``complex`` (a leg of an order with three or more legs); the legs of one order
  share ``package_id``. ``true_side`` is +1 when the customer bought and -1 when the customer sold;
  only the synthetic market knows it (real prints leave it null) and it exists to measure the
  dealer-side classifier.
* ``BAR_SCHEMA`` - underlying OHLC bars; ``ts`` is the start of the bar (UTC).

Timestamps are ``timestamp[us, tz=UTC]``; expirations are ``date32``; ``right`` is ``"C"`` or ``"P"``.

Validation never drops a row silently: ``validate_*`` return the good rows plus a list of
``(line_no, reason)`` for every rejected row, and callers decide (the ingest command refuses a file
with any bad row).
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from datetime import date, datetime, timezone

import numpy as np
import pyarrow as pa
import pyarrow.compute as pc

UTC = timezone.utc
TS_TYPE = pa.timestamp("us", tz="UTC")

RIGHTS = ("C", "P")
TRADE_CONDITIONS = ("single", "spread", "complex")

CHAIN_SCHEMA = pa.schema(
    [
        pa.field("ticker", pa.string(), nullable=False),
        pa.field("ts", TS_TYPE, nullable=False),
        pa.field("expiration", pa.date32(), nullable=False),
        pa.field("strike", pa.float64(), nullable=False),
        pa.field("right", pa.string(), nullable=False),
        pa.field("bid", pa.float64(), nullable=False),
        pa.field("ask", pa.float64(), nullable=False),
        pa.field("last", pa.float64()),
        pa.field("volume", pa.int64(), nullable=False),
        pa.field("open_interest", pa.int64(), nullable=False),
        pa.field("underlying_bid", pa.float64()),
        pa.field("underlying_ask", pa.float64()),
        pa.field("underlying_last", pa.float64()),
        pa.field("rate", pa.float64()),
        pa.field("div_yield", pa.float64()),
    ]
)

TRADE_SCHEMA = pa.schema(
    [
        pa.field("ts", TS_TYPE, nullable=False),
        pa.field("ticker", pa.string(), nullable=False),
        pa.field("expiration", pa.date32(), nullable=False),
        pa.field("strike", pa.float64(), nullable=False),
        pa.field("right", pa.string(), nullable=False),
        pa.field("price", pa.float64(), nullable=False),
        pa.field("size", pa.int64(), nullable=False),
        pa.field("bid", pa.float64()),
        pa.field("ask", pa.float64()),
        pa.field("condition", pa.string(), nullable=False),
        pa.field("package_id", pa.int64()),
        pa.field("underlying_price", pa.float64()),
        pa.field("true_side", pa.int8()),
    ]
)

BAR_SCHEMA = pa.schema(
    [
        pa.field("ticker", pa.string(), nullable=False),
        pa.field("ts", TS_TYPE, nullable=False),
        pa.field("open", pa.float64(), nullable=False),
        pa.field("high", pa.float64(), nullable=False),
        pa.field("low", pa.float64(), nullable=False),
        pa.field("close", pa.float64(), nullable=False),
        pa.field("volume", pa.int64(), nullable=False),
    ]
)

# Columns a file may omit (filled with nulls).
OPTIONAL_COLUMNS = {
    "chain": {"last", "underlying_bid", "underlying_ask", "underlying_last", "rate", "div_yield"},
    "trade": {"bid", "ask", "package_id", "underlying_price", "true_side"},
    "bar": set(),
}

BadRows = list[tuple[int, str]]


class SchemaError(ValueError):
    """A table cannot be read as the schema at all (e.g. a required column is missing)."""


def empty(schema: pa.Schema) -> pa.Table:
    return schema.empty_table()


# ---------------------------------------------------------------- coercion


def _parse_ts(value: str) -> datetime:
    s = value.strip()
    if s.endswith("Z") or s.endswith("z"):
        s = s[:-1] + "+00:00"
    dt = datetime.fromisoformat(s)
    if dt.tzinfo is None:  # canonical files are UTC; a naive stamp is read as UTC
        dt = dt.replace(tzinfo=UTC)
    return dt.astimezone(UTC)


def _parse_date(value: str) -> date:
    s = value.strip()
    if len(s) == 8 and s.isdigit():
        return date(int(s[:4]), int(s[4:6]), int(s[6:]))
    return date.fromisoformat(s[:10])


def _coerce_column(col: pa.ChunkedArray, typ: pa.DataType, name: str, bad: dict[int, str]) -> pa.Array:
    col = col.combine_chunks() if isinstance(col, pa.ChunkedArray) else col
    if col.type == typ:
        return col
    if pa.types.is_timestamp(typ) and pa.types.is_timestamp(col.type):
        if col.type.tz is None:
            col = pc.assume_timezone(col, "UTC")
        return col.cast(typ, safe=False)  # sub-microsecond digits are dropped
    if pa.types.is_date32(typ) and pa.types.is_timestamp(col.type):
        return col.cast(pa.date32())
    if pa.types.is_dictionary(col.type):
        col = col.dictionary_decode()
    if pa.types.is_string(typ) or pa.types.is_large_string(typ):
        if pa.types.is_string(col.type) or pa.types.is_large_string(col.type):
            return pc.utf8_trim_whitespace(col.cast(pa.string()))
        return col.cast(pa.string())
    if not (pa.types.is_string(col.type) or pa.types.is_large_string(col.type)):
        try:
            return col.cast(typ)
        except (pa.ArrowInvalid, pa.ArrowNotImplementedError):
            col = col.cast(pa.string())
    # Strings. Blank cells are nulls; the fast path casts the whole column at once and only a column
    # with an unreadable cell is parsed value by value to name the rows.
    col = pc.utf8_trim_whitespace(col.cast(pa.string()))
    col = pc.if_else(pc.equal(col, ""), pa.scalar(None, pa.string()), col)
    if not (pa.types.is_timestamp(typ) or pa.types.is_date32(typ)):
        try:
            if pa.types.is_integer(typ):
                as_float = col.cast(pa.float64())
                as_int = as_float.cast(typ)  # safe cast: fails on fractions
                return as_int
            return col.cast(typ)
        except (pa.ArrowInvalid, pa.ArrowNotImplementedError):
            pass
    values = col.to_pylist()
    out: list = [None] * len(values)
    if pa.types.is_timestamp(typ) or pa.types.is_date32(typ):
        parse = _parse_ts if pa.types.is_timestamp(typ) else _parse_date
        cache: dict[str, object] = {}
        for i, v in enumerate(values):
            if v is None or v.strip() == "":
                continue
            if v not in cache:
                try:
                    cache[v] = parse(v)
                except ValueError:
                    cache[v] = ValueError
            parsed = cache[v]
            if parsed is ValueError:
                bad.setdefault(i, f"{name}: cannot read {v!r} as a {'timestamp' if parse is _parse_ts else 'date'}")
            else:
                out[i] = parsed
        return pa.array(out, type=typ)
    for i, v in enumerate(values):
        if v is None:
            continue
        s = v.strip()
        if s == "":
            continue
        try:
            if pa.types.is_integer(typ):
                f = float(s)
                if not np.isfinite(f) or f != int(f):
                    raise ValueError
                out[i] = int(f)
            else:
                out[i] = float(s)
        except ValueError:
            bad.setdefault(i, f"{name}: cannot read {v!r} as a number")
    return pa.array(out, type=typ)


def coerce(table: pa.Table, schema: pa.Schema, kind: str) -> tuple[pa.Table, dict[int, str]]:
    """Cast ``table`` to ``schema`` (columns by name, extra columns ignored, optional ones filled).

    Returns the cast table (unparseable cells become null) and ``{row_index: reason}`` for the rows
    with a cell that could not be read. Raises ``SchemaError`` when a required column is missing.
    """
    names = set(table.column_names)
    optional = OPTIONAL_COLUMNS[kind]
    missing = [f.name for f in schema if f.name not in names and f.name not in optional]
    if missing:
        raise SchemaError(f"missing required column(s): {', '.join(missing)}")
    bad: dict[int, str] = {}
    arrays = []
    for f in schema:
        if f.name in names:
            arrays.append(_coerce_column(table.column(f.name), f.type, f.name, bad))
        else:
            arrays.append(pa.nulls(table.num_rows, type=f.type))
    fields = [pa.field(f.name, f.type, nullable=True) for f in schema]
    return pa.Table.from_arrays(arrays, schema=pa.schema(fields)), bad


# ---------------------------------------------------------------- validation


def _line_numbers(n: int, line_numbers: Sequence[int] | np.ndarray | None, first_line: int) -> np.ndarray:
    if line_numbers is None:
        return np.arange(first_line, first_line + n, dtype=np.int64)
    arr = np.asarray(line_numbers, dtype=np.int64)
    if arr.shape != (n,):
        raise ValueError("line_numbers must have one entry per row")
    return arr


def _np(table: pa.Table, name: str, fill: float = np.nan) -> np.ndarray:
    col = table.column(name)
    if pa.types.is_floating(col.type) or pa.types.is_integer(col.type):
        return col.to_numpy(zero_copy_only=False).astype(np.float64) if col.null_count == 0 else \
            np.asarray(pc.fill_null(col.cast(pa.float64()), fill).to_numpy(zero_copy_only=False))
    raise TypeError(name)


def _isnull(table: pa.Table, name: str) -> np.ndarray:
    return np.asarray(pc.is_null(table.column(name)).to_numpy(zero_copy_only=False), dtype=bool)


class _Checker:
    """Collects the first failing reason per row while checks run vectorized."""

    def __init__(self, n: int, initial: dict[int, str] | None = None):
        self.reason = np.full(n, None, dtype=object)
        for i, r in (initial or {}).items():
            self.reason[i] = r

    def check(self, bad_mask: np.ndarray, message: str) -> None:
        idx = np.flatnonzero(bad_mask & (self.reason == None))  # noqa: E711 - elementwise on objects
        self.reason[idx] = message

    def split(self, table: pa.Table, lines: np.ndarray, schema: pa.Schema) -> tuple[pa.Table, BadRows]:
        bad_mask = self.reason != None  # noqa: E711
        bad = [(int(lines[i]), str(self.reason[i])) for i in np.flatnonzero(bad_mask)]
        good = table.filter(pa.array(~bad_mask)) if bad else table
        return good.cast(schema), bad


def _positive(x: np.ndarray) -> np.ndarray:
    return np.isfinite(x) & (x > 0)


def _check_duplicates(chk: _Checker, table: pa.Table, keys: list[str], what: str) -> None:
    if table.num_rows == 0:
        return
    idx = pa.array(np.arange(table.num_rows))
    t = table.select(keys).append_column("__i", idx)
    grouped = t.group_by(keys, use_threads=False).aggregate([("__i", "min"), ("__i", "count")])
    dup_groups = grouped.filter(pc.greater(grouped.column("__i_count"), 1))
    if dup_groups.num_rows == 0:
        return
    first = set(dup_groups.column("__i_min").to_pylist())
    joined = t.join(dup_groups.select(keys), keys=keys, join_type="inner", use_threads=False)
    rows = np.asarray(joined.column("__i").to_numpy())
    mask = np.zeros(table.num_rows, dtype=bool)
    mask[[r for r in rows if r not in first]] = True
    chk.check(mask, f"duplicate {what}")


def _validate(table: pa.Table, schema: pa.Schema, kind: str, required: Sequence[str],
              rules: Callable[[_Checker, pa.Table], None], line_numbers: Sequence[int] | np.ndarray | None,
              first_line: int) -> tuple[pa.Table, BadRows]:
    """The steps every table's validation shares: cast to ``schema`` (a cell that cannot be read names
    its row), require the ``required`` fields, apply the table's own ``rules`` (not on an empty table),
    and split the conforming rows from ``[(line_no, reason)]``, each row with its first failing reason."""
    t, initial = coerce(table, schema, kind)
    lines = _line_numbers(t.num_rows, line_numbers, first_line)
    chk = _Checker(t.num_rows, initial)
    for name in required:
        chk.check(_isnull(t, name), f"{name}: missing")
    if t.num_rows:
        rules(chk, t)
    return chk.split(t, lines, schema)


def validate_chain(
    table: pa.Table,
    *,
    line_numbers: Sequence[int] | np.ndarray | None = None,
    first_line: int = 1,
    check_duplicates: bool = True,
) -> tuple[pa.Table, BadRows]:
    """Split a chain table into (rows conforming to ``CHAIN_SCHEMA``, [(line_no, reason)]).

    ``table`` may hold strings (a CSV read as text) or any castable types; extra columns are ignored.
    Line numbers default to the 1-based row index offset by ``first_line - 1``.
    Rules (``check_duplicates=False`` skips the last one, for sources that merge duplicates):
    required fields present; strike > 0; right C or P; 0 <= bid <= ask; last, volume and
    open interest >= 0; the underlying has a positive last or a positive bid/ask; expiration not
    before the snapshot's New York date; rate/dividend yield within +/-100 %; one row per contract.
    """
    return _validate(table, CHAIN_SCHEMA, "chain",
                     ("ticker", "ts", "expiration", "strike", "right", "bid", "ask", "volume", "open_interest"),
                     lambda chk, t: _chain_rules(chk, t, check_duplicates), line_numbers, first_line)


def _chain_rules(chk: _Checker, t: pa.Table, check_duplicates: bool) -> None:
    from domain.market_calendar import NY

    ticker = t.column("ticker")
    chk.check(np.asarray(pc.equal(pc.utf8_length(pc.fill_null(ticker, "")), 0).to_numpy(zero_copy_only=False)),
              "ticker: empty")
    right = pc.fill_null(t.column("right"), "")
    right_ok = np.asarray(pc.is_in(right, value_set=pa.array(RIGHTS)).to_numpy(zero_copy_only=False))
    chk.check(~right_ok, "right: must be C or P")
    strike = _np(t, "strike")
    chk.check(~_positive(strike), "strike: must be a positive number")
    bid, ask = _np(t, "bid"), _np(t, "ask")
    chk.check(~(np.isfinite(bid) & (bid >= 0)), "bid: must be >= 0")
    chk.check(~(np.isfinite(ask) & (ask >= 0)), "ask: must be >= 0")
    chk.check(ask < bid, "crossed quote: ask below bid")
    last = _np(t, "last")
    chk.check(~_isnull(t, "last") & ~(np.isfinite(last) & (last >= 0)), "last: must be >= 0")
    for name in ("volume", "open_interest"):
        v = _np(t, name)
        chk.check(v < 0, f"{name}: must be >= 0")
    ub, ua, ul = _np(t, "underlying_bid"), _np(t, "underlying_ask"), _np(t, "underlying_last")
    has_underlying = _positive(ul) | (_positive(ub) & _positive(ua))
    chk.check(~has_underlying, "underlying price: needs a positive underlying_last or underlying bid/ask")
    chk.check(_positive(ub) & _positive(ua) & (ua < ub), "underlying quote crossed: ask below bid")
    for name in ("rate", "div_yield"):
        v = _np(t, name)
        chk.check(~_isnull(t, name) & ~(np.isfinite(v) & (np.abs(v) < 1.0)), f"{name}: must be a decimal within +/-1")
    # Expiration on or after the snapshot's New York date.
    ts_col, exp_col = t.column("ts"), t.column("expiration")
    valid = ~(_isnull(t, "ts") | _isnull(t, "expiration"))
    if valid.any():
        ny_day = pc.cast(pc.local_timestamp(ts_col.cast(pa.timestamp("us", tz=str(NY)))), pa.date32())
        ny_days = np.asarray(pc.fill_null(ny_day.cast(pa.int32()), 0).to_numpy(zero_copy_only=False))
        exp_days = np.asarray(pc.fill_null(exp_col.cast(pa.int32()), 0).to_numpy(zero_copy_only=False))
        chk.check(valid & (exp_days < ny_days), "expiration: before the snapshot date")
    if check_duplicates:
        _check_duplicates(chk, t, ["ticker", "ts", "expiration", "strike", "right"], "contract in the same snapshot")


def validate_trades(
    table: pa.Table,
    *,
    line_numbers: Sequence[int] | np.ndarray | None = None,
    first_line: int = 1,
) -> tuple[pa.Table, BadRows]:
    """Split a trade table into (rows conforming to ``TRADE_SCHEMA``, [(line_no, reason)])."""
    return _validate(table, TRADE_SCHEMA, "trade",
                     ("ts", "ticker", "expiration", "strike", "right", "price", "size", "condition"),
                     _trade_rules, line_numbers, first_line)


def _trade_rules(chk: _Checker, t: pa.Table) -> None:
    right = pc.fill_null(t.column("right"), "")
    chk.check(~np.asarray(pc.is_in(right, value_set=pa.array(RIGHTS)).to_numpy(zero_copy_only=False)),
              "right: must be C or P")
    cond = pc.fill_null(t.column("condition"), "")
    chk.check(~np.asarray(pc.is_in(cond, value_set=pa.array(TRADE_CONDITIONS)).to_numpy(zero_copy_only=False)),
              f"condition: must be one of {', '.join(TRADE_CONDITIONS)}")
    chk.check(~_positive(_np(t, "strike")), "strike: must be a positive number")
    price = _np(t, "price")
    chk.check(~(np.isfinite(price) & (price >= 0)), "price: must be >= 0")
    chk.check(~(_np(t, "size") > 0), "size: must be a positive integer")
    bid, ask = _np(t, "bid"), _np(t, "ask")
    chk.check(np.isfinite(bid) & np.isfinite(ask) & (ask < bid), "crossed quote: ask below bid")
    side = _np(t, "true_side")
    chk.check(~_isnull(t, "true_side") & ~np.isin(side, (-1.0, 1.0)), "true_side: must be +1, -1 or empty")


def validate_bars(
    table: pa.Table,
    *,
    line_numbers: Sequence[int] | np.ndarray | None = None,
    first_line: int = 1,
) -> tuple[pa.Table, BadRows]:
    """Split a bar table into (rows conforming to ``BAR_SCHEMA``, [(line_no, reason)])."""
    return _validate(table, BAR_SCHEMA, "bar", BAR_SCHEMA.names, _bar_rules, line_numbers, first_line)


def _bar_rules(chk: _Checker, t: pa.Table) -> None:
    o, h, lo, c = (_np(t, k) for k in ("open", "high", "low", "close"))
    chk.check(~(_positive(o) & _positive(h) & _positive(lo) & _positive(c)), "prices must be positive")
    chk.check((h < np.maximum(o, c)) | (lo > np.minimum(o, c)) | (h < lo), "high/low do not bound open/close")
    chk.check(_np(t, "volume") < 0, "volume: must be >= 0")
