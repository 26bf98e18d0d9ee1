"""Key levels request and answer: one row per ticker of a list (the key levels widget's configuration)."""

from __future__ import annotations

from marshmallow import Schema, ValidationError, fields, validates

from api.data.fields import NyTime, RequestSchema, TickerList
from api.data.schemas import HISTORICAL_DATE, Answer, nullable_number, units_field
from domain import vocabulary as v

EMPTY_LIST_MESSAGE = "List at least one ticker."


_TICKER = v.TICKER_PATTERN[1:-1]
#: 1 to MAX_MIXED_TICKERS comma-separated symbols (the shared list pattern also allows the empty text).
TICKERS_PATTERN = rf"^{_TICKER}(,{_TICKER}){{0,{v.MAX_MIXED_TICKERS - 1}}}$"


class NonEmptyTickerList(TickerList):
    """``TickerList`` that needs at least one symbol, as its pattern states."""

    def __init__(self, description: str, **kwargs):
        super().__init__(description, **kwargs)
        self.metadata = {**self.metadata, "pattern": TICKERS_PATTERN}


class KeyLevelsQuery(RequestSchema):
    tickers = NonEmptyTickerList(f"The tickers of the list, comma-separated (1 to {v.MAX_MIXED_TICKERS}; a "
                                 "ticker named twice is answered once)", required=True)
    date = NyTime(HISTORICAL_DATE)

    @validates("tickers")
    def _not_empty(self, value, **kwargs):
        if not value:
            raise ValidationError(EMPTY_LIST_MESSAGE)


def _number(description: str):
    return nullable_number(description)


class KeyLevelsRow(Schema):
    ticker = fields.String(required=True)
    lastModified = fields.String(required=True, allow_none=True, metadata={
        "description": "Time of the ticker's snapshot (ISO-8601 UTC); null when the ticker has none (see note)"})
    previousCloseAt = fields.String(required=True, allow_none=True, metadata={
        "description": "Time of the previous session's close snapshot the changes are measured from; null "
                       "when that session was not published"})
    note = fields.String(required=True, allow_none=True, metadata={
        "description": "Why the row has no figures (no data published for the ticker at that time), else null"})
    zeroDte = fields.Boolean(required=True, metadata={
        "description": "The snapshot's session has an expiration of the ticker (target and LIS apply)"})
    spot = _number("Underlying price at the snapshot (price points)")
    spotChange = _number("spot − spot at the previous close (price points)")
    callWall = _number("Call wall (methodology §4.9), price points")
    callWallChange = _number("Change since the previous close, price points")
    putWall = _number("Put wall (methodology §4.9), price points")
    putWallChange = _number("Change since the previous close, price points")
    zeroGamma = _number("Zero gamma level (methodology §4.9), price points")
    zeroGammaChange = _number("Change since the previous close, price points")
    target = _number("0DTE target (methodology §4.5), price points; null without one")
    targetChange = _number("target − the previous session's last 0DTE target before its close, price points")
    lis = fields.List(fields.Float(), required=True, metadata={
        "description": "0DTE LIS (methodology §4.5): none, one level, or the two ends of a range, ascending"})
    lisChange = fields.List(fields.Float(), required=True, allow_none=True, metadata={
        "description": "Change of each LIS since the previous session's last 0DTE reading before its close "
                       "(same count of levels), else null"})
    expectedMove = _number("At-the-money straddle of the nearest expiration (methodology §4.13), price points")
    expectedMovePercent = _number("expectedMove as % of spot")
    expectedMoveChange = _number("Change of expectedMove since the previous close, price points")
    expectedMoveExpiration = fields.String(required=True, allow_none=True, metadata={
        "description": "The expiration of the straddle (yyyy-MM-dd)"})
    expectedMoveStrike = _number("The straddle's strike")


class KeyLevelsAnswer(Answer):
    rows = fields.List(fields.Nested(KeyLevelsRow), required=True)
    lastModified = fields.String(required=True, allow_none=True, metadata={
        "description": "Newest snapshot time of the rows (ISO-8601 UTC); null when no row has data"})
    units = units_field()
