"""Flow: what keeping the classified prints costs, how large they are, and how fast the flow routes answer.

1. **Storing prints** (whole demo universe, synthetic market): a session's snapshots are built once each
   (09:30 open, then every 5 minutes, then the close) and every batch is published twice, into a store
   that keeps its prints and into one that does not (``batch.prints = None``). Storing adds the time of
   ``prints_table`` (the ``prints`` stage) and the extra publish time. Ratio: snapshot build + publish with
   prints over the same without, median over the 5-minute windows. Target: <= 1.20.
2. **Size**: rows and bytes of the stored prints of the whole session (every window), for the demo
   universe and for SPX alone, and the bytes per row; the estimate for SPX on a busy real day multiplies
   the bytes per SPX row by ``BUSY_SPX_PRINTS``.
3. **Routes, uncached** (the tiny demo store of ``benchmarks.api``, replay clock inside its last session):
   the response cache off and the reader's query memory and per-snapshot facts cleared before every
   request, so every figure is read from the Parquet files. p50 and p90 of ``N`` requests, alternating
   with the exposure route (SPX gamma ALL) under the same conditions as the baseline. Target: p50 <= 25 ms.
4. **A busy SPX session's tape**: the tiny store's SPX prints of one session replicated (times spread over
   the session, sizes varied) to ``BUSY_SPX_PRINTS`` rows in one file, then pages of 50 read through the
   tape's queries (``Reader.prints_tape``) on the reader's DuckDB connection, its query memory cleared
   before every page: first page, a deep page, filtered pages, both orders. The same rows are written in
   the store's prints order (``sort_prints``) and in the order of earlier publishes (``PRINTS_ORDER``),
   measured in the same run. The same rows as a live session's 5-minute window files (78), paged from the
   files and from the session kept in memory (``data.store.tape``; its memory is not cleared between pages,
   it is what a live session's pages use), with, for the latter, its first page with nothing in memory and
   the first page after a new window is published. Baseline: a count of the same files' rows. Target: p50
   <= 50 ms per page.
"""

from __future__ import annotations

import os
import shutil
import statistics
import tempfile
import time
from datetime import UTC, datetime, timedelta
from pathlib import Path

from benchmarks._common import print_table, save_results

N = int(os.environ.get("BENCH_FLOW_N", "30"))
WINDOWS = int(os.environ.get("BENCH_FLOW_WINDOWS", "4"))
# An estimate of a busy real SPX day: about 3.5 million contracts at about 3 contracts a print on average
# over all SPX and SPXW expirations, rounded up.
BUSY_SPX_PRINTS = int(os.environ.get("BENCH_FLOW_BUSY_PRINTS", "1200000"))
DAY = datetime(2026, 11, 18, tzinfo=UTC)
OPEN = datetime(2026, 11, 18, 14, 30, tzinfo=UTC)
CLOSE = datetime(2026, 11, 18, 21, 0, tzinfo=UTC)
FROZEN_NOW = "2026-01-10T20:00:00+00:00"


def _q(v: list[float], q: int) -> float:
    return statistics.quantiles(v, n=100)[q - 1] if len(v) > 1 else v[0]


def _dir_bytes(root: Path, sub: str) -> int:
    return sum(p.stat().st_size for p in (root / sub).rglob("*.parquet")) if (root / sub).exists() else 0


# ---------------------------------------------------------------- 1 and 2: storing prints


