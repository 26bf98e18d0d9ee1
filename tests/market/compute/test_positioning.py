"""Dealer-side classification and the dealer book on hand-made prints."""

from __future__ import annotations

from datetime import date

import numpy as np
import polars as pl
import pytest

from data.compute import positioning as pos
from data.compute.positioning import RULE_FAIR_VALUE, RULE_IV, RULE_NONE, RULE_QUOTE

NAN = float("nan")


def classify_one(price, bid, ask, fv=NAN, exec_iv=NAN, model_iv=NAN):
    c = pos.classify_prints(np.array([price]), np.array([bid]), np.array([ask]), np.array([fv]),
                            np.array([exec_iv]), np.array([model_iv]))
    return int(c.side[0]), int(c.rule[0])


@pytest.mark.parametrize(("price", "expected"), [
    (2.00, (-1, RULE_QUOTE)),     # at the ask: customer bought, dealer sold
    (1.91, (-1, RULE_QUOTE)),     # within 0.1 x spread (0.10) of the ask
    (2.10, (-1, RULE_QUOTE)),     # through the ask
    (1.00, (1, RULE_QUOTE)),      # at the bid: dealer bought
    (1.09, (1, RULE_QUOTE)),
    (0.95, (1, RULE_QUOTE)),
])
def test_quote_rule_with_tenth_of_spread_bands(price, expected):
    assert classify_one(price, 1.00, 2.00) == expected


def test_inside_the_spread_uses_fair_value_with_deadband():
    # spread 1.00 -> deadband 0.10 around FV = 1.40
    assert classify_one(1.60, 1.00, 2.00, fv=1.40) == (-1, RULE_FAIR_VALUE)
    assert classify_one(1.25, 1.00, 2.00, fv=1.40) == (1, RULE_FAIR_VALUE)
    # inside the deadband: falls through to execution IV vs model IV (0.1 vol point band)
    assert classify_one(1.45, 1.00, 2.00, fv=1.40, exec_iv=0.2030, model_iv=0.2000) == (-1, RULE_IV)
    assert classify_one(1.35, 1.00, 2.00, fv=1.40, exec_iv=0.1980, model_iv=0.2000) == (1, RULE_IV)
    assert classify_one(1.41, 1.00, 2.00, fv=1.40, exec_iv=0.2005, model_iv=0.2000) == (0, RULE_NONE)
    assert classify_one(1.50, 1.00, 2.00) == (0, RULE_NONE)   # no model at all: unclassified


def test_locked_quote_defers_to_the_model():
    assert classify_one(1.50, 1.50, 1.50, fv=1.40, exec_iv=0.21, model_iv=0.20) == (-1, RULE_IV)
    assert classify_one(1.50, NAN, NAN, fv=1.00) == (0, RULE_NONE)  # no quote means no deadband


def test_packages_signed_as_a_whole_against_package_fair_value():
    # Package 7: a vertical (one leg bought, one sold). The customer paid 0.50 over fair value on the
    # lower strike and gave up nothing on the upper: the package was bought in the lower leg's direction,
    # so the dealer sold the lower strike and bought the upper.
    # Package 8: a butterfly 90/100/110 with the body (2x) at 100. Wings (d = +1) printed under fair value
    # and the body (d = -1) over it: the package traded below its fair value, so the customer sold it
    # and the dealer's side on each leg is +d (bought the wings, sold the body).
    # Package 9: four legs of no known shape: each leg by its own edge.
    side, ok = pos.classify_packages(
        package_id=np.array([7, 7, 8, 8, 8, 9, 9, 9, 9]),
        price=np.array([2.50, 1.00, 0.90, 2.10, 0.40, 1.0, 1.0, 1.5, 0.5]),
        fair_value=np.array([2.00, 1.00, 1.00, 2.00, 0.50, 1.0, 1.0, 1.0, 1.0]),
        spread=np.full(9, 0.20),
        strike=np.array([100.0, 105.0, 90.0, 100.0, 110.0, 1.0, 2.0, 3.0, 4.0]),
        size=np.array([1, 1, 1, 2, 1, 1, 1, 1, 1]))
    assert side.tolist() == [-1, 1, 1, -1, 1, 0, 0, -1, 1]
    assert ok.tolist() == [True] * 5 + [False, False, True, True]


def test_package_inside_its_deadband_is_unclassified():
    side, ok = pos.classify_packages(np.array([1, 1]), np.array([1.01, 0.99]), np.array([1.0, 1.0]),
                                     np.array([0.2, 0.2]), np.array([100.0, 110.0]), np.array([1, 1]))
    assert side.tolist() == [0, 0] and not ok.any()


def _chain(rows):
    return pl.DataFrame(rows, schema={"ticker": pl.String, "expiration": pl.Date, "strike": pl.Float64,
                                      "right": pl.String, "open_interest": pl.Int64, "volume": pl.Int64},
                        orient="row")


EXP = date(2026, 12, 18)


def test_open_interest_convention_long_calls_short_puts():
    chain = _chain([("SPY", EXP, 600.0, "C", 1200, 0), ("SPY", EXP, 600.0, "P", 800, 0)])
    book = pos.open_interest_book(chain)
    assert book["position"].to_list() == [1200.0, -800.0]


def test_book_starts_from_the_convention_or_flat():
    chain = _chain([("SPY", EXP, 600.0, "C", 1200, 0), ("SPY", EXP, 600.0, "P", 800, 0)])
    assert pos.start_book(chain)["position"].to_list() == [1200.0, -800.0]
    flat = pos.start_book(chain, "flat")
    # Every listed contract is in the flat book (so its ticker is known to the book), at zero.
    assert flat.height == 2 and flat["position"].to_list() == [0.0, 0.0]
    with pytest.raises(ValueError, match="flat"):
        pos.start_book(chain, "zero")


def test_accumulate_adds_booked_prints_and_caps_by_open_interest_plus_volume():
    chain = _chain([("SPY", EXP, 600.0, "C", 100, 20), ("SPY", EXP, 600.0, "P", 100, 0),
                    ("SPY", EXP, 610.0, "C", 50, 0)])
    book = pl.DataFrame({"ticker": ["SPY"], "expiration": [EXP], "strike": [600.0], "right": ["C"],
                         "position": [30.0]})
    prints = pl.DataFrame({
        "ticker": ["SPY"] * 4, "expiration": [EXP] * 4, "strike": [600.0, 600.0, 610.0, 610.0],
        "right": ["C", "P", "C", "C"], "dealer_side": pl.Series([1, -1, -1, 1], dtype=pl.Int8),
        "size": [200, 40, 5, 99], "booked": [True, True, True, False]})
    out = pos.accumulate(book, prints, chain).sort(["strike", "right"])
    # call 600: 30 + 200 capped at OI 100 + volume 20; put 600: -40; call 610: -5 (the unbooked print ignored)
    assert out["position"].to_list() == [120.0, -40.0, -5.0]


def test_roll_book_drops_expired_and_caps():
    chain = _chain([("SPY", EXP, 600.0, "C", 10, 0)])
    book = pl.DataFrame({"ticker": ["SPY", "SPY"], "expiration": [EXP, date(2026, 11, 20)],
                         "strike": [600.0, 600.0], "right": ["C", "C"], "position": [-50.0, 7.0]})
    rolled = pos.roll_book(book, chain)
    assert rolled["position"].to_list() == [-10.0]
