"""Reading real market-data files into canonical chain tables.

Two formats:

* **Cboe DataShop "Option EOD Summary"** CSV (one row per option series and quote date). Columns
  read (everything else is ignored):

  ============================== ============================================================
  Cboe column                    canonical field
  ============================== ============================================================
  ``underlying_symbol``          ``ticker`` (upper case; a leading ``^`` of index symbols dropped)
  ``quote_date``                 ``ts`` = quote date at 15:45 New York time (``--quotes eod``:
                                 16:00, or 13:00 on an early close), stored in UTC
  ``root``                       only to merge roots of one underlying (e.g. a monthly and a
                                 weekly root listing the same expiration and strike)
  ``expiration``                 ``expiration``
  ``strike``                     ``strike``
  ``option_type``                ``right`` (``C``/``P``; ``call``/``put`` accepted)
  ``bid_1545``, ``ask_1545``     ``bid``, ``ask`` (``--quotes eod``: ``bid_eod``, ``ask_eod``)
  ``underlying_bid_1545``,       ``underlying_bid``, ``underlying_ask`` (``--quotes eod``:
  ``underlying_ask_1545``        ``underlying_bid_eod``, ``underlying_ask_eod``)
  ``active_underlying_price_1545`` ``underlying_last`` (optional; with ``--quotes eod`` the pipeline
                                 uses it only where the end-of-day underlying bid/ask are zero,
                                 as they are for indices)
  ``close``                      ``last`` when ``trade_volume`` > 0, else empty
  ``trade_volume``               ``volume`` (the day's volume)
  ``open_interest``              ``open_interest`` (Cboe reports the start-of-day figure)
  ============================== ============================================================

  Rows of several roots describing the same contract are merged: volumes and open interest add up,
  quotes come from the root with the largest open interest.

* **Canonical chain** files, CSV or Parquet, with the columns of ``data.sources.schemas.CHAIN_SCHEMA``
  (``last``, ``underlying_*``, ``rate`` and ``div_yield`` may be omitted or empty).

Missing ``rate``/``div_yield`` are filled from the universe (``data.universe.rate_for`` and the
ticker's dividend yield, 0 for tickers outside the universe). Every rejected row is reported with its
line number (CSV: physical line in the file, the header being line 1; Parquet: 1-based row number).
"""

from __future__ import annotations

from dataclasses import dataclass, field
from datetime import date, datetime, time
from pathlib import Path

import numpy as np
import polars as pl
import pyarrow as pa
import pyarrow.compute as pc
import pyarrow.csv as pv
import pyarrow.parquet as pq

from domain import market_calendar as cal
from data.sources.schemas import CHAIN_SCHEMA, SchemaError, validate_chain
from data.universe import div_yield as universe_div_yield
from data.universe import rate_for

QUOTE_SNAPSHOTS = ("1545", "eod")

CBOE_REQUIRED = ("underlying_symbol", "quote_date", "expiration", "strike", "option_type", "trade_volume",
                 "open_interest")


class IngestError(ValueError):
    """A whole file cannot be read (missing file or column, unreadable format)."""


@dataclass
class FileReport:
    path: str
    rows: int = 0
    bad: list[tuple[int, str]] = field(default_factory=list)
    unit: str = "line"  # "line" for CSV, "row" for Parquet
    table: pa.Table | None = None
    layout: str = ""                                   # the layout detected (data.sources.layouts)
    quality: dict = field(default_factory=dict)        # counts for the data-quality report
    extra: dict = field(default_factory=dict)

    @property
    def ok(self) -> bool:
        return not self.bad and self.table is not None

    def details(self, limit: int | None = None) -> list[str]:
        items = self.bad if limit is None else self.bad[:limit]
        return [f"{self.path}:{self.unit} {n}: {reason}" for n, reason in items]


# ---------------------------------------------------------------- CSV reading


