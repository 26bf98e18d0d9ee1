"""Flow routes: volume and open interest by strike, the put/call balance and the prints tape."""

from __future__ import annotations

from api.data.data_route import Cached, DataRequest, data_route
from api.data.exposure.routes import SELECTION_REFUSED
from api.data.flow import schemas as s
from api.data.flow import service
from api.data.schemas import LAST_MODIFIED

VOLUME_OI_EXAMPLE = {
    "ticker": "SPX", "expirations": ["2026-01-02"], "strikes": [5900.0, 5905.0],
    "callVolume": [1200.0, 860.0], "putVolume": [2100.0, 400.0], "callOpenInterest": [15000.0, 9000.0],
    "putOpenInterest": [22000.0, 7000.0], "callOpenInterestChange": [300.0, None],
    "putOpenInterestChange": [-150.0, None], "previousSnapshot": "2026-01-01T21:00:00Z",
    "totals": {"callVolume": 2060.0, "putVolume": 2500.0, "callOpenInterest": 24000.0, "putOpenInterest": 29000.0,
               "volumeRatio": 1.21, "openInterestRatio": 1.21},
    "currentPrice": 5903.2, "strikeRange": {"percent": 10, "low": 5312.88, "high": 6493.52},
    "lastModified": LAST_MODIFIED,
}

_SESSION = {"session": "2026-01-02", "times": ["2026-01-02T14:30:00Z", "2026-01-02T14:35:00Z"],
            "call": {"volume": [1200.0, 900.0], "premium": [2.1e6, 1.4e6], "dealerPremium": [1.0e5, -2.0e4]},
            "put": {"volume": [1500.0, 700.0], "premium": [2.6e6, 0.9e6], "dealerPremium": [-3.0e4, 5.0e4]},
            "totals": {"callVolume": 2100.0, "putVolume": 2200.0, "callPremium": 3.5e6, "putPremium": 3.5e6,
                       "callDealerPremium": 8.0e4, "putDealerPremium": 2.0e4, "volumeRatio": 1.05,
                       "premiumRatio": 1.0}}
BALANCE_EXAMPLE = {"ticker": "SPX", "bucketMinutes": 5, "current": _SESSION, "previous": None,
                   "lastModified": LAST_MODIFIED}

TAPE_EXAMPLE = {
    "ticker": "SPX", "session": "2026-01-02", "expirations": None, "total": 1, "page": 1, "pageSize": 50,
    "prints": [{"ts": "2026-01-02T15:01:12Z", "expiration": "2026-01-16", "strike": 5800.0, "right": "P",
                "size": 500, "price": 31.2, "bid": 31.0, "ask": 31.4, "premium": 1560000.0, "customerSide": "buy",
                "dealerSide": "sell", "legs": "single", "condition": "single", "packageId": None}],
    "lastModified": LAST_MODIFIED,
}


@data_route("/volland-live-api-volume-oi", query=s.VolumeOiQuery, answer=s.VolumeOiAnswer,
            example=VOLUME_OI_EXAMPLE, snapshot="ticker", responses=[SELECTION_REFUSED])
def volume_oi(req: DataRequest):
    """Volume and open interest by strike, calls and puts, for an expirations selection, with the change of
    open interest since the previous session; live, or historical with ``date``"""
    snap, ctx = req.snap, req.ctx
    params = service.volume_oi_params(req.args, snap, ctx)
    return Cached("volume_oi", params, [snap.snapshot_id], lambda: service.volume_oi(snap, params, ctx))


@data_route("/volland-live-api-put-call", query=s.BalanceQuery, answer=s.BalanceAnswer, example=BALANCE_EXAMPLE,
            snapshot="ticker")
def put_call(req: DataRequest):
    """Put/call balance: contracts, premium and dealer-side premium of the classified prints per 5-minute
    bucket through the session, the put/call ratios, and the previous session beside; live, or historical
    with ``date``"""
    snap = req.snap
    return Cached("put_call", {"ticker": snap.ticker}, [snap.snapshot_id], lambda: service.balance(snap))


@data_route("/volland-live-api-prints", query=s.TapeQuery, answer=s.TapeAnswer, example=TAPE_EXAMPLE,
            snapshot="ticker", responses=[SELECTION_REFUSED])
def prints(req: DataRequest):
    """The session's classified prints, largest premium first (or latest first), filtered by expirations,
    minimum premium and the customer's side, one page at a time; live, or any stored session with ``date``"""
    snap, ctx = req.snap, req.ctx
    params = service.tape_params(req.args, snap, ctx)
    return Cached("prints", params, [snap.snapshot_id], lambda: service.tape(snap, params, ctx))
