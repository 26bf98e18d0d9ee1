"""Request and response schemas of the data routes (they document the OpenAPI answers and examples).

Inputs are declared loosely (text) and validated by ``api.data.service`` so every failure carries a
clear sentence naming the field; unknown query parameters are ignored.
"""

from __future__ import annotations

from marshmallow import EXCLUDE, INCLUDE, Schema, fields

LAST_MODIFIED = "2026-01-02T15:05:00Z"


class _Query(Schema):
    class Meta:
        unknown = EXCLUDE


class _Body(Schema):
    class Meta:
        unknown = INCLUDE


def _text(description: str, example=None, **kw) -> fields.String:
    md = {"description": description}
    if example is not None:
        md["example"] = example
    return fields.String(metadata=md, **kw)


# ---------------------------------------------------------------- queries


class TickerQuery(_Query):
    ticker = _text("Underlying symbol in the universe", "SPX")
    date = _text("Historical mode: New York time 'yyyy-MM-dd HH:mm' (or a day 'yyyy-MM-dd' for its last "
                 "snapshot); the answer is the snapshot at or before it. Absent: the data the tier sees now",
                 "2026-01-02 15:05")


class TickerGreekQuery(TickerQuery):
    greek = _text("delta, gamma, vanna, charm, vega, theta, vomma, rho or dag", "gamma")


class TickerGreekKindQuery(TickerGreekQuery):
    kind = _text("both (default), call or put", "both")


class TickersQuery(_Query):
    type = _text("regular (default), 0dte or all", "regular")
    tickerType = _text("Alias of type", "regular")


class ExpirationsQuery(_Query):
    ticker = _text("Symbol; empty or null for a mixed widget group (generic expirations)", "SPX",
                   allow_none=True)
    tickers = _text("Comma-separated symbols of a mixed group (union of their expirations)", "SPX,QQQ")
    date = _text("Historical session date yyyy-MM-dd (default: the data the tier sees now)", "2026-01-02")


class CandlesQuery(TickerQuery):
    frequency = _text("Candle length in minutes: 1, 5, 10 (default), 15, 30 or 60", "10")


class ExposureQuery(TickerGreekKindQuery):
    expirations = _text("Expiration option (ALL, TODAY, THIS_WEEK, CUSTOM, SPECIFIC, ...)", "ALL")
    option = _text("Alias of expirations", "ALL")
    tickerType = _text("all (default) or 0dte: restrict to today's expiration", "all")
    dates = _text("SPECIFIC/MIXED: comma-separated yyyy-MM-dd", "2026-01-16,2026-02-20")
    isCumulative = _text("true for a running sum over strikes", "false")
    date = _text("Session date yyyy-MM-dd for daily exposure (default: latest)", "2026-01-02")
    from_ = _text("CUSTOM: first expiration date yyyy-MM-dd", "2026-01-05", data_key="from")
    to = _text("CUSTOM: last expiration date yyyy-MM-dd", "2026-01-30")


class DaysQuery(TickerQuery):
    days = _text("Calendar days of history (1-400, default 30)", "30")


class StrikeListQuery(TickerGreekKindQuery):
    limit = _text("Number of strikes (1-100, default 10)", "10")


class TimesQuery(TickerQuery):
    date = _text("Session date yyyy-MM-dd", "2026-01-02")


# ---------------------------------------------------------------- bodies


class ExpirationsSelection(_Body):
    option = _text("ALL, MIXED, CUSTOM, SPECIFIC, TODAY, TOMORROW, DAY_AFTER_TOMORROW, THIS_WEEK, NEXT_WEEK, "
                   "THIRTY_NEXT_DAYS, THIRD_FRIDAY, THIS_MONTH, NEXT_MONTH, THIS_YEAR, NEXT_YEAR", "THIS_WEEK")
    from_ = _text("CUSTOM: first date yyyy-MM-dd", "2026-01-05", data_key="from", allow_none=True)
    to = _text("CUSTOM: last date yyyy-MM-dd", "2026-01-30", allow_none=True)
    dates = fields.List(fields.String(), allow_none=True, metadata={"example": ["2026-01-16"]})


