"""0DTE routes: the 0DTE ticker list, the panel, the paradigm, 0DTE exposure and charm balance."""

from __future__ import annotations

from api.data import service as svc
from api.data.catalogue.schemas import TickersAnswer
from api.data.data_route import Cached, DataRequest, data_route
from api.data.schemas import EXPOSURE_EXAMPLE, ExposureAnswer, SnapshotQuery
from api.data.schemas import LAST_MODIFIED as LM
from api.data.zero_dte import schemas as s
from api.data.zero_dte import service


@data_route("/zero_dte/tickers", query=s.ZeroDteTickersQuery, answer=TickersAnswer,
            example={"tickers": ["QQQ", "SPX", "SPY"]})
def zero_dte_tickers(req: DataRequest):
    """Tickers with an expiration on the session date (the 0DTE list); with ``date``, that session's list"""
    return {"tickers": svc.zero_dte_tickers(req.ctx, req.args.get("date"))}


@data_route("/zero_dte/volland-live-api-zero-dte", query=SnapshotQuery, answer=s.ZeroDteAnswer,
            example={"paradigm": "GEX-PURE", "target": 5925.0, "lis": 5880.0, "targetReason": None, "lisReason": None,
                     "currentPrice": 5903.2, "zerodte_agg_charm": -6.5e7,
                     "total_0dte_opt_vol": 1.9e6, "lastModified": LM}, snapshot="zero_dte")
def zero_dte_panel(req: DataRequest):
    """0DTE panel: paradigm, target, LIS, 0DTE aggregate charm and option volume"""
    return Cached("zdte-panel", {"t": req.ticker}, [req.snap.snapshot_id], lambda: service.zero_dte_panel(req.snap))


@data_route("/zero_dte/exposure/volland-live-api-zero-dte", query=s.ZeroDteExposureQuery, answer=ExposureAnswer,
            example=EXPOSURE_EXAMPLE, snapshot="zero_dte")
def zero_dte_exposure(req: DataRequest):
    """Exposure of the 0DTE expiration only"""
    snap, ctx = req.snap, req.ctx
    params = {"ticker": req.ticker, "greek": req.args["greek"], "kind": req.args["kind"], "isCumulative": False,
              "expirations": {"option": "TODAY"}}
    only = [svc.session_day(snap)]
    return Cached("zdte-exposure", params, [snap.snapshot_id], lambda: svc.exposure_compute(snap, params, ctx, only))


@data_route("/zero_dte/volland-live-api-paradigm", query=SnapshotQuery, answer=s.ParadigmAnswer,
            example={"paradigm": "BOFA-LIS", "target": None, "lis": [5850.0, 5950.0], "targetReason": "range_paradigm",
                     "lisReason": None, "currentPrice": 5903.2, "lastModified": LM},
            snapshot="zero_dte")
def zero_dte_paradigm(req: DataRequest):
    """0DTE paradigm with its target and lines in the sand, why either is absent, and spot"""
    return Cached("paradigm-reasons", {"t": req.ticker}, [req.snap.snapshot_id], lambda: service.paradigm_answer(req.snap))


@data_route("/zero_dte/volland-live-api-charm-balance", query=SnapshotQuery, answer=s.CharmBalanceAnswer,
            example={"data": [{"strike": 5900.0, "value": -1.2e7}], "aggregate": -6.5e7, "currentPrice": 5903.2,
                     "lastModified": LM}, snapshot="zero_dte")
def charm_balance(req: DataRequest):
    """0DTE charm by strike and its total"""
    return Cached("charm-balance", {"t": req.ticker}, [req.snap.snapshot_id], lambda: service.charm_balance(req.snap))
