"""Session heatmap route: one greek's exposure by strike at every snapshot of the session so far."""

from __future__ import annotations

from api.data.data_route import Cached, DataRequest, data_route
from api.data.exposure.routes import SELECTION_REFUSED
from api.data.heatmap import schemas as s
from api.data.heatmap import service
from api.data.schemas import LAST_MODIFIED

HEATMAP_EXAMPLE = {
    "ticker": "SPX", "greek": "gamma", "kind": "both", "expirations": ["2026-01-02"],
    "times": ["2026-01-02T14:30:00Z", "2026-01-02T14:35:00Z"], "strikes": [5900.0, 5905.0, 5910.0],
    "values": [[1.2e8, -3.0e7, None], [1.1e8, -2.5e7, 4.0e6]], "spot": [5903.2, 5906.8], "currentPrice": 5906.8,
    "strikeRange": {"percent": 5, "low": 5608.04, "high": 6202.14},
    "unit": {"unit": "$ delta per 1 % move", "conversions": []}, "lastModified": LAST_MODIFIED,
}


@data_route("/volland-live-api-heatmap", query=s.HeatmapQuery, answer=s.HeatmapAnswer, example=HEATMAP_EXAMPLE,
            snapshot="ticker", responses=[SELECTION_REFUSED])
def heatmap(req: DataRequest):
    """One greek's dealer exposure per strike (columns) at every snapshot of the session up to the answer's
    snapshot (rows), with the underlying price at each; live, or historical with ``date``"""
    snap, ctx = req.snap, req.ctx
    params = service.heatmap_params(req.args, snap, ctx)
    return Cached("heatmap", params, [snap.snapshot_id], lambda: service.heatmap(snap, params, ctx))
