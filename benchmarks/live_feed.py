"""The streaming book's throughput against decoding the same DBN records alone, in the same run (prints/s).

Two recordings, each one DBN byte stream fed in 64 KiB chunks:

* ``session`` — a full session of SPX and SPY prints from the synthetic market in OPRA's layout
  (definitions, statistics, tcbbo): 170,103 prints, light enough that the fixed costs per minute (the
  underlying by put–call parity) and per window weigh;
* ``burst`` — ``BURST_PRINTS`` prints of ``BURST_TICKERS`` tickers in the session's first
  ``BURST_MINUTES`` minutes (``benchmarks._feed_day.SimulatedDay``), the rate a busy feed reaches.

Paths, each timed over the whole stream (definitions included):

* ``decode`` — ``databento_dbn.DBNDecoder`` over the bytes, nothing else (the floor for any consumer);
* ``book`` — the streaming book fed the same bytes (``StreamBook.feed_bytes``: tcbbo runs read as arrays,
  duplicate check, reorder buffer, contract state, the window's prints, the minute prices) and each grid
  window's prints classified with the existing rules (``classify_window``, the same call the snapshots
  make);
* ``book_with_snapshots`` — the same, publishing nothing but computing every 5-minute snapshot
  (exposures, derived figures), as the live consumer does;
* ``book_record_by_record`` (session only) — the decoded records through ``StreamBook.feed`` one at a time.

Target: the burst's ``book`` ≥ 200,000 prints/s on one core, quoted with its ratio to ``decode``. Each
figure is the best of ``REPEATS`` runs (one run for the snapshot and record-by-record paths). Measured
figures and the machine's state: ``docs/design.md``, "The streaming book".
"""

from __future__ import annotations

import time
from datetime import UTC, date, datetime

import polars as pl
import pyarrow as pa

from benchmarks._common import print_table, save_results
from data.sources import samples

REPEATS = 3
DAY = date(2025, 11, 21)
TARGET = 200_000
BURST_PRINTS = 1_500_000
BURST_TICKERS = 250
BURST_MINUTES = 15


def _best(fn, repeats: int = REPEATS) -> float:
    best = float("inf")
    for _ in range(repeats):
        t0 = time.perf_counter()
        fn()
        best = min(best, time.perf_counter() - t0)
    return best


def _records():
    from domain import market_calendar as cal

    mkt = samples.market(7, ["SPX", "SPY"])
    sess = cal.session(DAY)
    prints = pl.from_arrow(pa.concat_tables([mkt.trades(t, sess[0], sess[1]) for t in ("SPX", "SPY")])).sort("ts")
    chain = pl.from_arrow(pa.concat_tables([mkt.chain(t, sess[0]) for t in ("SPX", "SPY")]))
    oi = chain.select("ticker", "expiration", "strike", "right", "open_interest")
    recs = samples.opra_records(prints, oi)
    return recs, samples.dbn_bytes([*recs["definition"], *recs["statistics"], *recs["tcbbo"]])


class _Books:
    """The book paths measured (defined once the streaming module is imported)."""

    def __init__(self):
        from data.compute.snapshot import classify_window
        from data.orchestration.streaming import StreamBook

        class ClassifyOnly(StreamBook):
            """The book without the snapshot computation: each window's prints classified, then dropped."""

            def _snapshot(self, t):
                win = self._window_frame().with_columns(pl.col("underlying_price").fill_null(0.0))
                if not win.height:
                    return None
                win = win.with_columns(condition=pl.lit("single"), package_id=pl.lit(None, pl.Int64))
                model = win.select("ticker", "expiration", "strike", "right").unique().with_columns(
                    iv_start=pl.lit(None, pl.Float64), iv_end=pl.lit(None, pl.Float64))
                chain = win.select("ticker", "expiration").unique().with_columns(
                    rate=pl.lit(0.04), div_yield=pl.lit(0.0))
                self.classified = getattr(self, "classified", 0) + classify_window(win, model, chain, None, t).height
                self._clear_window()
                return None

        self.classify_only, self.full = ClassifyOnly, StreamBook


