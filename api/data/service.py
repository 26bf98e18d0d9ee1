"""The data service shared by the data routes, the public API and the exports: the store reader, who asks
and when (``Ctx``), snapshot choice within the tier's freshness, the per-snapshot memo and the answer shapes
more than one resource serves (exposure, paradigm, trend).

Parameters arrive validated by the routes' request schemas (``api.data.fields``); what is checked here
depends on the state of the store (an unknown ticker, a ticker without data, the 0DTE list). Each function
returns plain JSON-ready Python with the wire names; ``ApiError`` carries every failure. The shapes of a
single route live beside it (``api/data/<resource>/service.py``).
"""

from __future__ import annotations

import json
import math
import threading
from collections.abc import Iterable
from dataclasses import dataclass
from datetime import date, datetime, timedelta, timezone
from functools import lru_cache

import numpy as np

from api import cache
from domain import expirations as exp_grammar
from domain import refresh_schedule
from api.errors import ApiError
from domain import market_calendar as cal
from domain import vocabulary as v
from data.compute.read_analytics import expected_move, levels_from_contracts
from data.compute.read_analytics import greek_trend as derived_greek_trend
from data.compute.read_analytics import spot_vol as derived_spot_vol
from domain.timestamps import iso
from data.units import units_for

UTC = timezone.utc
BASIC_SCREENER_MESSAGE = "In order to use this widget, please upgrade the subscription to Volland 30 or higher."
ZERO_DTE_MESSAGE = "This ticker is not available in 0DTE list. Please change the ticker"


# ---------------------------------------------------------------- plumbing

def settings():
    """Settings read once per request (``get_settings`` reads the environment on every call)."""
    return cache._settings()


_last_reader: tuple = (None, None)  # (settings object, reader): the hot path skips the path arithmetic


def reader():
    """The process's store reader for the configured store root (one per root)."""
    global _last_reader
    conf = settings()
    last = _last_reader
    if last[0] is conf:
        return last[1]
    from data.store.query import Reader

    r = cache.READERS.get_or_open(str(conf.store_path), Reader)
    _last_reader = (conf, r)
    return r


@dataclass(frozen=True)
class Ctx:
    """Who asks and when: the tier decides the data cut-off, ``now`` is market time."""

    tier: str
    now: datetime
    cutoff: datetime


def offset_seconds() -> int:
    return settings().live_refresh_offset_seconds


def make_ctx(tier: str, now: datetime | None = None) -> Ctx:
    from data.clock import market_now

    now = now or market_now(replay=settings().replay_clock)
    return Ctx(tier, now, _cutoff(tier, now.replace(microsecond=0), offset_seconds()))


@lru_cache(maxsize=4096)
def _cutoff(tier: str, now_s: datetime, offset: int) -> datetime:
    return refresh_schedule.data_cutoff(tier, now_s, offset)


def num(v) -> float | None:
    if v is None:
        return None
    f = float(v)
    return None if math.isnan(f) or math.isinf(f) else f


def dumps(obj) -> bytes:
    return json.dumps(obj, separators=(",", ":"), allow_nan=False).encode()


def invalid(field: str, message: str, status: int = 422) -> ApiError:
    return ApiError(status, "validation_error", message, {field: [message]})


# ---------------------------------------------------------------- validation


def _universe() -> frozenset[str]:
    r = reader()
    idx = r.index()
    cached = getattr(r, "_api_universe", None)
    if cached is not None and cached[0] is idx:
        return cached[1]
    names = frozenset(r.universe())
    r._api_universe = (idx, names)  # type: ignore[attr-defined]
    return names


def known_ticker(ticker: str, field: str = "ticker") -> str:
    """``ticker`` (a well-formed symbol) when the store has it; 422 naming ``field`` otherwise."""
    if ticker not in _universe():
        message = f"Unknown ticker '{ticker}'."
        raise ApiError(422, "unknown_ticker", message, {field: [message]})
    return ticker


