"""One snapshot computed from a chain: IV → dealer positions → exposures → derived figures → tables.

``compute_snapshot`` is given everything it reads (the chain, the window's prints and bars, the dealer
book it continues, the market context) and returns a ``SnapshotBatch``: the tables the store keeps, in
the store's schemas (``data.store.schemas``), plus the book for the next run. It reads no source and no
store file; ``data.orchestration.pipeline`` does both and publishes the batch.

The whole universe is processed as one columnar batch: one IV inversion and one greek call for every
contract of every ticker, so a snapshot costs a few vectorized passes rather than 250 small ones.
"""

from __future__ import annotations

import time as _time
from dataclasses import dataclass, field
from datetime import UTC, date, datetime
from typing import Any

import numpy as np
import polars as pl
import pyarrow as pa

from domain import market_calendar as cal
from data.compute import positioning, snapshot_figures
from data.compute.exposures import EXPOSURE_GREEKS, dealer_exposures
from data.store.schemas import (BARS_SCHEMA, BOOK_SCHEMA, DAILY_SCHEMA, EXPOSURE_SCHEMA, PRINTS_SCHEMA,
                                STATS_SCHEMA, TALLY_SCHEMA, sort_prints)
from engine import greeks as engine_greeks
from engine import implied_vol

SECONDS_PER_YEAR = 365.0 * 86400.0
TALLY_COLUMNS = [f.name for f in TALLY_SCHEMA if f.name not in ("ticker", "previous_dads")]


@dataclass
class SnapshotBatch:
    """Everything one publish writes: the served tables plus the writer's state for the next run."""

    ts: datetime
    kind: str                                  # "intraday" or "eod"
    tickers: list[str]
    zero_dte: list[str]
    exposures: pa.Table
    stats: pa.Table
    bars: pa.Table
    daily: pa.Table | None = None
    state: dict[str, pa.Table] = field(default_factory=dict)
    timings: dict[str, float] = field(default_factory=dict)
    classified: pa.Table | None = None         # the window's prints with their dealer side (benchmarks)
    prints: pa.Table | None = None             # the same prints as the store keeps them (PRINTS_SCHEMA)

    @property
    def contracts(self) -> int:
        return self.exposures.num_rows


# ---------------------------------------------------------------- helpers


def _expiry_instant(d: date) -> datetime:
    return cal.expiry_instant(d)


def _years_to_expiry(expirations: np.ndarray, ts: datetime) -> np.ndarray:
    """Time to each expiration's close in years (calendar time), vectorized over unique dates."""
    uniq, inv = np.unique(expirations, return_inverse=True)
    years = np.array([(_expiry_instant(d.astype("datetime64[D]").astype(object)) - ts).total_seconds()
                      / SECONDS_PER_YEAR for d in uniq])
    return years[inv]


def _f64(frame: pl.DataFrame, name: str) -> np.ndarray:
    return frame[name].cast(pl.Float64).to_numpy().astype(np.float64, copy=False)


def spot_column(chain: pl.DataFrame) -> pl.Expr:
    mid = (pl.col("underlying_bid") + pl.col("underlying_ask")) / 2
    return (pl.when((pl.col("underlying_bid") > 0) & (pl.col("underlying_ask") > 0)).then(mid)
            .otherwise(pl.col("underlying_last")))


class Stopwatch:
    def __init__(self) -> None:
        self.times: dict[str, float] = {}
        self._t = _time.perf_counter()

    def lap(self, name: str) -> None:
        now = _time.perf_counter()
        self.times[name] = self.times.get(name, 0.0) + now - self._t
        self._t = now


# ---------------------------------------------------------------- state (dealer book)


@dataclass
class BookState:
    day: date | None
    ts: datetime | None
    book: pl.DataFrame
    tallies: pl.DataFrame


def empty_tallies() -> pl.DataFrame:
    """No running totals yet (the accumulation start)."""
    return pl.DataFrame(schema={f.name: pl.from_arrow(pa.nulls(0, f.type)).dtype for f in TALLY_SCHEMA})


