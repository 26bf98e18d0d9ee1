"""Screener route: rank the universe by the change of a greek aggregate (or price) over a time frame."""

from __future__ import annotations

from api.data import service as svc
from api.data.data_route import Cached, DataRequest, data_route
from api.data.screener import schemas as s
from api.data.screener import service


@data_route("/screener", body=s.ScreenerBody, answer=s.ScreenerAnswer, guard=service.refuse_basic,
            example={"results": ["NVDA:1.254", "TSLA:0.981"], "flag": "norm", "greek": "gamma",
                     "timeFrame": "three_months", "superlative": "greatest", "length": 25,
                     "lastModified": "2026-01-08T21:00:00Z"},
            body_example={"flag": "norm", "length": 25, "superlative": "greatest", "greek": "gamma",
                          "timeFrame": "three_months", "stockPriceRange": {"min": 0, "max": 500}},
            responses=[(403, "Basic tier: 'In order to use this widget, please upgrade the subscription to "
                             "Volland 30 or higher.'"),
                       (422, "Invalid parameters, or a price range whose max is not above its min")])
def screener(req: DataRequest):
    """Rank tickers by the change of a greek aggregate (or price) over a time frame; answers ``name:value``"""
    a = req.args
    day = service.screener_day(req.ctx)
    params = {"flag": a["flag"], "length": a["length"], "superlative": a["superlative"], "greek": a["greek"],
              "timeFrame": a["timeFrame"], "min": a["stockPriceRange"]["min"], "max": a["stockPriceRange"]["max"],
              "day": day.isoformat()}
    return Cached("screener", params, [params["day"], *svc.reader().index().daily_files],
                  lambda: service.screener_results(params, day))
