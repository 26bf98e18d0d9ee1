"""Pure SQL builders for the store's DuckDB queries.

Each query is a small frozen dataclass; ``build(q)`` returns ``(sql, params)``. Anything that came from a
user (ticker, dates, times, strikes, file lists) travels only as a parameter. The few identifiers that
vary (a greek's column name, the ``kind``) come from closed vocabularies and are checked here before
they are spliced in; anything else raises ``ValueError``. The generated text is pinned by golden tests.
"""

from __future__ import annotations

from dataclasses import dataclass
from datetime import date, datetime
from functools import singledispatch

from domain.vocabulary import GREEKS, KINDS, SURFACE_VALUES


def _greek(name: str, allowed: tuple[str, ...] = GREEKS) -> str:
    if name not in allowed:
        raise ValueError(f"unknown greek {name!r}; expected one of {', '.join(allowed)}")
    return name


def _kind(kind: str) -> str:
    if kind not in KINDS:
        raise ValueError(f"unknown kind {kind!r}; expected one of {', '.join(KINDS)}")
    return kind


def _right_filter(kind: str) -> str:
    return {"both": "", "call": " AND \"right\" = 'C'", "put": " AND \"right\" = 'P'"}[_kind(kind)]


@dataclass(frozen=True)
class ExposureByStrike:
    """Dealer exposure for one greek, summed per strike, split into calls and puts."""

    files: tuple[str, ...]
    ticker: str
    ts: datetime
    greek: str
    kind: str = "both"
    expirations: tuple[date, ...] | None = None


@dataclass(frozen=True)
class Expirations:
    files: tuple[str, ...]
    ticker: str
    ts: datetime


@dataclass(frozen=True)
class ContractRows:
    """Per-contract rows (for re-pricing: levels on a subset of expirations)."""

    files: tuple[str, ...]
    ticker: str
    ts: datetime
    expirations: tuple[date, ...] | None = None


@dataclass(frozen=True)
class TickerStats:
    files: tuple[str, ...]
    ticker: str
    ts: datetime


@dataclass(frozen=True)
class DailyTickers:
    """The tickers present in the daily-aggregate files (a store with daily rows but no snapshot yet)."""

    files: tuple[str, ...]


@dataclass(frozen=True)
class SnapshotTotals:
    """Trades and open contracts summed over every ticker of one snapshot time (the public site's figures);
    a compacted day file holds every snapshot of its day, so only the rows of ``ts`` count."""

    files: tuple[str, ...]
    ts: datetime


@dataclass(frozen=True)
class Candles:
    files: tuple[str, ...]
    ticker: str
    start: datetime
    until: datetime
    minutes: int = 10


@dataclass(frozen=True)
class LevelSeries:
    """The published levels (zero gamma, walls, the 0DTE paradigm's target and LIS) and the price of one
    ticker at each of the given snapshot times (the price-and-levels chart)."""

    files: tuple[str, ...]
    ticker: str
    times: tuple[datetime, ...]


@dataclass(frozen=True)
class Surface:
    files: tuple[str, ...]
    ticker: str
    ts: datetime
    value: str
    kind: str = "both"


@dataclass(frozen=True)
class StrikeSeries:
    """One greek per (snapshot time, strike) over several snapshots of a day (the vanna plane)."""

    files: tuple[str, ...]
    ticker: str
    times: tuple[datetime, ...]
    greek: str


@dataclass(frozen=True)
class SessionMatrix:
    """One greek per (snapshot time, strike) over the snapshots of a session, for a kind, a selection of
    expirations and a strike range (the session heatmap, docs/methodology.md §4.11). Calls and puts are
    summed separately and added, exactly as ``ExposureByStrike`` adds them for one snapshot."""

    files: tuple[str, ...]
    ticker: str
    times: tuple[datetime, ...]
    greek: str
    kind: str = "both"
    expirations: tuple[date, ...] | None = None
    strike_low: float = 0.0
    strike_high: float = float("inf")


@dataclass(frozen=True)
class SessionPrices:
    """The underlying price of each of a session's snapshots (the statistics rows)."""

    files: tuple[str, ...]
    ticker: str
    times: tuple[datetime, ...]


@dataclass(frozen=True)
class VolRows:
    """The contract rows the volatility views read (methodology §4.17–§4.19) at several snapshot times of
    one ticker, in one query over their files: only contracts with a time to expiry and a positive IV."""

    files: tuple[str, ...]
    ticker: str
    times: tuple[datetime, ...]


