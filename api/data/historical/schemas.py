"""Historical requests and answers: session dates, snapshot times and exposure at a past snapshot."""

from __future__ import annotations

from marshmallow import fields

from api.data.fields import Day, NyTime
from api.data.schemas import Answer, ExposureBody, TickerQuery


class TimesQuery(TickerQuery):
    date = Day("Session date yyyy-MM-dd", required=True,
               error_messages={"required": "'date' is required (yyyy-MM-dd)."})


class HistoricalBody(ExposureBody):
    date = NyTime("The snapshot at or before this New York time 'yyyy-MM-dd HH:mm' (or a day 'yyyy-MM-dd': "
                  "its last snapshot)", required=True)


class DatesAnswer(Answer):
    available_dates = fields.List(fields.String(), required=True)


class TimesAnswer(Answer):
    available_time = fields.List(fields.String(), required=True)