def _read_csv_text(path: Path, wanted: set[str] | None = None) -> tuple[pa.Table, np.ndarray, list[tuple[int, str]]]:
    """Every column as text, the physical line number of each row, and rows with a wrong field count."""
    try:
        with open(path, newline="", encoding="utf-8-sig") as fh:
            header_line = fh.readline()
    except OSError as exc:
        raise IngestError(f"{path}: cannot open the file ({exc.strerror or exc}).") from None
    except UnicodeDecodeError:
        raise IngestError(f"{path}: not a UTF-8 text file.") from None
    if not header_line.strip():
        raise IngestError(f"{path}: the file is empty (no header line).")
    import csv

    header = [h.strip() for h in next(csv.reader([header_line]))]
    if len(set(header)) != len(header):
        raise IngestError(f"{path}: the header repeats a column name.")
    skipped: list[tuple[int, str]] = []

    def on_invalid(row) -> str:
        skipped.append((int(row.number) if row.number is not None else -1,
                        f"expected {row.expected_columns} fields, found {row.actual_columns}"))
        return "skip"

    include = [h for h in header if wanted is None or h in wanted]
    try:
        table = pv.read_csv(
            path,
            read_options=pv.ReadOptions(use_threads=False, column_names=header, skip_rows=1, encoding="utf8"),
            parse_options=pv.ParseOptions(invalid_row_handler=on_invalid, ignore_empty_lines=False),
            convert_options=pv.ConvertOptions(column_types={h: pa.string() for h in header},
                                              include_columns=include, strings_can_be_null=False),
        )
    except (pa.ArrowInvalid, UnicodeDecodeError) as exc:
        raise IngestError(f"{path}: cannot read the file as CSV ({exc}).") from None
    # pyarrow reports physical line numbers (the skipped header counts as line 1).
    skipped_lines = {n for n, _ in skipped}
    n_rows = table.num_rows
    lines = []
    line = 2
    while len(lines) < n_rows:
        if line not in skipped_lines:
            lines.append(line)
        line += 1
    lines_arr = np.asarray(lines, dtype=np.int64)
    # Fully blank lines are not data: drop them (they are not rows of the file's table).
    if n_rows and table.num_columns:
        blank = np.ones(n_rows, dtype=bool)
        for col in table.columns:
            blank &= np.asarray(pc.equal(pc.utf8_length(pc.utf8_trim_whitespace(col)), 0)
                                .to_numpy(zero_copy_only=False), dtype=bool)
        if blank.any():
            table = table.filter(pa.array(~blank))
            lines_arr = lines_arr[~blank]
    return table, lines_arr, skipped


def ragged_row_skipper() -> tuple[list[tuple[int, str]], object]:
    """A pyarrow CSV ``invalid_row_handler`` that skips rows with the wrong number of fields, and the list
    of ``(line, reason)`` it fills, so a reader can report every skipped line."""
    skipped: list[tuple[int, str]] = []

    def on_invalid(row) -> str:
        skipped.append((int(row.number) if row.number is not None else -1,
                        f"expected {row.expected_columns} fields, found {row.actual_columns}"))
        return "skip"

    return skipped, on_invalid


def _merge_bad(*lists: list[tuple[int, str]]) -> list[tuple[int, str]]:
    seen: dict[int, str] = {}
    for items in lists:
        for n, reason in items:
            seen.setdefault(n, reason)
    return sorted(seen.items())


def fill_rates(table: pa.Table) -> pa.Table:
    """Fill empty ``rate``/``div_yield`` from the universe's conventions."""
    df = pl.from_arrow(table)
    if df.is_empty():
        return table
    days = df.select(pl.col("ts").dt.convert_time_zone(str(cal.NY)).dt.date().alias("d"))["d"]
    uniq_days = {d: rate_for(d) for d in days.unique().to_list()}
    uniq_tk = {t: universe_div_yield(t) for t in df["ticker"].unique().to_list()}
    df = df.with_columns(
        pl.col("rate").fill_null(days.replace_strict(uniq_days, return_dtype=pl.Float64)),
        pl.col("div_yield").fill_null(pl.col("ticker").replace_strict(uniq_tk, return_dtype=pl.Float64)),
    )
    return df.to_arrow().cast(CHAIN_SCHEMA)


