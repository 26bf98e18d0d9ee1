"""Exposure requests and answers: by strike for a selection of expirations, end of day, strike lists."""

from __future__ import annotations

from marshmallow import fields

from api.data.fields import Day, int_range
from api.data.schemas import (ExposureAnswer, Levels, SnapshotAnswer, SnapshotGreekKindQuery, SnapshotKindQuery,
                              StrikeValue, TickerQuery, greek, greek_out, kind, kind_out, nullable_number,
                              number, unit_field)
from domain import vocabulary as v


class DailyExposureQuery(TickerQuery):
    greek = greek()
    kind = kind()
    date = Day("Session date yyyy-MM-dd (default: the latest the tier sees)")


class StrikeListQuery(SnapshotGreekKindQuery):
    limit = int_range(v.STRIKE_LIST_LIMIT, "Number of strikes ({0}-{1}, default {2})".format(*v.STRIKE_LIST_LIMIT),
                      field="limit")


IvVannaQuery = SnapshotKindQuery


class DailyExposureAnswer(ExposureAnswer):
    date = fields.String(required=True, metadata={"description": "Session date of the snapshot"})


class StrikeListAnswer(SnapshotAnswer):
    greek = greek_out()
    kind = kind_out()
    strikes = fields.List(fields.Nested(StrikeValue), required=True)
    currentPrice = nullable_number()
    levels = fields.Nested(Levels, required=True)
    unit = unit_field()


class IvVannaPoint(StrikeValue):
    vanna = nullable_number()
    iv = number()


class IvVannaAnswer(SnapshotAnswer):
    kind = kind_out()
    ivShock = number(metadata={"description": "relative IV move the values are scaled to (0.10 = +10 %)"})
    data = fields.List(fields.Nested(IvVannaPoint), required=True)
    currentPrice = nullable_number()
    unit = unit_field()
