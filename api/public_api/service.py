"""The public data API: request items, credits and the answer shapes.

Credits are charged one item at a time with one conditional UPDATE
(``balance = balance - 1 WHERE user_id = ? AND balance >= 1``), so concurrent requests can never spend
more than the balance: with M credits left, exactly M items are served however many requests race. An
item whose data cannot be produced (nothing published for that ticker) is refunded.
"""

from __future__ import annotations

from marshmallow import ValidationError
from sqlalchemy import select, update
from sqlalchemy.orm import Session

from api import catalog
from api.data import service as svc
from api.errors import ApiError
from api.models import ApiCreditAccount, User
from api.public_api import schemas
from data.units import field_units, units_for


def has_live_subscription(user: User) -> bool:
    ids = [s.product_id for s in user.subscriptions if s.kind == "regular" and s.status == "active"]
    return catalog.tier_for(ids) == "live"


def _bad(index: int, field: str, message: str, code: str = "bad_request") -> ApiError:
    key = f"requests[{index}].{field}" if field else f"requests[{index}]"
    return ApiError(400, code, f"Item {index} ({key}): {message}", {key: [message]})


def _first(messages) -> str:
    return messages[0] if isinstance(messages, list) else _first(next(iter(messages.values())))


def _load_item(index: int, item) -> dict:
    """One item through its request type's schema; the store is asked about the ticker once its form is
    right. The first failure a reader would fix is reported: a missing field, the ticker, then the others."""
    try:
        rtype = schemas.Item().load(item)["request_type"]
        return schemas.ITEM_SCHEMAS[rtype]().load(item)
    except ValidationError as e:
        errors = e.messages if isinstance(e.messages, dict) else {"_schema": e.messages}
    if "_schema" in errors:
        raise _bad(index, "", _first(errors["_schema"]))
    if "request_type" in errors:
        raise _bad(index, "request_type", _first(errors["request_type"]))
    missing = [f for f in schemas.REQUIRED[rtype] if _first(errors.get(f, [""])).endswith(f" is required for {rtype}.")]
    order = missing or (["ticker"] if "ticker" in errors else [])
    if not order:
        _known_ticker(index, item["ticker"].strip())
        order = [f for f in errors]
    raise _bad(index, order[0], _first(errors[order[0]]))


def _known_ticker(index: int, ticker: str) -> str:
    try:
        return svc.known_ticker(ticker)
    except ApiError as e:  # well-formed, but not a ticker the store carries
        raise _bad(index, "ticker", e.message, "unknown_ticker") from None


def validate(body) -> list[dict]:
    """Check the whole body before anything is charged; return normalized items (a greek sent as null
    where none is needed is left out)."""
    try:
        items = schemas.RequestsSchema().load(body if isinstance(body, dict) else {})["requests"]
    except ValidationError as e:
        sentence = _first(e.messages.get("requests", ["A list of request items is required."]))
        raise ApiError(400, "bad_request", schemas.LIST_MESSAGES.get(sentence, schemas.FORMAT_MESSAGE),
                       {"requests": [sentence]}) from None
    out = []
    for i, item in enumerate(items):
        norm = _load_item(i, item)
        _known_ticker(i, norm["ticker"])
        out.append({k: x for k, x in norm.items() if x is not None})
    return out


# ---------------------------------------------------------------- credits


def charge_one(db: Session, user_id: int) -> bool:
    """Spend one credit; False when none is left. One conditional UPDATE, committed at once."""
    result = db.execute(
        update(ApiCreditAccount)
        .where(ApiCreditAccount.user_id == user_id, ApiCreditAccount.balance >= 1)
        .values(balance=ApiCreditAccount.balance - 1)
    )
    db.commit()
    return result.rowcount == 1


def refund_one(db: Session, user_id: int) -> None:
    db.execute(update(ApiCreditAccount).where(ApiCreditAccount.user_id == user_id)
               .values(balance=ApiCreditAccount.balance + 1))
    db.commit()


def balance(db: Session, user_id: int) -> int:
    value = db.execute(select(ApiCreditAccount.balance).where(ApiCreditAccount.user_id == user_id)).scalar()
    return int(value or 0)


# ---------------------------------------------------------------- answers


def strike_text(strike: float) -> str:
    """A strike as the wire writes it: the shortest decimal, without a trailing ``.0`` (5900, 597.5)."""
    value = float(strike)
    return str(int(value)) if value.is_integer() else repr(value)


