"""``volland demo``: build the demo data set from the synthetic market, idempotently.

Profiles (sizes in docs/design.md §3):

* ``full``  – the whole universe: 5-minute intraday snapshots for every session the replay clock maps
  the build day onto (:func:`domain.market_clock.replay_days`: four or five sessions, plus one completed later
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

import contextlib
import time
from collections.abc import Callable
from dataclasses import dataclass
from datetime import UTC, date, datetime, timedelta
from pathlib import Path

import click
import numpy as np
import polars as pl

from domain import market_calendar as cal
from data.compute.exposures import EXPOSURE_GREEKS, per_contract_dollars
from data.compute.snapshot import SnapshotBatch, state_from_batch
from data.orchestration.pipeline import build_snapshot, merge_batches, publish_args, publish_snapshot
from data.sources.lookup import get_source
from domain.market_clock import replay_days
from data.store.parquet import Store, read_manifest, referenced_files
from data.store.schemas import DAILY_SCHEMA

TINY = ["SPX", "SPY", "QQQ", "IWM", "AAPL", "NVDA", "TSLA", "VIX"]
SMALL = TINY + ["NDX", "RUT", "DIA", "XLF", "XLE", "XLK", "SMH", "TLT", "GLD", "MSFT", "AMZN", "META",
                "GOOGL", "AMD", "AVGO", "NFLX", "JPM", "BAC", "XOM", "UNH", "LLY", "COST", "WMT", "BA",
                "PLTR", "COIN", "MU", "INTC"]
# Daily back-history: each ticker's book re-priced on its largest positions only (docs/methodology §4.8).
BACK_HISTORY_CONTRACTS = 600
# How each dollar exposure scales with spot for a fixed book (docs/methodology.md §3).
SPOT_POWER = {"delta": 1, "gamma": 2, "dag": 2, "vanna": 1, "charm": 1}
# Listing cycles (calendar days) of the back-history's rolled contracts, by reference tenor: weekly,
# monthly, quarterly, yearly and two-year (LEAPS) (docs/methodology §4.8).
ROLL_CYCLE_DAYS = (7, 35, 91, 365, 730)
# A rolled time to expiry under a minute (years) is a whole cycle up to float rounding.
ROLL_ROUNDING = 60.0 / (365.0 * 24 * 3600)


@dataclass(frozen=True)
class Profile:
    name: str
    tickers: tuple[str, ...] | None     # None = the whole universe
    intraday_minutes: int               # intraday days: domain.market_clock.replay_days(as_of)
    eod_days: int
    year_days: int = 365
    # Sessions of trade flow run before the first published one and not published: the dealer book
    # starts flat (BOOK_START) and needs weeks of prints to settle (methodology §2.4), so the published
    # history starts from a settled book.
    warmup_days: int = 30
    # Built before ``make run`` serves (``--part first``); the others in the background (``--part rest``).
    first: tuple[str, ...] = tuple(TINY)


# The book at the start of the warm-up: flat, every position from classified flow (methodology §2.4).
BOOK_START = "flat"

PROFILES = {
    "full": Profile("full", None, 5, 20),
    "small": Profile("small", tuple(SMALL), 5, 20),
    "tiny": Profile("tiny", tuple(TINY), 15, 5),
}


PARTS = ("all", "first", "rest")


def part_tickers(profile: Profile, part: str = "all") -> list[str]:
    """The tickers a part of the build covers: all, the serve-first ones, or the others."""
    tickers = profile_tickers(profile)
    if part == "all":
        return tickers
    first = set(profile.first)
    return [t for t in tickers if (t in first) == (part == "first")]


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
    """The open, then every ``minutes`` until the close, and the close: a session has a snapshot of its
    own (today's 0DTE book included) from its first minute."""
    open_, close = cal.session(day)
    out, t = [open_], open_ + timedelta(minutes=minutes)
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
    # Intraday: every session the replay clock can map onto from the build's UTC day (domain.market_clock).
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
               progress: bool = True, workers: int | None = None, part: str = "all",
               report: Callable[[str, dict], None] | None = None) -> dict:
    """Build (or complete) the demo store; returns a summary with timings and sizes.

    ``part`` is ``all`` (every ticker), ``first`` (the profile's serve-first tickers) or ``rest`` (the
    others). Tickers are independent (each has its own dealer book), so building the parts one after the
    other gives the same published data as building them together. A day is published whole: an
    end-of-day session is one snapshot, an intraday session all of its snapshots in one manifest change
    (an interrupted build leaves no part of a day behind and resumes at the start of the first missing
    day). ``report(phase, progress)`` is called after every computed session and published day.
    """
    from tqdm import tqdm

    from data.store import backfill

    if profile_name not in PROFILES:
        raise ValueError(f"Unknown profile {profile_name!r}; choose full, small or tiny.")
    if part not in PARTS:
        raise ValueError(f"Unknown part {part!r}; choose all, first or rest.")
    profile = PROFILES[profile_name]
    store = Store(root)
    if as_of is None and part == "rest":
        # The background part keeps the plan the first part was built for (same sessions, same book path).
        planned = backfill.read_plan(store.root)
        if planned and planned.get("state") != "done" and planned.get("profile") == profile_name \
                and planned.get("asOf"):
            as_of = datetime.fromisoformat(planned["asOf"])
    as_of = (as_of or datetime.now(UTC)).astimezone(UTC)
    if workers is None:
        import os
        workers = 1 if profile_name == "tiny" else min(2, os.cpu_count() or 1)
    tickers = part_tickers(profile, part)
    p = plan(profile, as_of)
    started = time.perf_counter()
    source = get_source("synthetic")
    timeline, warmup = _missing_timeline(store, tickers, p)
    warmup_set, eod_set = set(warmup), set(p.eod)
    last_of_day = {times[-1]: day for day, times in p.intraday.items()}
    days_total = len(p.eod) + len(p.intraday)
    state = {"part": part, "daysTotal": days_total,
             "daysDone": days_total - len({cal.ny_date(t) for t in timeline if t not in warmup_set}),
             "warmupTotal": len(warmup), "warmupDone": 0, "currentDay": None}
    tracker = _Tracker(store.root, profile_name, as_of, tickers, part, state, report)
    tracker("started")
    built = 0
    first_batch: SnapshotBatch | None = None
    bar = tqdm(total=len(timeline), desc=f"snapshots ({part})" if part != "all" else "snapshots", unit="snap",
               disable=not progress)
    day_publish: contextlib.ExitStack | None = None
    add = None
    try:
        for batch in _run_timeline(tickers, timeline, store.root, workers):
            bar.update(1)
            day = cal.ny_date(batch.ts)
            if batch.ts in warmup_set:          # computed for the book only, never published
                state["warmupDone"] += 1
                tracker("warm-up")
                continue
            if batch.ts in eod_set:             # an end-of-day session: one snapshot, the whole day
                publish_snapshot(batch, store.root)
                if batch.ts == p.eod[0]:
                    first_batch = batch
            else:
                if day_publish is None:
                    day_publish = contextlib.ExitStack()
                    add = day_publish.enter_context(store.publishing())
                    state["currentDay"] = day.isoformat()
                    tracker("day")
                # Only the day's last snapshot persists the writer's book: a resumed build restarts the
                # day from the previous day's close.
                add(**publish_args(batch, store.root, keep_state=batch.ts in last_of_day))
                if batch.ts not in last_of_day:
                    built += 1
                    continue
                closing, day_publish = day_publish, None
                closing.close()                 # the day becomes visible here, all at once
                store.compact_day(day)
            built += 1
            state["daysDone"] += 1
            state["currentDay"] = None
            tracker("published", day=day.isoformat())
        if day_publish is not None:             # a day whose close was already published
            closing, day_publish = day_publish, None
            closing.close()
    except BaseException:
        if day_publish is not None:
            import sys
            day_publish.__exit__(*sys.exc_info())
        bar.close()
        raise
    bar.close()
    tracker("daily history")
    back_rows = _back_history(store, source, tickers, p, first_batch, progress)
    if built and part != "rest":
        # The build runs before the app serves this store: superseded files need no grace period.
        from data.store.parquet import GARBAGE_GRACE
        store.collect_garbage(datetime.now(UTC) + GARBAGE_GRACE)
    tracker("done")
    if part != "rest":
        _plan_rest(store, profile_name, profile, as_of, p)
    if isinstance(store.root, Path):
        size = sum(f.stat().st_size for f in store.root.rglob("*") if f.is_file())
    else:   # object storage: the objects the manifest names
        manifest = read_manifest(store.files)
        size = sum(store.files.fs.size(store.files.path(rel)) for rel in referenced_files(manifest))
    return {"profile": profile_name, "part": part, "tickers": len(tickers), "snapshots_built": built,
            "daily_rows_built": back_rows, "seconds": round(time.perf_counter() - started, 1),
            "store_bytes": size, "root": str(store.root)}