def state_from_batch(batch: SnapshotBatch) -> BookState | None:
    """The book a batch leaves behind, to continue from in memory (the demo's workers do)."""
    if not batch.state:
        return None
    return BookState(cal.ny_date(batch.ts), batch.ts, pl.from_arrow(batch.state["book"]),
                     pl.from_arrow(batch.state["tallies"]))


# ---------------------------------------------------------------- the snapshot


def fill_same_day_iv(iv: np.ndarray, ticker: np.ndarray, expiration: np.ndarray, strike: np.ndarray,
                     spot: np.ndarray, is_call: np.ndarray, today: np.datetime64,
                     quoted: np.ndarray) -> np.ndarray:
    """Give a same-day contract whose two-sided quote has no IV the IV of its strike (methodology §3).

    Near the close same-day quotes sit at the tick and an in-the-money mid often falls at or below
    intrinsic value, so it has no IV although the contract still has greeks. Per (ticker, strike) of
    today's expiration the *strike IV* is the out-of-the-money contract's IV, else the in-the-money
    one's; a strike with neither takes the strike IV of the nearest strike that has one (the lower
    strike on a tie). A contract of today's expiration with a two-sided quote (``quoted``: bid > 0)
    and no IV takes its strike's IV. Zero-bid contracts keep no IV (§3), and other expirations are
    left as they are. Arrays are aligned with the chain, sorted by ticker, expiration, strike, right.
    """
    out = iv.copy()
    same_day = np.flatnonzero(expiration == today)
    if same_day.size == 0 or not (quoted[same_day] & ~np.isfinite(iv[same_day])).any():
        return out
    for tk in np.unique(ticker[same_day]):
        rows = same_day[ticker[same_day] == tk]
        k = strike[rows]
        otm = np.where(is_call[rows], k >= spot[rows], k <= spot[rows])
        ks = np.unique(k)
        pos = np.searchsorted(ks, k)
        # Strike IV: the out-of-the-money contract's when it has one, else the in-the-money one's.
        by_strike = np.full(ks.size, np.nan)
        for prefer in (False, True):
            sel = (otm == prefer) & np.isfinite(iv[rows])
            by_strike[pos[sel]] = iv[rows][sel]
        have = np.flatnonzero(np.isfinite(by_strike))
        if have.size == 0:
            continue
        missing = np.flatnonzero(~np.isfinite(by_strike))
        if missing.size:
            j = np.clip(np.searchsorted(ks[have], ks[missing]), 1, max(have.size - 1, 1))
            lo, hi = have[np.maximum(j - 1, 0)], have[np.minimum(j, have.size - 1)]
            nearest = np.where(np.abs(ks[missing] - ks[lo]) <= np.abs(ks[hi] - ks[missing]), lo, hi)
            by_strike[missing] = by_strike[nearest]
        gap = quoted[rows] & ~np.isfinite(out[rows])
        out[rows[gap]] = by_strike[pos[gap]]
    return out


