"""Catalogue requests and answers: tickers, greeks, expirations and the refresh schedule."""

from __future__ import annotations

from marshmallow import fields, validate

from api.data.fields import Day, RequestSchema, Ticker, TickerList, choice
from api.data.schemas import Answer
from domain import vocabulary as v

_NO_TICKER = "|".join(w for w in v.NO_TICKER_WORDS if w)


class TickersQuery(RequestSchema):
    type = choice(v.TICKER_TYPES, "regular (default), 0dte or all", field="type", example="regular")
    tickerType = choice(v.TICKER_TYPES, "Alias of type", field="tickerType", example="regular")


class MaybeTicker(Ticker):
    """A ticker, or a word for "none" (empty, ``null``, ``undefined``): loaded as None."""

    def __init__(self, description: str):
        super().__init__(description, metadata={"pattern": f"^$|^({_NO_TICKER})$|{v.TICKER_PATTERN}"})

    def _deserialize(self, value, attr, data, **kwargs):
        if value in v.NO_TICKER_WORDS:
            return None
        return super()._deserialize(value, attr, data, **kwargs)


class ExpirationsQuery(RequestSchema):
    ticker = MaybeTicker("Symbol; empty, null or undefined for a mixed widget group (see tickers)")
    tickers = TickerList("Comma-separated symbols of a mixed group (union of their expirations; at most "
                         f"{v.MAX_MIXED_TICKERS})")
    date = Day("Historical session date yyyy-MM-dd (default: the data the tier sees now)")


class TickersAnswer(Answer):
    tickers = fields.List(fields.String(), required=True)


class GreeksAnswer(Answer):
    greeks = fields.List(fields.String(validate=validate.OneOf(v.GREEKS)), required=True)


class ExpirationsAnswer(Answer):
    expirations = fields.List(fields.String(), required=True)


class NextRefreshAnswer(Answer):
    tier = fields.String(required=True)
    nextRefresh = fields.String(required=True)
    lastRefresh = fields.String(required=True)
    serverTime = fields.String(required=True)
    marketTime = fields.String(required=True)
    marketNextRefresh = fields.String(required=True)
    marketLastRefresh = fields.String(required=True)
    secondsToNextRefresh = fields.Integer(required=True)
    replay = fields.Boolean(required=True)
    stalled = fields.Boolean(required=True, metadata={"description": "Market open and no snapshot published for "
                                                                     "two 5-minute refreshes (plus the Live offset)"})
    lastPublished = fields.String(required=True, allow_none=True, metadata={
        "description": "Newest snapshot the tier is served: published at or before its cut-off "
                       "(market time, ISO UTC)"})
    stalledSince = fields.String(required=True, allow_none=True, metadata={
        "description": "Market time the stall began"})