def _missing_timeline(store: Store, tickers: list[str], p: Plan) -> tuple[list[datetime], list[datetime]]:
    """The snapshot times still to compute for ``tickers`` (warm-up first when nothing is published yet),
    and the warm-up times among them."""
    if not tickers:
        return [], []
    manifest = read_manifest(store.root)
    have = {e["ts"] for e in manifest["snapshots"] if set(tickers) <= set(e["tickers"])}

    def missing(times):
        return [t for t in times if t.strftime("%Y-%m-%dT%H:%M:%SZ") not in have]

    timeline = missing(p.eod) + missing([t for times in p.intraday.values() for t in times])
    # A book that starts now (nothing published yet) warms up on the sessions before the first one.
    warmup = p.warmup if timeline and timeline[0] == p.eod[0] else []
    return warmup + timeline, warmup


def _plan_rest(store: Store, profile_name: str, profile: Profile, as_of: datetime, p: Plan) -> None:
    """After the first part: record what the background part owes (or that it owes nothing)."""
    from data.store import backfill

    rest = part_tickers(profile, "rest")
    timeline, warmup = _missing_timeline(store, rest, p)
    owed = bool(timeline) or (bool(rest) and _back_history_missing(store, rest, p))
    current = backfill.read_plan(store.root)
    if not owed:
        if current and current.get("state") != "done":
            backfill.update_plan(store.root, state="done", finishedAt=backfill.now_iso())
        return
    days_total = len(p.eod) + len(p.intraday)
    missing_days = {cal.ny_date(t) for t in timeline if t not in set(warmup)}
    backfill.write_plan(store.root, {
        "state": "pending", "profile": profile_name, "asOf": as_of.isoformat(), "tickers": rest,
        "phase": "pending", "daysTotal": days_total, "daysDone": days_total - len(missing_days),
        "warmupTotal": len(warmup), "warmupDone": 0, "currentDay": None, "startedAt": None,
        "finishedAt": None, "pid": None, "error": None})


