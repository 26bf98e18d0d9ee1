"""The live trade-feed consumer: the vendor's client in, the streaming book (``streaming.StreamBook``) out.

``VOLLAND_SOURCE=databento-live``: ``databento.Live`` subscribes to ``OPRA.PILLAR`` by parent symbol
(``SPY.OPT``; an index's weekly root too, ``SPXW.OPT``) for the served tickers, three schemas:
``definition`` (instrument id → OSI symbol), ``statistics`` (the morning's open interest) and ``tcbbo``
(each trade with the consolidated NBBO just before it). The client hands each record's DBN bytes to a
writable stream (``Live.add_stream``); the consumer takes what has arrived in one piece and gives it to
``StreamBook.feed_bytes`` (runs of ``tcbbo`` records read in place as arrays), which publishes a snapshot on
each grid time and checkpoints it.

Connection faults: a connection that drops or goes silent (no record, not even the gateway's heartbeat,
for ``silence_seconds``) is closed and opened again after a backoff (``backoff_seconds``, doubling up to
``backoff_max_seconds``), asking the gateway to replay from the book's clock (Databento's intraday
replay with ``start``); records seen before are dropped by the book. After ``max_attempts`` attempts in a
row without a record the consumer gives up with ``FeedUnavailable`` (one line). A refused key is not
retried. When the gateway serves the replay from later than asked (its replay window does not reach
back), the interval that could not be filled is recorded as a gap in the book's counters: the next
snapshots' provenance and the quality report name it.
"""

from __future__ import annotations

import threading
import time
from dataclasses import dataclass, field
from datetime import datetime
from typing import Callable

from data.orchestration.streaming import StreamBook, _dt, _ns
from data.sources.cboe_delayed import ROOT_ALIASES

DATABENTO_SCHEMAS = ("definition", "statistics", "tcbbo")
# DBN record types whose time moves the book's clock (quotes and prints), and the gateway's system record.
_QUOTE_RTYPES = frozenset({0x01, 0xB1, 0xC0, 0xC1, 0xC2, 0xC3, 0xC4})
_SYSTEM_RTYPE = 0x17


class _ByteSink:
    """The writable stream the client writes each record's bytes to (its metadata header first), from the
    client's own thread; the consumer takes everything written so far in one piece (``take``)."""

    closed = False

    def __init__(self) -> None:
        self._parts: list[bytes] = []
        self._lock = threading.Lock()
        self._ready = threading.Event()

    def writable(self) -> bool:
        return True

    def write(self, data: bytes) -> int:
        with self._lock:
            self._parts.append(data)
            if not self._ready.is_set():
                self._ready.set()
        return len(data)

    def flush(self) -> None:
        pass

    def close(self) -> None:
        pass

    def take(self, timeout: float) -> tuple[bytes, int]:
        """The bytes written since the last call and the number of writes (records), waiting up to
        ``timeout`` seconds for the first."""
        if not self._ready.wait(timeout):
            return b"", 0
        with self._lock:
            parts, self._parts = self._parts, []
            self._ready.clear()
        return b"".join(parts), len(parts)

    def empty(self) -> bool:
        return not self._parts


class FeedUnavailable(RuntimeError):
    """The feed cannot be used (refused key, unreachable gateway): the message is one line for the operator."""


def parent_symbols(tickers: list[str]) -> list[str]:
    """OPRA parent symbols of the tickers: each ticker's own root and its other roots (``SPXW`` for ``SPX``)."""
    roots = set(tickers)
    roots.update(root for root, ticker in ROOT_ALIASES.items() if ticker in tickers)
    return sorted(f"{r}.OPT" for r in roots)


