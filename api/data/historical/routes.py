"""Historical routes: which sessions and snapshot times exist, and exposure at a past snapshot."""

from __future__ import annotations

from api.data import service as svc
from api.data.data_route import UNKNOWN_TICKER, Cached, DataRequest, data_route
from api.data.exposure.routes import SELECTION_REFUSED
from api.data.historical import schemas as s
from api.data.historical import service
from api.data.schemas import EXPOSURE_EXAMPLE, ExposureAnswer, TickerQuery

UNKNOWN = [UNKNOWN_TICKER]


@data_route("/historical/volland-live-api-dates", query=TickerQuery, answer=s.DatesAnswer,
            example={"available_dates": ["2025-12-31", "2026-01-02"]}, responses=UNKNOWN)
def historical_dates(req: DataRequest):
    """Session dates with published snapshots for a ticker"""
    return service.historical_dates(svc.known_ticker(req.args["ticker"]), req.ctx)


@data_route("/historical/volland-live-api-times", query=s.TimesQuery, answer=s.TimesAnswer,
            example={"available_time": ["09:30", "09:35", "09:40"]}, responses=UNKNOWN)
def historical_times(req: DataRequest):
    """Snapshot times (HH:mm, New York) of a ticker on a date"""
    return service.historical_times(svc.known_ticker(req.args["ticker"]), req.args["date"], req.ctx)


@data_route("/historical/volland-live-api-data", body=s.HistoricalBody, answer=ExposureAnswer,
            example=EXPOSURE_EXAMPLE, snapshot="ticker", responses=[SELECTION_REFUSED],
            body_example={"ticker": "SPX", "greek": "gamma", "kind": "both", "expirations": {"option": "ALL"},
                          "date": "2026-01-02 15:05", "isCumulative": False})
def historical_data(req: DataRequest):
    """Exposure at a past snapshot (``date`` in New York time, 'yyyy-MM-dd HH:mm')"""
    snap, ctx = req.snap, req.ctx
    params = svc.exposure_params(req.args, snap, ctx, historical=True)
    return Cached("exposure", params, [snap.snapshot_id], lambda: svc.exposure_compute(snap, params, ctx))
