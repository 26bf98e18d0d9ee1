"""Dealer positioning: classify trade prints as dealer buys or sells and keep the dealer book.

Two modes, chosen per source (docs/methodology.md §2):

* ``trade_flow`` — every print is classified (quote rule, then fair value — the midpoint of the
  print's quote — with a deadband, then execution IV against model IV, else unclassified) and the
  book accumulates from the classified prints. Open interest is only a sanity cap.
* ``open_interest`` — the convention most peers use: dealers are long every call and short every put
  of the open interest.

Side convention everywhere: ``s = +1`` when the dealer buys (the customer sold), ``-1`` when the dealer
sells (the customer bought), ``0`` unclassified. ``true_side`` in the synthetic prints is the
customer's side, so a correct classification has ``s == -true_side``.
"""

from __future__ import annotations

from dataclasses import dataclass

import numpy as np
import polars as pl

QUOTE_BAND = 0.10          # fraction of the spread that counts as "at" the bid or ask
FAIR_VALUE_BAND = 0.10     # deadband around the model fair value, as a fraction of the spread
IV_BAND = 0.001            # 0.1 vol point between execution IV and model IV
ZERO_DTE_MIN_ABS_DELTA = 0.03
MODES = ("trade_flow", "open_interest")
BOOK_STARTS = ("open_interest", "flat")   # the book at the accumulation start (methodology §2.4)

# How each print was classified (stored with the prints for the accuracy benchmark).
RULE_NONE, RULE_QUOTE, RULE_FAIR_VALUE, RULE_IV, RULE_PACKAGE = 0, 1, 2, 3, 4

CONTRACT_KEY = ["ticker", "expiration", "strike", "right"]


@dataclass(frozen=True)
class Classification:
    side: np.ndarray   # int8: +1 dealer buys, -1 dealer sells, 0 unclassified
    rule: np.ndarray   # int8: RULE_*


def classify_prints(price: np.ndarray, bid: np.ndarray, ask: np.ndarray, fair_value: np.ndarray,
                    exec_iv: np.ndarray, model_iv: np.ndarray) -> Classification:
    """Classify single prints. All inputs are float arrays of the same length (NaN = unknown).

    1. Quote rule: ``P >= ask - 0.1·spread`` → dealer sold; ``P <= bid + 0.1·spread`` → dealer bought.
    2. Inside the spread, against the fair value (the pipeline passes the quote's midpoint, or a model
       price without a quote) with a deadband ``τ = 0.1·spread``:
       ``P > FV + τ`` → dealer sold; ``P < FV - τ`` → dealer bought.
    3. Otherwise execution IV against model IV with a 0.1 vol point band.
    4. Otherwise unclassified.
    """
    price = np.asarray(price, dtype=np.float64)
    bid = np.asarray(bid, dtype=np.float64)
    ask = np.asarray(ask, dtype=np.float64)
    fv = np.asarray(fair_value, dtype=np.float64)
    exec_iv = np.asarray(exec_iv, dtype=np.float64)
    model_iv = np.asarray(model_iv, dtype=np.float64)
    n = price.shape[0]
    side = np.zeros(n, dtype=np.int8)
    rule = np.zeros(n, dtype=np.int8)
    spread = ask - bid
    quote_ok = np.isfinite(spread) & (spread >= 0) & np.isfinite(price)
    band = QUOTE_BAND * np.where(quote_ok, spread, 0.0)
    with np.errstate(invalid="ignore"):
        at_ask = quote_ok & (price >= ask - band)
        at_bid = quote_ok & (price <= bid + band) & ~at_ask
    # A zero-width quote puts every print "at both": leave those to the model rules.
    locked = quote_ok & (spread <= 0)
    at_ask &= ~locked
    at_bid &= ~locked
    side[at_ask], rule[at_ask] = -1, RULE_QUOTE
    side[at_bid], rule[at_bid] = 1, RULE_QUOTE

    todo = rule == RULE_NONE
    tau = FAIR_VALUE_BAND * np.where(quote_ok, spread, 0.0)
    fv_ok = todo & np.isfinite(fv) & np.isfinite(price)
    with np.errstate(invalid="ignore"):
        rich = fv_ok & (price > fv + tau) & (tau > 0)
        cheap = fv_ok & (price < fv - tau) & (tau > 0)
    side[rich], rule[rich] = -1, RULE_FAIR_VALUE
    side[cheap], rule[cheap] = 1, RULE_FAIR_VALUE

    todo = rule == RULE_NONE
    iv_ok = todo & np.isfinite(exec_iv) & np.isfinite(model_iv)
    with np.errstate(invalid="ignore"):
        rich = iv_ok & (exec_iv > model_iv + IV_BAND)
        cheap = iv_ok & (exec_iv < model_iv - IV_BAND)
    side[rich], rule[rich] = -1, RULE_IV
    side[cheap], rule[cheap] = 1, RULE_IV
    return Classification(side, rule)


