"""Volatility views (docs/methodology.md §4.17–§4.19): at-the-money implied volatility by expiration on
forward moneyness, the smile of one expiration against strike and delta, the 25-delta risk reversal and
butterfly, the 30-day constant-maturity at-the-money volatility with its rank and percentile, and the
at-the-money straddle of every expiration.

Pure functions over a snapshot's stored contract rows (``Reader.contract_rows`` or ``Reader.vol_rows``:
expiration, strike, right, t_years, spot, rate, div_yield, iv). Nothing is fitted: every figure is read
from the stored IVs (solved from the quotes' mids, methodology §1) by the interpolation rules below, so a
test can recompute each one by hand from the same rows.
"""

from __future__ import annotations

import math
from datetime import date

import numpy as np
import polars as pl

from data.units import DAYS_PER_YEAR
from engine.api import greeks as bsm_greeks

# The 25-delta wings and the constant maturity of the rank, in their own units.
WING_DELTA = 0.25
CONSTANT_MATURITY_DAYS = 30
# An expiration enters the constant-maturity interpolation when at least one calendar day remains
# (a same-day expiration's at-the-money vol is dominated by the hours left, not the month's level).
MIN_TERM_YEARS = 1.0 / DAYS_PER_YEAR
VOL_POINTS = 100.0          # an IV per 1.00 written in vol points


def usable(rows: pl.DataFrame) -> pl.DataFrame:
    """Contracts that count: time to expiry > 0, a positive finite IV and a positive spot."""
    if rows.is_empty():
        return rows
    return rows.filter((pl.col("t_years") > 0) & pl.col("iv").is_not_nan() & pl.col("iv").is_finite()
                       & (pl.col("iv") > 0) & (pl.col("spot") > 0))


def _day(d) -> date:
    if isinstance(d, date) and not hasattr(d, "hour"):
        return d
    if hasattr(d, "date") and callable(d.date):
        return d.date()
    return date.fromisoformat(str(d)[:10])


def _interp(x: float, x0: float, x1: float, y0: float, y1: float) -> float:
    return y0 if x1 == x0 else y0 + (y1 - y0) * (x - x0) / (x1 - x0)


def _bracket(xs: np.ndarray, ys: np.ndarray, x: float) -> float | None:
    """Linear interpolation of ``ys`` at ``x`` between the two neighbouring points of ``xs`` that bracket it
    (``xs`` ascending); None when ``x`` lies outside them."""
    if xs.size == 0 or x < xs[0] or x > xs[-1]:
        return None
    j = int(np.searchsorted(xs, x, side="left"))
    if xs[j] == x:
        return float(ys[j])
    return float(_interp(x, xs[j - 1], xs[j], ys[j - 1], ys[j]))


def smile_of(group: pl.DataFrame) -> dict:
    """One expiration's smile on forward moneyness.

    ``group``: the usable rows of one expiration of one snapshot. ``forward F = S·e^{(r−q)t}``; each strike
    K reads the out-of-the-money side's IV (the put below F, the call at or above F); a strike whose
    out-of-the-money contract has no IV is left out. ``delta`` is that contract's Black–Scholes–Merton
    delta (§1) at its own IV (calls 0…1, puts −1…0).
    """
    first = group.row(0, named=True)
    t, spot = float(first["t_years"]), float(first["spot"])
    rate, q = float(first["rate"]), float(first["div_yield"])
    forward = spot * math.exp((rate - q) * t)
    strike = group["strike"].to_numpy().astype(np.float64)
    is_call = (group["right"] == "C").to_numpy()
    otm = np.where(strike >= forward, is_call, ~is_call)
    k, c, iv = strike[otm], is_call[otm], group["iv"].to_numpy().astype(np.float64)[otm]
    order = np.lexsort((c, k))
    k, c, iv = k[order], c[order], iv[order]
    # One contract per strike and side (a duplicate row would be a store error; keep the first).
    keep = np.ones(k.size, dtype=bool)
    keep[1:] = k[1:] != k[:-1]
    k, c, iv = k[keep], c[keep], iv[keep]
    delta = (bsm_greeks(spot, k, t, rate, q, iv, c, higher_order=False).delta if k.size
             else np.empty(0))
    return {"t_years": t, "spot": spot, "forward": forward, "strike": k, "is_call": c, "iv": iv,
            "delta": np.asarray(delta, dtype=np.float64), "log_moneyness": np.log(k / forward)}


def atm_iv(smile: dict) -> float | None:
    """The at-the-money IV: the smile's IV linearly interpolated in log-moneyness ``ln(K/F)`` at 0, between
    the nearest strike below F and the nearest at or above it (the strike's own IV when K = F); None when
    F is not inside the listed strikes."""
    return _bracket(smile["log_moneyness"], smile["iv"], 0.0)


