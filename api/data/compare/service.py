"""What changed: the earlier snapshot a comparison reads and the answer's shape. The rules (which snapshot,
the per-strike difference) are ``data.compute.exposure_change``'s (docs/methodology.md §4.10)."""

from __future__ import annotations

from datetime import date, timedelta

from api.data import service as svc
from api.errors import ApiError
from data.compute.exposure_change import exposure_change, then_time
from domain import market_calendar as cal
from domain.timestamps import iso

#: The refusals of a compareTime that depend on the clock or the store, not on the request's shape.
AFTER_CUTOFF = "compare_after_cutoff"
AFTER_NOW = "compare_after_now"
_WHAT = {"previous": "previous snapshot", "open": "session open", "previous_close": "previous close"}


def _ny(ts) -> str:
    return ts.astimezone(cal.NY).strftime("%Y-%m-%d %H:%M")


def _refused(code: str, message: str) -> ApiError:
    return ApiError(422, code, message, {"compareTime": [message]})


def then_snapshot(now, args: dict, ctx: svc.Ctx):
    """The snapshot ``now`` is compared with: at or before ``now`` and within the tier's cut-off, as
    ``compareWith`` (and ``compareTime``) name it; 422 for a ``compareTime`` after either, 404 when the
    store holds no such snapshot."""
    compare_with = args["compareWith"]
    at = None
    if compare_with == "time":
        from api.data.fields import parse_ny_time

        when, _ = parse_ny_time(args["compareTime"])
        start = when.replace(tzinfo=cal.NY).astimezone(cal.UTC)
        if start > ctx.cutoff:
            raise _refused(AFTER_CUTOFF, f"compareTime {when:%Y-%m-%d %H:%M} is after the latest data your plan "
                                         f"may see ({_ny(ctx.cutoff)} New York time).")
        if start > now.ts:
            raise _refused(AFTER_NOW, f"compareTime {when:%Y-%m-%d %H:%M} is after the snapshot it is compared "
                                      f"with ({_ny(now.ts)} New York time).")
        at = min(start + timedelta(seconds=59), ctx.cutoff)
    r = svc.reader()
    ts = then_time(r.ticker_times(now.ticker), now.ts, compare_with, at)
    if ts is None or ts > now.ts or ts > ctx.cutoff:
        what = _WHAT.get(compare_with) or f"snapshot at or before {args['compareTime']} on that day"
        raise ApiError(404, "no_data", f"No {now.ticker} {what} to compare the {_ny(now.ts)} snapshot with.")
    return r.snapshot_at_or_before(now.ticker, ts)


def change_params(args: dict, now, ctx: svc.Ctx) -> dict:
    """The normalized parameters (the cache key together with the two snapshot ids)."""
    params = svc.exposure_params(args, now, ctx, historical=args.get("date") is not None)
    params.update(compareWith=args["compareWith"], profiles=bool(args.get("profiles")))
    return params


def change_compute(now, then, params: dict, ctx: svc.Ctx) -> dict:
    """The answer: 'now''s exposure frame with the per-strike differences now − then as its points. Both
    snapshots read the expirations the selection picks at 'now' (all of 'now''s for ALL)."""
    chosen: list[date] | None = svc.resolve_expirations(now, params["expirations"], ctx)
    greek, kind = params["greek"], params["kind"]
    r = svc.reader()
    if chosen is not None and not chosen:
        empty = ((), (), ())
        now_cols, then_cols = empty, empty
    else:
        now_cols = r.exposure_arrays(now, greek, kind, chosen)
        then_cols = r.exposure_arrays(then, greek, kind, chosen if chosen is not None else svc.snap_expirations(now))
    change = exposure_change(now_cols, then_cols, params["isCumulative"], params["profiles"])
    return {"ticker": params["ticker"], "greek": greek, "kind": kind, "isCumulative": params["isCumulative"],
            "data": change["data"], **svc.exposure_frame(now, greek, chosen), "compareWith": params["compareWith"],
            "then": {"lastModified": iso(then.ts), "currentPrice": svc.snapshot_price(then)},
            "profiles": change.get("profiles")}
