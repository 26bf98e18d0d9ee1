"""``/api/v1/data``: the dashboard's market data, behind the data token.

Every answer is the data a subscriber's tier may see (``api.freshness``): the latest snapshot published at
or before the tier's most recent refresh, with ``lastModified`` the snapshot time (ISO-8601 UTC). Bodies
are cached in Redis by (route, normalized parameters, snapshot id) — see ``api.cache``.
"""

from __future__ import annotations

from flask import Response, g, request
from flask_smorest import Blueprint

from api import cache
from api.data import schemas as s
from api.data import service as svc
from api.extensions import limiter
from api.security import data_token_required

blp = Blueprint("data", __name__, url_prefix="/api/v1/data",
                description="Market data for the dashboard (data token; freshness set by the subscription tier)")

LM = s.LAST_MODIFIED
# Dashboards poll these routes; no rate limit applies to them, so skip the limiter's per-request checks.
limiter.exempt(blp)


@blp.record_once
def _snapshot_settings(state) -> None:
    # Settings are read once when the app is created; requests then never re-read the environment.
    cache.snapshot_settings(state.app)


def _body_doc(schema, example: dict) -> dict:
    """Document a JSON body without webargs parsing it (the view validates it with clear messages)."""
    return {"requestBody": {"required": True, "content": {"application/json": {"schema": schema,
                                                                              "example": example}}}}


def _json(body: bytes, hit: bool | None = None) -> Response:
    body = _with_source(body)
    resp = Response(body, status=200, mimetype="application/json")
    resp.headers["Cache-Control"] = "private, no-cache"
    if hit is not None:
        resp.headers["X-Cache"] = "hit" if hit else "miss"
    return resp


def _with_source(body: bytes) -> bytes:
    """Every answer states where its numbers come from: ``source`` and ``sourceDelay`` (seconds) are added
    to an object body, and both travel as ``X-Data-Source``/``X-Data-Delay`` headers (data.store.provenance)."""
    from data.store import provenance

    ticker = request.args.get("ticker")
    if ticker is None and request.is_json:
        payload = request.get_json(silent=True, cache=True)
        ticker = payload.get("ticker") if isinstance(payload, dict) else None
    body, g.data_source = provenance.stamp(body, ticker if isinstance(ticker, str) else None,
                                           svc.settings().store_path)
    return body


@blp.after_request
def _source_headers(resp: Response) -> Response:
    info = g.get("data_source")
    if info:
        resp.headers["X-Data-Source"] = info["source"]
        resp.headers["X-Data-Delay"] = "" if info["sourceDelay"] is None else str(info["sourceDelay"])
    return resp


def _reply(route: str, params: dict, snap_ids: list[str], compute) -> Response:
    body, hit = cache.cached_json(route, params, snap_ids, compute, svc.dumps)
    return _json(body, hit)


def _ctx() -> svc.Ctx:
    ctx = g.get("_data_ctx")
    if ctx is None:
        ctx = g._data_ctx = svc.make_ctx(g.data_tier)
    return ctx


_VERIFIED_MAX = 10_000
_verified: dict[str, tuple[int, str, float]] = {}


def data_token(view):
    """``data_token_required``, remembering each token it accepted until that token expires.

    The same token string seen again needs no second signature check or session lookup: the hot path
    skips both. Tokens are only remembered after ``data_token_required`` accepted them, with the tier it
    derived. Ending a session clears this memory in every API process (``api.nodes``), so a token of an
    ended session is checked again, and refused, at its next request.
    """
    import time as _time
    from functools import wraps

    import jwt as pyjwt

    guarded = data_token_required(view)

    @wraps(guarded)
    def wrapper(*args, **kwargs):
        header = request.headers.get("Authorization", "")
        token = header[7:].strip() if header[:7].lower() == "bearer " else ""
        hit = _verified.get(token) if token else None
        if hit is not None and hit[2] > _time.time():
            g.user_id, g.data_tier = hit[0], hit[1]
            return view(*args, **kwargs)
        resp = guarded(*args, **kwargs)  # raises ApiError (401/403) when the token is refused
        if token and g.get("data_tier"):
            try:
                exp = float(pyjwt.decode(token, options={"verify_signature": False}).get("exp", 0))
            except pyjwt.PyJWTError:
                exp = 0.0
            if len(_verified) >= _VERIFIED_MAX:
                _verified.clear()
            _verified[token] = (g.user_id, g.data_tier, exp)
        return resp

    return wrapper