# ---------------------------------------------------------------- Cboe


def _cboe_ts(quote_date: str, quotes: str) -> datetime:
    d = date.fromisoformat(quote_date.strip()[:10])
    if quotes == "1545":
        return datetime.combine(d, time(15, 45), tzinfo=cal.NY).astimezone(cal.UTC)
    s = cal.session(d)
    if s is not None:
        return s[1]
    return datetime.combine(d, time(16, 0), tzinfo=cal.NY).astimezone(cal.UTC)


def read_cboe(path: str | Path, *, quotes: str = "1545") -> FileReport:
    """Read and validate one Cboe "Option EOD Summary" CSV into canonical chain rows."""
    if quotes not in QUOTE_SNAPSHOTS:
        raise IngestError(f"quotes must be one of {', '.join(QUOTE_SNAPSHOTS)}")
    path = Path(path)
    sfx = "_1545" if quotes == "1545" else "_eod"
    bid_c, ask_c = f"bid{sfx}", f"ask{sfx}"
    ub_c, ua_c = f"underlying_bid{sfx}", f"underlying_ask{sfx}"
    ul_c = "active_underlying_price_1545"
    wanted = set(CBOE_REQUIRED) | {bid_c, ask_c, ub_c, ua_c, ul_c, "close", "root"}
    raw, lines, skipped = _read_csv_text(path, wanted)
    missing = [c for c in (*CBOE_REQUIRED, bid_c, ask_c) if c not in raw.column_names]
    if missing:
        raise IngestError(f"{path}: not a Cboe Option EOD Summary file; missing column(s): {', '.join(missing)}.")
    if not any(c in raw.column_names for c in (ub_c, ul_c)):
        raise IngestError(f"{path}: no underlying price column ({ub_c}/{ua_c} or {ul_c}).")
    report = FileReport(str(path), rows=raw.num_rows + len(skipped), unit="line")
    pre_bad: list[tuple[int, str]] = []
    n = raw.num_rows

    def col(name: str) -> pa.Array:
        if name in raw.column_names:
            return raw.column(name).combine_chunks()
        return pa.nulls(n, pa.string())

    ticker = pc.utf8_upper(pc.utf8_trim_whitespace(col("underlying_symbol")))
    ticker = pc.utf8_ltrim(ticker, characters="^")
    # quote_date -> snapshot instant, parsed once per distinct date.
    qd = col("quote_date").to_pylist()
    cache: dict[str, datetime | None] = {}
    ts_vals: list[datetime | None] = []
    for i, v in enumerate(qd):
        key = (v or "").strip()
        if key not in cache:
            try:
                cache[key] = _cboe_ts(key, quotes) if key else None
            except ValueError:
                cache[key] = None
        ts_vals.append(cache[key])
        if cache[key] is None:
            pre_bad.append((int(lines[i]), f"quote_date: cannot read {v!r} as a date"))
    right = pc.utf8_upper(pc.utf8_trim_whitespace(col("option_type")))
    right = pc.replace_substring_regex(right, pattern="^CALL$", replacement="C")
    right = pc.replace_substring_regex(right, pattern="^PUT$", replacement="P")
    volume = col("trade_volume")
    close = col("close")
    # ``close`` means a trade only when the contract traded that day.
    try:
        vol_num = pc.cast(pc.if_else(pc.equal(pc.utf8_trim_whitespace(volume), ""), "0", volume), pa.float64())
        traded = pc.greater(vol_num, 0)
    except pa.ArrowInvalid:  # an unreadable volume is reported by validation below
        traded = pa.array(np.ones(n, dtype=bool))
    last = pc.if_else(pc.fill_null(traded, False), close, pa.scalar(None, pa.string()))
    canonical = pa.table({
        "ticker": ticker,
        "ts": pa.array(ts_vals, pa.timestamp("us", tz="UTC")),
        "expiration": col("expiration"),
        "strike": col("strike"),
        "right": right,
        "bid": col(bid_c),
        "ask": col(ask_c),
        "last": last,
        "volume": volume,
        "open_interest": col("open_interest"),
        "underlying_bid": col(ub_c),
        "underlying_ask": col(ua_c),
        "underlying_last": col(ul_c),
    })
    # Rows whose quote_date did not parse have no ts and are rejected by validation; the specific
    # reason recorded above takes precedence in the report.
    good, bad = validate_chain(canonical, line_numbers=lines, check_duplicates=False)
    report.bad = _merge_bad(skipped, pre_bad, bad)
    # A zero underlying bid/ask (common for indices, which have no quote) carries no information.
    for name in ("underlying_bid", "underlying_ask"):
        c = good.column(name)
        good = good.set_column(good.schema.get_field_index(name), name,
                               pc.if_else(pc.fill_null(pc.greater(c, 0), False), c, pa.scalar(None, pa.float64())))
    good = _merge_roots(good.cast(CHAIN_SCHEMA))
    report.table = fill_rates(good)
    return report


