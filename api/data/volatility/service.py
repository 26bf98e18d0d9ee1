"""Volatility answers (docs/methodology.md §4.17–§4.19), computed in ``data.compute.volatility`` from the
stored contract rows of the answer's snapshot and of earlier sessions' closes.

Per-snapshot tables are memoized by snapshot id (``api.cache.SNAPSHOTS``: published history never
changes); the history of session closes is read in one query over their files for the closes not yet
remembered.
"""

from __future__ import annotations

import json
from datetime import date, timedelta

import polars as pl

from api import cache
from api.data import service as svc
from data.compute.volatility import (CONSTANT_MATURITY_DAYS, constant_maturity, constant_maturity_closes,
                                     expiration_table, expiration_tables, rank_and_percentile, smile_of,
                                     straddles, usable)
from domain import market_calendar as cal

IV_UNIT = {"unit": "implied volatility per 1.00 (0.15 = 15 %)", "conversions": [
    {"to": "vol points (%)", "factor": 100.0, "rule": "100"}]}
VOL_POINT_UNIT = {"unit": "vol points (1 = 1 % of implied volatility)", "conversions": []}
PRICE_UNIT = {"unit": "price points (the underlying's price)", "conversions": []}
PERCENT_UNIT = {"unit": "% of spot", "conversions": []}
RANK_UNIT = {"unit": "% (0–100)", "conversions": []}
#: The reference sessions of the term structure: the previous session's close and the close five sessions back.
WEEK_SESSIONS = 5
#: The window of the rank and of the skew history: the sessions of the 52 weeks (364 days) before S's.
WINDOW_DAYS = 364


# ---------------------------------------------------------------- per-snapshot tables


def table_of(snap) -> list[dict]:
    """The by-expiration table of a snapshot (memoized per snapshot id)."""
    return svc.memoized("vol_table", snap, lambda: {"value": expiration_table(svc.reader().vol_rows([snap]),
                                                                             svc.session_day(snap))})["value"]


def tables_of(snaps: list) -> list[list[dict]]:
    """The by-expiration tables of several snapshots of one ticker (None: an empty table), memoized per
    snapshot id like :func:`table_of`; those not remembered are read and tabled in one pass."""
    present = [s for s in snaps if s is not None]
    missing = [s for s in present if cache.SNAPSHOTS.items.get(("vol_table", s.snapshot_id)) is None]
    if missing:
        day_of = {s.ts: svc.session_day(s) for s in missing}
        tables = expiration_tables(svc.reader().vol_rows(missing), day_of.get)
        for s in missing:
            svc.memoized("vol_table", s, lambda t=tables.get(s.ts, []): {"value": t})
    return [table_of(s) if s is not None else [] for s in snaps]


def session_close(snap, sessions_back: int):
    """The close of the trading session ``sessions_back`` sessions before ``snap``'s: the ticker's last
    snapshot of that session at or before its close; None when that session was not published."""
    d = svc.session_day(snap)
    for _ in range(sessions_back):
        d = cal.previous_trading_day(d)
    sess = cal.session(d)
    if sess is None:
        return None
    ref = svc.reader().snapshot_at_or_before(snap.ticker, sess[1])
    return ref if ref is not None and svc.session_day(ref) == d else None


def _close_figures(table: list[dict], day: date) -> dict:
    return {"date": day.isoformat(),
            "iv30": constant_maturity(table, "atmIv"),
            "riskReversal": constant_maturity(table, "riskReversal", variance=False),
            "butterfly": constant_maturity(table, "butterfly", variance=False)}


def close_history(snap) -> list[dict]:
    """The 30-day constant-maturity figures at the close of every published session of the 52 weeks before
    ``snap``'s session, oldest first. Closes already computed in this process are not read again."""
    day = svc.session_day(snap)
    closes = svc.reader().session_closes(snap.ticker, day - timedelta(days=WINDOW_DAYS), day - timedelta(days=1))
    known = {c.snapshot_id: hit for c in closes
             if (hit := cache.SNAPSHOTS.items.get(("vol_close", c.snapshot_id))) is not None}
    missing = [c for c in closes if c.snapshot_id not in known]
    if missing:
        # Every missing close in one pass over their rows (one read, one model call), tabling only the
        # expirations the constant maturity reads.
        day_of = {c.ts: svc.session_day(c) for c in missing}
        figures = constant_maturity_closes(svc.reader().vol_rows(missing), day_of.get)
        empty = {"iv30": None, "riskReversal": None, "butterfly": None}
        for c in missing:
            value = {"date": day_of[c.ts].isoformat(), **figures.get(c.ts, empty)}
            known[c.snapshot_id] = cache.SNAPSHOTS.get_or_compute("vol_close", c.snapshot_id, lambda v=value: v)
    return [known[c.snapshot_id] for c in closes]


