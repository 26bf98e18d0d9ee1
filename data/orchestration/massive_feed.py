"""``VOLLAND_SOURCE=massive-live``: Massive's options feed through the vendor's own client (the ``massive``
package) into the streaming book (``streaming.StreamBook``), the same book and publish path as
``databento-live``.

* **Contracts and the morning's open interest** come from the REST client: the options chain snapshot of
  each served ticker (``list_snapshot_options_chain``; an index as ``I:SPX``) lists every contract with
  its open interest. They enter the book as definitions (OCC ticker → contract) and open-interest
  statistics stamped at the session day's New York midnight, at every (re)connection.
* **Trades and quotes** come from the WebSocket client (``WebSocketClient``, market ``options``), one
  ``T.<contract>`` and one ``Q.<contract>`` topic per contract. Times are the feed's SIP times in Unix
  milliseconds; each event's sequence number orders events of one millisecond. A quote event moves the
  contract's NBBO; a trade takes the latest quote of its contract received before it in (time, sequence)
  order — the NBBO standing when it printed — and goes to the book as a print with that quote (quotes
  are kept for ``quote_horizon_seconds``, 60, behind the feed's clock, and the last one before that).
* **Conditions.** Prints whose conditions include a cancellation (``CANCELLED_CODES``) are not booked.
  Prints flagged as a leg of a multi-leg order (``MULTI_LEG_CODES``) or of a stock–option order
  (``STOCK_OPTION_CODES``) are legs of one package with the other flagged prints of the same underlying
  at the same time stamp, classified with the package rule (``MassiveBook.legs``). Every other print is
  single: Massive flags packages, so prints are not matched by time and size.
* **Restarts and gaps.** At the first event of each connection, the interval from the book's clock (the
  checkpoint after a restart, the last record released after a drop) to that event is read from the
  REST history (``list_trades``/``list_quotes`` per contract, the history's nanosecond times floored to
  the stream's milliseconds) and fed before the stream; records the book has seen are dropped there. A
  fresh book catches up from the session's open the same way. When the history cannot be read, the
  interval is recorded as a gap: the next snapshots' provenance and the quality report name it.
* **Heartbeats and reconnection.** The WebSocket pings every ``heartbeat_seconds`` (a peer that does not
  answer closes the connection); a feed that stays open but sends nothing for ``silence_seconds`` is
  closed. Either way the consumer reconnects after a backoff (``backoff_seconds`` doubling up to
  ``backoff_max_seconds``) and gives up after ``max_attempts`` attempts in a row without an event
  (``FeedUnavailable``, one line). A refused key is not retried.
"""

from __future__ import annotations

import asyncio
import bisect
import json
import queue
import threading
import time
from concurrent.futures import ThreadPoolExecutor
from datetime import date, datetime
from pathlib import Path
from typing import Callable
from urllib.parse import urlparse

import polars as pl

from domain import market_calendar as cal
from data.orchestration.live_feed import FeedStatus, FeedUnavailable
from data.orchestration.streaming import StreamBook, _dt, _ns, parse_osi
from data.sources.vendor import KEY, OPEN_INTEREST_STAT, UNDEF_PRICE, match_legs

# Massive's options trade conditions (the OPRA trade message types, by Massive's numeric code).
CANCELLED_CODES = frozenset({201, 203, 205, 207})          # Canceled; Last/Opening/Only Trade and Canceled
MULTI_LEG_CODES = frozenset({232, 233, 234, 235, 236, 238, 239, 246, 247})
STOCK_OPTION_CODES = frozenset({237, 240, 241, 242, 243, 244, 245})
PACKAGE_CODES = MULTI_LEG_CODES | STOCK_OPTION_CODES
INDEX_UNDERLYINGS = frozenset({"SPX", "NDX", "RUT", "VIX", "XSP", "DJX", "OEX", "XEO"})
_END = object()


