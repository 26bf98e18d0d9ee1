"""``volland demo --profile tiny`` builds a complete, readable store and a second run changes nothing."""

from __future__ import annotations

from datetime import UTC, date, datetime, timedelta

import numpy as np
import polars as pl
import pytest
from click.testing import CliRunner

from domain import market_calendar as cal
from data.orchestration.demo import PROFILES, completed_sessions, plan, snapshot_times
from data.store.query import Reader
from volland.cli import cli

AS_OF = "2026-11-20T23:00"


def test_completed_sessions_and_schedule():
    # Friday 2026-11-20 after the close; Thanksgiving (Nov 26) is a holiday and Nov 27 a half day.
    assert completed_sessions(datetime(2026, 11, 20, 23, 0, tzinfo=UTC), 2) == [date(2026, 11, 19), date(2026, 11, 20)]
    # During Friday's session, Friday is not complete yet.
    assert completed_sessions(datetime(2026, 11, 20, 18, 0, tzinfo=UTC), 2) == [date(2026, 11, 18), date(2026, 11, 19)]
    assert completed_sessions(datetime(2026, 11, 28, 12, 0, tzinfo=UTC), 2) == [date(2026, 11, 25), date(2026, 11, 27)]
    times = snapshot_times(date(2026, 11, 20), 5)
    assert len(times) == 79 and times[0] == datetime(2026, 11, 20, 14, 30, tzinfo=UTC)
    assert times[1] == datetime(2026, 11, 20, 14, 35, tzinfo=UTC)
    assert times[-1] == cal.session(date(2026, 11, 20))[1]
    half = snapshot_times(date(2026, 11, 27), 5)   # closes 13:00 ET
    assert len(half) == 43 and half[-1] == datetime(2026, 11, 27, 18, 0, tzinfo=UTC)
    p = plan(PROFILES["full"], datetime(2026, 11, 20, 23, 0, tzinfo=UTC))
    # The four sessions replayed on Friday's UTC day, plus Friday itself (closed before 23:00 UTC).
    assert len(p.eod) == 20 and list(p.intraday) == [date(2026, 11, d) for d in (16, 17, 18, 19, 20)]
    assert cal.ny_date(p.eod[-1]) == date(2026, 11, 13)
    assert p.back_history[1] < cal.ny_date(p.eod[0])
    # The book warms up on the 30 sessions just before the first published one.
    assert len(p.warmup) == 30 and p.warmup == sorted(p.warmup)
    assert cal.ny_date(p.warmup[-1]) == cal.previous_trading_day(cal.ny_date(p.eod[0]))


def test_back_history_helpers_join_the_first_published_session():
    from data.orchestration.demo import _anchor, _regime_factors

    calls, puts = _regime_factors("SPX", 250)
    again, _ = _regime_factors("SPX", 250)
    assert np.array_equal(calls, again)                      # deterministic per ticker
    assert calls[-1] == 1.0 and puts[-1] == 1.0              # no jump at the join
    assert not np.array_equal(calls, _regime_factors("QQQ", 250)[0])
    spread = np.std(np.log(np.concatenate([calls, puts])))
    assert 0.08 < spread < 0.6                               # regimes, not noise or a flat line
    assert np.abs(np.diff(np.log(calls))).max() < 0.3        # slow: no day moves a position by 35 %
    spot = np.array([100.0, 101, np.nan, 104, 103, 106])
    anchor = _anchor(spot, 110.0)
    assert anchor[-1] == pytest.approx(110.0) and np.all(np.isfinite(anchor))
    assert np.all(np.diff(anchor) >= 0)                      # follows a rising market, smoothly
    assert anchor[-1] / anchor[0] < spot[-1] / spot[0]


