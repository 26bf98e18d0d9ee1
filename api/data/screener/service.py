"""Screener answer: the ranking of ``domain.screener.screener_rank`` over the latest visible daily closes."""

from __future__ import annotations

from datetime import date

from api.data import service as svc
from api.errors import ApiError
from domain import market_calendar as cal
from domain.screener import screener_rank


def refuse_basic() -> None:
    """The screener is not part of the Basic tier."""
    from flask import g

    if g.data_tier == "basic":
        raise ApiError(403, "upgrade_required", svc.BASIC_SCREENER_MESSAGE)


def screener_day(ctx: svc.Ctx) -> date:
    """The screener compares daily closes: the latest one visible at the tier's cut-off (a session's row
    from its close on), never the close of a session still running."""
    from data.store.query import daily_visible_through

    return daily_visible_through(ctx.cutoff)


def _fmt(x: float) -> str:
    text = f"{x:.3f}".rstrip("0").rstrip(".")
    return "0" if text in ("-0", "") else text


def screener_results(params: dict, day: date) -> dict:
    """The screener's ranking, computed in ``domain.screener.screener_rank`` (methodology §4.8)."""
    df = svc.reader().screener_inputs(day)
    flag, greek, tf = params["flag"], params["greek"], params["timeFrame"]
    rows = screener_rank(df, flag=flag, greek=greek, time_frame=tf, superlative=params["superlative"],
                         length=params["length"], price_min=params["min"], price_max=params["max"])
    session = cal.session(day)
    return {"results": [f"{t}:{_fmt(x)}" for t, x in rows], "flag": flag, "greek": greek, "timeFrame": tf,
            "superlative": params["superlative"], "length": params["length"],
            # The daily closes ranked are those of `day`: the widget's as-of time is that session's close.
            "lastModified": svc.iso(session[1]) if session else None}
