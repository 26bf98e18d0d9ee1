"""``volland demo``: build the demo data set from the synthetic market, idempotently.

Profiles (sizes in docs/design.md §3):

* ``full``  – the whole universe: 5-minute intraday snapshots for every session the replay clock maps
  the build day onto (:func:`data.replay.replay_days`: four or five sessions, plus one completed later
  that UTC day),
  end-of-day strike-level snapshots for the 20 sessions before them, a year of daily aggregates;
* ``small`` – the same for a few dozen liquid tickers;
* ``tiny``  – a handful of tickers (SPX, SPY, QQQ, IWM, AAPL, NVDA, TSLA, VIX), 15-minute intraday
  snapshots for the same sessions and 5 end-of-day sessions; seconds to build (browser and API tests use it).

Re-running skips every snapshot already published, so an interrupted build resumes and a finished one
is a no-op. Snapshots are built oldest first because the dealer book of each depends on the previous;
a fresh build starts the book flat and first runs unpublished warm-up sessions (one snapshot at each
close: the book does not depend on the cadence) so the published history starts from a settled book.
"""

from __future__ import annotations

import time
from dataclasses import dataclass
from datetime import UTC, date, datetime, timedelta
from pathlib import Path

import click
import numpy as np
import polars as pl

from data import calendar as cal
from data.exposures import EXPOSURE_GREEKS, per_contract_dollars
from data.pipeline import (SnapshotBatch, build_snapshot, get_source, merge_batches, publish_snapshot,
                           state_from_batch)
from data.replay import replay_days
from data.store import DAILY_SCHEMA, Store, read_manifest, referenced_files

TINY = ["SPX", "SPY", "QQQ", "IWM", "AAPL", "NVDA", "TSLA", "VIX"]
SMALL = TINY + ["NDX", "RUT", "DIA", "XLF", "XLE", "XLK", "SMH", "TLT", "GLD", "MSFT", "AMZN", "META",
                "GOOGL", "AMD", "AVGO", "NFLX", "JPM", "BAC", "XOM", "UNH", "LLY", "COST", "WMT", "BA",
                "PLTR", "COIN", "MU", "INTC"]
# Daily back-history: each ticker's book re-priced on its largest positions only (docs/methodology §4.8).
BACK_HISTORY_CONTRACTS = 600
# How each dollar exposure scales with spot for a fixed book (docs/methodology.md §3).
SPOT_POWER = {"delta": 1, "gamma": 2, "dag": 2, "vanna": 1, "charm": 1}


@dataclass(frozen=True)
class Profile:
    name: str
    tickers: tuple[str, ...] | None     # None = the whole universe
    intraday_minutes: int               # intraday days: data.replay.replay_days(as_of)
    eod_days: int
    year_days: int = 365
    # Sessions of trade flow run before the first published one and not published: the dealer book
    # starts flat (BOOK_START) and needs weeks of prints to settle (methodology §2.4), so the published
    # history starts from a settled book.
    warmup_days: int = 30


# The book at the start of the warm-up: flat, every position from classified flow (methodology §2.4).
BOOK_START = "flat"

PROFILES = {
    "full": Profile("full", None, 5, 20),
    "small": Profile("small", tuple(SMALL), 5, 20),
    "tiny": Profile("tiny", tuple(TINY), 15, 5),
}


def profile_tickers(profile: Profile) -> list[str]:
    from data.universe import symbols
    known = set(symbols())
    if profile.tickers is None:
        return symbols()
    return [t for t in profile.tickers if t in known]


def completed_sessions(as_of: datetime, n: int) -> list[date]:
    """The last ``n`` trading days whose session had closed by ``as_of``, oldest first."""
    d = cal.ny_date(as_of)
    out: list[date] = []
    while len(out) < n:
        sess = cal.session(d)
        if sess is not None and sess[1] <= as_of:
            out.append(d)
        d = d - timedelta(days=1)
    return out[::-1]


def snapshot_times(day: date, minutes: int) -> list[datetime]:
    open_, close = cal.session(day)
    out, t = [], open_ + timedelta(minutes=minutes)
    while t < close:
        out.append(t)
        t += timedelta(minutes=minutes)
    out.append(close)
    return out


@dataclass
class Plan:
    eod: list[datetime]
    intraday: dict[date, list[datetime]]
    back_history: tuple[date, date]
    warmup: list[datetime]


