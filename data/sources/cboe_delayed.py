"""Cboe delayed quotes: the quotes page's CSV download and its JSON document, read and written.

Two layouts of the same data (quotes delayed 15 minutes, one snapshot per file):

* **CSV download** — a title line (may be blank), a line holding the underlying's ``Last:`` and
  ``Change:``, a line ``"Date: <Month D, YYYY> at <h:mm AM|PM> <zone>",Bid:…,Ask:…,…,Volume:…``, then
  the header ``Expiration Date,Calls,Last Sale,Net,Bid,Ask,Volume,IV,Delta,Gamma,Open Interest,Strike,
  Puts,Last Sale,Net,Bid,Ask,Volume,IV,Delta,Gamma,Open Interest`` and one row per expiration and strike
  with the call and the put side by side (OSI symbols such as ``SPY250902C00400000``, expirations like
  ``Tue Sep 02 2025``).
* **JSON document** — ``{timestamp, symbol, data: {current_price, bid, ask, close, prev_day_close,
  options: [{option: "SPXW251121C06600000", bid, ask, iv, open_interest, volume, delta, gamma, …,
  last_trade_price}]}}``.

The ticker comes from the OSI root (``SPXW`` → ``SPX``, see ``ROOT_ALIASES``): roots of one underlying
merge (volumes and open interest add up; quotes from the root with the larger open interest). The
snapshot time is the document's own time, read as New York time. The vendor's IV and greeks are not
used: the pipeline computes its own from the quotes, with each expiration's forward from put–call
parity (``data.sources.carry``). Positions follow the open-interest convention.
"""

from __future__ import annotations

import csv
import io
import json
import re
from datetime import UTC, date, datetime
from pathlib import Path

import numpy as np
import polars as pl
import pyarrow as pa
import pyarrow.compute as pc
import pyarrow.csv as pv

from domain import market_calendar as cal
from data.sources.ingest import FileReport, IngestError, _merge_bad, _merge_roots, fill_rates, ragged_row_skipper
from data.sources.schemas import CHAIN_SCHEMA, validate_chain
from data.sources.carry import apply_market_carry

ROOT_ALIASES = {"SPXW": "SPX", "SPXPM": "SPX", "NDXP": "NDX", "NDXW": "NDX", "RUTW": "RUT", "VIXW": "VIX",
                "XSPW": "XSP", "DJXW": "DJX", "MRUT": "MRUT"}
INDEX_SYMBOLS = {"SPX", "NDX", "RUT", "VIX", "XSP", "DJX", "OEX", "XEO", "MRUT"}
CSV_COLUMNS = ["expiration_text", "c_symbol", "c_last", "c_net", "c_bid", "c_ask", "c_volume", "c_iv",
               "c_delta", "c_gamma", "c_oi", "strike", "p_symbol", "p_last", "p_net", "p_bid", "p_ask",
               "p_volume", "p_iv", "p_delta", "p_gamma", "p_oi"]
CSV_HEADER = ["Expiration Date", "Calls", "Last Sale", "Net", "Bid", "Ask", "Volume", "IV", "Delta", "Gamma",
              "Open Interest", "Strike", "Puts", "Last Sale", "Net", "Bid", "Ask", "Volume", "IV", "Delta",
              "Gamma", "Open Interest"]
_DATE_RE = re.compile(r"Date:\s*([A-Za-z]+ \d{1,2}, \d{4}) at (\d{1,2}:\d{2}(?::\d{2})? ?[AP]M)\s*([A-Za-z]*)")
_NUM_RE = re.compile(r"(Last|Bid|Ask|Change|Volume):\s*([-+0-9.,]+)")
NY_ZONES = {"", "ET", "EST", "EDT", "CT", "CST", "CDT"}  # Cboe pages state Eastern (or Central) time


def underlying_of(root: str) -> str:
    r = root.strip().upper().lstrip("^_")
    return ROOT_ALIASES.get(r, r)


def osi_parts(symbols: pl.Series) -> pl.DataFrame:
    """Split OSI symbols (``ROOT`` + yymmdd + C/P + strike×1000 in 8 digits) into their parts (null if not OSI)."""
    s = symbols.cast(pl.String).str.replace_all(" ", "").str.strip_chars()
    m = s.str.extract_groups(r"^([A-Z0-9.]{1,6})(\d{6})([CP])(\d{8})$")
    return pl.DataFrame({
        "root": m.struct.field("1"),
        "expiration": m.struct.field("2").str.strptime(pl.Date, "%y%m%d", strict=False),
        "right": m.struct.field("3"),
        "strike": m.struct.field("4").cast(pl.Float64, strict=False) / 1000.0,
    })


