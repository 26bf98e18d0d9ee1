"""The market's own carry: each expiration's forward from put–call parity, and the quote an IV is read from.

Quoted chains (Cboe delayed quotes, vendor NBBO) carry no rate or dividend. Filling them from a
configured rate and yield puts the model forward off the market's (a point or more on an index), which
moves every IV and greek. Instead, for each (ticker, snapshot, expiration):

* **Forward.** Among strikes where both the call and the put have a two-sided quote (bid > 0 and
  ask > bid), take the ``PAIRS`` strikes with the smallest |C_mid − P_mid| (nearest the money) and read
  ``F_K = K + e^{rT}·(C_mid − P_mid)`` at each; the forward is their median. ``r`` is the configured
  rate of the day (``data.universe.rate_for``), ``T`` calendar years to the expiration's close. The
  chain then carries the carry that reproduces it: ``div_yield = r − ln(F/S)/T`` on every row of that
  expiration, so the pricing forward ``S·e^{(r−q)T}`` is the market's forward ``F``. An expiration
  without such a pair keeps the configured rate and dividend yield and is listed in the quality report
  (``forward_fallback``).
* **Bound.** The implied yield ``q`` is dividends plus the cost of borrowing the shares, less the gap
  between the configured rate and the rate the market funds at. Outside ``[IMPLIED_YIELD_MIN,
  IMPLIED_YIELD_MAX]`` (−10 % and +50 % a year) it is not a carry but a spot that does not match the
  option quotes (an after-hours document: the underlying as it stood at the close, the quotes since) or
  quote ticks magnified by a short ``T``. Such an expiration takes the nearer bound, and its forward
  follows (``F = S·e^{(r−q)T}``), so the chain keeps the carry closest to the market's that is still a
  carry; the quality report lists it (``carry_clamped``, with the implied yield).
* **Out-of-the-money quotes.** The IV at a strike is read from the out-of-the-money side (calls at
  K ≥ F, puts at K < F): an in-the-money contract is handed the parity equivalent of its OTM twin's
  quote (``C = P + e^{−rT}(F − K)`` and the reverse), so an early-exercise premium in American
  single-stock calls or puts does not distort the IV. Where the OTM twin has no bid, the contract's
  own quote is kept.
* **Zero bid.** A contract whose (own or OTM) bid is zero gets no implied volatility: its bid and ask
  are handed on as 0, which the pipeline reads as "no mid" (``docs/methodology.md`` §3).
"""

from __future__ import annotations

from dataclasses import dataclass, field
from datetime import date

import numpy as np
import polars as pl
import pyarrow as pa

from domain import market_calendar as cal
from data.sources.schemas import CHAIN_SCHEMA
from data.universe import div_yield as universe_div_yield
from data.universe import rate_for

PAIRS = 3
SECONDS_PER_YEAR = 365.0 * 86400.0
# Plausible implied dividend yields, per year (docs/methodology.md §3, docs/data-sources.md).
IMPLIED_YIELD_MIN = -0.10
IMPLIED_YIELD_MAX = 0.50


@dataclass
class CarryReport:
    """What the carry step did: counts for the quality report."""

    expirations: int = 0
    market_forward: int = 0
    forward_fallback: list[str] = field(default_factory=list)   # "TICKER EXPIRATION"
    # "TICKER EXPIRATION (implied -94.6 % a year, used -10.0 %)"
    clamped: list[str] = field(default_factory=list)
    zero_bid: int = 0
    otm_substituted: int = 0

    def as_dict(self) -> dict:
        return {"expirations": self.expirations, "market_forward": self.market_forward,
                "forward_fallback": list(self.forward_fallback), "carry_clamped": list(self.clamped),
                "zero_bid_no_iv": self.zero_bid, "itm_from_otm_quote": self.otm_substituted}

    def merge(self, other: CarryReport) -> None:
        self.expirations += other.expirations
        self.market_forward += other.market_forward
        self.forward_fallback += other.forward_fallback
        self.clamped += other.clamped
        self.zero_bid += other.zero_bid
        self.otm_substituted += other.otm_substituted