class ExposureBody(_Body):
    ticker = fields.Raw(metadata={"example": "SPX"})
    greek = fields.Raw(metadata={"example": "charm"})
    kind = fields.Raw(metadata={"example": "both"})
    expirations = fields.Raw(metadata={"example": {"option": "THIS_WEEK", "from": None, "to": None,
                                                   "dates": []}})
    isCumulative = fields.Raw(metadata={"example": False})


class HistoricalBody(ExposureBody):
    date = fields.Raw(metadata={"description": "New York time 'yyyy-MM-dd HH:mm'", "example": "2026-01-02 15:05"})


class SurfaceBody(_Body):
    ticker = fields.Raw(metadata={"example": "SPX"})
    greek = fields.Raw(metadata={"description": "iv or a greek", "example": "iv"})
    kind = fields.Raw(metadata={"example": "both"})
    date = fields.Raw(metadata={"description": "Historical mode: New York time 'yyyy-MM-dd HH:mm'; absent: live",
                                "example": "2026-01-02 15:05"})


class PriceRange(_Body):
    min = fields.Float(allow_none=True, metadata={"example": 0})
    max = fields.Float(allow_none=True, metadata={"example": 500})


class ScreenerBody(_Body):
    flag = fields.Raw(metadata={"description": "diff (Differences), mag (Magnitude), norm (Relative Change)",
                                "example": "norm"})
    length = fields.Raw(metadata={"description": "10, 25, 50 or 100", "example": 25})
    superlative = fields.Raw(metadata={"description": "least or greatest absolute change", "example": "greatest"})
    greek = fields.Raw(metadata={"description": "delta, gamma, theta, vanna, vega or price", "example": "gamma"})
    timeFrame = fields.Raw(metadata={"description": "day, week, month, three_months or year (legacy: time_frame)",
                                     "example": "three_months"})
    stockPriceRange = fields.Raw(metadata={"example": {"min": 0, "max": 500}})


# ---------------------------------------------------------------- answers


class _Answer(Schema):
    """Every data answer object starts with where its numbers come from (data.store.provenance.stamp)."""

    source = fields.String(metadata={"description": "Id of the data source the numbers come from"})
    sourceDelay = fields.Integer(allow_none=True, metadata={"description": "Delay of that source in seconds "
                                                                           "(null when not known)"})


class TickersAnswer(_Answer):
    tickers = fields.List(fields.String())


class GreeksAnswer(_Answer):
    greeks = fields.List(fields.String())


class ExpirationsAnswer(_Answer):
    expirations = fields.List(fields.String())


class UnitConversion(Schema):
    to = fields.String(metadata={"description": "the other convention"})
    factor = fields.Float(allow_none=True, metadata={
        "description": "multiply the served figure by this to get it in `to` (evaluated at currentPrice)"})
    rule = fields.String(metadata={"description": "the factor as a formula of spot S"})


class Unit(Schema):
    unit = fields.String(metadata={"description": "unit of every figure of this greek in the answer "
                                                  "(docs/methodology.md §3.1)"})
    conversions = fields.List(fields.Nested(UnitConversion))


def _units_field():
    return fields.Dict(keys=fields.String(), values=fields.Nested(Unit),
                       metadata={"description": "unit of each figure of the answer, by field name"})


class Levels(Schema):
    zeroGamma = fields.Float(allow_none=True)
    callWall = fields.Float(allow_none=True)
    putWall = fields.Float(allow_none=True)


class ExposurePoint(Schema):
    strike = fields.Float()
    value = fields.Float()
    call = fields.Float()
    put = fields.Float()


class ExpectedMove(Schema):
    days = fields.Integer(metadata={"description": "calendar days to the expiration used (nearest to 30)"})
    iv = fields.Float(metadata={"description": "IV (per 1.00) of the strike nearest spot on that expiration"})
    points = fields.Float(metadata={"description": "spot · iv · √(days/365), in price points"})


