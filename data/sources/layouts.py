"""Layout detection for every file the ingest commands read.

``detect(path)`` looks at the first bytes/lines of a file and names its layout; an ingest command that
sees a layout it does not read says which command does, and a file no command reads is refused with
the list of accepted layouts and the line where detection failed.
"""

from __future__ import annotations

import gzip
from dataclasses import dataclass
from pathlib import Path

from data.sources.ingest import IngestError

# layout id -> (description, command that reads it)
LAYOUTS: dict[str, tuple[str, str]] = {
    "cboe-delayed-csv": ("Cboe delayed-quotes page CSV download", "volland ingest cboe-delayed"),
    "cboe-delayed-json": ("Cboe delayed-quotes JSON document", "volland ingest cboe-delayed"),
    "cboe-eod": ("Cboe DataShop Option EOD Summary CSV", "volland ingest cboe"),
    "chain-csv": ("canonical chain CSV", "volland ingest chain"),
    "chain-parquet": ("canonical chain Parquet", "volland ingest chain"),
    "dbn": ("Databento DBN file", "volland ingest dbn"),
    "massive-trades": ("Massive options trades flat file (CSV.gz)", "volland ingest massive"),
    "massive-quotes": ("Massive options quotes flat file (CSV.gz)", "volland ingest massive"),
}
DELAYED_HEADER = ("Expiration Date,Calls,Last Sale,Net,Bid,Ask,Volume,IV,Delta,Gamma,Open Interest,Strike,"
                  "Puts,Last Sale,Net,Bid,Ask,Volume,IV,Delta,Gamma,Open Interest")
MASSIVE_TRADES = {"ticker", "sip_timestamp", "price", "size"}
MASSIVE_QUOTES = {"ticker", "sip_timestamp", "bid_price", "ask_price"}
CHAIN_REQUIRED = {"ticker", "ts", "expiration", "strike", "right", "bid", "ask", "volume", "open_interest"}
CBOE_EOD = {"underlying_symbol", "quote_date", "expiration", "strike", "option_type"}
PROBE_LINES = 6


@dataclass
class Detected:
    layout: str | None
    line: int            # the line detection stopped at (1-based)
    text: str            # that line, shortened

    @property
    def name(self) -> str:
        return LAYOUTS[self.layout][0] if self.layout else "unknown"


def _head_lines(path: Path, n: int = PROBE_LINES) -> list[str]:
    opener = gzip.open if path.suffix.lower() == ".gz" else open
    try:
        with opener(path, "rt", encoding="utf-8-sig", newline="") as fh:
            lines = []
            for _ in range(n):
                line = fh.readline()
                if not line:
                    break
                lines.append(line.rstrip("\r\n"))
            return lines
    except UnicodeDecodeError:
        return ["<binary data>"]
    except (OSError, EOFError) as exc:
        if isinstance(exc, FileNotFoundError):
            raise IngestError(f"{path}: cannot open the file ({exc.strerror or exc}).") from None
        return ["<binary data>"]


def _fields(line: str) -> set[str]:
    import csv

    try:
        return {f.strip().strip('"') for f in next(csv.reader([line]))}
    except StopIteration:
        return set()


def detect(path: str | Path) -> Detected:
    path = Path(path)
    try:
        with open(path, "rb") as fh:
            magic = fh.read(8)
    except OSError as exc:
        raise IngestError(f"{path}: cannot open the file ({exc.strerror or exc}).") from None
    if not magic:
        return Detected(None, 1, "<empty file>")
    if magic[:3] == b"DBN" or magic[:4] == b"\x28\xb5\x2f\xfd" and path.name.lower().endswith(".dbn.zst"):
        return Detected("dbn", 1, "DBN")
    if magic[:4] == b"PAR1":
        return Detected("chain-parquet", 1, "PAR1")
    lines = _head_lines(path)
    if not lines:
        return Detected(None, 1, "<empty file>")
    first_text = next(((i, ln) for i, ln in enumerate(lines) if ln.strip()), (0, lines[0]))
    if first_text[1].lstrip().startswith("{"):
        try:
            with open(path, encoding="utf-8-sig") as fh:
                head = fh.read(4096)
            if '"options"' in head or '"data"' in head:
                return Detected("cboe-delayed-json", first_text[0] + 1, first_text[1][:80])
        except UnicodeDecodeError:
            pass
        return Detected(None, first_text[0] + 1, first_text[1][:80])
    for i, line in enumerate(lines):
        if line.replace('"', "").replace(" ,", ",").startswith("Expiration Date,Calls,"):
            return Detected("cboe-delayed-csv", i + 1, line[:80])
        if not line.strip():
            continue
        if i < 3 and ("Last:" in line or line.lstrip('"').startswith("Date:")):
            continue  # the delayed download's preamble; its header follows
        cols = _fields(line)
        if CBOE_EOD <= cols:
            return Detected("cboe-eod", i + 1, line[:80])
        if MASSIVE_QUOTES <= cols:
            return Detected("massive-quotes", i + 1, line[:80])
        if MASSIVE_TRADES <= cols:
            return Detected("massive-trades", i + 1, line[:80])
        if CHAIN_REQUIRED <= cols:
            return Detected("chain-csv", i + 1, line[:80])
        if i >= 3 or not any(k in line for k in ("Last:", "Date:")):
            return Detected(None, i + 1, line[:80])
    last = len(lines)
    return Detected(None, last, lines[-1][:80] if lines else "")


def require(path: str | Path, accepted: tuple[str, ...]) -> Detected:
    """Detect ``path``'s layout and refuse it unless it is one of ``accepted`` (one clear sentence)."""
    found = detect(path)
    if found.layout in accepted:
        return found
    wanted = "; ".join(f"{LAYOUTS[a][0]} ({a})" for a in accepted)
    if found.layout is not None:
        raise IngestError(
            f"{path}: this is a {found.name} ({found.layout}), which `{LAYOUTS[found.layout][1]}` reads; "
            f"this command accepts: {wanted}.")
    raise IngestError(
        f"{path}: unknown layout; detection failed at line {found.line} ({found.text!r}). "
        f"Accepted layouts: {wanted}.")