class _Tracker:
    """Progress of a build: the caller's ``report`` and, for the background part, the plan file."""

    def __init__(self, root, profile_name: str, as_of: datetime, tickers: list[str], part: str, state: dict,
                 report: Callable[[str, dict], None] | None) -> None:
        self.root, self.part, self.state, self.report = root, part, state, report
        self.fields = {"profile": profile_name, "asOf": as_of.isoformat(), "tickers": tickers}

    def __call__(self, phase: str, **extra) -> None:
        import os

        from data.store import backfill

        if self.part == "rest" and self.fields["tickers"]:
            now = backfill.now_iso()
            fields = {**self.fields, **{k: v for k, v in self.state.items() if k != "part"}, "phase": phase}
            if phase == "started":
                fields.update(state="running", startedAt=now, finishedAt=None, pid=os.getpid(), error=None)
            elif phase == "done":
                fields.update(state="done", finishedAt=now, currentDay=None)
            backfill.update_plan(self.root, **fields)
        if self.report is not None:
            self.report(phase, {**self.state, **extra})


def _back_history(store: Store, source, tickers: list[str], p: Plan, first_batch: SnapshotBatch | None,
                  progress: bool) -> int:
    """A year of daily aggregates before the first end-of-day snapshot (cheap: a rolled, re-priced book),
    published; returns the number of rows (methodology §4.8, :func:`back_history_table`)."""
    tickers = _back_history_missing(store, tickers, p)
    table = back_history_table(store, source, tickers, p, first_batch, progress)
    if table is None:
        return 0
    store.publish_daily(table)
    return table.num_rows