class _Rec:
    """A record in the layout the book reads (the fields of ``databento-dbn``'s records it uses)."""

    __slots__ = ("rtype", "instrument_id", "ts_event", "ts_recv", "sequence", "price", "size", "bid_px_00",
                 "ask_px_00", "action", "raw_symbol", "stat_type", "quantity")

    def __init__(self, rtype, instrument_id, ts_event=0, sequence=0, price=UNDEF_PRICE, size=0,
                 bid_px_00=UNDEF_PRICE, ask_px_00=UNDEF_PRICE, action="", raw_symbol="", stat_type=0, quantity=0):
        self.rtype, self.instrument_id, self.ts_event, self.ts_recv = rtype, instrument_id, ts_event, ts_event
        self.sequence, self.price, self.size, self.action = sequence, price, size, action
        self.bid_px_00, self.ask_px_00 = bid_px_00, ask_px_00
        self.raw_symbol, self.stat_type, self.quantity = raw_symbol, stat_type, quantity


def _px(v) -> int:
    return UNDEF_PRICE if v is None else int(round(float(v) * 1e9))


def _leg_key(ts: int, key: tuple, price: int, size: int) -> tuple:
    return ts, key, round(price * 1e-9, 9), int(size)


class MassiveBook(StreamBook):
    """The streaming book fed by Massive: the same book, with multi-leg prints known from their conditions."""

    def __init__(self, *args, source_id: str = "massive-live", **kwargs) -> None:
        super().__init__(*args, source_id=source_id, **kwargs)
        self.leg_flags: dict[tuple, int] = {}    # (ts, contract, price, size) -> a multi-leg condition code
        self._prune_flags_at = 20_000

    def flag_leg(self, ts: int, key: tuple, price: int, size: int, code: int) -> None:
        self.leg_flags[_leg_key(ts, key, price, size)] = code
        if len(self.leg_flags) >= self._prune_flags_at and self.prev_grid is not None:
            # Prints this far behind the last published grid time are dropped as too late by the book.
            horizon = self.prev_grid - self.dedupe_ns
            self.leg_flags = {k: v for k, v in self.leg_flags.items() if k[0] >= horizon}
            self._prune_flags_at = max(20_000, 2 * len(self.leg_flags))

    def legs(self, win: pl.DataFrame) -> pl.DataFrame:
        """Flagged prints of one underlying at one time stamp are one order's legs: two legs of equal size
        form a spread, three strikes in sizes 1:2:1 a butterfly (``match_legs``); a flagged print of any
        other shape is a leg of its own package (signed by its own edge against fair value, never by the
        quote rule). Unflagged prints are single."""
        if win.height == 0:
            return match_legs(win)
        ts = win["ts"].dt.epoch("us").to_list()
        cols = [win[c].to_list() for c in KEY]
        flagged = [_leg_key(t * 1000, (a, b, c, d), round(p * 1e9), s) in self.leg_flags
                   for t, a, b, c, d, p, s in zip(ts, *cols, win["price"].to_list(), win["size"].to_list(),
                                                  strict=True)]
        w = win.with_row_index("_wrow").with_columns(_flag=pl.Series(flagged, dtype=pl.Boolean))
        single = w.filter(~pl.col("_flag")).with_columns(condition=pl.lit("single"),
                                                         package_id=pl.lit(None, pl.Int64))
        multi = w.filter(pl.col("_flag"))
        if multi.height:
            m = match_legs(multi)
            first = int(m["package_id"].max() or 0) + 1
            alone = pl.col("package_id").is_null()
            m = m.with_columns(condition=pl.when(alone).then(pl.lit("complex")).otherwise(pl.col("condition")),
                               package_id=pl.when(alone).then(first + pl.int_range(pl.len(), dtype=pl.Int64))
                               .otherwise(pl.col("package_id")))
            single = pl.concat([single, m.select(single.columns)])
        return single.sort("_wrow").drop("_wrow", "_flag")

    def checkpoint(self) -> Path:
        # The flags of the prints the checkpoint holds are written next to it before it becomes current.
        base = self.checkpoint_dir
        base.mkdir(parents=True, exist_ok=True)
        name = f"ckpt-{self.released:020d}"
        rows = [(ts, *key, px, size, code) for (ts, key, px, size), code in self.leg_flags.items()]
        pl.DataFrame(rows, schema={"ts": pl.Int64, "ticker": pl.String, "expiration": pl.Date, "strike": pl.Float64,
                                   "right": pl.String, "price": pl.Float64, "size": pl.Int64, "code": pl.Int64},
                     orient="row").write_parquet(base / f"{name}.legs.parquet")
        final = super().checkpoint()
        for old in base.glob("ckpt-*.legs.parquet"):
            if old.name != f"{name}.legs.parquet":
                old.unlink(missing_ok=True)
        return final

    @classmethod
    def resume(cls, checkpoint_dir: str | Path, **kwargs) -> MassiveBook:
        book = super().resume(checkpoint_dir, **kwargs)
        cur = Path(checkpoint_dir) / "CURRENT"
        if cur.exists():
            legs = Path(checkpoint_dir) / f"{cur.read_text().strip()}.legs.parquet"
            if legs.exists():
                for ts, t, e, k, r, px, size, code in pl.read_parquet(legs).iter_rows():
                    book.leg_flags[(ts, (t, e, k, r), px, size)] = code
        return book