def storing(tmp: Path) -> dict:
    import pyarrow.parquet as pq

    from data.orchestration.pipeline import build_snapshot, publish_snapshot
    from data.sources.lookup import get_source
    from data.universe import symbols

    tickers = symbols()
    src = get_source("synthetic")
    with_root, without_root = tmp / "with-prints", tmp / "without-prints"
    times = [OPEN] + [OPEN + timedelta(minutes=5 * (i + 1)) for i in range(WINDOWS)] + [CLOSE]
    ratios, windows = [], []
    for i, ts in enumerate(times):
        t0 = time.perf_counter()
        batch = build_snapshot(tickers, ts, src, root=with_root)
        build = time.perf_counter() - t0
        t0 = time.perf_counter()
        publish_snapshot(batch, with_root)
        pub_with = time.perf_counter() - t0
        stage = batch.timings.get("prints", 0.0)
        rows = batch.prints.num_rows if batch.prints is not None else 0
        batch.prints = None
        t0 = time.perf_counter()
        publish_snapshot(batch, without_root)
        pub_without = time.perf_counter() - t0
        with_s, without_s = build + pub_with, build - stage + pub_without
        windows.append({"ts": ts.isoformat(), "prints": rows, "with_s": with_s, "without_s": without_s,
                        "prints_stage_s": stage})
        if 0 < i < len(times) - 1:       # the 5-minute windows (the open has no prints, the close is long)
            ratios.append(with_s / without_s)
    files = sorted((with_root / "prints").rglob("*.parquet"))
    total_rows = sum(pq.ParquetFile(f).metadata.num_rows for f in files)
    total_bytes = sum(f.stat().st_size for f in files)
    spx_rows = 0
    for f in files:
        t = pq.read_table(f, columns=["ticker"])
        spx_rows += sum(1 for x in t.column("ticker").to_pylist() if x == "SPX")
    # SPX alone in one file, compressed the same way: its bytes per row.
    import pyarrow as pa
    import pyarrow.compute as pc

    from data.store.parquet import write_parquet_atomic
    spx = pa.concat_tables([pq.read_table(f).filter(pc.equal(pq.read_table(f)["ticker"], "SPX")) for f in files])
    spx_file = tmp / "spx-prints.parquet"
    write_parquet_atomic(spx, spx_file, tmp / ".staging")
    spx_bytes = spx_file.stat().st_size
    per_row = spx_bytes / max(spx_rows, 1)
    return {
        "tickers": len(tickers), "windows": windows,
        "storing_ratio_median": statistics.median(ratios), "storing_ratio_max": max(ratios), "target_ratio": 1.20,
        "meets_target": statistics.median(ratios) <= 1.20,
        "session_rows": total_rows, "session_bytes": total_bytes,
        "bytes_per_row": total_bytes / max(total_rows, 1),
        "spx_session_rows": spx_rows, "spx_session_bytes_one_file": spx_bytes, "spx_bytes_per_row": per_row,
        "busy_spx_prints_assumed": BUSY_SPX_PRINTS, "busy_spx_bytes_estimate": BUSY_SPX_PRINTS * per_row,
        "exposures_bytes": _dir_bytes(with_root, "exposures"),
    }


# ---------------------------------------------------------------- 3: routes uncached


def _app(store: Path, var: Path):
    os.environ.update({"VOLLAND_STORE_ROOT": str(store), "VOLLAND_VAR_DIR": str(var), "VOLLAND_FROZEN_NOW": FROZEN_NOW,
                       "VOLLAND_REPLAY_CLOCK": "1", "VOLLAND_JOBS_PREFIX": f"bench-flow-{os.getpid()}",
                       "VOLLAND_CACHE_DISABLED": "1"})
    from api.app import create_app
    from api.db import upgrade

    url = f"sqlite:///{var / 'accounts.sqlite3'}"
    upgrade(url)
    return create_app({"TESTING": True, "DATABASE_URL": url, "RATELIMIT_STORAGE_URI": "memory://"})


def _clear_memory() -> None:
    from api import cache
    from api.data import service as svc

    r = svc.reader()
    with r._lock:
        r._cache.clear()
    cache.SNAPSHOTS.items.clear()


def _timed(client, headers, method: str, path: str, body) -> float:
    _clear_memory()
    t0 = time.perf_counter()
    resp = client.post(path, json=body, headers=headers) if method == "POST" else client.get(path, headers=headers)
    ms = (time.perf_counter() - t0) * 1e3
    assert resp.status_code == 200, resp.get_data(as_text=True)[:300]
    return ms


