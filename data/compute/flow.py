"""Flow figures read from the store: volume and open interest by strike, the put/call balance through a
session, and the rows of the prints tape (docs/methodology.md §4.14–4.16).

Pure functions over frames the reader returns (``data.store.query.Reader.volume_oi``, ``print_buckets``,
``prints_tape``); the API's ``api/data/flow`` shapes their output into answers.
"""

from __future__ import annotations

import math
from datetime import date, datetime, timedelta

import polars as pl

BUCKET_MINUTES = 5


def _num(v) -> float | None:
    if v is None:
        return None
    f = float(v)
    return None if math.isnan(f) or math.isinf(f) else f


def ratio(puts: float | None, calls: float | None) -> float | None:
    """``puts / calls``; null when the call side is 0 or either side is missing."""
    if puts is None or calls is None or calls == 0:
        return None
    return _num(puts / calls)


def volume_oi(today: pl.DataFrame, previous: pl.DataFrame | None) -> dict:
    """Columns per strike (ascending) of today's volume and open interest, and the change of open interest
    against ``previous`` (the same query at the previous session's last snapshot): null at a strike the
    previous snapshot did not list, and everywhere when there is no previous snapshot."""
    strikes = [float(k) for k in today["strike"].to_list()] if today.height else []
    out = {"strikes": strikes,
           "callVolume": [float(x) for x in today["call_volume"].to_list()] if today.height else [],
           "putVolume": [float(x) for x in today["put_volume"].to_list()] if today.height else [],
           "callOpenInterest": [float(x) for x in today["call_oi"].to_list()] if today.height else [],
           "putOpenInterest": [float(x) for x in today["put_oi"].to_list()] if today.height else []}
    if previous is None:
        out["callOpenInterestChange"] = [None] * len(strikes)
        out["putOpenInterestChange"] = [None] * len(strikes)
    else:
        prev = {float(k): (float(c), float(p)) for k, c, p in
                zip(previous["strike"].to_list(), previous["call_oi"].to_list(), previous["put_oi"].to_list(),
                    strict=True)} if previous.height else {}
        out["callOpenInterestChange"] = [c - prev[k][0] if k in prev else None
                                         for k, c in zip(strikes, out["callOpenInterest"], strict=True)]
        out["putOpenInterestChange"] = [p - prev[k][1] if k in prev else None
                                        for k, p in zip(strikes, out["putOpenInterest"], strict=True)]
    cv, pv = sum(out["callVolume"]), sum(out["putVolume"])
    co, po = sum(out["callOpenInterest"]), sum(out["putOpenInterest"])
    out["totals"] = {"callVolume": cv, "putVolume": pv, "callOpenInterest": co, "putOpenInterest": po,
                     "volumeRatio": ratio(pv, cv), "openInterestRatio": ratio(po, co)}
    return out


def bucket_times(session_open: datetime, end: datetime, minutes: int = BUCKET_MINUTES) -> list[datetime]:
    """Bucket starts from the session open up to the bucket holding ``end`` (a print at ``end`` counts)."""
    step = timedelta(minutes=minutes)
    if end <= session_open:
        return []
    n = math.ceil((end - session_open) / step)
    return [session_open + i * step for i in range(n)]


def balance(buckets: pl.DataFrame, times: list[datetime]) -> dict:
    """Per bucket and right: contracts, premium and dealer-side premium (0 where a bucket had no print), and
    the session's totals with the put/call ratios of contracts and premium. A print before the first bucket
    counts in the first, one after the last bucket's start (at or after the close) in the last."""
    index = {t: i for i, t in enumerate(times)}
    side = {r: {"volume": [0.0] * len(times), "premium": [0.0] * len(times), "dealerPremium": [0.0] * len(times)}
            for r in ("C", "P")}
    if buckets.height:
        for b, r, vol, prem, dprem in buckets.select("bucket", "right", "volume", "premium",
                                                      "dealer_premium").iter_rows():
            i = index.get(b)
            if i is None and times:
                i = 0 if b < times[0] else len(times) - 1
            if i is None or r not in side:
                continue
            side[r]["volume"][i] += float(vol or 0.0)
            side[r]["premium"][i] += float(prem or 0.0)
            side[r]["dealerPremium"][i] += float(dprem or 0.0)
    call, put = side["C"], side["P"]
    totals = {"callVolume": sum(call["volume"]), "putVolume": sum(put["volume"]),
              "callPremium": sum(call["premium"]), "putPremium": sum(put["premium"]),
              "callDealerPremium": sum(call["dealerPremium"]), "putDealerPremium": sum(put["dealerPremium"])}
    totals["volumeRatio"] = ratio(totals["putVolume"], totals["callVolume"])
    totals["premiumRatio"] = ratio(totals["putPremium"], totals["callPremium"])
    return {"times": times, "call": call, "put": put, "totals": totals}


SIDE_WORDS = {1: "buy", -1: "sell"}


def tape_rows(df: pl.DataFrame) -> list[dict]:
    """The tape's rows as the answer states them (sides as words, null when unclassified)."""
    if df.height == 0:
        return []
    rows = []
    for r in df.iter_rows(named=True):
        exp = r["expiration"]
        rows.append({
            "ts": r["ts"], "expiration": exp.isoformat() if isinstance(exp, date) else str(exp),
            "strike": float(r["strike"]), "right": r["right"], "size": int(r["size"]), "price": float(r["price"]),
            "bid": _num(r["bid"]), "ask": _num(r["ask"]), "premium": float(r["premium"]),
            "customerSide": SIDE_WORDS.get(int(r["customer_side"])),
            "dealerSide": SIDE_WORDS.get(int(r["dealer_side"])),
            "legs": "single" if r["condition"] == "single" else "multi",
            "condition": r["condition"],
            "packageId": None if r["package_id"] is None else str(r["package_id"]),
        })
    return rows
