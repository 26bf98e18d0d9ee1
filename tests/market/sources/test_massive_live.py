"""VOLLAND_SOURCE=massive-live at the wire: the vendor's own clients (``massive.WebSocketClient`` for options
trades and quotes, ``massive.RESTClient`` for contracts, open interest and the history a restart replays)
against the local stand-ins (``data.sources.standins.massive_ws``), which speak Massive's JSON protocol and
replay a recording of the synthetic market (SPY, the three nearest expirations, the first hour). Nothing
leaves the machine: both servers listen on 127.0.0.1.
"""

from __future__ import annotations

import json
import logging
import random
import socket
from datetime import date, datetime, timezone

import polars as pl
import pytest

from data.orchestration.live_feed import FeedUnavailable
from data.orchestration.massive_feed import MassiveBook, MassiveFeed, MassiveRecords
from data.orchestration.streaming import _dt, _ns
from data.sources import samples
from data.sources.standins.massive_ws import MassiveStandin, clean_history, load_recording, save_recording
from data.store import provenance
from test_streaming_book import _published, assert_same_batches, same

UTC = timezone.utc
DAY = date(2025, 11, 21)
UNTIL = datetime(2025, 11, 21, 15, 30, tzinfo=UTC)
KEY = "ms-standin-key-0000000000ABCDE"
HALT = (datetime(2025, 11, 21, 14, 50, tzinfo=UTC), datetime(2025, 11, 21, 15, 5, tzinfo=UTC))
KEYCOLS = ["ticker", "expiration", "strike", "right"]


@pytest.fixture(scope="module")
def market():
    mkt = samples.market(7, ["SPY"])
    prints, quotes, oi = samples.day_flow(mkt, ["SPY"], DAY, until=UNTIL)
    exps = sorted(oi["expiration"].unique().to_list())[:3]
    keep = pl.col("expiration").is_in(exps)
    return prints.filter(keep), quotes.filter(keep), oi.filter(keep)


@pytest.fixture(scope="module")
def recording(market):
    """The session's events with a contract halted for 15 minutes (its quotes go to 0 × 0, nothing prints,
    then it trades again) and a print reported cancelled (condition 201)."""
    prints, quotes, oi = market
    events, open_interest = samples.massive_events(prints, quotes, oi)
    busiest = (pl.DataFrame([e for e in events if e["ev"] == "T"]).group_by("sym").len()
               .sort(["len", "sym"], descending=True)["sym"][0])
    h0, h1 = (int(t.timestamp() * 1000) for t in HALT)
    out, halted = [], False
    for e in events:
        if e["sym"] == busiest and h0 <= e["t"] < h1:
            if not halted:
                halted = True
                out.append({**e, "ev": "Q", "bp": 0.0, "ap": 0.0, "bs": 0, "as": 0, "bx": 300, "ax": 300})
                for k in ("p", "s", "c", "x"):
                    out[-1].pop(k, None)
            continue
        out.append(e)
    last_q = max(e["q"] for e in out)
    first_trade = next(e for e in out if e["ev"] == "T" and e["t"] > h1)
    out.insert(out.index(first_trade) + 1, {**first_trade, "c": [201], "s": 77_777, "q": last_q + 1})
    return out, open_interest, busiest


def _noisy(events, seed=11):
    """The stream as a live feed delivers it: 150 events sent twice, neighbouring trades swapped (less than
    a second apart), and one print arriving seven minutes late, near the end."""
    rng = random.Random(seed)
    ev = list(events)
    for i in sorted(rng.sample(range(1, len(ev) - 1), 400)):
        a, b = ev[i], ev[i + 1]
        if a["ev"] == b["ev"] == "T" and 0 < b["t"] - a["t"] < 1000:
            ev[i], ev[i + 1] = b, a
    for i in sorted(rng.sample(range(len(ev)), 150), reverse=True):
        ev.insert(i + 1, ev[i])
    n = len(ev)
    late_at = int(n * 0.93)
    cutoff = ev[late_at]["t"] - 7 * 60_000
    src = max(i for i in range(late_at) if ev[i]["ev"] == "T" and ev[i]["t"] < cutoff)
    late = ev.pop(src)
    ev.insert(late_at, late)
    return ev, late


