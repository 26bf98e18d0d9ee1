"""Chart routes: candles, the vanna plane, IV and greek surfaces, spot–vol scatter, greek trend."""

from __future__ import annotations

from api.data import service as svc
from api.data.charts import schemas as s
from api.data.charts import service
from api.data.data_route import Cached, DataRequest, data_route
from api.data.schemas import LAST_MODIFIED as LM
from api.data.schemas import SnapshotGreekQuery, SnapshotKindQuery, SnapshotQuery


@data_route("/volland-live-api-candles", query=s.CandlesQuery, answer=s.CandlesAnswer,
            example={"candles": [{"t": "2026-01-02T14:30:00Z", "open": 5890.1, "high": 5897.4, "low": 5888.0,
                                  "close": 5895.2}], "frequency": 10, "lastModified": LM}, snapshot="ticker")
def candles(req: DataRequest):
    """Intraday price candles of the snapshot's session up to the snapshot (frequency in minutes)"""
    freq = req.args["frequency"]
    return Cached("candles", {"t": req.ticker, "f": freq}, [req.snap.snapshot_id],
                  lambda: service.candles(req.snap, freq))


@data_route("/volland-live-api-vanna-plane", query=SnapshotQuery, answer=s.PlaneAnswer,
            example={"times": ["2026-01-02T14:30:00Z", "2026-01-02T14:35:00Z"], "strikes": [5900.0, 5905.0],
                     "z": [[1.2e7, -3.0e6], [1.1e7, -2.5e6]], "currentPrice": 5903.2, "lastModified": LM},
            snapshot="ticker")
def vanna_plane(req: DataRequest):
    """Vanna exposure by strike (columns) at every snapshot of the session so far (rows)"""
    return Cached("vanna-plane", {"t": req.ticker}, [req.snap.snapshot_id], lambda: service.vanna_plane(req.snap))


SURFACE_EXAMPLE = {"greek": "iv", "kind": "both", "expirations": ["2026-01-02", "2026-01-16"],
                   "strikes": [5800.0, 5900.0, 6000.0], "z": [[0.18, 0.15, 0.13], [0.19, 0.17, 0.15]],
                   "currentPrice": 5903.2, "lastModified": LM}


@data_route("/volland-live-api-iv_plane", query=SnapshotKindQuery, answer=s.SurfaceAnswer, example=SURFACE_EXAMPLE,
            snapshot="ticker")
def iv_plane(req: DataRequest):
    """Implied volatility surface: expirations (rows) by strikes (columns)"""
    kind = req.args["kind"]
    return Cached("surface", {"t": req.ticker, "v": "iv", "k": kind}, [req.snap.snapshot_id],
                  lambda: service.surface(req.snap, "iv", kind))


@data_route("/volland-live-api-3d-greeks", body=s.SurfaceBody, answer=s.SurfaceAnswer,
            example={**SURFACE_EXAMPLE, "greek": "gamma", "z": [[1e7, 4e7, 9e6], [2e6, 8e6, 3e6]]},
            body_example={"ticker": "SPX", "greek": "gamma", "kind": "both"}, snapshot="ticker")
def greeks_3d(req: DataRequest):
    """Surface of one greek's exposure (or iv) over expirations and strikes"""
    value, kind = req.args["greek"], req.args["kind"]
    return Cached("surface", {"t": req.ticker, "v": value, "k": kind}, [req.snap.snapshot_id],
                  lambda: service.surface(req.snap, value, kind))


@data_route("/volland-live-api-scatterplot", query=SnapshotQuery, answer=s.ScatterAnswer,
            example={"rValue": -0.78, "slope": -0.71, "intercept": 0.05, "currentRatio": 1.2,
                     "scatterPoints": [{"x": -1.2, "y": 1.1, "date": "2025-12-30"}],
                     "currentPoint": {"x": 0.37, "y": -0.6}, "lastModified": LM}, snapshot="ticker")
def scatterplot(req: DataRequest):
    """Spot-vol statistics: daily VIX point change against the ticker's % change (252 sessions)"""
    return Cached("scatter", {"t": req.ticker}, [req.snap.snapshot_id], lambda: service.scatterplot(req.snap))


@data_route("/volland-live-api-greek-trend", query=SnapshotGreekQuery, answer=s.TrendAnswer,
            example={"greek": "vanna", "trend": [{"x": "2025-12-31", "y": -1.7e9}], "historicalAverage": -1.2e9,
                     "currentAggregate": -1.84e9, "modelledThrough": "2025-12-12", "lastModified": LM},
            snapshot="ticker")
def greek_trend(req: DataRequest):
    """Daily aggregate of a greek over the last 180 days with its 126-session average"""
    greek = req.args["greek"]
    return Cached("trend", {"t": req.ticker, "g": greek}, [req.snap.snapshot_id],
                  lambda: svc.greek_trend(req.snap, greek))