def compute_snapshot(chain: pl.DataFrame, ts: datetime, *, mode: str, state: BookState | None,
                     prints: pa.Table | None, bars: pa.Table | None, context: dict[str, Any],
                     watch: Stopwatch | None = None, kind: str | None = None,
                     book_start: str = "open_interest") -> SnapshotBatch:
    watch = watch or Stopwatch()
    ts = ts.astimezone(UTC)
    day = ts.astimezone(cal.NY).date()
    sess = cal.session(day)
    if kind is None:
        kind = "eod" if sess is not None and ts >= sess[1] else "intraday"

    # -------- IV and per-contract inputs
    chain = chain.with_columns(spot=spot_column(chain)).filter(pl.col("spot") > 0)
    exp_np = chain["expiration"].to_numpy().astype("datetime64[D]")
    t = _years_to_expiry(exp_np, ts)
    chain = chain.with_columns(t_years=pl.Series(t)).filter(pl.col("t_years") > 0)
    chain = chain.sort(["ticker", "expiration", "strike", "right"])
    t = _f64(chain, "t_years")
    spot = _f64(chain, "spot")
    strike = _f64(chain, "strike")
    rate = np.nan_to_num(_f64(chain, "rate"), nan=0.0)
    divy = np.nan_to_num(_f64(chain, "div_yield"), nan=0.0)
    is_call = (chain["right"] == "C").to_numpy()
    bid, ask = _f64(chain, "bid"), _f64(chain, "ask")
    # A zero bid gives no mid and so no IV (docs/methodology.md §3).
    mid = np.where((bid > 0) & (ask > 0), 0.5 * (bid + ask), np.nan)
    iv = implied_vol(mid, spot, strike, t, rate, divy, is_call, n_threads=2)
    # Quoted same-day contracts whose mid has no IV borrow their strike's or the nearest strike's (§3).
    iv = fill_same_day_iv(iv, chain["ticker"].to_numpy(), chain["expiration"].to_numpy().astype("datetime64[D]"),
                          strike, spot, is_call, np.datetime64(day, "D"), np.isfinite(mid))
    watch.lap("iv")

    # -------- positions
    today_prints = None
    if mode == "open_interest" or state is None:
        book = positioning.open_interest_book(chain)
    else:
        book, today_prints = _trade_flow_book(chain, ts, state, prints, iv, book_start)
    pos = (chain.select(positioning.CONTRACT_KEY)
           .join(book.select(*positioning.CONTRACT_KEY, "position"), on=positioning.CONTRACT_KEY, how="left",
                 maintain_order="left"))["position"].fill_null(0.0).to_numpy().astype(np.float64)
    watch.lap("positions")

    # -------- exposures
    ex = dealer_exposures(pos, spot, strike, t, rate, divy, iv, is_call)
    exposures = pa.table({
        "ticker": chain["ticker"].to_arrow(),
        "ts": pa.array(np.full(chain.height, np.datetime64(ts.replace(tzinfo=None), "us"))).cast(
            EXPOSURE_SCHEMA.field("ts").type),
        "expiration": chain["expiration"].to_arrow(), "strike": pa.array(strike), "right": chain["right"].to_arrow(),
        "position": pa.array(pos), "open_interest": pa.array(_f64(chain, "open_interest")),
        "volume": pa.array(_f64(chain, "volume")), "t_years": pa.array(t), "spot": pa.array(spot),
        "rate": pa.array(rate), "div_yield": pa.array(divy), "iv": pa.array(iv),
        **{g: pa.array(ex[g]) for g in EXPOSURE_GREEKS},
    }).cast(EXPOSURE_SCHEMA)
    watch.lap("exposures")

    # -------- derived per ticker
    stats_rows, zero_dte = _derived_stats(DerivedInputs(
        chain=chain, ts=ts, day=day, position=pos, spot=spot, strike=strike, t_years=t, rate=rate, div_yield=divy,
        iv=iv, is_call=is_call, exposures=ex, prints=today_prints, state=state, context=context))
    stats = pa.Table.from_pylist(stats_rows, schema=STATS_SCHEMA)
    watch.lap("derived")

    bars_t = pl.from_arrow(bars).select([f.name for f in BARS_SCHEMA]).to_arrow().cast(BARS_SCHEMA) \
        if bars is not None and bars.num_rows else BARS_SCHEMA.empty_table()

    daily = None
    if kind == "eod":
        daily = _daily_rows(stats, day)
    st: dict[str, pa.Table] = {}
    if mode == "trade_flow":
        model = chain.select(*positioning.CONTRACT_KEY).with_columns(model_iv=pl.Series(iv))
        book_out = book.join(model, on=positioning.CONTRACT_KEY, how="left")
        st["book"] = book_out.select([f.name for f in BOOK_SCHEMA]).to_arrow().cast(BOOK_SCHEMA)
        st["tallies"] = _tallies_table(stats_rows, today_prints, state)
    watch.lap("tables")
    classified = today_prints.to_arrow() if today_prints is not None else None
    stored_prints = prints_table(today_prints) if today_prints is not None else None
    watch.lap("prints")
    return SnapshotBatch(ts=ts, kind=kind, tickers=sorted(set(chain["ticker"].to_list())), zero_dte=zero_dte,
                         exposures=exposures, stats=stats, bars=bars_t, daily=daily, state=st,
                         timings=dict(watch.times), classified=classified, prints=stored_prints)