ROUTES = {
    "volume-oi SPX ALL": "/api/v1/data/volland-live-api-volume-oi?ticker=SPX",
    "volume-oi SPX THIS_WEEK": "/api/v1/data/volland-live-api-volume-oi?ticker=SPX&expirations=THIS_WEEK",
    "put-call SPX": "/api/v1/data/volland-live-api-put-call?ticker=SPX",
    "prints SPX page 1": "/api/v1/data/volland-live-api-prints?ticker=SPX",
    "prints SPX sell >= $10k, by time": "/api/v1/data/volland-live-api-prints?ticker=SPX&side=sell&minPremium=10000"
                                        "&sort=time",
    "prints SPX historical page 3": "/api/v1/data/volland-live-api-prints?ticker=SPX&date=2026-01-08&page=3",
}


def routes(tmp: Path) -> dict:
    from benchmarks.api import ensure_store
    from benchmarks.price_levels import _token

    store = ensure_store()
    has_prints = (store / "prints").exists() and any((store / "prints").rglob("*.parquet"))
    if not has_prints:
        # A store built before prints were kept: build it again.
        shutil.rmtree(store)
        store = ensure_store()
    app = _app(store, tmp)
    client, headers = app.test_client(), {"Authorization": f"Bearer {_token(app)}"}
    exposure = ("POST", "/api/v1/data/volland-exposure", {"ticker": "SPX", "greek": "gamma", "kind": "both",
                                                          "expirations": {"option": "ALL"}, "isCumulative": False})
    out = {}
    with app.app_context():
        for name, path in ROUTES.items():
            a, b = [], []
            for _ in range(N):
                a.append(_timed(client, headers, "GET", path, None))
                b.append(_timed(client, headers, *exposure))
            out[name] = {"p50_ms": statistics.median(a), "p90_ms": _q(a, 90),
                         "baseline_p50_ms": statistics.median(b), "ratio": statistics.median(a) / statistics.median(b),
                         "target_ms": 25.0, "meets_target": statistics.median(a) <= 25.0}
    return {"store": str(store), "routes": out}


# ---------------------------------------------------------------- 4: a busy SPX session's tape