def check_ticker(raw, field: str = "ticker") -> str:
    """A raw ticker text of a caller without a request schema (public API, exports): form, then store."""
    if raw is None or (isinstance(raw, str) and not raw.strip()):
        raise invalid(field, "A ticker is required.")
    ticker = v.normalize_ticker(raw) if isinstance(raw, str) else None
    if ticker is None:
        raise invalid(field, "The ticker must be a symbol of letters and digits such as SPX.")
    return known_ticker(ticker, field)


def check_choice(raw, allowed: Iterable, field: str, default=None):
    allowed = tuple(allowed)
    if raw is None or raw == "":
        if default is None:
            raise invalid(field, f"'{field}' is required.")
        return default
    value = raw.strip().lower() if isinstance(raw, str) else raw
    if value not in allowed:
        shown = ", ".join(str(a) for a in allowed)
        raise invalid(field, f"'{field}' must be one of: {shown}.")
    return value


def parse_day(raw, field: str = "date") -> date:
    try:
        return exp_grammar.parse_date(raw, field)
    except exp_grammar.ExpirationError as e:
        raise invalid(e.field, e.message) from None


# ---------------------------------------------------------------- snapshots


def live_snapshot(ticker: str, ctx: Ctx):
    r = reader()
    _not_yet_built(ticker, r.root)
    snap = r.snapshot_at_or_before(ticker, ctx.cutoff)
    if snap is None:
        raise ApiError(404, "no_data", f"No data has been published for {ticker} yet.")
    return snap


def _not_yet_built(ticker: str, root) -> None:
    """A ticker the demo's background build still owes has its history appended oldest day first: its
    latest published snapshot is not the market's latest, so it is not served as live until the build is
    done (docs/design.md, serve-first start)."""
    from data.store import backfill

    if ticker not in backfill.pending_tickers(root):
        return
    plan = backfill.read_plan(root) or {}
    done, total = plan.get("daysDone"), plan.get("daysTotal")
    progress = f" ({done} of {total} days so far)" if done is not None and total else ""
    raise ApiError(404, "still_building", f"The data for {ticker} are still being built in the background{progress}; "
                                   "they appear in a few minutes.")


def session_day(snap) -> date:
    return snap.ts.astimezone(cal.NY).date()


def historical_snapshot(ticker: str, when_text: str, ctx: Ctx):
    """The snapshot for a historical ``yyyy-MM-dd HH:mm`` (New York time; a day alone means its end), as
    the request schema accepted it (``api.data.fields.NyTime`` or ``Day``), within the tier's cut-off."""
    from api.data.fields import parse_ny_time

    when, _ = parse_ny_time(when_text)
    at = when.replace(tzinfo=cal.NY).astimezone(UTC)
    at = min(at + timedelta(seconds=59), ctx.cutoff)
    snap = reader().snapshot_at_or_before(ticker, at)
    if snap is None or session_day(snap) != when.date():
        raise ApiError(404, "no_data", f"No {ticker} data was published on {when.date().isoformat()} "
                                       f"at or before {when.strftime('%H:%M')}.")
    return snap


def expirations_key(selection: dict, snap, ctx: Ctx, historical: bool = False) -> dict:
    """The normalized expirations selection ``{option, from, to, dates}`` plus what its meaning depends
    on besides the snapshot (the week a THIS_WEEK/NEXT_WEEK falls in, the day a live CUSTOM range is
    judged from): the cache key and, alone, everything ``resolve_expirations`` needs."""
    option = selection.get("option") or v.DEFAULT_EXPIRATION_OPTION
    key = {"option": option, "from": _day_or_none(selection.get("from")), "to": _day_or_none(selection.get("to")),
           "dates": [_day_or_none(d) for d in selection["dates"]] if selection.get("dates") else None,
           "historical": historical}
    if option in ("THIS_WEEK", "NEXT_WEEK"):
        key["week"] = exp_grammar.week_start(session_day(snap), snap.ts if historical else ctx.now).isoformat()
    if option == "CUSTOM" and not historical:
        key["day"] = session_day(snap).isoformat()
    return key


def _day_or_none(d) -> str | None:
    return None if d is None else (d.isoformat() if isinstance(d, date) else str(d))


