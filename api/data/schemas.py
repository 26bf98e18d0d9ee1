"""Schemas shared by several data resources: the per-ticker request bases, the expirations selection and
the answer parts more than one route serves (units, levels, the exposure answer).

Every answer field the server always sends is ``required`` (``allow_none`` where it may be null), so the
generated TypeScript types (``web/src/api/schema.d.ts``) are exact.
"""

from __future__ import annotations

from marshmallow import Schema, fields, post_load, validate

from api.data.fields import Day, DayList, Flag, Nested, NullableNested, NyTime, RequestSchema, Ticker, choice
from domain import vocabulary as v

LAST_MODIFIED = "2026-01-02T15:05:00Z"

HISTORICAL_DATE = ("Historical mode: New York time 'yyyy-MM-dd HH:mm' (or a day 'yyyy-MM-dd' for its last "
                   "snapshot); the answer is the snapshot at or before it. Absent: the data the tier sees now")


def greek(default: str = v.DEFAULT_STATISTICS_GREEK, words=v.GREEKS, description: str | None = None):
    return choice(words, description or f"One of {', '.join(words)} (default {default})", default, field="greek")


def kind():
    return choice(v.KINDS, "Calls and puts (both, the default), calls only or puts only", v.DEFAULT_KIND,
                  field="kind")


# ---------------------------------------------------------------- requests


class TickerQuery(RequestSchema):
    ticker = Ticker(required=True)


class SnapshotQuery(TickerQuery):
    """A per-ticker figure: the tier's live snapshot, or the historical one ``date`` names."""

    date = NyTime(HISTORICAL_DATE)


class SnapshotGreekQuery(SnapshotQuery):
    greek = greek()


class SnapshotKindQuery(SnapshotQuery):
    kind = kind()


class SnapshotGreekKindQuery(SnapshotGreekQuery):
    kind = kind()


SELECTION_RULES = ("SPECIFIC needs 'dates' (MIXED without dates means ALL); CUSTOM needs 'from' and 'to', "
                   "'to' not before 'from' and, live, not before the session date")
# No example date: a fixed date as a live CUSTOM bound is refused once the session date has passed it.
CUSTOM_FROM = "CUSTOM: first expiration date"
CUSTOM_TO = "CUSTOM: last expiration date (live: a range ending before the session date is refused)"


class ExpirationsSelection(Nested):
    """Which expirations an exposure sums (the grammar of ``domain.expirations``)."""

    option = choice(v.EXPIRATION_OPTIONS, "The expirations option (default ALL). " + SELECTION_RULES,
                    v.DEFAULT_EXPIRATION_OPTION, field="option", example="THIS_WEEK")
    from_ = Day(CUSTOM_FROM, None, name="from", data_key="from", allow_none=True, load_default=None)
    to = Day(CUSTOM_TO, None, name="to", allow_none=True, load_default=None)
    dates = fields.List(Day("An expiration date", "2026-01-16", name="dates"), allow_none=True, load_default=None,
                        validate=validate.Length(max=v.MAX_SPECIFIC_DATES,
                                                 error=f"At most {v.MAX_SPECIFIC_DATES} dates may be chosen."),
                        metadata={"description": "SPECIFIC/MIXED: the expiration dates"})

    @post_load
    def _keys(self, data, **kwargs):
        return {"option": data["option"], "from": data.get("from_"), "to": data.get("to"),
                "dates": data.get("dates")}


ALL_EXPIRATIONS = {"option": "ALL", "from": None, "to": None, "dates": None}


class ExposureBody(RequestSchema):
    ticker = Ticker(required=True)
    greek = greek(v.DEFAULT_GREEK)
    kind = kind()
    expirations = fields.Nested(ExpirationsSelection, load_default=lambda: dict(ALL_EXPIRATIONS),
                                metadata={"description": "Absent: ALL"})
    isCumulative = Flag("true for a running sum over strikes (default false)", allow_none=True)

    @post_load
    def _defaults(self, data, **kwargs):
        data["expirations"] = data.get("expirations") or dict(ALL_EXPIRATIONS)
        data["isCumulative"] = bool(data.get("isCumulative"))
        return data


class ExposureQuery(TickerQuery):
    """The query-string form of an exposure request (live only: historical/volland-live-api-data has the
    historical mode)."""

    greek = greek(v.DEFAULT_GREEK)
    kind = kind()
    expirations = choice(v.EXPIRATION_OPTIONS, "The expirations option (default ALL). " + SELECTION_RULES,
                         field="expirations", example="ALL")
    option = choice(v.EXPIRATION_OPTIONS, "Alias of expirations", field="option", example="ALL")
    tickerType = choice(v.TICKER_TYPES, "0dte: keep the expiration on the session date only (default all)",
                        "all", field="tickerType")
    dates = DayList("SPECIFIC/MIXED: comma-separated expiration dates yyyy-MM-dd")
    isCumulative = Flag("true for a running sum over strikes (default false)", in_query=True)
    from_ = Day(CUSTOM_FROM, None, name="from", data_key="from")
    to = Day(CUSTOM_TO, None, name="to")

    # A failure names the member of the selection it concerns, as the JSON form does.
    error_names = {"expirations": "expirations.option", "option": "expirations.option",
                   "from": "expirations.from", "to": "expirations.to", "dates": "expirations.dates"}

    @post_load
    def _selection(self, data, **kwargs):
        option = data.pop("expirations", None) or data.pop("option", None) or v.DEFAULT_EXPIRATION_OPTION
        data.pop("option", None)
        data["expirations"] = {"option": option, "from": data.pop("from_", None), "to": data.pop("to", None),
                               "dates": data.pop("dates", None) or None}
        return data


