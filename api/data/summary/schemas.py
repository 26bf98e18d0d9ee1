"""Per-ticker statistics requests and answers: summary, aggregates, premium, liquidity, charm, end of day."""

from __future__ import annotations

from marshmallow import Schema, fields

from api.data.fields import int_range
from api.data.schemas import (SnapshotAnswer, SnapshotQuery, greek_out, nullable_number, unit_field,
                              units_field)
from domain import vocabulary as v


class EodQuery(SnapshotQuery):
    days = int_range(v.EOD_DAYS, "Calendar days of history ({0}-{1}, default {2})".format(*v.EOD_DAYS), field="days")


class SummaryAnswer(SnapshotAnswer):
    price = nullable_number()
    previousClose = nullable_number()
    vix = nullable_number()
    previousVix = nullable_number()
    notionalVolume = nullable_number()
    vannaStochastic = nullable_number()
    units = units_field()


class AggregateAnswer(SnapshotAnswer):
    greek = greek_out()
    aggregate = nullable_number()
    unit = unit_field()


class PremiumAnswer(SnapshotAnswer):
    dealerPremium = nullable_number()
    zeroDteDealerPremium = nullable_number()
    units = units_field()


class LiquidityAnswer(SnapshotAnswer):
    deltaAdjustedDealerSpread = nullable_number()
    dayToDayDeltaAdjustedDealerSpread = nullable_number()
    deltaAdjustedDealerPremium = nullable_number()
    units = units_field()


class AggCharmPoint(Schema):
    t = fields.String(required=True)
    aggregate = nullable_number()
    zeroDte = nullable_number()


class AggCharmAnswer(SnapshotAnswer):
    greek = greek_out(("charm",))
    aggregate = nullable_number()
    zerodte_agg_charm = nullable_number()
    series = fields.List(fields.Nested(AggCharmPoint), required=True)
    unit = unit_field()


class EodRow(Schema):
    date = fields.String(required=True)
    close = nullable_number()
    vixClose = nullable_number()
    aggregates = fields.Dict(keys=fields.String(), values=fields.Float(allow_none=True), required=True)


class EodAnswer(SnapshotAnswer):
    ticker = fields.String(required=True)
    eod = fields.List(fields.Nested(EodRow), required=True)
    units = units_field()
