"""Exposure routes: dealer exposure by strike (JSON body or query string), end of day, strike lists."""

from __future__ import annotations

from api.data import service as svc
from api.data.data_route import UNKNOWN_TICKER_TEXT, Cached, DataRequest, data_route
from api.data.exposure import schemas as s
from api.data.exposure import service
from api.data.schemas import EXPOSURE_EXAMPLE, LAST_MODIFIED, ExposureAnswer, ExposureBody, ExposureQuery

SELECTION_REFUSED = (422, f"Invalid parameters (validation_error), {UNKNOWN_TICKER_TEXT}, or an "
                          "expirations selection the grammar refuses (SPECIFIC without dates, CUSTOM without "
                          "'from'/'to', a range ending before it starts or, live, before the session date)")


@data_route("/volland-exposure", body=ExposureBody, answer=ExposureAnswer, example=EXPOSURE_EXAMPLE,
            body_example={"ticker": "SPX", "greek": "charm", "kind": "both",
                          "expirations": {"option": "THIS_WEEK"}, "isCumulative": False},
            snapshot="ticker", responses=[SELECTION_REFUSED])
def exposure_post(req: DataRequest):
    """Dealer exposure by strike for a greek, kind and expirations selection (optionally cumulative)"""
    snap, ctx = req.snap, req.ctx
    params = svc.exposure_params(req.args, snap, ctx)
    return Cached("exposure", params, [snap.snapshot_id], lambda: svc.exposure_compute(snap, params, ctx))


@data_route("/volland-live-api-exposure", query=ExposureQuery, answer=ExposureAnswer, example=EXPOSURE_EXAMPLE,
            snapshot="ticker", responses=[SELECTION_REFUSED])
def exposure_get(req: DataRequest):
    """Query-string form of volland-exposure (``expirations`` is the option; CUSTOM uses ``from``/``to``,
    SPECIFIC uses comma-separated ``dates``; ``tickerType=0dte`` keeps today's expiration only)"""
    snap, ctx = req.snap, req.ctx
    params = svc.exposure_params(req.args, snap, ctx)
    only = None
    if req.args["tickerType"] == "0dte":
        svc.check_zero_dte(req.ticker, ctx)
        only = [svc.session_day(snap)]
        params["zeroDte"] = True
    return Cached("exposure", params, [snap.snapshot_id], lambda: svc.exposure_compute(snap, params, ctx, only))


@data_route("/volland-api-daily-exposure", query=s.DailyExposureQuery, answer=s.DailyExposureAnswer,
            example={**EXPOSURE_EXAMPLE, "date": "2026-01-02"}, snapshot="ticker")
def daily_exposure(req: DataRequest):
    """Exposure over all expirations at the last snapshot of a session (``date``, default the latest)"""
    greek, kind = req.args["greek"], req.args["kind"]
    return Cached("daily-exposure", {"t": req.ticker, "g": greek, "k": kind}, [req.snap.snapshot_id],
                  lambda: service.daily_exposure(req.snap, greek, kind))


@data_route("/volland-live-api-ges_strike_list", query=s.StrikeListQuery, answer=s.StrikeListAnswer,
            example={"greek": "gamma", "kind": "both", "strikes": [{"strike": 6000.0, "value": 3.1e9}],
                     "currentPrice": 5903.2, "levels": {"zeroGamma": 5880.0, "callWall": 6000.0, "putWall": 5800.0},
                     "lastModified": LAST_MODIFIED}, snapshot="ticker")
def ges_strike_list(req: DataRequest):
    """Greek exposure strike list: the strikes with the largest absolute exposure, largest first"""
    greek, kind, limit = req.args["greek"], req.args["kind"], req.args["limit"]
    return Cached("ges", {"t": req.ticker, "g": greek, "k": kind, "l": limit}, [req.snap.snapshot_id],
                  lambda: service.ges_strike_list(req.snap, greek, kind, limit))


@data_route("/volland-live-api-iv-adjusted-vanna", query=s.IvVannaQuery, answer=s.IvVannaAnswer,
            example={"kind": "both", "ivShock": 0.1, "data": [{"strike": 5900.0, "value": 2.4e6, "vanna": 1.6e8,
                                                              "iv": 0.15}],
                     "currentPrice": 5903.2, "lastModified": LAST_MODIFIED}, snapshot="ticker")
def iv_adjusted_vanna(req: DataRequest):
    """Vanna by strike scaled to a 10 % relative move of that strike's implied volatility (dollars of delta)"""
    kind = req.args["kind"]
    return Cached("iv-vanna", {"t": req.ticker, "k": kind}, [req.snap.snapshot_id],
                  lambda: service.iv_adjusted_vanna(req.snap, kind))
