"""Chart requests and answers: candles, the vanna plane, surfaces, spot–vol statistics, the greek trend."""

from __future__ import annotations

from marshmallow import Schema, fields

from api.data.fields import NullableNested, NyTime, RequestSchema, Ticker, int_choice
from api.data.schemas import (HISTORICAL_DATE, SnapshotAnswer, SnapshotQuery, greek, greek_out, kind, kind_out,
                              nullable_number, number, unit_field)
from domain import vocabulary as v


class CandlesQuery(SnapshotQuery):
    frequency = int_choice(v.FREQUENCIES, "Candle length in minutes: 1, 5, 10 (default), 15, 30 or 60",
                           v.DEFAULT_FREQUENCY, field="frequency", unit=" (minutes)")


class SurfaceBody(RequestSchema):
    ticker = Ticker(required=True)
    greek = greek(v.IV, v.SURFACE_VALUES, "iv (default) or a greek")
    kind = kind()
    date = NyTime(HISTORICAL_DATE, allow_none=True)


class Candle(Schema):
    t = fields.String(required=True)
    open = nullable_number()
    high = nullable_number()
    low = nullable_number()
    close = nullable_number()


class CandlesAnswer(SnapshotAnswer):
    candles = fields.List(fields.Nested(Candle), required=True)
    frequency = fields.Integer(required=True)


class PlaneAnswer(SnapshotAnswer):
    times = fields.List(fields.String(), required=True)
    strikes = fields.List(fields.Float(), required=True)
    z = fields.List(fields.List(fields.Float(allow_none=True)), required=True)
    currentPrice = nullable_number()


class SurfaceAnswer(SnapshotAnswer):
    greek = greek_out(v.SURFACE_VALUES)
    kind = kind_out()
    expirations = fields.List(fields.String(), required=True)
    strikes = fields.List(fields.Float(), required=True)
    z = fields.List(fields.List(fields.Float(allow_none=True)), required=True)
    currentPrice = nullable_number()
    unit = unit_field()


class ScatterPoint(Schema):
    x = number()
    y = number()
    date = fields.String(required=True)


class XY(Schema):
    x = number()
    y = number()


class ScatterAnswer(SnapshotAnswer):
    rValue = nullable_number()
    slope = nullable_number("VIX points per 1 % move (OLS)")
    intercept = nullable_number("VIX points at a 0 % move (OLS)")
    currentRatio = nullable_number()
    scatterPoints = fields.List(fields.Nested(ScatterPoint), required=True)
    currentPoint = NullableNested(XY, required=True)


class TrendPoint(Schema):
    x = fields.String(required=True)
    y = number()


class TrendAnswer(SnapshotAnswer):
    greek = greek_out()
    trend = fields.List(fields.Nested(TrendPoint), required=True)
    historicalAverage = nullable_number()
    currentAggregate = nullable_number()
    modelledThrough = fields.String(required=True, allow_none=True, metadata={
        "description": "The last trend date (YYYY-MM-DD) that is modelled back-history rather than a computed "
                       "session (the demo's daily aggregates before its first published snapshot, "
                       "methodology §4.8); null when every trend point is computed."})
    unit = unit_field()
