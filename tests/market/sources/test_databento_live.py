"""VOLLAND_SOURCE=databento-live at the wire: the vendor's own client (``databento.Live``) against the local
stand-in gateway (``data.sources.standins.databento_gateway``), which speaks the Raw API (CRAM challenge and
response, subscriptions, session start, then the DBN stream) and replays a recording of the synthetic
market in OPRA's layout. Nothing leaves the machine: the gateway listens on 127.0.0.1.
"""

from __future__ import annotations

import json
import random
import socket
from datetime import date, datetime, timezone

import pytest

from data.orchestration import ingest
from data.orchestration.live_feed import DatabentoFeed, FeedUnavailable, parent_symbols
from data.orchestration.streaming import StreamBook, _dt, _ns
from data.sources import samples
from data.sources.standins.databento_gateway import DatabentoGateway
from data.store import provenance
from test_streaming_book import assert_same_batches

UTC = timezone.utc
DAY = date(2025, 11, 21)
UNTIL = datetime(2025, 11, 21, 15, 30, tzinfo=UTC)
KEY = "db-standin-key-0000000000000ABCDE"


@pytest.fixture(scope="module")
def day():
    mkt = samples.market(7, ["SPY"])
    prints, _quotes, oi = samples.day_flow(mkt, ["SPY"], DAY, until=UNTIL)
    return prints, oi


@pytest.fixture(scope="module")
def records(day):
    return samples.opra_records(*day)


@pytest.fixture(scope="module")
def batch_result(day, tmp_path_factory):
    files = samples.write_opra_dbn(*day, tmp_path_factory.mktemp("opra"))
    return ingest.ingest_vendor(list(files.values()), "dbn", publish=False)[1]


def _noisy(records, seed=5):
    """The recording as a real feed delivers it: 150 records sent twice, and neighbours swapped (each
    swapped pair less than a second apart)."""
    rng = random.Random(seed)
    trades = list(records["tcbbo"])
    for i in sorted(rng.sample(range(1, len(trades) - 1), 300)):
        a, b = trades[i], trades[i + 1]
        if int(b.ts_event) - int(a.ts_event) < 1_000_000_000:
            trades[i], trades[i + 1] = b, a
    for i in sorted(rng.sample(range(len(trades)), 150), reverse=True):
        trades.insert(i + 1, trades[i])
    return [*records["definition"], *records["statistics"], *trades]


def _last_ts(records) -> datetime:
    return _dt(max(int(r.ts_event) for r in records["tcbbo"]))


def _feed(book, port, **kw):
    opts = dict(key=KEY, tickers=["SPY"], gateway="127.0.0.1", port=port, heartbeat_seconds=1,
                silence_seconds=3.0, backoff_seconds=0.05, backoff_max_seconds=0.4, max_attempts=4)
    opts.update(kw)
    return DatabentoFeed(book, **opts)


def test_the_vendor_client_streams_a_session_with_drops_silence_duplicates_and_reordering(records, batch_result,
                                                                                         tmp_path):
    recording = _noisy(records)
    n_defs = len(records["definition"]) + len(records["statistics"])
    # Connection 0 drops mid-session; connection 1 goes silent (open, no heartbeat); connection 2 runs on.
    gw = DatabentoGateway(recording, key=KEY, drop_after={0: n_defs + 3000}, silent_after={1: n_defs + 2500})
    with gw:
        book = StreamBook(["SPY"], root=tmp_path / "store", checkpoint_dir=tmp_path / "ck",
                          quality_dir=tmp_path / "quality")
        statuses = []
        feed = _feed(book, gw.port, on_status=lambda s: statuses.append(s.as_dict()))
        feed.run(until=_last_ts(records))
    sessions = gw.sessions
    assert len(sessions) == 3 and all(s.authenticated and s.started for s in sessions)
    # Every connection subscribed the three schemas by parent symbol, the reconnections with a replay start.
    assert {s["schema"] for s in sessions[0].subscriptions} == {"definition", "statistics", "tcbbo"}
    assert {s["symbols"] for s in sessions[0].subscriptions} == {"SPY.OPT"}
    assert sessions[0].start == 0 and 0 < sessions[1].start < sessions[2].start
    assert feed.status.silent == 1 and feed.status.reconnects == 2
    assert book.stats.duplicates >= 150 and book.stats.reordered > 0 and book.stats.late == 0
    # The book equals the batch ingest of the clean files, snapshot for snapshot.
    assert_same_batches(book.batches, batch_result)
    assert provenance.fields("SPY", tmp_path / "store") == {"source": "databento-live", "sourceDelay": 0}
    reports = sorted((tmp_path / "quality").rglob("*-feed.json"))
    assert len(reports) == len(batch_result)
    last = json.loads(reports[-1].read_text())
    assert last["prints"] == len(records["tcbbo"]) and last["gaps"] == []
    assert any(s["connected"] for s in statuses) and statuses[-1]["last_checkpoint"] is not None


