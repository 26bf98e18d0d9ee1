"""The Massive live path's throughput against decoding the same WebSocket messages alone, in the same run.

A session of SPY from the synthetic market as Massive's options WebSocket sends it (JSON arrays of up to
200 ``T``/``Q`` events, ``data.sources.samples.massive_events``):

* ``decode`` — what the vendor's client does with each message before handing it over: ``json.loads``
  and ``massive.websocket.models.parse`` into its ``EquityTrade``/``EquityQuote`` objects (the floor
  for any consumer of the feed through that client);
* ``book`` — the same, then every event through ``MassiveRecords`` into the streaming book (the quote a
  print takes, conditions, duplicate check, reorder buffer, contract state, minute prices) and each grid
  window's prints classified with the existing rules (``classify_window``), no snapshot computed.

Figures: prints per second (the events include the quotes, about three per print here) and the book's
speed as a fraction of decoding alone. Each figure is the best of ``REPEATS`` runs.
"""

from __future__ import annotations

import json
import logging
import time
from datetime import date

import polars as pl

from benchmarks._common import print_table, save_results
from data.sources import samples

REPEATS = 3
DAY = date(2025, 11, 21)
BATCH = 200


def _best(fn, repeats: int = REPEATS) -> float:
    best = float("inf")
    for _ in range(repeats):
        t0 = time.perf_counter()
        fn()
        best = min(best, time.perf_counter() - t0)
    return best


def main() -> dict:
    from massive.websocket.models import Market, parse

    from data.compute.snapshot import classify_window
    from data.orchestration.massive_feed import MassiveBook, MassiveRecords
    from data.orchestration.streaming import _dt

    mkt = samples.market(7, ["SPY"])
    prints, quotes, oi = samples.day_flow(mkt, ["SPY"], DAY)
    events, open_interest = samples.massive_events(prints, quotes, oi)
    messages = [json.dumps(events[i:i + BATCH]) for i in range(0, len(events), BATCH)]
    n = prints.height
    log = logging.getLogger("bench")

    def decode():
        count = 0
        for m in messages:
            count += len(parse(json.loads(m), log, Market.Options))
        return count

    class ClassifyOnly(MassiveBook):
        """The book without the snapshot computation: each window's prints classified, then dropped."""

        def _snapshot(self, t):
            if not self.window:
                return None
            rows = [(_dt(ts), *k, px, sz, b, a, self._spot_at(k[0], ts) or 0.0)
                    for ts, k, px, sz, b, a in self.window]
            win = pl.DataFrame(rows, schema={"ts": pl.Datetime("us", "UTC"), "ticker": pl.String,
                                             "expiration": pl.Date, "strike": pl.Float64, "right": pl.String,
                                             "price": pl.Float64, "size": pl.Int64, "bid": pl.Float64,
                                             "ask": pl.Float64, "underlying_price": pl.Float64}, orient="row")
            win = self.legs(win)
            model = win.select("ticker", "expiration", "strike", "right").unique().with_columns(
                iv_start=pl.lit(None, pl.Float64), iv_end=pl.lit(None, pl.Float64))
            chain = win.select("ticker", "expiration").unique().with_columns(
                rate=pl.lit(0.04), div_yield=pl.lit(0.0))
            self.classified = getattr(self, "classified", 0) + classify_window(win, model, chain, None, t).height
            self.window = []
            return None

    def book():
        b = ClassifyOnly(["SPY"], publish=False)
        rec = MassiveRecords(b)
        for sym, v in open_interest.items():
            rec.open_interest(sym, v, 0)
        for m in messages:
            for ev in parse(json.loads(m), log, Market.Options):
                rec.event(ev)
        b.finish()
        return b

    first = book()
    assert first.stats.prints == n and first.classified == n, (first.stats.prints, first.classified, n)
    t_decode = _best(decode)
    t_book = _best(book)
    rows = {
        "decode": {"seconds": t_decode, "prints_per_s": n / t_decode},
        "book": {"seconds": t_book, "prints_per_s": n / t_book, "vs_decode": t_decode / t_book},
    }
    results = {"prints": n, "events": len(events), "messages": len(messages), "repeats": REPEATS, **rows}
    print_table(f"Massive live path, {n:,} prints and {len(events) - n:,} quotes of SPY (one session)",
                [(k, f"{v['seconds']:.3f}", f"{v['prints_per_s']:,.0f}", f"{v.get('vs_decode', 1.0):.3f}")
                 for k, v in rows.items()],
                ("path", "seconds", "prints/s", "x decode speed"))
    save_results("massive_feed", results)
    return results


if __name__ == "__main__":
    main()