@dataclass(frozen=True)
class Daily:
    files: tuple[str, ...]
    ticker: str
    start: date
    end: date


@dataclass(frozen=True)
class DailyAsOf:
    """For every ticker, its last daily row on or before each of the given dates."""

    files: tuple[str, ...]
    dates: tuple[date, ...]


@dataclass(frozen=True)
class VolumeOiByStrike:
    """Day volume and start-of-day open interest per strike at one snapshot, calls and puts apart
    (docs/methodology.md §4.14), within a strike range and optionally some expirations."""

    files: tuple[str, ...]
    ticker: str
    ts: datetime
    expirations: tuple[date, ...] | None = None
    strike_low: float = 0.0
    strike_high: float = float("inf")


@dataclass(frozen=True)
class PrintBuckets:
    """Sessions' classified prints, each read from its files in its range (start, until], summed per time
    bucket and right: contracts, premium and dealer-side premium (docs/methodology.md §4.15); ``part``
    numbers the session."""

    ticker: str
    parts: tuple[tuple[tuple[str, ...], datetime, datetime], ...]     # (files, start, until) per session
    minutes: int = 5


# DuckDB's time_bucket origin for sub-day widths (2000-01-03 00:00 UTC), in microseconds since the epoch:
# buckets are counted from it in whole microseconds (the same labels as time_bucket, without its per-row
# time-zone arithmetic).
BUCKET_ORIGIN_US = 946_857_600_000_000


# The tape's sort orders (closed vocabulary, spliced into ORDER BY).
TAPE_ORDERS = {
    "premium": "premium DESC, ts DESC, expiration, strike, \"right\", price, size",
    "time": "ts DESC, premium DESC, expiration, strike, \"right\", price, size",
}
TAPE_SIDES = {"all": None, "buy": 1, "sell": -1, "unclassified": 0}


@dataclass(frozen=True)
class PrintsTape:
    """One page of a session's classified prints up to ``until`` (docs/methodology.md §4.16). ``cut``, when
    given, is the sort key of the page's last row (``PrintsCut``): only rows at or beyond it are read."""

    files: tuple[str, ...]
    ticker: str
    start: datetime
    until: datetime
    expirations: tuple[date, ...] | None = None
    min_premium: float = 0.0
    side: str = "all"
    order: str = "premium"
    limit: int = 50
    offset: int = 0
    cut: float | datetime | None = None
    high: float | datetime | None = None     # with ``cut``: only rows with the key in [cut, high] are read


@dataclass(frozen=True)
class PrintsKeys:
    """The sort key (premium, or time for ``order="time"``) of every print the tape's filters pass."""

    tape: PrintsTape


@dataclass(frozen=True)
class PrintsCut:
    """The sort key (premium, or time for ``order="time"``) of the ``rank``-th print (from 0) in the tape's
    order, over the prints ``tape`` filters; no row when fewer pass."""

    tape: PrintsTape
    rank: int


@dataclass(frozen=True)
class PrintsCount:
    """How many prints pass the tape's filters."""

    tape: PrintsTape


@singledispatch
def build(query: object) -> tuple[str, list]:
    raise TypeError(f"no SQL builder for {type(query).__name__}")


@build.register
def _(q: ExposureByStrike) -> tuple[str, list]:
    g = _greek(q.greek)
    params: list = [list(q.files), q.ticker, q.ts]
    where = "ticker = ? AND ts = ?" + _right_filter(q.kind)
    if q.expirations is not None:
        where += " AND list_contains(?, expiration)"
        params.append(list(q.expirations))
    sql = (
        "SELECT strike, "
        f"coalesce(sum({g}) FILTER (WHERE \"right\" = 'C'), 0.0) AS call, "
        f"coalesce(sum({g}) FILTER (WHERE \"right\" = 'P'), 0.0) AS put "
        f"FROM read_parquet(?) WHERE {where} "
        "GROUP BY strike ORDER BY strike"
    )
    return sql, params


@build.register
def _(q: Expirations) -> tuple[str, list]:
    return ("SELECT DISTINCT expiration FROM read_parquet(?) WHERE ticker = ? AND ts = ? ORDER BY expiration",
            [list(q.files), q.ticker, q.ts])