def _manifest_version() -> bytes:
    """The published manifest this process reads: its file identity and its generation (a manifest
    re-read after a publish announcement differs by generation even where its file looks the same)."""
    idx = svc.reader().index()
    return f"{idx.key}/{idx.manifest.get('generation', 0)}".encode()


def fast(view):
    """Process-local shortcut in front of the (route, parameters, snapshot) cache.

    The same raw request from the same tier, against the same published manifest and at the same
    cut-off and market minute, has the same answer: serve it before parsing anything. Only answers that
    went through the response cache (``X-Cache`` set) are remembered.
    """
    import hashlib
    from functools import wraps

    @wraps(view)
    def wrapper(*args, **kwargs):
        if svc.settings().cache_disabled:
            return view(*args, **kwargs)
        ctx = _ctx()
        raw = b"|".join((request.path.encode(), request.query_string, request.get_data(cache=True),
                         g.data_tier.encode(), ctx.cutoff.isoformat().encode(),
                         ctx.now.strftime("%Y%m%d%H%M").encode(), _manifest_version(),
                         cache.cache_prefix().encode()))
        key = "fast:" + hashlib.sha1(raw).hexdigest()
        body = cache.MEMORY.get(key)
        if body is not None:
            return _json(body, True)
        resp = view(*args, **kwargs)
        if isinstance(resp, Response) and resp.status_code == 200 and "X-Cache" in resp.headers:
            cache.MEMORY.put(key, resp.get_data())
        return resp

    return wrapper


def _snap_for(args: dict):
    """The snapshot a per-ticker route answers from: historical when ``date`` is given, else live."""
    ctx = _ctx()
    ticker = svc.check_ticker(args.get("ticker"))
    when = args.get("date")
    if when not in (None, ""):
        return ctx, ticker, svc.historical_snapshot(ticker, when, ctx)
    return ctx, ticker, svc.live_snapshot(ticker, ctx)


def _greek(args: dict, default: str = "gamma", allowed=svc.GREEKS) -> str:
    return svc.check_choice(args.get("greek"), allowed, "greek", default=default)


def _kind(args: dict) -> str:
    return svc.check_choice(args.get("kind"), svc.KINDS, "kind", default="both")


def _int_arg(args: dict, name: str, default: int, lo: int, hi: int) -> int:
    raw = args.get(name)
    if raw in (None, ""):
        return default
    try:
        value = int(str(raw).strip())
    except ValueError:
        raise svc.invalid(name, f"'{name}' must be a whole number from {lo} to {hi}.") from None
    if not lo <= value <= hi:
        raise svc.invalid(name, f"'{name}' must be a whole number from {lo} to {hi}.")
    return value


def _body() -> dict:
    data = request.get_json(silent=True)
    if not isinstance(data, dict):
        raise svc.invalid("_schema", "The request body must be a JSON object.", 400)
    return data


# ---------------------------------------------------------------- catalogue


@blp.route("/volland-live-api-tickers", methods=["GET"])
@data_token
@fast
@blp.arguments(s.TickersQuery, location="query")
@blp.response(200, s.TickersAnswer, example={"tickers": ["AAPL", "QQQ", "SPX", "SPY"]})
def tickers(args):
    """Tickers with data, by type: regular (default), 0dte (an expiration today) or all"""
    kind = svc.check_choice(args.get("type") or args.get("tickerType"), svc.TICKER_TYPES, "type", default="regular")
    return _json(svc.dumps(svc.tickers(_ctx(), kind)))


@blp.route("/volland-live-api-greeks", methods=["GET"])
@data_token
@fast
@blp.response(200, s.GreeksAnswer, example={"greeks": list(svc.GREEKS)})
def greeks():
    """The greeks every exposure route accepts"""
    return _json(svc.dumps({"greeks": list(svc.GREEKS)}))


