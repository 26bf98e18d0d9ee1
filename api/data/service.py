"""Business logic of the data routes: tier freshness, snapshot choice and the JSON shapes.

Views call these functions and never touch the store directly. Every function takes a ``Ctx`` (tier and
market "now") and returns plain JSON-ready Python; ``ApiError`` carries every failure.
"""

from __future__ import annotations

import json
import math
import re
import threading
from collections.abc import Iterable
from dataclasses import dataclass
from datetime import date, datetime, timedelta, timezone
from functools import lru_cache

import numpy as np

from api import expirations as exp_grammar
from api import freshness
from api.errors import ApiError
from data import calendar as cal
from data.compute.derived import IV_SHOCK, expected_move, screener_rank
from data.compute.derived import iv_adjusted_vanna as iv_adjusted_vanna_rows
from data.units import VOL_POINT, field_units, units_for

UTC = timezone.utc
GREEKS = ("delta", "gamma", "vanna", "charm", "vega", "theta", "vomma", "rho", "dag")
SURFACE_VALUES = ("iv", *GREEKS)
KINDS = ("both", "call", "put")
TICKER_TYPES = ("regular", "0dte", "all")
FREQUENCIES = (1, 5, 10, 15, 30, 60)
TICKER_RE = re.compile(r"^[A-Z][A-Z0-9.^/-]{0,11}$")

SCREENER_FLAGS = ("diff", "mag", "norm")
SCREENER_LENGTHS = (10, 25, 50, 100)
SCREENER_SUPERLATIVES = ("least", "greatest")
SCREENER_GREEKS = ("delta", "gamma", "theta", "vanna", "vega", "price")
SCREENER_TIMEFRAMES = ("day", "week", "month", "three_months", "year")
BASIC_SCREENER_MESSAGE = "In order to use this widget, please upgrade the subscription to Volland 30 or higher."
ZERO_DTE_MESSAGE = "This ticker is not available in 0DTE list. Please change the ticker"


# ---------------------------------------------------------------- plumbing

_readers: dict[str, object] = {}
_readers_lock = threading.Lock()


def settings():
    """Settings read once per request (``get_settings`` reads the environment on every call)."""
    from api.cache import _settings

    return _settings()


_last_reader: tuple = (None, None)  # (settings object, reader): the hot path skips the path arithmetic


def reader():
    """The process's store reader for the configured store root (one per root)."""
    global _last_reader
    conf = settings()
    last = _last_reader
    if last[0] is conf:
        return last[1]
    root = str(conf.store_path)
    r = _readers.get(root)
    if r is None:
        with _readers_lock:
            r = _readers.get(root)
            if r is None:
                from data.store.query import Reader

                r = Reader(root)
                _readers[root] = r
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
    return freshness.data_cutoff(tier, now_s, offset)


def iso(ts: datetime | None) -> str | None:
    if ts is None:
        return None
    return ts.astimezone(UTC).strftime("%Y-%m-%dT%H:%M:%SZ")


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


def check_ticker(raw, field: str = "ticker") -> str:
    if raw is None or (isinstance(raw, str) and not raw.strip()):
        raise invalid(field, "A ticker is required.")
    if not isinstance(raw, str):
        raise invalid(field, "The ticker must be a text symbol such as SPX.")
    ticker = raw.strip().upper()
    if not TICKER_RE.match(ticker):
        raise invalid(field, "The ticker must be a symbol of letters and digits such as SPX.")
    if ticker not in _universe():
        raise invalid(field, f"Unknown ticker '{ticker}'.")
    return ticker


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
    raise ApiError(404, "no_data", f"The data for {ticker} are still being built in the background{progress}; "
                                   "they appear in a few minutes.")


def session_day(snap) -> date:
    return snap.ts.astimezone(cal.NY).date()


def historical_snapshot(ticker: str, raw_when: str, ctx: Ctx):
    """The snapshot for a historical ``yyyy-MM-dd HH:mm`` (New York time), within the tier's cut-off."""
    if not isinstance(raw_when, str):
        raise invalid("date", "'date' must be written 'yyyy-MM-dd HH:mm' (New York time).")
    text = raw_when.strip().replace("T", " ")
    try:
        when = datetime.strptime(text, "%Y-%m-%d %H:%M") if len(text) > 10 else datetime.strptime(text, "%Y-%m-%d")
    except ValueError:
        raise invalid("date", "'date' must be written 'yyyy-MM-dd HH:mm' (New York time).") from None
    if len(text) <= 10:
        when = when.replace(hour=23, minute=59)
    at = when.replace(tzinfo=cal.NY).astimezone(UTC)
    at = min(at + timedelta(seconds=59), ctx.cutoff)
    snap = reader().snapshot_at_or_before(ticker, at)
    if snap is None or session_day(snap) != when.date():
        raise ApiError(404, "no_data", f"No {ticker} data was published on {when.date().isoformat()} "
                                       f"at or before {when.strftime('%H:%M')}.")
    return snap


