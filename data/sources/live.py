"""The live Cboe delayed-quotes source for the scheduled runs (``VOLLAND_SOURCE=cboe-delayed``).

Each run fetches one JSON document per ticker (``<base>/api/global/delayed_quotes/options/<SYM>.json``,
index symbols with a leading underscore, e.g. ``_SPX``) with bounded concurrency, a timeout per request
and retries with exponential backoff on connection errors, timeouts and 5xx/429 answers. One failing
ticker never blocks the others: it is left out of the snapshot and named in the run's data-quality
report. A run in which no ticker could be used raises, so nothing is published and the previous snapshot
stays served. A document older than ``VOLLAND_SOURCE_MAX_AGE_SECONDS`` before the snapshot time is
stale, and one stamped after it would be look-ahead: neither is used.

The quality report of each run is written to ``<var>/quality/<New York date>/<HHMMSS>-<tickers hash>.json``
(see docs/data-sources.md for its fields).
"""

from __future__ import annotations

import hashlib
import json
import time
import urllib.error
import urllib.request
from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass, field
from datetime import UTC, date, datetime, timedelta
from pathlib import Path

import pyarrow as pa

from domain import market_calendar as cal
from data.sources.ingest import IngestError
from data.sources.base import PipelineError, Source
from data.sources.schemas import CHAIN_SCHEMA
from data.sources.cboe_delayed import INDEX_SYMBOLS, parse_document

RETRY_STATUS = {429, 500, 502, 503, 504}
PATH = "/api/global/delayed_quotes/options/{symbol}.json"


@dataclass
class QualityReport:
    ts: str
    source: str = "cboe-delayed"
    requested: int = 0
    fetched: list[str] = field(default_factory=list)
    used: list[str] = field(default_factory=list)
    rejected: dict[str, dict[str, str]] = field(default_factory=dict)   # reason -> {ticker: detail}
    stale: dict[str, str] = field(default_factory=dict)                 # ticker -> document time
    attempts: int = 0
    contracts: int = 0
    bad_options: int = 0
    carry: dict = field(default_factory=lambda: {"expirations": 0, "market_forward": 0, "forward_fallback": [],
                                                 "carry_clamped": [], "zero_bid_no_iv": 0,
                                                 "itm_from_otm_quote": 0})
    seconds: float = 0.0

    def reject(self, reason: str, ticker: str, detail: str) -> None:
        self.rejected.setdefault(reason, {})[ticker] = detail

    def as_dict(self) -> dict:
        return {"ts": self.ts, "source": self.source, "requested": self.requested, "fetched": len(self.fetched),
                "used": len(self.used), "rejected": {k: len(v) for k, v in self.rejected.items()},
                "rejected_tickers": self.rejected, "stale": len(self.stale), "stale_tickers": self.stale,
                "attempts": self.attempts, "contracts": self.contracts, "bad_options": self.bad_options,
                "carry": self.carry, "seconds": round(self.seconds, 3)}


def symbol_for(ticker: str) -> str:
    return f"_{ticker}" if ticker in INDEX_SYMBOLS else ticker


class FetchError(Exception):
    def __init__(self, reason: str, detail: str):
        super().__init__(detail)
        self.reason = reason


