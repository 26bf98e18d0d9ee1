"""``GET /api/v1/data/export/levels``: the price-and-levels history (docs/methodology.md §4.12) of a range of
sessions as one Parquet file or Arrow IPC stream (docs/quants.md, "Levels history").

``table=levels``: one row per published snapshot with the underlying's price and the levels published
with it (zero gamma, walls over all expirations, the 0DTE paradigm, target and LIS); ``table=candles``:
the underlying's 5-minute candles of each session. Small (78 snapshots a session), so the answer is built
whole; each session's rows come from the same reader calls as the data route's.
"""

from __future__ import annotations

import io
from datetime import date, datetime

import pyarrow as pa

from api.data import service as svc
from api.errors import ApiError
from api.export.service import session_range
from api.data.levels.service import FREQUENCY

TABLES = ("levels", "candles")
_TS = pa.timestamp("us", tz="UTC")
LEVELS_SCHEMA = pa.schema([
    ("ts", _TS), ("ticker", pa.string()), ("price", pa.float64()), ("zero_gamma", pa.float64()),
    ("call_wall", pa.float64()), ("put_wall", pa.float64()), ("paradigm", pa.string()), ("target", pa.float64()),
    ("lis_low", pa.float64()), ("lis_high", pa.float64()),
])
CANDLES_SCHEMA = pa.schema([
    ("ts", _TS), ("ticker", pa.string()), ("open", pa.float64()), ("high", pa.float64()), ("low", pa.float64()),
    ("close", pa.float64()),
])


def sessions(ticker: str, start: date, end: date, cutoff: datetime) -> list[date]:
    return [d for d in svc.reader().available_dates(ticker, until=cutoff) if start <= d <= end]


def table(ticker: str, which: str, start: date, end: date, cutoff: datetime) -> pa.Table:
    """The rows of ``which`` for ``ticker``'s sessions from ``start`` to ``end``, as of ``cutoff``."""
    r = svc.reader()
    days = sessions(ticker, start, end, cutoff)
    parts = []
    for day in days:
        if which == "levels":
            df = r.level_series(ticker, day, until=cutoff)
            if df.height:
                parts.append(df.drop("has_0dte").with_columns(ticker=_lit(ticker, df.height)))
        else:
            day_snaps = r.snapshots_of_day(ticker, day, until=cutoff)
            if day_snaps:
                df = r.candles(ticker, day, minutes=FREQUENCY, until=day_snaps[-1].ts)
                if df.height:
                    parts.append(df.with_columns(ticker=_lit(ticker, df.height)))
    schema = LEVELS_SCHEMA if which == "levels" else CANDLES_SCHEMA
    if not parts:
        return schema.empty_table()
    import polars as pl

    out = pl.concat(parts, how="diagonal").select([f.name for f in schema])
    return out.to_arrow().cast(schema)


def _lit(value: str, n: int):
    import polars as pl

    return pl.Series("ticker", [value] * n, dtype=pl.String)


def encode(t: pa.Table, fmt: str) -> bytes:
    sink = io.BytesIO()
    if fmt == "arrow":
        import pyarrow.ipc as ipc

        with ipc.new_stream(sink, t.schema) as w:
            w.write_table(t)
    else:
        import pyarrow.parquet as pq

        pq.write_table(t, sink, compression="zstd")
    return sink.getvalue()


def answer(args: dict, ctx: svc.Ctx) -> tuple[bytes, int, int, str]:
    """(body, rows, sessions, file name) of a levels export; 422 for broken rules, 404 when nothing was
    published in the range by the caller's cut-off."""
    ticker = svc.known_ticker(args["ticker"])
    start, end = session_range(args)
    days = sessions(ticker, start, end, ctx.cutoff)
    if not days:
        raise ApiError(404, "no_data", f"No {ticker} snapshots were published from {start.isoformat()} "
                                       f"to {end.isoformat()}.")
    t = table(ticker, args["table"], start, end, ctx.cutoff)
    ext = "parquet" if args["format"] == "parquet" else "arrows"
    name = f"{ticker}_{start.isoformat()}_{end.isoformat()}_{args['table']}.{ext}"
    return encode(t, args["format"]), t.num_rows, len(days), name