def resolve_expirations(snap, selection: dict | None, ctx: Ctx, historical: bool = False) -> tuple[list[date], bool]:
    """(expirations, is_all) for an ``{option, from, to, dates}`` selection on a snapshot."""
    selection = selection or {}
    if not isinstance(selection, dict):
        raise invalid("expirations", "'expirations' must be an object {option, from, to, dates}.")
    option = selection.get("option") or "ALL"
    if not isinstance(option, str):
        raise invalid("expirations.option", "'option' must be text.")
    option = option.strip().upper()
    dates = selection.get("dates")
    if dates is not None and not isinstance(dates, list):
        raise invalid("expirations.dates", "'dates' must be a list of yyyy-MM-dd dates.")
    if option == "ALL" or (option == "MIXED" and not dates):
        return [], True
    available = snap_expirations(snap)
    now = ctx.now if not historical else snap.ts
    try:
        chosen = exp_grammar.resolve(option, available, session_day(snap), now, start=selection.get("from"),
                                     end=selection.get("to"), dates=dates, historical=historical)
    except exp_grammar.ExpirationError as e:
        raise invalid(f"expirations.{e.field}", e.message) from None
    return chosen, option == "ALL" or (option == "MIXED" and not dates)


# ---------------------------------------------------------------- shapes


# Per-snapshot facts (statistics row, expiration list) never change once published: keep them in process
# memory keyed by snapshot id, so a request that misses the response cache runs only its own query.
_MEMO_MAX = 4096
_memo: dict[tuple, object] = {}
_memo_lock = threading.Lock()


def _memoized(kind: str, snap, compute):
    key = (kind, snap.snapshot_id)
    hit = _memo.get(key)
    if hit is not None:
        return hit
    value = compute()
    with _memo_lock:
        if len(_memo) >= _MEMO_MAX:
            _memo.clear()
        _memo[key] = value
    return value


def snap_expirations(snap) -> list[date]:
    return list(_memoized("expirations", snap, lambda: tuple(reader().expirations(snap))))


def _stats(snap) -> dict:
    def load():
        try:
            return reader().ticker_stats(snap)
        except LookupError:
            raise ApiError(404, "no_data", f"No statistics were published for {snap.ticker}.") from None

    return _memoized("stats", snap, load)


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
        total = call + put
        if kind == "call":
            value = call
        elif kind == "put":
            value = put
        else:
            value = total
        if is_cumulative:
            call, put, value = np.cumsum(call), np.cumsum(put), np.cumsum(value)
        data = [{"strike": float(s), "value": float(v), "call": float(c), "put": float(p)}
                for s, v, c, p in zip(strikes.tolist(), value.tolist(), call.tolist(), put.tolist())]
    stats = _stats(snap)
    if chosen is None:
        levels = {"zeroGamma": stats.get("zeroGamma"), "callWall": stats.get("callWall"),
                  "putWall": stats.get("putWall")}
        if all(v is None for v in levels.values()):
            levels = r.levels(snap, None)
        exps = snap_expirations(snap)
    else:
        levels = r.levels(snap, chosen) if chosen else {"zeroGamma": None, "callWall": None, "putWall": None}
        exps = chosen
    return {
        "ticker": ticker, "greek": greek, "kind": kind, "isCumulative": bool(is_cumulative), "data": data,
        "expirations": [d.isoformat() for d in exps], "currentPrice": stats.get("price"),
        "lastModified": iso(snap.ts), "levels": {k: num(v) for k, v in levels.items()},
        "unit": units_for(greek, num(stats.get("price"))),
        "expectedMove": _expected_move(snap, num(stats.get("price"))),
    }


def _expected_move(snap, spot: float | None) -> dict | None:
    """30-day expected move from the snapshot's IV surface (methodology §4.6); memoized per snapshot."""
    def compute():
        surf = reader().surface(snap, "iv", "both")
        return {"value": expected_move(spot, session_day(snap), surf["expirations"], surf["strikes"], surf["z"])}

    return _memoized("expected_move", snap, compute)["value"]