class ExposureAnswer(_Answer):
    ticker = fields.String()
    greek = fields.String()
    kind = fields.String()
    isCumulative = fields.Boolean()
    data = fields.List(fields.Nested(ExposurePoint))
    expirations = fields.List(fields.String())
    currentPrice = fields.Float(allow_none=True)
    expectedMove = fields.Nested(ExpectedMove, allow_none=True, metadata={
        "description": "one-standard-deviation move over ~30 days; sizes the chart's default strike range"})
    unit = fields.Nested(Unit)
    lastModified = fields.String()
    levels = fields.Nested(Levels)


EXPOSURE_EXAMPLE = {
    "ticker": "SPX", "greek": "charm", "kind": "both", "isCumulative": False,
    "data": [{"strike": 5900.0, "value": -1.52e8, "call": -4.1e7, "put": -1.11e8},
             {"strike": 5905.0, "value": 2.3e7, "call": 3.0e7, "put": -7.0e6}],
    "expirations": ["2026-01-02", "2026-01-05"], "currentPrice": 5903.2, "lastModified": LAST_MODIFIED,
    "levels": {"zeroGamma": 5880.0, "callWall": 6000.0, "putWall": 5800.0},
}


class SummaryAnswer(_Answer):
    price = fields.Float(allow_none=True)
    previousClose = fields.Float(allow_none=True)
    vix = fields.Float(allow_none=True)
    previousVix = fields.Float(allow_none=True)
    notionalVolume = fields.Float(allow_none=True)
    vannaStochastic = fields.Float(allow_none=True)
    units = _units_field()
    lastModified = fields.String()


class AggregateAnswer(_Answer):
    greek = fields.String()
    aggregate = fields.Float(allow_none=True)
    unit = fields.Nested(Unit)
    lastModified = fields.String()


class Candle(Schema):
    t = fields.String()
    open = fields.Float()
    high = fields.Float()
    low = fields.Float()
    close = fields.Float()


class CandlesAnswer(_Answer):
    candles = fields.List(fields.Nested(Candle))
    frequency = fields.Integer()
    lastModified = fields.String()


class PlaneAnswer(_Answer):
    times = fields.List(fields.String())
    strikes = fields.List(fields.Float())
    z = fields.List(fields.List(fields.Float(allow_none=True)))
    currentPrice = fields.Float(allow_none=True)
    lastModified = fields.String()


class SurfaceAnswer(_Answer):
    greek = fields.String()
    kind = fields.String()
    expirations = fields.List(fields.String())
    strikes = fields.List(fields.Float())
    z = fields.List(fields.List(fields.Float(allow_none=True)))
    currentPrice = fields.Float(allow_none=True)
    unit = fields.Nested(Unit)
    lastModified = fields.String()


class ScatterPoint(Schema):
    x = fields.Float()
    y = fields.Float()
    date = fields.String()


class XY(Schema):
    x = fields.Float()
    y = fields.Float()


class ScatterAnswer(_Answer):
    rValue = fields.Float(allow_none=True)
    slope = fields.Float(allow_none=True, metadata={"description": "VIX points per 1 % move (OLS)"})
    intercept = fields.Float(allow_none=True, metadata={"description": "VIX points at a 0 % move (OLS)"})
    currentRatio = fields.Float(allow_none=True)
    scatterPoints = fields.List(fields.Nested(ScatterPoint))
    currentPoint = fields.Nested(XY, allow_none=True)
    lastModified = fields.String()


class TrendPoint(Schema):
    x = fields.String()
    y = fields.Float()


class TrendAnswer(_Answer):
    greek = fields.String()
    trend = fields.List(fields.Nested(TrendPoint))
    historicalAverage = fields.Float(allow_none=True)
    currentAggregate = fields.Float(allow_none=True)
    unit = fields.Nested(Unit)
    lastModified = fields.String()


class PremiumAnswer(_Answer):
    dealerPremium = fields.Float(allow_none=True)
    zeroDteDealerPremium = fields.Float(allow_none=True)
    units = _units_field()
    lastModified = fields.String()


class LiquidityAnswer(_Answer):
    deltaAdjustedDealerSpread = fields.Float(allow_none=True)
    dayToDayDeltaAdjustedDealerSpread = fields.Float(allow_none=True)
    deltaAdjustedDealerPremium = fields.Float(allow_none=True)
    units = _units_field()
    lastModified = fields.String()


