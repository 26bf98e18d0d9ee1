"""Per-ticker statistics routes: summary, aggregate greeks, dealer premium, liquidity, charm, end of day."""

from __future__ import annotations

from api.data.data_route import Cached, DataRequest, data_route
from api.data.schemas import LAST_MODIFIED as LM
from api.data.schemas import SnapshotGreekQuery, SnapshotQuery
from api.data.summary import schemas as s
from api.data.summary import service


@data_route("/volland-live-api-summary", query=SnapshotQuery, answer=s.SummaryAnswer,
            example={"price": 5903.2, "previousClose": 5881.6, "vix": 15.8, "previousVix": 16.4,
                     "notionalVolume": 8.7e9, "vannaStochastic": 0.42, "lastModified": LM}, snapshot="ticker")
def summary(req: DataRequest):
    """Ticker summary: price, previous close, VIX, notional volume and vanna stochastic"""
    return Cached("summary", {"t": req.ticker}, [req.snap.snapshot_id], lambda: service.summary(req.snap))


@data_route("/volland-live-api-aggregate-greeks", query=SnapshotGreekQuery, answer=s.AggregateAnswer,
            example={"greek": "vanna", "aggregate": -1.84e9, "lastModified": LM}, snapshot="ticker")
def aggregate_greeks(req: DataRequest):
    """Aggregate dealer exposure of one greek over every strike and expiration"""
    greek = req.args["greek"]
    return Cached("aggregate", {"t": req.ticker, "g": greek}, [req.snap.snapshot_id],
                  lambda: service.aggregate(req.snap, greek))


@data_route("/volland-live-api-premium", query=SnapshotQuery, answer=s.PremiumAnswer,
            example={"dealerPremium": -3.2e7, "zeroDteDealerPremium": -4.1e6, "lastModified": LM},
            snapshot="ticker")
def premium(req: DataRequest):
    """Dealer premium, all expirations and 0DTE"""
    return Cached("premium", {"t": req.ticker}, [req.snap.snapshot_id], lambda: service.premium(req.snap))


@data_route("/volland-live-api-dealer-liquidity", query=SnapshotQuery, answer=s.LiquidityAnswer,
            example={"deltaAdjustedDealerSpread": 1.4e8, "dayToDayDeltaAdjustedDealerSpread": -2.0e7,
                     "deltaAdjustedDealerPremium": 5.5e7, "lastModified": LM}, snapshot="ticker")
def dealer_liquidity(req: DataRequest):
    """Delta-adjusted dealer spread (and its day-to-day change) and delta-adjusted dealer premium"""
    return Cached("liquidity", {"t": req.ticker}, [req.snap.snapshot_id], lambda: service.liquidity(req.snap))


@data_route("/volland-live-api-agg_charm", query=SnapshotQuery, answer=s.AggCharmAnswer,
            example={"greek": "charm", "aggregate": -2.1e8, "zerodte_agg_charm": -6.5e7,
                     "series": [{"t": "2026-01-02T14:30:00Z", "aggregate": -1.9e8, "zeroDte": -5.0e7}],
                     "lastModified": LM}, snapshot="ticker")
def agg_charm(req: DataRequest):
    """Aggregate charm (all expirations and 0DTE) now and through the session so far"""
    return Cached("agg-charm", {"t": req.ticker}, [req.snap.snapshot_id], lambda: service.agg_charm(req.snap))


@data_route("/volland-live-api-eod", query=s.EodQuery, answer=s.EodAnswer,
            example={"ticker": "SPX", "eod": [{"date": "2025-12-31", "close": 5881.6, "vixClose": 16.4,
                                               "aggregates": {"gamma": 2.2e9}}], "lastModified": LM},
            snapshot="ticker")
def eod(req: DataRequest):
    """End-of-day closes, VIX closes and greek aggregates for the last ``days`` calendar days"""
    days = req.args["days"]
    return Cached("eod", {"t": req.ticker, "d": days}, [req.snap.snapshot_id], lambda: service.eod(req.snap, days))