def _iso(d) -> str:
    return d.isoformat()


# ---------------------------------------------------------------- term structure (§4.17)


def term_structure(snap) -> dict:
    prev, week = session_close(snap, 1), session_close(snap, WEEK_SESSIONS)
    table, prev_table, week_table = tables_of([snap, prev, week])
    then = {name: {r["expiration"]: r["atmIv"] for r in t}
            for name, t in (("previousClose", prev_table), ("weekAgo", week_table))}
    points = [{"expiration": _iso(r["expiration"]), "days": r["days"], "forward": r["forward"], "atmIv": r["atmIv"],
               "previousClose": then["previousClose"].get(r["expiration"]),
               "weekAgo": then["weekAgo"].get(r["expiration"])} for r in table]
    return {"ticker": snap.ticker, "currentPrice": svc.num(svc.snapshot_price(snap)), "points": points,
            "iv30": constant_maturity(table, "atmIv"),
            "previousCloseAt": svc.iso(prev.ts) if prev is not None else None,
            "weekAgoAt": svc.iso(week.ts) if week is not None else None,
            "units": {"atmIv": IV_UNIT, "previousClose": IV_UNIT, "weekAgo": IV_UNIT, "iv30": IV_UNIT,
                      "forward": PRICE_UNIT},
            "lastModified": svc.iso(snap.ts)}


# ---------------------------------------------------------------- skew (§4.18)


def default_expiration(table: list[dict]) -> date | None:
    """The expiration whose calendar days are nearest to 30 (ties: the later) among those with an
    at-the-money IV; else the first listed."""
    with_atm = [r for r in table if r["atmIv"] is not None and r["days"] >= 0]
    if not with_atm:
        return table[0]["expiration"] if table else None
    return min(with_atm, key=lambda r: (abs(r["days"] - CONSTANT_MATURITY_DAYS), -r["days"]))["expiration"]


def skew_params(args: dict, snap) -> dict:
    table = table_of(snap)
    wanted = args.get("expiration")
    listed = {r["expiration"] for r in table}
    chosen = wanted if wanted in listed else default_expiration(table)
    return {"ticker": snap.ticker, "expiration": chosen.isoformat() if chosen else None}


def skew(snap, params: dict) -> dict:
    table = table_of(snap)
    chosen = date.fromisoformat(params["expiration"]) if params["expiration"] else None
    smile, forward, atm = [], None, None
    if chosen is not None:
        rows = usable(svc.reader().vol_rows([snap]).filter(pl.col("expiration") == chosen))
        if rows.height:
            s = smile_of(rows)
            forward = s["forward"]
            smile = [{"strike": float(k), "logMoneyness": float(m), "delta": svc.num(float(d)), "iv": float(v),
                      "side": "C" if c else "P"}
                     for k, m, d, v, c in zip(s["strike"], s["log_moneyness"], s["delta"], s["iv"], s["is_call"])]
            atm = next((r["atmIv"] for r in table if r["expiration"] == chosen), None)
    cur = _close_figures(table, svc.session_day(snap))
    return {"ticker": snap.ticker, "expiration": params["expiration"],
            "expirations": [_iso(r["expiration"]) for r in table],
            "currentPrice": svc.num(svc.snapshot_price(snap)), "forward": forward, "atmIv": atm, "smile": smile,
            "byExpiration": [{"expiration": _iso(r["expiration"]), "days": r["days"], "atmIv": r["atmIv"],
                              "call25Iv": r["call25Iv"], "put25Iv": r["put25Iv"],
                              "riskReversal": r["riskReversal"], "butterfly": r["butterfly"]} for r in table],
            "riskReversal30": cur["riskReversal"], "butterfly30": cur["butterfly"],
            "history": [{"date": h["date"], "riskReversal": h["riskReversal"], "butterfly": h["butterfly"]}
                        for h in close_history(snap)],
            "units": {"iv": IV_UNIT, "atmIv": IV_UNIT, "call25Iv": IV_UNIT, "put25Iv": IV_UNIT,
                      "riskReversal": VOL_POINT_UNIT, "butterfly": VOL_POINT_UNIT, "strike": PRICE_UNIT,
                      "forward": PRICE_UNIT, "delta": {"unit": "option delta per 1.00 (calls 0…1, puts −1…0)",
                                                       "conversions": []}},
            "lastModified": svc.iso(snap.ts)}


# ---------------------------------------------------------------- IV rank and expected move (§4.19)