def prints_table(tr: pl.DataFrame) -> pa.Table:
    """The window's classified prints as the store keeps them (``PRINTS_SCHEMA``, in ``sort_prints`` order).

    ``premium`` is ``P·q·100`` in dollars; ``customer_side`` is ``−dealer_side`` (methodology §2.2, §4.16).
    """
    if tr.height == 0:
        return PRINTS_SCHEMA.empty_table()
    out = tr.select(
        "ticker", "ts", "expiration", "strike", "right",
        pl.col("size").cast(pl.Int64), pl.col("price").cast(pl.Float64),
        pl.col("bid").cast(pl.Float64), pl.col("ask").cast(pl.Float64),
        premium=pl.col("price").cast(pl.Float64) * pl.col("size").cast(pl.Float64) * 100.0,
        customer_side=(-pl.col("dealer_side")).cast(pl.Int8),
        dealer_side=pl.col("dealer_side").cast(pl.Int8),
        condition="condition", package_id=pl.col("package_id").cast(pl.Int64),
        underlying_price=pl.col("underlying_price").cast(pl.Float64),
        abs_delta=pl.col("abs_delta").cast(pl.Float64), zero_dte="zero_dte",
    )
    return sort_prints(out.to_arrow().cast(PRINTS_SCHEMA))


# ---------------------------------------------------------------- trade flow


def _trade_flow_book(chain: pl.DataFrame, ts: datetime, state: BookState, prints: pa.Table | None,
                     iv: np.ndarray, book_start: str = "open_interest") -> tuple[pl.DataFrame, pl.DataFrame]:
    key = positioning.CONTRACT_KEY
    chain_iv = chain.select(*key, "open_interest", "volume").with_columns(chain_iv=pl.Series(iv))
    book = state.book
    if state.ts is None and book.height == 0:
        # Accumulation start: no earlier book exists, so the day starts from ``book_start`` (the
        # open-interest convention unless told otherwise, docs/methodology.md §2.4) and the prints move
        # it from there.
        book = positioning.start_book(chain, book_start)
    else:
        if state.ts is None:   # a new day: roll yesterday's close
            book = book.join(chain.select(*key, "open_interest"), on=key, how="inner")
            book = positioning.cap_positions(book, pl.col("open_interest").cast(pl.Float64))
        # A ticker the book has never seen starts like the whole book did at the accumulation start.
        known = book["ticker"].unique().to_list()
        fresh = chain.filter(~pl.col("ticker").is_in(known))
        if fresh.height:
            book = pl.concat([book.select(*key, "position"), positioning.start_book(fresh, book_start)])
    # The model surface of the window: each contract's IV at the previous snapshot and at this one,
    # interpolated in time to each print (a new day starts from this snapshot's surface). It is only the
    # fallback for prints whose quote gives no value or IV (classify_window).
    if state.ts is None:
        model = chain_iv.select(*key, iv_start=pl.col("chain_iv"), iv_end=pl.col("chain_iv"))
    else:
        model = (chain_iv.join(state.book.select(*key, "model_iv"), on=key, how="left")
                 .select(*key, iv_start=pl.coalesce("model_iv", "chain_iv"), iv_end=pl.col("chain_iv")))
    book = book.select(*key, "position")
    if prints is None or prints.num_rows == 0:
        empty = pl.DataFrame(schema={**{k: v for k, v in zip(key, [pl.String, pl.Date, pl.Float64, pl.String],
                                                                   strict=True)},
                                     "dealer_side": pl.Int8, "size": pl.Int64, "price": pl.Float64,
                                     "fair_value": pl.Float64, "abs_delta": pl.Float64, "booked": pl.Boolean,
                                     "zero_dte": pl.Boolean, "underlying_price": pl.Float64})
        return positioning.accumulate(book.select(*key, "position"), empty, chain), empty
    tr = classify_window(pl.from_arrow(prints), model, chain, state.ts, ts)
    new_book = positioning.accumulate(book.select(*key, "position"), tr, chain)
    return new_book, tr