def resolve_expirations(snap, key: dict, ctx: Ctx) -> list[date] | None:
    """The expirations an ``expirations_key`` selects on a snapshot; None for all of them."""
    option, dates = key["option"], key["dates"]
    if option == "ALL" or (option == "MIXED" and not dates):
        return None
    historical = key["historical"]
    now = snap.ts if historical else ctx.now
    try:
        return exp_grammar.resolve(option, snap_expirations(snap), session_day(snap), now, start=key["from"],
                                   end=key["to"], dates=dates, historical=historical)
    except exp_grammar.ExpirationError as e:
        raise invalid(f"expirations.{e.field}", e.message) from None


# ---------------------------------------------------------------- shapes


def _memoized(fact: str, snap, compute):
    """A per-snapshot fact, computed once per process (``api.cache.SNAPSHOTS``)."""
    return cache.SNAPSHOTS.get_or_compute(fact, snap.snapshot_id, compute)


def memoized(fact: str, snap, compute):
    """A resource's own per-snapshot fact, computed once per process (``api.cache.SNAPSHOTS``)."""
    return _memoized(fact, snap, compute)


def snap_expirations(snap) -> list[date]:
    return list(_memoized("expirations", snap, lambda: tuple(reader().expirations(snap))))


def _stats(snap) -> dict:
    def load():
        try:
            return wire_stats(reader().ticker_stats(snap))
        except LookupError:
            raise ApiError(404, "no_data", f"No statistics were published for {snap.ticker}.") from None

    return _memoized("stats", snap, load)


def wire_stats(row: dict) -> dict:
    """A statistics row (the store's names) under the names the answers use; the LIS is one level or,
    for a range, [low, high]."""
    lo, hi = num(row.get("lis_low")), num(row.get("lis_high"))
    lis = [lo, hi] if lo is not None and hi is not None and lo != hi else (lo if lo is not None else hi)
    return {
        "price": num(row.get("price")), "previousClose": num(row.get("previous_close")), "vix": num(row.get("vix")),
        "previousVix": num(row.get("previous_vix")), "notionalVolume": num(row.get("notional_volume")),
        "vannaStochastic": num(row.get("vanna_stochastic")), "dealerPremium": num(row.get("dealer_premium")),
        "zeroDteDealerPremium": num(row.get("zero_dte_dealer_premium")),
        "deltaAdjustedDealerSpread": num(row.get("dads")), "dayToDayDeltaAdjustedDealerSpread": num(row.get("dads_d2d")),
        "deltaAdjustedDealerPremium": num(row.get("dap")), "paradigm": row.get("paradigm") or "",
        "target": num(row.get("target")), "lis": lis, "zerodte_agg_charm": num(row.get("zerodte_agg_charm")),
        "total_0dte_opt_vol": num(row.get("total_0dte_opt_vol")),
        "aggregates": {g: num(row.get(f"agg_{g}")) for g in v.GREEKS}, "totalTrades": int(row.get("total_trades") or 0),
        "openContracts": num(row.get("open_contracts")), "zeroGamma": num(row.get("zero_gamma")),
        "callWall": num(row.get("call_wall")), "putWall": num(row.get("put_wall")),
    }


def levels(snap, expirations: list[date] | None) -> dict:
    """Zero-gamma level, call wall and put wall (docs/methodology.md §4.9): the published ones for all
    expirations, else re-priced from the contracts of the chosen expirations."""
    if expirations is None:
        s = _stats(snap)
        return {"zeroGamma": s.get("zeroGamma"), "callWall": s.get("callWall"), "putWall": s.get("putWall")}
    if not expirations:
        return {"zeroGamma": None, "callWall": None, "putWall": None}
    return levels_from_contracts(reader().contract_rows(snap, expirations))


