"""No look-ahead: a route answering "as of T" never shows anything timestamped after T.

A copy of the tiny demo store is poisoned after T (the Live tier's cut-off on the frozen replay clock,
Friday 2026-01-09 11:55:30 New York): every snapshot row, bar and daily row dated after T gets absurd
values (7.77e15, paradigm "PLANTED"), and a whole snapshot and daily row are planted for the next
session (Monday). Every data route of the app (enumerated from its URL map, so a new route cannot be
forgotten) is then walked for several tiers, in Live and historical mode, and no answer may contain an
absurd value or a timestamp after T (docs/methodology.md, "As-of reads").
"""

from __future__ import annotations

import io
import json
import math
import re
import shutil
from datetime import UTC, date, datetime, timedelta

import pyarrow as pa
import pyarrow.compute as pc
import pyarrow.parquet as pq
import pytest
from dataapi_helpers import data_token

ABSURD = 7.77e15
ABSURD_INT = 7_770_000_000_000_000
LIMIT = 1e14          # no real figure of the tiny store comes near this (dollar exposures are below 1e12)
MARKER = "PLANTED"
MONDAY = date(2026, 1, 12)
PREFIXES = ("/api/v1/data", "/api/v1/volland", "/api/v1/public-data")
FROZEN_WALL = "2026-01-10T20:00:00+00:00"     # the wall clock conftest.py freezes (replays Friday 12:00 New York)
TIERS = ("live", "30", "3")


def cutoff() -> datetime:
    from domain import refresh_schedule
    from domain.market_clock import replay_market_time

    return refresh_schedule.data_cutoff("live", replay_market_time(datetime.fromisoformat(FROZEN_WALL)), 30)


T = cutoff()


# ---------------------------------------------------------------- the poisoned store


def _absurd(table: pa.Table, mask: pa.ChunkedArray) -> pa.Table:
    cols = []
    for name, col in zip(table.column_names, table.columns):
        typ = col.type
        if pa.types.is_floating(typ):
            col = pc.if_else(mask, pa.scalar(ABSURD, typ), col)
        elif pa.types.is_integer(typ) and typ.bit_width == 64:
            col = pc.if_else(mask, pa.scalar(ABSURD_INT, typ), col)
        elif name == "paradigm":
            col = pc.if_else(mask, pa.scalar(MARKER, typ), col)
        cols.append(col)
    return pa.table(cols, schema=table.schema)