class MassiveRecords:
    """Massive's events (WebSocket or REST history) turned into the book's records."""

    def __init__(self, book: MassiveBook, quote_horizon_seconds: float = 60.0) -> None:
        self.book = book
        self.horizon_ns = int(quote_horizon_seconds * 1e9)
        self.ids: dict[str, int] = {}                    # OCC ticker -> instrument id
        self.key_id = {key: iid for iid, key in book.defs.items()}
        self.next_id = max(book.defs, default=0) + 1
        # The quotes standing at the checkpoint (sequence -1: before any event of the same time).
        self.quotes: dict[tuple, list[tuple[int, int, int, int]]] = {
            key: [(ts, -1, _px(b), _px(a))] for key, (ts, b, a) in book.quote.items()}
        self.cancelled = 0
        self.unknown = 0

    def define(self, symbol: str) -> int | None:
        iid = self.ids.get(symbol)
        if iid is not None:
            return iid
        key = parse_osi(symbol.removeprefix("O:"))
        if key is None or (self.book.tickers is not None and key[0] not in self.book.tickers):
            return None
        iid = self.key_id.get(key)
        if iid is None:
            iid = self.next_id
            self.next_id += 1
            self.key_id[key] = iid
        if iid not in self.book.defs:
            self.book.feed(_Rec("instrument-def", iid, raw_symbol=symbol.removeprefix("O:")))
        self.ids[symbol] = iid
        return iid

    def open_interest(self, symbol: str, oi: int, ts: int) -> None:
        iid = self.define(symbol)
        if iid is not None:
            self.book.feed(_Rec("statistics", iid, ts, stat_type=OPEN_INTEREST_STAT, quantity=int(oi)))

    def quote(self, symbol: str, t_ms: int, seq: int, bid, ask) -> None:
        iid = self.define(symbol)
        if iid is None:
            self.unknown += 1
            return
        ts = int(t_ms) * 1_000_000
        b, a = _px(bid), _px(ask)
        hist = self.quotes.setdefault(self.book.defs[iid], [])
        item = (ts, int(seq or 0), b, a)
        if not hist or item > hist[-1]:
            hist.append(item)
        else:
            bisect.insort(hist, item)
        if len(hist) % 256 == 0:
            # Quotes older than the horizon are let go, the last of them kept: a print up to the horizon
            # behind the feed's clock still finds the quote standing when it printed.
            cut = bisect.bisect_left(hist, (self.book.max_ts - self.horizon_ns,))
            del hist[: max(0, cut - 1)]
        self.book.feed(_Rec("cmbp-1", iid, ts, item[1], UNDEF_PRICE, 0, b, a, "A"))

    def trade(self, symbol: str, t_ms: int, seq: int, price, size, conditions) -> None:
        codes = set(conditions or ())
        if codes & CANCELLED_CODES:
            self.cancelled += 1
            return
        iid = self.define(symbol)
        if iid is None:
            self.unknown += 1
            return
        key = self.book.defs[iid]
        ts, seq = int(t_ms) * 1_000_000, int(seq or 0)
        hist = self.quotes.get(key)
        b = a = UNDEF_PRICE
        if hist:
            i = bisect.bisect_left(hist, (ts, seq))
            if i:
                _, _, b, a = hist[i - 1]
        px, sz = _px(price), int(size or 0)
        leg = codes & PACKAGE_CODES
        if leg:
            self.book.flag_leg(ts, key, px, sz, min(leg))
        self.book.feed(_Rec("tcbbo", iid, ts, seq, px, sz, b, a, "T"))

    def event(self, ev) -> None:
        """One WebSocket event (the client's ``EquityTrade``/``EquityQuote``)."""
        kind = ev.event_type.value if hasattr(ev.event_type, "value") else ev.event_type
        if kind == "T":
            self.trade(ev.symbol, ev.timestamp, ev.sequence_number, ev.price, ev.size, ev.conditions)
        elif kind == "Q":
            self.quote(ev.symbol, ev.timestamp, ev.sequence_number, ev.bid_price, ev.ask_price)


