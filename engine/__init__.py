"""The greek engine: Black–Scholes–Merton prices, greeks and implied volatility, compiled.

``greeks`` and ``implied_vol`` are vectorized over NumPy arrays (scalars broadcast); see
``engine.api`` for units and edge-case rules.
"""

from engine.api import FIRST_ORDER_NAMES, GREEK_NAMES, GreekResult, greeks, implied_vol

__all__ = ["FIRST_ORDER_NAMES", "GREEK_NAMES", "GreekResult", "greeks", "implied_vol"]
