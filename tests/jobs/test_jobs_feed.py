"""``volland feed``: the live trade-feed consumer as a job process — one per deployment (a Redis lock; a
second waits), its state in the admin job view, and a missing key or an unreachable gateway as one line.

The feed is ``databento.Live`` against the local Raw API stand-in (127.0.0.1), the Redis the real one.
"""

from __future__ import annotations

import socket
import threading
import time
from datetime import date, datetime, timezone

import pytest
from click.testing import CliRunner

from data.orchestration.streaming import _dt
from data.sources import samples
from data.sources.standins.databento_gateway import DatabentoGateway
from data.store import provenance
from data.store.parquet import read_manifest
from jobs import feed as live
from jobs.state import overview

UTC = timezone.utc
KEY = "db-standin-key-0000000000000ABCDE"


@pytest.fixture(scope="module")
def recording():
    mkt = samples.market(7, ["SPY"])
    prints, _q, oi = samples.day_flow(mkt, ["SPY"], date(2025, 11, 21),
                                      until=datetime(2025, 11, 21, 14, 52, tzinfo=UTC))
    recs = samples.opra_records(prints, oi)
    return [*recs["definition"], *recs["statistics"], *recs["tcbbo"]], _dt(max(int(r.ts_event) for r in recs["tcbbo"]))


@pytest.fixture
def feed_env(monkeypatch):
    monkeypatch.setenv("VOLLAND_SOURCE", "databento-live")
    monkeypatch.setenv("VOLLAND_SOURCE_TICKERS", "SPY")
    monkeypatch.setenv("VOLLAND_DATABENTO_KEY", KEY)
    monkeypatch.setenv("VOLLAND_DATABENTO_GATEWAY", "127.0.0.1")
    monkeypatch.setenv("VOLLAND_FEED_HEARTBEAT_SECONDS", "1")
    monkeypatch.setenv("VOLLAND_FEED_SILENCE_SECONDS", "2")
    monkeypatch.setenv("VOLLAND_FEED_BACKOFF_SECONDS", "0.02")
    monkeypatch.setenv("VOLLAND_FEED_MAX_ATTEMPTS", "2")
    return monkeypatch


def test_one_consumer_per_deployment_publishes_and_reports_to_the_admin_view(recording, feed_env, conn,
                                                                           tmp_path):
    records, last = recording
    lock = live.FeedLock(conn)
    assert lock.acquire("other-host:1")          # another consumer runs somewhere
    result, waits = {}, []
    with DatabentoGateway(records, key=KEY) as gw:
        feed_env.setenv("VOLLAND_DATABENTO_PORT", str(gw.port))
        t = threading.Thread(target=lambda: result.update(book=live.run(until=last, conn=conn, say=waits.append)))
        t.start()
        deadline = time.monotonic() + 60
        while not waits and time.monotonic() < deadline:   # until the consumer has found the lock taken
            time.sleep(0.05)
        assert t.is_alive() and waits and "other-host:1" in waits[0]
        assert gw.sessions == [] and lock.holder() == "other-host:1"
        assert lock.release("other-host:1")      # the first one stops: the waiting one takes over
        t.join(timeout=120)
    assert not t.is_alive()
    book = result["book"]
    assert book is not None and book.stats.snapshots >= 4 and len(gw.sessions) == 1
    store = tmp_path / "store"
    times = [e["ts"] for e in read_manifest(store)["snapshots"]]
    assert len(times) == book.stats.snapshots
    assert provenance.fields("SPY", store) == {"source": "databento-live", "sourceDelay": 0}
    assert (tmp_path / "var" / "feed" / "databento-live" / "CURRENT").exists()
    assert lock.holder() is None                 # released at the end
    view = overview(conn)["feed"]
    assert view["source"] == "databento-live" and view["connected"] is False
    assert view["lastCheckpoint"] == book.last_checkpoint.isoformat() and view["lastGap"] is None
    assert view["lagSeconds"] is not None and view["printsPerSecond"] >= 0 and view["error"] is None


def _cli(args):
    from volland.cli import cli

    return CliRunner().invoke(cli, args, catch_exceptions=False)


def test_feed_without_a_key_or_a_gateway_is_one_line_and_exit_2(feed_env):
    feed_env.setenv("VOLLAND_DATABENTO_KEY", "")
    res = _cli(["feed"])
    assert res.exit_code == 2
    err = res.stderr.strip().splitlines()
    assert err == ["Error: databento-live: no API key (set VOLLAND_DATABENTO_KEY)."]
    feed_env.setenv("VOLLAND_DATABENTO_KEY", KEY)
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        port = s.getsockname()[1]
    feed_env.setenv("VOLLAND_DATABENTO_PORT", str(port))
    res = _cli(["feed"])
    assert res.exit_code == 2
    err = res.stderr.strip().splitlines()
    assert len(err) == 1 and f"no record from 127.0.0.1:{port} after 2 attempts" in err[0]
    assert "Traceback" not in res.output


def test_the_scheduled_tick_leaves_a_live_feed_to_its_consumer(feed_env):
    from jobs import tasks

    assert tasks.tick() is None