@dataclass
class FeedStatus:
    """What the admin job view shows of a consumer."""

    source: str
    connected: bool = False
    connects: int = 0
    reconnects: int = 0
    silent: int = 0
    last_record_at: float | None = None      # wall clock (epoch seconds)
    feed_time: str | None = None             # newest record's event time
    lag_seconds: float | None = None         # wall clock minus the newest record's event time
    prints_per_second: float = 0.0
    last_gap: dict | None = None
    last_checkpoint: str | None = None
    error: str | None = None
    history: list[tuple[float, int]] = field(default_factory=list)

    def as_dict(self) -> dict:
        d = dict(self.__dict__)
        d.pop("history")
        return d

    def follow(self, book: StreamBook, now: float | None = None) -> None:
        """Take the book's progress: prints per second over the last minute, the feed's clock and its lag
        behind the wall clock, the last gap and the last checkpoint."""
        now = time.time() if now is None else now
        h = self.history
        h.append((now, book.stats.prints))
        while len(h) > 2 and now - h[0][0] > 60:
            h.pop(0)
        if len(h) >= 2 and h[-1][0] > h[0][0]:
            self.prints_per_second = (h[-1][1] - h[0][1]) / (h[-1][0] - h[0][0])
        if book.max_ts:
            self.feed_time = _dt(book.max_ts).isoformat()
            self.lag_seconds = max(0.0, now - book.max_ts / 1e9)
        if book.stats.gaps:
            self.last_gap = book.stats.gaps[-1]
        if book.last_checkpoint is not None:
            self.last_checkpoint = book.last_checkpoint.isoformat()