def plan(profile: Profile, as_of: datetime) -> Plan:
    # Intraday: every session the replay clock can map onto from the build's UTC day (data.replay).
    intraday_days = replay_days(as_of)
    first_intraday = cal.session(intraday_days[0])[0]
    eod_days = completed_sessions(first_intraday, profile.eod_days + profile.warmup_days)
    warmup, eod_days = eod_days[:profile.warmup_days], eod_days[profile.warmup_days:]
    first = eod_days[0]
    return Plan(eod=[cal.session(d)[1] for d in eod_days],
                intraday={d: snapshot_times(d, profile.intraday_minutes) for d in intraday_days},
                back_history=(first - timedelta(days=profile.year_days), cal.previous_trading_day(first)),
                warmup=[cal.session(d)[1] for d in warmup])


def _shard_worker(tickers: list[str], timeline: list[datetime], root: str, out) -> None:
    """Compute a timeline of snapshots for a shard of tickers, keeping the book in memory."""
    try:
        source = get_source("synthetic")
        state = None
        for ts in timeline:
            batch = build_snapshot(tickers, ts, source, root=root, state=state, book_start=BOOK_START)
            state = state_from_batch(batch)
            batch.classified = None
            out.put(batch)
        out.put(None)
    except BaseException as exc:  # report to the parent, which stops the build
        out.put(RuntimeError(f"demo worker failed: {exc!r}"))


def _run_timeline(tickers: list[str], timeline: list[datetime], root, workers: int):
    """Yield one whole-universe batch per time, oldest first, computed by ``workers`` processes.

    Tickers are independent (each has its own book), so the universe is split into contiguous shards
    computed in parallel; the parent merges the shards of each time and publishes them in order.
    """
    if not timeline:
        return
    workers = max(1, min(workers, len(tickers)))
    if workers == 1:
        source = get_source("synthetic")
        state = None
        for ts in timeline:
            batch = build_snapshot(tickers, ts, source, root=root, state=state, book_start=BOOK_START)
            state = state_from_batch(batch)
            yield batch
        return
    import multiprocessing as mp

    ctx = mp.get_context("spawn")
    shards = [list(a) for a in np.array_split(np.array(sorted(tickers), dtype=object), workers)]
    queues = [ctx.Queue(maxsize=3) for _ in shards]
    procs = [ctx.Process(target=_shard_worker, args=(shard, timeline, str(root), q), daemon=True)
             for shard, q in zip(shards, queues, strict=True)]
    for proc in procs:
        proc.start()
    try:
        for _ in timeline:
            parts = []
            for q in queues:
                item = q.get()
                if isinstance(item, BaseException):
                    raise item
                parts.append(item)
            yield merge_batches(parts)
    finally:
        for proc in procs:
            if proc.is_alive():
                proc.terminate()
            proc.join(timeout=10)


def build_demo(profile_name: str = "full", root=None, as_of: datetime | None = None,
               progress: bool = True, workers: int | None = None) -> dict:
    """Build (or complete) the demo store; returns a summary with timings and sizes."""
    from tqdm import tqdm

    if profile_name not in PROFILES:
        raise ValueError(f"Unknown profile {profile_name!r}; choose full, small or tiny.")
    profile = PROFILES[profile_name]
    as_of = (as_of or datetime.now(UTC)).astimezone(UTC)
    store = Store(root)
    if workers is None:
        import os
        workers = 1 if profile_name == "tiny" else min(2, os.cpu_count() or 1)
    tickers = profile_tickers(profile)
    p = plan(profile, as_of)
    started = time.perf_counter()
    manifest = read_manifest(store.root)
    have = {e["ts"] for e in manifest["snapshots"] if set(tickers) <= set(e["tickers"])}

    def missing(times):
        return [t for t in times if t.strftime("%Y-%m-%dT%H:%M:%SZ") not in have]

    source = get_source("synthetic")
    timeline = missing(p.eod) + missing([t for times in p.intraday.values() for t in times])
    # A book that starts now (nothing published yet) warms up on the sessions before the first one.
    warmup = p.warmup if timeline and timeline[0] == p.eod[0] else []
    timeline = warmup + timeline
    last_of_day = {times[-1]: day for day, times in p.intraday.items()}
    built = 0
    first_batch: SnapshotBatch | None = None
    bar = tqdm(total=len(timeline), desc="snapshots", unit="snap", disable=not progress)
    for batch in _run_timeline(tickers, timeline, store.root, workers):
        if batch.ts in warmup:          # computed for the book only, never published
            bar.update(1)
            continue
        publish_snapshot(batch, store.root)
        if batch.ts == p.eod[0]:
            first_batch = batch
        if batch.ts in last_of_day:
            store.compact_day(last_of_day[batch.ts])
        built += 1
        bar.update(1)
    bar.close()
    back_rows = _back_history(store, source, tickers, p, first_batch, progress)
    if built:
        # The build runs before the app serves this store: superseded files need no grace period.
        from data.store import GARBAGE_GRACE
        store.collect_garbage(datetime.now(UTC) + GARBAGE_GRACE)
    if isinstance(store.root, Path):
        size = sum(f.stat().st_size for f in store.root.rglob("*") if f.is_file())
    else:   # object storage: the objects the manifest names
        manifest = read_manifest(store.files)
        size = sum(store.files.fs.size(store.files.path(rel)) for rel in referenced_files(manifest))
    return {"profile": profile_name, "tickers": len(tickers), "snapshots_built": built,
            "daily_rows_built": back_rows, "seconds": round(time.perf_counter() - started, 1),
            "store_bytes": size, "root": str(store.root)}