def _ny_utc(local: datetime) -> datetime:
    return local.replace(tzinfo=cal.NY).astimezone(UTC)


# ---------------------------------------------------------------- finishing


def _finish(report: FileReport, canonical: pa.Table, lines: np.ndarray, pre_bad: list[tuple[int, str]]) -> FileReport:
    good, bad = validate_chain(canonical, line_numbers=lines, check_duplicates=False)
    report.bad = _merge_bad(pre_bad, bad)
    good = good.cast(CHAIN_SCHEMA)
    for name in ("underlying_bid", "underlying_ask"):  # a zero underlying quote carries no information
        c = good.column(name)
        good = good.set_column(good.schema.get_field_index(name), name,
                               pc.if_else(pc.fill_null(pc.greater(c, 0), False), c, pa.scalar(None, pa.float64())))
    good = _merge_roots(good)
    good, carry = apply_market_carry(fill_rates(good))
    report.table = good
    report.quality = {"rows": report.rows, "contracts": good.num_rows, **carry.as_dict()}
    return report


# ---------------------------------------------------------------- CSV download


def _preamble(lines: list[str], path: Path, header_at: int) -> tuple[datetime, dict[str, float]]:
    stamp = None
    nums: dict[str, float] = {}
    for i, line in enumerate(lines[:header_at]):
        for key, val in _NUM_RE.findall(line):
            try:
                nums.setdefault(key, float(val.replace(",", "")))
            except ValueError:
                pass
        m = _DATE_RE.search(line)
        if m:
            day_text, clock_text, zone = m.groups()
            if zone.upper() not in NY_ZONES:
                raise IngestError(f"{path}:line {i + 1}: time zone {zone!r} is not New York time.")
            clock_text = clock_text.replace("AM", " AM").replace("PM", " PM").replace("  ", " ")
            secs = ":%S" if clock_text.count(":") == 2 else ""
            local = None
            for month in ("%B", "%b"):   # "September 2, 2025" or "Sep 2, 2025"
                try:
                    local = datetime.strptime(f"{day_text} {clock_text}", f"{month} %d, %Y %I:%M{secs} %p")
                    break
                except ValueError:
                    continue
            if local is None:
                raise IngestError(f"{path}:line {i + 1}: cannot read the date {m.group(0)!r}.")
            if zone.upper() in {"CT", "CST", "CDT"}:
                from zoneinfo import ZoneInfo

                stamp = local.replace(tzinfo=ZoneInfo("America/Chicago")).astimezone(UTC)
            else:
                stamp = _ny_utc(local)
    if stamp is None:
        raise IngestError(f"{path}: Cboe delayed-quotes CSV without its 'Date: … at …' line above the header "
                          f"(line {header_at + 1}).")
    return stamp, nums