def back_history_table(store: Store, source, tickers: list[str], p: Plan, first_batch: SnapshotBatch | None,
                       progress: bool = False):
    """The daily aggregates of ``tickers`` over the plan's back history (an Arrow table in the daily
    schema, not published), or None when there is nothing to compute.

    The first end-of-day book (its largest contributors per ticker) stands for the dealers' book
    structure, rolled back in time: going back day by day from the last back-history day, each
    contract's time to expiry grows by the elapsed calendar time and, past the length of its listing
    cycle (chosen from its reference tenor, :data:`ROLL_CYCLE_DAYS`), wraps to a freshly listed contract
    of the same cycle (:func:`rolled_years_to_expiry`), so every back day has contracts close to expiry
    in the reference book's mix of cycles. Strikes keep their distance from a slow anchor of the spot (a
    20-session exponential average), so they follow the market over weeks while the daily spot moves
    against them. Volatility scales with VIX; call and put positions scale by slow random factors
    (deterministic per ticker) so the history has regimes, not a flat line. On the last back-history day
    no time has elapsed, the factors are 1 and the anchor is the reference spot: the book is the
    reference book, so the series joins the first published session without a jump.
    """
    from tqdm import tqdm

    start, end = p.back_history
    days = cal.trading_days(start, end)
    if not days or not tickers:
        return None
    manifest = read_manifest(store.root)
    if first_batch is None:
        import pyarrow as pa
        ref_ts = p.eod[0].strftime("%Y-%m-%dT%H:%M:%SZ")
        entries = [e for e in manifest["snapshots"] if e["ts"] == ref_ts and set(tickers) & set(e["tickers"])]
        if not entries:
            return None
        exposures = pa.concat_tables([store.read_table(e["files"]["exposures"], filters=[("ticker", "in", tickers)])
                                      for e in entries])
    else:
        exposures = first_batch.exposures
    ref = pl.from_arrow(exposures).filter((pl.col("position") != 0) & pl.col("iv").is_finite())
    market = source.market
    vix_ref = market.vix_close(cal.ny_date(p.eod[0]))
    closes_vix = np.array([market.vix_close(d) for d in days])
    # Calendar years from each back day to the last one (0 on the last back-history day).
    elapsed = np.array([(days[-1] - d).days for d in days], dtype=np.float64) / 365.0
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
            t_back, _ = rolled_years_to_expiry(c["t_years"].to_numpy().astype(np.float64), elapsed)
            per = per_contract_dollars(
                spot[:, None], c["strike"].to_numpy()[None, :] * (anchor / s_ref)[:, None],
                t_back, c["rate"].to_numpy()[None, :],
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
    return pl.concat(frames).filter(pl.col("close").is_finite()).to_arrow().cast(DAILY_SCHEMA)


def roll_cycles(t_ref: np.ndarray) -> np.ndarray:
    """Each contract's listing cycle in years: the shortest of :data:`ROLL_CYCLE_DAYS` that holds its
    reference time to expiry (a contract beyond the longest keeps its own tenor as its cycle)."""
    t_ref = np.asarray(t_ref, dtype=np.float64)
    ladder = np.asarray(ROLL_CYCLE_DAYS, dtype=np.float64) / 365.0
    i = np.searchsorted(ladder, t_ref, side="left")
    return np.where(i < len(ladder), ladder[np.minimum(i, len(ladder) - 1)], t_ref)


def rolled_years_to_expiry(t_ref: np.ndarray, elapsed: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
    """Times to expiry (years) of the reference contracts ``t_ref`` on days ``elapsed`` years earlier:
    a ``(days, contracts)`` array, and each contract's cycle.

    Going back in time a contract's time to expiry grows by the elapsed time; once it passes its cycle
    ``L`` the contract was not listed yet, and its place is held by the one of the same cycle expiring
    ``L`` earlier (then ``2L``, …): ``t = a − L·(⌈a/L⌉ − 1)`` with ``a = t_ref + elapsed``, always in
    ``(0, L]`` — computed as the floating remainder of ``a`` by ``L``, ``L`` where it is under a minute
    (a whole number of cycles up to the rounding of ``a``: no contract at a close is that near expiry).
    With no time elapsed ``t`` is ``t_ref`` exactly.
    """
    t_ref = np.asarray(t_ref, dtype=np.float64)
    cycle = roll_cycles(t_ref)
    t = np.add.outer(np.asarray(elapsed, dtype=np.float64), t_ref)
    np.remainder(t, cycle, out=t)
    on_cycle = t < ROLL_ROUNDING
    if on_cycle.any():
        t[on_cycle] = np.broadcast_to(cycle, t.shape)[on_cycle]
    return t, cycle


def _back_history_missing(store: Store, tickers: list[str], p: Plan) -> list[str]:
    """The tickers without a published daily row on the first back-history day (a ticker without a
    close that day counts as missing: recomputing it publishes nothing new)."""
    days = cal.trading_days(*p.back_history)
    if not days or not tickers:
        return []
    found = store._published_daily(read_manifest(store.root), tickers, [days[0]])
    return [t for t in tickers if (t, days[0]) not in found]


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
    @click.option("--part", type=click.Choice(PARTS), default="all", show_default=True,
                  help="Which tickers: all, the serve-first ones (first) or the others (rest; the "
                       "background part of `make run`, which records its progress for the admin job view).")
    def demo(profile: str, root: str | None, as_of: str | None, quiet: bool, workers: int | None,
             part: str) -> None:
        """Build the demo data set (idempotent: re-running only fills what is missing)."""
        from volland.cli_errors import fail

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
        from data.store.parquet import PublishConflict

        report = _background_events() if part == "rest" else None
        if part == "rest":
            import signal

            def stop(*_):
                raise KeyboardInterrupt

            # Stopped by its supervisor: end like Ctrl-C, so the day in progress is withdrawn at once.
            signal.signal(signal.SIGTERM, stop)
        try:
            summary = build_demo(profile, root, when, progress=not quiet, workers=workers, part=part,
                                 report=report)
        except ValueError as exc:
            fail(str(exc))
        except KeyboardInterrupt:
            if part == "rest":
                from data.store import backfill

                backfill.update_plan(root, state="stopped", phase="stopped")
            raise
        except Exception as exc:
            if part == "rest":
                from data.store import backfill

                backfill.update_plan(root, state="failed", phase="failed", error=f"{type(exc).__name__}: {exc}"[:300])
            if isinstance(exc, PublishConflict):
                fail(f"{exc}. This store already holds other values for those times; build the demo into an "
                     "empty folder (--root) instead.")
            raise
        shown = summary["profile"] if part == "all" else f"{summary['profile']}, part {part}"
        click.echo(f"demo data ({shown}): {summary['tickers']} tickers, "
                   f"{summary['snapshots_built']} snapshots and {summary['daily_rows_built']} daily rows built "
                   f"in {summary['seconds']} s; store {summary['store_bytes'] / 1e6:.1f} MB at {summary['root']}")


# Who else hears the background part's phases (``started``, ``published``, ``done``): the job system adds
# its recorder here when the command line is assembled (``jobs.cli.register``), so the data layer needs
# no import of the job system. Each entry makes a ``record(phase, fields)`` callable.
BACKGROUND_LISTENERS: list[Callable[[], Callable[[str, dict], None]]] = []


def _background_events() -> Callable[[str, dict], None]:
    """The background part's progress as lines on stdout and in the log, and for every registered
    listener (the admin job view and ``volland jobs status``). Best effort: the plan file still tells."""
    import logging

    log = logging.getLogger("data.orchestration.demo")
    listeners = [make() for make in BACKGROUND_LISTENERS]

    def report(phase: str, progress: dict) -> None:
        if phase not in ("started", "published", "done"):
            return
        fields = {k: progress.get(k) for k in ("daysDone", "daysTotal", "day") if progress.get(k) is not None}
        click.echo(f"background build: {phase} {fields}", err=False)
        log.info("background build %s %s", phase, fields)
        for record in listeners:
            record(phase, fields)

    return report