def whole(value) -> int | None:
    """A count or dollar figure the wire carries as an integer (rounded half to even); null stays null."""
    f = svc.num(value)
    return None if f is None else int(round(f))


def lis_list(value) -> list:
    """The LIS as the wire writes it: always a list of numbers (one level, a pair, or empty when there is
    none); a level that could not be computed is left out rather than sent as null."""
    values = value if isinstance(value, (list, tuple)) else [value]
    return [v for v in values if v is not None]


def item_data(item: dict, ctx: svc.Ctx) -> dict:
    ticker = item["ticker"]
    snap = svc.live_snapshot(ticker, ctx)
    rtype = item["request_type"]
    if rtype == "exposure_request":
        if item["expirations"] == ["*"]:
            chosen = None
        else:
            wanted = set(item["expirations"])
            chosen = [d for d in svc.snap_expirations(snap) if d.isoformat() in wanted]
        payload = svc.exposure_payload(snap, item["greek"], item["kind"], chosen, False, ticker)
        # Two aligned lists: strikes[i] (text) carries exposures[i] (a number).
        return {"strikes": [strike_text(p["strike"]) for p in payload["data"]],
                "exposures": [float(p["value"]) for p in payload["data"]],
                "lastModified": payload["lastModified"], "currentPrice": svc.num(payload["currentPrice"]),
                "unit": payload["unit"]}
    if rtype == "heatmap_request":
        return _heatmap(item, snap, ctx)
    if rtype in ("volume_oi_request", "put_call_request", "prints_request"):
        return _flow(item, snap, ctx)
    if rtype in VOLATILITY_REQUESTS:
        return _volatility(rtype, snap)
    if rtype == "trend_request":
        t = svc.greek_trend(snap, item["greek"])
        return {"trend": t["trend"], "unit": t["unit"], "lastModified": t["lastModified"]}
    if rtype == "paradigm_request":
        p = svc.paradigm(snap)
        # Typed clients read the time under "last-modified"; "lastModified" is kept for the others.
        return {"paradigm": p["paradigm"], "target": p["target"], "lis": lis_list(p["lis"]),
                "lastModified": p["lastModified"], "last-modified": p["lastModified"]}
    if rtype == "levels_request":
        from api.data.levels.service import session_candles, session_levels

        day = svc.session_day(snap)
        rows = session_levels(ticker, day, snap.ts, None)
        return {"levels": [{**r, "lis": lis_list(r["lis"])} for r in rows],
                "candles": session_candles(ticker, day, snap.ts), "lastModified": svc.iso(snap.ts)}
    if rtype == "scorecard_request":
        from api.alerts.scorecard import scorecard

        card = scorecard(ticker, ctx.cutoff)
        return {k: card[k] for k in ("asOf", "sessions", "firstSession", "lastSession", "holdDistancePercent",
                                     "confidence", "simulated", "levels")}
    stats = svc.stats_of(snap)
    if rtype == "zerodte_request":
        return {"dealer_premium": svc.num(stats.get("zeroDteDealerPremium")),
                "option_volume": whole(stats.get("total_0dte_opt_vol")),
                "zerodte_agg_charm": whole(stats.get("zerodte_agg_charm")),
                "units": {"dealer_premium": field_units(("zeroDteDealerPremium",))["zeroDteDealerPremium"],
                          "zerodte_agg_charm": units_for("charm", svc.num(stats.get("price")))},
                "lastModified": svc.iso(snap.ts)}
    return {"vannaInertia": svc.num(stats.get("vannaStochastic")),
            "totalDealerPremium": svc.num(stats.get("dealerPremium")),
            "DADS": svc.num(stats.get("deltaAdjustedDealerSpread")),
            "DAP": svc.num(stats.get("deltaAdjustedDealerPremium")),
            "units": {"vannaInertia": field_units(("vannaStochastic",))["vannaStochastic"],
                      "totalDealerPremium": field_units(("dealerPremium",))["dealerPremium"],
                      "DADS": field_units(("deltaAdjustedDealerSpread",))["deltaAdjustedDealerSpread"],
                      "DAP": field_units(("deltaAdjustedDealerPremium",))["deltaAdjustedDealerPremium"]},
            "lastModified": svc.iso(snap.ts)}