def _plant(root, t: datetime) -> None:
    from data.store.parquet import read_manifest, write_manifest_atomic

    m = read_manifest(root)
    shift = timedelta(days=(MONDAY - date(2026, 1, 9)).days)
    # 1. Every intraday row dated after T (snapshots, exposures, bars) becomes absurd.
    for rel in sorted({p for e in m["snapshots"] for p in e["files"].values()}):
        table = pq.read_table(root / rel)
        mask = pc.greater(table["ts"], pa.scalar(t, table.schema.field("ts").type))
        if not pc.any(mask).as_py():
            continue
        new_rel = rel.replace(".parquet", "-planted.parquet")
        pq.write_table(_absurd(table, mask), root / new_rel)
        for e in m["snapshots"]:
            e["files"] = {k: (new_rel if v == rel else v) for k, v in e["files"].items()}
    # 2. A whole snapshot for the next session: the (now absurd) Friday close moved to Monday 10:00.
    close = next(e for e in m["snapshots"] if e["ts"] == "2026-01-09T21:00:00Z")
    monday_ts = datetime(2026, 1, 12, 15, 0, tzinfo=UTC)
    files = {}
    for name, rel in close["files"].items():
        table = pq.read_table(root / rel)
        ts_type = table.schema.field("ts").type
        keep = pc.greater(table["ts"], pa.scalar(t, ts_type))
        table = table.filter(keep)
        if name != "bars":
            table = table.filter(pc.equal(table["ts"], pa.scalar(datetime(2026, 1, 9, 21, 0, tzinfo=UTC), ts_type)))
            moved = pa.array([monday_ts] * table.num_rows, ts_type)
        else:
            moved = pc.add(table["ts"], pa.scalar(shift, pa.duration("us")))
        table = table.set_column(table.column_names.index("ts"), "ts", moved)
        (root / name / MONDAY.isoformat()).mkdir(parents=True, exist_ok=True)
        files[name] = f"{name}/{MONDAY.isoformat()}/planted.parquet"
        pq.write_table(table, root / files[name])
    m["snapshots"].append({**close, "id": "planted-monday", "ts": "2026-01-12T15:00:00Z",
                           "day": MONDAY.isoformat(), "files": files, "compacted": False})
    # 3. Daily rows: T's own day (its close is after T) and a planted Monday row, all absurd.
    friday_rows = []
    for d in m["daily"]:
        table = pq.read_table(root / d["file"])
        mask = pc.greater_equal(table["date"], pa.scalar(date(2026, 1, 9), pa.date32()))
        if not pc.any(mask).as_py():
            continue
        table = _absurd(table, mask)
        friday_rows.append(table.filter(mask))
        d["file"] = d["file"].replace(".parquet", "-planted.parquet")
        pq.write_table(table, root / d["file"])
    assert friday_rows, "the tiny store should hold a daily row for Friday"
    monday = pa.concat_tables(friday_rows)
    monday = monday.set_column(0, "date", pa.array([MONDAY] * monday.num_rows, pa.date32()))
    pq.write_table(monday, root / "daily" / "planted-monday.parquet")
    m["daily"].append({"file": "daily/planted-monday.parquet", "start": MONDAY.isoformat(),
                       "end": MONDAY.isoformat(), "rows": monday.num_rows})
    write_manifest_atomic(root, m)


@pytest.fixture(scope="module")
def planted(tiny_store, tmp_path_factory):
    root = tmp_path_factory.mktemp("lookahead") / "store"
    shutil.copytree(tiny_store, root)
    _plant(root, T)
    return root


@pytest.fixture
def app(db_url, planted, monkeypatch):
    monkeypatch.setenv("VOLLAND_STORE_ROOT", str(planted))
    from api.app import create_app

    return create_app({"TESTING": True, "DATABASE_URL": db_url, "RATELIMIT_STORAGE_URI": "memory://"})


# ---------------------------------------------------------------- what is walked

D = "/api/v1/data"
ALL = {"option": "ALL"}
EXPOSURE = {"ticker": "SPX", "greek": "gamma", "kind": "both", "expirations": ALL, "isCumulative": False}
SCREENERS = [{"flag": "diff", "length": 100, "superlative": s, "greek": g, "timeFrame": tf}
             for s in ("greatest", "least") for g in ("price", "gamma", "vanna") for tf in ("day", "week")]
ITEMS = [
    {"request_type": "exposure_request", "ticker": "SPX", "greek": "gamma", "kind": "both", "expirations": ["*"]},
    {"request_type": "trend_request", "ticker": "SPX", "greek": "gamma"},
    {"request_type": "trend_request", "ticker": "QQQ", "greek": "vanna"},
    {"request_type": "paradigm_request", "ticker": "SPX"},
    {"request_type": "zerodte_request", "ticker": "SPX"},
    {"request_type": "derived_request", "ticker": "SPX"},
    {"request_type": "heatmap_request", "ticker": "SPX", "greek": "gamma", "kind": "both", "expirations": ["*"]},
    {"request_type": "levels_request", "ticker": "SPX"},
    {"request_type": "volume_oi_request", "ticker": "SPX", "expirations": ["*"]},
    {"request_type": "put_call_request", "ticker": "SPX"},
    {"request_type": "prints_request", "ticker": "SPX"},
    {"request_type": "term_structure_request", "ticker": "SPX"},
    {"request_type": "skew_request", "ticker": "QQQ"},
    {"request_type": "iv_rank_request", "ticker": "SPX"},
    {"request_type": "scorecard_request", "ticker": "SPX"},
]