def exposure_payload(snap, greek: str, kind: str, chosen: list[date] | None, is_cumulative: bool,
                     ticker: str) -> dict:
    r = reader()
    if chosen is not None and not chosen:
        df = None
    else:
        df = r.exposure(snap, greek, kind, chosen)
    data = []
    if df is not None and df.height:
        strikes = df["strike"].to_numpy()
        call = np.nan_to_num(df["call"].to_numpy(), nan=0.0)
        put = np.nan_to_num(df["put"].to_numpy(), nan=0.0)
        value = call + put  # the kind was applied once, in SQL: the other side sums to zero
        if is_cumulative:
            call, put, value = np.cumsum(call), np.cumsum(put), np.cumsum(value)
        data = [{"strike": float(s), "value": float(v), "call": float(c), "put": float(p)}
                for s, v, c, p in zip(strikes.tolist(), value.tolist(), call.tolist(), put.tolist())]
    stats = _stats(snap)
    key_levels = levels(snap, chosen)
    exps = snap_expirations(snap) if chosen is None else chosen
    return {
        "ticker": ticker, "greek": greek, "kind": kind, "isCumulative": bool(is_cumulative), "data": data,
        "expirations": [d.isoformat() for d in exps], "currentPrice": stats.get("price"),
        "lastModified": iso(snap.ts), "levels": {k: num(v) for k, v in key_levels.items()},
        "unit": units_for(greek, num(stats.get("price"))),
        "expectedMove": _expected_move(snap, num(stats.get("price"))),
    }


def _expected_move(snap, spot: float | None) -> dict | None:
    """30-day expected move from the snapshot's IV surface (methodology §4.6); memoized per snapshot."""
    def compute():
        surf = reader().surface(snap, "iv", "both")
        return {"value": expected_move(spot, session_day(snap), surf["expirations"], surf["strikes"], surf["z"])}

    return _memoized("expected_move", snap, compute)["value"]


def exposure_params(args: dict, snap, ctx: Ctx, historical: bool = False) -> dict:
    """The normalized parameters of a validated exposure request (the cache key; ``exposure_compute``
    needs nothing else)."""
    return {"ticker": snap.ticker, "greek": args["greek"], "kind": args["kind"], "isCumulative": args["isCumulative"],
            "expirations": expirations_key(args["expirations"], snap, ctx, historical)}


def exposure_compute(snap, params: dict, ctx: Ctx, only: list[date] | None = None) -> dict:
    """The exposure answer for ``exposure_params`` (``only`` restricts it to given expirations)."""
    chosen = only if only is not None else resolve_expirations(snap, params["expirations"], ctx)
    return exposure_payload(snap, params["greek"], params["kind"], chosen, params["isCumulative"], params["ticker"])


def zero_dte_tickers(ctx: Ctx, day: date | None = None) -> list[str]:
    """The 0DTE list of the tier's latest session, or of the session ``day`` (as its close published it,
    never past the tier's cut-off)."""
    return reader().tickers("0dte", at=ctx.cutoff if day is None else min(ctx.cutoff, end_of_day(day)))


def end_of_day(day: date) -> datetime:
    """The last instant of a New York calendar day, in UTC."""
    return datetime.combine(day + timedelta(days=1), datetime.min.time(), cal.NY).astimezone(UTC) - timedelta(
        microseconds=1)


def check_zero_dte(ticker: str, ctx: Ctx, snap=None) -> None:
    """Refuse a ticker not on the 0DTE list: live, today's; with a historical snapshot, its session's."""
    if ticker not in zero_dte_tickers(ctx, None if snap is None else session_day(snap)):
        raise ApiError(422, "not_zero_dte", ZERO_DTE_MESSAGE, {"ticker": [ZERO_DTE_MESSAGE]})


def _lis(v):
    if isinstance(v, (list, tuple)):
        return [num(x) for x in v]
    return num(v)


def paradigm(snap) -> dict:
    s = _stats(snap)
    return {"paradigm": s.get("paradigm") or "", "target": num(s.get("target")), "lis": _lis(s.get("lis")),
            "lastModified": iso(snap.ts)}


def spot_vol_of(r, ticker: str, snap=None) -> dict:
    """Spot–vol statistics (docs/methodology.md §4.7) over the daily rows visible at ``snap``: rValue,
    slope, intercept, currentRatio, scatterPoints, currentPoint (the snapshot's move against the previous
    close). Without a snapshot: the published closes through today."""
    end = session_day(snap) if snap is not None else date.today()
    daily = r.daily(ticker, end - timedelta(days=400), end, as_of=snap.ts if snap is not None else None)
    current = None
    if snap is not None:
        st = _stats_row_or_none(r, snap)
        if st and st.get("price") and st.get("previous_close") and st.get("vix") is not None \
                and st.get("previous_vix") is not None:
            current = (100.0 * (st["price"] / st["previous_close"] - 1.0), st["vix"] - st["previous_vix"])
        daily = daily.filter(daily["date"] < end)
    return derived_spot_vol(daily, current)


