"""What the snapshot pipeline needs from a market-data source, and the embedded synthetic one.

A source answers option chains, trade prints and one-minute bars for a list of tickers; the pipeline
(``data.orchestration.pipeline``) asks, the computation (``data.compute.snapshot``) never does.
``data.sources.lookup.get_source`` turns the configured name (``VOLLAND_SOURCE``) into an instance.
"""

from __future__ import annotations

from datetime import UTC, date, datetime

import numpy as np
import pyarrow as pa

from domain import market_calendar as cal


class PipelineError(RuntimeError):
    """A snapshot could not be produced (bad input, unknown source); nothing is published.

    Defined with the sources, the first step that can raise it (no usable ticker from a live feed), so
    that every later step raises the same error without importing a later layer.
    """


class Source:
    """What the pipeline needs from a market-data source."""

    name = "source"
    positioning_mode = "open_interest"
    # Whether `chains` can answer for an earlier time of the session (the session open): a replayable
    # market can; a live feed only has the latest documents.
    replays_session = True

    def chains(self, tickers: list[str], ts: datetime) -> pa.Table: ...
    def prints(self, tickers: list[str], start: datetime, end: datetime) -> pa.Table | None: ...
    def bars(self, tickers: list[str], start: datetime, end: datetime) -> pa.Table | None: ...
    def previous_close(self, ticker: str, day: date) -> float | None: ...
    def vix(self, ts: datetime) -> float | None: ...
    def previous_vix(self, day: date) -> float | None: ...


class SyntheticSource(Source):
    """The embedded synthetic market (trade-flow positioning: it prints trades)."""

    name = "synthetic"
    positioning_mode = "trade_flow"

    def __init__(self, seed: int | None = None) -> None:
        from data.sources.synthetic import SyntheticMarket
        from data.universe import symbols
        from volland.settings import get_settings

        self.seed = get_settings().demo_seed if seed is None else seed
        self.market = SyntheticMarket(self.seed, symbols())
        self._bars_cache: dict[tuple[str, date], pa.Table] = {}

    def chains(self, tickers, ts):
        return pa.concat_tables([self.market.chain(t, ts) for t in tickers])

    def prints(self, tickers, start, end):
        return pa.concat_tables([self.market.trades(t, start, end) for t in tickers])

    def _day_bars(self, ticker: str, day: date) -> pa.Table:
        key = (ticker, day)
        b = self._bars_cache.get(key)
        if b is None:
            if len(self._bars_cache) > 2000:
                self._bars_cache.clear()
            b = self._bars_cache[key] = self.market.underlying_bars(ticker, day)
        return b

    def bars(self, tickers, start, end):
        """One-minute bars starting in [start, end)."""
        day = cal.ny_date(end)
        lo = np.datetime64(start.astimezone(UTC).replace(tzinfo=None), "us")
        hi = np.datetime64(end.astimezone(UTC).replace(tzinfo=None), "us")
        parts = []
        for t in tickers:
            b = self._day_bars(t, day)
            ts = b.column("ts").cast(pa.int64()).to_numpy()
            keep = (ts >= lo.astype(np.int64)) & (ts < hi.astype(np.int64))
            parts.append(b.filter(pa.array(keep)))
        return pa.concat_tables(parts)

    def previous_close(self, ticker, day):
        return float(self.market.daily_close(ticker, cal.previous_trading_day(day)))

    def vix(self, ts):
        return float(self.market.vix(ts))

    def previous_vix(self, day):
        return float(self.market.vix_close(cal.previous_trading_day(day)))
