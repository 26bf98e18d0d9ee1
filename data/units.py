"""Units of every served exposure figure and the factors to other products' conventions.

One table for the whole product (docs/methodology.md §3.1): the data routes attach
``units_for(greek, spot)`` to each exposure answer, the web shows ``unit`` on axes and readouts, and the
methodology lists the same rows. A conversion's ``factor`` multiplies the served figure; factors that
depend on spot are evaluated at the answer's spot ``S`` (``rule`` states the formula, so a reader can
convert a figure served at another spot, e.g. a point of the trend).
"""

from __future__ import annotations

import math
from dataclasses import dataclass

# The scales of the served figures (docs/methodology.md §3): a contract is 100 shares, a move is 1 % of
# spot, a vol point 0.01 of volatility, a rate point 0.01 of rate, and time passes per calendar day.
# data.compute.exposures turns the engine's raw greeks into dollars with these.
MULTIPLIER = 100.0
PCT_MOVE = 0.01
VOL_POINT = 0.01
RATE_POINT = 0.01
DAYS_PER_YEAR = 365.0
HOURS_PER_DAY = 24.0


@dataclass(frozen=True)
class Conversion:
    to: str
    rule: str                 # the factor as a formula of spot S
    spot_power: int           # factor = constant · S**spot_power
    constant: float

    def factor(self, spot: float | None) -> float | None:
        if self.spot_power == 0:
            return self.constant
        if spot is None or not math.isfinite(spot) or spot <= 0:
            return None
        return self.constant * spot ** self.spot_power


_PER_POINT = Conversion("$ delta per 1-point move of the underlying", "100 / S", -1, 1.0 / PCT_MOVE)
_SHARES_PER_POINT = Conversion("shares (delta units) per 1-point move", "100 / S²", -2, 1.0 / PCT_MOVE)
_PER_CAL_HOUR = Conversion("$ per calendar hour", "1 / 24", 0, 1.0 / HOURS_PER_DAY)
_PER_YEAR = Conversion("$ per year (the raw ∂/∂T convention)", "365", 0, DAYS_PER_YEAR)
_PER_FULL_VOL = Conversion("$ per 1.00 of volatility (100 vol points)", "100", 0, 1.0 / VOL_POINT)


@dataclass(frozen=True)
class Unit:
    unit: str
    conversions: tuple[Conversion, ...]


UNITS: dict[str, Unit] = {
    "delta": Unit("$ of underlying (dealer delta × spot)",
                  (Conversion("shares of the underlying (delta units)", "1 / S", -1, 1.0),)),
    "gamma": Unit("$ delta per 1 % move", (_PER_POINT, _SHARES_PER_POINT)),
    "dag": Unit("$ delta per 1 % move", (_PER_POINT, _SHARES_PER_POINT)),
    "vanna": Unit("$ delta per vol point",
                  (Conversion("shares (delta units) per vol point", "1 / S", -1, 1.0), _PER_FULL_VOL)),
    "charm": Unit("$ delta per calendar day",
                  (_PER_CAL_HOUR,
                   Conversion("shares (delta units) per calendar day", "1 / S", -1, 1.0))),
    "vega": Unit("$ per vol point", (_PER_FULL_VOL,)),
    "theta": Unit("$ per calendar day", (_PER_CAL_HOUR, _PER_YEAR)),
    "vomma": Unit("$ vega per vol point", (_PER_FULL_VOL,)),
    "rho": Unit("$ per rate point (+1 percentage point)",
                (Conversion("$ per 1.00 of rate (100 points)", "100", 0, 1.0 / RATE_POINT),)),
    "iv": Unit("volatility per 1.00 (0.20 = 20 %)", (Conversion("vol points (%)", "100", 0, 100.0),)),
}


def units_for(greek: str, spot: float | None) -> dict:
    """``{"unit", "conversions": [{"to", "factor", "rule"}]}`` for a served figure of ``greek``."""
    u = UNITS.get(greek)
    if u is None:
        raise KeyError(f"no unit for {greek!r}")
    return {"unit": u.unit,
            "conversions": [{"to": c.to, "factor": c.factor(spot), "rule": c.rule} for c in u.conversions]}


# Figures that are not a greek column: their unit, and conversions where another convention is common.
FIELD_UNITS: dict[str, Unit] = {
    "dealerPremium": Unit("$ (cash dealers received, + ; paid, −)", ()),
    "zeroDteDealerPremium": Unit("$ (cash dealers received, + ; paid, −)", ()),
    "deltaAdjustedDealerSpread": Unit("$ per contract, weighted by |delta|", ()),
    "dayToDayDeltaAdjustedDealerSpread": Unit("$ per contract, weighted by |delta|", ()),
    "deltaAdjustedDealerPremium": Unit("$ (cash, weighted by |delta|)", ()),
    "notionalVolume": Unit("$ of underlying notional traded today", ()),
    "vannaStochastic": Unit("dimensionless, in [−1, 1]", ()),
    "price": Unit("$ per share (index points for indices)", ()),
    "previousClose": Unit("$ per share (index points for indices)", ()),
    "vix": Unit("VIX index points", ()),
    "previousVix": Unit("VIX index points", ()),
    "ivAdjustedVanna": Unit("$ delta for a +10 % relative change of the strike's IV", ()),
}


def field_units(names, spot: float | None = None, greeks: dict[str, str] | None = None) -> dict:
    """``{field: units}`` for several figures of one answer; ``greeks`` maps a field to its greek column."""
    out = {}
    for name in names:
        if greeks and name in greeks:
            out[name] = units_for(greeks[name], spot)
        else:
            u = FIELD_UNITS[name]
            out[name] = {"unit": u.unit,
                         "conversions": [{"to": c.to, "factor": c.factor(spot), "rule": c.rule}
                                         for c in u.conversions]}
    return out