def wing_iv(smile: dict, call: bool) -> float | None:
    """The 25-delta IV of one wing: on the out-of-the-money calls (puts), the IV linearly interpolated in
    delta at +0.25 (−0.25) between the two neighbouring strikes whose deltas bracket it; None otherwise."""
    side = smile["is_call"] if call else ~smile["is_call"]
    d, iv = smile["delta"][side], smile["iv"][side]
    finite = np.isfinite(d)
    d, iv = d[finite], iv[finite]
    order = np.argsort(d, kind="stable")
    return _bracket(d[order], iv[order], WING_DELTA if call else -WING_DELTA)


def _expiration_row(expiration, group: pl.DataFrame, day: date) -> dict:
    return _table_row(expiration, smile_of(group), day)


def _table_row(expiration, s: dict, day: date) -> dict:
    atm, c25, p25 = atm_iv(s), wing_iv(s, True), wing_iv(s, False)
    e = _day(expiration)
    rr = None if c25 is None or p25 is None else (c25 - p25) * VOL_POINTS
    bf = None if c25 is None or p25 is None or atm is None else ((c25 + p25) / 2.0 - atm) * VOL_POINTS
    return {"expiration": e, "days": (e - day).days, "t_years": s["t_years"], "forward": s["forward"],
            "atmIv": atm, "call25Iv": c25, "put25Iv": p25, "riskReversal": rr, "butterfly": bf}


def expiration_table(rows: pl.DataFrame, day: date) -> list[dict]:
    """Per expiration of one snapshot (ascending): ``expiration`` (date), ``days`` (calendar days from
    ``day``), ``t_years``, ``forward``, ``atmIv``, ``call25Iv``, ``put25Iv`` (per 1.00), ``riskReversal``
    (call25Iv − put25Iv) and ``butterfly`` ((call25Iv + put25Iv)/2 − atmIv), both in vol points.

    The smiles of :func:`smile_of`, built for every expiration at once (one model call for every delta),
    then read expiration by expiration."""
    tables = expiration_tables(rows.drop("ts", strict=False), lambda _: day)
    return tables.get(None, [])


def expiration_tables(rows: pl.DataFrame, day_of, *, prepared: bool = False) -> dict:
    """:func:`expiration_table` of every snapshot in ``rows`` at once, keyed by the rows' ``ts`` (None when
    ``rows`` has no ``ts`` column); ``day_of(ts)`` is the date the ``days`` count from. One sort and one model
    call for every snapshot's deltas (the history of session closes is read in one pass). ``prepared``:
    ``rows`` are already the usable rows in that order."""
    u = rows if prepared else usable(rows)
    if u.is_empty():
        return {}
    has_ts = "ts" in u.columns
    if not prepared:
        u = u.sort(["ts", "expiration", "strike", "right"] if has_ts else ["expiration", "strike", "right"])
    exp_col = u["expiration"]
    codes = exp_col.cast(pl.Int64).to_numpy() if exp_col.dtype == pl.Date else exp_col.to_physical().to_numpy()
    change = codes[1:] != codes[:-1]
    if has_ts:
        ts_codes = u["ts"].to_physical().to_numpy()
        change = change | (ts_codes[1:] != ts_codes[:-1])
    starts = np.flatnonzero(np.r_[True, change])
    counts = np.diff(np.r_[starts, codes.size])
    # Each expiration's t, spot, rate and yield are its first row's, as smile_of reads them.
    first = {c: np.repeat(u[c].to_numpy().astype(np.float64)[starts], counts)
             for c in ("t_years", "spot", "rate", "div_yield")}
    forward = first["spot"] * np.exp((first["rate"] - first["div_yield"]) * first["t_years"])
    strike = u["strike"].to_numpy().astype(np.float64)
    is_call = (u["right"] == "C").to_numpy()
    otm = np.where(strike >= forward, is_call, ~is_call)
    group = np.repeat(np.arange(starts.size), counts)[otm]
    k, c, iv, fwd = strike[otm], is_call[otm], u["iv"].to_numpy().astype(np.float64)[otm], forward[otm]
    keep = np.ones(k.size, dtype=bool)
    keep[1:] = (k[1:] != k[:-1]) | (group[1:] != group[:-1])
    group, k, c, iv, fwd = group[keep], k[keep], c[keep], iv[keep], fwd[keep]
    sel = {name: first[name][otm][keep] for name in first}
    delta = (np.asarray(bsm_greeks(sel["spot"], k, sel["t_years"], sel["rate"], sel["div_yield"], iv, c,
                                   higher_order=False).delta, dtype=np.float64) if k.size else np.empty(0))
    log_m = np.log(k / fwd) if k.size else np.empty(0)
    bounds = np.searchsorted(group, np.arange(starts.size + 1))
    expirations = exp_col.gather(starts).to_list()
    times = u["ts"].gather(starts).to_list() if has_ts else [None] * starts.size
    out: dict = {}
    days: dict = {}
    for i, expiration in enumerate(expirations):
        lo, hi = bounds[i], bounds[i + 1]
        t0, s0 = float(first["t_years"][starts[i]]), float(first["spot"][starts[i]])
        f0 = float(forward[starts[i]])
        smile = {"t_years": t0, "spot": s0, "forward": f0, "strike": k[lo:hi], "is_call": c[lo:hi],
                 "iv": iv[lo:hi], "delta": delta[lo:hi], "log_moneyness": log_m[lo:hi]}
        ts = times[i]
        if ts not in days:
            days[ts] = day_of(ts)
        out.setdefault(ts, []).append(_table_row(expiration, smile, days[ts]))
    return out


