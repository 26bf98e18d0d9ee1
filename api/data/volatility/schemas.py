"""Volatility requests and answers: term structure, skew and IV rank with the expected move."""

from __future__ import annotations

from marshmallow import Schema, fields

from api.data.fields import Day, choice
from api.data.schemas import SnapshotAnswer, SnapshotQuery, nullable_number, units_field

DAY_TEXT = "yyyy-MM-dd"


def _day(description: str, nullable: bool = False):
    return fields.String(required=True, allow_none=nullable, metadata={"description": description, "format": "date"})


def _int(description: str):
    return fields.Integer(required=True, metadata={"description": description})


class SkewQuery(SnapshotQuery):
    expiration = Day("The expiration whose smile is drawn (default: the one nearest to 30 calendar days; an "
                     "expiration the snapshot does not list is replaced by that default)", None, name="expiration")


class VolExportQuery(SnapshotQuery):
    """A volatility answer as a file (``/api/v1/data/export/volatility``)."""

    table = choice(("term_structure", "skew", "smile", "skew_history", "iv_history", "expected_move"),
                   "Which table: term_structure, skew (by expiration), smile (of the default expiration), "
                   "skew_history, iv_history or expected_move (default term_structure)", "term_structure",
                   field="table")
    format = choice(("parquet", "arrow"), "parquet (default) or arrow (Arrow IPC stream)", "parquet", field="format")


class TermPoint(Schema):
    expiration = _day("Expiration date " + DAY_TEXT)
    days = _int("Calendar days from the snapshot's New York date to the expiration")
    forward = nullable_number("Forward S·e^((r−q)t), price points")
    atmIv = nullable_number("At-the-money IV on forward moneyness (methodology §4.17), per 1.00")
    previousClose = nullable_number("The same expiration's at-the-money IV at the previous session's close, per 1.00")
    weekAgo = nullable_number("The same expiration's at-the-money IV at the close five sessions back, per 1.00")


class TermStructureAnswer(SnapshotAnswer):
    ticker = fields.String(required=True)
    currentPrice = nullable_number()
    points = fields.List(fields.Nested(TermPoint), required=True,
                         metadata={"description": "One point per expiration of the snapshot, ascending"})
    iv30 = nullable_number("30-day constant-maturity at-the-money IV (methodology §4.19), per 1.00")
    previousCloseAt = fields.String(required=True, allow_none=True,
                                    metadata={"description": "Time of the previous close snapshot (ISO-8601 UTC)"})
    weekAgoAt = fields.String(required=True, allow_none=True,
                              metadata={"description": "Time of the close five sessions back (ISO-8601 UTC)"})
    units = units_field()


class SmilePoint(Schema):
    strike = fields.Float(required=True)
    logMoneyness = fields.Float(required=True, metadata={"description": "ln(strike / forward)"})
    delta = nullable_number("The out-of-the-money contract's delta at its IV (calls 0…1, puts −1…0)")
    iv = fields.Float(required=True, metadata={"description": "The out-of-the-money contract's IV, per 1.00"})
    side = fields.String(required=True, metadata={"description": "C (call, strike ≥ forward) or P (put)"})


class SkewRow(Schema):
    expiration = _day("Expiration date " + DAY_TEXT)
    days = _int("Calendar days to the expiration")
    atmIv = nullable_number("At-the-money IV, per 1.00")
    call25Iv = nullable_number("25-delta call IV, per 1.00")
    put25Iv = nullable_number("25-delta put IV, per 1.00")
    riskReversal = nullable_number("call25Iv − put25Iv, vol points")
    butterfly = nullable_number("(call25Iv + put25Iv)/2 − atmIv, vol points")


class SkewHistoryRow(Schema):
    date = _day("Session date " + DAY_TEXT)
    riskReversal = nullable_number("30-day constant-maturity 25-delta risk reversal at that session's close, vol points")
    butterfly = nullable_number("30-day constant-maturity 25-delta butterfly at that session's close, vol points")


class SkewAnswer(SnapshotAnswer):
    ticker = fields.String(required=True)
    expiration = _day("The expiration whose smile is drawn", nullable=True)
    expirations = fields.List(fields.String(), required=True, metadata={"description": "Every listed expiration"})
    currentPrice = nullable_number()
    forward = nullable_number("The drawn expiration's forward, price points")
    atmIv = nullable_number("The drawn expiration's at-the-money IV, per 1.00")
    smile = fields.List(fields.Nested(SmilePoint), required=True,
                        metadata={"description": "The drawn expiration's out-of-the-money IVs by strike, ascending"})
    byExpiration = fields.List(fields.Nested(SkewRow), required=True)
    riskReversal30 = nullable_number("30-day constant-maturity risk reversal now, vol points")
    butterfly30 = nullable_number("30-day constant-maturity butterfly now, vol points")
    history = fields.List(fields.Nested(SkewHistoryRow), required=True,
                          metadata={"description": "One row per published session close of the 52 weeks before "
                                                   "the snapshot's session, oldest first"})
    units = units_field()


class IvHistoryRow(Schema):
    date = _day("Session date " + DAY_TEXT)
    iv30 = nullable_number("30-day constant-maturity at-the-money IV at that session's close, per 1.00")


class ExpectedMoveRow(Schema):
    expiration = _day("Expiration date " + DAY_TEXT)
    days = _int("Calendar days to the expiration")
    strike = fields.Float(required=True, metadata={"description": "The straddle's strike (nearest to spot)"})
    call = fields.Float(required=True, metadata={"description": "The call's model price at its stored IV"})
    put = fields.Float(required=True, metadata={"description": "The put's model price at its stored IV"})
    points = fields.Float(required=True, metadata={"description": "call + put, price points"})
    percent = fields.Float(required=True, metadata={"description": "100 · points / spot, % of spot"})


class IvRankAnswer(SnapshotAnswer):
    ticker = fields.String(required=True)
    currentPrice = nullable_number()
    iv30 = nullable_number("30-day constant-maturity at-the-money IV now, per 1.00")
    ivRank = nullable_number("100·(iv30 − low)/(high − low), %")
    ivPercentile = nullable_number("Share of the history's sessions with iv30 below now, %")
    low = nullable_number("Lowest iv30 of the history and now, per 1.00")
    high = nullable_number("Highest iv30 of the history and now, per 1.00")
    sessions = _int("Sessions of the history with an iv30 (the rank's sample; up to about 252)")
    windowStart = _day("First date of the 52-week window")
    history = fields.List(fields.Nested(IvHistoryRow), required=True)
    expectedMoves = fields.List(fields.Nested(ExpectedMoveRow), required=True,
                                metadata={"description": "The at-the-money straddle of every expiration, ascending"})
    units = units_field()
