"""Fixtures of the engine tests."""

from __future__ import annotations

import numpy as np
import pytest

from engine_testlib import load_table


@pytest.fixture(scope="session")
def greek_table() -> dict[str, np.ndarray]:
    return load_table("bsm_greeks_mp.txt")


@pytest.fixture(scope="session")
def iv_table() -> dict[str, np.ndarray]:
    return load_table("bsm_iv_mp.txt")
