"""The prints tape of a live session in memory: one session's window files of one ticker, read once.

A live session is stored as one prints file per publish window (78 for a full day); opening them all for
every page costs more than the page. Published files never change, so what is read from them can be kept:
per (ticker, session) the rows of every window file read so far, with two permutations that put them in
the tape's two orders by their first key (premium from the largest, time from the latest). A newly
published window adds only its own rows: they are sorted and merged into the permutations (two sorted
runs), the older files are not read again. A page then filters the rows (time bounds, minimum premium,
expirations, side, and the files the request names), takes the passing positions in the first key's order,
and sorts only the rows whose first key lies between the page's first and last row's by the whole order
(``sql.TAPE_ORDERS``), so a page equals the same slice of the whole order computed by DuckDB.

As of a time T, a request names only the window files published at or before T (``Reader
.session_print_files``); rows of later files kept in memory never pass (their file is not named).

Memory is bounded by bytes (``VOLLAND_TAPE_MEMORY_MB``, default 256): the sessions least recently paged
are dropped first. A busy SPX session (1.2 million prints) takes about 100 MB.
"""

from __future__ import annotations

import threading
from collections import OrderedDict
from datetime import UTC, date, datetime

import numpy as np
import polars as pl
import pyarrow as pa
import pyarrow.compute as pc

from data.store.sql import TAPE_SIDES

#: The page's columns, as the tape's SQL page query selects them.
PAGE_COLUMNS = ("ts", "expiration", "strike", "right", "size", "price", "bid", "ask", "premium",
                "customer_side", "dealer_side", "condition", "package_id")
_ORDER_BY = {
    "premium": (["premium", "ts", "expiration", "strike", "right", "price", "size"],
                [True, True, False, False, False, False, False]),
    "time": (["ts", "premium", "expiration", "strike", "right", "price", "size"],
             [True, True, False, False, False, False, False]),
}
_EPOCH = datetime(1970, 1, 1, tzinfo=UTC)
_INT64_MAX = np.iinfo(np.int64).max


def _us(t: datetime) -> int:
    if t.tzinfo is None:
        t = t.replace(tzinfo=UTC)
    d = t - _EPOCH
    return (d.days * 86_400 + d.seconds) * 1_000_000 + d.microseconds


def _keys(table: pa.Table) -> dict[str, np.ndarray]:
    """Each order's first key of ``table``'s rows, negated so ascending is the tape's order; a null key
    sorts last (such a row never passes the filters)."""
    ts = pc.cast(table.column("ts"), pa.int64()).to_numpy(zero_copy_only=False)
    ts = np.where(np.isnan(ts), -_INT64_MAX, ts) if ts.dtype.kind == "f" else ts
    ts = ts.astype(np.int64)
    prem = np.asarray(table.column("premium").to_numpy(zero_copy_only=False), dtype=np.float64)
    return {"premium": np.where(np.isnan(prem), np.inf, -prem), "time": -ts}