def _heatmap(item: dict, snap, ctx: svc.Ctx) -> dict:
    """The session heatmap of the data route (``api.data.heatmap``) for every expiration or the dates listed,
    with the default strike range; cached with the route's answers."""
    from api.data.heatmap.service import cached_heatmap, heatmap_params
    from domain.vocabulary import HEATMAP_STRIKE_RANGE_PERCENT

    if item["expirations"] == ["*"]:
        selection = {"option": "ALL", "from": None, "to": None, "dates": None}
    else:
        # Exactly the listed dates the snapshot has, as exposure_request sums them.
        selection = {"option": "SPECIFIC", "from": None, "to": None, "dates": list(item["expirations"])}
    args = {"greek": item["greek"], "kind": item["kind"], "range": HEATMAP_STRIKE_RANGE_PERCENT[2],
            "expirations": selection}
    params = heatmap_params(args, snap, ctx)
    m = cached_heatmap(snap, params, ctx)
    return {k: m[k] for k in ("times", "strikes", "values", "spot", "strikeRange", "unit", "lastModified")}


def _flow(item: dict, snap, ctx: svc.Ctx) -> dict:
    """The flow routes' answers (``api.data.flow``) with their default parameters; cached with them."""
    from api.data.flow import service as flow

    rtype = item["request_type"]
    if rtype == "put_call_request":
        body = flow.cached("put_call", snap, {"ticker": snap.ticker}, lambda: flow.balance(snap))
        return {k: body[k] for k in ("bucketMinutes", "current", "previous", "lastModified")}
    if rtype == "prints_request":
        args = {"minPremium": 0.0, "side": "all", "sort": "premium", "page": 1, "pageSize": 50,
                "expirations": {"option": "ALL", "from": None, "to": None, "dates": None}}
        params = flow.tape_params(args, snap, ctx)
        body = flow.cached("prints", snap, params, lambda: flow.tape(snap, params, ctx))
        return {k: body[k] for k in ("total", "prints", "lastModified")}
    if item["expirations"] == ["*"]:
        selection = {"option": "ALL", "from": None, "to": None, "dates": None}
    else:
        selection = {"option": "SPECIFIC", "from": None, "to": None, "dates": list(item["expirations"])}
    params = flow.volume_oi_params({"range": 10, "expirations": selection}, snap, ctx)
    body = flow.cached("volume_oi", snap, params, lambda: flow.volume_oi(snap, params, ctx))
    return {k: body[k] for k in ("strikes", "callVolume", "putVolume", "callOpenInterest", "putOpenInterest",
                                 "callOpenInterestChange", "putOpenInterestChange", "previousSnapshot",
                                 "lastModified")}
# The volatility items: the data route's answer (methodology §4.17–§4.19) without what the item already says.
VOLATILITY_REQUESTS = {"term_structure_request": "term", "skew_request": "skew", "iv_rank_request": "rank"}
_VOL_DROP = ("source", "sourceDelay", "ticker", "currentPrice", "expirations")


def _volatility(rtype: str, snap) -> dict:
    from api.data.volatility import service as vol

    which = VOLATILITY_REQUESTS[rtype]
    if which == "term":
        body = vol.cached("vol-term", snap, {"t": snap.ticker}, lambda: vol.term_structure(snap))
    elif which == "skew":
        params = vol.skew_params({}, snap)
        body = vol.cached("vol-skew", snap, params, lambda: vol.skew(snap, params))
    else:
        body = vol.cached("vol-rank", snap, {"t": snap.ticker}, lambda: vol.iv_rank(snap))
    return {k: x for k, x in body.items() if k not in _VOL_DROP}


OUT_OF_CREDITS = {"code": "out_of_credits", "message": "No API credits left for this item."}


def serve(db: Session, user_id: int, items: list[dict], ctx: svc.Ctx) -> tuple[list[dict], int, int]:
    """Charge and answer the items in order.

    Returns ``(answers, served, unpaid)``: ``answers[i]`` answers ``items[i]`` (the item's fields, then
    ``data``, or ``data: null`` and ``error``), ``served`` items carry data and ``unpaid`` items could not
    be charged (credits ran out before them). An item whose data cannot be produced keeps its place with
    its error and is refunded.
    """
    answers: list[dict] = []
    served = unpaid = 0
    for item in items:
        echo = dict(item)
        if unpaid or not charge_one(db, user_id):
            unpaid += 1
            answers.append({**echo, "data": None, "error": dict(OUT_OF_CREDITS)})
            continue
        try:
            echo["data"] = item_data(item, ctx)
            served += 1
        except (ApiError, LookupError) as exc:
            refund_one(db, user_id)
            echo["data"] = None
            echo["error"] = {"code": getattr(exc, "code", "no_data"),
                             "message": getattr(exc, "message", None) or str(exc)}
        answers.append(echo)
    return answers, served, unpaid
