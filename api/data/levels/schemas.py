"""Price-and-levels request and answer (docs/methodology.md §4.12)."""

from __future__ import annotations

from marshmallow import Schema, fields, post_load

from api.data.charts.schemas import Candle
from api.data.fields import NyTime, RequestSchema, Ticker, int_range
from api.data.schemas import (ALL_EXPIRATIONS, HISTORICAL_DATE, ExpirationsSelection, SnapshotAnswer,
                              nullable_number)
from api.data.levels.service import MAX_PREVIOUS_SESSIONS
from api.data.zero_dte.schemas import Lis


class PriceLevelsBody(RequestSchema):
    ticker = Ticker(required=True)
    expirations = fields.Nested(ExpirationsSelection, load_default=lambda: dict(ALL_EXPIRATIONS),
                                metadata={"description": "Whose levels (zero gamma, walls): absent means ALL"})
    previousSessions = int_range((0, MAX_PREVIOUS_SESSIONS, 0),
                                 "Earlier sessions drawn before the current one (0 to 5, default 0)",
                                 field="previousSessions")
    date = NyTime(HISTORICAL_DATE, allow_none=True)

    @post_load
    def _defaults(self, data, **kwargs):
        data["expirations"] = data.get("expirations") or dict(ALL_EXPIRATIONS)
        return data


class LevelsAt(Schema):
    t = fields.String(required=True, metadata={"description": "Snapshot time (ISO-8601 UTC)"})
    price = nullable_number("Underlying price at the snapshot (price points)")
    zeroGamma = nullable_number("Zero-gamma level of the chosen expirations (price points, §4.9)")
    callWall = nullable_number("Call wall of the chosen expirations (strike, §4.9)")
    putWall = nullable_number("Put wall of the chosen expirations (strike, §4.9)")
    target = nullable_number("0DTE paradigm's target (price points, §4.5); null without one")
    lis = Lis()


class PriceLevelsAnswer(SnapshotAnswer):
    ticker = fields.String(required=True)
    frequency = fields.Integer(required=True, metadata={"description": "Candle length in minutes (5)"})
    style = fields.String(required=True, metadata={
        "description": "candles, or line when every candle has open = high = low = close (one price per snapshot)",
        "enum": ["candles", "line"]})
    sessions = fields.List(fields.String(), required=True, metadata={
        "description": "Session dates drawn (yyyy-MM-dd, New York), oldest first; the last is the snapshot's"})
    expirations = fields.List(fields.String(), required=True, metadata={
        "description": "The expirations whose levels are drawn, as resolved on the snapshot's session"})
    zeroDte = fields.Boolean(required=True, metadata={
        "description": "The snapshot's session lists an expiration on its own date (target and LIS apply)"})
    candles = fields.List(fields.Nested(Candle), required=True)
    levels = fields.List(fields.Nested(LevelsAt), required=True, metadata={
        "description": "The levels at each snapshot, oldest first; each holds until the next snapshot"})
    currentPrice = nullable_number("Underlying price at the served snapshot (price points)")