def _years(expiration: date, ts) -> float:
    return (cal.expiry_instant(expiration) - ts).total_seconds() / SECONDS_PER_YEAR


def parity_forward(strike: np.ndarray, call_mid: np.ndarray, put_mid: np.ndarray, rate: float, t: float,
                   pairs: int = PAIRS) -> float | None:
    """Median of ``K + e^{rT}(C − P)`` over the ``pairs`` strikes with the smallest |C − P|; None if none."""
    ok = np.isfinite(call_mid) & np.isfinite(put_mid)
    if not ok.any() or t <= 0:
        return None
    k, diff = strike[ok], (call_mid - put_mid)[ok]
    order = np.argsort(np.abs(diff), kind="stable")[:pairs]
    return float(np.median(k[order] + np.exp(rate * t) * diff[order]))


def _two_sided_mid(bid: np.ndarray, ask: np.ndarray) -> np.ndarray:
    return np.where((bid > 0) & (ask >= bid), 0.5 * (bid + ask), np.nan)


def apply_market_carry(table: pa.Table) -> tuple[pa.Table, CarryReport]:
    """Set rate/div_yield from each expiration's parity forward and hand ITM contracts their OTM quote.

    ``table`` is a validated chain (``CHAIN_SCHEMA``). Returns the adjusted chain and the report. All
    expirations of all tickers are handled in a few columnar passes.
    """
    report = CarryReport()
    if table.num_rows == 0:
        return table, report
    grp = ["ticker", "ts", "expiration"]
    df = pl.from_arrow(table)
    spot = (pl.when((pl.col("underlying_bid") > 0) & (pl.col("underlying_ask") > 0))
            .then((pl.col("underlying_bid") + pl.col("underlying_ask")) / 2)
            .otherwise(pl.col("underlying_last")))
    # Time to each expiration's close and the day's rate, per distinct (ts, expiration) / day.
    keys = df.select("ts", "expiration").unique()
    years = [_years(e, t) for t, e in zip(keys["ts"].to_list(), keys["expiration"].to_list(), strict=True)]
    days = {t: rate_for(cal.ny_date(t)) for t in keys["ts"].unique().to_list()}
    keys = keys.with_columns(_t=pl.Series(years, dtype=pl.Float64),
                             _r_day=pl.col("ts").replace_strict(days, return_dtype=pl.Float64))
    tks = df["ticker"].unique().to_list()
    divs = {t: universe_div_yield(t) for t in tks}
    df = (df.join(keys, on=["ts", "expiration"], how="left")
          .with_columns(_spot=spot, rate=pl.coalesce(pl.col("rate"), pl.col("_r_day")),
                        div_yield=pl.coalesce(pl.col("div_yield"),
                                              pl.col("ticker").replace_strict(divs, return_dtype=pl.Float64))))
    two_sided = (pl.col("bid") > 0) & (pl.col("ask") >= pl.col("bid"))
    mid = pl.when(two_sided).then((pl.col("bid") + pl.col("ask")) / 2).otherwise(None)
    calls = df.filter(pl.col("right") == "C").select(*grp, "strike", c_bid="bid", c_ask="ask", c_mid=mid)
    puts = df.filter(pl.col("right") == "P").select(*grp, "strike", p_bid="bid", p_ask="ask", p_mid=mid)
    both = calls.join(puts, on=[*grp, "strike"], how="inner")
    groups = df.select(*grp, "_t", "rate", "_spot").unique(grp, keep="first")
    report.expirations = groups.height
    pairs = (both.drop_nulls(["c_mid", "p_mid"]).join(groups, on=grp)
             .filter(pl.col("_t") > 0)
             .with_columns(_d=pl.col("c_mid") - pl.col("p_mid"))
             .with_columns(_rank=pl.col("_d").abs().rank("ordinal").over(grp),
                           _f=pl.col("strike") + (pl.col("rate") * pl.col("_t")).exp() * pl.col("_d"))
             .filter(pl.col("_rank") <= PAIRS)
             .group_by(grp).agg(_fwd=pl.col("_f").median()))
    groups = (groups.join(pairs, on=grp, how="left")
              .with_columns(_ok=(pl.col("_fwd") > 0) & (pl.col("_spot") > 0) & (pl.col("_t") > 0))
              .with_columns(_ok=pl.col("_ok").fill_null(False)))
    report.market_forward = int(groups["_ok"].sum())
    fb = groups.filter(~pl.col("_ok")).sort(["ticker", "expiration"])
    report.forward_fallback = [f"{t} {e.isoformat()}" for t, e in zip(fb["ticker"], fb["expiration"], strict=True)]
    # The implied yield, bounded; a clamped expiration's forward follows its bounded carry.
    groups = (groups.with_columns(_q=pl.col("rate") - (pl.col("_fwd") / pl.col("_spot")).log() / pl.col("_t"))
              .with_columns(_q_used=pl.col("_q").clip(IMPLIED_YIELD_MIN, IMPLIED_YIELD_MAX))
              .with_columns(_clamped=pl.col("_ok") & (pl.col("_q_used") != pl.col("_q")))
              .with_columns(_fwd=pl.when(pl.col("_clamped"))
                            .then(pl.col("_spot") * ((pl.col("rate") - pl.col("_q_used")) * pl.col("_t")).exp())
                            .otherwise(pl.col("_fwd"))))
    cl = groups.filter(pl.col("_clamped")).sort(["ticker", "expiration"])
    report.clamped = [f"{t} {e.isoformat()} (implied {q * 100:.1f} % a year, used {u * 100:.1f} %)"
                      for t, e, q, u in zip(cl["ticker"], cl["expiration"], cl["_q"], cl["_q_used"], strict=True)]
    df = df.join(groups.select(*grp, "_fwd", "_ok", "_q_used"), on=grp, how="left")
    df = df.with_columns(div_yield=pl.when(pl.col("_ok")).then(pl.col("_q_used")).otherwise(pl.col("div_yield")))
    report.zero_bid = int(df.select((pl.col("bid") <= 0).sum()).item() or 0)
    # In-the-money contracts read their IV from the OTM twin's quote (parity equivalent).
    twin = both.select(*grp, "strike", "p_bid", "p_ask", "c_bid", "c_ask")
    df = df.join(twin, on=[*grp, "strike"], how="left")
    carry = (-pl.col("rate") * pl.col("_t")).exp() * (pl.col("_fwd") - pl.col("strike"))
    itm_call = pl.col("_ok") & (pl.col("right") == "C") & (pl.col("strike") < pl.col("_fwd")) & (pl.col("p_bid") > 0)
    itm_put = pl.col("_ok") & (pl.col("right") == "P") & (pl.col("strike") >= pl.col("_fwd")) & (pl.col("c_bid") > 0)
    itm_call, itm_put = itm_call.fill_null(False), itm_put.fill_null(False)
    report.otm_substituted = int(df.select((itm_call | itm_put).sum()).item() or 0)
    df = df.with_columns(
        bid=pl.when(itm_call).then(pl.col("p_bid") + carry).when(itm_put).then(pl.col("c_bid") - carry)
        .otherwise(pl.col("bid")),
        ask=pl.when(itm_call).then(pl.col("p_ask") + carry).when(itm_put).then(pl.col("c_ask") - carry)
        .otherwise(pl.col("ask")),
    )
    # Zero bid -> no IV: hand the pipeline no mid at all.
    df = df.with_columns(
        ask=pl.when(pl.col("bid") > 0).then(pl.col("ask")).otherwise(0.0),
        bid=pl.when(pl.col("bid") > 0).then(pl.col("bid")).otherwise(0.0),
    )
    out = df.select(CHAIN_SCHEMA.names).sort(["ticker", "ts", "expiration", "strike", "right"])
    return out.to_arrow().cast(CHAIN_SCHEMA), report
