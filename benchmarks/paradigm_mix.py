"""The 0DTE paradigm mix of the synthetic market over a month (docs/methodology.md §4.5, §6.7).

Builds, in memory, the snapshots the demo would build for the daily-expiration tickers (SPX, SPY, QQQ,
IWM by default): the dealer book starts flat (``book_start="flat"``, as the demo's) 30 sessions before
the first measured session and runs those sessions as warm-up with one snapshot at each close; then
every measured session is built at 30-minute cadence from the open to the close. A *reading* is a
snapshot inside a session after its first 30 minutes (10:00 ET to 15:30 ET): the open has no flow yet
and the close has no expiration left. Printed and saved (``benchmarks/results/paradigm_mix.json``):

* the mix of base paradigms (BofA, GEX, AG, Sidial, Undefined) over all readings, per ticker;
* the MESSY share (of all readings, per ticker and by time of day);
* how many times a day each ticker changes base paradigm;
* Undefined readings per ticker and time;
* SPX dealer gamma per 1 % (§3) over the intraday readings: range, median, how many beyond ±20 B,
  ±75 B and ±100 B.

``python -m benchmarks paradigm_mix`` (about 150 s on an idle machine for four tickers and 21 sessions);
``python -m benchmarks.paradigm_mix --first 2026-11-16 --warmup 5`` for a quicker look.
"""

from __future__ import annotations

import argparse
import tempfile
import time
from collections import Counter, defaultdict
from datetime import date, datetime

import numpy as np

from benchmarks._common import print_table, save_results
from domain import market_calendar as cal
from data.compute.snapshot import state_from_batch
from data.orchestration.demo import BOOK_START, snapshot_times
from data.orchestration.pipeline import build_snapshot
from data.sources.lookup import get_source

TICKERS = ["SPX", "SPY", "QQQ", "IWM"]
FIRST, LAST = date(2026, 10, 22), date(2026, 11, 20)
WARMUP_SESSIONS = 30
CADENCE_MINUTES = 30
SETTLE_MINUTES = 30          # readings start this long after the open
BASES = ("BOFA", "GEX", "AG", "SIDIAL", "Undefined")
# The original's published 2023 mix of named paradigms, for comparison.
PUBLISHED_2023 = {"BOFA": 56.5, "GEX": 29.3, "AG": 9.0, "SIDIAL": 6.0}


def base_of(name: str) -> str:
    return name.split("-", 1)[0] if name else ""


