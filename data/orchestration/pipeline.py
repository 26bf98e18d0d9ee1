"""Snapshot production: source → compute → store.

``build_snapshot`` reads a source (``data.sources``) and the writer's persisted dealer book, and hands
them to ``data.compute.snapshot.compute_snapshot``, which returns a ``SnapshotBatch``.
``publish_snapshot`` writes the batch atomically (files renamed into place, then the manifest
replaced). When anything fails before the manifest is replaced nothing is published and the previous
snapshot stays served. ``ingest_chain_table`` does the same for chain rows read from files.
"""

from __future__ import annotations

from datetime import UTC, date, datetime, timedelta
from typing import Any

import numpy as np
import polars as pl
import pyarrow as pa

from domain import market_calendar as cal
from data.compute import positioning
from data.compute.snapshot import (BookState, SnapshotBatch, Stopwatch, compute_snapshot, empty_tallies, roll_tallies,
                                   spot_column)
from data.sources.base import PipelineError, Source
from data.sources.lookup import get_source
from data.store.schemas import sort_prints
from data.store.parquet import Store, read_table


# ---------------------------------------------------------------- state (dealer book)


def load_state(root, ts: datetime) -> BookState:
    """The dealer book to continue from: today's latest book at or before ``ts``, else yesterday's close."""
    found = Store(root).state_before(ts)
    if found is None:
        return BookState(None, None, positioning.empty_book().with_columns(model_iv=pl.lit(None, pl.Float64)),
                         empty_tallies())
    day, book_ts, files = found
    book = pl.from_arrow(read_table(files["book"]))
    tallies = pl.from_arrow(read_table(files["tallies"])) if "tallies" in files else empty_tallies()
    return BookState(day, book_ts, book, tallies)


# ---------------------------------------------------------------- the snapshot


def build_snapshot(tickers: list[str], ts: datetime, source: str | Source = "synthetic", *,
                   root=None, mode: str | None = None, kind: str | None = None,
                   state: BookState | None = None, book_start: str = "open_interest") -> SnapshotBatch:
    """Compute one snapshot for ``tickers`` at ``ts`` (a time inside a session or its close).

    The dealer book continues from ``state`` when given, else from the latest book persisted in the
    store at or before ``ts``. Where there is no book to continue (the accumulation start, or a ticker
    the book has never seen) it starts as ``book_start`` says (``positioning.start_book``).
    """
    if ts.tzinfo is None:
        raise PipelineError("Snapshot time must be timezone-aware.")
    ts = ts.astimezone(UTC)
    day = ts.astimezone(cal.NY).date()
    sess = cal.session(day)
    if sess is None or not (sess[0] <= ts <= sess[1]):
        raise PipelineError(f"{ts.isoformat()} is not inside a trading session.")
    src = get_source(source)
    watch = Stopwatch()
    tickers = sorted(set(tickers))
    chain = pl.from_arrow(src.chains(tickers, ts))
    watch.lap("chain")
    mode = mode or src.positioning_mode
    if mode not in positioning.MODES:
        raise PipelineError(f"Unknown positioning mode {mode!r}.")
    if book_start not in positioning.BOOK_STARTS:
        raise PipelineError(f"Unknown book start {book_start!r}.")
    if mode != "trade_flow":
        state = None
    elif state is None or state.ts is None or state.ts > ts:
        state = load_state(root, ts)
    if state is not None:
        wanted = list(tickers)
        state = BookState(state.day, state.ts, state.book.filter(pl.col("ticker").is_in(wanted)),
                          state.tallies.filter(pl.col("ticker").is_in(wanted)))
    if state is not None and state.day != day:
        # A new day: yesterday's closing book rolls over; today's prints start from the open.
        prev_book = state.book
        state = BookState(day, None, prev_book, roll_tallies(state.tallies))
        start = sess[0]
    elif state is not None:
        start = state.ts or sess[0]
    else:
        start = sess[0]
    prints = src.prints(tickers, start, ts) if mode == "trade_flow" else None
    bars_start = start if state is not None and state.ts is not None else sess[0]
    bars = src.bars(tickers, bars_start, ts)
    watch.lap("source")
    context = {
        "previous_close": {t: src.previous_close(t, day) for t in tickers},
        "vix": src.vix(ts),
        "previous_vix": src.previous_vix(day),
        "open_price": _open_prices(bars, sess[0]) if bars is not None else {},
        "opening_straddle": opening_straddles(src, tickers, day),
    }
    batch = compute_snapshot(chain, ts, mode=mode, state=state, prints=prints, bars=bars, context=context,
                             watch=watch, kind=kind, book_start=book_start)
    return batch


