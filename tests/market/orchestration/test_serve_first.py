"""Serve-first demo build: the serve-first tickers, then the rest in the background, give the same store as
one build of everything; a day is published whole; an interrupted background part resumes."""

from __future__ import annotations

from datetime import UTC, datetime

import polars as pl
import pyarrow.parquet as pq
import pytest

from data.orchestration import demo
from data.store import backfill
from domain import market_calendar as cal
from data.store.parquet import read_manifest

AS_OF = datetime(2026, 11, 20, 23, 0, tzinfo=UTC)
# Three cheap tickers, three snapshots a session, two published end-of-day sessions after two of warm-up.
MINI = demo.Profile("mini", ("IWM", "TSLA", "VIX"), 130, 2, year_days=20, warmup_days=2, first=("IWM",))
KEYS = {"exposures": ["ticker", "ts", "expiration", "strike", "right"], "stats": ["ticker", "ts"],
        "bars": ["ticker", "ts"]}


@pytest.fixture(autouse=True)
def mini_profile(monkeypatch):
    monkeypatch.setitem(demo.PROFILES, "mini", MINI)
    monkeypatch.setenv("VOLLAND_RETENTION_DAYS", "0")


def build(root, part="all", report=None):
    return demo.build_demo("mini", str(root), AS_OF, progress=False, workers=1, part=part, report=report)


def published(root) -> dict[str, pl.DataFrame]:
    """Every published table of a store, rows in a fixed order (file layout aside)."""
    manifest = read_manifest(root)
    out = {}
    for table, order in KEYS.items():
        files = sorted({e["files"][table] for e in manifest["snapshots"]})
        frame = pl.concat([pl.from_arrow(pq.read_table(root / f)) for f in files])
        out[table] = frame.unique(maintain_order=True).sort(order)
    daily = pl.concat([pl.from_arrow(pq.read_table(root / d["file"])) for d in manifest["daily"]])
    out["daily"] = daily.sort(["ticker", "date"])
    book_day = max(manifest["books"])
    out["book"] = pl.from_arrow(pq.read_table(root / manifest["books"][book_day]["files"]["book"])).sort(
        ["ticker", "expiration", "strike", "right"])
    return out


def snapshot_days(root, tickers) -> dict[str, set[str]]:
    """{day: snapshot times published for every one of ``tickers``}."""
    per: dict[str, dict[str, set[str]]] = {t: {} for t in tickers}
    for e in read_manifest(root)["snapshots"]:
        for t in set(tickers) & set(e["tickers"]):
            per[t].setdefault(e["day"], set()).add(e["ts"])
    days = set.intersection(*(set(d) for d in per.values()))
    return {d: set.intersection(*(per[t][d] for t in tickers)) for d in days}


@pytest.fixture(scope="module")
def up_front(tmp_path_factory):
    mp = pytest.MonkeyPatch()
    mp.setitem(demo.PROFILES, "mini", MINI)
    mp.setenv("VOLLAND_RETENTION_DAYS", "0")
    try:
        root = tmp_path_factory.mktemp("up-front") / "store"
        summary = build(root)
        return root, summary
    finally:
        mp.undo()


def test_serve_first_then_rest_equals_one_build_up_front(up_front, tmp_path):
    root_a, summary = up_front
    p = demo.plan(MINI, AS_OF)
    assert summary["snapshots_built"] == len(p.eod) + sum(len(t) for t in p.intraday.values())
    root_b = tmp_path / "store"
    first = build(root_b, "first")
    assert first["tickers"] == 1
    plan = backfill.read_plan(root_b)
    assert plan["state"] == "pending" and plan["tickers"] == ["TSLA", "VIX"]
    assert plan["daysDone"] == 0 and plan["daysTotal"] == len(p.eod) + len(p.intraday)
    assert backfill.pending_tickers(root_b) == {"TSLA", "VIX"}
    rest = build(root_b, "rest")
    assert rest["tickers"] == 2 and rest["snapshots_built"] == summary["snapshots_built"]
    plan = backfill.read_plan(root_b)
    assert plan["state"] == "done" and plan["daysDone"] == plan["daysTotal"]
    assert backfill.pending_tickers(root_b) == frozenset()
    a, b = published(root_a), published(root_b)
    for table in a:
        assert a[table].height > 0, table
        assert a[table].equals(b[table]), table
    # Every ticker's days are whole: each intraday session holds all of its snapshot times.
    days = snapshot_days(root_b, MINI.tickers)
    for day, times in p.intraday.items():
        assert len(days[day.isoformat()]) == len(times)


def test_an_interrupted_background_part_leaves_no_partial_day_and_resumes(up_front, tmp_path):
    root_a, summary = up_front
    p = demo.plan(MINI, AS_OF)
    root = tmp_path / "store"
    build(root, "first")
    seen: list[str] = []

    def stop_inside_the_second_intraday_day(phase, progress):
        seen.append(phase)
        if phase == "day" and progress["currentDay"] == list(p.intraday)[1].isoformat():
            raise KeyboardInterrupt

    with pytest.raises(KeyboardInterrupt):
        build(root, "rest", report=stop_inside_the_second_intraday_day)
    assert "warm-up" in seen and "published" in seen
    rest = ["TSLA", "VIX"]
    days = snapshot_days(root, rest)
    intraday = {d.isoformat(): len(t) for d, t in p.intraday.items()}
    # The end-of-day sessions and the first intraday session are there; nothing of the one interrupted.
    assert {cal.ny_date(t).isoformat() for t in p.eod} <= set(days)
    assert len(days[list(intraday)[0]]) == intraday[list(intraday)[0]]
    assert list(intraday)[1] not in days
    for day, times in days.items():
        assert len(times) == intraday.get(day, 1)
    plan = backfill.read_plan(root)
    assert plan["state"] == "running" and plan["daysDone"] == len(p.eod) + 1
    assert backfill.pending_tickers(root) == set(rest)

    resumed = build(root, "rest")
    # Only what was missing is built: no finished day again, no warm-up, no conflict.
    assert resumed["snapshots_built"] == sum(len(t) for t in list(p.intraday.values())[1:])
    assert backfill.read_plan(root)["state"] == "done"
    a, b = published(root_a), published(root)
    for table in a:
        assert a[table].equals(b[table]), table
    again = build(root, "rest")
    assert again["snapshots_built"] == 0 and again["daily_rows_built"] == 0


def test_parts_split_the_profile_and_a_bad_part_is_one_line(tmp_path):
    from click.testing import CliRunner

    from volland.cli import cli

    full = demo.PROFILES["full"]
    first, rest = demo.part_tickers(full, "first"), demo.part_tickers(full, "rest")
    assert set(first) == set(demo.TINY)
    assert not set(first) & set(rest) and set(first) | set(rest) == set(demo.part_tickers(full, "all"))
    assert demo.part_tickers(demo.PROFILES["tiny"], "rest") == []
    res = CliRunner().invoke(cli, ["demo", "--profile", "tiny", "--root", str(tmp_path), "--part", "middle"])
    assert res.exit_code == 2 and "--part" in res.output and "Traceback" not in res.output