class _Session:
    """One (ticker, session)'s rows read so far and their two orders."""

    def __init__(self) -> None:
        self.lock = threading.Lock()             # one reader of new files and one page at a time
        self.files: dict[str, int] = {}         # file -> its number in ``file_no``
        self.data: pl.DataFrame | None = None    # the page's columns, rows in the order they were read
        self.ts = np.empty(0, np.int64)          # µs since the epoch (null: the lowest value)
        self.premium = np.empty(0, np.float64)   # NaN for a null premium
        self.expiration = np.empty(0, np.int32)  # days since the epoch
        self.side = np.empty(0, np.int8)         # customer side (null: -128)
        self.file_no = np.empty(0, np.int32)
        self.perm = {"premium": np.empty(0, np.int32), "time": np.empty(0, np.int32)}
        self.sorted_key = {"premium": np.empty(0, np.float64), "time": np.empty(0, np.int64)}

    @property
    def nbytes(self) -> int:
        arrays = [self.ts, self.premium, self.expiration, self.side, self.file_no, *self.perm.values(),
                  *self.sorted_key.values()]
        table = int(self.data.estimated_size()) if self.data is not None else 0
        return sum(a.nbytes for a in arrays) + table

    def add(self, table: pa.Table, files: list[str]) -> None:
        """Appends the rows of newly read ``files`` (``table`` has their page columns and ``file_no``,
        from 1 in the order of ``files``)."""
        for f in files:
            self.files[f] = len(self.files)
        n0 = self.ts.size
        # The query numbers the files from 1 in the order given.
        file_no = table.column("file_no").to_numpy(zero_copy_only=False).astype(np.int32)
        file_no += self.files[files[0]] - 1
        page = table.select(list(PAGE_COLUMNS))
        keys = _keys(page)
        exp = pc.cast(page.column("expiration"), pa.int32()).to_numpy(zero_copy_only=False)
        exp = np.where(np.isnan(exp), -(2 ** 31), exp).astype(np.int32) if exp.dtype.kind == "f" else exp
        side = page.column("customer_side").to_numpy(zero_copy_only=False)
        side = (np.where(np.isnan(side), -128, side) if side.dtype.kind == "f" else side).astype(np.int8)
        # The two text columns hold a few values: kept as categories, text again on a page.
        new = pl.from_arrow(page).with_columns(pl.col("right", "condition").cast(pl.Categorical))
        self.data = new if self.data is None else pl.concat([self.data, new], rechunk=False)
        if self.data.n_chunks() > 16:
            self.data = self.data.rechunk()
        self.ts = np.concatenate([self.ts, -keys["time"]])
        premium = np.where(np.isinf(keys["premium"]), np.nan, -keys["premium"])
        self.premium = np.concatenate([self.premium, premium])
        self.expiration = np.concatenate([self.expiration, exp])
        self.side = np.concatenate([self.side, side])
        self.file_no = np.concatenate([self.file_no, file_no])
        for order, k in keys.items():
            # Merge two sorted runs: the new rows sorted among themselves, then inserted after the equal keys
            # (the order among equal first keys does not matter: a page sorts them by the whole order).
            o = np.argsort(k).astype(np.int32)
            ks = k[o]
            if n0 == 0:
                self.perm[order], self.sorted_key[order] = o, ks
                continue
            pos = np.searchsorted(self.sorted_key[order], ks, side="right")
            self.perm[order] = np.insert(self.perm[order], pos, o + np.int32(n0))
            self.sorted_key[order] = np.insert(self.sorted_key[order], pos, ks)

    def page(self, files: tuple[str, ...], start: datetime, until: datetime,
             expirations: tuple[date, ...] | None, min_premium: float, side: str, order: str, limit: int,
             offset: int) -> tuple[pl.DataFrame, int]:
        mask = (self.ts > _us(start)) & (self.ts <= _us(until))
        if min_premium > 0 or np.isnan(self.premium).any():
            mask &= self.premium >= min_premium
        if expirations is not None:
            days = [(e - date(1970, 1, 1)).days for e in expirations]
            mask &= np.isin(self.expiration, np.asarray(days, np.int32))
        if TAPE_SIDES[side] is not None:
            mask &= self.side == TAPE_SIDES[side]
        if len(files) != len(self.files):
            named = np.zeros(len(self.files), bool)
            named[[self.files[f] for f in files]] = True
            mask &= named[self.file_no]
        perm, skey = self.perm[order], self.sorted_key[order]
        passing = mask[perm]
        idx = np.flatnonzero(passing)
        total = int(idx.size)
        if total <= offset:
            return pl.DataFrame(), total
        first, last = offset, min(offset + limit, total) - 1
        # Every row whose first key lies between the page's first and last row's (equal keys included).
        p0 = int(np.searchsorted(skey, skey[idx[first]], side="left"))
        p1 = int(np.searchsorted(skey, skey[idx[last]], side="right"))
        above = int(np.searchsorted(idx, p0))
        rows = perm[p0:p1][passing[p0:p1]]
        by, desc = _ORDER_BY[order]
        df = self.data[rows].with_columns(pl.col("right", "condition").cast(pl.String))
        df = df.sort(by, descending=desc, nulls_last=True, maintain_order=True)
        return df.slice(first - above, last - first + 1), total


class TapeMemory:
    """Sessions' tapes kept in memory, least recently paged dropped first beyond ``max_bytes``."""

    def __init__(self, max_bytes: int) -> None:
        self.max_bytes = int(max_bytes)
        self._lock = threading.Lock()
        self._sessions: OrderedDict[tuple, _Session] = OrderedDict()

    @property
    def nbytes(self) -> int:
        return sum(s.nbytes for s in self._sessions.values())

    def clear(self) -> None:
        with self._lock:
            self._sessions.clear()

    def page(self, cursor, key: tuple, ticker: str, files: tuple[str, ...], start: datetime, until: datetime,
             expirations: tuple[date, ...] | None, min_premium: float, side: str, order: str, limit: int,
             offset: int) -> tuple[pl.DataFrame, int]:
        """One page of ``ticker``'s prints in ``files`` (a session's window files; ``key`` names the
        session); files not read before are read with ``cursor`` (DuckDB) and kept."""
        if side not in TAPE_SIDES:
            raise ValueError(f"unknown side {side!r}; expected one of {', '.join(TAPE_SIDES)}")
        if order not in _ORDER_BY:
            raise ValueError(f"unknown tape order {order!r}; expected one of {', '.join(_ORDER_BY)}")
        # The map's lock is held only to find the session and to drop others: the first read of a session's
        # files (up to a second for a busy day) holds that session's own lock, so other sessions page on.
        with self._lock:
            s = self._sessions.get(key)
            if s is None:
                s = self._sessions[key] = _Session()
            self._sessions.move_to_end(key)
        with s.lock:
            new = [f for f in files if f not in s.files]
            if new:
                cols = ", ".join(f'"{c}"' for c in PAGE_COLUMNS)
                table = cursor.execute(f"SELECT {cols}, list_position(?, filename)::INTEGER AS file_no FROM "
                                       "read_parquet(?, filename = true) WHERE ticker = ?",
                                       [new, new, ticker]).to_arrow_table()
                s.add(table, new)
            out = s.page(files, start, until, expirations, min_premium, side, order, limit, offset)
        with self._lock:
            total = sum(x.nbytes for x in self._sessions.values())
            for k in list(self._sessions):
                if total <= self.max_bytes:
                    break
                total -= self._sessions.pop(k).nbytes
        return out
