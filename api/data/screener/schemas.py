"""Screener request and answer (the request's fields are the screener widget's configuration too)."""

from __future__ import annotations

from marshmallow import Schema, ValidationError, fields, post_load, validate, validates_schema

from api.data.fields import FiniteNumber, Nested, RequestSchema, choice, int_choice
from api.data.schemas import Answer
from domain import vocabulary as v

MIN_PRICE_MESSAGE = "Minimum stock price has to be greater or equal to 0"
MAX_PRICE_MESSAGE = "Maximum stock price has to be greater than minimal stock price"
D = v.SCREENER_DEFAULTS


class PriceRange(Nested):
    """Stock price bounds of the screened tickers; null for no bound. ``max`` must exceed ``min`` (or 0)."""

    class Meta(Nested.Meta):
        openapi = {"description": "Stock price bounds; `max` must be above `min` (a rule between two values)"}

    min = FiniteNumber("Lowest stock price (>= 0)", "stockPriceRange.min", example=0, allow_none=True,
                       load_default=None, validate=validate.Range(min=0, error=MIN_PRICE_MESSAGE))
    max = FiniteNumber("Highest stock price (> 0 and > min)", "stockPriceRange.max", example=500, allow_none=True,
                       load_default=None, validate=validate.Range(min=0, min_inclusive=False, error=MAX_PRICE_MESSAGE))

    @validates_schema(skip_on_field_errors=True)
    def _bounds(self, data, **kwargs):
        low, high = data.get("min"), data.get("max")
        if high is not None and high <= (low or 0):
            raise ValidationError(MAX_PRICE_MESSAGE, "max")


class ScreenerSettings(Schema):
    """The screener's settings with their defaults: the request of the screener route, and the stored
    configuration of a screener widget (``api.workspaces.widgets``)."""

    flag = choice(v.SCREENER_FLAGS, "diff (Differences), mag (Magnitude) or norm (Relative Change)", D["flag"],
                  field="flag")
    length = int_choice(v.SCREENER_LENGTHS, "Number of tickers: 10, 25, 50 or 100", D["length"], field="length",
                        strict=True)
    superlative = choice(v.SCREENER_SUPERLATIVES, "least or greatest absolute change", D["superlative"],
                         field="superlative")
    greek = choice(v.SCREENER_GREEKS, "delta, gamma, theta, vanna, vega or price", D["greek"], field="greek")
    timeFrame = choice(v.SCREENER_TIME_FRAMES, "day, week, month, three_months (default) or year",
                       field="timeFrame", example=D["timeFrame"])
    stockPriceRange = fields.Nested(PriceRange, load_default=lambda: {"min": None, "max": None})


class ScreenerBody(RequestSchema, ScreenerSettings):
    time_frame = choice(v.SCREENER_TIME_FRAMES, "Former name of timeFrame (timeFrame wins when both are sent)",
                        field="time_frame")

    @post_load
    def _time_frame(self, data, **kwargs):
        legacy = data.pop("time_frame", None)
        data["timeFrame"] = data.get("timeFrame") or legacy or D["timeFrame"]
        return data


class ScreenerAnswer(Answer):
    results = fields.List(fields.String(), required=True, metadata={"example": ["NVDA:1.254", "TSLA:0.981"]})
    flag = fields.String(required=True, validate=validate.OneOf(v.SCREENER_FLAGS))
    greek = fields.String(required=True, validate=validate.OneOf(v.SCREENER_GREEKS))
    timeFrame = fields.String(required=True, validate=validate.OneOf(v.SCREENER_TIME_FRAMES))
    superlative = fields.String(required=True, validate=validate.OneOf(v.SCREENER_SUPERLATIVES))
    length = fields.Integer(required=True, validate=validate.OneOf(v.SCREENER_LENGTHS))
    lastModified = fields.String(required=True, allow_none=True, metadata={
        "description": "Close of the session whose daily rows are ranked (ISO-8601 UTC): the as-of time"})