class ZeroDteAnswer(_Answer):
    paradigm = fields.String()
    target = fields.Float(allow_none=True)
    lis = fields.Raw(metadata={"description": "one level, or [low, high] for BofA/SIDIAL paradigms"})
    zerodte_agg_charm = fields.Float(allow_none=True)
    total_0dte_opt_vol = fields.Float(allow_none=True)
    units = _units_field()
    lastModified = fields.String()


class ParadigmAnswer(_Answer):
    paradigm = fields.String()
    target = fields.Float(allow_none=True)
    lis = fields.Raw()
    lastModified = fields.String()


class StrikeValue(Schema):
    strike = fields.Float()
    value = fields.Float()


class CharmBalanceAnswer(_Answer):
    data = fields.List(fields.Nested(StrikeValue))
    aggregate = fields.Float()
    currentPrice = fields.Float(allow_none=True)
    unit = fields.Nested(Unit)
    lastModified = fields.String()


class ScreenerAnswer(_Answer):
    results = fields.List(fields.String(), metadata={"example": ["NVDA:1.254", "TSLA:0.981"]})
    flag = fields.String()
    greek = fields.String()
    timeFrame = fields.String()
    superlative = fields.String()
    length = fields.Integer()


class DatesAnswer(_Answer):
    available_dates = fields.List(fields.String())


class TimesAnswer(_Answer):
    available_time = fields.List(fields.String())


class NextRefreshAnswer(_Answer):
    tier = fields.String()
    nextRefresh = fields.String()
    lastRefresh = fields.String()
    serverTime = fields.String()
    marketTime = fields.String()
    marketNextRefresh = fields.String()
    marketLastRefresh = fields.String()
    secondsToNextRefresh = fields.Integer()
    replay = fields.Boolean()
    stalled = fields.Boolean(metadata={"description": "Market open and no snapshot published for two 5-minute "
                                                      "refreshes (plus the Live offset)"})
    lastPublished = fields.String(allow_none=True, metadata={"description": "Newest published snapshot "
                                                                            "(market time, ISO UTC)"})
    stalledSince = fields.String(allow_none=True, metadata={"description": "Market time the stall began"})


class StatsAnswer(Schema):
    totalTrades = fields.Integer()
    currentOpenTrades = fields.Integer()
    numberTickers = fields.Integer()


class AggCharmPoint(Schema):
    t = fields.String()
    aggregate = fields.Float(allow_none=True)
    zeroDte = fields.Float(allow_none=True)


class AggCharmAnswer(_Answer):
    greek = fields.String()
    aggregate = fields.Float(allow_none=True)
    zerodte_agg_charm = fields.Float(allow_none=True)
    series = fields.List(fields.Nested(AggCharmPoint))
    unit = fields.Nested(Unit)
    lastModified = fields.String()


class EodRow(Schema):
    date = fields.String()
    close = fields.Float(allow_none=True)
    vixClose = fields.Float(allow_none=True)
    aggregates = fields.Dict(keys=fields.String(), values=fields.Float(allow_none=True))


class EodAnswer(_Answer):
    ticker = fields.String()
    eod = fields.List(fields.Nested(EodRow))
    units = _units_field()
    lastModified = fields.String()


class StrikeListAnswer(_Answer):
    greek = fields.String()
    kind = fields.String()
    strikes = fields.List(fields.Nested(StrikeValue))
    currentPrice = fields.Float(allow_none=True)
    levels = fields.Nested(Levels)
    unit = fields.Nested(Unit)
    lastModified = fields.String()


class IvVannaPoint(Schema):
    strike = fields.Float()
    value = fields.Float()
    vanna = fields.Float(allow_none=True)
    iv = fields.Float()


class IvVannaAnswer(_Answer):
    kind = fields.String()
    ivShock = fields.Float()
    data = fields.List(fields.Nested(IvVannaPoint))
    currentPrice = fields.Float(allow_none=True)
    unit = fields.Nested(Unit)
    lastModified = fields.String()


class DailyExposureAnswer(ExposureAnswer):
    date = fields.String()
