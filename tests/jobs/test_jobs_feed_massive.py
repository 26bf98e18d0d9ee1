"""``volland feed`` with ``VOLLAND_SOURCE=massive-live``: the vendor's WebSocket and REST clients against the
local stand-ins (127.0.0.1), one consumer per deployment (the Redis lock, the real Redis), its state in the
admin job view, and a missing key or an unreachable feed as one line and exit 2.
"""

from __future__ import annotations

import socket
from datetime import date, datetime, timezone

import polars as pl
import pytest
from click.testing import CliRunner

from data.orchestration.streaming import _dt
from data.sources import samples
from data.sources.standins.massive_ws import MassiveStandin
from data.store import provenance
from data.store.parquet import read_manifest
from jobs import feed as live
from jobs.state import overview

UTC = timezone.utc
KEY = "ms-standin-key-0000000000ABCDE"


@pytest.fixture(scope="module")
def recording():
    mkt = samples.market(7, ["SPY"])
    prints, quotes, oi = samples.day_flow(mkt, ["SPY"], date(2025, 11, 21),
                                          until=datetime(2025, 11, 21, 14, 52, tzinfo=UTC))
    near = pl.col("expiration").is_in(sorted(oi["expiration"].unique().to_list())[:2])
    events, open_interest = samples.massive_events(prints.filter(near), quotes.filter(near), oi.filter(near))
    return events, open_interest, _dt(max(e["t"] for e in events) * 1_000_000)


@pytest.fixture
def feed_env(monkeypatch):
    monkeypatch.setenv("VOLLAND_SOURCE", "massive-live")
    monkeypatch.setenv("VOLLAND_SOURCE_TICKERS", "SPY")
    monkeypatch.setenv("VOLLAND_MASSIVE_KEY", KEY)
    monkeypatch.setenv("VOLLAND_FEED_HEARTBEAT_SECONDS", "1")
    monkeypatch.setenv("VOLLAND_FEED_SILENCE_SECONDS", "2")
    monkeypatch.setenv("VOLLAND_FEED_BACKOFF_SECONDS", "0.02")
    monkeypatch.setenv("VOLLAND_FEED_MAX_ATTEMPTS", "2")
    return monkeypatch


def test_the_massive_consumer_publishes_checkpoints_and_reports_to_the_admin_view(recording, feed_env, conn,
                                                                                 tmp_path):
    events, oi, last = recording
    with MassiveStandin(events, key=KEY, open_interest=oi) as sd:
        feed_env.setenv("VOLLAND_MASSIVE_WS_URL", sd.ws_url)
        feed_env.setenv("VOLLAND_MASSIVE_REST_URL", sd.rest_url)
        book = live.run(until=last, conn=conn, say=print)
    assert book.source_id == "massive-live" and book.stats.snapshots >= 4 and len(sd.sessions) == 1
    store = tmp_path / "store"
    assert len(read_manifest(store)["snapshots"]) == book.stats.snapshots
    assert provenance.fields("SPY", store) == {"source": "massive-live", "sourceDelay": 0}
    assert (tmp_path / "var" / "feed" / "massive-live" / "CURRENT").exists()
    assert live.FeedLock(conn).holder() is None
    view = overview(conn)["feed"]
    assert view["source"] == "massive-live" and view["connected"] is False and view["error"] is None
    assert view["lastCheckpoint"] == book.last_checkpoint.isoformat() and view["lastGap"] is None


def _cli(args):
    from volland.cli import cli

    return CliRunner().invoke(cli, args, catch_exceptions=False)


def test_feed_without_a_key_or_with_an_unreachable_feed_is_one_line_and_exit_2(recording, feed_env):
    feed_env.setenv("VOLLAND_MASSIVE_KEY", "")
    res = _cli(["feed"])
    assert res.exit_code == 2
    assert res.stderr.strip().splitlines() == ["Error: massive-live: no API key (set VOLLAND_MASSIVE_KEY)."]
    feed_env.setenv("VOLLAND_MASSIVE_KEY", KEY)
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        port = s.getsockname()[1]
    events, oi, _ = recording
    with MassiveStandin(events[:50], key=KEY, open_interest=oi) as sd:
        feed_env.setenv("VOLLAND_MASSIVE_REST_URL", sd.rest_url)
        feed_env.setenv("VOLLAND_MASSIVE_WS_URL", f"ws://127.0.0.1:{port}")
        res = _cli(["feed"])
    assert res.exit_code == 2
    err = res.stderr.strip().splitlines()
    assert err == [f"Error: massive-live: no event from ws://127.0.0.1:{port}; gave up after 2 attempts in a row."]
    feed_env.setenv("VOLLAND_MASSIVE_REST_URL", f"http://127.0.0.1:{port}")
    res = _cli(["feed"])
    assert res.exit_code == 2
    err = res.stderr.strip().splitlines()
    assert len(err) == 1 and err[0].startswith(f"Error: massive-live: the REST API at http://127.0.0.1:{port} "
                                               "cannot be reached")
    assert "Traceback" not in res.output


def test_make_run_starts_no_massive_consumer_without_its_key(feed_env, tmp_path, capsys):
    from volland import run
    from volland.settings import get_settings

    feed_env.setenv("VOLLAND_MASSIVE_KEY", "")
    assert run._start_feed(get_settings(), None, {}, tmp_path) is None
    assert capsys.readouterr().out.splitlines() == [
        "==> The massive-live feed is not started: no API key (set VOLLAND_MASSIVE_KEY)."]
