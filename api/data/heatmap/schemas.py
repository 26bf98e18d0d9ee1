"""Session heatmap request and answer: one greek's exposure per (snapshot time, strike) as a compact matrix."""

from __future__ import annotations

from marshmallow import Schema, fields, post_load

from api.data.fields import Day, DayList, NyTime, choice, int_range
from api.data.schemas import (CUSTOM_FROM, CUSTOM_TO, HISTORICAL_DATE, SELECTION_RULES, SnapshotAnswer,
                              TickerQuery, greek, greek_out, kind, kind_out, nullable_number, unit_field)
from domain import vocabulary as v

RANGE = v.HEATMAP_STRIKE_RANGE_PERCENT


class HeatmapQuery(TickerQuery):
    greek = greek("gamma")
    kind = kind()
    expirations = choice(v.EXPIRATION_OPTIONS, "The expirations option (default ALL). " + SELECTION_RULES,
                         field="expirations", example="ALL")
    dates = DayList("SPECIFIC/MIXED: comma-separated expiration dates yyyy-MM-dd")
    from_ = Day(CUSTOM_FROM, None, name="from", data_key="from")
    to = Day(CUSTOM_TO, None, name="to")
    range = int_range(RANGE, "Strikes drawn: within this many percent below the session's lowest price and above "
                             "its highest ({0}-{1}, default {2})".format(*RANGE), field="range")
    date = NyTime(HISTORICAL_DATE)

    error_names = {"expirations": "expirations.option", "from": "expirations.from", "to": "expirations.to",
                   "dates": "expirations.dates"}

    @post_load
    def _selection(self, data, **kwargs):
        data["expirations"] = {"option": data.pop("expirations", None) or v.DEFAULT_EXPIRATION_OPTION,
                               "from": data.pop("from_", None), "to": data.pop("to", None),
                               "dates": data.pop("dates", None) or None}
        return data


class HeatmapExportQuery(HeatmapQuery):
    """The heatmap's parameters and the file's format (``/api/v1/data/export/heatmap``)."""

    format = choice(("parquet", "arrow"), "parquet (default) or arrow (Arrow IPC stream)", "parquet",
                    field="format")


class StrikeRange(Schema):
    percent = fields.Integer(required=True, metadata={"description": "the request's range, in percent"})
    low = nullable_number("lowest strike drawn: the session's lowest price less the range")
    high = nullable_number("highest strike drawn: the session's highest price plus the range")


class HeatmapAnswer(SnapshotAnswer):
    ticker = fields.String(required=True)
    greek = greek_out()
    kind = kind_out()
    expirations = fields.List(fields.String(), required=True,
                              metadata={"description": "the expirations summed (resolved at the latest snapshot)"})
    times = fields.List(fields.String(), required=True,
                        metadata={"description": "snapshot times of the session up to the answer's snapshot, "
                                                 "ISO-8601 UTC, oldest first (the matrix's rows)"})
    strikes = fields.List(fields.Float(), required=True,
                          metadata={"description": "strikes in the range, ascending (the matrix's columns)"})
    values = fields.List(fields.List(fields.Float(allow_none=True)), required=True, metadata={
        "description": "values[i][j]: dealer exposure at times[i] and strikes[j] (calls + puts of the kind over "
                       "the expirations, as the exposure chart), in unit; null where that snapshot lists no "
                       "contract at that strike"})
    spot = fields.List(fields.Float(allow_none=True), required=True,
                       metadata={"description": "underlying price at each of times"})
    currentPrice = nullable_number()
    strikeRange = fields.Nested(StrikeRange, required=True)
    unit = unit_field()