@blp.route("/volland-live-api-expirations", methods=["GET"])
@data_token
@fast
@blp.arguments(s.ExpirationsQuery, location="query")
@blp.response(200, s.ExpirationsAnswer, example={"expirations": ["2026-01-02", "2026-01-05", "2026-01-16"]})
def expirations(args):
    """Expirations of a ticker (the tier's current snapshot, or the last one of ``date``).

    A null or empty ticker is a mixed widget group: the answer is the union of ``tickers`` or, without
    them, the generic index expirations (every trading day for 45 days, then monthly).
    """
    ctx = _ctx()
    raw = args.get("ticker")
    day = svc.parse_day(args["date"]) if args.get("date") else None

    def snap_of(t: str):
        if day is None:
            return svc.live_snapshot(t, ctx)
        return svc.historical_snapshot(t, day.isoformat(), ctx)

    if raw in (None, "", "null", "undefined"):
        names = [t for t in (args.get("tickers") or "").split(",") if t.strip()]
        if len(names) > 20:
            raise svc.invalid("tickers", "At most 20 tickers may be listed.")
        names = [svc.check_ticker(t, "tickers") for t in names]
        if not names:
            ref_day = day or ctx.cutoff.astimezone(svc.cal.NY).date()
            return _json(svc.dumps({"expirations": [d.isoformat() for d in svc.standard_expirations(ref_day)]}))
        snaps = [snap_of(t) for t in names]
        return _reply("expirations-mixed", {"tickers": names}, [x.snapshot_id for x in snaps],
                      lambda: {"expirations": sorted({d.isoformat() for x in snaps
                                                      for d in svc.snap_expirations(x)})})
    ticker = svc.check_ticker(raw)
    snap = snap_of(ticker)
    return _reply("expirations", {"ticker": ticker}, [snap.snapshot_id],
                  lambda: {"expirations": [d.isoformat() for d in svc.snap_expirations(snap)]})


# ---------------------------------------------------------------- exposure


@blp.route("/volland-exposure", methods=["POST"])
@data_token
@fast
@blp.doc(**_body_doc(s.ExposureBody, {"ticker": "SPX", "greek": "charm", "kind": "both",
                                        "expirations": {"option": "THIS_WEEK"}, "isCumulative": False}))
@blp.response(200, s.ExposureAnswer, example=s.EXPOSURE_EXAMPLE)
def exposure_post():
    """Dealer exposure by strike for a greek, kind and expirations selection (optionally cumulative)"""
    ctx = _ctx()
    params, snap = svc.exposure_request(ctx, _body())
    return _reply("exposure", params, [snap.snapshot_id], lambda: svc.exposure_compute(snap, params, ctx))


def _selection_from_query(args: dict) -> dict:
    option = args.get("expirations") or args.get("option") or "ALL"
    dates = args.get("dates")
    return {"option": option, "from": args.get("from_"), "to": args.get("to"),
            "dates": [d.strip() for d in dates.split(",") if d.strip()] if isinstance(dates, str) else dates}


@blp.route("/volland-live-api-exposure", methods=["GET"])
@data_token
@fast
@blp.arguments(s.ExposureQuery, location="query")
@blp.response(200, s.ExposureAnswer, example=s.EXPOSURE_EXAMPLE)
def exposure_get(args):
    """Query-string form of volland-exposure (``expirations`` is the option; CUSTOM uses ``from``/``to``,
    SPECIFIC uses comma-separated ``dates``; ``tickerType=0dte`` keeps today's expiration only)"""
    ctx = _ctx()
    body = {"ticker": args.get("ticker"), "greek": args.get("greek"), "kind": args.get("kind"),
            "isCumulative": args.get("isCumulative"), "expirations": _selection_from_query(args)}
    params, snap = svc.exposure_request(ctx, body)
    ticker_type = svc.check_choice(args.get("tickerType"), ("all", "regular", "0dte"), "tickerType", default="all")
    only = None
    if ticker_type == "0dte":
        svc.check_zero_dte(params["ticker"], ctx)
        only = [svc.session_day(snap)]
        params["zeroDte"] = True
    return _reply("exposure", params, [snap.snapshot_id], lambda: svc.exposure_compute(snap, params, ctx, only))


