"""The streaming trade-flow book: OPRA records in, one published snapshot per grid time out.

Records arrive as raw DBN bytes (``feed_bytes``) or as decoded records (``feed``). In bytes, runs of
``tcbbo`` records (the fixed 80-byte CMBP-1 layout) are read in place as NumPy arrays and booked a
segment at a time (``_feed_tcbbo``); every other record is decoded with ``databento-dbn``'s
``DBNDecoder`` and goes through ``feed``. Both paths give the same book, record for record. The book
keeps, per contract: the
instrument definition (OSI symbol → contract key), the morning's open interest (``statistics``,
``stat_type`` 9), the latest NBBO and the latest two-sided mid, the day's volume and last price. Each
print (``tcbbo``/``tbbo``/``mbp-1`` trades, each with the NBBO just before it) joins the current grid
window with the underlying price of its minute.

The rules are the batch ingest's (``data.orchestration.ingest.build_trade_flow``), so that a day streamed
equals the same records ingested from files, snapshot for snapshot:

* **Underlying.** At each minute boundary the two-sided mids standing then (at most 30 minutes old) give
  the underlying price by put–call parity on the nearest expiration (``vendor.spots_from_standing``); a
  print takes its minute's value.
* **Grid.** Once the first print has been seen, each grid time (``grid_minutes``, 5 by default, down to 1)
  that the feed's clock passes publishes a snapshot: the chain is every quoted contract's latest NBBO
  with the day's volume and open interest, and the window's prints move the book with the existing
  classification rules (``data.compute.snapshot.compute_snapshot``). ``finish`` publishes the grid time
  that covers the last print.
* **Multi-leg prints.** DBN carries no package flag: prints of one underlying at the same nanosecond on
  different contracts whose sizes are equal, or 1:2:1 across three strikes, are taken as the legs of one
  order (``vendor.match_legs``) and classified as a package.

Order and duplicates: records wait in a reorder buffer until the feed's clock is ``reorder_seconds``
past them and are released in (time, sequence) order; a record seen before (same instrument, times,
sequence, price, size and quote) is dropped. A print released after its window was published is booked
in the next window (counted ``late``); one older than ``dedupe_seconds`` behind the clock is dropped
(``too_late``), since it can no longer be told from a duplicate.

Checkpoints: with a checkpoint folder, the whole book (dealer book and tallies, quotes, volumes, open
interest, minute prices, the clock and the window) is written at each published snapshot, before the
record that crossed the grid time is applied; ``StreamBook.resume`` continues from it and drops replayed
records at or before the checkpoint's clock.
"""

from __future__ import annotations

import heapq
import json
import re
import shutil
import struct
from dataclasses import dataclass, field
from datetime import UTC, date, datetime, timedelta
from pathlib import Path
from typing import Any, Callable, Iterable

import numpy as np
import polars as pl
import pyarrow as pa

from domain import market_calendar as cal
from data.compute.positioning import empty_book
from data.compute.snapshot import BookState, SnapshotBatch, compute_snapshot, empty_tallies, state_from_batch
from data.sources.carry import apply_market_carry
from data.sources.cboe_delayed import ROOT_ALIASES
from data.sources.ingest import fill_rates
from data.sources.schemas import TRADE_SCHEMA
from data.orchestration.ingest import chain_from
from data.orchestration.pipeline import publish_args
from data.sources.vendor import (KEY, OPEN_INTEREST_STAT, QUOTE_MAX_AGE, UNDEF_PRICE, match_legs,
                                 spots_from_standing)
from data.store import provenance
from data.store.parquet import Store

NS = 1_000_000_000
MINUTE_NS = 60 * NS
_OSI = re.compile(r"^([A-Z0-9.]{1,6})(\d{6})([CP])(\d{8})$")
QUOTE_RTYPES = {"mbp-1", "tbbo", "tcbbo", "cmbp-1", "bbo-1s", "bbo-1m", "cbbo-1s", "cbbo-1m"}
TRADE_RTYPES = {"tbbo", "tcbbo"}

# A ``tcbbo`` record (DBN's CMBP-1 layout, 80 bytes, rtype 0xC2) read in place: the fields the book uses.
TCBBO_RTYPE = 0xC2
_CMBP1 = np.dtype({
    "names": ["length", "rtype", "instrument_id", "ts_event", "price", "size", "ts_recv", "bid_px", "ask_px"],
    "formats": ["u1", "u1", "<u4", "<u8", "<i8", "<u4", "<u8", "<i8", "<i8"],
    "offsets": [0, 1, 4, 8, 16, 24, 32, 48, 56], "itemsize": 80})
# The reorder buffer's columns (the order of its heap entries): ts, sequence, instrument, price, size,
# arrival number, trade or not, bid, ask.
_PEND_COLS = 9
# A record's identity for the duplicate check, packed (53 bytes: a tuple of Python ints would take ~400):
# instrument, ts_event, ts_recv, sequence, price, size, bid, ask, trade or not.
_IDENT = struct.Struct("<IQQIqIqq?")
_IDENT_NP = np.dtype([("iid", "<u4"), ("ts", "<u8"), ("recv", "<u8"), ("seq", "<u4"), ("price", "<i8"),
                      ("size", "<u4"), ("bid", "<i8"), ("ask", "<i8"), ("trade", "?")])
assert _IDENT_NP.itemsize == _IDENT.size
_NO_QUOTE = (-1,)
_KDT = {"ticker": pl.String, "expiration": pl.Date, "strike": pl.Float64, "right": pl.String}


def parse_osi(symbol: str) -> tuple[str, date, float, str] | None:
    """The contract key of an OSI symbol (root padded or not), the root mapped to its underlying."""
    m = _OSI.match(symbol.replace(" ", "").strip())
    if m is None:
        return None
    root, ymd, right, strike = m.groups()
    try:
        exp = date(2000 + int(ymd[:2]), int(ymd[2:4]), int(ymd[4:]))
    except ValueError:
        return None
    return ROOT_ALIASES.get(root, root), exp, int(strike) / 1000.0, right


_EPOCH = datetime(1970, 1, 1, tzinfo=UTC)
_US = timedelta(microseconds=1)