def constant_maturity(table: list[dict], field: str = "atmIv", days: int = CONSTANT_MATURITY_DAYS,
                      variance: bool = True) -> float | None:
    """``field`` at a constant maturity of ``days`` calendar days (τ = days/365) from the expirations of
    ``table`` with t ≥ 1 day and a value.

    ``variance=True`` (at-the-money IV): total variance ``w = σ²·t`` is interpolated linearly in t between
    the two expirations bracketing τ and ``σ_τ = √(w_τ/τ)``; otherwise (risk reversal, butterfly) the
    value itself is interpolated linearly in t. Beyond the listed terms the nearest expiration's value is
    held flat. None without any expiration.
    """
    pts = sorted((r["t_years"], r[field]) for r in table
                 if r["t_years"] >= MIN_TERM_YEARS and r[field] is not None and math.isfinite(r[field]))
    if not pts:
        return None
    tau = days / DAYS_PER_YEAR
    if tau <= pts[0][0]:
        return float(pts[0][1])
    if tau >= pts[-1][0]:
        return float(pts[-1][1])
    for (t0, v0), (t1, v1) in zip(pts, pts[1:]):
        if t0 <= tau <= t1:
            if variance:
                w = _interp(tau, t0, t1, v0 * v0 * t0, v1 * v1 * t1)
                return float(math.sqrt(max(w, 0.0) / tau))
            return float(_interp(tau, t0, t1, v0, v1))
    return None  # pragma: no cover - the bracket always exists between the ends


CLOSE_FIELDS = (("iv30", "atmIv", True), ("riskReversal", "riskReversal", False), ("butterfly", "butterfly", False))


def constant_maturity_closes(rows: pl.DataFrame, day_of, near: int = 3,
                             days: int = CONSTANT_MATURITY_DAYS) -> dict:
    """``iv30``, ``riskReversal`` and ``butterfly`` at the constant maturity for every snapshot in ``rows``
    (keyed by ``ts``), exactly as :func:`constant_maturity` over that snapshot's :func:`expiration_table`.

    Only the ``near`` expirations nearest τ on each side (t ≥ 1 day) are tabled: the interpolation reads the
    nearest one with a value on each side. A snapshot where a side's candidates have no value for a figure
    while that side lists more expirations is tabled whole."""
    u = usable(rows)
    if u.is_empty():
        return {}
    tau = days / DAYS_PER_YEAR
    u = u.sort(["ts", "expiration", "strike", "right"])
    # Groups (snapshot, expiration) in order: their first row's t, as the tables read it.
    ts_codes = u["ts"].to_physical().to_numpy()
    exp_codes = u["expiration"].to_physical().to_numpy()
    starts = np.flatnonzero(np.r_[True, (ts_codes[1:] != ts_codes[:-1]) | (exp_codes[1:] != exp_codes[:-1])])
    counts_per = np.diff(np.r_[starts, ts_codes.size])
    t_first = u["t_years"].to_numpy()[starts]
    g_ts = ts_codes[starts]
    take = np.zeros(starts.size, dtype=bool)
    sides: dict = {}
    for code in np.unique(g_ts):
        idx = np.flatnonzero((g_ts == code) & (t_first >= MIN_TERM_YEARS))
        t = t_first[idx]
        below, above = idx[t <= tau], idx[t >= tau]
        take[below[np.argsort(tau - t_first[below], kind="stable")[:near]]] = True
        take[above[np.argsort(t_first[above] - tau, kind="stable")[:near]]] = True
        sides[int(code)] = (below.size, above.size)
    sub = u.filter(pl.Series(np.repeat(take, counts_per)))
    tables = expiration_tables(sub, day_of, prepared=True)
    times = dict(zip(g_ts.tolist(), u["ts"].gather(starts).to_list(), strict=True))
    counts = {times[code]: n for code, n in sides.items()}
    out: dict = {}
    for ts, (nb, na) in counts.items():
        table = tables.get(ts, [])
        complete = True
        for _, field, _ in CLOSE_FIELDS:
            for side_n, on_side in ((nb, lambda r: r["t_years"] <= tau), (na, lambda r: r["t_years"] >= tau)):
                cands = [r for r in table if r["t_years"] >= MIN_TERM_YEARS and on_side(r)]
                if side_n > len(cands) and not any(r[field] is not None and math.isfinite(r[field]) for r in cands):
                    complete = False
        if not complete:
            table = expiration_tables(u.filter(pl.col("ts") == ts), day_of, prepared=True).get(ts, [])
        out[ts] = {name: constant_maturity(table, field, days, variance) for name, field, variance in CLOSE_FIELDS}
    return out


