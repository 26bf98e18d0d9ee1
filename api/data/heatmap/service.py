"""The session heatmap answer, computed in ``data.compute.heatmap`` from one read of the session's files."""

from __future__ import annotations

import json

import pyarrow as pa

from api import cache
from api.data import service as svc
from data.compute.heatmap import session_heatmap, strike_bounds
from data.units import units_for
from domain.timestamps import parse_iso


def heatmap_params(args: dict, snap, ctx: svc.Ctx) -> dict:
    """The normalized parameters of a validated heatmap request (the cache key, with the snapshot id)."""
    historical = args.get("date") is not None
    return {"ticker": snap.ticker, "greek": args["greek"], "kind": args["kind"], "range": args["range"],
            "expirations": svc.expirations_key(args["expirations"], snap, ctx, historical)}


def heatmap(snap, params: dict, ctx: svc.Ctx) -> dict:
    """One greek's exposure per (snapshot time, strike) over ``snap``'s session up to ``snap``
    (docs/methodology.md §4.11). The expirations are resolved once, at ``snap``, and summed at every time."""
    chosen = svc.resolve_expirations(snap, params["expirations"], ctx)
    r = svc.reader()
    times, prices = r.session_prices(snap)
    low, high = strike_bounds(prices, params["range"])
    if chosen is not None and not chosen:
        rows = r.session_matrix(snap, [], params["greek"])
    else:
        rows = r.session_matrix(snap, times, params["greek"], params["kind"], chosen, low, high)
    m = session_heatmap(times, prices, rows)
    # The last row is the answer's snapshot: its price is the snapshot's (no second statistics read).
    price = m["spot"][-1] if m["spot"] else None
    exps = svc.snap_expirations(snap) if chosen is None else chosen
    return {"ticker": snap.ticker, "greek": params["greek"], "kind": params["kind"],
            "expirations": [d.isoformat() for d in exps],
            "times": [svc.iso(t) for t in m["times"]], "strikes": m["strikes"], "values": m["values"],
            "spot": m["spot"], "currentPrice": price,
            "strikeRange": {"percent": params["range"], "low": svc.num(low), "high": svc.num(high)},
            "unit": units_for(params["greek"], price), "lastModified": svc.iso(snap.ts)}


def cached_heatmap(snap, params: dict, ctx: svc.Ctx) -> dict:
    """The heatmap answer through the data route's response cache (the public API and the export)."""
    body, _ = cache.cached_json("heatmap", params, [snap.snapshot_id], lambda: heatmap(snap, params, ctx), svc.dumps)
    return json.loads(body)


def heatmap_table(body: dict):
    """The heatmap answer as a long table, one row per cell in (time, strike) order: ``ts``, ``ticker``,
    ``greek``, ``strike``, ``value`` (null where the matrix has none) and ``price`` (the row's spot); the
    matrix is ``values`` pivoted back on (ts, strike)."""
    times, strikes = body["times"], body["strikes"]
    n = len(strikes)
    ts = [parse_iso(t) for t in times for _ in range(n)]
    return pa.table({
        "ts": pa.array(ts, pa.timestamp("us", tz="UTC")),
        "ticker": pa.array([body["ticker"]] * len(ts), pa.string()),
        "greek": pa.array([body["greek"]] * len(ts), pa.string()),
        "strike": pa.array(strikes * len(times), pa.float64()),
        "value": pa.array([v for row in body["values"] for v in row], pa.float64()),
        "price": pa.array([p for p in body["spot"] for _ in range(n)], pa.float64()),
    })