@blp.route("/volland-api-daily-exposure", methods=["GET"])
@data_token
@fast
@blp.arguments(s.ExposureQuery, location="query")
@blp.response(200, s.DailyExposureAnswer, example={**s.EXPOSURE_EXAMPLE, "date": "2026-01-02"})
def daily_exposure(args):
    """Exposure over all expirations at the last snapshot of a session (``date``, default the latest)"""
    ctx = _ctx()
    ticker = svc.check_ticker(args.get("ticker"))
    greek, kind = _greek(args), _kind(args)
    snap = (svc.historical_snapshot(ticker, svc.parse_day(args["date"]).isoformat(), ctx) if args.get("date")
            else svc.live_snapshot(ticker, ctx))
    return _reply("daily-exposure", {"t": ticker, "g": greek, "k": kind}, [snap.snapshot_id],
                  lambda: svc.daily_exposure(snap, greek, kind))


# ---------------------------------------------------------------- per-ticker figures


@blp.route("/volland-live-api-summary", methods=["GET"])
@data_token
@fast
@blp.arguments(s.TickerQuery, location="query")
@blp.response(200, s.SummaryAnswer, example={"price": 5903.2, "previousClose": 5881.6, "vix": 15.8,
                                            "previousVix": 16.4, "notionalVolume": 8.7e9,
                                            "vannaStochastic": 0.42, "lastModified": LM})
def summary(args):
    """Ticker summary: price, previous close, VIX, notional volume and vanna stochastic"""
    _, ticker, snap = _snap_for(args)
    return _reply("summary", {"t": ticker}, [snap.snapshot_id], lambda: svc.summary(snap))


@blp.route("/volland-live-api-aggregate-greeks", methods=["GET"])
@data_token
@fast
@blp.arguments(s.TickerGreekQuery, location="query")
@blp.response(200, s.AggregateAnswer, example={"greek": "vanna", "aggregate": -1.84e9, "lastModified": LM})
def aggregate_greeks(args):
    """Aggregate dealer exposure of one greek over every strike and expiration"""
    _, ticker, snap = _snap_for(args)
    greek = _greek(args)
    return _reply("aggregate", {"t": ticker, "g": greek}, [snap.snapshot_id], lambda: svc.aggregate(snap, greek))


@blp.route("/volland-live-api-candles", methods=["GET"])
@data_token
@fast
@blp.arguments(s.CandlesQuery, location="query")
@blp.response(200, s.CandlesAnswer, example={"candles": [{"t": "2026-01-02T14:30:00Z", "open": 5890.1,
                                                         "high": 5897.4, "low": 5888.0, "close": 5895.2}],
                                            "frequency": 10, "lastModified": LM})
def candles(args):
    """Intraday price candles of the snapshot's session up to the snapshot (frequency in minutes)"""
    _, ticker, snap = _snap_for(args)
    freq = args.get("frequency") or "10"
    try:
        freq_i = int(str(freq))
    except ValueError:
        freq_i = -1
    if freq_i not in svc.FREQUENCIES:
        raise svc.invalid("frequency", "'frequency' must be one of: 1, 5, 10, 15, 30, 60 (minutes).")
    return _reply("candles", {"t": ticker, "f": freq_i}, [snap.snapshot_id], lambda: svc.candles(snap, freq_i))


@blp.route("/volland-live-api-vanna-plane", methods=["GET"])
@data_token
@fast
@blp.arguments(s.TickerQuery, location="query")
@blp.response(200, s.PlaneAnswer, example={"times": ["2026-01-02T14:30:00Z", "2026-01-02T14:35:00Z"],
                                          "strikes": [5900.0, 5905.0], "z": [[1.2e7, -3.0e6], [1.1e7, -2.5e6]],
                                          "currentPrice": 5903.2, "lastModified": LM})