@build.register
def _(q: ContractRows) -> tuple[str, list]:
    params: list = [list(q.files), q.ticker, q.ts]
    where = "ticker = ? AND ts = ?"
    if q.expirations is not None:
        where += " AND list_contains(?, expiration)"
        params.append(list(q.expirations))
    sql = ("SELECT expiration, strike, \"right\", position, t_years, spot, rate, div_yield, iv, gamma "
           f"FROM read_parquet(?) WHERE {where} ORDER BY expiration, strike, \"right\"")
    return sql, params


@build.register
def _(q: TickerStats) -> tuple[str, list]:
    return ("SELECT * FROM read_parquet(?) WHERE ticker = ? AND ts = ? LIMIT 1",
            [list(q.files), q.ticker, q.ts])


@build.register
def _(q: DailyTickers) -> tuple[str, list]:
    return "SELECT DISTINCT ticker FROM read_parquet(?) ORDER BY ticker", [list(q.files)]


@build.register
def _(q: SnapshotTotals) -> tuple[str, list]:
    return ("SELECT coalesce(sum(total_trades), 0) AS total_trades, coalesce(sum(open_contracts), 0) AS "
            "open_contracts FROM read_parquet(?) WHERE ts = ?", [list(q.files), q.ts])


@build.register
def _(q: Candles) -> tuple[str, list]:
    if not isinstance(q.minutes, int) or not 1 <= q.minutes <= 390:
        raise ValueError("candle minutes must be an integer between 1 and 390")
    # Buckets are aligned to the hour (09:30 ET is on a 10-minute boundary), labelled by their start.
    sql = (
        "SELECT time_bucket(to_minutes(?::BIGINT), ts) AS ts, "
        "arg_min(open, ts) AS open, max(high) AS high, min(low) AS low, arg_max(close, ts) AS close "
        "FROM read_parquet(?) WHERE ticker = ? AND ts >= ? AND ts < ? "
        "GROUP BY 1 ORDER BY 1"
    )
    return sql, [q.minutes, list(q.files), q.ticker, q.start, q.until]


@build.register
def _(q: LevelSeries) -> tuple[str, list]:
    sql = ("SELECT ts, price, zero_gamma, call_wall, put_wall, paradigm, target, lis_low, lis_high, has_0dte "
           "FROM read_parquet(?) WHERE ticker = ? AND list_contains(?, ts) ORDER BY ts")
    return sql, [list(q.files), q.ticker, list(q.times)]


@build.register
def _(q: Surface) -> tuple[str, list]:
    v = _greek(q.value, SURFACE_VALUES)
    if v == "iv":
        # One IV per (expiration, strike): the out-of-the-money side for "both" (the liquid one).
        if q.kind == "both":
            value = "avg(iv) FILTER (WHERE (\"right\" = 'C') = (strike >= spot))"
            where = "ticker = ? AND ts = ?"
        else:
            value = "avg(iv)"
            where = "ticker = ? AND ts = ?" + _right_filter(q.kind)
    else:
        value = f"sum({v})"
        where = "ticker = ? AND ts = ?" + _right_filter(q.kind)
    sql = (f"SELECT expiration, strike, {value} AS value FROM read_parquet(?) WHERE {where} "
           "GROUP BY expiration, strike ORDER BY expiration, strike")
    return sql, [list(q.files), q.ticker, q.ts]


@build.register
def _(q: StrikeSeries) -> tuple[str, list]:
    g = _greek(q.greek)
    sql = (f"SELECT ts, strike, sum({g}) AS value FROM read_parquet(?) "
           "WHERE ticker = ? AND list_contains(?, ts) GROUP BY ts, strike ORDER BY ts, strike")
    return sql, [list(q.files), q.ticker, list(q.times)]


@build.register
def _(q: SessionMatrix) -> tuple[str, list]:
    g = _greek(q.greek)
    # The time range lets the Parquet reader skip row groups outside the session; the list keeps exactly
    # the snapshots asked for.
    params: list = [list(q.files), q.ticker, min(q.times, default=None), max(q.times, default=None), list(q.times),
                    q.strike_low, q.strike_high]
    where = ("ticker = ? AND ts BETWEEN ? AND ? AND list_contains(?, ts) AND strike BETWEEN ? AND ?"
             + _right_filter(q.kind))
    if q.expirations is not None:
        where += " AND list_contains(?, expiration)"
        params.append(list(q.expirations))
    sql = (
        "SELECT ts, strike, "
        f"coalesce(sum({g}) FILTER (WHERE \"right\" = 'C'), 0.0) AS call, "
        f"coalesce(sum({g}) FILTER (WHERE \"right\" = 'P'), 0.0) AS put "
        f"FROM read_parquet(?) WHERE {where} "
        "GROUP BY ts, strike ORDER BY ts, strike"
    )
    return sql, params


