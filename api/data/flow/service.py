"""Flow answers (docs/methodology.md §4.14–4.16), computed in ``data.compute.flow`` from the store's rows."""

from __future__ import annotations

import json
from datetime import UTC, datetime, time

import pyarrow as pa

from api import cache
from api.data import service as svc
from data.compute import flow
from domain import market_calendar as cal
from domain.timestamps import parse_iso


# ---------------------------------------------------------------- volume and open interest by strike


def volume_oi_params(args: dict, snap, ctx: svc.Ctx) -> dict:
    historical = args.get("date") is not None
    return {"ticker": snap.ticker, "range": args["range"],
            "expirations": svc.expirations_key(args["expirations"], snap, ctx, historical)}


def volume_oi(snap, params: dict, ctx: svc.Ctx) -> dict:
    """Volume and open interest per strike at ``snap`` within the range around its price; the change of open
    interest against the previous session's last snapshot (§4.14)."""
    chosen = svc.resolve_expirations(snap, params["expirations"], ctx)
    r = svc.reader()
    price = svc.snapshot_price(snap)
    pct = params["range"] / 100.0
    low, high = (price * (1 - pct), price * (1 + pct)) if price is not None else (0.0, float("inf"))
    if chosen is not None and not chosen:
        today = r.volume_oi(snap, [], low, high)
    else:
        today = r.volume_oi(snap, chosen, low, high)
    prev_snap = r.previous_session_close(snap)
    previous = None
    if prev_snap is not None:
        previous = r.volume_oi(prev_snap, chosen if chosen is not None else None, low, high)
    body = flow.volume_oi(today, previous)
    exps = svc.snap_expirations(snap) if chosen is None else chosen
    return {"ticker": snap.ticker, "expirations": [d.isoformat() for d in exps], **body,
            "previousSnapshot": svc.iso(prev_snap.ts) if prev_snap is not None else None,
            "currentPrice": price,
            "strikeRange": {"percent": params["range"], "low": svc.num(low) if price is not None else None,
                            "high": svc.num(high) if price is not None else None},
            "lastModified": svc.iso(snap.ts)}


# ---------------------------------------------------------------- put/call balance


def session_start(day) -> datetime:
    """The bound below a session's prints: midnight New York of its date (a day's files hold only its prints)."""
    return datetime.combine(day, time(0), cal.NY).astimezone(UTC)


def _session_balance(snap, buckets) -> dict:
    day = svc.session_day(snap)
    sess = cal.session(day)
    times = flow.bucket_times(sess[0], min(snap.ts, sess[1]), flow.BUCKET_MINUTES) if sess is not None else []
    body = flow.balance(buckets, times)
    body["times"] = [svc.iso(t) for t in body["times"]]
    return {"session": day.isoformat(), **body}


def balance(snap) -> dict:
    """The put/call balance of ``snap``'s session up to ``snap`` and of the previous published session
    whole (§4.15); both sessions' buckets in one read."""
    r = svc.reader()
    prev = r.previous_session_close(snap)
    snaps = [snap] if prev is None else [snap, prev]
    buckets = r.print_buckets([(s, session_start(svc.session_day(s))) for s in snaps], flow.BUCKET_MINUTES)
    return {"ticker": snap.ticker, "bucketMinutes": flow.BUCKET_MINUTES, "current": _session_balance(snap, buckets[0]),
            "previous": _session_balance(prev, buckets[1]) if prev is not None else None,
            "lastModified": svc.iso(snap.ts)}


# ---------------------------------------------------------------- the prints tape


def tape_params(args: dict, snap, ctx: svc.Ctx) -> dict:
    historical = args.get("date") is not None
    return {"ticker": snap.ticker, "minPremium": float(args["minPremium"]), "side": args["side"],
            "sort": args["sort"], "page": args["page"], "pageSize": args["pageSize"],
            "expirations": svc.expirations_key(args["expirations"], snap, ctx, historical)}


