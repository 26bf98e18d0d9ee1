"""Why the IV surface rises at its shortest expirations (methodology §4.6, "IV surface").

At a fixed strike the front expirations' IV climbs in the wings while the at-the-money term structure
stays flat: the demo's SSVI smile (gamma = 1/2) steepens as 1/√T, so the same strike sits more standard
deviations from the forward the closer the expiry. These tests pin both halves of that statement.
"""

from __future__ import annotations

import math

import numpy as np
import pytest

from data.sources.synthetic.surface import implied_vol, params_for
from data.universe import get as spec_for

DAY = 1 / 365


@pytest.fixture
def spx():
    return params_for(spec_for("SPX"))


def test_the_at_the_money_term_structure_is_flat_at_the_front(spx):
    sig = np.array(0.14)
    atm = [float(implied_vol(spx, sig, np.array(d * DAY), np.array(0.0))) for d in (0.1, 1, 2, 5, 30)]
    assert max(atm) - min(atm) < 0.01, atm  # within one vol point from 2.4 hours to a month


def test_at_a_fixed_strike_the_wing_rises_as_the_expiry_nears(spx):
    sig, k = np.array(0.14), np.array(math.log(0.97))  # a put 3 % below the forward
    wing = {d: float(implied_vol(spx, sig, np.array(d * DAY), k)) for d in (0.1, 1, 5, 30)}
    assert wing[0.1] > wing[1] > wing[5] > wing[30], wing
    atm = {d: float(implied_vol(spx, sig, np.array(d * DAY), np.array(0.0))) for d in wing}
    # The excess variance over the at-the-money level grows about as 1/sqrt(T) at the front.
    excess = {d: wing[d] ** 2 - atm[d] ** 2 for d in wing}
    assert excess[0.1] / excess[1] == pytest.approx(math.sqrt(10), rel=0.15), excess