def _zero_vol_delta(s: np.ndarray, k: np.ndarray, t: np.ndarray, r: np.ndarray, q: np.ndarray,
                    call: np.ndarray) -> np.ndarray:
    """Delta of an option worth its intrinsic value (the zero-volatility limit): ``φ·e^(−qT)`` in the
    money forward, half that at the forward, 0 out of the money."""
    t = np.maximum(t, 0.0)
    fwd = s * np.exp((r - q) * t)
    phi = np.where(call, 1.0, -1.0)
    moneyness = np.sign(phi * (fwd - k))
    return phi * np.exp(-q * t) * 0.5 * (1.0 + moneyness)


def classify_window(tr: pl.DataFrame, model: pl.DataFrame, chain: pl.DataFrame, start: datetime | None,
                    end: datetime) -> pl.DataFrame:
    """Classify a window of prints against the fair value at each print: its quote's midpoint.

    ``model`` holds each contract's IV at the window's start and end snapshots (``iv_start``,
    ``iv_end``); their interpolation at the print's time is the fallback model IV for a print whose
    quote gives none (docs/methodology.md §2.2).

    Adds ``fair_value``, ``exec_iv``, ``model_iv``, ``abs_delta``, ``dealer_side``, ``rule``, ``zero_dte``
    and ``booked`` (False for 0DTE prints with |Δ| < 0.03, which are not added to the book).
    """
    key = positioning.CONTRACT_KEY
    tr = tr.join(model, on=key, how="left")
    # Carry per expiration (a VIX option's yield is the carry of its own future; an index's the same for
    # every expiration); a print on an expiration the chain does not list takes the ticker's first.
    by_exp = chain.select("ticker", "expiration", "rate", "div_yield").unique(["ticker", "expiration"], keep="first")
    by_ticker = chain.select("ticker", pl.col("rate").alias("_rate_t"),
                             pl.col("div_yield").alias("_q_t")).unique("ticker", keep="first")
    tr = (tr.join(by_exp, on=["ticker", "expiration"], how="left").join(by_ticker, on="ticker", how="left")
          .with_columns(rate=pl.coalesce("rate", "_rate_t"), div_yield=pl.coalesce("div_yield", "_q_t"))
          .drop("_rate_t", "_q_t"))
    ts_np = tr["ts"].to_numpy()
    exp = tr["expiration"].to_numpy().astype("datetime64[D]")
    uniq, inv = np.unique(exp, return_inverse=True)
    close_us = np.array([np.datetime64(_expiry_instant(d.astype(object)).replace(tzinfo=None), "us") for d in uniq])
    t = (close_us[inv] - ts_np.astype("datetime64[us]")).astype(np.float64) / 1e6 / SECONDS_PER_YEAR
    s = _f64(tr, "underlying_price")
    k = _f64(tr, "strike")
    r = np.nan_to_num(_f64(tr, "rate"), nan=0.0)
    q = np.nan_to_num(_f64(tr, "div_yield"), nan=0.0)
    iv0, iv1 = _f64(tr, "iv_start"), _f64(tr, "iv_end")
    if start is not None and end > start:
        end_us = np.datetime64(end.astimezone(UTC).replace(tzinfo=None), "us")
        w = 1.0 - (end_us - ts_np.astype("datetime64[us]")).astype(np.float64) / ((end - start).total_seconds() * 1e6)
        w = np.clip(w, 0.0, 1.0)
    else:
        w = np.ones(tr.height)
    surface = np.where(np.isfinite(iv0), iv0 + (iv1 - iv0) * w, iv1)
    surface = np.where(np.isfinite(surface), surface, iv0)
    call = (tr["right"] == "C").to_numpy()
    price = _f64(tr, "price")
    bid, ask = _f64(tr, "bid"), _f64(tr, "ask")
    # The market's own value at the print: the midpoint of the NBBO the print met, and its implied vol.
    # Both depend only on the print, never on when snapshots were taken (methodology §2.2). A midpoint
    # with no implied vol (at or below intrinsic value) prices the option at intrinsic: no model IV and
    # the zero-vol delta. Only a print without a two-sided quote falls back to the snapshot surface.
    quoted = np.isfinite(bid) & np.isfinite(ask) & (bid >= 0) & (ask > bid)
    mid = np.where(quoted, 0.5 * (bid + ask), np.nan)
    mid_iv = implied_vol(mid, s, k, t, r, q, call, n_threads=2)
    intrinsic = quoted & ~np.isfinite(mid_iv)
    vol = np.where(quoted, mid_iv, surface)
    g = engine_greeks(s, k, np.maximum(t, 0.0), r, q, vol, call, n_threads=2)
    fair_value = np.where(quoted, mid, g.price)
    delta = np.where(intrinsic, _zero_vol_delta(s, k, t, r, q, call), g.delta)
    exec_iv = implied_vol(price, s, k, t, r, q, call, n_threads=2)
    cls = positioning.classify_prints(price, bid, ask, fair_value, exec_iv, vol)
    side, rule = cls.side.copy(), cls.rule.copy()
    legs = (tr["condition"] != "single").to_numpy() & tr["package_id"].is_not_null().to_numpy()
    if legs.any():
        pkg = tr["package_id"].fill_null(-1).to_numpy()
        leg_side, ok = positioning.classify_packages(pkg[legs], price[legs], fair_value[legs],
                                                     (ask - bid)[legs], k[legs], _f64(tr, "size")[legs])
        side[legs] = np.where(ok, leg_side, 0)
        rule[legs] = np.where(ok, positioning.RULE_PACKAGE, positioning.RULE_NONE)
    abs_delta = np.abs(delta)
    trade_day = tr["ts"].dt.convert_time_zone("America/New_York").dt.date()
    zero_dte = (tr["expiration"] == trade_day).to_numpy()
    booked = ~(zero_dte & (abs_delta < positioning.ZERO_DTE_MIN_ABS_DELTA))
    return tr.with_columns(
        fair_value=pl.Series(fair_value), exec_iv=pl.Series(exec_iv), model_iv=pl.Series(vol),
        abs_delta=pl.Series(abs_delta),
        dealer_side=pl.Series(side, dtype=pl.Int8), rule=pl.Series(rule, dtype=pl.Int8),
        zero_dte=pl.Series(zero_dte), booked=pl.Series(booked))


