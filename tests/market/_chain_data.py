"""A small hand-built market source for pipeline tests: Black–Scholes quotes around a fixed IV.

It is test data, not the product's source: prices come from closed forms, prints are placed at chosen
points of the quote so the expected dealer side of each is known.
"""

from __future__ import annotations

import math
from datetime import UTC, date, datetime, timedelta

import pyarrow as pa

from data.sources.base import Source
from data.sources.schemas import BAR_SCHEMA, CHAIN_SCHEMA, TRADE_SCHEMA


def bs_price(s, k, t, r, q, v, call):
    n = lambda x: 0.5 * (1 + math.erf(x / math.sqrt(2)))  # noqa: E731
    if t <= 0:
        return max(s - k, 0.0) if call else max(k - s, 0.0)
    d1 = (math.log(s / k) + (r - q + 0.5 * v * v) * t) / (v * math.sqrt(t))
    d2 = d1 - v * math.sqrt(t)
    if call:
        return s * math.exp(-q * t) * n(d1) - k * math.exp(-r * t) * n(d2)
    return k * math.exp(-r * t) * n(-d2) - s * math.exp(-q * t) * n(-d1)


class HandSource(Source):
    """Two tickers, two expirations (one 0DTE), a handful of strikes, flat 20 % IV."""

    name = "hand"
    positioning_mode = "trade_flow"
    spots = {"SPX": 5000.0, "AAPL": 200.0}
    steps = {"SPX": 25.0, "AAPL": 5.0}

    def __init__(self, day: date, fail_on: datetime | None = None, prints_per_window: int = 6):
        self.day = day
        self.fail_on = fail_on
        self.n_prints = prints_per_window

    def expirations(self):
        return [self.day, self.day + timedelta(days=7)]

    def _t(self, exp, ts):
        close = datetime(exp.year, exp.month, exp.day, 21, 0, tzinfo=UTC)
        return (close - ts).total_seconds() / (365 * 86400)

    def spot(self, ticker, ts):
        minutes = (ts - datetime(self.day.year, self.day.month, self.day.day, 14, 30, tzinfo=UTC)).total_seconds() / 60
        return self.spots[ticker] * (1 + 0.0001 * minutes)

    def chains(self, tickers, ts):
        if self.fail_on is not None and ts == self.fail_on:
            raise RuntimeError("source outage")
        rows = []
        for tk in tickers:
            s = self.spot(tk, ts)
            for exp in self.expirations():
                t = self._t(exp, ts)
                for i in range(-4, 5):
                    k = round(self.spots[tk] / self.steps[tk]) * self.steps[tk] + i * self.steps[tk]
                    for right in ("C", "P"):
                        p = bs_price(s, k, t, 0.04, 0.0, 0.2, right == "C")
                        half = max(0.05, 0.02 * p)
                        rows.append({"ticker": tk, "ts": ts, "expiration": exp, "strike": k, "right": right,
                                     "bid": max(p - half, 0.0), "ask": p + half, "last": p, "volume": 10,
                                     "open_interest": 1000 - 50 * abs(i), "underlying_bid": s - 0.01,
                                     "underlying_ask": s + 0.01, "underlying_last": s, "rate": 0.04,
                                     "div_yield": 0.0})
        return pa.Table.from_pylist(rows, schema=CHAIN_SCHEMA)

    def prints(self, tickers, start, end):
        """Customer buys at the ask for calls, customer sells at the bid for puts, near the money."""
        rows = []
        for tk in tickers:
            for j in range(self.n_prints):
                ts = start + (end - start) * (j + 1) / (self.n_prints + 1)
                s = self.spot(tk, ts)
                exp = self.expirations()[1]
                k = round(self.spots[tk] / self.steps[tk]) * self.steps[tk]
                call = j % 2 == 0
                p = bs_price(s, k, self._t(exp, ts), 0.04, 0.0, 0.2, call)
                half = max(0.05, 0.02 * p)
                rows.append({"ts": ts, "ticker": tk, "expiration": exp, "strike": k, "right": "C" if call else "P",
                             "price": p + half if call else p - half, "size": 10, "bid": p - half, "ask": p + half,
                             "condition": "single", "package_id": None, "underlying_price": s,
                             "true_side": 1 if call else -1})
        return pa.Table.from_pylist(rows, schema=TRADE_SCHEMA)

    def bars(self, tickers, start, end):
        rows = []
        n = int((end - start).total_seconds() // 60)
        for tk in tickers:
            for i in range(n):
                ts = start + timedelta(minutes=i)
                p = self.spot(tk, ts)
                rows.append({"ticker": tk, "ts": ts, "open": p, "high": p * 1.0002, "low": p * 0.9998,
                             "close": self.spot(tk, ts + timedelta(minutes=1)), "volume": 100})
        return pa.Table.from_pylist(rows, schema=BAR_SCHEMA)

    def previous_close(self, ticker, day):
        return self.spots[ticker] * 0.99

    def vix(self, ts):
        return 18.0

    def previous_vix(self, day):
        return 17.0