@build.register
def _(q: VolRows) -> tuple[str, list]:
    # The time range lets the Parquet reader skip row groups; the list keeps exactly the snapshots asked for.
    return ("SELECT ts, expiration, strike, \"right\", t_years, spot, rate, div_yield, iv FROM read_parquet(?) "
            "WHERE ticker = ? AND ts BETWEEN ? AND ? AND list_contains(?, ts) AND t_years > 0 AND iv > 0 "
            "ORDER BY ts, expiration, strike, \"right\"",
            [list(q.files), q.ticker, min(q.times, default=None), max(q.times, default=None), list(q.times)])


@build.register
def _(q: SessionPrices) -> tuple[str, list]:
    return ("SELECT ts, price FROM read_parquet(?) WHERE ticker = ? AND ts BETWEEN ? AND ? AND list_contains(?, ts) "
            "ORDER BY ts", [list(q.files), q.ticker, min(q.times, default=None), max(q.times, default=None),
                            list(q.times)])


@build.register
def _(q: Daily) -> tuple[str, list]:
    cols = ", ".join(f"arg_max(agg_{g}, _file_order) AS agg_{g}" for g in GREEKS)
    # A (ticker, date) may appear in more than one daily file until they are merged: the newest wins.
    sql = (
        "SELECT date, arg_max(close, _file_order) AS close, arg_max(vix_close, _file_order) AS vix_close, "
        f"{cols}, arg_max(dads, _file_order) AS dads "
        "FROM (SELECT *, filename AS _file_order FROM read_parquet(?, filename = true)) "
        "WHERE ticker = ? AND date BETWEEN ? AND ? GROUP BY date ORDER BY date"
    )
    return sql, [list(q.files), q.ticker, q.start, q.end]


@build.register
def _(q: DailyAsOf) -> tuple[str, list]:
    cols = ", ".join(f"arg_max(d.agg_{g}, d.date) AS agg_{g}" for g in GREEKS)
    # A (ticker, date) may appear in several daily files until they are merged: the newest file wins.
    sql = (
        "WITH d AS (SELECT * EXCLUDE (filename, _rn) FROM (SELECT *, row_number() OVER "
        "(PARTITION BY ticker, date ORDER BY filename DESC) AS _rn FROM read_parquet(?, filename = true)) "
        "WHERE _rn = 1) "
        "SELECT a.as_of, d.ticker, arg_max(d.close, d.date) AS close, max(d.date) AS date, "
        f"{cols} "
        "FROM d JOIN (SELECT unnest(?::DATE[]) AS as_of) a ON d.date <= a.as_of "
        "GROUP BY a.as_of, d.ticker ORDER BY d.ticker, a.as_of"
    )
    return sql, [list(q.files), list(q.dates)]


# ---------------------------------------------------------------- quants export
EXPORT_GRANULARITIES = ("close", "snapshot", "contract")
# Contract rows: the store's columns, in the store's units (docs/methodology.md §3), greeks appended.
CONTRACT_COLUMNS = ("ts", "ticker", "expiration", "strike", "right", "position", "open_interest", "volume", "iv",
                    "t_years", "spot", "rate", "div_yield")


@dataclass(frozen=True)
class ExportRows:
    """Export rows for one ticker over a set of snapshot times, in one scan of the files that hold them.

    ``contract``: one row per (ts, expiration, strike, right) with the greeks as columns. ``close`` and
    ``snapshot``: one row per (ts, greek, strike) with the call, put and total exposure summed over the
    selected expirations, and the underlying ``price`` of the snapshot. Rows come in (ts, expiration,
    strike, right) order, or (ts, strike, greek as listed).
    Optional filters: expiration and strike ranges (inclusive)."""

    files: tuple[str, ...]
    ticker: str
    times: tuple[datetime, ...]
    greeks: tuple[str, ...]
    granularity: str = "snapshot"
    kind: str = "both"
    expiration_from: date | None = None
    expiration_to: date | None = None
    strike_min: float | None = None
    strike_max: float | None = None