def vanna_plane(args):
    """Vanna exposure by strike (columns) at every snapshot of the session so far (rows)"""
    _, ticker, snap = _snap_for(args)
    return _reply("vanna-plane", {"t": ticker}, [snap.snapshot_id], lambda: svc.vanna_plane(snap))


SURFACE_EXAMPLE = {"greek": "iv", "kind": "both", "expirations": ["2026-01-02", "2026-01-16"],
                   "strikes": [5800.0, 5900.0, 6000.0], "z": [[0.18, 0.15, 0.13], [0.19, 0.17, 0.15]],
                   "currentPrice": 5903.2, "lastModified": LM}


@blp.route("/volland-live-api-iv_plane", methods=["GET"])
@data_token
@fast
@blp.arguments(s.TickerGreekKindQuery, location="query")
@blp.response(200, s.SurfaceAnswer, example=SURFACE_EXAMPLE)
def iv_plane(args):
    """Implied volatility surface: expirations (rows) by strikes (columns)"""
    _, ticker, snap = _snap_for(args)
    kind = _kind(args)
    return _reply("surface", {"t": ticker, "v": "iv", "k": kind}, [snap.snapshot_id],
                  lambda: svc.surface(snap, "iv", kind))


@blp.route("/volland-live-api-3d-greeks", methods=["POST"])
@data_token
@fast
@blp.doc(**_body_doc(s.SurfaceBody, {"ticker": "SPX", "greek": "gamma", "kind": "both"}))
@blp.response(200, s.SurfaceAnswer, example={**SURFACE_EXAMPLE, "greek": "gamma", "z": [[1e7, 4e7, 9e6],
                                                                                         [2e6, 8e6, 3e6]]})
def greeks_3d():
    """Surface of one greek's exposure (or iv) over expirations and strikes"""
    body = _body()
    _, ticker, snap = _snap_for(body)
    value = svc.check_choice(body.get("greek"), svc.SURFACE_VALUES, "greek", default="iv")
    kind = _kind(body)
    return _reply("surface", {"t": ticker, "v": value, "k": kind}, [snap.snapshot_id],
                  lambda: svc.surface(snap, value, kind))


@blp.route("/volland-live-api-scatterplot", methods=["GET"])
@data_token
@fast
@blp.arguments(s.TickerQuery, location="query")
@blp.response(200, s.ScatterAnswer, example={"rValue": -0.78, "slope": -0.71, "currentRatio": 1.2,
                                            "scatterPoints": [{"x": -1.2, "y": 1.1, "date": "2025-12-30"}],
                                            "currentPoint": {"x": 0.37, "y": -0.6}, "lastModified": LM})
def scatterplot(args):
    """Spot-vol statistics: daily VIX point change against the ticker's % change (252 sessions)"""
    _, ticker, snap = _snap_for(args)
    return _reply("scatter", {"t": ticker}, [snap.snapshot_id], lambda: svc.scatterplot(snap))


@blp.route("/volland-live-api-greek-trend", methods=["GET"])
@data_token
@fast
@blp.arguments(s.TickerGreekQuery, location="query")
@blp.response(200, s.TrendAnswer, example={"greek": "vanna", "trend": [{"x": "2025-12-31", "y": -1.7e9}],
                                          "historicalAverage": -1.2e9, "currentAggregate": -1.84e9,
                                          "lastModified": LM})
def greek_trend(args):
    """Daily aggregate of a greek over the last 180 days with its 126-session average"""
    _, ticker, snap = _snap_for(args)
    greek = _greek(args)
    return _reply("trend", {"t": ticker, "g": greek}, [snap.snapshot_id], lambda: svc.greek_trend(snap, greek))


@blp.route("/volland-live-api-premium", methods=["GET"])
@data_token
@fast
@blp.arguments(s.TickerQuery, location="query")
@blp.response(200, s.PremiumAnswer, example={"dealerPremium": -3.2e7, "zeroDteDealerPremium": -4.1e6,
                                            "lastModified": LM})
