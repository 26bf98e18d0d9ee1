"""The greek engine: Black–Scholes–Merton prices, greeks and implied volatility, compiled.

``greeks`` and ``implied_vol`` are vectorized over NumPy arrays (scalars broadcast); see
``engine.api`` for units and edge-case rules.

Why dealer positions and exposures live outside ``engine/`` (in ``data/compute/``): the engine is the
pricing model of one contract — a pure function of (spot, strike, time, rate, yield, vol, right) with
raw per-unit derivatives, no market, no book, no calendar, no units of display. Dealer positions are a
modelling choice about the market (how prints are classified, how the book starts and rolls over a
day), and exposures are that book times the engine's greeks in the product's dollar units
(``data/compute/exposures.py``); both change with the methodology, the engine only with the mathematics.
Keeping them outside means the engine imports nothing of ``data``, ``api`` or ``jobs``, is tested on its
own against reference tables, and its compiled loops never need rebuilding when a rule of positioning
or a unit of display changes.
"""

from engine.api import FIRST_ORDER_NAMES, GREEK_NAMES, GreekResult, greeks, implied_vol

__all__ = ["FIRST_ORDER_NAMES", "GREEK_NAMES", "GreekResult", "greeks", "implied_vol"]