def test_a_crash_then_resume_at_the_wire_equals_an_uninterrupted_run(records, batch_result, tmp_path):
    recording = [*records["definition"], *records["statistics"], *records["tcbbo"]]
    mid = _dt(int(records["tcbbo"][len(records["tcbbo"]) // 2].ts_event))
    with DatabentoGateway(recording, key=KEY) as gw:
        first = StreamBook(["SPY"], root=tmp_path / "store", checkpoint_dir=tmp_path / "ck")
        feed = _feed(first, gw.port)
        # The consumer dies at mid-session: what it had not checkpointed is lost with it.
        feed._session(_ns(mid))
        done = len(first.batches)
        assert 3 <= done < len(batch_result)
        del first, feed
        resumed = StreamBook.resume(tmp_path / "ck", root=tmp_path / "store")
        _feed(resumed, gw.port).run(until=_last_ts(records))
        asked = gw.sessions[1].start
    assert asked == resumed.resume_after > 0                   # the gateway replayed from the checkpoint
    # Only the records at the checkpoint's own time come again (the start is inclusive): dropped.
    assert resumed.stats.replayed == sum(1 for r in records["tcbbo"] if int(r.ts_event) == asked)
    assert_same_batches(resumed.batches, batch_result[done:])


def test_the_consumer_books_the_clients_dbn_bytes_through_the_array_path(records, batch_result, tmp_path):
    """The client's records reach the book as DBN bytes (``feed_bytes``): the prints are read as arrays,
    only definitions, statistics and the gateway's own records are decoded one by one."""
    recording = [*records["definition"], *records["statistics"], *records["tcbbo"]]
    book = StreamBook(["SPY"], publish=False)
    in_arrays, one_by_one = [], []
    tcbbo, feed_one = book._feed_tcbbo, book.feed
    book._feed_tcbbo = lambda arr: (in_arrays.append(len(arr)), tcbbo(arr))
    book.feed = lambda rec: (one_by_one.append(str(getattr(rec, "rtype", ""))), feed_one(rec))
    with DatabentoGateway(recording, key=KEY) as gw:
        _feed(book, gw.port).run(until=_last_ts(records))
    assert sum(in_arrays) == len(records["tcbbo"]) and "tcbbo" not in one_by_one
    assert one_by_one.count("instrument-def") == len(records["definition"])
    assert_same_batches(book.batches, batch_result)


def test_a_replay_window_that_does_not_reach_back_is_a_named_gap(records, tmp_path):
    recording = [*records["definition"], *records["statistics"], *records["tcbbo"]]
    prints = records["tcbbo"]
    mid = int(prints[len(prints) // 2].ts_event)
    horizon = int(prints[len(prints) * 3 // 4].ts_event)
    with DatabentoGateway(recording, key=KEY) as gw:
        book = StreamBook(["SPY"], root=tmp_path / "store", checkpoint_dir=tmp_path / "ck",
                          quality_dir=tmp_path / "quality")
        _feed(book, gw.port)._session(mid)
    # The consumer comes back late: the gateway's replay window now starts after the checkpoint.
    with DatabentoGateway(recording, key=KEY, replay_horizon_ns=horizon) as gw:
        resumed = StreamBook.resume(tmp_path / "ck", root=tmp_path / "store", quality_dir=tmp_path / "quality")
        _feed(resumed, gw.port).run(until=_last_ts(records))
    gap = resumed.stats.gaps[-1]
    assert gap["start"] == _dt(resumed.resume_after).isoformat() and gap["end"] == _dt(horizon).isoformat()
    doc = provenance.read(tmp_path / "store")
    assert doc["tickers"]["SPY"]["gaps"][-1] == gap
    report = json.loads(sorted((tmp_path / "quality").rglob("*-feed.json"))[-1].read_text())
    assert report["gaps"][-1] == gap


def test_a_refused_key_is_one_line_and_not_retried(records):
    with DatabentoGateway(records["definition"], key=KEY) as gw:
        feed = _feed(StreamBook(["SPY"], publish=False), gw.port, key="db-wrong-key-000000000000XYZ12")
        with pytest.raises(FeedUnavailable) as err:
            feed.run()
    assert len(gw.sessions) == 1 and not gw.sessions[0].authenticated
    assert "refused the key" in str(err.value) and "\n" not in str(err.value)


def test_an_unreachable_gateway_backs_off_then_gives_up_in_one_line():
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        port = s.getsockname()[1]            # nothing listens there once closed
    waits = []
    feed = _feed(StreamBook(["SPY"], publish=False), port, sleep=waits.append, max_attempts=4)
    with pytest.raises(FeedUnavailable) as err:
        feed.run()
    assert waits == [0.05, 0.1, 0.2]
    assert str(err.value).startswith("databento-live: no record from 127.0.0.1:") and "\n" not in str(err.value)
    with pytest.raises(FeedUnavailable, match="no API key"):
        DatabentoFeed(StreamBook(publish=False), key=" ", tickers=["SPY"])


def test_parent_symbols_cover_an_index_weekly_root():
    assert parent_symbols(["SPX", "SPY"]) == ["SPX.OPT", "SPXPM.OPT", "SPXW.OPT", "SPY.OPT"]


def test_a_halted_contract_and_a_late_print_at_the_wire_equal_the_same_records_fed_in_process(records, tmp_path):
    """One contract halted for 15 minutes (nothing prints) and one print arriving six minutes late, after its
    5-minute window was published: the book streamed through the vendor's client equals the book fed the
    same records in process, the late print booked in a later window in both."""
    from collections import Counter

    tc = list(records["tcbbo"])
    halted = Counter(int(r.instrument_id) for r in tc).most_common(1)[0][0]
    h0 = int(tc[len(tc) // 2].ts_event)
    h1 = h0 + 15 * 60 * 10**9
    kept = [r for r in tc if not (int(r.instrument_id) == halted and h0 <= int(r.ts_event) < h1)]
    assert len(tc) - len(kept) > 0
    late = kept.pop(len(kept) // 3)
    due = int(late.ts_event) + 6 * 60 * 10**9
    kept.insert(next(k for k, r in enumerate(kept) if int(r.ts_event) > due), late)
    recording = [*records["definition"], *records["statistics"], *kept]
    with DatabentoGateway(recording, key=KEY) as gw:
        wire = StreamBook(["SPY"], root=tmp_path / "wire", checkpoint_dir=tmp_path / "ck-wire")
        _feed(wire, gw.port).run(until=_last_ts(records))
    local = StreamBook(["SPY"], root=tmp_path / "local", checkpoint_dir=tmp_path / "ck-local")
    for r in recording:
        local.feed(r)
    local.finish()
    assert wire.stats.late >= 1 and wire.stats.late == local.stats.late
    assert wire.stats.prints == local.stats.prints == len(kept)
    assert_same_batches(wire.batches, local.batches)