def _one_line(exc: BaseException) -> str:
    text = str(exc).strip()
    try:
        doc = json.loads(text)
        text = doc.get("error") or doc.get("message") or text
    except (ValueError, AttributeError):
        pass
    text = text.splitlines()[0] if text else type(exc).__name__
    return text[:200]


class MassiveFeed:
    """One consumer of Massive's options WebSocket (with its REST API) feeding ``book``."""

    source = "massive-live"

    def __init__(self, book: MassiveBook, *, key: str, tickers: list[str], ws_url: str = "wss://socket.massive.com",
                 rest_url: str = "https://api.massive.com", day: date | None = None, heartbeat_seconds: float = 10,
                 silence_seconds: float = 30.0, backoff_seconds: float = 1.0, backoff_max_seconds: float = 60.0,
                 max_attempts: int = 8, rest_workers: int = 4, catch_up: bool = True,
                 on_status: Callable[[FeedStatus], None] | None = None,
                 sleep: Callable[[float], None] = time.sleep) -> None:
        if not key or not key.strip():
            raise FeedUnavailable("massive-live: no API key (set VOLLAND_MASSIVE_KEY).")
        self.book = book
        self.key = key.strip()
        self.tickers = sorted(tickers)
        url = urlparse(ws_url if "://" in ws_url else f"wss://{ws_url}")
        self.ws_secure = url.scheme == "wss"
        self.ws_host = url.netloc
        self.ws_url = f"{url.scheme}://{url.netloc}"
        self.rest_url = rest_url.rstrip("/")
        self.day = day
        self.heartbeat_seconds = heartbeat_seconds
        self.silence_seconds = silence_seconds
        self.backoff_seconds = backoff_seconds
        self.backoff_max_seconds = backoff_max_seconds
        self.max_attempts = max_attempts
        self.rest_workers = rest_workers
        self.catch_up = catch_up
        self.on_status = on_status
        self.sleep = sleep
        self.status = FeedStatus(self.source)
        self.records = MassiveRecords(book)
        self.symbols: list[str] = []
        self.waits: list[float] = []
        self._stop = threading.Event()
        self._rest = None

    def stop(self) -> None:
        self._stop.set()

    # ------------------------------------------------------------ REST

    def rest(self):
        if self._rest is None:
            from massive import RESTClient

            self._rest = RESTClient(api_key=self.key, base=self.rest_url, retries=1, connect_timeout=5.0,
                                    read_timeout=30.0, maxsize=max(4, self.rest_workers))
        return self._rest

    def _rest_failure(self, what: str, exc: Exception) -> str:
        from massive.exceptions import BadResponse

        text = _one_line(exc)
        if isinstance(exc, BadResponse):
            if "api key" in text.lower() or "unauthorized" in text.lower():
                raise FeedUnavailable(f"massive-live: the REST API refused the key ({text}).") from None
            return f"massive-live: {what}: {text}"
        return f"massive-live: the REST API at {self.rest_url} cannot be reached ({what}: {text})"

    def _contracts(self) -> None:
        """Contracts and the morning's open interest of every served ticker, into the book."""
        from data.clock import wall_now

        day = self.day or cal.ny_date(wall_now())
        stamp = _ns(datetime.combine(day, datetime.min.time(), tzinfo=cal.NY))
        client = self.rest()
        symbols = []
        for ticker in self.tickers:
            underlying = f"I:{ticker}" if ticker in INDEX_UNDERLYINGS else ticker
            for snap in client.list_snapshot_options_chain(underlying, params={"limit": 250}):
                sym = snap.details.ticker if snap.details is not None else None
                if not sym:
                    continue
                symbols.append(sym)
                if snap.open_interest is not None:
                    self.records.open_interest(sym, int(snap.open_interest), stamp)
        self.symbols = sorted({s for s in symbols if self.records.define(s) is not None})

    def _history(self, start: int, end: int) -> list[tuple]:
        """Every trade and quote of the subscribed contracts with ``start <= time <= end`` (ns), in (time,
        sequence) order, quotes first at a tie."""
        client = self.rest()

        def one(sym):
            out = []
            for tr in client.list_trades(sym, timestamp_gte=start, timestamp_lte=end, limit=50000, order="asc",
                                         sort="timestamp"):
                out.append((int(tr.sip_timestamp) // 1_000_000, int(tr.sequence_number or 0), 1, sym, tr.price,
                            tr.size, tr.conditions))
            for qu in client.list_quotes(sym, timestamp_gte=start, timestamp_lte=end, limit=50000, order="asc",
                                         sort="timestamp"):
                out.append((int(qu.sip_timestamp) // 1_000_000, int(qu.sequence_number or 0), 0, sym, qu.bid_price,
                            qu.ask_price, None))
            return out

        with ThreadPoolExecutor(max_workers=self.rest_workers) as pool:
            rows = [r for part in pool.map(one, self.symbols) for r in part]
        rows.sort(key=lambda r: (r[0], r[2], r[1]))
        return rows

    def _replay(self, upto: int) -> None:
        """Fill the interval from the book's clock to ``upto`` (the connection's first event) from the REST
        history; an interval that cannot be read is a named gap."""
        start = self.book.replay_start()
        if not start:
            sess = cal.session(cal.ny_date(_dt(upto)))
            if not self.catch_up or sess is None:
                return
            start = _ns(sess[0])
        if upto <= start:
            return
        try:
            rows = self._history(start, upto)
        except FeedUnavailable:
            raise
        except Exception as exc:   # noqa: BLE001 - any failure of the history leaves the interval unfilled
            try:
                reason = self._rest_failure("the REST history could not be read", exc)
            except FeedUnavailable as refused:
                reason = str(refused)
            self.book.record_gap(start, upto, reason.removeprefix("massive-live: "))
            self.status.last_gap = self.book.stats.gaps[-1]
            return
        rec = self.records
        for t_ms, seq, kind, sym, a, b, cond in rows:
            if kind:
                rec.trade(sym, t_ms, seq, a, b, cond)
            else:
                rec.quote(sym, t_ms, seq, a, b)

    # ------------------------------------------------------------ the loop

    def run(self, until: datetime | None = None) -> MassiveBook:
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
                last = self.status.error or f"massive-live: no event from {self.ws_url}"
                self.status.error = f"{last.rstrip('.')}; gave up after {failures} attempts in a row."
                self._report()
                raise FeedUnavailable(self.status.error)
            wait = min(self.backoff_max_seconds, self.backoff_seconds * 2 ** max(0, failures - 1))
            self.waits.append(wait)
            self.status.reconnects += 1
            self.sleep(wait)
        self.book.finish()
        self._progress()
        return self.book

    def _ws_thread(self, client, out: queue.Queue, stop: threading.Event) -> None:
        async def main():
            async def processor(msgs):
                out.put(msgs)

            task = asyncio.ensure_future(client.connect(
                processor, ping_interval=self.heartbeat_seconds, ping_timeout=self.heartbeat_seconds,
                open_timeout=self.silence_seconds))
            while not task.done() and not stop.is_set():
                await asyncio.sleep(0.05)
            if not task.done():
                if client.websocket is not None:
                    try:
                        await asyncio.wait_for(client.close(), 2)
                    except Exception:   # noqa: BLE001 - closing a connection that is already gone
                        pass
                task.cancel()
            try:
                await task
            except asyncio.CancelledError:
                pass
            except Exception as exc:   # noqa: BLE001 - handed to the consumer, which decides
                out.put(exc)

        try:
            asyncio.run(main())
        finally:
            out.put(_END)

    def _session(self, until_ns: int | None) -> int:
        """One connection: contracts and open interest (REST), subscribe, replay the interval missed (REST),
        stream until it drops, goes silent or the clock reaches ``until``. Returns the events received."""
        from massive import WebSocketClient
        from massive.exceptions import AuthError
        from massive.websocket.models import Market

        try:
            self._contracts()
        except FeedUnavailable:
            raise
        except Exception as exc:   # noqa: BLE001 - an unreachable or failing API is retried after a backoff
            self.status.error = self._rest_failure("the options chain snapshot", exc)
            self._report()
            return 0
        if not self.symbols:
            raise FeedUnavailable(f"massive-live: the options chain snapshot lists no contract of "
                                  f"{', '.join(self.tickers)}.")
        topics = [f"{ev}.{s}" for s in self.symbols for ev in ("T", "Q")]
        client = WebSocketClient(api_key=self.key, feed=self.ws_host, market=Market.Options, secure=self.ws_secure,
                                 subscriptions=topics, max_reconnects=0)
        inbox: queue.Queue = queue.Queue()
        stop_ws = threading.Event()
        thread = threading.Thread(target=self._ws_thread, args=(client, inbox, stop_ws), name="massive-ws",
                                  daemon=True)
        thread.start()
        got = 0
        replayed = False
        heard = time.time()
        try:
            while not self._stop.is_set():
                draining = until_ns is not None and self.book.max_ts >= until_ns
                try:
                    item = inbox.get(timeout=min(0.5, self.silence_seconds))
                except queue.Empty:
                    if draining:
                        break
                    if time.time() - heard >= self.silence_seconds:   # not a single event: a dead feed
                        if got or client.websocket is not None:
                            self.status.silent += 1
                        if not got:
                            self.status.error = f"massive-live: no event from {self.ws_url}"
                        break
                    continue
                if item is _END:
                    break
                if isinstance(item, AuthError):
                    raise FeedUnavailable(f"massive-live: the feed refused the key ({_one_line(item)}).")
                if isinstance(item, BaseException):
                    self.status.error = f"massive-live: {type(item).__name__}: {_one_line(item)}"
                    continue
                heard = self.status.last_record_at = time.time()
                if not got:
                    self.status.connected = True
                    self.status.connects += 1
                    self.status.error = None
                done = False
                for ev in item:
                    ts = int(ev.timestamp or 0) * 1_000_000
                    if not replayed:
                        replayed = True
                        self._replay(ts)
                    if draining and ts > until_ns + self.book.reorder_ns:
                        done = True
                        break
                    got += 1
                    self.records.event(ev)
                    if got % 5000 == 0:
                        self._progress()
                if done:
                    break
        finally:
            stop_ws.set()
            thread.join(10)
            self.status.connected = False
            self._progress()
        return got

    def _progress(self) -> None:
        self.status.follow(self.book)
        self._report()

    def _report(self) -> None:
        if self.on_status is not None:
            self.on_status(self.status)


__all__ = ["MassiveFeed", "MassiveBook", "MassiveRecords", "CANCELLED_CODES", "MULTI_LEG_CODES",
           "STOCK_OPTION_CODES", "PACKAGE_CODES"]