def opening_straddles(src: Source, tickers: list[str], day: date) -> dict[str, float]:
    """The 0DTE opening straddle per ticker: mid of the call plus mid of the put at the 0DTE strike
    nearest spot, in the chain at the session open (docs/methodology.md §4.5). Fixed for the day."""
    sess = cal.session(day)
    out: dict[str, float] = {}
    if sess is None:
        return out
    cache: dict[tuple[date, str], float | None] = src.__dict__.setdefault("_opening_straddles", {})
    missing = [t for t in tickers if (day, t) not in cache]
    if missing:
        if len(cache) > 5000:
            cache.clear()
        # A source that cannot replay the session open falls back to the documented estimate.
        opening = src.chains(missing, sess[0]) if src.replays_session else None
        if opening is None:
            for t in missing:
                cache[(day, t)] = None
            missing = []
            ch = None
        else:
            ch = pl.from_arrow(opening)
            ch = ch.with_columns(spot=spot_column(ch), mid=(pl.col("bid") + pl.col("ask")) / 2).filter(
            (pl.col("expiration") == day) & (pl.col("bid") >= 0) & (pl.col("ask") > 0))
        for t in missing:
            c = ch.filter(pl.col("ticker") == t)
            value = None
            if c.height:
                spot = float(c["spot"][0])
                both = c.group_by("strike").agg(pl.col("right").n_unique().alias("n"), pl.col("mid").sum())
                both = both.filter(pl.col("n") == 2)
                if both.height:
                    k = both["strike"].to_numpy()
                    i = int(np.argmin(np.abs(k - spot)))
                    value = float(both["mid"][i])
            cache[(day, t)] = value
    for t in tickers:
        v = cache.get((day, t))
        if v is not None and v > 0:
            out[t] = v
    return out


def _open_prices(bars: pa.Table, open_ts: datetime) -> dict[str, float]:
    if bars is None or bars.num_rows == 0:
        return {}
    b = pl.from_arrow(bars).filter(pl.col("ts") <= open_ts + timedelta(minutes=1)).sort("ts")
    return dict(b.group_by("ticker").agg(pl.col("open").first()).iter_rows())


# ---------------------------------------------------------------- publish


def _publish_args(batch: SnapshotBatch) -> dict[str, Any]:
    tables = {"exposures": batch.exposures, "stats": batch.stats, "bars": batch.bars}
    if batch.prints is not None:
        # The window's classified prints: kept beside the snapshot they moved the book for.
        tables["prints"] = batch.prints
    return {"ts": batch.ts, "kind": batch.kind, "tables": tables,
            "zero_dte": batch.zero_dte, "daily": batch.daily, "state": batch.state or None}


def publish_args(batch: SnapshotBatch, root=None, *, keep_state: bool = True) -> dict[str, Any]:
    """The arguments of ``Store.publish_snapshot`` for a batch (``keep_state=False``: without the writer's
    book, for a snapshot followed by a later one published in the same manifest change).

    A batch for some tickers keeps the persisted book of the others (their rows are carried over).
    """
    args = _publish_args(batch)
    pr = args["tables"].get("prints")
    if pr is not None and pr.num_rows and not pl.from_arrow(pr.column("ticker")).is_sorted():
        args["tables"]["prints"] = sort_prints(pr)
    ex = args["tables"]["exposures"]
    if ex.num_rows and not pl.from_arrow(ex.column("ticker")).is_sorted():
        # Batches merged from parallel workers: restore the file's sort order (row-group pruning needs it).
        args["tables"]["exposures"] = ex.sort_by([("ticker", "ascending"), ("expiration", "ascending"),
                                                  ("strike", "ascending"), ("right", "ascending")])
    if not keep_state:
        args["state"] = None
    elif batch.state:
        args["state"] = _merge_state(batch, root)
    return args