def _parsed(events):
    from massive.websocket.models import Market, parse

    return parse(events, logging.getLogger("test"), Market.Options)


def _direct(events, open_interest, **book_kw) -> MassiveBook:
    """The same events fed to the book in-process, in the order given: the uninterrupted run."""
    book = MassiveBook(["SPY"], publish=False, **book_kw)
    rec = MassiveRecords(book)
    stamp = _ns(datetime(2025, 11, 21, 5, 0, tzinfo=UTC))       # New York midnight of the day
    for sym, v in sorted(open_interest.items()):
        rec.open_interest(sym, v, stamp)
    for e in _parsed(events):
        rec.event(e)
    book.finish()
    return book


def _feed(book, standin, **kw) -> MassiveFeed:
    opts = dict(key=KEY, tickers=["SPY"], ws_url=standin.ws_url, rest_url=standin.rest_url, day=DAY,
                heartbeat_seconds=1, silence_seconds=3.0, backoff_seconds=0.05, backoff_max_seconds=0.4,
                max_attempts=3)
    opts.update(kw)
    return MassiveFeed(book, **opts)


def _last(events) -> datetime:
    return _dt(max(e["t"] for e in events) * 1_000_000)


@pytest.fixture(scope="module")
def clean_book(recording):
    events, oi, _ = recording
    return _direct(events, oi)


def test_the_vendor_clients_stream_a_session_with_drops_silence_duplicates_reordering_and_a_late_print(
        recording, tmp_path):
    events, oi, _ = recording
    stream, late = _noisy(events)
    save_recording(tmp_path / "session.jsonl", stream, oi)     # the recording the stand-in replays
    stream, oi = load_recording(tmp_path / "session.jsonl")
    reference = _direct(stream, oi)
    assert reference.stats.late >= 1 and reference.stats.duplicates >= 150
    # Connection 0 drops after 4000 events and 1500 more pass while it is down; connection 1 goes silent
    # (open, answering pings) after 3000; connection 2 runs to the end.
    with MassiveStandin(stream, key=KEY, open_interest=oi, drop_after={0: 4000}, start_at={1: 5500},
                        silent_after={1: 3000}) as sd:
        book = MassiveBook(["SPY"], root=tmp_path / "store", checkpoint_dir=tmp_path / "ck",
                           quality_dir=tmp_path / "quality")
        statuses = []
        feed = _feed(book, sd, on_status=lambda s: statuses.append(s.as_dict()))
        feed.run(until=_last(stream))
        sessions, requests = sd.sessions, sd.requests
    assert len(sessions) == 3 and all(s.authenticated for s in sessions)
    assert sessions[0].first == 0 and sessions[1].first == 5500 and sessions[2].first == 8500
    # One trade and one quote topic per contract of the snapshot.
    assert sorted(sessions[0].subscriptions) == sorted(f"{k}.{s}" for s in oi for k in ("T", "Q"))
    assert feed.status.silent == 1 and feed.status.reconnects == 2
    # Each connection read the chain snapshot; the two reconnections replayed their gap from the history.
    history = [p for p, q in requests if p.startswith(("/v3/trades/", "/v3/quotes/")) and "cursor" not in q]
    assert sum(p == "/v3/snapshot/options/SPY" and "cursor" not in q for p, q in requests) == 3
    assert len(history) == 3 * 2 * len(oi)            # the catch-up from the open, then two gaps
    assert book.stats.duplicates >= 150 and book.stats.reordered > 0 and book.stats.late == reference.stats.late
    assert book.stats.gaps == []
    assert_same_batches(book.batches, reference.batches)
    assert provenance.fields("SPY", tmp_path / "store") == {"source": "massive-live", "sourceDelay": 0}
    reports = sorted((tmp_path / "quality").rglob("*-feed.json"))
    assert len(reports) == len(reference.batches) == 12
    last = json.loads(reports[-1].read_text())
    assert last["source"] == "massive-live" and last["gaps"] == []
    assert any(s["connected"] for s in statuses) and statuses[-1]["last_checkpoint"] is not None
    # The late print was booked, in the window after its own (as the uninterrupted run did).
    booked = pl.concat([pl.from_arrow(b.prints) for b in book.batches])
    assert booked.filter((pl.col("ts") == _dt(late["t"] * 1_000_000)) & (pl.col("size") == late["s"])).height >= 1


