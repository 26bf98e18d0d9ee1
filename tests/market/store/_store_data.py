"""Hand-made snapshot tables for the store and query tests (no market source, no engine needed)."""

from __future__ import annotations

from datetime import date, datetime, timedelta

import pyarrow as pa

from data.store.parquet import Store
from data.store.schemas import BARS_SCHEMA, EXPOSURE_SCHEMA, GREEKS, STATS_SCHEMA

GREEK_SCALE = {g: float(i + 1) for i, g in enumerate(GREEKS)}


def exposure_rows(ticker: str, ts: datetime, spot: float, expirations: list[date], strikes: list[float],
                  marker: float = 1.0) -> pa.Table:
    """Every contract gets greek value = scale(greek) * marker * (+1 call / -1 put) * strike/100.

    So for one strike and one expiration, call = +s*K/100*marker, put = -s*K/100*marker and the strike
    total across n expirations is 0; per kind totals are easy to compute by hand.
    """
    rows = {f.name: [] for f in EXPOSURE_SCHEMA}
    for exp in expirations:
        for k in strikes:
            for right in ("C", "P"):
                sign = 1.0 if right == "C" else -1.0
                rows["ticker"].append(ticker)
                rows["ts"].append(ts)
                rows["expiration"].append(exp)
                rows["strike"].append(k)
                rows["right"].append(right)
                rows["position"].append(sign * 10)
                rows["open_interest"].append(100.0)
                rows["volume"].append(5.0)
                rows["t_years"].append(max((exp - ts.date()).days, 0.5) / 365.0)
                rows["spot"].append(spot)
                rows["rate"].append(0.04)
                rows["div_yield"].append(0.0)
                rows["iv"].append(0.2 + 0.001 * abs(k - spot))
                for g in GREEKS:
                    rows[g].append(GREEK_SCALE[g] * marker * sign * k / 100.0)
    return pa.Table.from_pydict(rows, schema=EXPOSURE_SCHEMA)


def stats_row(ticker: str, ts: datetime, price: float, marker: float = 1.0) -> pa.Table:
    row = {f.name: [None] for f in STATS_SCHEMA}
    row.update({"ticker": [ticker], "ts": [ts], "price": [price], "previous_close": [price - 1],
                "vix": [18.0], "previous_vix": [17.5], "paradigm": ["GEX-PURE"], "target": [price + 10],
                "lis_low": [price - 10], "lis_high": [None], "total_trades": [int(100 * marker)],
                "open_contracts": [1000.0 * marker], "has_0dte": [True],
                **{f"agg_{g}": [GREEK_SCALE[g] * marker] for g in GREEKS}})
    return pa.Table.from_pydict(row, schema=STATS_SCHEMA)


def bars_rows(ticker: str, start: datetime, minutes: int, price: float) -> pa.Table:
    ts = [start + timedelta(minutes=i) for i in range(minutes)]
    closes = [price + i * 0.1 for i in range(minutes)]
    return pa.Table.from_pydict({
        "ticker": [ticker] * minutes, "ts": ts, "open": [c - 0.05 for c in closes],
        "high": [c + 0.2 for c in closes], "low": [c - 0.3 for c in closes], "close": closes,
    }, schema=BARS_SCHEMA)


def publish(root, ts: datetime, tickers: dict[str, float], expirations: list[date], strikes: list[float],
            marker: float = 1.0, bars_from: datetime | None = None) -> str:
    exp = pa.concat_tables([exposure_rows(t, ts, s, expirations, strikes, marker) for t, s in tickers.items()])
    st = pa.concat_tables([stats_row(t, ts, s, marker) for t, s in tickers.items()])
    start = bars_from or ts - timedelta(minutes=5)
    n = int((ts - start).total_seconds() // 60)
    bars = pa.concat_tables([bars_rows(t, start, n, s) for t, s in tickers.items()])
    return Store(root).publish_snapshot(ts=ts, kind="intraday", tables={"exposures": exp, "stats": st, "bars": bars},
                                        zero_dte=[t for t in tickers if t in ("SPX", "SPY")])