def publish_snapshot(batch: SnapshotBatch, root=None) -> str:
    """Publish a batch atomically; returns the snapshot id. Nothing is visible until the manifest moves.

    A batch for some tickers keeps the persisted book of the others (their rows are carried over).
    """
    return Store(root).publish_snapshot(**publish_args(batch, root))


def _merge_state(batch: SnapshotBatch, root) -> dict[str, pa.Table]:
    found = Store(root).state_before(batch.ts)
    if found is None:
        return batch.state
    mine = set(batch.tickers)
    merged = {}
    for name, table in batch.state.items():
        path = found[2].get(name)
        if path is None or not path.exists():
            merged[name] = table
            continue
        present = set(read_table(path, columns=["ticker"]).column("ticker").unique().to_pylist())
        if present <= mine:
            merged[name] = table
            continue
        others = pl.from_arrow(read_table(path)).filter(~pl.col("ticker").is_in(sorted(mine)))
        if others.height == 0:
            merged[name] = table
        else:
            merged[name] = pa.concat_tables([table, others.to_arrow().cast(table.schema)])
    return merged


def compact_day(day: date, root=None) -> int:
    """Merge a finished day's intraday files (run after the close); returns the snapshots rewritten."""
    return Store(root).compact_day(day)


def merge_batches(parts: list[SnapshotBatch]) -> SnapshotBatch:
    """One batch from batches of disjoint ticker sets at the same time (the demo's parallel shards)."""
    if len(parts) == 1:
        return parts[0]
    parts = sorted(parts, key=lambda b: b.tickers[0] if b.tickers else "")
    def cat(name):
        tables = [getattr(b, name) for b in parts if getattr(b, name) is not None]
        return pa.concat_tables(tables) if tables else None
    state = {}
    for key in parts[0].state:
        state[key] = pa.concat_tables([b.state[key] for b in parts])
    timings = {k: max(b.timings.get(k, 0.0) for b in parts) for k in parts[0].timings}
    return SnapshotBatch(ts=parts[0].ts, kind=parts[0].kind, tickers=sorted(t for b in parts for t in b.tickers),
                         zero_dte=sorted(t for b in parts for t in b.zero_dte), exposures=cat("exposures"),
                         stats=cat("stats"), bars=cat("bars"), daily=cat("daily"), state=state, timings=timings,
                         classified=None, prints=cat("prints"))


def ingest_chain_table(table: pa.Table, source: str = "file", *, root=None, mode: str = "open_interest",
                       publish: bool = True) -> list[SnapshotBatch]:
    """Turn validated chain rows (``CHAIN_SCHEMA``, any number of snapshot times) into published snapshots.

    Files carry no trade prints, so positions follow the open-interest convention by default. Each
    distinct ``ts`` becomes one snapshot; bars are the underlying's last price at each snapshot.
    """
    frame = pl.from_arrow(table)
    if frame.is_empty():
        raise PipelineError("The file holds no option rows to publish.")
    batches = []
    for (ts_val,), part in sorted(frame.group_by(["ts"]), key=lambda kv: kv[0][0]):
        ts = ts_val if ts_val.tzinfo else ts_val.replace(tzinfo=UTC)
        ts = ts.astimezone(UTC)
        spot = part.with_columns(spot=spot_column(part)).group_by("ticker").agg(pl.col("spot").first())
        bars = spot.select(ticker="ticker", ts=pl.lit(ts).cast(pl.Datetime("us", "UTC")), open="spot",
                           high="spot", low="spot", close="spot").to_arrow()
        context = {"previous_close": {}, "vix": None, "previous_vix": None, "open_price": {}}
        sess = cal.session(ts.astimezone(cal.NY).date())
        kind = "eod" if sess is None or ts >= sess[1] else "intraday"
        batches.append(compute_snapshot(part, ts, mode=mode, state=None, prints=None, bars=bars,
                                        context=context, kind=kind))
    # Everything is computed first and published in one manifest change: all snapshots or none.
    if publish:
        Store(root).publish_snapshots([_publish_args(b) for b in batches])
    return batches