# Every data route -> the requests made of it: (method, query string or JSON body, expected status).
# Dates in the requests are T's session (2026-01-09) and the planted next one (2026-01-12, after T).
REQUESTS: dict[tuple[str, str], list[tuple[str, object, int]]] = {
    ("GET", "/api/v1/data/volland-live-api-tickers"): [("type=regular", None, 200), ("type=0dte", None, 200),
                                                        ("type=all", None, 200)],
    ("GET", "/api/v1/data/volland-live-api-greeks"): [("", None, 200)],
    ("GET", "/api/v1/data/volland-live-api-expirations"): [
        ("ticker=SPX", None, 200), ("ticker=SPX&date=2026-01-09", None, 200), ("ticker=SPX&date=2026-01-12", None, 404),
        ("tickers=SPX,QQQ", None, 200)],
    ("POST", "/api/v1/data/volland-exposure"): [
        ("", EXPOSURE, 200), ("", {**EXPOSURE, "greek": "vanna", "isCumulative": True}, 200),
        ("", {**EXPOSURE, "expirations": {"option": "THIS_WEEK"}}, 200)],
    ("GET", "/api/v1/data/volland-live-api-exposure"): [("ticker=SPX&greek=charm&expirations=ALL", None, 200),
                                                         ("ticker=SPX&greek=gamma&tickerType=0dte", None, 200)],
    ("GET", "/api/v1/data/volland-api-daily-exposure"): [
        ("ticker=SPX&greek=gamma", None, 200), ("ticker=SPX&greek=gamma&date=2026-01-09", None, 200),
        ("ticker=SPX&greek=gamma&date=2026-01-12", None, 404)],
    ("GET", "/api/v1/data/volland-live-api-summary"): [("ticker=SPX", None, 200), ("ticker=VIX", None, 200)],
    ("GET", "/api/v1/data/volland-live-api-aggregate-greeks"): [(f"ticker=SPX&greek={g}", None, 200)
                                                                for g in ("gamma", "vanna", "charm", "delta")],
    ("GET", "/api/v1/data/volland-live-api-candles"): [(f"ticker=SPX&frequency={f}", None, 200) for f in (1, 5, 60)],
    ("GET", "/api/v1/data/volland-live-api-vanna-plane"): [("ticker=SPX", None, 200)],
    ("GET", "/api/v1/data/volland-live-api-iv_plane"): [("ticker=SPX", None, 200)],
    ("GET", "/api/v1/data/volland-live-api-heatmap"): [
        ("ticker=SPX", None, 200), ("ticker=SPX&greek=charm&kind=put&expirations=THIS_WEEK&range=50", None, 200),
        ("ticker=SPX&greek=vanna&date=2026-01-09", None, 200), ("ticker=SPX&date=2026-01-09 15:00", None, 200),
        ("ticker=SPX&date=2026-01-12", None, 404)],
    ("GET", "/api/v1/data/volland-live-api-volume-oi"): [
        ("ticker=SPX", None, 200), ("ticker=SPX&expirations=THIS_WEEK&range=50", None, 200),
        ("ticker=SPX&date=2026-01-09 11:50", None, 200), ("ticker=SPX&date=2026-01-09", None, 200),
        ("ticker=SPX&date=2026-01-12", None, 404)],
    ("GET", "/api/v1/data/volland-live-api-put-call"): [
        ("ticker=SPX", None, 200), ("ticker=QQQ", None, 200), ("ticker=SPX&date=2026-01-09 11:50", None, 200),
        ("ticker=SPX&date=2026-01-09", None, 200), ("ticker=SPX&date=2026-01-12", None, 404)],
    ("GET", "/api/v1/data/volland-live-api-prints"): [
        ("ticker=SPX", None, 200), ("ticker=SPX&sort=time&pageSize=200", None, 200),
        ("ticker=SPX&side=sell&minPremium=1000&expirations=THIS_WEEK", None, 200),
        ("ticker=SPX&date=2026-01-09&sort=time&pageSize=200", None, 200),
        ("ticker=SPX&date=2026-01-08&pageSize=200&page=2", None, 200), ("ticker=SPX&date=2026-01-12", None, 404)],
    ("POST", "/api/v1/data/volland-live-api-3d-greeks"): [("", {"ticker": "SPX", "greek": "gamma", "kind": "both"}, 200),
                                                          ("", {"ticker": "SPX", "greek": "iv", "kind": "call"}, 200)],
    ("GET", "/api/v1/data/volland-live-api-scatterplot"): [("ticker=SPX", None, 200), ("ticker=QQQ", None, 200)],
    ("GET", "/api/v1/data/volland-live-api-greek-trend"): [(f"ticker=SPX&greek={g}", None, 200)
                                                           for g in ("gamma", "vanna", "charm")],
    ("GET", "/api/v1/data/volland-live-api-premium"): [("ticker=SPX", None, 200)],
    ("GET", "/api/v1/data/volland-live-api-dealer-liquidity"): [("ticker=SPX", None, 200)],
    ("GET", "/api/v1/data/volland-live-api-agg_charm"): [("ticker=SPX", None, 200)],
    ("GET", "/api/v1/data/volland-live-api-eod"): [("ticker=SPX&days=10", None, 200), ("ticker=QQQ&days=400", None, 200)],
    ("GET", "/api/v1/data/volland-live-api-ges_strike_list"): [("ticker=SPX&greek=gamma&limit=100", None, 200)],
    ("GET", "/api/v1/data/volland-live-api-iv-adjusted-vanna"): [("ticker=SPX", None, 200)],
    ("GET", "/api/v1/data/zero_dte/tickers"): [("", None, 200)],
    ("GET", "/api/v1/data/zero_dte/volland-live-api-zero-dte"): [("ticker=SPX", None, 200)],
    ("GET", "/api/v1/data/zero_dte/exposure/volland-live-api-zero-dte"): [("ticker=SPX&greek=charm", None, 200)],
    ("GET", "/api/v1/data/zero_dte/volland-live-api-paradigm"): [("ticker=SPX", None, 200)],
    ("GET", "/api/v1/data/zero_dte/volland-live-api-charm-balance"): [("ticker=SPX", None, 200)],
    ("POST", "/api/v1/data/screener"): [("", body, 200) for body in SCREENERS],
    ("GET", "/api/v1/data/key-levels"): [("tickers=SPX,SPY,QQQ,AAPL", None, 200),
                                         ("tickers=SPX,QQQ&date=2026-01-09 11:50", None, 200),
                                         ("tickers=SPX&date=2026-01-12 10:00", None, 200)],
    ("GET", "/api/v1/data/historical/volland-live-api-dates"): [("ticker=SPX", None, 200)],
    ("GET", "/api/v1/data/historical/volland-live-api-times"): [("ticker=SPX&date=2026-01-09", None, 200),
                                                                ("ticker=SPX&date=2026-01-12", None, 200)],
    ("POST", "/api/v1/data/historical/volland-live-api-data"): [
        ("", {**EXPOSURE, "date": "2026-01-09 11:50"}, 200), ("", {**EXPOSURE, "date": "2026-01-09 15:00"}, 200),
        ("", {**EXPOSURE, "date": "2026-01-12 10:00"}, 404)],
    # What changed: every comparison live and historical; a compareTime after T (or after a historical now)
    # is refused, never answered with data after T.
    ("POST", "/api/v1/data/volland-exposure-change"): [
        *[("", {**EXPOSURE, "compareWith": c}, 200) for c in ("previous", "open", "previous_close")],
        ("", {**EXPOSURE, "compareWith": "time", "compareTime": "2026-01-09 11:00", "profiles": True}, 200),
        ("", {**EXPOSURE, "compareWith": "time", "compareTime": "2026-01-08 15:00", "isCumulative": True}, 200),
        ("", {**EXPOSURE, "compareWith": "previous", "date": "2026-01-09 11:50", "profiles": True}, 200),
        ("", {**EXPOSURE, "compareWith": "previous_close", "date": "2026-01-09 15:00"}, 200),
        ("", {**EXPOSURE, "compareWith": "time", "compareTime": "2026-01-09 15:00"}, 422),
        ("", {**EXPOSURE, "compareWith": "time", "compareTime": "2026-01-12 10:00"}, 422),
        ("", {**EXPOSURE, "compareWith": "open", "date": "2026-01-12 10:00"}, 404)],
    ("GET", "/api/v1/data/next-refresh"): [("", None, 200)],
    ("POST", "/api/v1/data/volland-price-levels"): [
        ("", {"ticker": "SPX", "previousSessions": 2}, 200),
        ("", {"ticker": "SPX", "expirations": {"option": "THIS_WEEK"}, "previousSessions": 1}, 200),
        ("", {"ticker": "SPX", "date": "2026-01-09 15:00", "previousSessions": 1}, 200),
        ("", {"ticker": "SPX", "date": "2026-01-09 16:00", "expirations": {"option": "TODAY"}}, 200),
        ("", {"ticker": "SPX", "date": "2026-01-12 10:00"}, 404)],
    ("GET", "/api/v1/data/export"): [
        ("ticker=SPX&start=2026-01-08&end=2026-01-12&granularity=snapshot&greeks=gamma,vanna", None, 200),
        ("ticker=SPX&start=2026-01-08&end=2026-01-12&granularity=contract&greeks=gamma,charm", None, 200),
        ("ticker=SPX&start=2026-01-05&end=2026-01-12&format=arrow", None, 200)],
    ("GET", "/api/v1/data/export/heatmap"): [
        ("ticker=SPX", None, 200), ("ticker=SPX&greek=charm&format=arrow", None, 200),
        ("ticker=SPX&date=2026-01-09", None, 200), ("ticker=SPX&date=2026-01-12", None, 404)],
    ("GET", "/api/v1/data/export/flow"): [
        ("ticker=SPX", None, 200), ("ticker=SPX&table=volume_oi&format=arrow", None, 200),
        ("ticker=SPX&table=put_call", None, 200), ("ticker=SPX&date=2026-01-09&table=prints", None, 200),
        ("ticker=SPX&date=2026-01-12", None, 404)],
    # Volatility: the snapshot's rows and earlier sessions' closes only (methodology §4.17–§4.19).
    ("GET", "/api/v1/data/volland-vol-term-structure"): [
        ("ticker=SPX", None, 200), ("ticker=AAPL", None, 200), ("ticker=SPX&date=2026-01-09 11:00", None, 200),
        ("ticker=SPX&date=2026-01-09 15:00", None, 200), ("ticker=SPX&date=2026-01-12", None, 404)],
    ("GET", "/api/v1/data/volland-vol-skew"): [
        ("ticker=SPX", None, 200), ("ticker=QQQ&expiration=2026-01-16", None, 200),
        ("ticker=SPX&date=2026-01-09 15:00", None, 200), ("ticker=SPX&date=2026-01-12", None, 404)],
    ("GET", "/api/v1/data/volland-vol-iv-rank"): [
        ("ticker=SPX", None, 200), ("ticker=SPX&date=2026-01-09 11:50", None, 200),
        ("ticker=SPX&date=2026-01-09 16:00", None, 200), ("ticker=SPX&date=2026-01-12", None, 404)],
    ("GET", "/api/v1/data/export/volatility"): [
        *[(f"ticker=SPX&table={t}", None, 200) for t in ("term_structure", "skew", "smile", "skew_history",
                                                          "iv_history", "expected_move")],
        ("ticker=SPX&table=expected_move&date=2026-01-09 15:00&format=arrow", None, 200),
        ("ticker=SPX&date=2026-01-12", None, 404)],
    ("GET", "/api/v1/data/export/levels"): [
        ("ticker=SPX&start=2026-01-08&end=2026-01-12&format=arrow", None, 200),
        ("ticker=SPX&start=2026-01-08&end=2026-01-12&table=candles&format=arrow", None, 200),
        ("ticker=SPX&start=2026-01-12", None, 404)],
    # Background exports: the status answers carry wall-clock times (CLOCK_ROUTES); the file they write is
    # walked by test_a_background_export_file_has_no_data_after_t below.
    ("POST", "/api/v1/data/export/jobs"): [
        ("ticker=SPX&start=2026-01-08&end=2026-01-12&granularity=contract&greeks=gamma", None, 202)],
    ("GET", "/api/v1/data/export/jobs"): [("", None, 200)],
    ("GET", "/api/v1/data/export/jobs/<string:export_id>"): [("", None, 404)],
    ("GET", "/api/v1/data/export/jobs/<string:export_id>/file"): [("", None, 404)],
    ("GET", "/api/v1/public-data/volland-stats"): [("", None, 200)],
    ("POST", "/api/v1/volland"): [("", {"requests": ITEMS}, 200)],
    ("GET", "/api/v1/volland"): [("request_type=trend_request&ticker=SPX&greek=gamma", None, 200),
                                 ("", {"requests": ITEMS}, 200)],
}
# Routes that report clock times (the refresh countdown), not data: their timestamps are not data times.
CLOCK_ROUTES = {"/api/v1/data/next-refresh", "/api/v1/data/export/jobs",
                "/api/v1/data/export/jobs/<string:export_id>", "/api/v1/data/export/jobs/<string:export_id>/file"}


