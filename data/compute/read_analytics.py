"""Read-time analytics: computed when an answer is served, from the store's rows (docs/methodology.md §4).

The spot–vol regression and the aggregate trend on the daily table, the IV-adjusted vanna, the expected
move from the IV surface, and the levels of a subset of expirations. Each is computed here once and
served unchanged by the data routes, the public API and the export. The figures computed once per
snapshot at publish live in ``data.compute.snapshot_figures``.
"""

from __future__ import annotations

import math
from datetime import date, timedelta

import numpy as np
import polars as pl

from data.compute.snapshot_figures import walls, zero_gamma_level
from data.compute.volatility import straddles
from data.units import DAYS_PER_YEAR, VOL_POINT
# The windows the served figures are computed over belong to the domain vocabulary.
from domain.vocabulary import EXPECTED_MOVE_DAYS, SPOT_VOL_WINDOW, TREND_AVERAGE_SESSIONS, TREND_DAYS

IV_SHOCK = 0.10              # IV-adjusted vanna: a +10 % relative move of each strike's IV


# ---------------------------------------------------------------- levels of a subset of expirations


def levels_from_contracts(rows: pl.DataFrame) -> dict:
    """Levels for an arbitrary set of contracts (the reader's path for a subset of expirations)."""
    if rows.is_empty():
        return {"zeroGamma": None, "callWall": None, "putWall": None}
    a = {c: rows[c].to_numpy().astype(np.float64) for c in
         ("strike", "position", "t_years", "spot", "rate", "div_yield", "iv", "gamma")}
    is_call = (rows["right"] == "C").to_numpy()
    spot = float(a["spot"][0])
    zg = zero_gamma_level(spot, a["position"], a["strike"], a["t_years"], a["rate"], a["div_yield"],
                          a["iv"], is_call)
    cw, pw = walls(a["strike"], is_call, a["gamma"])
    return {"zeroGamma": zg, "callWall": cw, "putWall": pw}


# ---------------------------------------------------------------- statistics on the daily table


def spot_vol(daily: pl.DataFrame, current: tuple[float, float] | None = None,
             window: int = SPOT_VOL_WINDOW) -> dict:
    """OLS of VIX point changes on the ticker's percent changes, over the last ``window`` sessions.

    ``daily`` has columns date, close, vix_close (sorted by date). ``current``: today's
    (percent change, VIX change) if a live snapshot exists. rValue is Pearson's r, slope is VIX points
    per 1 % move, currentRatio the current VIX change over the fitted one.
    """
    d = daily.sort("date").with_columns(
        x=(pl.col("close") / pl.col("close").shift(1) - 1.0) * 100.0,
        y=pl.col("vix_close") - pl.col("vix_close").shift(1),
    ).drop_nulls(["x", "y"]).filter(pl.col("x").is_finite() & pl.col("y").is_finite()).tail(window)
    points = [{"x": float(x), "y": float(y), "date": dt.isoformat()}
              for x, y, dt in zip(d["x"].to_list(), d["y"].to_list(), d["date"].to_list(), strict=True)]
    out = {"rValue": None, "slope": None, "intercept": None, "currentRatio": None, "scatterPoints": points,
           "currentPoint": None}
    if d.height >= 3:
        x, y = d["x"].to_numpy(), d["y"].to_numpy()
        sx, sy = x.std(), y.std()
        if sx > 0 and sy > 0:
            slope, intercept = np.polyfit(x, y, 1)
            out["slope"] = float(slope)
            out["intercept"] = float(intercept)
            out["rValue"] = float(np.corrcoef(x, y)[0, 1])
    if current is None and points:
        current = (points[-1]["x"], points[-1]["y"])
    if current is not None:
        out["currentPoint"] = {"x": float(current[0]), "y": float(current[1])}
        if out["slope"] is not None:
            fitted = out["slope"] * current[0] + out["intercept"]
            out["currentRatio"] = float(current[1] / fitted) if abs(fitted) > 1e-9 else None
    return out