# ---------------------------------------------------------------- derived figures


@dataclass(frozen=True)
class DerivedInputs:
    """One snapshot's contracts as aligned columns, sorted by ticker, and what the derived figures add.

    Every array has one entry per row of ``chain`` (sorted by ticker, expiration, strike, right).
    """

    chain: pl.DataFrame               # the chain rows the arrays were read from
    ts: datetime                      # snapshot time (UTC)
    day: date                         # its New York session date
    position: np.ndarray              # dealer contracts, + = dealer long
    spot: np.ndarray                  # underlying price
    strike: np.ndarray
    t_years: np.ndarray               # calendar years to the expiration's close
    rate: np.ndarray                  # continuously compounded, per year
    div_yield: np.ndarray             # continuous, per year
    iv: np.ndarray                    # implied volatility (NaN: none)
    is_call: np.ndarray               # bool
    exposures: dict[str, np.ndarray]  # dealer dollars per row (data.compute.exposures)
    prints: pl.DataFrame | None       # the window's classified prints (trade flow), else None
    state: BookState | None           # the book and running totals the window continues
    context: dict[str, Any]           # per-ticker market context: previous close, VIX, open price, straddle


def _derived_stats(x: DerivedInputs) -> tuple[list[dict[str, Any]], list[str]]:
    """The ``stats`` row of every ticker (docs/methodology.md §4) and the tickers with a 0DTE expiration."""
    chain, ts, day, context = x.chain, x.ts, x.day, x.context
    pos, spot, strike, t, rate, divy, iv, is_call, ex = (x.position, x.spot, x.strike, x.t_years, x.rate,
                                                         x.div_yield, x.iv, x.is_call, x.exposures)
    prints, state = x.prints, x.state
    tickers = chain["ticker"].to_numpy()
    exp = chain["expiration"].to_numpy().astype("datetime64[D]")
    today = np.datetime64(day, "D")
    volume = _f64(chain, "volume")
    oi = _f64(chain, "open_interest")
    bounds = np.flatnonzero(np.r_[True, tickers[1:] != tickers[:-1], True])
    tallies = _window_tallies(prints, state)
    rows, zero_dte = [], []
    for a, b in zip(bounds[:-1], bounds[1:], strict=True):
        tk = str(tickers[a])
        sl = slice(a, b)
        S = float(spot[a])
        c_pos, c_k, c_t, c_r, c_q, c_iv, c_call = pos[sl], strike[sl], t[sl], rate[sl], divy[sl], iv[sl], is_call[sl]
        active = (c_pos != 0) & np.isfinite(c_iv)
        args = (c_pos[active], c_k[active], c_t[active], c_r[active], c_q[active], c_iv[active], c_call[active])
        prof = snapshot_figures.spot_profiles(S, *args)
        zg, vs = prof["zero_gamma"], prof["vanna_stochastic"]
        cw, pw = snapshot_figures.walls(c_k, c_call, ex["gamma"][sl])
        is0 = exp[sl] == today
        has0 = bool(is0.any())
        if has0:
            zero_dte.append(tk)
        para = snapshot_figures.Paradigm("", None, ())
        zd_charm = zd_vol = None
        if has0:
            m = is0
            ks, inv = np.unique(c_k[m], return_inverse=True)
            charm_k = np.bincount(inv, weights=ex["charm"][sl][m])
            zd_charm = float(charm_k.sum())
            zd_vol = float(volume[sl][m].sum())
            atm = np.argmin(np.abs(c_k[m] - S))
            atm_iv = float(np.nanmedian(c_iv[m][np.abs(c_k[m] - c_k[m][atm]) < 1e-9])) if m.any() else np.nan
            sess = cal.session(day)
            open_t = (sess[1] - sess[0]).total_seconds() / SECONDS_PER_YEAR
            open_px = context.get("open_price", {}).get(tk, S)
            straddle = context.get("opening_straddle", {}).get(tk)
            if straddle is None:   # no opening quote: the estimate from the open price and the ATM IV
                straddle = 0.8 * open_px * (atm_iv if np.isfinite(atm_iv) else 0.2) * np.sqrt(open_t)
            steps = np.diff(ks)
            step = float(np.min(steps[steps > 0])) if (steps > 0).any() else max(S * 0.001, 0.01)
            mm = m & np.isfinite(c_iv) & (c_pos != 0)
            contracts = {"position": c_pos[mm], "strike": c_k[mm], "t": c_t[mm], "rate": c_r[mm],
                         "div_yield": c_q[mm], "iv": c_iv[mm], "is_call": c_call[mm]}
            para = snapshot_figures.zero_dte_paradigm(S, straddle, ks, charm_k, contracts, step)
        tal = tallies.get(tk, {})
        dads = tal["dads_sum"] / tal["dads_n"] if tal.get("dads_n") else None
        prev_dads = tal.get("previous_dads")
        lis = list(para.lis)
        row = {
            "ticker": tk, "ts": ts, "price": S,
            "previous_close": context["previous_close"].get(tk),
            "vix": context.get("vix"), "previous_vix": context.get("previous_vix"),
            "rate": float(c_r[0]), "div_yield": float(c_q[0]),
            "notional_volume": tal.get("notional_volume", 0.0),
            "delta_notional_volume": tal.get("delta_notional_volume", 0.0),
            "vanna_stochastic": vs,
            "dealer_premium": tal.get("dealer_premium", 0.0),
            "zero_dte_dealer_premium": tal.get("zero_dte_dealer_premium", 0.0),
            "dads": dads,
            "dads_d2d": (dads - prev_dads) if dads is not None and prev_dads is not None else None,
            "dap": tal.get("dap", 0.0),
            "paradigm": para.name, "target": para.target,
            "lis_low": min(lis) if lis else None, "lis_high": max(lis) if len(lis) > 1 else None,
            "zerodte_agg_charm": zd_charm, "total_0dte_opt_vol": zd_vol,
            **{f"agg_{g}": float(ex[g][sl].sum()) for g in EXPOSURE_GREEKS},
            "total_trades": int(tal.get("total_trades", 0)),
            "classified_trades": int(tal.get("classified_trades", 0)),
            "open_contracts": float(np.abs(c_pos).sum()) if c_pos.size else float(oi[sl].sum()),
            "zero_gamma": zg, "call_wall": cw, "put_wall": pw, "has_0dte": has0,
        }
        rows.append(row)
    return rows, zero_dte