def classify_packages(package_id: np.ndarray, price: np.ndarray, fair_value: np.ndarray,
                      spread: np.ndarray, strike: np.ndarray | None = None,
                      size: np.ndarray | None = None) -> tuple[np.ndarray, np.ndarray]:
    """Sign the legs of complex orders as a package, against the package's fair value.

    A leg's print is priced against the package, not against the leg's own quote, so the quote rule is
    not used for legs. The package's structure fixes the legs' relative directions: a two-leg spread
    buys one leg and sells the other; a three-leg butterfly trades the wings one way and the body (the
    middle strike) the other. The package price ``Σ d·P·size`` is then compared with its fair value
    ``Σ d·FV·size`` (deadband: 0.1 of the size-weighted spreads): above → the customer bought the
    package in direction ``d`` and the dealer's side on each leg is ``-d``; below → ``+d``. Packages
    of another shape are signed leg by leg by the leg's own edge beyond its deadband.
    Returns ``(side, classified_mask)`` for the legs given (in the order given).
    """
    package_id = np.asarray(package_id)
    price = np.asarray(price, dtype=np.float64)
    fv = np.asarray(fair_value, dtype=np.float64)
    spread = np.nan_to_num(np.asarray(spread, dtype=np.float64), nan=0.0)
    n = price.shape[0]
    strike = np.zeros(n) if strike is None else np.asarray(strike, dtype=np.float64)
    size = np.ones(n) if size is None else np.asarray(size, dtype=np.float64)
    edge = price - fv
    side = np.zeros(n, dtype=np.int8)
    tau = FAIR_VALUE_BAND * spread
    with np.errstate(invalid="ignore"):
        side[edge > tau] = -1
        side[edge < -tau] = 1
    if n == 0:
        return side, side != 0
    order = np.lexsort((strike, package_id))
    pid = package_id[order]
    _, first, inverse, counts = np.unique(pid, return_index=True, return_inverse=True, return_counts=True)
    rank = np.arange(n) - first[inverse]
    n_legs = counts[inverse]
    d = np.zeros(n)
    d[(n_legs == 2) & (rank == 0)] = 1.0
    d[(n_legs == 2) & (rank == 1)] = -1.0
    d[(n_legs == 3) & (rank != 1)] = 1.0
    d[(n_legs == 3) & (rank == 1)] = -1.0
    shaped = d != 0
    e, sz, sp = np.nan_to_num(edge[order], nan=0.0), size[order], spread[order]
    pkg_edge = np.bincount(inverse, weights=d * e * sz)
    pkg_tau = FAIR_VALUE_BAND * np.bincount(inverse, weights=sp * sz)
    pkg_sign = np.zeros(pkg_edge.shape[0])
    pkg_sign[pkg_edge > pkg_tau] = -1.0      # customer bought the package in direction d
    pkg_sign[pkg_edge < -pkg_tau] = 1.0
    leg = (pkg_sign[inverse] * d).astype(np.int8)
    sorted_side = side[order]
    sorted_side[shaped] = leg[shaped]
    side[order] = sorted_side
    return side, side != 0


# ---------------------------------------------------------------- the dealer book


def empty_book() -> pl.DataFrame:
    return pl.DataFrame(schema={"ticker": pl.String, "expiration": pl.Date, "strike": pl.Float64,
                                "right": pl.String, "position": pl.Float64})


def open_interest_book(chain: pl.DataFrame) -> pl.DataFrame:
    """The open-interest convention: dealers long every call and short every put of the open interest."""
    return chain.select(
        *CONTRACT_KEY,
        position=pl.when(pl.col("right") == "C").then(pl.col("open_interest").cast(pl.Float64))
        .otherwise(-pl.col("open_interest").cast(pl.Float64)),
    )


def start_book(chain: pl.DataFrame, start: str = "open_interest") -> pl.DataFrame:
    """The book at the accumulation start (docs/methodology.md §2.4).

    ``open_interest``: the open-interest convention. ``flat``: no position in any listed contract, so
    every position comes from classified flow (a book warmed up on past sessions starts this way).
    """
    if start == "open_interest":
        return open_interest_book(chain)
    if start == "flat":
        return chain.select(*CONTRACT_KEY, position=pl.lit(0.0, pl.Float64))
    raise ValueError(f"Unknown book start {start!r}; the starts are {', '.join(BOOK_STARTS)}.")


def roll_book(book: pl.DataFrame, chain: pl.DataFrame) -> pl.DataFrame:
    """Carry yesterday's closing book into today: keep only contracts still listed, capped by today's OI."""
    listed = chain.select(*CONTRACT_KEY, "open_interest")
    rolled = book.join(listed, on=CONTRACT_KEY, how="inner")
    return cap_positions(rolled, pl.col("open_interest").cast(pl.Float64)).select(*CONTRACT_KEY, "position")


def cap_positions(frame: pl.DataFrame, cap: pl.Expr) -> pl.DataFrame:
    """|position| <= cap (the sanity cap from open interest)."""
    return frame.with_columns(position=pl.col("position").clip(-cap, cap))


def accumulate(book: pl.DataFrame, prints: pl.DataFrame, chain: pl.DataFrame) -> pl.DataFrame:
    """Add classified prints (columns: contract key, ``dealer_side``, ``size``, ``booked``) to ``book``.

    The cap intraday is open interest at the start of the day plus the day's volume so far (a position
    opened today can exceed yesterday's open interest by at most what traded).
    """
    flow = (prints.filter(pl.col("booked") & (pl.col("dealer_side") != 0))
            .group_by(CONTRACT_KEY)
            .agg(flow=(pl.col("dealer_side").cast(pl.Float64) * pl.col("size").cast(pl.Float64)).sum()))
    limits = chain.select(*CONTRACT_KEY, cap=(pl.col("open_interest") + pl.col("volume")).cast(pl.Float64))
    merged = (limits.join(book, on=CONTRACT_KEY, how="left")
              .join(flow, on=CONTRACT_KEY, how="left")
              .with_columns(position=pl.col("position").fill_null(0.0) + pl.col("flow").fill_null(0.0)))
    merged = cap_positions(merged, pl.col("cap"))
    return merged.select(*CONTRACT_KEY, "position")
