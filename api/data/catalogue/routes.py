"""Catalogue routes: which tickers, greeks and expirations exist, and when the tier's data next changes."""

from __future__ import annotations

from flask import g

from api.data import service as svc
from api.data.catalogue import schemas as s
from api.data.catalogue import service
from api.data.data_route import UNKNOWN_TICKER, Cached, DataRequest, data_route
from domain import vocabulary as v


@data_route("/volland-live-api-tickers", query=s.TickersQuery, answer=s.TickersAnswer,
            example={"tickers": ["AAPL", "QQQ", "SPX", "SPY"]})
def tickers(req: DataRequest):
    """Tickers with data, by type: regular (default), 0dte (an expiration today) or all"""
    return service.tickers(req.ctx, req.args.get("type") or req.args.get("tickerType") or "regular")


@data_route("/volland-live-api-greeks", answer=s.GreeksAnswer, example={"greeks": list(v.GREEKS)})
def greeks(req: DataRequest):
    """The greeks every exposure route accepts"""
    return {"greeks": list(v.GREEKS)}


@data_route("/volland-live-api-expirations", query=s.ExpirationsQuery, answer=s.ExpirationsAnswer,
            example={"expirations": ["2026-01-02", "2026-01-05", "2026-01-16"]},
            responses=[(404, "No data published for a ticker (on the requested date)"),
                       UNKNOWN_TICKER])
def expirations(req: DataRequest):
    """Expirations of a ticker (the tier's current snapshot, or the last one of ``date``).

    A null or empty ticker is a mixed widget group: the answer is the union of ``tickers`` or, without
    them, the generic index expirations (every trading day for 45 days, then monthly).
    """
    args, ctx = req.args, req.ctx
    day = args.get("date")
    ticker = args.get("ticker")
    if ticker is None:
        names = [svc.known_ticker(t, "tickers") for t in args.get("tickers") or []]
        if not names:
            return service.generic_expirations(day, ctx)
        snaps = [service.snapshot_for(t, day, ctx) for t in names]
        return Cached("expirations-mixed", {"tickers": names}, [x.snapshot_id for x in snaps],
                      lambda: service.expirations(snaps))
    snap = service.snapshot_for(svc.known_ticker(ticker), day, ctx)
    return Cached("expirations", {"ticker": ticker}, [snap.snapshot_id], lambda: service.expirations([snap]))


@data_route("/next-refresh", answer=s.NextRefreshAnswer, example={
    "tier": "live", "nextRefresh": "2026-01-02T15:10:30Z", "lastRefresh": "2026-01-02T15:05:30Z",
    "serverTime": "2026-01-02T15:07:12Z", "marketTime": "2026-01-02T15:07:12Z",
    "marketNextRefresh": "2026-01-02T15:10:30Z", "marketLastRefresh": "2026-01-02T15:05:30Z",
    "secondsToNextRefresh": 198, "replay": False, "stalled": False, "lastPublished": "2026-01-02T15:05:00Z",
    "stalledSince": None})
def next_refresh(req: DataRequest):
    """When the tier's data next changes (wall-clock ISO UTC) for the header countdown, and whether the
    snapshot refresh is stalled (market open, nothing published for two 5-minute refreshes)"""
    return service.next_refresh(g.data_tier)