def _selection_key(selection, snap, ctx: Ctx, historical: bool):
    """The part of an expirations selection that decides the answer, for the cache key."""
    if selection is None:
        return {"option": "ALL"}
    if not isinstance(selection, dict):
        raise invalid("expirations", "'expirations' must be an object {option, from, to, dates}.")
    option = selection.get("option") or "ALL"
    key = {"option": option.strip().upper() if isinstance(option, str) else option,
           "from": selection.get("from"), "to": selection.get("to"), "dates": selection.get("dates")}
    if key["option"] in ("THIS_WEEK", "NEXT_WEEK"):
        now = snap.ts if historical else ctx.now
        key["week"] = exp_grammar.week_start(session_day(snap), now).isoformat()
    if key["option"] == "CUSTOM" and not historical:
        key["day"] = session_day(snap).isoformat()
    return key


def exposure_request(ctx: Ctx, body: dict, historical: bool = False) -> tuple[dict, object]:
    """Validate an exposure request: (normalized parameters for the cache key, snapshot)."""
    if not isinstance(body, dict):
        raise invalid("_schema", "The request body must be a JSON object.", 400)
    ticker = check_ticker(body.get("ticker"))
    greek = check_choice(body.get("greek"), GREEKS, "greek", default="charm")
    kind = check_choice(body.get("kind"), KINDS, "kind", default="both")
    cum = body.get("isCumulative", False)
    if isinstance(cum, str):
        if cum.lower() not in ("true", "false", "1", "0"):
            raise invalid("isCumulative", "'isCumulative' must be true or false.")
        cum = cum.lower() in ("true", "1")
    elif cum is None:
        cum = False
    elif not isinstance(cum, bool):
        raise invalid("isCumulative", "'isCumulative' must be true or false.")
    snap = historical_snapshot(ticker, body.get("date"), ctx) if historical else live_snapshot(ticker, ctx)
    params = {"ticker": ticker, "greek": greek, "kind": kind, "isCumulative": cum, "historical": historical,
              "expirations": _selection_key(body.get("expirations"), snap, ctx, historical),
              "selection": body.get("expirations")}
    return params, snap


def exposure_compute(snap, params: dict, ctx: Ctx, only: list[date] | None = None) -> dict:
    """The exposure shape for validated parameters (``only`` restricts to given expirations)."""
    if only is not None:
        chosen: list[date] | None = only
    else:
        picked, is_all = resolve_expirations(snap, params["selection"], ctx, params["historical"])
        chosen = None if is_all else picked
    return exposure_payload(snap, params["greek"], params["kind"], chosen, params["isCumulative"], params["ticker"])


def tickers(ctx: Ctx, kind: str) -> dict:
    return {"tickers": reader().tickers(kind, at=ctx.cutoff)}


def zero_dte_tickers(ctx: Ctx) -> list[str]:
    return reader().tickers("0dte", at=ctx.cutoff)


def check_zero_dte(ticker: str, ctx: Ctx) -> None:
    if ticker not in zero_dte_tickers(ctx):
        raise invalid("ticker", ZERO_DTE_MESSAGE)


def standard_expirations(day: date) -> list[date]:
    """Expiration dates common to listed index options: every trading day for 45 days, then monthlies."""
    out = set(cal.trading_days(day, day + timedelta(days=45)))
    y, m = day.year, day.month
    for _ in range(24):
        d = exp_grammar.monthly_expiration(y, m)
        if d >= day:
            out.add(d)
        y, m = (y + 1, 1) if m == 12 else (y, m + 1)
    return sorted(out)


def summary(snap) -> dict:
    s = _stats(snap)
    keys = ("price", "previousClose", "vix", "previousVix", "notionalVolume", "vannaStochastic")
    return {**{k: num(s.get(k)) for k in keys},
            "units": field_units(keys), "lastModified": iso(snap.ts)}


def aggregate(snap, greek: str) -> dict:
    s = _stats(snap)
    return {"greek": greek, "aggregate": num((s.get("aggregates") or {}).get(greek)),
            "unit": units_for(greek, num(s.get("price"))), "lastModified": iso(snap.ts)}


def premium(snap) -> dict:
    s = _stats(snap)
    return {"dealerPremium": num(s.get("dealerPremium")), "zeroDteDealerPremium": num(s.get("zeroDteDealerPremium")),
            "units": field_units(("dealerPremium", "zeroDteDealerPremium")), "lastModified": iso(snap.ts)}


