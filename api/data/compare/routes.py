"""What changed: the exposure chart's difference per strike between two snapshots."""

from __future__ import annotations

from api.data.compare import schemas as s
from api.data.compare import service
from api.data.data_route import Cached, DataRequest, data_route
from api.data.exposure.routes import SELECTION_REFUSED

COMPARE_REFUSED = (422, SELECTION_REFUSED[1] + ", or a compareTime after the tier's latest refresh "
                        f"({service.AFTER_CUTOFF}) or after the compared snapshot ({service.AFTER_NOW}), each "
                        "naming compareTime")


@data_route("/volland-exposure-change", body=s.ExposureChangeBody, answer=s.ExposureChangeAnswer,
            example=s.CHANGE_EXAMPLE, snapshot="ticker", responses=[COMPARE_REFUSED],
            body_example={"ticker": "SPX", "greek": "gamma", "kind": "both", "expirations": {"option": "ALL"},
                          "isCumulative": False, "compareWith": "previous_close"})
def exposure_change(req: DataRequest):
    """Exposure by strike now minus an earlier snapshot (previous, session open, previous close or a chosen
    time), for the exposure chart's greek, kind, expirations and cumulative flag; live or historical (``date``)"""
    now, ctx = req.snap, req.ctx
    then = service.then_snapshot(now, req.args, ctx)
    params = service.change_params(req.args, now, ctx)
    return Cached("exposure-change", params, [now.snapshot_id, then.snapshot_id],
                  lambda: service.change_compute(now, then, params, ctx))