def _back_history(store: Store, source, tickers: list[str], p: Plan, first_batch: SnapshotBatch | None,
                  progress: bool) -> int:
    """A year of daily aggregates before the first end-of-day snapshot (cheap: a rolled, re-priced book).

    The first end-of-day book (its largest contributors per ticker) stands for the dealers' book
    structure: each contract keeps its time to expiry and its strike relative to a slow anchor of the
    spot (a 20-session exponential average), so on an earlier day the book is what the same positioning
    would have been then: short-dated options stay short-dated and strikes follow the market over weeks
    while the daily spot moves against them. Volatility scales with VIX; call and put positions scale by
    slow random factors (deterministic per ticker) so the history has regimes, not a flat line. On the
    last back-history day the factors are 1 and the anchor is the reference spot, so the series joins
    the first published session without a jump (methodology §4.8).
    """
    from tqdm import tqdm

    start, end = p.back_history
    days = cal.trading_days(start, end)
    if not days:
        return 0
    manifest = read_manifest(store.root)
    if any(d["start"] <= days[0].isoformat() for d in manifest.get("daily", [])):
        return 0
    if first_batch is None:
        ref_ts = p.eod[0].strftime("%Y-%m-%dT%H:%M:%SZ")
        entry = next((e for e in manifest["snapshots"] if e["ts"] == ref_ts), None)
        if entry is None:
            return 0
        exposures = store.read_table(entry["files"]["exposures"])
    else:
        exposures = first_batch.exposures
    ref = pl.from_arrow(exposures).filter((pl.col("position") != 0) & pl.col("iv").is_finite())
    market = source.market
    vix_ref = market.vix_close(cal.ny_date(p.eod[0]))
    closes_vix = np.array([market.vix_close(d) for d in days])
    frames = []
    for tk in tqdm(tickers, desc="daily aggregates (year)", unit="ticker", disable=not progress):
        closes = pl.from_arrow(market.daily_closes(tk, days[0], days[-1]))
        close_by_day = dict(zip(closes["date"].to_list(), closes["close"].to_list(), strict=True))
        spot = np.array([close_by_day.get(d, np.nan) for d in days])
        book = ref.filter(pl.col("ticker") == tk)
        c = _largest_contributors(book, BACK_HISTORY_CONTRACTS)
        aggs = {g: np.zeros(len(days)) for g in EXPOSURE_GREEKS}
        if c.height and np.isfinite(spot).any():
            s_ref = float(c["spot"][0])
            anchor = _anchor(spot, s_ref)
            q = c["position"].to_numpy()
            calls = (c["right"] == "C").to_numpy()
            m_call, m_put = _regime_factors(tk, len(days))
            scale = np.where(calls[None, :], m_call[:, None], m_put[:, None])
            per = per_contract_dollars(
                spot[:, None], c["strike"].to_numpy()[None, :] * (anchor / s_ref)[:, None],
                c["t_years"].to_numpy()[None, :], c["rate"].to_numpy()[None, :],
                c["div_yield"].to_numpy()[None, :],
                c["iv"].to_numpy().astype(np.float64)[None, :] * (closes_vix / vix_ref)[:, None],
                calls[None, :])
            # The smaller positions left out are carried as one block: their share of the reference
            # book's exposure, scaled with spot like the greek (dollar gamma with S², the others with S
            # or not at all) and with the average regime factor.
            moved = spot / s_ref
            mean_factor = 0.5 * (m_call + m_put)
            for g in EXPOSURE_GREEKS:
                rest = float(book[g].cast(pl.Float64).sum()) - float(c[g].cast(pl.Float64).sum())
                power = SPOT_POWER.get(g, 0)
                aggs[g] = np.nansum(per[g] * (q[None, :] * scale), axis=1) + rest * moved ** power * mean_factor
        frames.append(pl.DataFrame({"date": days, "ticker": [tk] * len(days), "close": spot,
                                    "vix_close": closes_vix, **{f"agg_{g}": aggs[g] for g in EXPOSURE_GREEKS},
                                    "dads": [None] * len(days)},
                                   schema_overrides={"dads": pl.Float64}))
    table = pl.concat(frames).filter(pl.col("close").is_finite()).to_arrow().cast(DAILY_SCHEMA)
    store.publish_daily(table)
    return table.num_rows


