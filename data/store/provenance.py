"""Where the served numbers come from: the source of each ticker's latest snapshot and its delay.

Every publish by a real source (an ingest command, a live run) records, per ticker, the source id and
its delay in ``<store root>/sources.json`` (replaced atomically). A ticker with no record was published
by the configured scheduled source (``VOLLAND_SOURCE``, ``synthetic`` by default). The data routes add
``source`` and ``sourceDelay`` (seconds, null for historical files) to every answer, the widgets show
them in the freshness bar, and the About page names what the active source supports.
"""

from __future__ import annotations

import json
import os
import re
import time
import uuid
from dataclasses import dataclass
from pathlib import Path

FILE = "sources.json"


@dataclass(frozen=True)
class SourceInfo:
    id: str
    label: str
    delay_seconds: int | None      # None: a historical file (as of its own time)
    positioning: str               # "open_interest" or "trade_flow"
    supports: tuple[str, ...]      # what the source can derive (docs/data-sources.md)


SOURCES: dict[str, SourceInfo] = {
    "synthetic": SourceInfo("synthetic", "Synthetic demo market", 0, "trade_flow",
                            ("exposures", "levels", "trade_flow", "dealer_premium", "0dte", "history")),
    "cboe-delayed": SourceInfo("cboe-delayed", "Cboe delayed quotes", 900, "open_interest",
                               ("exposures", "levels", "0dte")),
    "opra-prints": SourceInfo("opra-prints", "OPRA prints", None, "trade_flow",
                              ("exposures", "levels", "trade_flow", "dealer_premium", "0dte")),
    "databento-live": SourceInfo("databento-live", "OPRA live (Databento)", 0, "trade_flow",
                                 ("exposures", "levels", "trade_flow", "dealer_premium", "0dte")),
    "massive-live": SourceInfo("massive-live", "OPRA live (Massive)", 0, "trade_flow",
                               ("exposures", "levels", "trade_flow", "dealer_premium", "0dte")),
    "eod-file": SourceInfo("eod-file", "EOD file", None, "open_interest", ("exposures", "levels")),
    "chain-file": SourceInfo("chain-file", "Chain file", None, "open_interest", ("exposures", "levels")),
}


def info(source_id: str) -> SourceInfo:
    return SOURCES.get(source_id) or SourceInfo(source_id, source_id, None, "open_interest", ())


def _path(root) -> Path:
    from data.store.parquet import store_root

    return store_root(root) / FILE


def _object_files(root):
    """The store's object files when the root is an ``s3://`` URL, else None."""
    from data.store.files import ObjectFiles, is_object_url, open_files

    if root is not None and not is_object_url(str(root)):
        return None
    files = open_files(root)
    return files if isinstance(files, ObjectFiles) else None


def read(root=None) -> dict:
    remote = _object_files(root)
    try:
        if remote is not None:
            raw = remote.read_bytes(FILE)
            return json.loads(raw) if raw is not None else {"tickers": {}}
        with open(_path(root), encoding="utf-8") as fh:
            return json.load(fh)
    except (OSError, ValueError):
        return {"tickers": {}}


def record(tickers, source_id: str, root=None, ts: str | None = None, gaps: list[dict] | None = None) -> None:
    """Record ``source_id`` as the source of ``tickers``' latest publish (atomic replace; one PUT on
    object storage). ``gaps``: intervals of a live feed that could not be filled before that publish
    (``{"start", "end", "reason"}``), kept with each ticker's record."""
    remote = _object_files(root)
    if remote is not None:
        doc = read(root)
        doc.setdefault("tickers", {})
        for t in tickers:
            doc["tickers"][t] = {"source": source_id, "ts": ts, **({"gaps": gaps} if gaps else {})}
        doc["last"] = source_id
        remote.write_bytes(FILE, json.dumps(doc, sort_keys=True).encode())
        _CACHE.pop(remote.url, None)
        return
    path = _path(root)
    path.parent.mkdir(parents=True, exist_ok=True)
    doc = read(root)
    doc.setdefault("tickers", {})
    for t in tickers:
        doc["tickers"][t] = {"source": source_id, "ts": ts, **({"gaps": gaps} if gaps else {})}
    doc["last"] = source_id
    tmp = path.with_name(f".{FILE}.{uuid.uuid4().hex}")
    tmp.write_text(json.dumps(doc, sort_keys=True))
    os.replace(tmp, path)


def configured() -> str:
    from volland.settings import get_settings

    return get_settings().source


_CACHE: dict[str, tuple[float, dict]] = {}


def _cached(root) -> dict:
    remote = _object_files(root)
    if remote is not None:
        # No cheap stat on object storage: re-read at most once per poll interval.
        hit = _CACHE.get(remote.url)
        if hit is None or time.monotonic() - hit[0] >= remote.poll_seconds:
            hit = (time.monotonic(), read(root))
            _CACHE[remote.url] = hit
        return hit[1]
    path = _path(root)
    try:
        mtime = path.stat().st_mtime
    except OSError:
        return {"tickers": {}}
    hit = _CACHE.get(str(path))
    if hit is None or hit[0] != mtime:
        hit = (mtime, read(root))
        _CACHE[str(path)] = hit
    return hit[1]


def source_of(ticker: str | None, root=None, configured_source: str | None = None) -> SourceInfo:
    """The source of ``ticker``'s served data (no ticker: the source of the latest publish). With nothing
    recorded it is the configured source: ``configured_source`` when the caller already holds its settings
    (the API's hot path reads them once per request), else read from the environment."""
    doc = _cached(root)
    if ticker:
        rec = doc.get("tickers", {}).get(str(ticker).upper())
        if rec:
            return info(rec["source"])
    elif doc.get("last"):
        return info(doc["last"])
    return info(configured_source or configured())


def fields(ticker: str | None, root=None, configured_source: str | None = None) -> dict:
    """The two fields every data answer carries."""
    s = source_of(ticker, root, configured_source)
    return {"source": s.id, "sourceDelay": s.delay_seconds}


_PREFIX = re.compile(rb'^\{"source":"[^"]*","sourceDelay":(?:null|\d+),?')


def stamp(body: bytes, ticker: str | None, root=None, configured_source: str | None = None) -> tuple[bytes, dict]:
    """Put ``source``/``sourceDelay`` first in a JSON object body (replacing earlier ones); other bodies
    are returned as they are. Returns the body and the two fields."""
    info = fields(ticker, root, configured_source)
    if body[:1] == b"{":
        head = json.dumps(info, separators=(",", ":")).encode()[1:-1]
        # A body served a moment ago (the API's fast path) already starts with these fields: no copy.
        if body.startswith(b"{" + head + b",") or body == b"{" + head + b"}":
            return body, info
        body = _PREFIX.sub(b"{", body, count=1)
        body = b"{" + head + (b"," if body[1:2] != b"}" else b"") + body[1:]
    return body, info