def test_every_data_route_is_walked(app):
    rules = {(method, r.rule) for r in app.url_map.iter_rules() if r.rule.startswith(PREFIXES)
             for method in r.methods - {"HEAD", "OPTIONS"}}
    assert rules == set(REQUESTS), ("add the new data route to REQUESTS in this test",
                                    sorted(rules ^ set(REQUESTS)))


# ---------------------------------------------------------------- the checks

TIMESTAMP = re.compile(r"^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d+)?)?(Z|[+-]\d{2}:\d{2})?$")


def _leaks(value, where: str, clock: bool) -> list[str]:
    """Absurd numbers, the planted marker, and (for data routes) timestamps after T, anywhere in an answer."""
    out: list[str] = []
    if isinstance(value, dict):
        for k, v in value.items():
            out += _leaks(v, f"{where}.{k}", clock)
    elif isinstance(value, (list, tuple)):
        for i, v in enumerate(value):
            out += _leaks(v, f"{where}[{i}]", clock)
    elif isinstance(value, bool) or value is None:
        pass
    elif isinstance(value, (int, float)):
        if not math.isfinite(value) or abs(value) >= LIMIT:
            out.append(f"{where} = {value!r}")
    elif isinstance(value, datetime):
        if not clock and value > T:
            out.append(f"{where} = {value.isoformat()} is after T")
    elif isinstance(value, date):
        pass
    elif isinstance(value, str):
        if MARKER in value:
            out.append(f"{where} = {value!r}")
        elif not clock and TIMESTAMP.match(value):
            ts = datetime.fromisoformat(value.replace("Z", "+00:00"))
            if (ts if ts.tzinfo else ts.replace(tzinfo=UTC)) > T:
                out.append(f"{where} = {value} is after T")
        elif re.match(r"^[A-Z][A-Z0-9.^/-]*:-?[\d.]+$", value):      # screener "TICKER:value"
            number = float(value.split(":", 1)[1])
            if abs(number) >= LIMIT:
                out.append(f"{where} = {value!r}")
    return out