def liquidity(snap) -> dict:
    s = _stats(snap)
    keys = ("deltaAdjustedDealerSpread", "dayToDayDeltaAdjustedDealerSpread", "deltaAdjustedDealerPremium")
    return {**{k: num(s.get(k)) for k in keys}, "units": field_units(keys), "lastModified": iso(snap.ts)}


def _lis(v):
    if isinstance(v, (list, tuple)):
        return [num(x) for x in v]
    return num(v)


def zero_dte_panel(snap) -> dict:
    s = _stats(snap)
    return {"paradigm": s.get("paradigm") or "", "target": num(s.get("target")), "lis": _lis(s.get("lis")),
            "zerodte_agg_charm": num(s.get("zerodte_agg_charm")),
            "total_0dte_opt_vol": num(s.get("total_0dte_opt_vol")),
            "units": field_units(("zerodte_agg_charm",), num(s.get("price")), {"zerodte_agg_charm": "charm"}),
            "lastModified": iso(snap.ts)}


def paradigm(snap) -> dict:
    s = _stats(snap)
    return {"paradigm": s.get("paradigm") or "", "target": num(s.get("target")), "lis": _lis(s.get("lis")),
            "lastModified": iso(snap.ts)}


def charm_balance(snap) -> dict:
    day = session_day(snap)
    df = reader().exposure(snap, "charm", "both", [day])
    data = [{"strike": float(s), "value": num(v) or 0.0} for s, v in zip(df["strike"].to_list(), df["total"].to_list())]
    price = num(_stats(snap).get("price"))
    return {"data": data, "aggregate": float(sum(d["value"] for d in data)),
            "currentPrice": price, "unit": units_for("charm", price), "lastModified": iso(snap.ts)}


def candles(snap, frequency: int) -> dict:
    df = reader().candles(snap.ticker, session_day(snap), minutes=frequency, until=snap.ts)
    out = [{"t": iso(t), "open": num(o), "high": num(h), "low": num(lo), "close": num(c)}
           for t, o, h, lo, c in zip(df["ts"].to_list(), df["open"].to_list(), df["high"].to_list(),
                                     df["low"].to_list(), df["close"].to_list())]
    return {"candles": out, "frequency": frequency, "lastModified": iso(snap.ts)}


def vanna_plane(snap) -> dict:
    plane = reader().vanna_plane(snap.ticker, session_day(snap), until=snap.ts)
    return {"times": [iso(t) for t in plane["times"]], "strikes": plane["strikes"], "z": plane["z"],
            "currentPrice": num(_stats(snap).get("price")), "lastModified": iso(snap.ts)}


def surface(snap, value: str, kind: str) -> dict:
    s = reader().surface(snap, value, kind)
    return {"greek": value, "kind": kind, "expirations": [_day_text(d) for d in s["expirations"]],
            "strikes": s["strikes"], "z": s["z"], "currentPrice": num(_stats(snap).get("price")),
            "unit": units_for(value, num(_stats(snap).get("price"))), "lastModified": iso(snap.ts)}


def _day_text(d) -> str:
    if isinstance(d, datetime):
        return d.date().isoformat()
    return d.isoformat() if isinstance(d, date) else str(d)


def _daily(snap, end: date, days: int):
    """The ticker's daily rows from ``end - days`` to ``end``, only those visible at the snapshot's time
    (a day's row from that day's close on: data.store.query.daily_visible_through)."""
    return reader().daily(snap.ticker, end - timedelta(days=days), end, as_of=snap.ts)


def greek_trend(snap, greek: str) -> dict:
    """The greek's daily aggregate trend, computed once in ``data.compute.derived.greek_trend`` (methodology §4.8)."""
    t = reader().greek_trend(snap.ticker, greek, snap)
    return {"greek": greek, "trend": t["trend"], "historicalAverage": t["historicalAverage"],
            "currentAggregate": num(t["currentAggregate"]),
            "unit": units_for(greek, num(_stats(snap).get("price"))), "lastModified": iso(snap.ts)}


def scatterplot(snap) -> dict:
    """Spot–vol statistics, computed once in ``data.compute.derived.spot_vol`` (methodology §4.7)."""
    sv = reader().spot_vol(snap.ticker, snap)
    return {"rValue": sv["rValue"], "slope": sv["slope"], "intercept": sv["intercept"],
            "currentRatio": sv["currentRatio"], "scatterPoints": sv["scatterPoints"],
            "currentPoint": sv["currentPoint"], "lastModified": iso(snap.ts)}