def premium(args):
    """Dealer premium, all expirations and 0DTE"""
    _, ticker, snap = _snap_for(args)
    return _reply("premium", {"t": ticker}, [snap.snapshot_id], lambda: svc.premium(snap))


@blp.route("/volland-live-api-dealer-liquidity", methods=["GET"])
@data_token
@fast
@blp.arguments(s.TickerQuery, location="query")
@blp.response(200, s.LiquidityAnswer, example={"deltaAdjustedDealerSpread": 1.4e8,
                                              "dayToDayDeltaAdjustedDealerSpread": -2.0e7,
                                              "deltaAdjustedDealerPremium": 5.5e7, "lastModified": LM})
def dealer_liquidity(args):
    """Delta-adjusted dealer spread (and its day-to-day change) and delta-adjusted dealer premium"""
    _, ticker, snap = _snap_for(args)
    return _reply("liquidity", {"t": ticker}, [snap.snapshot_id], lambda: svc.liquidity(snap))


@blp.route("/volland-live-api-agg_charm", methods=["GET"])
@data_token
@fast
@blp.arguments(s.TickerQuery, location="query")
@blp.response(200, s.AggCharmAnswer, example={"greek": "charm", "aggregate": -2.1e8, "zerodte_agg_charm": -6.5e7,
                                             "series": [{"t": "2026-01-02T14:30:00Z", "aggregate": -1.9e8,
                                                         "zeroDte": -5.0e7}], "lastModified": LM})
def agg_charm(args):
    """Aggregate charm (all expirations and 0DTE) now and through the session so far"""
    _, ticker, snap = _snap_for(args)
    return _reply("agg-charm", {"t": ticker}, [snap.snapshot_id], lambda: svc.agg_charm(snap))


@blp.route("/volland-live-api-eod", methods=["GET"])
@data_token
@fast
@blp.arguments(s.DaysQuery, location="query")
@blp.response(200, s.EodAnswer, example={"ticker": "SPX", "eod": [{"date": "2025-12-31", "close": 5881.6,
                                                                   "vixClose": 16.4,
                                                                   "aggregates": {"gamma": 2.2e9}}],
                                        "lastModified": LM})
def eod(args):
    """End-of-day closes, VIX closes and greek aggregates for the last ``days`` calendar days"""
    _, ticker, snap = _snap_for(args)
    days = _int_arg(args, "days", 30, 1, 400)
    return _reply("eod", {"t": ticker, "d": days}, [snap.snapshot_id], lambda: svc.eod(snap, days))


@blp.route("/volland-live-api-ges_strike_list", methods=["GET"])
@data_token
@fast
@blp.arguments(s.StrikeListQuery, location="query")
@blp.response(200, s.StrikeListAnswer, example={"greek": "gamma", "kind": "both",
                                               "strikes": [{"strike": 6000.0, "value": 3.1e9}],
                                               "currentPrice": 5903.2,
                                               "levels": {"zeroGamma": 5880.0, "callWall": 6000.0,
                                                          "putWall": 5800.0}, "lastModified": LM})
def ges_strike_list(args):
    """Greek exposure strike list: the strikes with the largest absolute exposure, largest first"""
    _, ticker, snap = _snap_for(args)
    greek, kind = _greek(args), _kind(args)
    limit = _int_arg(args, "limit", 10, 1, 100)
    return _reply("ges", {"t": ticker, "g": greek, "k": kind, "l": limit}, [snap.snapshot_id],
                  lambda: svc.ges_strike_list(snap, greek, kind, limit))


@blp.route("/volland-live-api-iv-adjusted-vanna", methods=["GET"])
@data_token
@fast
@blp.arguments(s.TickerGreekKindQuery, location="query")
@blp.response(200, s.IvVannaAnswer, example={"kind": "both", "ivShock": 0.1,
                                            "data": [{"strike": 5900.0, "value": 2.4e6, "vanna": 1.6e8,
                                                      "iv": 0.15}], "currentPrice": 5903.2, "lastModified": LM})