def greek_trend(daily: pl.DataFrame, greek: str, current: float | None = None, end: date | None = None,
                computed_from: date | None = None) -> dict:
    """A greek's daily aggregate over the 180 calendar days ending at ``end``, with its 126-session average.

    ``trend``: the daily rows with ``end − 180 d < date ≤ end`` (``end`` defaults to the last row's date);
    ``historicalAverage``: the mean of the last 126 daily values on or before ``end`` (whether or not they
    fall inside the 180 days); ``currentAggregate``: ``current`` (the snapshot's aggregate) or, without
    one, the last daily value; ``modelledThrough``: the last trend date that is modelled rather than
    computed — a row dated before ``computed_from`` (the ticker's first published snapshot day) without
    a DADS (the demo's back-history, methodology §4.8) — or None. Every caller (data route, public API,
    export) serves this answer as is.
    """
    col = f"agg_{greek}"
    d = daily.sort("date").drop_nulls([col]).filter(pl.col(col).is_finite())
    if end is not None:
        d = d.filter(pl.col("date") <= end)
    if d.is_empty():
        return {"trend": [], "historicalAverage": None, "currentAggregate": current, "modelledThrough": None}
    last = end if end is not None else d["date"].max()
    window = d.filter(pl.col("date") > last - timedelta(days=TREND_DAYS))
    trend = [{"x": dt.isoformat(), "y": float(v)} for dt, v in zip(window["date"].to_list(),
                                                                  window[col].to_list(), strict=True)]
    avg = float(d[col].tail(TREND_AVERAGE_SESSIONS).mean())
    if current is None:
        current = float(d[col][-1])
    modelled = None
    if computed_from is not None:
        m = window.filter(pl.col("date") < computed_from)
        if "dads" in m.columns:
            m = m.filter(pl.col("dads").is_null())
        if m.height:
            modelled = m["date"].max().isoformat()
    return {"trend": trend, "historicalAverage": avg, "currentAggregate": current, "modelledThrough": modelled}


def iv_adjusted_vanna(strikes: list[float], vanna: list[float | None], iv_surface: dict) -> list[dict]:
    """Vanna per strike for a +10 % relative move of that strike's IV (methodology §3.1, §4.8).

    ``vanna``: the vanna exposure per strike ($ delta per vol point). ``iv_surface``: ``{strikes, z}``
    with ``z[expiration][strike]`` the IV per 1.00. IV(K) is the mean over expirations of the listed IVs
    at K; strikes without an IV or a vanna are left out. ``value = vanna · 0.10 · IV(K) · 100``.
    """
    iv_by_strike: dict[float, float] = {}
    if iv_surface.get("strikes"):
        z = np.array([[np.nan if v is None else v for v in row] for row in iv_surface["z"]], dtype=float)
        if z.size:
            listed = np.isfinite(z)
            counts = listed.sum(axis=0)
            sums = np.where(listed, z, 0.0).sum(axis=0)
            for k, n, total in zip(iv_surface["strikes"], counts, sums):
                if n:
                    iv_by_strike[float(k)] = float(total / n)
    out = []
    for k, v in zip(strikes, vanna):
        iv = iv_by_strike.get(float(k))
        if iv is None or v is None or not math.isfinite(v):
            continue
        out.append({"strike": float(k), "value": float(v) * IV_SHOCK * iv / VOL_POINT, "vanna": float(v), "iv": iv})
    return out


# ---------------------------------------------------------------- expected move


def expected_move(spot: float | None, day: date, expirations: list, strikes: list[float], iv: list[list]) -> dict | None:
    """The market's one-standard-deviation move over ~30 days, from the IV surface (methodology §4.6).

    The expiration whose calendar days to expiry are nearest to 30 (ties: the later one), the listed
    strike nearest to spot on it, and that strike's IV ``σ``: ``points = spot · σ · √(days/365)``.
    Returns ``{"days", "iv", "points"}``, or None without a spot or any listed IV.
    """
    if spot is None or not math.isfinite(spot) or spot <= 0 or not expirations or not strikes:
        return None
    best = None
    for i, e in enumerate(expirations):
        e_day = e.date() if hasattr(e, "date") and callable(e.date) else e
        if isinstance(e_day, str):
            e_day = date.fromisoformat(e_day[:10])
        days = (e_day - day).days
        if days <= 0:
            continue
        row = iv[i]
        listed = [(abs(k - spot), k, v) for k, v in zip(strikes, row) if v is not None and math.isfinite(v) and v > 0]
        if not listed:
            continue
        key = (abs(days - EXPECTED_MOVE_DAYS), -days)
        if best is None or key < best[0]:
            best = (key, days, min(listed)[2])
    if best is None:
        return None
    _, days, sigma = best
    return {"days": days, "iv": float(sigma), "points": float(spot * sigma * math.sqrt(days / DAYS_PER_YEAR))}


# ---------------------------------------------------------------- straddle expected move (key levels)


def straddle_expected_move(rows: pl.DataFrame) -> dict | None:
    """The expected move from the at-the-money straddle of the nearest expiration (methodology §4.13).

    ``rows`` are a snapshot's contracts (``Reader.contract_rows``). A contract counts when its time to
    expiry is positive and its IV positive and finite. The nearest expiration is the earliest one with a
    strike listing both a call and a put that count; on it, the strike nearest to spot with both (ties:
    the lower). Both options are priced with the Black–Scholes–Merton model of §1 at the snapshot's spot,
    rate, dividend yield, time to expiry and stored IV: ``points = call + put`` (price points),
    ``percent = 100 · points / spot``. Returns ``{"points", "percent", "expiration", "strike", "call",
    "put"}``, or None when no expiration has such a pair.
    """
    # One home for the straddle: the nearest expiration's of the by-expiration list (methodology §4.19).
    every = straddles(rows)
    return every[0] if every else None
