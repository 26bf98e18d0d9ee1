"""0DTE requests and answers: the panel, the paradigm, charm balance and 0DTE exposure."""

from __future__ import annotations

from marshmallow import Schema, fields, validate

from api.data.fields import Day, RequestSchema
from api.data.schemas import (SnapshotAnswer, SnapshotGreekKindQuery, StrikeValue, greek, nullable_number, number,
                              unit_field, units_field)
from api.data.zero_dte.service import ABSENCE_REASONS
from domain import vocabulary as v


class ZeroDteTickersQuery(RequestSchema):
    date = Day("Session date yyyy-MM-dd of a historical 0DTE list (default: the tier's latest session)")


class ZeroDteExposureQuery(SnapshotGreekKindQuery):
    greek = greek(v.DEFAULT_GREEK)


class Lis(fields.Raw):
    """A line in the sand: one level, or [low, high] for the BofA/SIDIAL paradigms, or null."""

    def __init__(self, **kwargs):
        super().__init__(required=True, allow_none=True, metadata={
            "description": "one level, or [low, high] for BofA/SIDIAL paradigms; null when none",
            "oneOf": [{"type": "number"}, {"type": "array", "items": {"type": "number"}, "minItems": 2,
                                           "maxItems": 2}],
            "nullable": True}, **kwargs)


REASON_TEXT = ("why the level is null, else null: after_close (the session has closed and today's 0DTE options "
               "have expired), no_expiration_today (the snapshot's session has no expiration of the ticker), "
               "no_charm_near_spot (paradigm Undefined: no 0DTE charm on one side of spot), range_paradigm "
               "(BOFA and SIDIAL have two LIS and no target), no_crossing_in_range (GEX/AG: aggregate 0DTE charm "
               "does not turn inside the scanned range); docs/methodology.md §4.5")


def reason_field(level: str):
    return fields.String(required=True, allow_none=True, validate=validate.OneOf(ABSENCE_REASONS),
                         metadata={"description": f"{level}: {REASON_TEXT}", "enum": list(ABSENCE_REASONS)})


class ParadigmAnswer(SnapshotAnswer):
    paradigm = fields.String(required=True, metadata={
        "description": "GEX, AG, BOFA or SIDIAL with -PURE, -TARGET, -LIS or -MESSY; Undefined; empty when the "
                       "snapshot has no 0DTE options (docs/methodology.md §4.5)"})
    target = nullable_number()
    lis = Lis()
    targetReason = reason_field("target")
    lisReason = reason_field("LIS")
    currentPrice = nullable_number("spot at the snapshot, the price target and LIS are measured from")


class ZeroDteAnswer(ParadigmAnswer):
    zerodte_agg_charm = nullable_number()
    total_0dte_opt_vol = nullable_number()
    units = units_field()


class CharmBalanceAnswer(SnapshotAnswer):
    data = fields.List(fields.Nested(StrikeValue), required=True)
    aggregate = number()
    currentPrice = nullable_number()
    unit = unit_field()


__all__ = ["CharmBalanceAnswer", "ParadigmAnswer", "Schema", "ZeroDteAnswer", "ZeroDteExposureQuery",
           "ZeroDteTickersQuery"]
