"""Public API of the greek engine: validation, broadcasting, allocation and units.

Every function here is a thin typed layer over the compiled loops in ``engine._bsm``; nothing here
loops over rows in Python.

Units are raw derivatives of the Black–Scholes–Merton value with continuous dividend yield:

* ``t`` in years; ``rate`` and ``div_yield`` continuously compounded per year; ``vol`` per 1.00
  (0.2 means 20 %).
* ``vega``, ``vanna``, ``vomma``: per 1.00 of volatility (not per vol point).
* ``theta``, ``charm``, ``color``, ``veta``: per year of calendar time passing
  (``theta = -dV/dT``, ``charm = -dDelta/dT``, ``color = -dGamma/dT``, ``veta = -dVega/dT``).
* ``rho``: per 1.00 of rate, dividend yield held fixed.

Display scaling (per vol point, per day, dollars) is the exposure layer's business.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

import numpy as np
import numpy.typing as npt

GREEK_NAMES: tuple[str, ...] = (
    "price", "delta", "gamma", "vega", "theta", "rho", "vanna", "charm", "vomma",
    "speed", "zomma", "color", "veta",
)
N_OUTPUTS = len(GREEK_NAMES)
#: Everything up to vomma: what ``greeks(..., higher_order=False)`` computes.
FIRST_ORDER_NAMES: tuple[str, ...] = GREEK_NAMES[:9]

ArrayLike = npt.ArrayLike
FloatArray = npt.NDArray[np.float64]

_INPUT_NAMES = ("spot", "strike", "t", "rate", "div_yield", "vol", "is_call")
_IV_INPUT_NAMES = ("price", "spot", "strike", "t", "rate", "div_yield", "is_call")


@dataclass(frozen=True, eq=False)
class GreekResult:
    """Price and greeks of a batch of options.

    ``values`` is one C-contiguous float64 block of shape ``(13, *shape)`` (``(9, *shape)`` when computed
    with ``higher_order=False``); each greek attribute is a view of one of its rows, in the order of
    ``GREEK_NAMES``. ``n_invalid`` counts the rows whose inputs were invalid (non-finite input, spot,
    strike or vol not strictly positive); those rows are NaN.
    """

    values: FloatArray
    n_invalid: int

    @property
    def shape(self) -> tuple[int, ...]:
        return tuple(self.values.shape[1:])

    @property
    def names(self) -> tuple[str, ...]:
        """The greeks this result holds, in row order."""
        return GREEK_NAMES[: self.values.shape[0]]

    def __getattr__(self, name: str) -> FloatArray:
        # Only reached for names that are not regular attributes.
        if name in ("values", "n_invalid"):  # during unpickling/copying, before fields exist
            raise AttributeError(name)
        try:
            index = GREEK_NAMES.index(name)
        except ValueError:
            raise AttributeError(name) from None
        if index >= self.values.shape[0]:
            raise AttributeError(f"{name} was not computed (greeks(..., higher_order=False))")
        return self.values[index]

    def as_dict(self) -> dict[str, FloatArray]:
        """The greeks by name (views, no copy)."""
        return {name: self.values[i] for i, name in enumerate(self.names)}

    def __repr__(self) -> str:
        return f"GreekResult(shape={self.shape}, n_invalid={self.n_invalid})"


def _ext() -> Any:
    try:
        from engine import _bsm
    except ImportError as exc:  # pragma: no cover - depends on the build state
        raise ImportError(
            "the compiled greek engine is not built; run `make build` "
            "(or `python setup.py build_ext --inplace`)"
        ) from exc
    return _bsm


def _broadcast(names: tuple[str, ...], args: tuple[Any, ...]) -> tuple[tuple[int, ...], list[np.ndarray]]:
    """Broadcast the inputs; return the common shape and flat C-contiguous 1-D arrays.

    A float64 C-contiguous input of the full shape is passed through as a view (no copy); anything
    else (scalars, other dtypes, strided or smaller arrays) is converted once.
    """
    arrays = []
    for name, a in zip(names, args):
        if name == "is_call":
            arr = np.asarray(a)
            if arr.dtype == np.bool_:
                pass
            elif arr.dtype.kind in "iuf":
                flag = arr != 0
                if not np.all((arr == 0) | flag & (arr == 1)):
                    raise ValueError("is_call must be boolean or 0/1")
                arr = flag
            else:
                raise ValueError(f"is_call must be boolean or 0/1, not {arr.dtype}")
            arrays.append(arr)
        else:
            arr = np.asarray(a)
            if arr.dtype.kind not in "biuf":
                raise ValueError(f"{name} must be numeric, not {arr.dtype}")
            arrays.append(arr)
    try:
        shape = np.broadcast_shapes(*(a.shape for a in arrays))
    except ValueError:
        shapes = ", ".join(f"{n}={a.shape}" for n, a in zip(names, arrays))
        raise ValueError(f"input shapes do not broadcast together: {shapes}") from None
    flat = []
    for name, arr in zip(names, arrays):
        dtype = np.uint8 if name == "is_call" else np.float64
        if arr.shape == shape and arr.flags.c_contiguous and (
            arr.dtype == np.float64 if dtype is np.float64 else arr.dtype == np.bool_
        ):
            flat.append(arr.reshape(-1).view(dtype))  # a view: no copy
        else:
            flat.append(np.ascontiguousarray(np.broadcast_to(arr, shape), dtype=dtype).reshape(-1))
    return shape, flat


def _check_threads(n_threads: int) -> int:
    n = int(n_threads)
    if n < 1:
        raise ValueError(f"n_threads must be at least 1, got {n_threads!r}")
    return n


def greeks(
    spot: ArrayLike,
    strike: ArrayLike,
    t: ArrayLike,
    rate: ArrayLike,
    div_yield: ArrayLike,
    vol: ArrayLike,
    is_call: ArrayLike,
    *,
    out: GreekResult | FloatArray | None = None,
    n_threads: int = 1,
    higher_order: bool = True,
) -> GreekResult:
    """Black–Scholes–Merton price and 13 greeks, vectorized.

    Inputs broadcast against each other (scalars allowed). ``t`` in years, ``rate`` / ``div_yield``
    continuously compounded, ``vol`` per 1.00, ``is_call`` boolean or 0/1. ``out`` may be a previous
    ``GreekResult`` or a C-contiguous float64 array of shape ``(13, *shape)`` to write into.
    ``higher_order=False`` computes only price to vomma (``FIRST_ORDER_NAMES``: no speed, zomma, color,
    veta) into a ``(9, *shape)`` block — about a third less work and memory traffic.

    ``t <= 0``: the option is at expiry — price is the intrinsic value, delta its slope (+-1 in the
    money, 0 out of it, +-0.5 exactly at the strike) and every other greek 0. Invalid rows (any NaN or
    infinite input, spot, strike or vol <= 0) are NaN and counted in ``n_invalid``; nothing raises for
    them. Mismatched shapes raise ``ValueError``.
    """
    shape, flat = _broadcast(_INPUT_NAMES, (spot, strike, t, rate, div_yield, vol, is_call))
    n = int(np.prod(shape, dtype=np.int64))
    rows = N_OUTPUTS if higher_order else len(FIRST_ORDER_NAMES)
    values = _output_block(out, shape, rows)
    n_invalid = _ext().greeks_into(*flat, values.reshape(rows, n), _check_threads(n_threads))
    return GreekResult(values, int(n_invalid))


def _output_block(out: GreekResult | FloatArray | None, shape: tuple[int, ...], rows: int) -> FloatArray:
    want = (rows, *shape)
    if out is None:
        return np.empty(want, dtype=np.float64)
    block = out.values if isinstance(out, GreekResult) else out
    if not isinstance(block, np.ndarray):
        raise ValueError("out must be a GreekResult or a float64 array")
    if block.shape != want or block.dtype != np.float64 or not block.flags.c_contiguous:
        raise ValueError(f"out must be a C-contiguous float64 array of shape {want}, got "
                         f"{block.dtype} {block.shape}")
    if not block.flags.writeable:
        raise ValueError("out is read-only")
    return block


def implied_vol(
    price: ArrayLike,
    spot: ArrayLike,
    strike: ArrayLike,
    t: ArrayLike,
    rate: ArrayLike,
    div_yield: ArrayLike,
    is_call: ArrayLike,
    *,
    out: FloatArray | None = None,
    n_threads: int = 1,
) -> FloatArray:
    """Black–Scholes–Merton implied volatility (per 1.00), vectorized.

    NaN where there is no solution: a price at or below the intrinsic value of the forward
    (``max(phi*(S*exp(-q*t) - K*exp(-r*t)), 0)``), at or above the upper bound (``S*exp(-q*t)`` for a
    call, ``K*exp(-r*t)`` for a put), ``t <= 0``, or any invalid input.
    """
    shape, flat = _broadcast(_IV_INPUT_NAMES, (price, spot, strike, t, rate, div_yield, is_call))
    if out is None:
        result = np.empty(shape, dtype=np.float64)
    else:
        if (not isinstance(out, np.ndarray) or out.shape != shape or out.dtype != np.float64
                or not out.flags.c_contiguous or not out.flags.writeable):
            raise ValueError(f"out must be a writeable C-contiguous float64 array of shape {shape}")
        result = out
    _ext().implied_vol_into(*flat, result.reshape(-1), _check_threads(n_threads))
    return result