def measure(raw: bytes, n: int, tickers: list[str], *, records: list | None = None, repeats: int = REPEATS) -> dict:
    """decode / book / book_with_snapshots (and, given the decoded ``records``, the record-by-record path)
    over one DBN byte stream fed in 64 KiB chunks."""
    import databento_dbn as dbn

    books = _Books()
    chunk = 1 << 16

    def decode():
        dec = dbn.DBNDecoder(has_metadata=True)
        count = 0
        for i in range(0, len(raw), chunk):
            dec.write(raw[i:i + chunk])
            count += len(dec.decode())
        return count

    def book(cls=books.classify_only):
        b = cls(tickers, publish=False)
        for i in range(0, len(raw), chunk):
            b.feed_bytes(raw[i:i + chunk])
        b.finish()
        return b

    def one_by_one():
        b = books.classify_only(tickers, publish=False)
        for r in records:
            b.feed(r)
        b.finish()
        return b

    first = book()
    assert first.stats.prints == n and first.classified == n, (first.stats.prints, first.classified, n)
    t_decode = _best(decode, repeats)
    t_book = _best(book, repeats)
    t_full = _best(lambda: book(books.full), repeats=1)
    rows = {"decode": {"seconds": t_decode, "prints_per_s": n / t_decode},
            "book": {"seconds": t_book, "prints_per_s": n / t_book, "vs_decode": t_decode / t_book},
            "book_with_snapshots": {"seconds": t_full, "prints_per_s": n / t_full, "vs_decode": t_decode / t_full}}
    if records is not None:
        t_one = _best(one_by_one, repeats=1)
        rows["book_record_by_record"] = {"seconds": t_one, "prints_per_s": n / t_one, "vs_decode": t_decode / t_one}
    return rows


def _burst() -> tuple[bytes, int, list[str]]:
    from benchmarks._feed_day import SimulatedDay

    day = SimulatedDay(BURST_PRINTS, BURST_TICKERS, minutes=BURST_MINUTES)
    return day.header() + b"".join(b for _, b in day.slices(1.0)), BURST_PRINTS, day.tickers


def main() -> dict:
    recs, raw = _records()
    n = len(recs["tcbbo"])
    import databento_dbn as dbn

    dec = dbn.DBNDecoder(has_metadata=True)
    dec.write(raw)
    decoded = dec.decode()
    session = measure(raw, n, ["SPX", "SPY"], records=decoded)
    del decoded
    braw, bn, btickers = _burst()
    burst = measure(braw, bn, btickers)
    results = {"session": {"prints": n, "records": n + len(recs["definition"]) + len(recs["statistics"]),
                           "bytes": len(raw), **session},
               "burst": {"prints": bn, "tickers": len(btickers), "minutes": BURST_MINUTES, "bytes": len(braw),
                         **burst},
               "target_prints_per_s": TARGET, "repeats": REPEATS,
               "meets_target": burst["book"]["prints_per_s"] >= TARGET}
    for name, title in (("session", f"one session of SPX and SPY, {n:,} prints"),
                        ("burst", f"a burst: {bn:,} prints of {len(btickers)} tickers in {BURST_MINUTES} minutes")):
        rows = {k: v for k, v in results[name].items() if isinstance(v, dict)}
        print_table(f"Streaming book, {title}",
                    [(k, f"{v['seconds']:.3f}", f"{v['prints_per_s']:,.0f}", f"{v.get('vs_decode', 1.0):.4f}")
                     for k, v in rows.items()],
                    ("path", "seconds", "prints/s", "x decode speed"))
    print(f"target {TARGET:,} prints/s for decode + classify + book update (the burst's book path): "
          f"{'met' if results['meets_target'] else 'NOT met'}")
    save_results("live_feed", results)
    return results


if __name__ == "__main__":
    main()
