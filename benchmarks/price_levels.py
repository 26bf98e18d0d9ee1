"""Price-and-levels route (docs/methodology.md §4.12): latency of one SPX answer against routes of the same
store measured in the same run, in process (Flask's test client, no network).

Set-up: the tiny demo store of ``benchmarks.api`` (``var/bench/api-store``, built once), the replay clock
frozen inside its last session (Friday 2026-01-09 12:00 New York: 31 snapshots so far), an SQLite account
database, a Live data token.

Measured (median and p90 of ``N`` requests, milliseconds), each line alternating with its baseline so a
change of machine load affects both alike:

* **cold**: the response cache off (``VOLLAND_CACHE_DISABLED=1``) and the reader's query memory and the
  per-snapshot facts cleared before every request: every figure is read from the Parquet files (and, for a
  subset of expirations, re-priced). Baseline: the exposure route (SPX, gamma, ALL) cold.
* **warm store**: the response cache off, the reader's memory kept (what an uncached answer costs once
  the store's files were read). Baseline: the exposure route, same conditions.
* **cached**: the response cache on (process memory and Redis). Baseline: the candles route cached.

Ratios are the price-and-levels median over the baseline's.
"""

from __future__ import annotations

import os
import statistics
import tempfile
import time
from pathlib import Path

from benchmarks._common import print_table, save_results

N = int(os.environ.get("BENCH_LEVELS_N", "30"))
FROZEN_NOW = "2026-01-10T20:00:00+00:00"
EXPOSURE = {"ticker": "SPX", "greek": "gamma", "kind": "both", "expirations": {"option": "ALL"}, "isCumulative": False}
CASES = {
    "ALL, this session": {"ticker": "SPX"},
    "ALL, +5 sessions": {"ticker": "SPX", "previousSessions": 5},
    "THIS_WEEK, this session": {"ticker": "SPX", "expirations": {"option": "THIS_WEEK"}},
}


def _app(store: Path, var: Path, cache_off: bool):
    os.environ.update({"VOLLAND_STORE_ROOT": str(store), "VOLLAND_VAR_DIR": str(var), "VOLLAND_FROZEN_NOW": FROZEN_NOW,
                       "VOLLAND_REPLAY_CLOCK": "1", "VOLLAND_JOBS_PREFIX": f"bench-levels-{os.getpid()}"})
    if cache_off:
        os.environ["VOLLAND_CACHE_DISABLED"] = "1"
    else:
        os.environ.pop("VOLLAND_CACHE_DISABLED", None)
    from api.app import create_app
    from api.db import upgrade

    url = f"sqlite:///{var / ('accounts-%d.sqlite3' % int(cache_off))}"
    upgrade(url)
    return create_app({"TESTING": True, "DATABASE_URL": url, "RATELIMIT_STORAGE_URI": "memory://"})


def _token(app) -> str:
    import uuid

    import jwt

    from api import catalog

    now = int(time.time())
    payload = {"sub": "1", "type": "data", "iat": now, "exp": now + 3600, "jti": uuid.uuid4().hex,
               "subscriptions": [{"id": catalog.TIERS["live"].product_ids[0]}], "tier": "live"}
    return jwt.encode(payload, app.config["JWT_SECRET_KEY"], algorithm="HS256")


def _clear_memory() -> None:
    from api import cache
    from api.data import service as svc

    r = svc.reader()
    with r._lock:
        r._cache.clear()
    cache.SNAPSHOTS.items.clear()


def _timed(client, headers, method: str, path: str, body, cold: bool) -> float:
    if cold:
        _clear_memory()
    t0 = time.perf_counter()
    resp = client.post(path, json=body, headers=headers) if method == "POST" else client.get(path, headers=headers)
    ms = (time.perf_counter() - t0) * 1e3
    assert resp.status_code == 200, resp.get_data(as_text=True)[:300]
    return ms


def _pair(client, headers, case, baseline, cold: bool) -> tuple[list[float], list[float]]:
    a, b = [], []
    for _ in range(N):
        a.append(_timed(client, headers, *case, cold))
        b.append(_timed(client, headers, *baseline, cold))
    return a, b


def _q(v: list[float], q: float) -> float:
    return statistics.quantiles(v, n=100)[int(q) - 1] if len(v) > 1 else v[0]


def main() -> None:
    from benchmarks.api import ensure_store

    store = ensure_store()
    var = Path(tempfile.mkdtemp(prefix="bench-levels-"))
    rows, out = [], {}
    levels = "/api/v1/data/volland-price-levels"
    exposure = ("POST", "/api/v1/data/volland-exposure", EXPOSURE)
    candles = ("GET", "/api/v1/data/volland-live-api-candles?ticker=SPX&frequency=5", None)
    app = _app(store, var, cache_off=True)
    client, headers = app.test_client(), {"Authorization": f"Bearer {_token(app)}"}
    with app.app_context():
        for mode, cold in (("cold", True), ("warm store", False)):
            for name, body in CASES.items():
                a, b = _pair(client, headers, ("POST", levels, body), exposure, cold)
                key = f"{mode}: {name}"
                out[key] = {"p50_ms": statistics.median(a), "p90_ms": _q(a, 90), "baseline": "exposure SPX gamma ALL",
                            "baseline_p50_ms": statistics.median(b), "ratio": statistics.median(a) / statistics.median(b)}
                rows.append((key, f"{out[key]['p50_ms']:.1f}", f"{out[key]['p90_ms']:.1f}", "exposure",
                             f"{out[key]['baseline_p50_ms']:.1f}", f"{out[key]['ratio']:.2f}"))
    app = _app(store, var, cache_off=False)
    client, headers = app.test_client(), {"Authorization": f"Bearer {_token(app)}"}
    with app.app_context():
        for name, body in CASES.items():
            _timed(client, headers, "POST", levels, body, False)   # fill the cache
            a, b = _pair(client, headers, ("POST", levels, body), candles, False)
            key = f"cached: {name}"
            out[key] = {"p50_ms": statistics.median(a), "p90_ms": _q(a, 90), "baseline": "candles SPX 5 min cached",
                        "baseline_p50_ms": statistics.median(b), "ratio": statistics.median(a) / statistics.median(b)}
            rows.append((key, f"{out[key]['p50_ms']:.2f}", f"{out[key]['p90_ms']:.2f}", "candles",
                         f"{out[key]['baseline_p50_ms']:.2f}", f"{out[key]['ratio']:.2f}"))
    print_table(f"price and levels, SPX, tiny demo store, {N} requests each (ms)", rows,
                ("case", "p50", "p90", "baseline", "baseline p50", "ratio"))
    print(f"saved {save_results('price_levels', {'requests': N, 'cases': out})}")


if __name__ == "__main__":
    main()
