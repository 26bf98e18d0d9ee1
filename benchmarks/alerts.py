"""Alerts: evaluating 100,000 rules against one 250-ticker publish, and the levels scorecard of one ticker.

* **evaluate**: 100,000 active rules (the six kinds in equal shares, thresholds near their ticker's
  figures, seed 7) on 250 tickers, each with the memory one publish left, against the next publish's
  statistics rows (synthetic rows: spot, levels, paradigm, aggregates, VIX; every figure moved about
  0.3 %, so a realistic few percent of the rules fire). Measured: ``domain.alerts.step`` for every rule (what
  ``api.alerts.tasks.evaluate_slot`` runs per rule before it writes the rules whose memory changed).
  Baseline in the same run: a bare scan comparing each rule's one threshold with its ticker's value.
  Target: ≤ 1 s on one core.
* **scorecard**: ``api.alerts.scorecard.scorecard`` for SPX over the whole stored history of the tiny
  demo store (``var/bench/api-store``, built once by ``benchmarks.api``), as of its last close. Baseline:
  one day's ``Reader.level_series`` read. Target: ≤ 100 ms.
* **wake**: from ``api.alerts.wake.announce`` (what the evaluation calls once a firing is committed) to
  the held stream answer's ``Waiter.wait`` returning in another thread, through the real Redis
  (``VOLLAND_REDIS_URL``, default 127.0.0.1:6379) — the delay the stream adds before it reads the store
  (it used to look every 0.5 s and sleep 4 s between answers). Baseline: one Redis PING round trip.

Median of ``REPEAT`` runs each.
"""

from __future__ import annotations

import os
import random
import statistics
import time
from datetime import UTC, datetime

from benchmarks._common import print_table, save_results

REPEAT = int(os.environ.get("BENCH_ALERTS_REPEAT", "5"))
RULES = int(os.environ.get("BENCH_ALERTS_RULES", "100000"))
TICKERS = 250


def _rows(rng: random.Random) -> dict[str, dict]:
    rows = {}
    for i in range(TICKERS):
        spot = rng.uniform(20, 5000)
        rows[f"T{i:03d}"] = {
            "price": spot, "zero_gamma": spot * rng.uniform(0.97, 1.03), "call_wall": spot * rng.uniform(1.0, 1.05),
            "put_wall": spot * rng.uniform(0.95, 1.0), "target": spot * rng.uniform(0.99, 1.01),
            "lis_low": spot * 0.99, "lis_high": spot * 0.995, "paradigm": rng.choice(["GEX-PURE", "AG-LIS", "BOFA-MESSY"]),
            "vix": rng.uniform(14, 22), "previous_vix": 17.0,
            **{f"agg_{g}": rng.uniform(-1e9, 1e9) for g in ("gamma", "delta", "vanna", "charm")}}
    return rows


def _moved(rows: dict[str, dict], rng: random.Random) -> dict[str, dict]:
    """The next publish: every figure moved a little (spot by about 0.3 %), paradigms changed on 5 %."""
    out = {}
    for t, r in rows.items():
        f = 1 + rng.gauss(0, 0.003)
        out[t] = {**r, **{k: r[k] * f for k in ("price", "zero_gamma", "call_wall", "put_wall", "target",
                                                  "lis_low", "lis_high")},
                  "paradigm": rng.choice(["GEX-PURE", "AG-LIS", "BOFA-MESSY"]) if rng.random() < 0.05 else r["paradigm"],
                  "vix": r["vix"] + rng.gauss(0, 0.3),
                  **{f"agg_{g}": r[f"agg_{g}"] + rng.gauss(0, 5e7) for g in ("gamma", "delta", "vanna", "charm")}}
    return out


def _rules(rng: random.Random, rows: dict) -> list[tuple]:
    """Rules with thresholds near their ticker's figures, each with the memory the previous publish left."""
    from domain import alerts as a

    tickers = sorted(rows)
    out = []
    for i in range(RULES):
        kind = a.KINDS[i % len(a.KINDS)]
        t = tickers[rng.randrange(TICKERS)]
        spot = rows[t]["price"]
        params = {"level_cross": {"level": rng.choice(a.LEVELS)},
                  "price_cross": {"price": spot * rng.uniform(0.98, 1.02)},
                  "paradigm_change": {},
                  "wall_move": {"wall": rng.choice(a.WALLS), "strikes": 2},
                  "greek_threshold": {"greek": rng.choice(["gamma", "delta", "vanna", "charm"]),
                                      "threshold": rng.uniform(-5e8, 5e8)},
                  "vol_event": {"points": rng.choice([1.0, 2.0, 3.0])}}[kind]
        params = a.normalize_params(kind, params)
        state, _ = a.step(kind, params, {}, rows[t], t, lambda: [])   # what the previous publish left
        out.append((kind, params, state, t))
    return out


