"""The last hour's 0DTE gamma (methodology §3, "No floor on time to expiry").

Intraday SPX dealer gamma can leave ±100 B only in the last 45 minutes and swing by tens of billions in
5 minutes. The cause is the model itself, not a data fault: an at-the-money contract's dollar gamma grows
as 1/√T and its peak narrows to σ√T·S around the strike, so a large 0DTE position near spot dominates the
total as the close approaches. These tests pin that law (no floor or smoothing is applied to T).
"""

from __future__ import annotations

import math

import numpy as np
import pytest

from data.compute.exposures import per_contract_dollars

MINUTES_PER_YEAR = 365 * 24 * 60
SPOT, VOL, RATE = 6000.0, 0.15, 0.04


def _gamma(spot: float, strike: float, minutes: float) -> float:
    out = per_contract_dollars(np.array([spot]), np.array([strike]), np.array([minutes / MINUTES_PER_YEAR]),
                               np.array([RATE]), np.array([0.0]), np.array([VOL]), np.array([True]))
    return float(out["gamma"][0])


def test_at_the_money_dollar_gamma_grows_as_one_over_root_t():
    open_, last = _gamma(SPOT, SPOT, 390), _gamma(SPOT, SPOT, 45)
    assert last / open_ == pytest.approx(math.sqrt(390 / 45), rel=0.01)
    # 5 minutes at the end: from 15 to 10 minutes left the same contract gains a fifth more.
    assert _gamma(SPOT, SPOT, 10) / _gamma(SPOT, SPOT, 15) == pytest.approx(math.sqrt(1.5), rel=0.01)


def test_the_peak_narrows_to_sigma_root_t_around_the_strike():
    for minutes in (390, 45):
        width = SPOT * VOL * math.sqrt(minutes / MINUTES_PER_YEAR)  # one standard deviation of the move left
        ratio = _gamma(SPOT + width, SPOT, minutes) / _gamma(SPOT, SPOT, minutes)
        assert 0.55 < ratio < 0.65, (minutes, width, ratio)  # ≈ e^(−1/2): half-width shrinks with √T