@dataclass(frozen=True)
class ExportCount:
    """The number of rows ``ExportRows`` with the same fields answers (checked against the caps first)."""

    rows: ExportRows


def _export_where(q: ExportRows) -> tuple[str, list]:
    if not q.times:
        raise ValueError("an export needs at least one snapshot time")
    # The bounds let the reader skip row groups; the semi-join keeps exactly the listed snapshots (a day
    # file may hold times past the caller's cut-off).
    where = "ticker = ? AND ts BETWEEN ? AND ? AND ts IN (SELECT unnest(?::TIMESTAMPTZ[]))" + _right_filter(q.kind)
    params: list = [q.ticker, min(q.times), max(q.times), list(q.times)]
    for column, op, value in (("expiration", ">=", q.expiration_from), ("expiration", "<=", q.expiration_to),
                              ("strike", ">=", q.strike_min), ("strike", "<=", q.strike_max)):
        if value is not None:
            where += f" AND {column} {op} ?"
            params.append(value)
    return where, params


def _export_greeks(q: ExportRows) -> tuple[str, ...]:
    if not q.greeks:
        raise ValueError("an export needs at least one greek")
    if q.granularity not in EXPORT_GRANULARITIES:
        raise ValueError(f"unknown granularity {q.granularity!r}")
    return tuple(_greek(g) for g in q.greeks)


@build.register
def _(q: ExportRows) -> tuple[str, list]:
    greeks = _export_greeks(q)
    where, params = _export_where(q)
    if q.granularity == "contract":
        cols = ", ".join(f'"{c}"' if c == "right" else c for c in (*CONTRACT_COLUMNS, *greeks))
        sql = (f"SELECT {cols} FROM read_parquet(?) WHERE {where} "
               "ORDER BY ts, expiration, strike, \"right\"")
        return sql, [list(q.files), *params]
    # One pass computes every greek's call and put sums per (ts, strike), in (ts, strike) order; UNPIVOT
    # turns each pair into one row per greek (in the order asked) and keeps that order. The price is the
    # snapshot's spot, stored on every contract row (the same figure as the stats table's price).
    # fsum (compensated summation): a plain sum's last bits depend on how DuckDB's threads split the rows,
    # so the same export run twice (streamed, then as a background file) could differ in the 16th digit.
    sums = ", ".join(
        f"coalesce(fsum({g}::DOUBLE) FILTER (WHERE \"right\" = 'C'), 0.0) AS {g}_call, "
        f"coalesce(fsum({g}::DOUBLE) FILTER (WHERE \"right\" = 'P'), 0.0) AS {g}_put" for g in greeks)
    pairs = ", ".join(f"({g}_call, {g}_put) AS {g}" for g in greeks)
    sql = (
        "SELECT ts, ?::VARCHAR AS ticker, greek, strike, call, put, call + put AS total, price FROM "
        f"(UNPIVOT (SELECT ts, strike, any_value(spot) AS price, {sums} FROM read_parquet(?) WHERE {where} "
        f"GROUP BY ts, strike ORDER BY ts, strike) ON {pairs} INTO NAME greek VALUE call, put)"
    )
    return sql, [q.ticker, list(q.files), *params]


@build.register
def _(q: ExportCount) -> tuple[str, list]:
    r = q.rows
    greeks = _export_greeks(r)
    where, params = _export_where(r)
    if r.granularity == "contract":
        return f"SELECT count(*) FROM read_parquet(?) WHERE {where}", [list(r.files), *params]
    # One row per greek for every (ts, strike) that has a contract.
    return (f"SELECT count(*) * {len(greeks)} FROM (SELECT DISTINCT ts, strike FROM read_parquet(?) WHERE {where})",
            [list(r.files), *params])


@build.register
def _(q: VolumeOiByStrike) -> tuple[str, list]:
    params: list = [list(q.files), q.ticker, q.ts, q.strike_low, q.strike_high]
    where = "ticker = ? AND ts = ? AND strike BETWEEN ? AND ?"
    if q.expirations is not None:
        where += " AND list_contains(?, expiration)"
        params.append(list(q.expirations))
    sql = (
        "SELECT strike, "
        "coalesce(sum(volume) FILTER (WHERE \"right\" = 'C'), 0.0) AS call_volume, "
        "coalesce(sum(volume) FILTER (WHERE \"right\" = 'P'), 0.0) AS put_volume, "
        "coalesce(sum(open_interest) FILTER (WHERE \"right\" = 'C'), 0.0) AS call_oi, "
        "coalesce(sum(open_interest) FILTER (WHERE \"right\" = 'P'), 0.0) AS put_oi "
        f"FROM read_parquet(?) WHERE {where} GROUP BY strike ORDER BY strike"
    )
    return sql, params