def test_a_crash_then_resume_with_the_rest_history_equals_an_uninterrupted_run(recording, clean_book, tmp_path):
    events, oi, busiest = recording
    mid = _dt(events[len(events) // 2]["t"] * 1_000_000)
    resume_at = len(events) * 2 // 3          # the stream the restarted consumer joins: a third is missed
    with MassiveStandin(events, key=KEY, open_interest=oi, start_at={1: resume_at}) as sd:
        first = MassiveBook(["SPY"], root=tmp_path / "crash", checkpoint_dir=tmp_path / "ck")
        feed = _feed(first, sd)
        # The consumer dies at mid-session: what it had not checkpointed is lost with it.
        feed._session(_ns(mid))
        done = len(first.batches)
        assert 3 <= done < len(clean_book.batches)
        del first, feed
        resumed = MassiveBook.resume(tmp_path / "ck", root=tmp_path / "crash")
        assert resumed.leg_flags                   # the legs of the window in the checkpoint came back
        _feed(resumed, sd).run(until=_last(events))
        asked = [q for p, q in sd.requests if p.startswith("/v3/trades/")][-1]
    start = int(asked["timestamp.gte"])
    assert start == resumed.resume_after > 0
    assert int(asked["timestamp.lte"]) == events[resume_at]["t"] * 1_000_000
    assert resumed.stats.gaps == []
    assert_same_batches(resumed.batches, clean_book.batches[done:])
    # What the interrupted consumer published equals an uninterrupted consumer's store, table for table.
    with MassiveStandin(events, key=KEY, open_interest=oi) as sd:
        _feed(MassiveBook(["SPY"], root=tmp_path / "whole"), sd).run(until=_last(events))
    crashed, whole = _published(tmp_path / "crash"), _published(tmp_path / "whole")
    assert crashed.keys() == whole.keys() and len(whole) >= 36
    for k in whole:
        assert same(crashed[k], whole[k]), k


def test_the_halted_contract_and_the_cancelled_print(recording, clean_book, market):
    events, _oi, busiest = recording
    from data.orchestration.streaming import parse_osi

    key = parse_osi(busiest.removeprefix("O:"))
    prints = pl.concat([pl.from_arrow(b.prints) for b in clean_book.batches if b.prints is not None])
    mine = prints.filter((pl.col("ticker") == key[0]) & (pl.col("expiration") == key[1])
                         & (pl.col("strike") == key[2]) & (pl.col("right") == key[3]))
    ts = mine["ts"].to_list()
    assert any(t < HALT[0] for t in ts) and any(t >= HALT[1] for t in ts)
    assert not any(HALT[0] <= t < HALT[1] for t in ts)           # nothing printed while it was halted
    assert 77_777 not in prints["size"].to_list()                  # the cancelled print was not booked
    trades = [e for e in events if e["ev"] == "T" and 201 not in e["c"]]
    assert clean_book.stats.prints == len(trades)


def test_multi_leg_prints_are_the_market_s_packages_by_their_condition_codes(market, recording, clean_book):
    from data.orchestration.streaming import parse_osi

    prints, _quotes, _oi = market
    halted = parse_osi(recording[2].removeprefix("O:"))
    in_halt = (pl.struct(KEYCOLS) == pl.lit({k: v for k, v in zip(KEYCOLS, halted, strict=True)})) & \
        pl.col("ts").is_between(HALT[0], HALT[1], closed="left")
    gone = prints.filter(in_halt)["package_id"].drop_nulls()
    # The packages a leg of which printed during the halt (and was not sent) are left out.
    prints = prints.filter(~in_halt & ~pl.col("package_id").is_in(gone.implode()).fill_null(False))
    got = pl.concat([pl.from_arrow(b.prints) for b in clean_book.batches if b.prints is not None])
    got = got.filter(pl.col("size") != 77_777)
    want = (prints.filter(pl.col("condition") != "single")
            .with_columns(ts=pl.col("ts").dt.truncate("1ms")))
    got = got.join(prints.select(pl.col("ts").dt.truncate("1ms"), *KEYCOLS, "price", "size"),
                   on=["ts", *KEYCOLS, "price", "size"], how="semi")
    legs = got.filter(pl.col("condition") != "single")
    assert legs.height == want.height > 1000
    # Each package of the market is one package of the book, legs for legs (and the same shape).
    joined = want.select("ts", *KEYCOLS, "price", "size", "condition", truth="package_id").join(
        legs.select("ts", *KEYCOLS, "price", "size", got="condition", pid="package_id"),
        on=["ts", *KEYCOLS, "price", "size"], how="inner")
    assert joined.height == want.height
    pairs = joined.select("truth", "pid").unique()
    assert pairs["truth"].n_unique() == pairs.height == want["package_id"].n_unique()
    assert (joined["condition"] == joined["got"]).all()
    # Single prints are not matched by time and size: none of them became a leg.
    assert got.filter(pl.col("condition") == "single").height == prints.filter(
        pl.col("condition") == "single").height


def test_condition_codes_decide_legs_and_cancellations():
    book = MassiveBook(["SPY"], publish=False, reorder_seconds=0)
    rec = MassiveRecords(book)
    t = int(datetime(2025, 11, 21, 14, 31, tzinfo=UTC).timestamp() * 1000)
    a, b, c = "O:SPY251121C00680000", "O:SPY251121C00685000", "O:SPY251121P00670000"
    for i, s in enumerate((a, b, c)):
        rec.quote(s, t - 10, i + 1, 1.0, 1.2)
    rec.trade(a, t, 10, 1.1, 5, [209])       # two simultaneous single prints of equal size: not a spread
    rec.trade(b, t, 11, 1.1, 5, [227])
    rec.trade(c, t, 12, 1.15, 3, [236])      # a lone multi-leg leg: a package of its own
    rec.trade(a, t, 13, 1.1, 7, [201, 209])  # cancelled
    book._release(2**63 - 1)
    win = pl.DataFrame([(_dt(ts), *k, px, sz, bb, aa) for ts, k, px, sz, bb, aa in book.window],
                       schema=["ts", *KEYCOLS, "price", "size", "bid", "ask"], orient="row")
    out = book.legs(win)
    assert out["condition"].to_list() == ["single", "single", "complex"]
    assert out["package_id"].null_count() == 2 and out["package_id"][2] is not None
    assert rec.cancelled == 1 and book.stats.prints == 3
    assert [w[4:] for w in book.window] == [(1.0, 1.2)] * 3         # each print took its contract's NBBO


def test_an_unfillable_gap_is_named_in_provenance_and_the_quality_report(recording, tmp_path):
    events, oi, _ = recording
    mid = _dt(events[len(events) // 2]["t"] * 1_000_000)
    resume_at = len(events) * 2 // 3
    with MassiveStandin(events, key=KEY, open_interest=oi) as sd:
        book = MassiveBook(["SPY"], root=tmp_path / "store", checkpoint_dir=tmp_path / "ck",
                           quality_dir=tmp_path / "quality")
        _feed(book, sd)._session(_ns(mid))
    # The plan does not include the history: the interval the consumer missed cannot be read.
    with MassiveStandin(events, key=KEY, open_interest=oi, start_at={0: resume_at},
                        history_error=(403, "You are not entitled to this data.")) as sd:
        resumed = MassiveBook.resume(tmp_path / "ck", root=tmp_path / "store", quality_dir=tmp_path / "quality")
        feed = _feed(resumed, sd)
        feed.run(until=_last(events))
    gap = resumed.stats.gaps[-1]
    assert gap["start"] == _dt(resumed.resume_after).isoformat()
    assert gap["end"] == _dt(events[resume_at]["t"] * 1_000_000).isoformat()
    assert "You are not entitled to this data." in gap["reason"]
    assert feed.status.last_gap == gap
    doc = provenance.read(tmp_path / "store")
    assert doc["tickers"]["SPY"]["gaps"][-1] == gap
    report = json.loads(sorted((tmp_path / "quality").rglob("*-feed.json"))[-1].read_text())
    assert report["gaps"][-1] == gap


def test_a_key_the_rest_api_refuses_is_one_line_and_not_retried(recording):
    events, oi, _ = recording
    with MassiveStandin(events[:100], key=KEY, open_interest=oi) as sd:
        feed = _feed(MassiveBook(["SPY"], publish=False), sd, key="ms-wrong-key-00000000000XYZ12")
        with pytest.raises(FeedUnavailable) as err:
            feed.run()
        assert "refused the key (Unknown API Key)" in str(err.value) and "\n" not in str(err.value)
        assert sd.sessions == [] and len(sd.requests) == 1


def test_a_websocket_that_refuses_the_key_ends_the_consumer_in_one_line(recording):
    events, oi, _ = recording

    class Refusing(MassiveStandin):
        async def _handle(self, ws):          # the stream's own check: every key refused
            key, self.key = self.key, "not-this-one"
            try:
                await super()._handle(ws)
            finally:
                self.key = key

    with Refusing(events[:100], key=KEY, open_interest=oi) as sd:
        feed = _feed(MassiveBook(["SPY"], publish=False), sd)
        with pytest.raises(FeedUnavailable) as err:
            feed.run()
    assert len(sd.sessions) == 1 and not sd.sessions[0].authenticated
    assert str(err.value) == "massive-live: the feed refused the key (authentication failed)."


def test_an_unreachable_feed_backs_off_then_gives_up_in_one_line(recording):
    events, oi, _ = recording
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        port = s.getsockname()[1]            # nothing listens there once closed
    waits = []
    with MassiveStandin(events[:100], key=KEY, open_interest=oi) as sd:
        feed = _feed(MassiveBook(["SPY"], publish=False), sd, ws_url=f"ws://127.0.0.1:{port}", sleep=waits.append,
                     silence_seconds=0.5)
        with pytest.raises(FeedUnavailable) as err:
            feed.run()
    assert waits == [0.05, 0.1]
    assert str(err.value) == (f"massive-live: no event from ws://127.0.0.1:{port}; gave up after 3 attempts in a "
                              "row.")
    # An unreachable REST API: the same, named.
    feed = _feed(MassiveBook(["SPY"], publish=False), sd, rest_url=f"http://127.0.0.1:{port}", sleep=waits.append)
    with pytest.raises(FeedUnavailable) as err:
        feed.run()
    assert str(err.value).startswith(f"massive-live: the REST API at http://127.0.0.1:{port} cannot be reached")
    assert "\n" not in str(err.value)
    with pytest.raises(FeedUnavailable, match="no API key"):
        MassiveFeed(MassiveBook(publish=False), key=" ", tickers=["SPY"])


def test_the_history_is_the_recording_once_in_time_order(recording):
    events, _oi, _ = recording
    noisy, _late = _noisy(events)
    hist = clean_history(noisy)
    assert len(hist) == len(clean_history(events)) == len(events)
    assert [(e["t"], e["q"]) for e in hist] == sorted((e["t"], e["q"]) for e in events)


def test_an_index_chain_is_asked_for_by_its_index_ticker_with_every_root():
    oi = {"O:SPXW251121C06600000": 10, "O:SPX251219P06000000": 5, "O:SPY251121C00680000": 7}
    with MassiveStandin([], key=KEY, open_interest=oi) as sd:
        book = MassiveBook(["SPX"], publish=False)
        feed = _feed(book, sd, tickers=["SPX"])
        feed._contracts()
    assert [p for p, _ in sd.requests] == ["/v3/snapshot/options/I:SPX"]
    assert feed.symbols == ["O:SPX251219P06000000", "O:SPXW251121C06600000"]
    assert sorted(v for _ts, v in book.oi.values()) == [5, 10]
    assert {k[0] for k in book.oi} == {"SPX"}