def rank_and_percentile(current: float | None, history: list[float]) -> dict:
    """IV rank and percentile of ``current`` against the earlier sessions' values ``history``.

    ``rank = 100·(current − low)/(high − low)`` with low and high over ``history`` and ``current``
    together (0 when they are equal); ``percentile = 100·(number of history values below current)/n``.
    Both None without a current value or a history.
    """
    values = [v for v in history if v is not None and math.isfinite(v)]
    if current is None or not values:
        return {"rank": None, "percentile": None, "low": None, "high": None}
    low, high = min([*values, current]), max([*values, current])
    rank = 0.0 if high == low else 100.0 * (current - low) / (high - low)
    below = sum(1 for v in values if v < current)
    return {"rank": float(rank), "percentile": float(100.0 * below / len(values)), "low": float(low),
            "high": float(high)}


# ---------------------------------------------------------------- at-the-money straddles


def straddles(rows: pl.DataFrame, day: date | None = None) -> list[dict]:
    """The at-the-money straddle of every expiration with a priced pair (methodology §4.13), ascending.

    Of the usable contracts, an expiration counts when a strike lists both a call and a put; its straddle
    strike is the one nearest to spot with both (ties: the lower). Both legs are priced with the
    Black–Scholes–Merton model of §1 at the snapshot's spot, rate, dividend yield, the contract's time to
    expiry and its stored IV: ``points = call + put``, ``percent = 100·points/spot``. Each item is
    ``{"expiration", "strike", "call", "put", "points", "percent"}`` plus ``days`` (calendar days from
    ``day``) when a day is given.
    """
    u = usable(rows)
    if u.is_empty():
        return []
    pairs = (u.group_by(["expiration", "strike"]).agg(pl.col("right").n_unique().alias("n"))
             .filter(pl.col("n") == 2))
    if pairs.is_empty():
        return []
    spot = float(u["spot"][0])
    chosen = (pairs.with_columns(dist=(pl.col("strike") - spot).abs())
              .sort(["expiration", "dist", "strike"]).group_by("expiration", maintain_order=True).first()
              .select("expiration", "strike"))
    legs = (u.join(chosen, on=["expiration", "strike"], how="inner")
            .unique(subset=["expiration", "right"], keep="first", maintain_order=True)
            .sort(["expiration", "right"]))
    a = {c: legs[c].to_numpy().astype(np.float64) for c in ("spot", "strike", "t_years", "rate", "div_yield", "iv")}
    is_call = (legs["right"] == "C").to_numpy()
    price = bsm_greeks(a["spot"], a["strike"], a["t_years"], a["rate"], a["div_yield"], a["iv"], is_call,
                       higher_order=False).price
    out: list[dict] = []
    by_exp: dict = {}
    for e, k, right, p in zip(legs["expiration"].to_list(), a["strike"].tolist(), legs["right"].to_list(),
                              price.tolist()):
        by_exp.setdefault(e, {"strike": k})[right] = p
    for e in sorted(by_exp):
        item = by_exp[e]
        call, put = item.get("C"), item.get("P")
        if call is None or put is None or not (math.isfinite(call) and math.isfinite(put)):
            continue
        points = call + put
        e_day = _day(e)
        row = {"expiration": e_day.isoformat(), "strike": float(item["strike"]), "call": float(call),
               "put": float(put), "points": float(points), "percent": float(100.0 * points / spot)}
        if day is not None:
            row["days"] = (e_day - day).days
        out.append(row)
    return out