def daily_exposure(snap, greek: str, kind: str) -> dict:
    """The exposure at the last snapshot of the session (end of day when the session is over)."""
    payload = exposure_payload(snap, greek, kind, None, False, snap.ticker)
    payload["date"] = session_day(snap).isoformat()
    return payload


def agg_charm(snap) -> dict:
    """Intraday path of aggregate charm (all expirations and 0DTE) through the session so far."""
    r = reader()
    day = session_day(snap)
    series = []
    times = [t for t in r.snapshot_times(snap.ticker, day) if t <= snap.ts]
    for t in times[-80:]:
        ref = r.snapshot_at_or_before(snap.ticker, t)
        if ref is None:
            continue
        try:
            s = r.ticker_stats(ref)
        except LookupError:
            continue
        series.append({"t": iso(ref.ts), "aggregate": num((s.get("aggregates") or {}).get("charm")),
                       "zeroDte": num(s.get("zerodte_agg_charm"))})
    s = _stats(snap)
    return {"greek": "charm", "aggregate": num((s.get("aggregates") or {}).get("charm")),
            "zerodte_agg_charm": num(s.get("zerodte_agg_charm")), "series": series,
            "unit": units_for("charm", num(s.get("price"))), "lastModified": iso(snap.ts)}


def eod(snap, days: int) -> dict:
    day = session_day(snap)
    df = _daily(snap, day, days)
    rows = []
    if df.height:
        cols = df.columns
        for row in df.iter_rows(named=True):
            rows.append({"date": row["date"].isoformat(), "close": num(row.get("close")),
                         "vixClose": num(row.get("vix_close")),
                         "aggregates": {g: num(row.get(f"agg_{g}")) for g in GREEKS if f"agg_{g}" in cols}})
    spot = num(_stats(snap).get("price"))
    units = {"close": field_units(("price",))["price"], "vixClose": field_units(("vix",))["vix"],
             **{f"aggregates.{g}": units_for(g, spot) for g in GREEKS}}
    return {"ticker": snap.ticker, "eod": rows, "units": units, "lastModified": iso(snap.ts)}


def ges_strike_list(snap, greek: str, kind: str, limit: int) -> dict:
    """Strikes with the largest absolute dealer exposure, biggest first, with the key levels."""
    df = reader().exposure(snap, greek, kind, None)
    col = {"both": "total", "call": "call", "put": "put"}[kind]
    rows = [(float(s), num(v) or 0.0) for s, v in zip(df["strike"].to_list(), df[col].to_list())]
    rows.sort(key=lambda r: abs(r[1]), reverse=True)
    stats = _stats(snap)
    return {"greek": greek, "kind": kind, "strikes": [{"strike": s, "value": v} for s, v in rows[:limit]],
            "currentPrice": num(stats.get("price")),
            "levels": {"zeroGamma": num(stats.get("zeroGamma")), "callWall": num(stats.get("callWall")),
                       "putWall": num(stats.get("putWall"))},
            "unit": units_for(greek, num(stats.get("price"))), "lastModified": iso(snap.ts)}


def iv_adjusted_vanna(snap, kind: str) -> dict:
    """Vanna per strike for a +10 % relative IV move, computed in ``data.compute.derived.iv_adjusted_vanna``."""
    r = reader()
    col = {"both": "total", "call": "call", "put": "put"}[kind]
    df = r.exposure(snap, "vanna", kind, None)
    data = iv_adjusted_vanna_rows(df["strike"].to_list(), df[col].to_list(), r.surface(snap, "iv", kind))
    return {"kind": kind, "ivShock": IV_SHOCK, "data": data, "currentPrice": num(_stats(snap).get("price")),
            "unit": field_units(("ivAdjustedVanna",))["ivAdjustedVanna"],
            "lastModified": iso(snap.ts)}


def historical_dates(ticker: str, ctx: Ctx) -> dict:
    return {"available_dates": [d.isoformat() for d in reader().available_dates(ticker, until=ctx.cutoff)]}


def historical_times(ticker: str, day: date, ctx: Ctx) -> dict:
    times = [t for t in reader().snapshot_times(ticker, day) if t <= ctx.cutoff]
    return {"available_time": sorted({t.astimezone(cal.NY).strftime("%H:%M") for t in times})}


def _finite(v: int | float) -> bool:
    try:
        return math.isfinite(float(v))
    except OverflowError:  # an integer beyond the float range (e.g. 10**400)
        return False


