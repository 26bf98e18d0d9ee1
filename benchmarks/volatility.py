"""Volatility routes (docs/methodology.md §4.17–§4.19): latency of each SPX answer uncached, against a
constant route answering a body of the same size, measured in the same run and in process (Flask's test
client, no network).

Set-up: the tiny demo store of ``benchmarks.api`` (``var/bench/api-store``, built once), the replay clock
frozen inside its last session (Friday 2026-01-09 12:00 New York), an SQLite account database, a Live data
token, the response cache off (``VOLLAND_CACHE_DISABLED=1``).

Measured (median and p90 of ``N`` requests, milliseconds), each route's requests alternating with its
baseline's so a change of machine load affects both alike:

* **uncached**: the response cache off, the reader's query memory and the per-snapshot facts kept (what an
  uncached answer costs once the store's files were read: every figure is computed again from the rows);
* **computed**: also the per-snapshot facts cleared before every request (``api.cache.SNAPSHOTS``: the
  by-expiration tables and the session closes' figures), the reader's query memory kept: every figure is
  computed again from rows already read;
* **cold**: also the reader's query memory cleared before every request (every row read from the Parquet
  files again, the history of session closes included);
* **baseline**: ``GET /bench/constant-vol-<route>``, a constant JSON body of exactly the route's size
  through the same app (no auth, no work).

Target: uncached SPX p50 <= 25 ms for each route; the ratio is the route's median over its baseline's.
"""

from __future__ import annotations

import os
import statistics
import tempfile
import time
from pathlib import Path

from benchmarks._common import print_table, save_results

N = int(os.environ.get("BENCH_VOL_N", "30"))
FROZEN_NOW = "2026-01-10T20:00:00+00:00"
ROUTES = {
    "term structure": "/api/v1/data/volland-vol-term-structure?ticker=SPX",
    "skew": "/api/v1/data/volland-vol-skew?ticker=SPX",
    "iv rank": "/api/v1/data/volland-vol-iv-rank?ticker=SPX",
}
TARGET_MS = 25.0


def _app(store: Path, var: Path):
    os.environ.update({"VOLLAND_STORE_ROOT": str(store), "VOLLAND_VAR_DIR": str(var), "VOLLAND_FROZEN_NOW": FROZEN_NOW,
                       "VOLLAND_REPLAY_CLOCK": "1", "VOLLAND_JOBS_PREFIX": f"bench-vol-{os.getpid()}",
                       "VOLLAND_CACHE_DISABLED": "1"})
    from flask import Response

    from api.app import create_app
    from api.db import upgrade

    url = f"sqlite:///{var / 'accounts.sqlite3'}"
    upgrade(url)
    app = create_app({"TESTING": True, "DATABASE_URL": url, "RATELIMIT_STORAGE_URI": "memory://"})
    bodies: dict[str, bytes] = {}

    @app.get("/bench/constant-vol-<name>")
    def constant(name: str):  # noqa: ANN202 - benchmark baseline: no auth, no work, same body size
        return Response(bodies[name], mimetype="application/json")

    return app, bodies


def _token(app) -> str:
    import uuid

    import jwt

    from api import catalog

    now = int(time.time())
    payload = {"sub": "1", "type": "data", "iat": now, "exp": now + 3600, "jti": uuid.uuid4().hex,
               "subscriptions": [{"id": catalog.TIERS["live"].product_ids[0]}], "tier": "live"}
    return jwt.encode(payload, app.config["JWT_SECRET_KEY"], algorithm="HS256")


def _clear_memory(mode: str) -> None:
    from api import cache
    from api.data import service as svc

    if mode == "cold":
        r = svc.reader()
        with r._lock:
            r._cache.clear()
    if mode in ("cold", "computed"):
        cache.SNAPSHOTS.items.clear()


def _timed(client, headers, path: str, mode: str) -> float:
    _clear_memory(mode)
    t0 = time.perf_counter()
    resp = client.get(path, headers=headers)
    ms = (time.perf_counter() - t0) * 1e3
    assert resp.status_code == 200, resp.get_data(as_text=True)[:300]
    return ms


def _q(v: list[float], q: float) -> float:
    return statistics.quantiles(v, n=100)[int(q) - 1] if len(v) > 1 else v[0]


def main() -> None:
    from benchmarks.api import ensure_store

    store = ensure_store()
    var = Path(tempfile.mkdtemp(prefix="bench-vol-"))
    app, bodies = _app(store, var)
    client, headers = app.test_client(), {"Authorization": f"Bearer {_token(app)}"}
    rows, out = [], {}
    with app.app_context():
        for name, path in ROUTES.items():
            key = name.replace(" ", "-")
            first = client.get(path, headers=headers)
            assert first.status_code == 200, first.get_data(as_text=True)[:300]
            bodies[key] = first.get_data()
            for mode in ("uncached", "computed", "cold"):
                a, b = [], []
                for _ in range(N):
                    a.append(_timed(client, headers, path, mode))
                    b.append(_timed(client, headers, f"/bench/constant-vol-{key}", "uncached"))
                label = f"{mode}: {name}"
                p50 = statistics.median(a)
                out[label] = {"p50_ms": p50, "p90_ms": _q(a, 90), "baseline": "constant body of the same size",
                              "baseline_p50_ms": statistics.median(b), "ratio": p50 / statistics.median(b),
                              "body_bytes": len(bodies[key]), "target_p50_ms": TARGET_MS if mode == "uncached" else None,
                              "meets_target": (p50 <= TARGET_MS) if mode == "uncached" else None}
                rows.append((label, f"{p50:.1f}", f"{out[label]['p90_ms']:.1f}", f"{out[label]['baseline_p50_ms']:.2f}",
                             f"{out[label]['ratio']:.1f}", str(len(bodies[key])),
                             "" if mode != "uncached" else ("ok" if p50 <= TARGET_MS else "MISSED")))
    print_table(f"volatility routes, SPX, tiny demo store, {N} requests each (ms)", rows,
                ("case", "p50", "p90", "constant p50", "ratio", "bytes", f"p50 <= {TARGET_MS:.0f} ms"))
    print(f"saved {save_results('volatility', {'requests': N, 'cases': out})}")


if __name__ == "__main__":
    main()
