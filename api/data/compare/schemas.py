"""What-changed requests and answers: the exposure chart's request plus the snapshot it is compared with."""

from __future__ import annotations

from marshmallow import Schema, ValidationError, fields, validates_schema

from api.data.fields import Flag, NullableNested, NyTime, choice
from api.data.schemas import ExposureAnswer, ExposureBody
from domain.vocabulary import COMPARE_WITH

COMPARE_TIME_TEXT = "'compareTime' must be written 'yyyy-MM-dd HH:mm' (New York time)."


class ExposureChangeBody(ExposureBody):
    date = NyTime("Historical mode: the compared ('now') snapshot is the one at or before this New York time "
                  "'yyyy-MM-dd HH:mm' (a day alone: its last snapshot); absent: the tier's latest",
                  allow_none=True, load_default=None)
    compareWith = choice(COMPARE_WITH, "The earlier snapshot ('then'): previous = the one before 'now'; open = "
                                       "the first of 'now''s session at or after the open; previous_close = the "
                                       "last at or before the previous session's close; time = the one at or "
                                       "before compareTime (docs/methodology.md §4.10)",
                         required=True, field="compareWith", example="previous_close",
                         error_messages={"required": "'compareWith' is required (previous, open, previous_close "
                                                     "or time)."})
    compareTime = NyTime("New York time 'yyyy-MM-dd HH:mm' of the same or an earlier session (a day alone: its last "
                         "snapshot), not after 'now' nor after the tier's latest refresh; required when compareWith "
                         "is time",
                         allow_none=True, load_default=None,
                         error_messages={"invalid_time": COMPARE_TIME_TEXT, "null": COMPARE_TIME_TEXT})
    profiles = Flag("true to add both profiles (the values at 'now' and at 'then') to the answer (default false)",
                    error_messages={"invalid": "'profiles' must be true or false."})

    @validates_schema
    def _time_needs_a_time(self, data, **kwargs):
        if data.get("compareWith") == "time" and not data.get("compareTime"):
            raise ValidationError("'compareTime' is required when compareWith is time.", "compareTime")


class ComparedSnapshot(Schema):
    lastModified = fields.String(required=True, metadata={"description": "Time of the earlier snapshot "
                                                                         "(ISO-8601 UTC)"})
    currentPrice = fields.Float(required=True, allow_none=True, metadata={"description": "Its spot price"})


class Profiles(Schema):
    now = fields.List(fields.Float(), required=True, metadata={
        "description": "the exposure at 'now' at each strike of data, in the answer's unit"})
    then = fields.List(fields.Float(), required=True, metadata={
        "description": "the exposure at 'then' at each strike of data, in the answer's unit"})


class ExposureChangeAnswer(ExposureAnswer):
    """The exposure answer of 'now' (price, levels, unit, expected move, expirations, lastModified) whose
    ``data`` are the per-strike differences now − then."""

    compareWith = fields.String(required=True, metadata={"description": "The comparison asked for"})
    then = fields.Nested(ComparedSnapshot, required=True, metadata={"description": "The earlier snapshot"})
    profiles = NullableNested(Profiles, required=True, metadata={
        "description": "Both profiles, aligned with data (null unless asked with profiles=true)"})


CHANGE_EXAMPLE = {
    "ticker": "SPX", "greek": "gamma", "kind": "both", "isCumulative": False,
    "data": [{"strike": 5900.0, "value": -2.1e8, "call": -4.0e7, "put": -1.7e8},
             {"strike": 5905.0, "value": 3.0e7, "call": 3.2e7, "put": -2.0e6}],
    "expirations": ["2026-01-02", "2026-01-05"], "currentPrice": 5903.2, "lastModified": "2026-01-02T19:00:00Z",
    "levels": {"zeroGamma": 5880.0, "callWall": 6000.0, "putWall": 5800.0},
    "compareWith": "time", "then": {"lastModified": "2026-01-02T18:30:00Z", "currentPrice": 5897.4},
    "profiles": None,
}