def iv_adjusted_vanna(args):
    """Vanna by strike scaled to a 10 % relative move of that strike's implied volatility (dollars of delta)"""
    _, ticker, snap = _snap_for(args)
    kind = _kind(args)
    return _reply("iv-vanna", {"t": ticker, "k": kind}, [snap.snapshot_id],
                  lambda: svc.iv_adjusted_vanna(snap, kind))


# ---------------------------------------------------------------- 0DTE


@blp.route("/zero_dte/tickers", methods=["GET"])
@data_token
@fast
@blp.response(200, s.TickersAnswer, example={"tickers": ["QQQ", "SPX", "SPY"]})
def zero_dte_tickers():
    """Tickers with an expiration on the session date (the 0DTE list)"""
    return _json(svc.dumps({"tickers": svc.zero_dte_tickers(_ctx())}))


def _zero_dte_snap(args: dict):
    ctx, ticker, snap = _snap_for(args)
    svc.check_zero_dte(ticker, ctx)
    return ctx, ticker, snap


@blp.route("/zero_dte/volland-live-api-zero-dte", methods=["GET"])
@data_token
@fast
@blp.arguments(s.TickerQuery, location="query")
@blp.response(200, s.ZeroDteAnswer, example={"paradigm": "GEX-PURE", "target": 5925.0, "lis": 5880.0,
                                            "zerodte_agg_charm": -6.5e7, "total_0dte_opt_vol": 1.9e6,
                                            "lastModified": LM})
def zero_dte_panel(args):
    """0DTE panel: paradigm, target, LIS, 0DTE aggregate charm and option volume"""
    _, ticker, snap = _zero_dte_snap(args)
    return _reply("zdte", {"t": ticker}, [snap.snapshot_id], lambda: svc.zero_dte_panel(snap))


@blp.route("/zero_dte/exposure/volland-live-api-zero-dte", methods=["GET"])
@data_token
@fast
@blp.arguments(s.TickerGreekKindQuery, location="query")
@blp.response(200, s.ExposureAnswer, example=s.EXPOSURE_EXAMPLE)
def zero_dte_exposure(args):
    """Exposure of the 0DTE expiration only"""
    ctx, ticker, snap = _zero_dte_snap(args)
    body = {"ticker": ticker, "greek": args.get("greek"), "kind": args.get("kind"),
            "isCumulative": args.get("isCumulative"), "expirations": {"option": "TODAY"}}
    params, snap = svc.exposure_request(ctx, body)
    only = [svc.session_day(snap)]
    return _reply("zdte-exposure", params, [snap.snapshot_id], lambda: svc.exposure_compute(snap, params, ctx, only))


@blp.route("/zero_dte/volland-live-api-paradigm", methods=["GET"])
@data_token
@fast
@blp.arguments(s.TickerQuery, location="query")
@blp.response(200, s.ParadigmAnswer, example={"paradigm": "BofA-LIS", "target": None, "lis": [5850.0, 5950.0],
                                             "lastModified": LM})
def zero_dte_paradigm(args):
    """0DTE paradigm with its target and lines in the sand"""
    _, ticker, snap = _zero_dte_snap(args)
    return _reply("paradigm", {"t": ticker}, [snap.snapshot_id], lambda: svc.paradigm(snap))


@blp.route("/zero_dte/volland-live-api-charm-balance", methods=["GET"])
@data_token
@fast
@blp.arguments(s.TickerQuery, location="query")
@blp.response(200, s.CharmBalanceAnswer, example={"data": [{"strike": 5900.0, "value": -1.2e7}],
                                                 "aggregate": -6.5e7, "currentPrice": 5903.2, "lastModified": LM})
def charm_balance(args):
    """0DTE charm by strike and its total"""
    _, ticker, snap = _zero_dte_snap(args)
    return _reply("charm-balance", {"t": ticker}, [snap.snapshot_id], lambda: svc.charm_balance(snap))


# ---------------------------------------------------------------- screener


@blp.route("/screener", methods=["POST"])
@data_token
@fast
@blp.doc(**_body_doc(s.ScreenerBody, {"flag": "norm", "length": 25, "superlative": "greatest", "greek": "gamma",
                                        "timeFrame": "three_months", "stockPriceRange": {"min": 0, "max": 500}}))