def tape(snap, params: dict, ctx: svc.Ctx) -> dict:
    """One page of ``snap``'s session's classified prints up to ``snap`` (§4.16)."""
    chosen = svc.resolve_expirations(snap, params["expirations"], ctx)
    day = svc.session_day(snap)
    start = session_start(day)
    size = params["pageSize"]
    df, total = svc.reader().prints_tape(snap, start, expirations=chosen, min_premium=params["minPremium"],
                                         side=params["side"], order=params["sort"], limit=size,
                                         offset=(params["page"] - 1) * size)
    rows = flow.tape_rows(df)
    for row in rows:
        row["ts"] = svc.iso(row["ts"])
    return {"ticker": snap.ticker, "session": day.isoformat(),
            "expirations": [d.isoformat() for d in chosen] if chosen is not None else None,
            "total": total, "page": params["page"], "pageSize": size, "prints": rows,
            "lastModified": svc.iso(snap.ts)}


# ---------------------------------------------------------------- public API and export


def cached(route: str, snap, params: dict, compute) -> dict:
    """An answer through the data route's response cache (the public API and the export)."""
    body, _ = cache.cached_json(route, params, [snap.snapshot_id], compute, svc.dumps)
    return json.loads(body)


def volume_oi_table(body: dict) -> pa.Table:
    n = len(body["strikes"])
    return pa.table({
        "ts": pa.array([parse_iso(body["lastModified"])] * n, pa.timestamp("us", tz="UTC")),
        "ticker": pa.array([body["ticker"]] * n, pa.string()),
        "strike": pa.array(body["strikes"], pa.float64()),
        **{name: pa.array(body[key], pa.float64()) for name, key in (
            ("call_volume", "callVolume"), ("put_volume", "putVolume"), ("call_open_interest", "callOpenInterest"),
            ("put_open_interest", "putOpenInterest"), ("call_open_interest_change", "callOpenInterestChange"),
            ("put_open_interest_change", "putOpenInterestChange"))},
    })


def balance_table(body: dict) -> pa.Table:
    rows = []
    for which in ("previous", "current"):
        part = body.get(which)
        if not part:
            continue
        for i, t in enumerate(part["times"]):
            for right, side in (("C", part["call"]), ("P", part["put"])):
                rows.append({"session": which, "bucket": parse_iso(t), "ticker": body["ticker"], "right": right,
                             "volume": side["volume"][i], "premium": side["premium"][i],
                             "dealer_premium": side["dealerPremium"][i]})
    schema = pa.schema([("session", pa.string()), ("bucket", pa.timestamp("us", tz="UTC")), ("ticker", pa.string()),
                        ("right", pa.string()), ("volume", pa.float64()), ("premium", pa.float64()),
                        ("dealer_premium", pa.float64())])
    return pa.Table.from_pylist(rows, schema=schema)


PRINT_COLUMNS = ("ts", "ticker", "expiration", "strike", "right", "size", "price", "bid", "ask", "premium",
                 "customer_side", "dealer_side", "condition", "package_id")


def prints_table(snap, args: dict, ctx: svc.Ctx) -> pa.Table:
    """Every stored print of ``snap``'s session up to ``snap`` passing the tape's filters, oldest first."""
    from data.store.schemas import PRINTS_SCHEMA

    chosen = svc.resolve_expirations(snap, svc.expirations_key(args["expirations"], snap, ctx,
                                                               args.get("date") is not None), ctx)
    df, total = svc.reader().prints_tape(snap, session_start(svc.session_day(snap)), expirations=chosen,
                                         min_premium=float(args["minPremium"]), side=args["side"], order="time",
                                         limit=10**9, offset=0)
    # The order's id as text, as the routes serve it (ids exceed what a JSON number or a double holds).
    schema = pa.schema([PRINTS_SCHEMA.field(c) if c != "package_id" else pa.field(c, pa.string())
                        for c in PRINT_COLUMNS])
    if total == 0 or df.height == 0:
        return schema.empty_table()
    import polars as pl

    df = df.sort(["ts", "expiration", "strike", "right"]).with_columns(ticker=pl.lit(snap.ticker))
    return df.select(list(PRINT_COLUMNS)).to_arrow().cast(schema)


def export_table(snap, args: dict, ctx: svc.Ctx) -> pa.Table:
    """The flow table ``args['table']`` names, with the same numbers as the routes (docs/quants.md, "Flow")."""
    table = args["table"]
    if table == "volume_oi":
        params = volume_oi_params(args, snap, ctx)
        return volume_oi_table(cached("volume_oi", snap, params, lambda: volume_oi(snap, params, ctx)))
    if table == "put_call":
        return balance_table(cached("put_call", snap, {"ticker": snap.ticker}, lambda: balance(snap)))
    return prints_table(snap, args, ctx)