def _decode(resp):
    if resp.mimetype == "application/vnd.apache.parquet":
        return pq.read_table(io.BytesIO(resp.get_data())).to_pylist()
    if resp.mimetype == "application/vnd.apache.arrow.stream":
        import pyarrow.ipc as ipc

        return ipc.open_stream(pa.py_buffer(resp.get_data())).read_all().to_pylist()
    return json.loads(resp.get_data())


def _headers(app, path: str, tier: str, api_key: str) -> dict:
    if path.startswith("/api/v1/volland"):
        return {"X-API-KEY": api_key}
    if path.startswith("/api/v1/public-data"):
        return {}
    return {"Authorization": f"Bearer {data_token(app, tier)}"}


def _api_key(db_url: str) -> str:
    from test_dataapi_public_api import make_user

    return make_user(db_url, tier="live", credits=1000)["key"]


# Data-token routes are walked for each tier (each has its own cut-off at or before T); the public API
# (Live only) and the public site figures once.
WALK = [pytest.param(route, tier, id=f"{route[0]} {route[1].removeprefix(D)} {tier}")
        for route in sorted(REQUESTS) for tier in (TIERS if route[1].startswith(D + "/") else ("live",))]


@pytest.mark.parametrize("route,tier", WALK)
def test_no_route_answers_with_data_after_t(app, client, db_url, route, tier):
    from api.data import service as svc

    import os

    assert os.environ["VOLLAND_FROZEN_NOW"] == FROZEN_WALL
    assert T == datetime(2026, 1, 9, 16, 55, 30, tzinfo=UTC)        # Friday 11:55:30 New York
    assert svc.make_ctx("live").cutoff == T
    method, path = route
    key = _api_key(db_url) if path.startswith("/api/v1/volland") else ""
    clock = path in CLOCK_ROUTES
    for query, body, status in REQUESTS[route]:
        url = f"{path}?{query}" if query else path
        kwargs = {"headers": _headers(app, path, tier, key)}
        if body is not None:
            kwargs["json"] = body
        resp = client.open(url, method=method, **kwargs)
        assert resp.status_code == status, (url, resp.get_data(as_text=True)[:500])
        leaks = _leaks(_decode(resp), url, clock)
        assert not leaks, leaks[:10]
        if path.endswith("/historical/volland-live-api-dates"):
            assert "2026-01-12" not in resp.get_json()["available_dates"]