def roll_tallies(tallies: pl.DataFrame) -> pl.DataFrame:
    """A new day: totals restart at zero; yesterday's closing DADS is kept for the day-to-day change."""
    rows = []
    for row in tallies.iter_rows(named=True):
        n = row.get("dads_n") or 0
        rows.append({"ticker": row["ticker"], **{k: 0 for k in TALLY_COLUMNS},
                     "previous_dads": (row["dads_sum"] / n) if n else None})
    return pl.from_arrow(pa.Table.from_pylist(rows, schema=TALLY_SCHEMA))


def _window_tallies(prints: pl.DataFrame | None, state: BookState | None) -> dict[str, dict]:
    """The day's running totals per ticker: the persisted totals plus this window's prints."""
    base: dict[str, dict] = {}
    if state is not None and state.tallies.height:
        for row in state.tallies.iter_rows(named=True):
            base[row["ticker"]] = {k: row.get(k) or 0 for k in TALLY_COLUMNS}
            base[row["ticker"]]["previous_dads"] = row.get("previous_dads")
    if prints is None or prints.height == 0:
        return base
    p = prints.with_columns(
        s=pl.col("dealer_side").cast(pl.Float64),
        notional=pl.col("size").cast(pl.Float64) * 100.0 * pl.col("underlying_price"),
    ).with_columns(
        premium=-pl.col("s") * pl.col("price") * pl.col("size").cast(pl.Float64) * 100.0,
        edge=-pl.col("s") * (pl.col("price") - pl.col("fair_value")) * pl.col("abs_delta") * 100.0,
    )
    agg = p.group_by("ticker").agg(
        dealer_premium=pl.col("premium").sum(),
        zero_dte_dealer_premium=pl.col("premium").filter(pl.col("zero_dte")).sum(),
        dap=(pl.col("premium") * pl.col("abs_delta")).fill_nan(0.0).sum(),
        dads_sum=pl.col("edge").filter((pl.col("s") != 0) & pl.col("edge").is_finite()).sum(),
        dads_n=pl.col("edge").filter((pl.col("s") != 0) & pl.col("edge").is_finite()).count(),
        notional_volume=pl.col("notional").sum(),
        delta_notional_volume=(pl.col("notional") * pl.col("abs_delta")).fill_nan(0.0).sum(),
        total_trades=pl.len(),
        classified_trades=(pl.col("s") != 0).sum(),
    )
    for row in agg.iter_rows(named=True):
        cur = base.setdefault(row["ticker"], {k: 0 for k in TALLY_COLUMNS})
        for k in TALLY_COLUMNS:
            cur[k] = (cur.get(k) or 0) + (row[k] or 0)
    return base


def _tallies_table(stats_rows, prints, state) -> pa.Table:
    tallies = _window_tallies(prints, state)
    rows = [{"ticker": tk, **{k: v.get(k, 0) for k in TALLY_COLUMNS}, "previous_dads": v.get("previous_dads")}
            for tk, v in sorted(tallies.items())]
    return pa.Table.from_pylist(rows, schema=TALLY_SCHEMA)


def _daily_rows(stats: pa.Table, day: date) -> pa.Table:
    s = pl.from_arrow(stats)
    return s.select(
        date=pl.lit(day), ticker="ticker", close="price", vix_close="vix",
        **{f"agg_{g}": f"agg_{g}" for g in EXPOSURE_GREEKS}, dads="dads",
    ).to_arrow().cast(DAILY_SCHEMA)