def _evaluate(rules, rows, strikes) -> int:
    from domain.alerts import step

    fired = 0
    for kind, params, state, t in rules:
        _, event = step(kind, params, state, rows[t], t, strikes)
        fired += event is not None
    return fired


def _bare(rules, rows) -> int:
    from domain.alerts import threshold_of

    hits = 0
    for kind, params, state, t in rules:
        th = threshold_of(kind, params, rows[t])
        hits += th is not None and rows[t]["price"] > th
    return hits


def _median(fn, repeat=REPEAT) -> tuple[float, object]:
    times, out = [], None
    for _ in range(repeat):
        t0 = time.perf_counter()
        out = fn()
        times.append(time.perf_counter() - t0)
    return statistics.median(times), out


def _wake_latency(repeat: int) -> tuple[float, float]:
    """Median announce → woken delay and median PING round trip (seconds)."""
    import threading
    import uuid

    from api.alerts import wake
    from volland.redis_client import redis_client
    from volland.settings import get_settings

    os.environ.setdefault("VOLLAND_REDIS_URL", "redis://127.0.0.1:6379/0")
    os.environ["VOLLAND_JOBS_PREFIX"] = f"bench-wake-{uuid.uuid4().hex[:8]}"
    s = get_settings()
    conn = redis_client(s.redis_url)
    delays, pings = [], []
    for i in range(repeat):
        waiter = wake.Waiter(i + 1, s.redis_url, s.jobs_prefix)
        woken = {}
        ready = threading.Event()

        def held(waiter=waiter, woken=woken, ready=ready):
            ready.set()
            woken["ok"] = waiter.wait(10.0)
            woken["at"] = time.perf_counter()

        th = threading.Thread(target=held)
        th.start()
        ready.wait()
        time.sleep(0.05)   # the thread is inside wait()
        t0 = time.perf_counter()
        wake.announce([i + 1])
        th.join()
        waiter.close()
        if not woken.get("ok"):
            raise SystemExit("wake: the waiter was not woken")
        delays.append(woken["at"] - t0)
        t1 = time.perf_counter()
        conn.ping()
        pings.append(time.perf_counter() - t1)
    return statistics.median(delays), statistics.median(pings)


def main() -> None:
    rng = random.Random(7)
    previous = _rows(rng)
    rules = _rules(rng, previous)
    rows = _moved(previous, rng)
    grid = [float(k) for k in range(0, 6000, 5)]
    strikes = lambda: grid  # noqa: E731 - the per-snapshot strike list the job memoizes per ticker
    ev_s, fired = _median(lambda: _evaluate(rules, rows, strikes))
    bare_s, _ = _median(lambda: _bare(rules, rows))

    from benchmarks.api import ensure_store

    store = ensure_store()
    os.environ["VOLLAND_STORE_ROOT"] = str(store)
    from data.store.query import Reader

    from api.alerts.scorecard import scorecard

    r = Reader(str(store))
    as_of = datetime(2026, 1, 10, 0, 0, tzinfo=UTC)
    scorecard("SPX", as_of, r)   # warm the reader's file metadata like a running worker
    card_s, card = _median(lambda: scorecard("SPX", as_of, r), repeat=max(REPEAT, 9))
    day = r.available_dates("SPX", until=as_of)[-1]
    base_s, _ = _median(lambda: r.level_series("SPX", day, until=as_of), repeat=max(REPEAT, 9))

    wake_s, ping_s = _wake_latency(max(REPEAT, 9))

    table = [("evaluate 100k rules, 250 tickers", f"{ev_s * 1000:.0f} ms", f"{bare_s * 1000:.0f} ms (bare scan)",
              f"{ev_s / bare_s:.1f}x", "≤ 1000 ms", "ok" if ev_s <= 1.0 else "OVER"),
             (f"scorecard SPX, {card['sessions']} sessions", f"{card_s * 1000:.1f} ms",
              f"{base_s * 1000:.1f} ms (one day's levels)", f"{card_s / base_s:.1f}x", "≤ 100 ms",
              "ok" if card_s <= 0.1 else "OVER"),
             ("stream woken after a firing", f"{wake_s * 1000:.1f} ms", f"{ping_s * 1000:.2f} ms (Redis PING)",
              f"{wake_s / ping_s:.1f}x", "(was 0.5 s polls + 4 s gaps)", "")]
    print_table(f"alerts ({RULES} rules, {fired} fired; median of {REPEAT})", table,
                ("case", "measured", "baseline", "ratio", "target", ""))
    save_results("alerts", {"rules": RULES, "tickers": TICKERS, "fired": fired, "evaluate_s": ev_s,
                            "bare_scan_s": bare_s, "evaluate_ratio": ev_s / bare_s, "scorecard_s": card_s,
                            "scorecard_sessions": card["sessions"], "level_series_day_s": base_s,
                            "scorecard_ratio": card_s / base_s, "wake_s": wake_s, "redis_ping_s": ping_s,
                            "wake_ratio": wake_s / ping_s})


if __name__ == "__main__":
    main()