class DatabentoFeed:
    """One consumer of Databento's live gateway feeding ``book``."""

    source = "databento-live"

    def __init__(self, book: StreamBook, *, key: str, tickers: list[str], gateway: str | None = None,
                 port: int = 13000, dataset: str = "OPRA.PILLAR", heartbeat_seconds: int = 10,
                 silence_seconds: float = 30.0, backoff_seconds: float = 1.0, backoff_max_seconds: float = 60.0,
                 max_attempts: int = 8, on_status: Callable[[FeedStatus], None] | None = None,
                 sleep: Callable[[float], None] = time.sleep) -> None:
        if not key or not key.strip():
            raise FeedUnavailable("databento-live: no API key (set VOLLAND_DATABENTO_KEY).")
        self.book = book
        self.key = key.strip()
        self.tickers = sorted(tickers)
        self.gateway = gateway or None
        self.port = int(port)
        self.dataset = dataset
        self.heartbeat_seconds = heartbeat_seconds
        self.silence_seconds = silence_seconds
        self.backoff_seconds = backoff_seconds
        self.backoff_max_seconds = backoff_max_seconds
        self.max_attempts = max_attempts
        self.on_status = on_status
        self.sleep = sleep
        self.status = FeedStatus(self.source)
        self.waits: list[float] = []         # the backoff waits taken (the tests read them)
        self._stop = threading.Event()

    def stop(self) -> None:
        self._stop.set()

    # ------------------------------------------------------------ the loop

    def run(self, until: datetime | None = None) -> StreamBook:
        """Consume until the feed's clock reaches ``until`` (None: until ``stop``), then finish the book."""
        until_ns = _ns(until) if until is not None else None
        failures = 0
        while not self._stop.is_set():
            if until_ns is not None and self.book.max_ts >= until_ns:
                break
            got = self._session(until_ns)
            if until_ns is not None and self.book.max_ts >= until_ns or self._stop.is_set():
                break
            failures = 0 if got else failures + 1
            if failures >= self.max_attempts:
                self.status.error = (f"databento-live: no record from {self._where()} after {failures} attempts in a "
                                     "row.")
                self._report()
                raise FeedUnavailable(self.status.error)
            # A connection that delivered records and dropped is retried after the first wait; attempts
            # in a row without a record wait twice as long each time.
            wait = min(self.backoff_max_seconds, self.backoff_seconds * 2 ** max(0, failures - 1))
            self.waits.append(wait)
            self.status.reconnects += 1
            self.sleep(wait)
        self.book.finish()
        self._progress()
        return self.book

    def _where(self) -> str:
        return f"{self.gateway or 'the ' + self.dataset + ' gateway'}:{self.port}"

    def _session(self, until_ns: int | None) -> int:
        """One connection: subscribe, stream until it drops, goes silent or the clock reaches ``until``.
        Returns the records received."""
        import databento as db
        from databento.common.error import BentoError

        start = self.book.replay_start()
        client = db.Live(key=self.key, gateway=self.gateway, port=self.port,
                         heartbeat_interval_s=self.heartbeat_seconds)
        sink = _ByteSink()
        client.add_stream(sink, exception_callback=lambda exc: None)
        try:
            for schema in DATABENTO_SCHEMAS:
                client.subscribe(dataset=self.dataset, schema=schema, stype_in="parent",
                                 symbols=parent_symbols(self.tickers), start=start)
            client.start()
        except BentoError as exc:
            text = str(exc).strip().splitlines()[0] if str(exc).strip() else type(exc).__name__
            if "uthentication" in text or "key" in text.lower() and "fail" in text.lower():
                raise FeedUnavailable(f"databento-live: the gateway refused the key ({text}).") from None
            self.status.connected = False
            self.status.error = f"databento-live: {text}"
            self._report()
            return 0
        self.status.connected = True
        self.status.connects += 1
        self.status.error = None
        self.book.new_stream()        # this connection's bytes begin with their own metadata header
        got = reported = 0
        gap_checked = False
        heard = time.time()
        try:
            while not self._stop.is_set():
                draining = until_ns is not None and self.book.max_ts >= until_ns
                data, n = sink.take(timeout=min(0.5, self.silence_seconds))
                if not n:
                    if draining:       # the clock reached ``until`` and what was in flight has arrived
                        break
                    if client._session.is_disconnected() and sink.empty():
                        break
                    if time.time() - heard >= self.silence_seconds:   # not even a heartbeat: a dead feed
                        self.status.silent += 1
                        break
                    continue
                heard = self.status.last_record_at = time.time()
                got += n
                if not gap_checked:
                    gap_checked = True
                    self._check_replay(client, start)
                done = False
                if until_ns is not None:
                    data, done = self._cut(data, until_ns, header=got == n)
                self.book.feed_bytes(data)
                if done:
                    break
                if got - reported >= 5000:
                    reported = got
                    self._progress()
        finally:
            try:
                client.terminate()
            except Exception:   # already closed by the gateway
                pass
            self.status.connected = False
            self._progress()
        return got

    def _cut(self, data: bytes, until_ns: int, header: bool) -> tuple[bytes, bool]:
        """``data`` up to the first record (other than the gateway's system records) more than the reorder
        delay past ``until`` that arrives once the book's clock has reached ``until``; True when cut.
        ``header``: ``data`` is the connection's first and begins with the metadata header."""
        pos, n = 0, len(data)
        if header:
            pos = 8 + int.from_bytes(data[4:8], "little")
        clock, limit = self.book.max_ts, until_ns + self.book.reorder_ns
        while pos + 16 <= n:
            rtype = data[pos + 1]
            ts = int.from_bytes(data[pos + 8:pos + 16], "little")
            if clock >= until_ns and rtype != _SYSTEM_RTYPE and ts > limit:
                return data[:pos], True
            if rtype in _QUOTE_RTYPES and ts > clock:
                clock = ts
            pos += data[pos] * 4 or n
        return data, False

    def _check_replay(self, client, asked: int | None) -> None:
        """A gateway that replays from later than asked leaves an interval nobody can fill: name it."""
        meta = client.metadata
        if asked is None or not asked or meta is None:
            return
        served = int(getattr(meta, "start", 0) or 0)
        if served > asked:
            self.book.record_gap(asked, served, "the gateway's replay window did not reach back to the "
                                                "checkpoint")
            self.status.last_gap = self.book.stats.gaps[-1]

    def _progress(self) -> None:
        self.status.follow(self.book)
        self._report()

    def _report(self) -> None:
        if self.on_status is not None:
            self.on_status(self.status)


__all__ = ["DatabentoFeed", "FeedStatus", "FeedUnavailable", "parent_symbols", "DATABENTO_SCHEMAS"]