def _merge_roots(table: pa.Table) -> pa.Table:
    if table.num_rows == 0:
        return table
    key = ["ticker", "ts", "expiration", "strike", "right"]
    df = pl.from_arrow(table)
    if not df.select(pl.struct(key).is_duplicated().any()).item():
        return df.sort(["ticker", "ts", "expiration", "strike", "right"]).to_arrow().cast(CHAIN_SCHEMA)
    merged = (
        df.sort("open_interest", descending=True, maintain_order=True)
        .group_by(key, maintain_order=True)
        .agg(
            pl.col("bid").first(), pl.col("ask").first(), pl.col("last").first(),
            pl.col("volume").sum(), pl.col("open_interest").sum(),
            pl.col("underlying_bid").first(), pl.col("underlying_ask").first(), pl.col("underlying_last").first(),
            pl.col("rate").first(), pl.col("div_yield").first(),
        )
        .select(CHAIN_SCHEMA.names)
        .sort(["ticker", "ts", "expiration", "strike", "right"])
    )
    return merged.to_arrow().cast(CHAIN_SCHEMA)


# ---------------------------------------------------------------- canonical chain files


def read_chain_file(path: str | Path) -> FileReport:
    """Read and validate one canonical chain file (``.parquet``/``.pq`` or CSV)."""
    path = Path(path)
    if path.suffix.lower() in (".parquet", ".pq"):
        try:
            raw = pq.read_table(path)
        except OSError as exc:
            raise IngestError(f"{path}: cannot read the file as Parquet ({exc}).") from None
        except pa.ArrowException as exc:
            raise IngestError(f"{path}: cannot read the file as Parquet ({exc}).") from None
        report = FileReport(str(path), rows=raw.num_rows, unit="row")
        lines = np.arange(1, raw.num_rows + 1, dtype=np.int64)
        skipped: list[tuple[int, str]] = []
    else:
        raw, lines, skipped = _read_csv_text(path)
        report = FileReport(str(path), rows=raw.num_rows + len(skipped), unit="line")
    try:
        good, bad = validate_chain(raw, line_numbers=lines)
    except SchemaError as exc:
        raise IngestError(f"{path}: {exc}.") from None
    report.bad = _merge_bad(skipped, bad)
    report.table = fill_rates(good)
    return report


# ---------------------------------------------------------------- a refused batch of files


class IngestFailed(Exception):
    """Some file had bad rows: nothing was published."""

    def __init__(self, reports: list[FileReport]):
        self.reports = reports
        bad_files = [r for r in reports if r.bad]
        n_bad = sum(len(r.bad) for r in bad_files)
        names = ", ".join(Path(r.path).name for r in bad_files)
        super().__init__(
            f"{n_bad} bad row(s) in {len(bad_files)} file(s) ({names}); nothing was published."
        )