def read_delayed_csv(path: str | Path) -> FileReport:
    """Read one CSV download of the delayed-quotes page into canonical chain rows."""
    path = Path(path)
    with open(path, newline="", encoding="utf-8-sig") as fh:
        head = [fh.readline().rstrip("\r\n") for _ in range(8)]
    header_at = next((i for i, ln in enumerate(head) if ln.replace('"', "").startswith("Expiration Date,Calls,")),
                     None)
    if header_at is None:
        raise IngestError(f"{path}: not a Cboe delayed-quotes CSV (no 'Expiration Date,Calls,…' header in the "
                          f"first lines).")
    cols = next(csv.reader([head[header_at]]))
    if [c.strip() for c in cols] != CSV_HEADER:
        raise IngestError(f"{path}:line {header_at + 1}: the header differs from the delayed-quotes layout "
                          f"(expected {len(CSV_HEADER)} columns: {','.join(CSV_HEADER)}).")
    stamp, nums = _preamble(head, path, header_at)
    skipped, on_invalid = ragged_row_skipper()

    try:
        raw = pv.read_csv(
            path,
            read_options=pv.ReadOptions(use_threads=False, column_names=CSV_COLUMNS, skip_rows=header_at + 1),
            parse_options=pv.ParseOptions(invalid_row_handler=on_invalid, ignore_empty_lines=False),
            convert_options=pv.ConvertOptions(column_types={c: pa.string() for c in CSV_COLUMNS},
                                              strings_can_be_null=False),
        )
    except (pa.ArrowInvalid, UnicodeDecodeError) as exc:
        raise IngestError(f"{path}: cannot read the file as CSV ({exc}).") from None
    first = header_at + 2
    skipped_lines = {n for n, _ in skipped}
    lines, line = [], first
    while len(lines) < raw.num_rows:
        if line not in skipped_lines:
            lines.append(line)
        line += 1
    df = pl.from_arrow(raw).with_columns(_line=pl.Series(lines, dtype=pl.Int64))
    df = df.filter(pl.concat_str([pl.col(c).str.strip_chars() for c in CSV_COLUMNS]) != "")
    report = FileReport(str(path), rows=df.height + len(skipped), unit="line")
    report.layout = "cboe-delayed-csv"
    sides = []
    u_last = nums.get("Last")
    u_bid, u_ask = nums.get("Bid"), nums.get("Ask")
    for side, right in (("c", "C"), ("p", "P")):
        part = df.select(
            symbol=pl.col(f"{side}_symbol").str.strip_chars(), expiration_text=pl.col("expiration_text"),
            strike_text=pl.col("strike"), bid=pl.col(f"{side}_bid"), ask=pl.col(f"{side}_ask"),
            last=pl.col(f"{side}_last"), volume=pl.col(f"{side}_volume"), open_interest=pl.col(f"{side}_oi"),
            _line=pl.col("_line"), _right=pl.lit(right))
        sides.append(part)
    both = pl.concat(sides)
    # An empty side (no such contract listed) is not a row.
    both = both.filter(pl.col("symbol") != "")
    osi = osi_parts(both["symbol"])
    exp_text = both["expiration_text"].str.strip_chars().str.strptime(pl.Date, "%a %b %d %Y", strict=False)
    pre_bad: list[tuple[int, str]] = []
    lines_np = both["_line"].to_numpy()
    osi_bad = osi["root"].is_null().to_numpy()
    for i in np.flatnonzero(osi_bad):
        pre_bad.append((int(lines_np[i]), f"cannot read {both['symbol'][int(i)]!r} as an OSI option symbol"))
    mism = (~osi_bad) & (exp_text.is_not_null().to_numpy()) & \
        (exp_text.fill_null(date(1970, 1, 1)) != osi["expiration"].fill_null(date(1970, 1, 1))).to_numpy()
    for i in np.flatnonzero(mism):
        pre_bad.append((int(lines_np[i]), f"expiration {both['expiration_text'][int(i)]!r} differs from the "
                                          f"symbol {both['symbol'][int(i)]!r}"))
    wrong_side = (~osi_bad) & (osi["right"] != both["_right"]).fill_null(False).to_numpy()
    for i in np.flatnonzero(wrong_side):
        pre_bad.append((int(lines_np[i]), f"{both['symbol'][int(i)]!r} is in the wrong column"))
    n = both.height
    tickers = osi["root"].fill_null("").replace(ROOT_ALIASES)
    canonical = pa.table({
        "ticker": tickers.to_arrow(),
        "ts": pa.array([stamp] * n, pa.timestamp("us", tz="UTC")),
        "expiration": osi["expiration"].to_arrow(),
        "strike": both["strike_text"].to_arrow(),
        "right": both["_right"].to_arrow(),
        "bid": both["bid"].to_arrow(), "ask": both["ask"].to_arrow(), "last": both["last"].to_arrow(),
        "volume": both["volume"].to_arrow(), "open_interest": both["open_interest"].to_arrow(),
        "underlying_bid": pa.array([u_bid] * n, pa.float64()),
        "underlying_ask": pa.array([u_ask] * n, pa.float64()),
        "underlying_last": pa.array([u_last] * n, pa.float64()),
    })
    # The strike column must agree with the symbol.
    k_num = both["strike_text"].str.replace_all(",", "").cast(pl.Float64, strict=False)
    k_bad = (~osi_bad) & k_num.is_not_null().to_numpy() & \
        (np.abs(k_num.fill_null(0).to_numpy() - osi["strike"].fill_null(0).to_numpy()) > 1e-6)
    for i in np.flatnonzero(k_bad):
        pre_bad.append((int(lines_np[i]), f"strike {both['strike_text'][int(i)]!r} differs from the symbol "
                                          f"{both['symbol'][int(i)]!r}"))
    canonical = canonical.set_column(3, "strike", pa.array(k_num.to_arrow()).cast(pa.string()))
    return _finish(report, canonical, lines_np, _merge_bad(skipped, pre_bad))


# ---------------------------------------------------------------- JSON document