def iv_rank(snap) -> dict:
    table = table_of(snap)
    day = svc.session_day(snap)
    current = constant_maturity(table, "atmIv")
    history = close_history(snap)
    rp = rank_and_percentile(current, [h["iv30"] for h in history])
    moves = svc.memoized("vol_straddles", snap,
                         lambda: {"value": straddles(svc.reader().vol_rows([snap]), day)})["value"]
    return {"ticker": snap.ticker, "currentPrice": svc.num(svc.snapshot_price(snap)), "iv30": current,
            "ivRank": rp["rank"], "ivPercentile": rp["percentile"], "low": rp["low"], "high": rp["high"],
            "sessions": sum(1 for h in history if h["iv30"] is not None),
            "windowStart": (day - timedelta(days=WINDOW_DAYS)).isoformat(),
            "history": [{"date": h["date"], "iv30": h["iv30"]} for h in history],
            "expectedMoves": moves,
            "units": {"iv30": IV_UNIT, "low": IV_UNIT, "high": IV_UNIT, "ivRank": RANK_UNIT, "ivPercentile": RANK_UNIT,
                      "points": PRICE_UNIT, "call": PRICE_UNIT, "put": PRICE_UNIT, "strike": PRICE_UNIT,
                      "percent": PERCENT_UNIT},
            "lastModified": svc.iso(snap.ts)}


# ---------------------------------------------------------------- through the response cache


def cached(route: str, snap, params: dict, compute) -> dict:
    """An answer through the data route's response cache (the public API and the export)."""
    body, _ = cache.cached_json(route, params, [snap.snapshot_id], compute, svc.dumps)
    return json.loads(body)


# ---------------------------------------------------------------- the export's tables (docs/quants.md, "Volatility")


def _columns(rows: list[dict], spec: dict, fixed: dict):
    import pyarrow as pa

    cols = {name: pa.array([value] * len(rows), typ) for name, (value, typ) in fixed.items()}
    for name, (key, typ) in spec.items():
        cols[name] = pa.array([r.get(key) for r in rows], typ)
    return pa.table(cols)


def export_table(which: str, snap, expiration=None):
    """One volatility table of ``snap`` as Arrow, the same numbers as the data routes: ``term_structure``,
    ``skew`` (by expiration), ``smile`` (of the default or given expiration), ``skew_history``,
    ``iv_history`` or ``expected_move``."""
    import pyarrow as pa

    from domain.timestamps import parse_iso

    f64, day, txt, i32 = pa.float64(), pa.date32(), pa.string(), pa.int32()
    ts = (parse_iso(svc.iso(snap.ts)), pa.timestamp("us", tz="UTC"))
    fixed = {"ts": ts, "ticker": (snap.ticker, txt)}

    def days(rows, *keys):
        return [{**r, **{k: date.fromisoformat(r[k]) for k in keys if r.get(k)}} for r in rows]

    if which == "term_structure":
        body = cached("vol-term", snap, {"t": snap.ticker}, lambda: term_structure(snap))
        return _columns(days(body["points"], "expiration"), {
            "expiration": ("expiration", day), "days": ("days", i32), "forward": ("forward", f64),
            "atm_iv": ("atmIv", f64), "previous_close_iv": ("previousClose", f64), "week_ago_iv": ("weekAgo", f64)},
            fixed)
    if which in ("skew", "smile", "skew_history"):
        params = skew_params({"expiration": expiration}, snap)
        body = cached("vol-skew", snap, params, lambda: skew(snap, params))
        if which == "skew":
            return _columns(days(body["byExpiration"], "expiration"), {
                "expiration": ("expiration", day), "days": ("days", i32), "atm_iv": ("atmIv", f64),
                "call25_iv": ("call25Iv", f64), "put25_iv": ("put25Iv", f64),
                "risk_reversal": ("riskReversal", f64), "butterfly": ("butterfly", f64)}, fixed)
        if which == "smile":
            exp = date.fromisoformat(body["expiration"]) if body["expiration"] else None
            return _columns(body["smile"], {
                "strike": ("strike", f64), "log_moneyness": ("logMoneyness", f64), "delta": ("delta", f64),
                "iv": ("iv", f64), "side": ("side", txt)}, {**fixed, "expiration": (exp, day)})
        return _columns(days(body["history"], "date"), {
            "date": ("date", day), "risk_reversal": ("riskReversal", f64), "butterfly": ("butterfly", f64)},
            {"ticker": (snap.ticker, txt)})
    body = cached("vol-rank", snap, {"t": snap.ticker}, lambda: iv_rank(snap))
    if which == "iv_history":
        return _columns(days(body["history"], "date"), {"date": ("date", day), "iv30": ("iv30", f64)},
                        {"ticker": (snap.ticker, txt)})
    return _columns(days(body["expectedMoves"], "expiration"), {
        "expiration": ("expiration", day), "days": ("days", i32), "strike": ("strike", f64), "call": ("call", f64),
        "put": ("put", f64), "points": ("points", f64), "percent": ("percent", f64)}, fixed)
