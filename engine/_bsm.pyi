"""Type stubs of the compiled loops (engine/_bsm.pyx). Use ``engine.greeks`` / ``engine.implied_vol``."""

import numpy as np
import numpy.typing as npt

OPENMP: bool
BLOCK: int

def simd_math() -> bool: ...
def greeks_into(
    spot: npt.NDArray[np.float64],
    strike: npt.NDArray[np.float64],
    t: npt.NDArray[np.float64],
    rate: npt.NDArray[np.float64],
    div_yield: npt.NDArray[np.float64],
    vol: npt.NDArray[np.float64],
    is_call: npt.NDArray[np.uint8],
    out: npt.NDArray[np.float64],
    n_threads: int = 1,
) -> int: ...
def implied_vol_scalar_into(
    price: npt.NDArray[np.float64],
    spot: npt.NDArray[np.float64],
    strike: npt.NDArray[np.float64],
    t: npt.NDArray[np.float64],
    rate: npt.NDArray[np.float64],
    div_yield: npt.NDArray[np.float64],
    is_call: npt.NDArray[np.uint8],
    out: npt.NDArray[np.float64],
    n_threads: int = 1,
) -> None: ...
def implied_vol_into(
    price: npt.NDArray[np.float64],
    spot: npt.NDArray[np.float64],
    strike: npt.NDArray[np.float64],
    t: npt.NDArray[np.float64],
    rate: npt.NDArray[np.float64],
    div_yield: npt.NDArray[np.float64],
    is_call: npt.NDArray[np.uint8],
    out: npt.NDArray[np.float64],
    n_threads: int = 1,
) -> None: ...