def parse_document(doc: dict, origin: str = "document") -> FileReport:
    """Canonical chain rows of one delayed-quotes JSON document (bad options named by their index)."""
    report = FileReport(origin, unit="option")
    report.layout = "cboe-delayed-json"
    if not isinstance(doc, dict) or not isinstance(doc.get("data"), dict):
        raise IngestError(f"{origin}: not a Cboe delayed-quotes JSON document (no 'data' object).")
    data = doc["data"]
    options = data.get("options")
    if not isinstance(options, list):
        raise IngestError(f"{origin}: not a Cboe delayed-quotes JSON document (no 'data.options' list).")
    stamp_text = doc.get("timestamp") or data.get("timestamp")
    if not stamp_text:
        raise IngestError(f"{origin}: the document has no 'timestamp'.")
    try:
        local = datetime.fromisoformat(str(stamp_text).replace("T", " ").strip())
    except ValueError:
        raise IngestError(f"{origin}: cannot read the timestamp {stamp_text!r}.") from None
    stamp = _ny_utc(local.replace(tzinfo=None)) if local.tzinfo is None else local.astimezone(UTC)
    report.rows = len(options)
    n = len(options)
    if n == 0:
        report.table = CHAIN_SCHEMA.empty_table()
        report.quality = {"rows": 0, "contracts": 0}
        return report

    def col(name: str) -> list:
        return [o.get(name) if isinstance(o, dict) else None for o in options]

    symbols = pl.Series("option", [str(s) if s is not None else "" for s in col("option")])
    osi = osi_parts(symbols)
    pre_bad = [(int(i) + 1, f"cannot read {symbols[int(i)]!r} as an OSI option symbol")
               for i in np.flatnonzero(osi["root"].is_null().to_numpy())]
    sym = str(doc.get("symbol") or data.get("symbol") or "").strip()
    roots = osi["root"].fill_null("").replace(ROOT_ALIASES)
    ticker = underlying_of(sym) if sym else None
    if ticker:
        other = (roots != ticker) & osi["root"].is_not_null()
        for i in np.flatnonzero(other.to_numpy()):
            pre_bad.append((int(i) + 1, f"{symbols[int(i)]!r} is not an option on {ticker}"))
    else:
        ticker = None

    def num(v):
        if v is None or isinstance(v, bool):
            return None
        if isinstance(v, (int, float)):
            return float(v)
        return str(v)

    def numcol(name: str) -> pa.Array:
        vals = [num(v) for v in col(name)]
        if all(v is None or isinstance(v, float) for v in vals):
            return pa.array(vals, pa.float64())
        return pa.array([None if v is None else str(v) for v in vals], pa.string())

    def underlying(name: str) -> float | None:
        v = data.get(name)
        return float(v) if isinstance(v, (int, float)) and v > 0 else None

    canonical = pa.table({
        "ticker": (pa.array([ticker] * n, pa.string()) if ticker else roots.to_arrow()),
        "ts": pa.array([stamp] * n, pa.timestamp("us", tz="UTC")),
        "expiration": osi["expiration"].to_arrow(),
        "strike": osi["strike"].to_arrow(),
        "right": osi["right"].to_arrow(),
        "bid": numcol("bid"), "ask": numcol("ask"), "last": numcol("last_trade_price"),
        "volume": numcol("volume"), "open_interest": numcol("open_interest"),
        "underlying_bid": pa.array([underlying("bid")] * n, pa.float64()),
        "underlying_ask": pa.array([underlying("ask")] * n, pa.float64()),
        "underlying_last": pa.array([underlying("current_price") or underlying("close")] * n, pa.float64()),
    })
    lines = np.arange(1, n + 1, dtype=np.int64)
    out = _finish(report, canonical, lines, pre_bad)
    out.extra = {"prev_day_close": data.get("prev_day_close")}
    return out


def read_delayed_json(path: str | Path) -> FileReport:
    path = Path(path)
    try:
        with open(path, "rb") as fh:
            doc = json.loads(fh.read())
    except (OSError, UnicodeDecodeError) as exc:
        raise IngestError(f"{path}: cannot read the file ({exc}).") from None
    except ValueError as exc:
        raise IngestError(f"{path}: not valid JSON ({exc}).") from None
    return parse_document(doc, str(path))


def read_delayed(path: str | Path) -> FileReport:
    """Read either layout of the delayed quotes, detecting which."""
    from data.sources.layouts import require

    found = require(path, ("cboe-delayed-csv", "cboe-delayed-json"))
    if found.layout == "cboe-delayed-csv":
        return read_delayed_csv(path)
    return read_delayed_json(path)


# ---------------------------------------------------------------- writing (from any chain)


def _osi(root: str, exp: date, right: str, strike: float) -> str:
    return f"{root}{exp:%y%m%d}{right}{int(round(strike * 1000)):08d}"