def run(tickers: list[str], first: date, last: date, warmup: int, cadence: int) -> list[dict]:
    """One row per (ticker, snapshot) of the measured sessions: ts, minutes since the open, paradigm,
    agg_gamma."""
    days = cal.trading_days(first, last)
    before: list[date] = []
    d = first
    while len(before) < warmup:
        d = cal.previous_trading_day(d)
        before.append(d)
    timeline: list[tuple[datetime, bool]] = [(cal.session(x)[1], False) for x in reversed(before)]
    for x in days:
        timeline += [(ts, True) for ts in snapshot_times(x, cadence)]
    source = get_source("synthetic")
    rows: list[dict] = []
    state = None
    with tempfile.TemporaryDirectory(prefix="paradigm-mix-") as root:
        for ts, measured in timeline:
            batch = build_snapshot(tickers, ts, source, root=root, state=state, book_start=BOOK_START)
            state = state_from_batch(batch)
            if not measured:
                continue
            open_ = cal.session(cal.ny_date(ts))[0]
            minutes = int((ts - open_).total_seconds() // 60)
            for r in batch.stats.select(["ticker", "paradigm", "agg_gamma"]).to_pylist():
                rows.append({"ticker": r["ticker"], "day": cal.ny_date(ts).isoformat(), "ts": ts.isoformat(),
                             "minutes": minutes, "et": ts.astimezone(cal.NY).strftime("%H:%M"),
                             "paradigm": r["paradigm"] or "", "agg_gamma": r["agg_gamma"],
                             "close": ts >= cal.session(cal.ny_date(ts))[1]})
    return rows


def summarize(rows: list[dict], tickers: list[str]) -> dict:
    readings = [r for r in rows if not r["close"] and r["minutes"] >= SETTLE_MINUTES]

    def mix(sel: list[dict]) -> dict:
        n = len(sel)
        c = Counter(base_of(r["paradigm"]) for r in sel)
        out = {b: round(100.0 * c.get(b, 0) / n, 1) if n else None for b in BASES}
        out["MESSY"] = round(100.0 * sum(r["paradigm"].endswith("MESSY") for r in sel) / n, 1) if n else None
        named = sum(c.get(b, 0) for b in BASES[:4])
        out["named"] = {b: round(100.0 * c.get(b, 0) / named, 1) if named else None for b in BASES[:4]}
        out["readings"] = n
        return out

    per_ticker = {t: mix([r for r in readings if r["ticker"] == t]) for t in tickers}
    by_time = {}
    for et in sorted({r["et"] for r in readings}):
        sel = [r for r in readings if r["et"] == et]
        by_time[et] = {"MESSY": round(100.0 * sum(r["paradigm"].endswith("MESSY") for r in sel) / len(sel), 1),
                       "Undefined": sum(r["paradigm"] == "Undefined" for r in sel), "readings": len(sel)}
    undefined = defaultdict(list)
    for r in readings:
        if r["paradigm"] == "Undefined":
            undefined[r["ticker"]].append(r["ts"])
    changes = {}
    for t in tickers:
        per_day = defaultdict(list)
        for r in readings:
            if r["ticker"] == t:
                per_day[r["day"]].append(base_of(r["paradigm"]))
        counts = [sum(a != b for a, b in zip(v, v[1:])) for v in per_day.values()]
        changes[t] = {"min": min(counts), "median": float(np.median(counts)), "max": max(counts)} if counts else None
    gamma = {}
    spx = np.array([r["agg_gamma"] for r in rows if r["ticker"] == "SPX" and r["agg_gamma"] is not None
                    and r["minutes"] >= SETTLE_MINUTES], dtype=np.float64) / 1e9
    if spx.size:
        gamma = {"readings": int(spx.size), "min_bn": round(float(spx.min()), 1), "max_bn": round(float(spx.max()), 1),
                 "median_bn": round(float(np.median(spx)), 1),
                 "share_beyond_20bn": round(100.0 * float(np.mean(np.abs(spx) > 20)), 1),
                 "beyond_75bn": int(np.sum(np.abs(spx) > 75)), "beyond_100bn": int(np.sum(np.abs(spx) > 100))}
    return {"overall": mix(readings), "per_ticker": per_ticker, "by_time": by_time,
            "undefined": {t: len(undefined.get(t, [])) for t in tickers},
            "undefined_at": dict(undefined), "base_changes_per_day": changes, "spx_gamma_per_1pct": gamma}


def report(summary: dict, tickers: list[str]) -> None:
    head = ("", "BofA", "GEX", "AG", "Sidial", "Undef", "MESSY", "n")

    def line(label: str, m: dict) -> tuple[str, ...]:
        return (label, *(f"{m[b]:.1f}" for b in BASES), f"{m['MESSY']:.1f}", str(m["readings"]))

    rows = [line("all", summary["overall"])] + [line(t, summary["per_ticker"][t]) for t in tickers]
    print_table("Paradigm mix, % of readings (10:00-15:30 ET)", rows, head)
    named = [("all", *(f"{summary['overall']['named'][b]:.1f}" for b in BASES[:4])),
             ("2023 published", *(f"{PUBLISHED_2023[b]:.1f}" for b in BASES[:4]))]
    print_table("Named paradigms, % of named readings", named, ("", "BofA", "GEX", "AG", "Sidial"))
    print_table("By time of day", [(et, f"{v['MESSY']:.1f}", str(v["Undefined"]), str(v["readings"]))
                                   for et, v in summary["by_time"].items()], ("ET", "MESSY %", "Undefined", "n"))
    print_table("Base paradigm changes per day", [(t, *(str(v) for v in (c or {}).values()))
                                                  for t, c in summary["base_changes_per_day"].items()],
                ("ticker", "min", "median", "max"))
    g = summary["spx_gamma_per_1pct"]
    if g:
        print_table("SPX dealer gamma per 1 % (B$), readings from 10:00 ET to the close",
                    [(str(g["readings"]), str(g["min_bn"]), str(g["median_bn"]), str(g["max_bn"]),
                      str(g["share_beyond_20bn"]), str(g["beyond_75bn"]), str(g["beyond_100bn"]))],
                    ("n", "min", "median", "max", "% > 20", "> 75", "> 100"))


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(prog="python -m benchmarks.paradigm_mix", description=__doc__.split("\n")[0])
    ap.add_argument("--tickers", default=",".join(TICKERS))
    ap.add_argument("--first", type=date.fromisoformat, default=FIRST)
    ap.add_argument("--last", type=date.fromisoformat, default=LAST)
    ap.add_argument("--warmup", type=int, default=WARMUP_SESSIONS)
    ap.add_argument("--cadence", type=int, default=CADENCE_MINUTES)
    ap.add_argument("--name", default="paradigm_mix", help="results file name (benchmarks/results/<name>.json)")
    args = ap.parse_args(argv)
    tickers = [t.strip().upper() for t in args.tickers.split(",") if t.strip()]
    t0 = time.perf_counter()
    rows = run(tickers, args.first, args.last, args.warmup, args.cadence)
    elapsed = time.perf_counter() - t0
    summary = summarize(rows, tickers)
    report(summary, tickers)
    print(f"\nbuilt in {elapsed:.0f} s")
    save_results(args.name, {"tickers": tickers, "first": args.first, "last": args.last, "warmup": args.warmup,
                             "cadence_minutes": args.cadence, "seconds": round(elapsed, 1), **summary,
                             "readings": rows})
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