class CboeDelayedSource(Source):
    """Chains from Cboe's delayed-quotes JSON documents (open-interest positioning)."""

    name = "cboe-delayed"
    replays_session = False
    positioning_mode = "open_interest"

    def __init__(self, base_url: str, *, concurrency: int = 8, timeout: float = 10.0, retries: int = 3,
                 backoff: float = 0.5, max_age_seconds: int = 1800, report_dir: Path | None = None) -> None:
        self.base_url = base_url.rstrip("/")
        self.concurrency = max(1, concurrency)
        self.timeout = timeout
        self.retries = max(0, retries)
        self.backoff = backoff
        self.max_age = timedelta(seconds=max_age_seconds)
        self.report_dir = report_dir
        self.last_report: QualityReport | None = None
        self._meta: dict[str, dict] = {}

    @classmethod
    def from_settings(cls) -> CboeDelayedSource:
        from volland.settings import get_settings

        s = get_settings()
        return cls(s.cboe_base_url, concurrency=s.source_concurrency, timeout=s.source_timeout_seconds,
                   retries=s.source_retries, backoff=s.source_backoff_seconds,
                   max_age_seconds=s.source_max_age_seconds, report_dir=s.var_dir / "quality")

    # ------------------------------------------------------------ fetching

    def url(self, ticker: str) -> str:
        return self.base_url + PATH.format(symbol=symbol_for(ticker))

    def _get(self, ticker: str, report: QualityReport) -> bytes:
        last: FetchError | None = None
        for attempt in range(self.retries + 1):
            if attempt:
                time.sleep(self.backoff * (2 ** (attempt - 1)))
            report.attempts += 1
            try:
                req = urllib.request.Request(self.url(ticker), headers={"Accept": "application/json",
                                                                        "User-Agent": "volland"})
                with urllib.request.urlopen(req, timeout=self.timeout) as resp:
                    return resp.read()
            except urllib.error.HTTPError as exc:
                last = FetchError(f"http_{exc.code}", f"HTTP {exc.code}")
                if exc.code not in RETRY_STATUS:
                    raise last from None
            except (TimeoutError, urllib.error.URLError, ConnectionError, OSError) as exc:
                reason = "timeout" if "timed out" in str(exc) else "connection"
                last = FetchError(reason, str(getattr(exc, "reason", exc)))
        assert last is not None
        raise last

    def fetch(self, tickers: list[str], ts: datetime) -> tuple[pa.Table, QualityReport]:
        """Fetch, parse and check every ticker's document; never raises for one ticker's failure."""
        t0 = time.perf_counter()
        ts = ts.astimezone(UTC)
        report = QualityReport(ts=ts.isoformat(), requested=len(tickers))

        def one(tk: str):
            try:
                body = self._get(tk, report)
            except FetchError as exc:
                return tk, exc, None
            try:
                doc = json.loads(body)
                rep = parse_document(doc, f"{tk} document")
            except ValueError as exc:  # IngestError is a ValueError too
                return tk, FetchError("unreadable", str(exc)[:200]), None
            return tk, None, (rep, doc)

        with ThreadPoolExecutor(max_workers=min(self.concurrency, max(1, len(tickers)))) as pool:
            results = list(pool.map(one, tickers))
        tables = []
        for tk, err, ok in results:
            if err is not None:
                report.reject(err.reason, tk, str(err))
                continue
            report.fetched.append(tk)
            rep, doc = ok
            if rep.bad:
                report.bad_options += len(rep.bad)
            table = rep.table
            if table is None or table.num_rows == 0:
                report.reject("empty", tk, "no usable option rows")
                continue
            names = set(table.column("ticker").to_pylist())
            if names != {tk}:
                report.reject("wrong_symbol", tk, f"document is for {', '.join(sorted(names))}")
                continue
            doc_ts = table.column("ts")[0].as_py()
            if doc_ts > ts:
                report.reject("after_snapshot", tk, f"document time {doc_ts.isoformat()} is after the snapshot")
                continue
            if ts - doc_ts > self.max_age:
                report.stale[tk] = doc_ts.isoformat()
                continue
            for k, v in rep.quality.items():
                if k in report.carry:
                    report.carry[k] = report.carry[k] + v
            prev = doc.get("data", {}).get("prev_day_close")
            self._meta[tk] = {"prev_close": float(prev) if isinstance(prev, (int, float)) and prev > 0 else None}
            report.used.append(tk)
            tables.append(table)
        chain = pa.concat_tables(tables) if tables else CHAIN_SCHEMA.empty_table()
        report.contracts = chain.num_rows
        report.seconds = time.perf_counter() - t0
        self.last_report = report
        self.write_report(report, tickers)
        return chain, report

    def write_report(self, report: QualityReport, tickers: list[str]) -> Path | None:
        if self.report_dir is None:
            return None
        ts = datetime.fromisoformat(report.ts).astimezone(cal.NY)
        digest = hashlib.sha1(",".join(sorted(tickers)).encode()).hexdigest()[:8]
        out = Path(self.report_dir) / ts.date().isoformat() / f"{ts:%H%M%S}-{digest}.json"
        out.parent.mkdir(parents=True, exist_ok=True)
        tmp = out.with_suffix(".tmp")
        tmp.write_text(json.dumps(report.as_dict(), indent=1, sort_keys=True))
        tmp.replace(out)
        return out

    # ------------------------------------------------------------ the pipeline's interface

    def chains(self, tickers, ts):
        chain, report = self.fetch(list(tickers), ts)
        if not report.used:
            reasons = {k: len(v) for k, v in report.rejected.items()}
            if report.stale:
                reasons["stale"] = len(report.stale)
            raise PipelineError(f"No ticker could be used from the Cboe delayed quotes ({reasons}); nothing "
                                f"is published and the previous snapshot stays served.")
        # The snapshot is stamped at the run's time; the rows keep it (the documents' own times are in
        # the quality report).
        return chain.set_column(1, "ts", pa.array([ts.astimezone(UTC)] * chain.num_rows, CHAIN_SCHEMA.field("ts").type))

    def prints(self, tickers, start, end):
        return None

    def bars(self, tickers, start, end):
        return None

    def previous_close(self, ticker, day: date):
        return self._meta.get(ticker, {}).get("prev_close")

    def vix(self, ts):
        return None

    def previous_vix(self, day):
        return None


__all__ = ["CboeDelayedSource", "QualityReport", "IngestError"]