def _dt(ns: int) -> datetime:
    """Nanoseconds since the epoch as a UTC time (to the microsecond, exactly)."""
    return _EPOCH + timedelta(microseconds=ns // 1000)


def _ns(t: datetime) -> int:
    """A time as nanoseconds since the epoch (exactly, from its microseconds)."""
    return (t - _EPOCH) // _US * 1000


@dataclass
class FeedStats:
    """Counters of one consumer (the quality report's ``feed`` block and the admin view)."""

    records: int = 0
    prints: int = 0
    quotes: int = 0
    duplicates: int = 0
    reordered: int = 0
    late: int = 0
    too_late: int = 0
    replayed: int = 0
    no_definition: int = 0
    bad_prints: int = 0
    packages: int = 0
    snapshots: int = 0
    gaps: list[dict] = field(default_factory=list)   # {"start", "end", "reason"}: intervals the feed could not fill

    def as_dict(self) -> dict:
        return dict(self.__dict__)


class StreamBook:
    """The intraday book of a live OPRA feed (see the module docstring)."""

    def __init__(self, tickers: Iterable[str] | None = None, *, grid_minutes: int = 5, root=None,
                 checkpoint_dir: str | Path | None = None, publish: bool = True, reorder_seconds: float = 2.0,
                 dedupe_seconds: float = 600.0, source_id: str = "databento-live",
                 quality_dir: str | Path | None = None,
                 on_publish: Callable[[SnapshotBatch], None] | None = None, keep_batches: bool = True) -> None:
        if not 1 <= int(grid_minutes) <= 60 or 60 % int(grid_minutes):
            raise ValueError("the grid is a whole number of minutes from 1 to 60 that divides an hour")
        self.tickers = set(tickers) if tickers else None
        self.grid_ns = int(grid_minutes) * MINUTE_NS
        self.root = root
        self.checkpoint_dir = Path(checkpoint_dir) if checkpoint_dir else None
        self.publish = publish
        self.reorder_ns = int(reorder_seconds * NS)
        self.dedupe_ns = int(dedupe_seconds * NS)
        self.source_id = source_id
        self.quality_dir = Path(quality_dir) if quality_dir else None
        self.on_publish = on_publish
        self.keep_batches = keep_batches      # False: only the last batch stays in memory (a day-long consumer)
        self.stats = FeedStats()
        self.batches: list[SnapshotBatch] = []
        self.last_checkpoint: datetime | None = None
        self._decoder = None
        self._buf = b""                                      # bytes of a record not yet complete
        self._pend = np.empty((0, _PEND_COLS), np.int64)     # the reorder buffer, as arrays (see _feed_tcbbo)
        self._parts: list[tuple] = []                        # the window's prints booked from arrays
        self._keys: list[tuple] = []                         # contract number -> key
        self._cid_of: dict[tuple, int] = {}                  # key -> contract number
        self._defs_version = 0
        self._lookup: tuple | None = None                    # (defs version, sorted instrument ids, numbers)
        self._arrays_reset(0)                                # contract state by contract number (see _sync)
        # contract state
        self.defs: dict[int, tuple] = {}
        self.oi: dict[tuple, tuple[int, int]] = {}           # key -> (ts, open interest)
        self.quote: dict[tuple, tuple[int, float | None, float | None]] = {}
        self.mid: dict[tuple, tuple[int, float]] = {}        # latest two-sided mid
        self._mid_index: dict[str, dict[date, set[tuple]]] = {}   # ticker -> expiration -> contracts with a mid
        self.volume: dict[tuple, int] = {}
        self.last: dict[tuple, float] = {}
        self.spots: dict[str, list[tuple[int, float]]] = {}  # ticker -> [(minute ns, spot)]
        # the window's prints: ts, key, price, size, bid, ask
        self.window: list[tuple] = []
        # clock
        self.heap: list[tuple] = []
        self.seen: dict[tuple, int] = {}
        self.arrivals = 0
        self.max_ts = 0            # newest record time received
        self.released = 0          # newest record time released to the book
        self.next_minute: int | None = None
        self.next_grid: int | None = None
        self.prev_grid: int | None = None
        self.first_print: int | None = None
        self.last_print: int | None = None
        self.resume_after = 0      # records at or before this time were in the checkpoint
        self.day: date | None = None
        self.state = BookState(None, None, empty_book().with_columns(model_iv=pl.lit(None, pl.Float64)),
                               empty_tallies())

    # ------------------------------------------------------------ input

    def feed_bytes(self, chunk: bytes) -> None:
        """Raw DBN bytes as they arrive (the stream's metadata header first).

        Runs of ``tcbbo`` records are read in place as arrays (``_CMBP1``) and booked a run at a time
        (``_feed_tcbbo``); every other record goes through ``databento-dbn``'s decoder and ``feed``. The
        book that results is the one ``feed`` gives record by record."""
        import databento_dbn as dbn

        buf = self._buf + chunk if self._buf else bytes(chunk)
        pos = 0
        if self._decoder is None:
            if len(buf) < 8 or len(buf) < 8 + int.from_bytes(buf[4:8], "little"):
                self._buf = buf
                return
            pos = 8 + int.from_bytes(buf[4:8], "little")
            self._decoder = dbn.DBNDecoder(has_metadata=True)
            self._decoder.write(buf[:pos])
            for rec in self._decoder.decode():
                self.feed(rec)
        n = len(buf)
        slow = pos                  # start of the records still to hand to the decoder
        while pos + 2 <= n:
            length = buf[pos] * 4
            if length < 16:         # not a record header: the decoder says what is wrong
                pos = n
                break
            if pos + length > n:
                break
            if buf[pos + 1] == TCBBO_RTYPE and length == _CMBP1.itemsize:
                arr = np.frombuffer(buf, dtype=_CMBP1, count=(n - pos) // _CMBP1.itemsize, offset=pos)
                ok = (arr["rtype"] == TCBBO_RTYPE) & (arr["length"] == _CMBP1.itemsize // 4)
                run = len(arr) if ok.all() else int(np.argmin(ok))
                self._decode_slow(buf[slow:pos])
                self._feed_tcbbo(arr[:run])
                pos += run * _CMBP1.itemsize
                slow = pos
            else:
                pos += length
        self._decode_slow(buf[slow:pos])
        self._buf = buf[pos:]

    def new_stream(self) -> None:
        """The next bytes begin a new DBN stream (a new connection: its own metadata header first)."""
        self._decoder = None
        self._buf = b""

    def _decode_slow(self, data: bytes) -> None:
        if not data:
            return
        self._decoder.write(data)
        for rec in self._decoder.decode():
            self.feed(rec)

    def feed(self, rec: Any) -> None:
        """One decoded DBN record (definitions and statistics apply at once; quotes and prints go
        through the reorder buffer)."""
        rtype = str(getattr(rec, "rtype", ""))
        if not rtype or rtype in ("symbol_mapping", "system", "error"):
            return
        self.stats.records += 1
        if rtype == "instrument-def":
            self._definition(rec)
            return
        ts = int(rec.ts_event)
        if rtype == "statistics":
            if int(rec.stat_type) == OPEN_INTEREST_STAT:
                key = self.defs.get(int(rec.instrument_id))
                if key is None:
                    self.stats.no_definition += 1
                    return
                old = self.oi.get(key)
                if old is None or ts >= old[0]:
                    self.oi[key] = (ts, int(rec.quantity))
            return
        if rtype not in QUOTE_RTYPES:
            return
        is_trade = rtype in TRADE_RTYPES or str(getattr(rec, "action", "")) == "T"
        self._quote_record((int(rec.instrument_id), ts, int(rec.ts_recv), int(getattr(rec, "sequence", 0) or 0),
                            int(rec.price), int(rec.size), int(rec.bid_px_00), int(rec.ask_px_00), is_trade))

    def _quote_record(self, ident: tuple) -> None:
        """One quote or print, ``ident`` = (instrument, ts_event, ts_recv, sequence, price, size, bid, ask,
        trade or not): the duplicate check, then the reorder buffer."""
        if len(self._pend):
            self._spill()
        if self._dirty:
            self._sync()
        ts = ident[1]
        if ts <= self.resume_after:
            self.stats.replayed += 1
            return
        packed = _IDENT.pack(*ident)
        if packed in self.seen:
            self.stats.duplicates += 1
            return
        if self.max_ts and ts < self.max_ts - self.dedupe_ns:
            self.stats.too_late += 1
            self._gap(ts, ts, "a record older than the duplicate horizon was dropped")
            return
        self.seen[packed] = ts
        if ts < self.max_ts:
            self.stats.reordered += 1
        self.max_ts = max(self.max_ts, ts)
        self.arrivals += 1
        # Released in (time, sequence) order, ties by contract, price and size like the batch ingest.
        heapq.heappush(self.heap, (ts, ident[3], ident[0], ident[4], ident[5], self.arrivals, ident[8], ident[6],
                                   ident[7]))
        self._release(self.max_ts - self.reorder_ns)

    def _definition(self, rec) -> None:
        key = parse_osi(str(rec.raw_symbol))
        if key is None or (self.tickers is not None and key[0] not in self.tickers):
            return
        self.defs[int(rec.instrument_id)] = key
        self._defs_version += 1

    # ------------------------------------------------------------ runs of tcbbo records as arrays

    SEGMENT = 4096   # arrivals looked at in one step of the array path

    def _feed_tcbbo(self, arr: np.ndarray) -> None:
        """A run of ``tcbbo`` records read in place: the same book as ``feed`` on each record in turn.

        Between two events of the clock (a minute boundary, a grid time, a new day) nothing the book
        does depends on more than the order of the released records, so the records of a run are taken
        a segment at a time: the arrival checks (replayed, duplicate, too late, reordered) in one pass,
        the reorder buffer as arrays (each record's release step is the first arrival whose clock
        reaches it, and records released at one step go in (time, sequence, contract, price, size)
        order, as the heap pops them), then the released records update quotes, mids, volumes and the
        window together. The arrival whose release runs an event goes through ``_quote_record``, the
        record-by-record path, and the next segment starts after it."""
        m = len(arr)
        if not m:
            return
        self.stats.records += m
        iid = arr["instrument_id"].astype(np.int64)
        ts = arr["ts_event"].astype(np.int64)
        cols = (iid, ts, arr["price"].astype(np.int64), arr["size"].astype(np.int64),
                arr["bid_px"].astype(np.int64), arr["ask_px"].astype(np.int64))
        ident = np.empty(m, _IDENT_NP)
        ident["iid"], ident["ts"], ident["recv"], ident["seq"] = arr["instrument_id"], arr["ts_event"], arr["ts_recv"], 0
        ident["price"], ident["size"], ident["bid"], ident["ask"] = arr["price"], arr["size"], arr["bid_px"], arr["ask_px"]
        ident["trade"] = True
        raw, w = ident.tobytes(), _IDENT.size
        packed = [raw[j:j + w] for j in range(0, len(raw), w)]

        def one(j):      # a record by the record-by-record path
            self._quote_record(_IDENT.unpack(packed[j]))

        i = 0
        while i < m:
            if self.day is None or self.next_minute is None or self.first_print is None:
                one(i)                              # the day's first records set the clock up
                i += 1
                continue
            i = self._segment(packed, i, min(m, i + self.SEGMENT), cols, one)

    def _segment(self, packed: list, i0: int, i1: int, cols: tuple, one: Callable[[int], None]) -> int:
        if self.heap:
            self._absorb()
        iid, ts, price, size, bid, ask = (c[i0:i1] for c in cols)
        m = i1 - i0
        seen, local = self.seen, {}
        mx, after, horizon = self.max_ts, self.resume_after, self.dedupe_ns
        mine = packed[i0:i1]
        run_max = np.maximum.accumulate(np.concatenate([[mx], ts]))
        usual = False
        if int(ts.min()) > after and not ((run_max[:-1] > 0) & (ts < run_max[:-1] - horizon)).any():
            local = dict(zip(mine, ts.tolist()))
            usual = len(local) == m and seen.keys().isdisjoint(local)
        if usual:
            # The usual case, checked at once: nothing replayed, seen before or too late.
            codes, clock, moved = [0] * m, run_max[1:].tolist(), (ts < run_max[:-1]).tolist()
        else:
            local = {}
            codes, clock, moved = self._arrivals(mine, ts, local)
        code = np.array(codes, np.int8)
        thr = np.array(clock, np.int64) - self.reorder_ns
        kept = np.flatnonzero(code == 0)
        new = np.empty((len(kept), _PEND_COLS), np.int64)
        new[:, 0], new[:, 1], new[:, 2], new[:, 3] = ts[kept], 0, iid[kept], price[kept]
        new[:, 4], new[:, 5], new[:, 6] = size[kept], self.arrivals + 1 + np.arange(len(kept)), 1
        new[:, 7], new[:, 8] = bid[kept], ask[kept]
        cand = np.vstack([self._pend, new]) if len(self._pend) else new
        arrived = np.concatenate([np.full(len(self._pend), -1, np.int64), kept])
        step = np.maximum(np.searchsorted(thr, cand[:, 0], "left"), arrived)
        cid = self._cids(cand[:, 2])
        bound = self._event_bound()
        event = (cid >= 0) & (cand[:, 0] > bound) & (step < m)
        stop = int(step[event].min()) if event.any() else m
        # The arrivals before ``stop`` are final: book their checks.
        pre = code[:stop]
        self.stats.replayed += int((pre == 1).sum())
        self.stats.duplicates += int((pre == 2).sum())
        for t in ts[:stop][pre == 3].tolist():
            self._gap(t, t, "a record older than the duplicate horizon was dropped")
        self.stats.too_late += int((pre == 3).sum())
        self.stats.reordered += sum(moved[:stop])
        if usual and stop == m:
            seen.update(local)
            self.arrivals += m
        else:
            kept_pre = kept[kept < stop].tolist()
            seen.update((packed[i0 + k], local[packed[i0 + k]]) for k in kept_pre)
            self.arrivals += len(kept_pre)
        if stop:
            self.max_ts = clock[stop - 1]
        out = step < stop
        if out.any():
            sel = np.flatnonzero(out)
            r = cand[sel]
            order = np.lexsort((r[:, 5], r[:, 4], r[:, 3], r[:, 2], r[:, 1], r[:, 0], step[sel]))
            self._apply_many(r[order], cid[sel][order])
        self._pend = cand[~out & (arrived < stop)]
        if stop < m:
            one(i0 + stop)
            return i0 + stop + 1
        return i1

    def _arrivals(self, mine: list, ts: np.ndarray, local: dict) -> tuple[list, list, list]:
        """The arrival checks one record at a time (the segment has a replayed, repeated or late record):
        per record 0 kept, 1 replayed, 2 duplicate, 3 too late; the clock after it; reordered or not."""
        m = len(mine)
        seen, mx, after, horizon = self.seen, self.max_ts, self.resume_after, self.dedupe_ns
        codes, clock, moved = [0] * m, [0] * m, [False] * m
        for k, (ident, t) in enumerate(zip(mine, ts.tolist())):
            if t <= after:
                codes[k] = 1
            elif ident in seen or ident in local:
                codes[k] = 2
            elif mx and t < mx - horizon:
                codes[k] = 3
            else:
                local[ident] = t
                if t < mx:
                    moved[k] = True
                elif t > mx:
                    mx = t
            clock[k] = mx
        return codes, clock, moved

    def _event_bound(self) -> int:
        """The latest record time the book can release without running an event of the clock."""
        day_end = getattr(self, "_day_end", None)
        if day_end is None or day_end[0] != self.day:
            nxt = datetime.combine(self.day + timedelta(days=1), datetime.min.time(), tzinfo=cal.NY)
            day_end = self._day_end = (self.day, _ns(nxt) - 1)
        bound = min(self.next_minute, day_end[1])
        if self.next_grid is not None:
            bound = min(bound, self.next_grid)
        return bound

    def _absorb(self) -> None:
        """The heap's records into the array reorder buffer."""
        rows = np.array(self.heap, dtype=np.int64).reshape(-1, _PEND_COLS)
        self._pend = np.vstack([self._pend, rows]) if len(self._pend) else rows
        self.heap = []

    def _spill(self) -> None:
        """The array reorder buffer into the heap (for the record-by-record path)."""
        for row in self._pend.tolist():
            row[6] = bool(row[6])
            self.heap.append(tuple(row))
        heapq.heapify(self.heap)
        self._pend = np.empty((0, _PEND_COLS), np.int64)

    def _cid(self, key: tuple) -> int:
        c = self._cid_of.get(key)
        if c is None:
            c = self._cid_of[key] = len(self._keys)
            self._keys.append(key)
        return c

    def _cids(self, iids: np.ndarray) -> np.ndarray:
        """Contract numbers of instrument ids (-1: no definition)."""
        version = (self._defs_version, id(self.defs), len(self.defs))
        if self._lookup is None or self._lookup[0] != version:
            ids = np.fromiter(self.defs.keys(), np.int64, len(self.defs))
            nums = np.fromiter((self._cid(k) for k in self.defs.values()), np.int64, len(self.defs))
            o = np.argsort(ids)
            self._lookup = (version, ids[o], nums[o])
        _, ids, nums = self._lookup
        if not len(ids):
            return np.full(len(iids), -1, np.int64)
        j = np.minimum(np.searchsorted(ids, iids), len(ids) - 1)
        return np.where(ids[j] == iids, nums[j], -1)

    # Contract state by contract number: the array path writes the quote (time, bid, ask; NaN for none),
    # the two-sided mid (time, value), the day's volume and last price here, and the dictionaries
    # (``quote``, ``mid``, ``volume``, ``last``) take the contracts it changed at the next event of the clock,
    # record-by-record step, checkpoint or end (``_sync``); the record-by-record path writes both.

    def _arrays_reset(self, n: int) -> None:
        self._qts = np.full(n, -1, np.int64)
        self._qb, self._qa = np.full(n, np.nan), np.full(n, np.nan)
        self._mts, self._mv = np.full(n, -1, np.int64), np.full(n, np.nan)
        self._vol, self._lastpx = np.zeros(n, np.int64), np.full(n, np.nan)
        self._dq, self._dm, self._dv = np.zeros(n, bool), np.zeros(n, bool), np.zeros(n, bool)
        self._dirty = False

    def _arrays_fit(self) -> None:
        n, have = len(self._keys), len(self._qts)
        if n <= have:
            return
        size = max(n, 2 * have, 1024)
        for name, fill in (("_qts", -1), ("_qb", np.nan), ("_qa", np.nan), ("_mts", -1), ("_mv", np.nan),
                           ("_vol", 0), ("_lastpx", np.nan), ("_dq", False), ("_dm", False), ("_dv", False)):
            old = getattr(self, name)
            new = np.full(size, fill, old.dtype)
            new[:have] = old
            setattr(self, name, new)

    def _arrays_load(self) -> None:
        """The arrays from the dictionaries (a resumed book)."""
        self._arrays_reset(0)
        for key in (*self.quote, *self.mid, *self.volume):
            self._cid(key)
        self._arrays_fit()
        for key, (ts, b, a) in self.quote.items():
            c = self._cid_of[key]
            self._qts[c], self._qb[c], self._qa[c] = ts, np.nan if b is None else b, np.nan if a is None else a
        for key, (ts, m) in self.mid.items():
            c = self._cid_of[key]
            self._mts[c], self._mv[c] = ts, m
        for key, v in self.volume.items():
            c = self._cid_of[key]
            self._vol[c], self._lastpx[c] = v, self.last[key]

    def _sync(self) -> None:
        """The contracts the array path changed into the dictionaries."""
        keys = self._keys
        c = np.flatnonzero(self._dq)
        if len(c):
            qb, qa = self._qb[c].tolist(), self._qa[c].tolist()
            if np.isnan(self._qb[c]).any() or np.isnan(self._qa[c]).any():
                qb = [None if x != x else x for x in qb]
                qa = [None if x != x else x for x in qa]
            self.quote.update(zip(map(keys.__getitem__, c.tolist()), zip(self._qts[c].tolist(), qb, qa)))
            self._dq[c] = False
        c = np.flatnonzero(self._dm)
        if len(c):
            mkeys = list(map(keys.__getitem__, c.tolist()))
            mid_book = self.mid
            for key in mkeys:
                if key not in mid_book:
                    self._mid_index.setdefault(key[0], {}).setdefault(key[1], set()).add(key)
            mid_book.update(zip(mkeys, zip(self._mts[c].tolist(), self._mv[c].tolist())))
            self._dm[c] = False
        c = np.flatnonzero(self._dv)
        if len(c):
            vkeys = list(map(keys.__getitem__, c.tolist()))
            self.volume.update(zip(vkeys, self._vol[c].tolist()))
            self.last.update(zip(vkeys, self._lastpx[c].tolist()))
            self._dv[c] = False
        self._dirty = False

    def _apply_many(self, r: np.ndarray, cid: np.ndarray) -> None:
        """``_apply`` on released records in release order, no event of the clock among them."""
        nodef = cid < 0
        if nodef.any():
            self.stats.no_definition += int(nodef.sum())
            r, cid = r[~nodef], cid[~nodef]
        n = len(r)
        if not n:
            return
        ts, price, size, trade, bid, ask = r[:, 0], r[:, 3], r[:, 4], r[:, 6] != 0, r[:, 7], r[:, 8]
        self.released = max(self.released, int(ts.max()))
        self.stats.quotes += n
        b = np.where(bid == UNDEF_PRICE, np.nan, bid / 1e9)
        a = np.where(ask == UNDEF_PRICE, np.nan, ask / 1e9)
        two_sided = (bid != UNDEF_PRICE) & (ask != UNDEF_PRICE) & (b > 0) & (a >= b)
        # Per contract, in release order: a record is the newest when no record of the contract before it
        # (in the book or in this run) has a later time.
        order = np.argsort(cid, kind="stable")
        cs = cid[order]
        first = np.empty(n, bool)
        first[0] = True
        np.not_equal(cs[1:], cs[:-1], out=first[1:])
        g = np.cumsum(first) - 1
        self._arrays_fit()
        uc = cs[first]
        qts = self._qts[uc]
        tso = ts[order]
        lo, hi = int(tso.min()), int(tso.max())
        span = hi - lo + 3
        if len(uc) * span < 2**62:
            rel = tso - lo + 1
            qrel = np.clip(qts - lo + 1, 0, span - 1)[g]
            base = g * span
            cm = np.maximum.accumulate(base + rel)
            prev = np.empty(n, np.int64)
            prev[0] = -1
            prev[1:] = cm[:-1]
            newest = rel >= np.maximum(prev - base, qrel)
        else:
            newest = np.empty(n, bool)
            top = None
            for j, (gi, t) in enumerate(zip(g.tolist(), tso.tolist())):
                if first[j]:
                    top = int(qts[gi])
                newest[j] = t >= top
                top = max(top, t)
        bo, ao = b[order], a[order]

        def last_of(mask):
            idx = np.flatnonzero(mask)
            gi = g[idx]
            end = np.empty(len(idx), bool)
            end[-1:] = True
            np.not_equal(gi[1:], gi[:-1], out=end[:-1])
            return uc[gi[end]], idx[end]

        c, pos = last_of(newest)
        self._qts[c], self._qb[c], self._qa[c], self._dq[c] = tso[pos], bo[pos], ao[pos], True
        c, pos = last_of(newest & two_sided[order])
        self._mts[c], self._mv[c], self._dm[c] = tso[pos], (bo[pos] + ao[pos]) / 2, True
        self._dirty = True
        # The prints.
        ok = (price != UNDEF_PRICE) & (price > 0) & (size > 0)
        self.stats.bad_prints += int((trade & ~ok).sum())
        p = np.flatnonzero(trade & ok)
        if not len(p):
            return
        tp, cp, sp = ts[p], cid[p], size[p]
        px = price[p] / 1e9
        self.stats.prints += len(p)
        if self.prev_grid is not None:
            self.stats.late += int((tp <= self.prev_grid).sum())
        self.last_print = max(self.last_print or 0, int(tp.max()))
        u, inv = np.unique(cp, return_inverse=True)
        last = np.zeros(len(u), np.int64)
        np.maximum.at(last, inv, np.arange(len(p)))
        np.add.at(self._vol, cp, sp)
        self._lastpx[u], self._dv[u] = px[last], True
        self._flush_window()
        self._parts.append((tp, cp, px, sp, b[p], a[p]))

    # ------------------------------------------------------------ the window's prints

    def _flush_window(self) -> None:
        """The window's prints booked one at a time (``self.window``) join the array parts, in order."""
        if not self.window:
            return
        w = self.window
        self._parts.append((np.array([x[0] for x in w], np.int64), np.array([self._cid(x[1]) for x in w], np.int64),
                            np.array([x[2] for x in w], np.float64), np.array([x[3] for x in w], np.int64),
                            np.array([np.nan if x[4] is None else x[4] for x in w], np.float64),
                            np.array([np.nan if x[5] is None else x[5] for x in w], np.float64)))
        self.window = []

    def _clear_window(self) -> None:
        self.window, self._parts = [], []

    def _window_table(self) -> pl.DataFrame:
        """The window's prints in the order they were booked: ts (ns), the contract key, price, size, bid,
        ask."""
        self._flush_window()
        parts = self._parts
        cols = [np.concatenate([x[i] for x in parts]) if parts else np.empty(0, np.int64 if i in (0, 1, 3)
                                                                               else np.float64) for i in range(6)]
        if len(self._keys) != getattr(self, "_keys_frame_n", -1):
            self._keys_frame = pl.DataFrame(self._keys, schema=_KDT, orient="row")
            self._keys_frame_n = len(self._keys)
        keys = self._keys_frame[cols[1]] if len(cols[1]) else pl.DataFrame(schema=_KDT)
        return pl.DataFrame({"ts": cols[0]}).hstack(keys).with_columns(
            price=pl.Series(cols[2]), size=pl.Series(cols[3]), bid=pl.Series(cols[4]).fill_nan(None),
            ask=pl.Series(cols[5]).fill_nan(None))

    def _window_frame(self) -> pl.DataFrame:
        """The window's prints as the snapshot takes them: in (time, contract, price, size) order, each
        with the underlying price of its minute: the ticker's latest minute price at or before the print's
        minute, else its first one after it (null when the ticker has none yet)."""
        win = self._window_table().sort(["ts", *KEY, "price", "size"], maintain_order=True)
        spots = pl.DataFrame([(tk, m, v) for tk, s in self.spots.items() for m, v in s],
                             schema={"ticker": pl.String, "minute": pl.Int64, "spot": pl.Float64}, orient="row")
        first = spots.group_by("ticker", maintain_order=True).first().select("ticker", first="spot")
        win = (win.with_row_index("_n").with_columns(minute=pl.col("ts") // MINUTE_NS * MINUTE_NS).sort("minute")
               .join_asof(spots.sort("minute"), on="minute", by="ticker", strategy="backward",
                          check_sortedness=False)
               .join(first, on="ticker", how="left")
               .sort("_n"))
        return win.select(pl.col("ts").floordiv(1000).cast(pl.Datetime("us")).dt.replace_time_zone("UTC"), *KEY,
                          "price", "size", "bid", "ask", underlying_price=pl.coalesce("spot", "first"))

    # ------------------------------------------------------------ the clock

    def _release(self, upto: int) -> None:
        heap = self.heap
        while heap and heap[0][0] <= upto:
            ts, _seq, iid, price, size, _n, is_trade, bid, ask = heapq.heappop(heap)
            key = self.defs.get(iid)
            if key is None:
                self.stats.no_definition += 1
                continue
            if ts > self.released:
                if self.day is not None and cal.ny_date(_dt(ts)) != self.day:
                    self._new_day(ts)
                self._advance(ts)
                self.released = ts
            self._apply(ts, key, is_trade, price, size, bid, ask)

    def _advance(self, ts: int, minute_cap: int | None = None) -> None:
        """Run every minute boundary (up to ``minute_cap``) and grid time strictly before ``ts``, in time
        order."""
        if self._dirty:
            self._sync()
        if self.day is None:
            self.day = cal.ny_date(_dt(ts))
            sess = cal.session(self.day)
            # A day without a session (a weekend test message, a holiday) publishes nothing.
            self.next_grid = _ns(sess[0]) + self.grid_ns if sess is not None else None
        while True:
            nm = (self.next_minute if self.next_minute is not None and self.next_minute < ts
                  and (minute_cap is None or self.next_minute <= minute_cap) else None)
            ng = (self.next_grid if self.first_print is not None and self.next_grid is not None
                  and self.next_grid < ts else None)
            if nm is None and ng is None:
                return
            if ng is None or (nm is not None and nm <= ng):
                self._minute(nm)
                self.next_minute = nm + MINUTE_NS
            else:
                self._grid(ng)

    def _apply(self, ts: int, key: tuple, is_trade: bool, price: int, size: int, bid: int, ask: int) -> None:
        b = None if bid == UNDEF_PRICE else round(bid * 1e-9, 9)
        a = None if ask == UNDEF_PRICE else round(ask * 1e-9, 9)
        self.stats.quotes += 1
        newest = key not in self.quote or ts >= self.quote[key][0]   # a late record leaves a newer quote
        c = self._cid_of.get(key)
        if c is None or c >= len(self._qts):
            c = self._cid(key)
            self._arrays_fit()
        if newest:
            self.quote[key] = (ts, b, a)
            self._qts[c], self._qb[c], self._qa[c] = ts, np.nan if b is None else b, np.nan if a is None else a
        if newest and b is not None and a is not None and b > 0 and a >= b:
            if key not in self.mid:
                self._mid_index.setdefault(key[0], {}).setdefault(key[1], set()).add(key)
            self.mid[key] = (ts, (b + a) / 2)
            self._mts[c], self._mv[c] = ts, (b + a) / 2
            if self.next_minute is None:
                self.next_minute = (ts // MINUTE_NS + 1) * MINUTE_NS
        if not is_trade:
            return
        if price == UNDEF_PRICE or price <= 0 or size <= 0:
            self.stats.bad_prints += 1
            return
        px = round(price * 1e-9, 9)
        self.stats.prints += 1
        if self.first_print is None:
            self.first_print = ts
            while self.next_grid is not None and self.next_grid <= ts:
                self.next_grid += self.grid_ns
        if self.prev_grid is not None and ts <= self.prev_grid:
            self.stats.late += 1
        self.last_print = max(self.last_print or ts, ts)
        self.volume[key] = self.volume.get(key, 0) + size
        self.last[key] = px
        self._vol[c], self._lastpx[c] = self.volume[key], px
        self.window.append((ts, key, px, size, b, a))

    def _new_day(self, ts: int) -> None:
        """The first record of a new session: publish what the old day still owes, then start the day's
        state afresh; the dealer book rolls over (kept for contracts still listed, capped by the new open
        interest) at the first snapshot, as the scheduled runs do."""
        from data.compute.snapshot import roll_tallies

        if self.last_print is not None and self.next_grid is not None:
            self._advance(min(ts, self.last_print + self.grid_ns + 1))
        day = cal.ny_date(_dt(ts))
        midnight = _ns(datetime.combine(day, datetime.min.time(), tzinfo=cal.NY))
        self.oi = {k: v for k, v in self.oi.items() if v[0] >= midnight}   # the new morning's statistics
        self.quote, self.mid, self.volume, self.last, self.spots = {}, {}, {}, {}, {}
        self._arrays_reset(len(self._keys))
        self._clear_window()
        self._mid_index = {}
        self.next_minute = self.next_grid = self.prev_grid = self.first_print = self.last_print = None
        self.day = None
        if self.state.ts is not None:
            self.state = BookState(day, None, self.state.book, roll_tallies(self.state.tallies))

    NEAREST = 3   # expirations per ticker tried first at each minute (all of them when none gives a price)

    def _minute(self, m: int) -> None:
        """The underlying price of minute ``m`` from the mids standing then (``spots_from_standing``: the
        nearest expiration with a call and a put quoted at one strike). Only each ticker's nearest
        expirations are handed over first; a ticker none of them prices is tried with all of its own."""
        from data.universe import rate_for

        lo = m - int(QUOTE_MAX_AGE.total_seconds()) * NS
        minute = _dt(m)
        today = cal.ny_date(minute)
        rate = rate_for(self.day)

        def price(rows):
            if not rows:
                return {}
            frame = pl.DataFrame(rows, schema={"ticker": pl.String, "expiration": pl.Date, "strike": pl.Float64,
                                               "right": pl.String, "mid": pl.Float64}, orient="row")
            frame = frame.with_columns(minute=pl.lit(minute).cast(pl.Datetime("us", "UTC")))
            spots = spots_from_standing(frame, rate)
            return dict(zip(spots["ticker"].to_list(), spots["spot"].to_list(), strict=True))

        def rows_of(ticker, exps):
            out = []
            for e in exps:
                for k in self._mid_index[ticker][e]:
                    ts, mid = self.mid[k]
                    if lo <= ts <= m:
                        out.append((k[0], k[1], k[2], k[3], mid))
            return out

        near, rest = [], {}
        for tk, by_exp in self._mid_index.items():
            exps = sorted(e for e in by_exp if e >= today)
            near += rows_of(tk, exps[: self.NEAREST])
            rest[tk] = exps[self.NEAREST:]
        found = price(near)
        missing = [tk for tk, more in rest.items() if tk not in found and more]
        if missing:
            found.update({tk: v for tk, v in price([r for tk in missing for r in rows_of(tk, sorted(
                self._mid_index[tk]))]).items()})
        for tk in sorted(found):
            self.spots.setdefault(tk, []).append((m, found[tk]))

    # ------------------------------------------------------------ snapshots

    def _grid(self, t_ns: int) -> None:
        t = _dt(t_ns)
        sess = cal.session(self.day)
        self.next_grid = t_ns + self.grid_ns
        if t > sess[1]:
            self.next_grid = None
            return
        batch = self._snapshot(t)
        if batch is None:
            return
        self.prev_grid = t_ns
        self._clear_window()
        self.state = state_from_batch(batch)
        if not self.keep_batches:
            self.batches.clear()
        self.batches.append(batch)
        self.stats.snapshots += 1
        # Published, then checkpointed: a crash between the two replays a snapshot the store already
        # holds with the same values (kept as it is), never one the book skipped.
        if self.publish:
            Store(self.root).publish_snapshot(**publish_args(batch, self.root, keep_state=False))
        if self.checkpoint_dir is not None:
            self.checkpoint()
        if self.publish:
            self._record(batch)
        # Keys of records far behind the clock can no longer come back as duplicates to be told apart.
        horizon = self.released - self.dedupe_ns
        if horizon > 0 and len(self.seen) > 4096:
            self.seen = {k: v for k, v in self.seen.items() if v >= horizon}
        if self.on_publish is not None:
            self.on_publish(batch)

    def _snapshot(self, t: datetime) -> SnapshotBatch | None:
        t_ns = _ns(t)
        kdt = {"ticker": pl.String, "expiration": pl.Date, "strike": pl.Float64, "right": pl.String}
        latest = pl.DataFrame([(*k, b, a) for k, (_, b, a) in self.quote.items()],
                              schema={**kdt, "bid": pl.Float64, "ask": pl.Float64}, orient="row")
        vol = pl.DataFrame([(*k, v, self.last[k]) for k, v in self.volume.items()],
                           schema={**kdt, "volume": pl.Int64, "last": pl.Float64}, orient="row")
        oi = pl.DataFrame([(*k, v) for k, (_, v) in self.oi.items()],
                          schema={**kdt, "open_interest": pl.Int64}, orient="row")
        spot_rows = []
        for tk, s in self.spots.items():
            before = [v for m, v in s if m < t_ns]
            if before:
                spot_rows.append((tk, before[-1]))
        spot = pl.DataFrame(spot_rows, schema={"ticker": pl.String, "spot": pl.Float64}, orient="row")
        chain = chain_from(latest, vol, oi, spot, t)
        if chain.num_rows == 0:
            return None
        chain, _carry = apply_market_carry(fill_rates(chain))
        win = self.legs(self._window_frame())
        self.stats.packages += int(win["package_id"].n_unique() - (1 if win["package_id"].null_count() else 0)) \
            if win.height else 0
        prints = win.select("ts", *KEY, "price", "size", "bid", "ask", "condition", "package_id",
                            "underlying_price", true_side=pl.lit(None, pl.Int8)).to_arrow().cast(TRADE_SCHEMA)
        lo = self.prev_grid if self.prev_grid is not None else _ns(cal.session(self.day)[0])
        bar_rows = [(tk, _dt(m), v) for tk, s in self.spots.items() for m, v in s if lo <= m < t_ns]
        bars = (pl.DataFrame(bar_rows, schema={"ticker": pl.String, "ts": pl.Datetime("us", "UTC"),
                                               "spot": pl.Float64}, orient="row")
                .sort(["ticker", "ts"])
                .select("ticker", "ts", open="spot", high="spot", low="spot", close="spot").to_arrow())
        ctx = {"previous_close": {}, "vix": None, "previous_vix": None, "open_price": {}}
        return compute_snapshot(pl.from_arrow(chain), t, mode="trade_flow", state=self.state, prints=prints,
                                bars=bars, context=ctx)

    def legs(self, win: pl.DataFrame) -> pl.DataFrame:
        """``condition`` and ``package_id`` of the window's prints: OPRA's DBN records carry no package
        link, so legs are matched by time and size (``match_legs``); a feed that flags multi-leg prints
        overrides this."""
        return match_legs(win)

    def _record(self, batch: SnapshotBatch) -> None:
        provenance.record(batch.tickers, self.source_id, self.root, ts=batch.ts.isoformat(),
                          gaps=list(self.stats.gaps) or None)
        if self.quality_dir is not None:
            self.write_quality(batch.ts)

    def write_quality(self, ts: datetime) -> Path:
        """The feed's quality report of the snapshot at ``ts``:
        ``<quality_dir>/<New York date>/<HHMMSS>-feed.json`` (counters, gaps, the checkpoint)."""
        local = ts.astimezone(cal.NY)
        out = Path(self.quality_dir) / local.date().isoformat() / f"{local:%H%M%S}-feed.json"
        out.parent.mkdir(parents=True, exist_ok=True)
        doc = {"ts": ts.isoformat(), "source": self.source_id, "grid_minutes": self.grid_ns // MINUTE_NS,
               **self.stats.as_dict(),
               "feed_time": _dt(self.max_ts).isoformat() if self.max_ts else None,
               "last_checkpoint": self.last_checkpoint.isoformat() if self.last_checkpoint else None}
        tmp = out.with_suffix(".tmp")
        tmp.write_text(json.dumps(doc, indent=1, sort_keys=True))
        tmp.replace(out)
        return out

    def finish(self) -> list[SnapshotBatch]:
        """End of the stream: release every buffered record and publish up to the grid time that covers
        the last print. Returns every batch built (the last one only with ``keep_batches=False``)."""
        if len(self._pend):
            self._spill()
        if self._dirty:
            self._sync()
        self._release(2**63 - 1)
        if self.last_print is not None and self.next_grid is not None:
            last_mid = max((ts for ts, _ in self.mid.values()), default=0)
            self._advance(self.last_print + self.grid_ns + 1, minute_cap=(last_mid // MINUTE_NS + 1) * MINUTE_NS)
        return self.batches

    def _gap(self, start: int, end: int, reason: str) -> None:
        self.stats.gaps.append({"start": _dt(start).isoformat(), "end": _dt(end).isoformat(), "reason": reason})

    def record_gap(self, start: int, end: int, reason: str) -> None:
        """An interval of the feed that could not be replayed: named in every later snapshot's provenance
        of the day and in the quality report."""
        self._gap(start, end, reason)

    def replay_start(self) -> int:
        """Where a (re)connection asks the gateway to replay from: the newest record time released to the
        book (records seen again are dropped), or 0 (everything the gateway holds) before any."""
        return self.released or 0

    # ------------------------------------------------------------ checkpoints

    def checkpoint(self) -> Path:
        """Write the book as it stands (atomically: a new folder, then the ``CURRENT`` pointer)."""
        assert self.checkpoint_dir is not None
        if self._dirty:
            self._sync()
        base = self.checkpoint_dir
        base.mkdir(parents=True, exist_ok=True)
        name = f"ckpt-{self.released:020d}"
        tmp = base / (name + ".tmp")
        if tmp.exists():
            shutil.rmtree(tmp)
        tmp.mkdir()
        kdt = {"ticker": pl.String, "expiration": pl.Date, "strike": pl.Float64, "right": pl.String}
        pl.DataFrame([(*k, ts, b, a) for k, (ts, b, a) in self.quote.items()],
                     schema={**kdt, "ts": pl.Int64, "bid": pl.Float64, "ask": pl.Float64},
                     orient="row").write_parquet(tmp / "quotes.parquet")
        pl.DataFrame([(*k, ts, m) for k, (ts, m) in self.mid.items()],
                     schema={**kdt, "ts": pl.Int64, "mid": pl.Float64}, orient="row").write_parquet(tmp / "mids.parquet")
        pl.DataFrame([(*k, v, self.last[k]) for k, v in self.volume.items()],
                     schema={**kdt, "volume": pl.Int64, "last": pl.Float64},
                     orient="row").write_parquet(tmp / "volume.parquet")
        pl.DataFrame([(*k, ts, v) for k, (ts, v) in self.oi.items()],
                     schema={**kdt, "ts": pl.Int64, "open_interest": pl.Int64},
                     orient="row").write_parquet(tmp / "oi.parquet")
        pl.DataFrame([(i, *k) for i, k in self.defs.items()], schema={"instrument_id": pl.Int64, **kdt},
                     orient="row").write_parquet(tmp / "defs.parquet")
        pl.DataFrame([(tk, m, v) for tk, s in self.spots.items() for m, v in s],
                     schema={"ticker": pl.String, "minute": pl.Int64, "spot": pl.Float64},
                     orient="row").write_parquet(tmp / "spots.parquet")
        self._window_table().write_parquet(tmp / "window.parquet")
        self.state.book.write_parquet(tmp / "book.parquet")
        self.state.tallies.write_parquet(tmp / "tallies.parquet")
        meta = {"released": self.released, "max_ts": self.max_ts, "next_minute": self.next_minute,
                "next_grid": self.next_grid, "prev_grid": self.prev_grid, "first_print": self.first_print,
                "last_print": self.last_print, "day": self.day.isoformat() if self.day else None,
                "state_day": self.state.day.isoformat() if self.state.day else None,
                "state_ts": self.state.ts.isoformat() if self.state.ts else None,
                "grid_ns": self.grid_ns, "tickers": sorted(self.tickers) if self.tickers else None,
                "stats": self.stats.as_dict()}
        (tmp / "meta.json").write_text(json.dumps(meta))
        final = base / name
        if final.exists():
            shutil.rmtree(final)
        tmp.rename(final)
        pointer = base / "CURRENT.tmp"
        pointer.write_text(name)
        pointer.replace(base / "CURRENT")
        for old in sorted(p for p in base.iterdir() if p.is_dir() and p.name.startswith("ckpt-")
                          and p.name != name)[:-1]:
            shutil.rmtree(old, ignore_errors=True)
        self.last_checkpoint = _dt(self.released)
        return final

    @classmethod
    def resume(cls, checkpoint_dir: str | Path, **kwargs) -> StreamBook:
        """A book continued from the last checkpoint in ``checkpoint_dir`` (a fresh one when there is none).
        Records at or before the checkpoint's clock are taken as replayed and dropped."""
        base = Path(checkpoint_dir)
        cur = base / "CURRENT"
        meta_path = base / cur.read_text().strip() / "meta.json" if cur.exists() else None
        if meta_path is None or not meta_path.exists():
            return cls(checkpoint_dir=base, **kwargs)
        folder = meta_path.parent
        meta = json.loads(meta_path.read_text())
        kwargs.setdefault("grid_minutes", meta["grid_ns"] // MINUTE_NS)
        if meta["tickers"] is not None:
            kwargs.setdefault("tickers", meta["tickers"])
        book = cls(checkpoint_dir=base, **kwargs)

        def rows(name):
            return pl.read_parquet(folder / name).iter_rows()

        book.quote = {(t, e, k, r): (ts, b, a) for t, e, k, r, ts, b, a in rows("quotes.parquet")}
        book.mid = {(t, e, k, r): (ts, m) for t, e, k, r, ts, m in rows("mids.parquet")}
        for key in book.mid:
            book._mid_index.setdefault(key[0], {}).setdefault(key[1], set()).add(key)
        book.volume, book.last = {}, {}
        for t, e, k, r, v, last in rows("volume.parquet"):
            book.volume[(t, e, k, r)], book.last[(t, e, k, r)] = v, last
        book.oi = {(t, e, k, r): (ts, v) for t, e, k, r, ts, v in rows("oi.parquet")}
        book.defs = {i: (t, e, k, r) for i, t, e, k, r in rows("defs.parquet")}
        book.spots = {}
        for tk, m, v in rows("spots.parquet"):
            book.spots.setdefault(tk, []).append((m, v))
        book.window = [(ts, (t, e, k, r), px, sz, b, a) for ts, t, e, k, r, px, sz, b, a in rows("window.parquet")]
        book.state = BookState(date.fromisoformat(meta["state_day"]) if meta["state_day"] else None,
                               datetime.fromisoformat(meta["state_ts"]) if meta["state_ts"] else None,
                               pl.read_parquet(folder / "book.parquet"), pl.read_parquet(folder / "tallies.parquet"))
        for name in ("released", "next_minute", "next_grid", "prev_grid", "first_print", "last_print"):
            setattr(book, name, meta[name])
        book.max_ts = meta["released"]
        book.resume_after = meta["released"]
        book.day = date.fromisoformat(meta["day"]) if meta["day"] else None
        stats = meta["stats"]
        book.stats = FeedStats(**stats)
        book.last_checkpoint = _dt(meta["released"])
        book._arrays_load()
        return book


def stream_files(paths: list[str | Path], **kwargs) -> StreamBook:
    """Stream DBN files' records (merged in time order, definitions and statistics first) through a book."""
    import databento_dbn as dbn

    recs = []
    for p in paths:
        dec = dbn.DBNDecoder(has_metadata=True)
        dec.write(Path(p).read_bytes())
        recs += [r for r in dec.decode() if not isinstance(r, dbn.Metadata)]
    book = StreamBook(**kwargs)
    for r in sorted(recs, key=_order):
        book.feed(r)
    book.finish()
    return book


def _order(rec) -> tuple[int, int]:
    rt = str(rec.rtype)
    first = 0 if rt == "instrument-def" else 1 if rt == "statistics" else 2
    return first, int(rec.ts_event)


__all__ = ["StreamBook", "FeedStats", "match_legs", "parse_osi", "stream_files"]