def greek_trend_of(r, ticker: str, greek: str, snap=None) -> dict:
    """180 days of a greek's daily aggregate with its historical average and the snapshot's aggregate
    (docs/methodology.md §4.8). With a snapshot the window ends on its session day; without one, on the
    last published close."""
    if greek not in v.GREEKS:
        raise ValueError(f"unknown greek {greek!r}")
    end = session_day(snap) if snap is not None else date.today()
    daily = r.daily(ticker, end - timedelta(days=400), end, as_of=snap.ts if snap is not None else None)
    current = None
    if snap is not None and (st := _stats_row_or_none(r, snap)) is not None:
        current = num(st.get(f"agg_{greek}"))
    days = r.available_dates(ticker, until=snap.ts if snap is not None else None)
    return derived_greek_trend(daily, greek, current, end if snap is not None else None,
                               computed_from=days[0] if days else None)


def _stats_row_or_none(r, snap) -> dict | None:
    try:
        return r.ticker_stats(snap)
    except LookupError:
        return None


def spot_vol(snap) -> dict:
    """Spot–vol statistics of the snapshot's ticker (methodology §4.7)."""
    return spot_vol_of(reader(), snap.ticker, snap)


def greek_trend(snap, greek: str) -> dict:
    """The greek's daily aggregate trend, computed once in ``data.compute.read_analytics.greek_trend`` (methodology §4.8)."""
    t = greek_trend_of(reader(), snap.ticker, greek, snap)
    return {"greek": greek, "trend": t["trend"], "historicalAverage": t["historicalAverage"],
            "currentAggregate": num(t["currentAggregate"]), "modelledThrough": t["modelledThrough"],
            "unit": units_for(greek, num(_stats(snap).get("price"))), "lastModified": iso(snap.ts)}


def site_stats(at: datetime | None = None) -> dict:
    """Public site figures as of ``at`` (default: the Live tier's cut-off, so never ahead of market time)."""
    at = at or make_ctx("live").cutoff
    # Run on a short-lived thread: Reader.site_stats leaves its cursor's result unfetched (fetchone), which
    # would block the next query on this thread's cursor. The answer is cached per store version.
    box: dict = {}

    def work() -> None:
        try:
            box["v"] = reader().site_stats(at)
        except Exception as exc:  # noqa: BLE001 - re-raised on the request thread
            box["e"] = exc

    t = threading.Thread(target=work, name="site-stats")
    t.start()
    t.join()
    if "e" in box:
        raise box["e"]
    s = box["v"]
    return {"totalTrades": int(s.get("total_trades") or 0), "currentOpenTrades": int(s.get("open_contracts") or 0),
            "numberTickers": int(s.get("tickers") or 0)}


def stats_of(snap) -> dict:
    """The snapshot's statistics row (memoized per snapshot id); 404 when none was published."""
    return _stats(snap)


def exposure_frame(snap, greek: str, chosen: list[date] | None) -> dict:
    """What an exposure answer says about its snapshot besides the points (price, levels of the chosen
    expirations, unit, 30-day expected move, expirations, time): shared by answers built from other points
    (the what-changed route, ``api.data.compare``)."""
    stats = _stats(snap)
    price = num(stats.get("price"))
    return {"expirations": [d.isoformat() for d in (snap_expirations(snap) if chosen is None else chosen)],
            "currentPrice": stats.get("price"), "lastModified": iso(snap.ts),
            "levels": {k: num(x) for k, x in levels(snap, chosen).items()}, "unit": units_for(greek, price),
            "expectedMove": _expected_move(snap, price)}


def snapshot_price(snap) -> float | None:
    """The spot price of a snapshot's statistics row."""
    return num(_stats(snap).get("price"))