@pytest.mark.slow
def test_tiny_demo_builds_and_is_idempotent(tmp_path, monkeypatch):
    monkeypatch.setenv("VOLLAND_RETENTION_DAYS", "0")
    root = tmp_path / "store"
    runner = CliRunner()
    first = runner.invoke(cli, ["demo", "--profile", "tiny", "--root", str(root), "--as-of", AS_OF, "--quiet"])
    assert first.exit_code == 0, first.output
    assert "140 snapshots" in first.output   # 5 end-of-day + 5 sessions x 27 (the open, 25 quarter hours, the close)
    manifest = (root / "manifest.json").read_bytes()

    r = Reader(root)
    assert set(r.universe()) == set(PROFILES["tiny"].tickers)
    # Friday: the daily-expiry names plus the weeklies expiring that day.
    assert {"IWM", "QQQ", "SPX", "SPY"} <= set(r.tickers("0dte")) <= set(PROFILES["tiny"].tickers) - {"VIX"}
    days = r.available_dates("SPX")
    assert len(days) == 10 and days[-1] == date(2026, 11, 20)
    assert len(r.snapshot_times("SPX", date(2026, 11, 20))) == 27
    # Five minutes into a session the latest snapshot is that session's open, with today's 0DTE book
    # (not the previous close, whose 0DTE expiration is gone).
    early = r.snapshot_at_or_before("SPX", datetime(2026, 11, 20, 14, 35, tzinfo=UTC))
    assert early.ts == cal.session(date(2026, 11, 20))[0]
    today = r.exposure(early, "charm", "both", [date(2026, 11, 20)])
    assert today is not None and today.height > 0
    snap = r.latest_snapshot("SPX")
    assert snap.ts == cal.session(date(2026, 11, 20))[1]
    ex = r.exposure(r.snapshot_at_or_before("SPX", datetime(2026, 11, 20, 18, 0, tzinfo=UTC)), "gamma")
    assert ex.height > 20 and ex["total"].abs().sum() > 0
    noon = r.snapshot_at_or_before("SPX", datetime(2026, 11, 20, 18, 0, tzinfo=UTC))
    stats = r.ticker_stats(noon)
    assert stats["paradigm"].split("-")[0] in {"GEX", "AG", "BOFA", "SIDIAL", "Undefined"}
    assert stats["total_trades"] > 0 and stats["vix"] > 5
    assert r.candles("SPX", date(2026, 11, 20)).height == 39
    daily = r.daily("SPX", date(2025, 11, 1), date(2026, 11, 20))
    assert daily.height > 240 and daily["date"].max() == date(2026, 11, 20)
    # Warm-up sessions are computed, never published: the strike-level history starts at the plan's first.
    p = plan(PROFILES["tiny"], datetime.fromisoformat(AS_OF).replace(tzinfo=UTC))
    assert days[0] == cal.ny_date(p.eod[0]) and len(p.warmup) == 30
    # The back history (no DADS) moves like a market and joins the first full session without a jump.
    back, full = daily.filter(pl.col("dads").is_null()), daily.filter(pl.col("dads").is_not_null())
    assert back["date"].max() < full["date"].min()
    gamma = back["agg_gamma"]
    # Regimes, not a flat line: the call and put factors alone spread positions by about ±25 %.
    assert gamma.std() > 0.2 * gamma.abs().mean()
    # A settled book's net gamma and delta are small against their day-to-day moves (closing gamma
    # changes sign from one session to the next), so the join is measured against those: the step
    # into the first published session is an ordinary session's move — for delta no bigger than the
    # median change between two published sessions, for gamma (whose same-day flow swings more) no
    # bigger than their 90th percentile.
    delta = full["agg_delta"].to_numpy()
    assert abs(back["agg_delta"][-1] - delta[0]) <= np.median(np.abs(np.diff(delta)))
    g = full["agg_gamma"].to_numpy()
    assert abs(back["agg_gamma"][-1] - g[0]) <= np.percentile(np.abs(np.diff(g)), 90)
    assert r.screener_inputs(date(2026, 11, 20)).height == len(PROFILES["tiny"].tickers)

    second = runner.invoke(cli, ["demo", "--profile", "tiny", "--root", str(root), "--as-of", AS_OF, "--quiet"])
    assert second.exit_code == 0, second.output
    assert "0 snapshots and 0 daily rows" in second.output
    assert (root / "manifest.json").read_bytes() == manifest


def test_bad_arguments_fail_with_one_line(tmp_path):
    runner = CliRunner()
    res = runner.invoke(cli, ["demo", "--profile", "tiny", "--root", str(tmp_path), "--as-of", "yesterday"])
    assert res.exit_code == 2
    assert "--as-of" in res.output and "Traceback" not in res.output
    res = runner.invoke(cli, ["demo", "--profile", "huge"])
    assert res.exit_code == 2


def test_a_store_with_other_values_at_the_demo_times_fails_with_one_line(tmp_path, monkeypatch):
    from data.orchestration import demo
    from data.store.parquet import PublishConflict

    def refuse(*args, **kwargs):
        raise PublishConflict([{"table": "snapshot", "ticker": "SPX", "ts": "2026-11-20T21:00:00Z"}])

    monkeypatch.setattr(demo, "build_demo", refuse)
    res = CliRunner().invoke(cli, ["demo", "--profile", "tiny", "--root", str(tmp_path), "--quiet"])
    assert res.exit_code == 2
    assert "SPX@2026-11-20T21:00:00Z" in res.output and "--root" in res.output
    assert "Traceback" not in res.output and res.output.strip().count("\n") == 0


def test_schedule_respects_as_of_in_the_morning():
    as_of = datetime(2026, 11, 23, 15, 0, tzinfo=UTC)     # Monday 10:00 ET: Monday not complete
    p = plan(PROFILES["tiny"], as_of)
    assert list(p.intraday) == [date(2026, 11, d) for d in (17, 18, 19, 20)]
    assert all(t <= as_of - timedelta(hours=1) for ts in p.intraday.values() for t in ts)


@pytest.mark.parametrize("as_of", [datetime(2026, 11, 20, 23, 0, tzinfo=UTC),    # Friday after the close
                                   datetime(2026, 11, 23, 15, 0, tzinfo=UTC),    # Monday morning
                                   datetime(2026, 11, 30, 2, 0, tzinfo=UTC),     # after the half day
                                   datetime(2026, 12, 26, 12, 0, tzinfo=UTC)])   # Christmas week
def test_demo_has_intraday_data_wherever_the_replay_clock_points(as_of):
    """Without a worker, every market instant the replay clock maps the build's UTC day (and what remains
    of the next one, for a build after the close) onto falls on a session the demo built intraday."""
    from domain.market_clock import replay_market_time

    p = plan(PROFILES["tiny"], as_of)
    midnight = datetime.combine(as_of.date(), datetime.min.time(), tzinfo=UTC)
    walls = [midnight + timedelta(minutes=m) for m in range(0, 24 * 60, 5)]
    if cal.session(cal.ny_date(as_of)) and cal.session(cal.ny_date(as_of))[1] <= as_of:
        walls += [w + timedelta(days=1) for w in walls if w + timedelta(days=1) < midnight + timedelta(days=1, hours=8)]
    for w in walls:
        m = replay_market_time(w)
        day = cal.ny_date(m)
        assert day in p.intraday, (w, m)
        if m >= cal.session(day)[0] + timedelta(minutes=15):
            assert any(t <= m for t in p.intraday[day]), (w, m)