def test_the_poison_is_there_to_be_found(planted):
    """The walk would notice: what is published after T is absurd and readable without an as-of limit."""
    from data.store.query import Reader

    r = Reader(planted)
    late = r.latest_snapshot("SPX")
    assert late.ts == datetime(2026, 1, 12, 15, 0, tzinfo=UTC)
    assert r.ticker_stats(late)["price"] == ABSURD
    assert r.ticker_stats(late)["paradigm"] == MARKER
    after = r.snapshot_at_or_before("SPX", datetime(2026, 1, 9, 17, 0, tzinfo=UTC))
    assert after.ts > T and r.ticker_stats(after)["price"] == ABSURD
    before = r.snapshot_at_or_before("SPX", T)
    assert 1000 < r.ticker_stats(before)["price"] < 100_000
    daily = r.daily("SPX", date(2026, 1, 8), MONDAY)
    assert daily["close"].to_list()[1:] == [ABSURD, ABSURD] and daily["close"][0] < LIMIT


@pytest.mark.parametrize("granularity", ["snapshot", "contract"])
def test_a_background_export_file_has_no_data_after_t(app, client, granularity):
    """The job plans with the cut-off of the tier that submitted it, even though it runs later."""
    from rq import SimpleWorker

    from jobs import queues as q

    headers = {"Authorization": f"Bearer {data_token(app, 'live')}"}
    query = f"ticker=SPX&start=2026-01-08&end=2026-01-12&granularity={granularity}&greeks=gamma,charm"
    job = client.post(f"{D}/export/jobs?{query}", headers=headers).get_json()
    conn = q.connection()
    SimpleWorker([q.queue(q.DEFAULT, conn)], connection=conn).work(burst=True, with_scheduler=False)
    done = client.get(f"{D}/export/jobs/{job['id']}", headers=headers).get_json()
    assert done["status"] == "finished", done
    rows = _decode(client.get(done["download"], headers=headers))
    assert rows and max(r["ts"] for r in rows) <= T
    assert not _leaks(rows, "file", False)[:10]