def screener(ctx: Ctx, body: dict) -> tuple[dict, dict]:
    """Validate a screener payload; returns (normalized params, compute args)."""
    if ctx.tier == "basic":
        raise ApiError(403, "upgrade_required", BASIC_SCREENER_MESSAGE)
    flag = check_choice(body.get("flag"), SCREENER_FLAGS, "flag", default="norm")
    raw_len = body.get("length", 25)
    if isinstance(raw_len, str) and raw_len.strip().isdigit():
        raw_len = int(raw_len)
    if not isinstance(raw_len, int) or isinstance(raw_len, bool) or raw_len not in SCREENER_LENGTHS:
        raise invalid("length", "'length' must be one of: 10, 25, 50, 100.")
    superlative = check_choice(body.get("superlative"), SCREENER_SUPERLATIVES, "superlative", default="least")
    greek = check_choice(body.get("greek"), SCREENER_GREEKS, "greek", default="gamma")
    tf_raw = body.get("timeFrame", body.get("time_frame"))
    field = "timeFrame" if "timeFrame" in body else ("time_frame" if "time_frame" in body else "timeFrame")
    time_frame = check_choice(tf_raw, SCREENER_TIMEFRAMES, field, default="three_months")
    rng = body.get("stockPriceRange") or {}
    if not isinstance(rng, dict):
        raise invalid("stockPriceRange", "'stockPriceRange' must be an object {min, max}.")
    lo, hi = rng.get("min"), rng.get("max")
    for name, v in (("min", lo), ("max", hi)):
        if v is not None and (isinstance(v, bool) or not isinstance(v, (int, float)) or not _finite(v)):
            raise invalid(f"stockPriceRange.{name}", f"'stockPriceRange.{name}' must be a number.")
    if lo is not None and lo < 0:
        raise invalid("stockPriceRange.min", "Minimum stock price has to be greater or equal to 0")
    if hi is not None and hi <= (lo or 0):
        raise invalid("stockPriceRange.max", "Maximum stock price has to be greater than minimal stock price")
    # The screener compares daily closes: the latest one visible at the tier's cut-off (a session's row
    # from its close on), never the close of a session still running.
    from data.store.query import daily_visible_through

    day = daily_visible_through(ctx.cutoff)
    params = {"flag": flag, "length": raw_len, "superlative": superlative, "greek": greek,
              "timeFrame": time_frame, "min": lo, "max": hi, "day": day.isoformat()}
    return params, {"day": day}


def _fmt(v: float) -> str:
    text = f"{v:.3f}".rstrip("0").rstrip(".")
    return "0" if text in ("-0", "") else text


def screener_results(params: dict, day: date) -> dict:
    """The screener's ranking, computed in ``data.compute.derived.screener_rank`` (methodology §4.8)."""
    df = reader().screener_inputs(day)
    flag, greek, tf = params["flag"], params["greek"], params["timeFrame"]
    rows = screener_rank(df, flag=flag, greek=greek, time_frame=tf, superlative=params["superlative"],
                         length=params["length"], price_min=params["min"], price_max=params["max"])
    return {"results": [f"{t}:{_fmt(v)}" for t, v in rows], "flag": flag, "greek": greek, "timeFrame": tf,
            "superlative": params["superlative"], "length": params["length"]}


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
    return {"totalTrades": int(s.get("totalTrades") or 0), "currentOpenTrades": int(s.get("currentOpenTrades") or 0),
            "numberTickers": int(s.get("numberTickers") or 0)}


def next_refresh(tier: str) -> dict:
    from data.clock import market_now, wall_for_market, wall_now

    replay = settings().replay_clock
    wall = wall_now()
    now = market_now(wall, replay=replay)
    off = offset_seconds()
    last = freshness.last_refresh(tier, now, off)
    nxt = freshness.next_refresh(tier, now, off)
    next_wall = wall_for_market(nxt, wall, replay=replay)
    return {"tier": tier, "nextRefresh": iso(next_wall),
            "lastRefresh": iso(wall_for_market(last, wall, replay=replay)),
            "serverTime": iso(wall), "marketTime": iso(now), "marketNextRefresh": iso(nxt),
            "marketLastRefresh": iso(last), "secondsToNextRefresh": max(0, int((next_wall - wall).total_seconds())),
            "replay": settings().replay_clock}


def stats_of(snap) -> dict:
    """The snapshot's statistics row (memoized per snapshot id); 404 when none was published."""
    return _stats(snap)