@blp.response(200, s.ScreenerAnswer, example={"results": ["NVDA:1.254", "TSLA:0.981"], "flag": "norm",
                                             "greek": "gamma", "timeFrame": "three_months",
                                             "superlative": "greatest", "length": 25})
@blp.alt_response(403, description="Basic tier: 'In order to use this widget, please upgrade the subscription "
                                   "to Volland 30 or higher.'")
def screener():
    """Rank tickers by the change of a greek aggregate (or price) over a time frame; answers ``name:value``"""
    ctx = _ctx()
    params, extra = svc.screener(ctx, _body())
    daily_version = [params["day"], *svc.reader().index().daily_files]
    return _reply("screener", params, daily_version, lambda: svc.screener_results(params, extra["day"]))


# ---------------------------------------------------------------- historical


@blp.route("/historical/volland-live-api-dates", methods=["GET"])
@data_token
@fast
@blp.arguments(s.TickerQuery, location="query")
@blp.response(200, s.DatesAnswer, example={"available_dates": ["2025-12-31", "2026-01-02"]})
def historical_dates(args):
    """Session dates with published snapshots for a ticker"""
    ctx = _ctx()
    ticker = svc.check_ticker(args.get("ticker"))
    return _json(svc.dumps(svc.historical_dates(ticker, ctx)))


@blp.route("/historical/volland-live-api-times", methods=["GET"])
@data_token
@fast
@blp.arguments(s.TimesQuery, location="query")
@blp.response(200, s.TimesAnswer, example={"available_time": ["09:30", "09:35", "09:40"]})
def historical_times(args):
    """Snapshot times (HH:mm, New York) of a ticker on a date"""
    ctx = _ctx()
    ticker = svc.check_ticker(args.get("ticker"))
    if not args.get("date"):
        raise svc.invalid("date", "'date' is required (yyyy-MM-dd).")
    day = svc.parse_day(args.get("date"))
    return _json(svc.dumps(svc.historical_times(ticker, day, ctx)))


@blp.route("/historical/volland-live-api-data", methods=["POST"])
@data_token
@fast
@blp.doc(**_body_doc(s.HistoricalBody, {"ticker": "SPX", "greek": "gamma", "kind": "both",
                                          "expirations": {"option": "ALL"}, "date": "2026-01-02 15:05",
                                          "isCumulative": False}))
@blp.response(200, s.ExposureAnswer, example=s.EXPOSURE_EXAMPLE)
def historical_data():
    """Exposure at a past snapshot (``date`` in New York time, 'yyyy-MM-dd HH:mm')"""
    ctx = _ctx()
    params, snap = svc.exposure_request(ctx, _body(), historical=True)
    return _reply("exposure", params, [snap.snapshot_id], lambda: svc.exposure_compute(snap, params, ctx))


# ---------------------------------------------------------------- schedule


@blp.route("/next-refresh", methods=["GET"])
@data_token
@fast
@blp.response(200, s.NextRefreshAnswer, example={
    "tier": "live", "nextRefresh": "2026-01-02T15:10:30Z", "lastRefresh": "2026-01-02T15:05:30Z",
    "serverTime": "2026-01-02T15:07:12Z", "marketTime": "2026-01-02T15:07:12Z",
    "marketNextRefresh": "2026-01-02T15:10:30Z", "marketLastRefresh": "2026-01-02T15:05:30Z",
    "secondsToNextRefresh": 198, "replay": False, "stalled": False, "lastPublished": "2026-01-02T15:05:00Z",
    "stalledSince": None})
def next_refresh():
    """When the tier's data next changes (wall-clock ISO UTC) for the header countdown, and whether the
    snapshot refresh is stalled (market open, nothing published for two 5-minute refreshes)"""
    from datetime import datetime

    from jobs import health

    answer = svc.next_refresh(g.data_tier)
    market_now = datetime.fromisoformat(answer["marketTime"].replace("Z", "+00:00"))
    answer.update(health.check(market_now, offset_seconds=svc.offset_seconds()))
    return _json(svc.dumps(answer))
