"""Key levels route: the key levels widget's table, one row per ticker of its list."""

from __future__ import annotations

from api.data.data_route import UNKNOWN_TICKER, Cached, DataRequest, data_route
from api.data.key_levels import schemas as s
from api.data.key_levels import service
from api.data.schemas import LAST_MODIFIED as LM

EXAMPLE_ROW = {"ticker": "SPX", "lastModified": LM, "previousCloseAt": "2025-12-31T21:00:00Z", "note": None,
               "zeroDte": True, "spot": 5903.2, "spotChange": 21.6, "callWall": 6000.0, "callWallChange": 0.0,
               "putWall": 5800.0, "putWallChange": -25.0, "zeroGamma": 5871.4, "zeroGammaChange": 12.3,
               "target": 5925.0, "targetChange": None, "lis": [5880.0], "lisChange": None,
               "expectedMove": 41.8, "expectedMovePercent": 0.708, "expectedMoveChange": -3.1,
               "expectedMoveExpiration": "2026-01-02", "expectedMoveStrike": 5905.0}


@data_route("/key-levels", query=s.KeyLevelsQuery, answer=s.KeyLevelsAnswer,
            example={"rows": [EXAMPLE_ROW], "lastModified": LM, "units": {}},
            responses=[UNKNOWN_TICKER])
def key_levels(req: DataRequest):
    """Key levels of a list of tickers: spot, walls, zero gamma, 0DTE target and LIS, the straddle's expected
    move, each with its change since the previous close. A ticker without data at that time answers a row
    whose ``note`` says why"""
    tickers = service.tickers_of(req.args["tickers"])
    when = req.args.get("date")
    picks = [(t, *service.snapshot_or_note(t, when, req.ctx)) for t in tickers]
    ids = [snap.snapshot_id if snap is not None else f"{t}:none" for t, snap, _ in picks]
    params = {"tickers": tickers, "date": when}
    return Cached("key-levels", params, ids, lambda: service.key_levels(picks))