def _roots(ticker: str, exp: date) -> str:
    """The root a listing uses: SPX's weeklies and dailies are SPXW, its third-Friday monthly SPX."""
    if ticker in ("SPX", "NDX", "RUT") and not (exp.weekday() == 4 and 15 <= exp.day <= 21):
        return {"SPX": "SPXW", "NDX": "NDXP", "RUT": "RUTW"}[ticker]
    return ticker


def _fmt(v) -> str:
    if v is None or (isinstance(v, float) and not np.isfinite(v)):
        return ""
    return f"{v:.2f}" if isinstance(v, float) else str(v)


def document(chain: pa.Table, ticker: str) -> dict:
    """The delayed-quotes JSON document of one ticker's chain snapshot (the layout the live source reads)."""
    df = pl.from_arrow(chain).filter(pl.col("ticker") == ticker).sort(["expiration", "strike", "right"])
    if df.is_empty():
        raise ValueError(f"no rows for {ticker}")
    ts = df["ts"][0].astimezone(cal.NY)
    ub, ua, ul = df["underlying_bid"][0], df["underlying_ask"][0], df["underlying_last"][0]
    options = [
        {"option": _osi(_roots(ticker, r["expiration"]), r["expiration"], r["right"], r["strike"]),
         "bid": r["bid"], "bid_size": 10, "ask": r["ask"], "ask_size": 10, "iv": 0.0,
         "open_interest": float(r["open_interest"]), "volume": float(r["volume"]), "delta": 0.0, "gamma": 0.0,
         "vega": 0.0, "theta": 0.0, "rho": 0.0, "theo": 0.0, "change": 0.0, "open": 0.0, "high": 0.0, "low": 0.0,
         "tick": "no_change", "last_trade_price": r["last"] if r["last"] is not None else 0.0,
         "last_trade_time": None, "percent_change": 0.0, "prev_day_close": 0.0}
        for r in df.iter_rows(named=True)]
    sym = f"_{ticker}" if ticker in INDEX_SYMBOLS else ticker
    return {"timestamp": ts.strftime("%Y-%m-%d %H:%M:%S"), "symbol": sym,
            "data": {"symbol": sym, "security_type": "index" if ticker in INDEX_SYMBOLS else "stock",
                     "current_price": ul, "bid": ub or 0.0, "ask": ua or 0.0, "close": ul,
                     "prev_day_close": ul, "options": options}}


def write_csv(chain: pa.Table, ticker: str, path: str | Path | None = None, title: str = "") -> str:
    """The delayed-quotes page's CSV download of one ticker's chain snapshot (returns the text)."""
    df = pl.from_arrow(chain).filter(pl.col("ticker") == ticker).sort(["expiration", "strike", "right"])
    ts = df["ts"][0].astimezone(cal.NY)
    zone = ts.tzname() or "ET"
    ul, ub, ua = df["underlying_last"][0], df["underlying_bid"][0], df["underlying_ask"][0]
    buf = io.StringIO()
    w = csv.writer(buf, lineterminator="\n")
    buf.write(f"{title}\n")
    w.writerow([f"{ticker} options", f"Last: {ul:.2f}", "Change: 0.00"])
    hour = ts.strftime("%I").lstrip("0")
    w.writerow([f"Date: {ts.strftime('%B')} {ts.day}, {ts.year} at {hour}:{ts:%M %p} {zone}",
                f"Bid: {ub or 0:.2f}", f"Ask: {ua or 0:.2f}", "Size: 1*1", "Volume: 0"])
    w.writerow(CSV_HEADER)
    calls = df.filter(pl.col("right") == "C")
    puts = df.filter(pl.col("right") == "P")
    pairs = calls.join(puts, on=["expiration", "strike"], how="full", suffix="_p", coalesce=True) \
        .sort(["expiration", "strike"])
    for r in pairs.iter_rows(named=True):
        exp = r["expiration"]
        row = [exp.strftime("%a %b %d %Y")]
        for sfx, right in (("", "C"), ("_p", "P")):
            if r[f"bid{sfx}"] is None:
                side = [""] * 10
            else:
                side = [_osi(_roots(ticker, exp), exp, right, r["strike"]), _fmt(r[f"last{sfx}"] or 0.0), "0.00",
                        _fmt(r[f"bid{sfx}"]), _fmt(r[f"ask{sfx}"]), str(r[f"volume{sfx}"]), "0.0000", "0.0000",
                        "0.0000", str(r[f"open_interest{sfx}"])]
            if right == "C":
                row += side + [f"{r['strike']:.2f}"]
            else:
                row += side
        w.writerow(row)
    text = buf.getvalue()
    if path is not None:
        Path(path).write_text(text)
    return text