def busy_tape(tmp: Path, store: Path) -> dict:
    import numpy as np
    import pyarrow as pa
    import pyarrow.compute as pc
    import pyarrow.parquet as pq

    from data.store.parquet import PRINTS_ROW_GROUP_ROWS, ROW_GROUP_ROWS, write_parquet_atomic
    from data.store.query import Reader, SnapshotRef, cursor
    from data.store.schemas import PRINTS_ORDER, PRINTS_SCHEMA, sort_prints
    from data.store.tape import TapeMemory
    from volland.settings import get_settings

    tape_memory_bytes = get_settings().tape_memory_mb * 1_000_000

    files = sorted((store / "prints").rglob("*.parquet"))
    parts = [pq.read_table(f) for f in files]
    spx = pa.concat_tables([p.filter(pc.equal(p["ticker"], "SPX")) for p in parts])
    rng = np.random.default_rng(7)
    reps = -(-BUSY_SPX_PRINTS // spx.num_rows)
    big = pa.concat_tables([spx] * reps).slice(0, BUSY_SPX_PRINTS)
    n = big.num_rows
    day_open = datetime(2026, 1, 9, 14, 30, tzinfo=UTC)
    ts = (np.datetime64(day_open.replace(tzinfo=None), "us")
          + np.sort(rng.integers(0, int(6.5 * 3600e6), n)).astype("timedelta64[us]"))
    size = np.maximum(1, (big["size"].to_numpy() * rng.uniform(0.5, 1.5, n)).astype(np.int64))
    price = big["price"].to_numpy()
    big = big.set_column(big.column_names.index("ts"), "ts", pa.array(ts, PRINTS_SCHEMA.field("ts").type))
    big = big.set_column(big.column_names.index("size"), "size", pa.array(size))
    big = big.set_column(big.column_names.index("premium"), "premium", pa.array(price * size * 100.0))
    big = big.cast(PRINTS_SCHEMA)
    layouts = {"store order": sort_prints(big), "earlier publishes' order": big.sort_by(PRINTS_ORDER),
               "one file per 5-minute window (a live session), read from the files": "windows",
               "one file per 5-minute window (a live session), kept in memory": "windows"}
    snap = SnapshotRef("SPX", datetime(2026, 1, 9, 21, 0, tzinfo=UTC), "busy")
    start = datetime(2026, 1, 9, 5, 0, tzinfo=UTC)
    cases = {
        "page 1, largest first": {},
        "page 2, largest first": {"offset": 50},
        "page 200, largest first": {"offset": 199 * 50},
        "customer sells >= $50k, page 1": {"side": "sell", "min_premium": 50000.0},
        "page 1, latest first": {"order": "time"},
        "page 2, latest first": {"order": "time", "offset": 50},
        "page 200, latest first": {"order": "time", "offset": 199 * 50},
    }
    cur = cursor()
    out: dict = {"rows": n}
    window_paths: list[str] = []
    for layout, ordered in layouts.items():
        if isinstance(ordered, str) and window_paths:
            paths = window_paths
        elif isinstance(ordered, str):
            # As a live session's windows are published: one file per 5 minutes, named by its time.
            minute = pc.cast(big["ts"], pa.int64()).to_numpy() // 300_000_000
            paths = []
            for w in np.unique(minute):
                path = tmp / f"busy-spx-{len(out)}" / f"{int(w):012d}.parquet"
                write_parquet_atomic(sort_prints(big.filter(pa.array(minute == w))), path, tmp / ".staging",
                                     row_group_rows=PRINTS_ROW_GROUP_ROWS)
                paths.append(str(path))
            window_paths = paths
        else:
            path = tmp / f"busy-spx-{len(out)}.parquet"
            # The store's row groups for its order; earlier publishes were written with the tables' default.
            write_parquet_atomic(ordered, path, tmp / ".staging", row_group_rows=PRINTS_ROW_GROUP_ROWS
                                 if layout.startswith("store order") else ROW_GROUP_ROWS)
            paths = [str(path)]

        class Files(Reader):
            """The reader's tape over the busy session's files (no manifest needed)."""

            paths: tuple[str, ...] = ()

            def session_print_files(self, snap):
                return self.paths

        reader = Files(tmp / "no-store")
        reader.paths = tuple(paths)
        in_memory = layout.endswith("kept in memory")
        # Memory off: every page reads the files (as before the live tape was kept in memory).
        reader._tape = TapeMemory(tape_memory_bytes if in_memory else 0)
        base_q = ("SELECT count(*) FROM read_parquet(?) WHERE ticker = ? AND ts > ? AND ts <= ?",
                  [paths, "SPX", start, snap.ts])
        part = out[layout] = {"file_bytes": sum(Path(f).stat().st_size for f in paths), "files": len(paths)}
        for name, kw in cases.items():
            a, b = [], []
            for _ in range(N):
                with reader._lock:
                    reader._cache.clear()
                t0 = time.perf_counter()
                df, total = reader.prints_tape(snap, start, **kw)
                a.append((time.perf_counter() - t0) * 1e3)
                assert df.height == 50 and total > 0
                t0 = time.perf_counter()
                cur.execute(*base_q).fetchall()
                b.append((time.perf_counter() - t0) * 1e3)
            part[name] = {"p50_ms": statistics.median(a), "p90_ms": _q(a, 90),
                          "baseline_count_p50_ms": statistics.median(b),
                          "ratio": statistics.median(a) / statistics.median(b), "target_ms": 50.0,
                          "meets_target": statistics.median(a) <= 50.0}
        if in_memory:
            # What keeping the session costs: its first page with nothing in memory (every window read and
            # sorted), and the first page after a new window is published (only that window read and merged).
            cold, new_window = [], []
            for _ in range(max(3, N // 4)):
                reader._tape = TapeMemory(tape_memory_bytes)
                t0 = time.perf_counter()
                reader.prints_tape(snap, start)
                cold.append((time.perf_counter() - t0) * 1e3)
                reader._tape = TapeMemory(tape_memory_bytes)
                reader.paths = tuple(paths[:-1])
                reader.prints_tape(snap, start)
                reader.paths = tuple(paths)
                t0 = time.perf_counter()
                reader.prints_tape(snap, start)
                new_window.append((time.perf_counter() - t0) * 1e3)
            part["memory_mb"] = reader.tape_memory().nbytes / 1e6
            for name, v in (("first page, session not in memory", cold),
                            ("first page after a new window", new_window)):
                part[name] = {"p50_ms": statistics.median(v), "p90_ms": _q(v, 90),
                              "baseline_count_p50_ms": statistics.median(b),
                              "ratio": statistics.median(v) / statistics.median(b)}
    out["load_average_1min"] = os.getloadavg()[0]
    return out


def main() -> None:
    """Runs the parts named by ``BENCH_FLOW_PARTS`` (default all: storing, routes, tape)."""
    tmp = Path(tempfile.mkdtemp(prefix="bench-flow-"))
    parts = set(os.environ.get("BENCH_FLOW_PARTS", "storing,routes,tape").split(","))
    results: dict = {"load_average_1min_at_start": os.getloadavg()[0]}
    try:
        if "storing" in parts:
            s = results["storing"] = storing(tmp / "storing")
            print_table("Storing the classified prints (demo universe, one session)", [
                ("tickers", str(s["tickers"])),
                ("snapshot with / without prints (median ratio)", f"{s['storing_ratio_median']:.3f}"),
                ("worst window ratio", f"{s['storing_ratio_max']:.3f}"),
                ("session rows, universe", f"{s['session_rows']:,}"),
                ("session bytes, universe", f"{s['session_bytes']:,}"),
                ("bytes per row, universe", f"{s['bytes_per_row']:.1f}"),
                ("session rows, SPX", f"{s['spx_session_rows']:,}"),
                ("bytes per row, SPX (one file)", f"{s['spx_bytes_per_row']:.1f}"),
                (f"busy real SPX day ({BUSY_SPX_PRINTS:,} prints), estimate",
                 f"{s['busy_spx_bytes_estimate'] / 1e6:.1f} MB"),
            ], ("figure", "value"))
        if "routes" in parts:
            var = tmp / "var"
            var.mkdir()
            results.update(routes(var))
            print_table("Flow routes, uncached (tiny store)", [
                (k, f"{v['p50_ms']:.1f}", f"{v['p90_ms']:.1f}", f"{v['baseline_p50_ms']:.1f}", f"{v['ratio']:.2f}")
                for k, v in results["routes"].items()], ("route", "p50 ms", "p90 ms", "exposure p50 ms", "ratio"))
        if "tape" in parts:
            from benchmarks.api import ensure_store

            # The routes' store when they ran (their settings point the var dir elsewhere afterwards).
            store = Path(results["store"]) if "store" in results else ensure_store()
            bt = results["busy_tape"] = busy_tape(tmp, store)
            for layout, part in bt.items():
                if not isinstance(part, dict):
                    continue
                memory = f", {part['memory_mb']:.0f} MB in memory" if "memory_mb" in part else ""
                print_table(f"Tape of a busy SPX session ({bt['rows']:,} prints, {part['file_bytes'] / 1e6:.1f} MB in "
                            f"{part['files']} file(s)), {layout}{memory}", [
                                (k, f"{v['p50_ms']:.1f}", f"{v['p90_ms']:.1f}", f"{v['baseline_count_p50_ms']:.1f}")
                                for k, v in part.items() if isinstance(v, dict)],
                            ("page", "p50 ms", "p90 ms", "count p50 ms"))
        save_results("flow", results)
    finally:
        shutil.rmtree(tmp, ignore_errors=True)


if __name__ == "__main__":
    main()
