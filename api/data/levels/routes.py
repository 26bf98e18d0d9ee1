"""Price and levels: the session's candles with zero gamma, the walls and the 0DTE target and LIS as they
stood at each snapshot (docs/methodology.md §4.12)."""

from __future__ import annotations

from api.data import service as svc
from api.data.data_route import Cached, DataRequest, data_route
from api.data.exposure.routes import SELECTION_REFUSED
from api.data.levels import schemas as s
from api.data.levels import service
from api.data.schemas import LAST_MODIFIED

EXAMPLE = {
    "ticker": "SPX", "frequency": 5, "style": "candles", "sessions": ["2026-01-02"],
    "expirations": ["2026-01-02", "2026-01-05"], "zeroDte": True,
    "candles": [{"t": "2026-01-02T14:30:00Z", "open": 5890.1, "high": 5897.4, "low": 5888.0, "close": 5895.2}],
    "levels": [{"t": "2026-01-02T14:35:00Z", "price": 5895.2, "zeroGamma": 5880.0, "callWall": 6000.0,
                "putWall": 5800.0, "target": 5910.0, "lis": 5870.0}],
    "currentPrice": 5895.2, "lastModified": LAST_MODIFIED,
}


@data_route("/volland-price-levels", body=s.PriceLevelsBody, answer=s.PriceLevelsAnswer, example=EXAMPLE,
            body_example={"ticker": "SPX", "expirations": {"option": "ALL"}, "previousSessions": 1},
            snapshot="ticker", responses=[SELECTION_REFUSED])
def price_levels(req: DataRequest):
    """The session's 5-minute price candles (optionally with up to 5 earlier sessions) and, at each snapshot,
    zero gamma, call wall, put wall (of the chosen expirations) and the 0DTE target and LIS"""
    snap, ctx = req.snap, req.ctx
    historical = req.args.get("date") is not None
    params = {"ticker": snap.ticker, "previousSessions": req.args["previousSessions"], "historical": historical,
              "expirations": svc.expirations_key(req.args["expirations"], snap, ctx, historical)}
    params["selection"] = req.args["expirations"]
    key = {k: v for k, v in params.items() if k != "selection"}
    return Cached("price-levels", key, [snap.snapshot_id], lambda: service.price_levels(snap, params, ctx))