def _largest_contributors(book: pl.DataFrame, n: int) -> pl.DataFrame:
    """The ``n`` contracts with the largest share of the book's delta, gamma, vanna and charm exposure."""
    if book.height <= n:
        return book
    share = sum(pl.col(g).abs() / pl.col(g).abs().sum().clip(lower_bound=1e-300)
                for g in ("delta", "gamma", "vanna", "charm"))
    return book.with_columns(_w=share).sort("_w", descending=True).head(n).drop("_w")


def _anchor(spot: np.ndarray, s_ref: float, span: int = 20) -> np.ndarray:
    """Where the book's strikes sit each day: an exponential average of the closes, ending at ``s_ref``."""
    alpha = 2.0 / (span + 1)
    out = np.empty_like(spot)
    level = spot[np.isfinite(spot)][0]
    for i, x in enumerate(spot):
        if np.isfinite(x):
            level += alpha * (x - level)
        out[i] = level
    # Shift the whole path multiplicatively so the last day's anchor is the reference spot.
    return out * (s_ref / out[-1])


def _regime_factors(ticker: str, n: int) -> tuple[np.ndarray, np.ndarray]:
    """Slow, deterministic multipliers of call and put positions (log AR(1), 1 on the last day)."""
    import zlib

    rng = np.random.default_rng(zlib.crc32(f"back-history:{ticker}".encode()))
    phi, sigma = 0.97, 0.06          # persistence of about a month; stationary spread about ±25 %
    out = []
    for _ in range(2):
        x = np.zeros(n)
        for i in range(n - 2, -1, -1):   # walk back in time from the first published session
            x[i] = phi * x[i + 1] + sigma * rng.standard_normal()
        out.append(np.exp(x))
    return out[0], out[1]


def register(group: click.Group) -> None:
    """Add ``volland demo`` to the command group."""

    @group.command("demo")
    @click.option("--profile", type=click.Choice(sorted(PROFILES)), default="full", show_default=True,
                  help="How much data to build.")
    @click.option("--root", type=click.Path(file_okay=False), default=None,
                  help="Store folder (default: VOLLAND_STORE_ROOT or <var>/store).")
    @click.option("--as-of", "as_of", default=None, metavar="YYYY-MM-DD[THH:MM]",
                  help="Build as if it were this time (UTC); default now.")
    @click.option("--quiet", is_flag=True, help="No progress bars.")
    @click.option("--workers", type=click.IntRange(1, 16), default=None,
                  help="Processes computing snapshots in parallel (default: 2, or 1 for tiny).")
    def demo(profile: str, root: str | None, as_of: str | None, quiet: bool, workers: int | None) -> None:
        """Build the demo data set (idempotent: re-running only fills what is missing)."""
        from volland.cli import fail

        when = None
        if as_of:
            try:
                when = datetime.fromisoformat(as_of)
            except ValueError:
                fail(f"--as-of {as_of!r} is not a date or time like 2026-11-20 or 2026-11-20T21:00.")
            if when.tzinfo is None:
                when = when.replace(tzinfo=UTC)
            if len(as_of) <= 10:   # a date: the end of that day
                when = when + timedelta(days=1) - timedelta(seconds=1)
        from data.store import PublishConflict

        try:
            summary = build_demo(profile, root, when, progress=not quiet, workers=workers)
        except ValueError as exc:
            fail(str(exc))
        except PublishConflict as exc:
            fail(f"{exc}. This store already holds other values for those times; build the demo into an "
                 "empty folder (--root) instead.")
        click.echo(f"demo data ({summary['profile']}): {summary['tickers']} tickers, "
                   f"{summary['snapshots_built']} snapshots and {summary['daily_rows_built']} daily rows built "
                   f"in {summary['seconds']} s; store {summary['store_bytes'] / 1e6:.1f} MB at {summary['root']}")
