"""``/api/v1/public-data``: figures shown on the public site, no token."""

from __future__ import annotations

from flask import Response
from flask_smorest import Blueprint

from api import cache
from api.data import schemas as s
from api.data import service as svc

blp = Blueprint("public-data", __name__, url_prefix="/api/v1/public-data", description="Public site statistics")


@blp.route("/volland-stats", methods=["GET"])
@blp.response(200, s.StatsAnswer, example={"totalTrades": 1843221, "currentOpenTrades": 12873400,
                                          "numberTickers": 251})
def volland_stats():
    """Total trades, open contracts and number of tickers of the latest published data"""
    idx_key = "|".join(str(x) for x in svc.reader().index().key)
    at = svc.make_ctx("live").cutoff   # as of market time: never a snapshot published for a later time
    body, hit = cache.cached_json("volland-stats", {"at": svc.iso(at)}, [idx_key], lambda: svc.site_stats(at),
                                  svc.dumps)
    resp = Response(body, mimetype="application/json")
    resp.headers["Cache-Control"] = "public, max-age=60"
    from data.store import provenance  # the active source and its delay, for the About page

    src = provenance.fields(None, svc.settings().store_path)
    resp.headers["X-Data-Source"] = src["source"]
    resp.headers["X-Data-Delay"] = "" if src["sourceDelay"] is None else str(src["sourceDelay"])
    resp.headers["X-Cache"] = "hit" if hit else "miss"
    return resp