# ---------------------------------------------------------------- answer parts


class Answer(Schema):
    """Every data answer object starts with where its numbers come from (data.store.provenance.stamp)."""

    source = fields.String(required=True, metadata={"description": "Id of the data source the numbers come from"})
    sourceDelay = fields.Integer(required=True, allow_none=True, metadata={
        "description": "Delay of that source in seconds (null when not known)"})


class SnapshotAnswer(Answer):
    lastModified = fields.String(required=True, metadata={"description": "Time of the snapshot (ISO-8601 UTC)"})


def greek_out(words=v.GREEKS):
    return fields.String(required=True, validate=validate.OneOf(words))


def kind_out():
    return fields.String(required=True, validate=validate.OneOf(v.KINDS))


def number(**kw):
    return fields.Float(required=True, **kw)


def nullable_number(description: str | None = None):
    return fields.Float(required=True, allow_none=True, metadata={"description": description} if description else {})


class UnitConversion(Schema):
    to = fields.String(required=True, metadata={"description": "the other convention"})
    factor = fields.Float(required=True, allow_none=True, metadata={
        "description": "multiply the served figure by this to get it in `to` (evaluated at currentPrice)"})
    rule = fields.String(required=True, metadata={"description": "the factor as a formula of spot S"})


class Unit(Schema):
    unit = fields.String(required=True, metadata={"description": "unit of every figure of this greek in the answer "
                                                                 "(docs/methodology.md §3.1)"})
    conversions = fields.List(fields.Nested(UnitConversion), required=True)


def unit_field():
    return fields.Nested(Unit, required=True)


def units_field():
    return fields.Dict(keys=fields.String(), values=fields.Nested(Unit), required=True,
                       metadata={"description": "unit of each figure of the answer, by field name"})


class Levels(Schema):
    zeroGamma = nullable_number()
    callWall = nullable_number()
    putWall = nullable_number()


class StrikeValue(Schema):
    strike = number()
    value = number()


class ExposurePoint(Schema):
    strike = number()
    value = number()
    call = number()
    put = number()


class ExpectedMove(Schema):
    days = fields.Integer(required=True, metadata={"description": "calendar days to the expiration used "
                                                                  "(nearest to 30)"})
    iv = number(metadata={"description": "IV (per 1.00) of the strike nearest spot on that expiration"})
    points = number(metadata={"description": "spot · iv · √(days/365), in price points"})


class ExposureAnswer(SnapshotAnswer):
    ticker = fields.String(required=True)
    greek = greek_out()
    kind = kind_out()
    isCumulative = fields.Boolean(required=True)
    data = fields.List(fields.Nested(ExposurePoint), required=True)
    expirations = fields.List(fields.String(), required=True)
    currentPrice = nullable_number()
    expectedMove = NullableNested(ExpectedMove, required=True, metadata={
        "description": "one-standard-deviation move over ~30 days; sizes the chart's default strike range"})
    unit = unit_field()
    levels = fields.Nested(Levels, required=True)


EXPOSURE_EXAMPLE = {
    "ticker": "SPX", "greek": "charm", "kind": "both", "isCumulative": False,
    "data": [{"strike": 5900.0, "value": -1.52e8, "call": -4.1e7, "put": -1.11e8},
             {"strike": 5905.0, "value": 2.3e7, "call": 3.0e7, "put": -7.0e6}],
    "expirations": ["2026-01-02", "2026-01-05"], "currentPrice": 5903.2, "lastModified": LAST_MODIFIED,
    "levels": {"zeroGamma": 5880.0, "callWall": 6000.0, "putWall": 5800.0},
}


class StatsAnswer(Schema):
    """The public site's figures (``/api/v1/public-data/volland-stats``)."""

    totalTrades = fields.Integer(required=True)
    currentOpenTrades = fields.Integer(required=True)
    numberTickers = fields.Integer(required=True)


__all__ = ["ALL_EXPIRATIONS", "Answer", "Day", "EXPOSURE_EXAMPLE", "ExposureAnswer", "ExposureBody", "ExposureQuery",
           "LAST_MODIFIED", "Levels", "SnapshotAnswer", "SnapshotGreekKindQuery", "SnapshotGreekQuery",
           "SnapshotKindQuery", "SnapshotQuery", "StatsAnswer", "StrikeValue", "TickerQuery", "Unit"]