@build.register
def _(q: PrintBuckets) -> tuple[str, list]:
    if not isinstance(q.minutes, int) or not 1 <= q.minutes <= 390:
        raise ValueError("bucket minutes must be an integer between 1 and 390")
    if not q.parts:
        raise ValueError("at least one session")
    step = q.minutes * 60_000_000
    # Buckets are aligned to the hour (09:30 New York is on a 5-minute boundary), labelled by their start
    # (microseconds since the epoch). One scan per session (each with its own files and time range, which
    # the Parquet reader prunes by), aggregated together.
    one = (f"SELECT {{part}} AS part, (epoch_us(ts) - {BUCKET_ORIGIN_US}) // {step} * {step} + {BUCKET_ORIGIN_US} "
           "AS bucket_us, \"right\", size, premium, dealer_side FROM read_parquet(?) "
           "WHERE ticker = ? AND ts > ? AND ts <= ?")
    rows = " UNION ALL ".join(one.format(part=i) for i in range(len(q.parts)))
    sql = ("SELECT part, bucket_us, \"right\", sum(size)::DOUBLE AS volume, sum(premium) AS premium, "
           f"sum(-dealer_side * premium) AS dealer_premium FROM ({rows}) GROUP BY 1, 2, 3 ORDER BY 1, 2, 3")
    params: list = []
    for files, start, until in q.parts:
        params += [list(files), q.ticker, start, until]
    return sql, params


def _tape_where(q: PrintsTape) -> tuple[str, list]:
    if q.order not in TAPE_ORDERS:
        raise ValueError(f"unknown tape order {q.order!r}; expected one of {', '.join(TAPE_ORDERS)}")
    if q.side not in TAPE_SIDES:
        raise ValueError(f"unknown side {q.side!r}; expected one of {', '.join(TAPE_SIDES)}")
    params: list = [list(q.files), q.ticker, q.start, q.until, q.min_premium]
    where = "ticker = ? AND ts > ? AND ts <= ? AND premium >= ?"
    if q.expirations is not None:
        where += " AND list_contains(?, expiration)"
        params.append(list(q.expirations))
    if TAPE_SIDES[q.side] is not None:
        where += " AND customer_side = ?"
        params.append(TAPE_SIDES[q.side])
    return where, params


def _tape_key(q: PrintsTape) -> str:
    return "premium" if q.order == "premium" else "ts"


@build.register
def _(q: PrintsTape) -> tuple[str, list]:
    where, params = _tape_where(q)
    if q.cut is not None and q.high is not None:
        where += f" AND {_tape_key(q)} BETWEEN ? AND ?"
        params.extend([q.cut, q.high])
    elif q.cut is not None:
        where += f" AND {_tape_key(q)} >= ?"
        params.append(q.cut)
    sql = ("SELECT ts, expiration, strike, \"right\", size, price, bid, ask, premium, customer_side, dealer_side, "
           f"condition, package_id FROM read_parquet(?) WHERE {where} ORDER BY {TAPE_ORDERS[q.order]} LIMIT ? OFFSET ?")
    return sql, [*params, int(q.limit), int(q.offset)]


@build.register
def _(q: PrintsCut) -> tuple[str, list]:
    where, params = _tape_where(q.tape)
    key = _tape_key(q.tape)
    # A top-N of one column: files sorted by premium from the largest let the scan stop early.
    return (f"SELECT {key} AS k FROM read_parquet(?) WHERE {where} ORDER BY {key} DESC LIMIT 1 OFFSET ?",
            [*params, int(q.rank)])


@build.register
def _(q: PrintsKeys) -> tuple[str, list]:
    where, params = _tape_where(q.tape)
    return f"SELECT {_tape_key(q.tape)} AS k FROM read_parquet(?) WHERE {where}", params


@build.register
def _(q: PrintsCount) -> tuple[str, list]:
    where, params = _tape_where(q.tape)
    return f"SELECT count(*) AS n FROM read_parquet(?) WHERE {where}", params
