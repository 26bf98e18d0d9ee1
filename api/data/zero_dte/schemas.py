"""0DTE requests and answers: the panel, the paradigm, charm balance and 0DTE exposure."""

from __future__ import annotations

from marshmallow import Schema, fields

from api.data.schemas import (SnapshotAnswer, SnapshotGreekKindQuery, StrikeValue, greek, nullable_number, number,
                              unit_field, units_field)
from domain import vocabulary as v


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


class ParadigmAnswer(SnapshotAnswer):
    paradigm = fields.String(required=True)
    target = nullable_number()
    lis = Lis()


class ZeroDteAnswer(ParadigmAnswer):
    zerodte_agg_charm = nullable_number()
    total_0dte_opt_vol = nullable_number()
    units = units_field()


class CharmBalanceAnswer(SnapshotAnswer):
    data = fields.List(fields.Nested(StrikeValue), required=True)
    aggregate = number()
    currentPrice = nullable_number()
    unit = unit_field()


__all__ = ["CharmBalanceAnswer", "ParadigmAnswer", "Schema", "ZeroDteAnswer", "ZeroDteExposureQuery"]
