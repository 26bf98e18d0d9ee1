"""Option trade prints and the NBBO from vendor files, for trade-flow positioning.

Two vendor formats, each read with the vendor's own library:

* **Databento DBN** (``.dbn`` or zstd-compressed ``.dbn.zst``; ``databento-dbn``): the library's ``Transcoder`` turns the
  binary records into CSV text in memory (fixed-point prices and nanosecond times kept as integers),
  which pyarrow parses. Schemas read: ``tbbo``/``tcbbo`` (each trade with the NBBO just before it),
  ``mbp-1``/``bbo-1s``/``bbo-1m``/``cbbo-1s``/``cbbo-1m`` (quotes; ``mbp-1`` trades too),
  ``definition`` (instrument id → OSI symbol, the contract) and ``statistics`` (open interest,
  ``stat_type`` 9). Prices are in units of 1e-9; ``UNDEF_PRICE`` means no price.
* **Massive (formerly Polygon) flat files** (CSV.gz): options ``trades`` (``ticker, conditions,
  correction, exchange, participant_timestamp, price, sip_timestamp, size``) and ``quotes`` (``ticker,
  ask_exchange, ask_price, ask_size, bid_exchange, bid_price, bid_size, participant_timestamp,
  sequence_number, sip_timestamp``), with OCC tickers such as ``O:SPXW251121C06600000``. The column names
  are the library's record fields (``massive.rest.models.Trade``/``Quote``); times are nanoseconds.

From the files: each print's NBBO (DBN tbbo: the record's own; Massive: the latest quote at or before
the print), the underlying price (not in option feeds: read from put–call parity of the NBBO at each
minute on the nearest expiration, ``data.sources.carry.parity_forward``, carried forward between
minutes), and one snapshot per 5-minute grid time the prints cover (plus the close when covered). Each
snapshot's chain is the latest NBBO of every quoted contract with the day's open interest (DBN
statistics records, or ``--open-interest FILE`` in any chain layout). The book starts from the
open-interest convention and each window's prints move it with the existing classification rules
(``docs/methodology.md`` §2). Neither format links the legs of a multi-leg order: prints of one underlying
at the same time stamp on different contracts with equal sizes (or 1:2:1 across three strikes) are taken
as one order's legs and classified as a package (``match_legs``); Massive's condition codes are not read.
This module reads; ``data.orchestration.ingest`` builds the snapshots and publishes them.
"""

from __future__ import annotations

import io
from dataclasses import dataclass, field
from datetime import timedelta
from pathlib import Path

import numpy as np
import polars as pl
import pyarrow as pa
import pyarrow.csv as pv

from domain import market_calendar as cal
from data.sources.ingest import FileReport, IngestError, IngestFailed, ragged_row_skipper
from data.sources.schemas import CHAIN_SCHEMA
from data.sources.cboe_delayed import ROOT_ALIASES, osi_parts

KEY = ["ticker", "expiration", "strike", "right"]
PX = 1e-9
UNDEF_PRICE = 9223372036854775807
DBN_TRADE_SCHEMAS = {"tbbo", "tcbbo", "mbp-1"}
DBN_QUOTE_SCHEMAS = {"tbbo", "tcbbo", "mbp-1", "bbo-1s", "bbo-1m", "cbbo-1s", "cbbo-1m", "cmbp-1"}
DBN_SCHEMAS = DBN_QUOTE_SCHEMAS | {"definition", "statistics"}
OPEN_INTEREST_STAT = 9
QUOTE_MAX_AGE = timedelta(minutes=30)


@dataclass
class VendorData:
    trades: list[pl.DataFrame] = field(default_factory=list)   # ts, contract key, price, size, bid, ask
    quotes: list[pl.DataFrame] = field(default_factory=list)   # ts, contract key, bid, ask
    oi: list[pl.DataFrame] = field(default_factory=list)       # contract key, open_interest
    reports: list[FileReport] = field(default_factory=list)
    legs_by_time: bool = False   # no package flags: legs are matched by time and size (DBN)


def _contracts(symbols: pl.Series) -> pl.DataFrame:
    parts = osi_parts(symbols)
    return parts.with_columns(ticker=pl.col("root").replace(ROOT_ALIASES))


def _ns_to_ts(col: str) -> pl.Expr:
    return pl.col(col).cast(pl.Int64).floordiv(1000).cast(pl.Datetime("us", "UTC"))


# ---------------------------------------------------------------- Databento DBN


def _dbn_metadata(path: Path):
    import databento_dbn as dbn

    zst = path.name.lower().endswith(".zst")
    compression = dbn.Compression.ZSTD if zst else dbn.Compression.NONE
    try:
        data = path.read_bytes()
    except OSError as exc:
        raise IngestError(f"{path}: cannot open the file ({exc.strerror or exc}).") from None
    dec = dbn.DBNDecoder(compression=compression)
    try:
        dec.write(data if zst else data[:65536])
        recs = dec.decode()
    except Exception as exc:  # the library raises DBNError (and ValueError on a truncated header)
        raise IngestError(f"{path}: not a readable DBN file ({exc}).") from None
    if not recs or not isinstance(recs[0], dbn.Metadata):
        raise IngestError(f"{path}: a DBN file without its metadata header.")
    if zst:  # the library decompressed it: hand the transcoder the plain DBN stream
        data = bytes(recs[0]) + b"".join(bytes(r) for r in recs[1:])
    return recs[0], data, dbn.Compression.NONE


def _dbn_csv(path: Path, data: bytes, compression) -> pa.Table:
    import databento_dbn as dbn

    out = io.BytesIO()
    try:
        tr = dbn.Transcoder(out, dbn.Encoding.CSV, dbn.Compression.NONE, pretty_px=False, pretty_ts=False,
                            map_symbols=False)
        tr.write(data)
        tr.flush()
    except IngestError:
        raise
    except Exception as exc:
        raise IngestError(f"{path}: the DBN records cannot be decoded ({exc}).") from None
    text = out.getvalue()
    if not text.strip():
        return pa.table({})
    return pv.read_csv(io.BytesIO(text), read_options=pv.ReadOptions(use_threads=True),
                       convert_options=pv.ConvertOptions(column_types={"raw_symbol": pa.string(),
                                                                       "action": pa.string(),
                                                                       "side": pa.string()}))


def read_dbn_files(paths: list[Path]) -> VendorData:
    out = VendorData(legs_by_time=True)
    defs: list[pl.DataFrame] = []
    pending: list[tuple[FileReport, pl.DataFrame, str]] = []
    for path in paths:
        meta, data, comp = _dbn_metadata(path)
        schema = str(meta.schema) if meta.schema is not None else ""
        if schema not in DBN_SCHEMAS:
            raise IngestError(f"{path}: DBN schema {schema or 'mixed'!r} is not read; accepted DBN schemas: "
                              f"{', '.join(sorted(DBN_SCHEMAS))}.")
        table = _dbn_csv(path, data, comp)
        df = pl.from_arrow(table) if table.num_columns else pl.DataFrame()
        report = FileReport(str(path), rows=df.height, unit="record")
        report.layout = f"dbn:{schema}"
        out.reports.append(report)
        if df.is_empty():
            report.table = CHAIN_SCHEMA.empty_table()
            continue
        df = df.with_columns(_rec=pl.int_range(1, df.height + 1))
        if schema == "definition":
            d = df.select("instrument_id", "raw_symbol", "_rec")
            parts = _contracts(d["raw_symbol"])
            d = pl.concat([d, parts.select("ticker", "expiration", "strike", "right")], how="horizontal")
            bad = d.filter(pl.col("expiration").is_null())
            report.bad = [(r, f"definition {s!r} is not an OSI option symbol")
                          for r, s in zip(bad["_rec"], bad["raw_symbol"], strict=True)]
            defs.append(d.filter(pl.col("expiration").is_not_null()).drop("_rec", "raw_symbol"))
        else:
            pending.append((report, df, schema))
        report.table = CHAIN_SCHEMA.empty_table()
    if not defs and pending:
        raise IngestError("no DBN definition file was given: the instrument ids of "
                          f"{Path(pending[0][0].path).name} cannot be mapped to contracts (add the "
                          f"'definition' schema file of the same day).")
    ids = (pl.concat(defs).unique("instrument_id", keep="last") if defs else
           pl.DataFrame(schema={"instrument_id": pl.Int64}))
    for report, df, schema in pending:
        df = df.join(ids, on="instrument_id", how="left")
        missing = df.filter(pl.col("ticker").is_null())
        report.bad = [(r, f"instrument_id {i} has no definition") for r, i in
                      zip(missing["_rec"].to_list()[:1000], missing["instrument_id"].to_list()[:1000], strict=True)]
        if missing.height > 1000:
            report.bad.append((-1, f"... and {missing.height - 1000} more records without a definition"))
        df = df.filter(pl.col("ticker").is_not_null())
        ts = _ns_to_ts("ts_event").alias("ts")
        if schema == "statistics":
            oi = (df.filter(pl.col("stat_type") == OPEN_INTEREST_STAT).sort("ts_event")
                  .group_by(KEY).agg(open_interest=pl.col("quantity").last()))
            out.oi.append(oi)
            continue
        # Rounded to the 1e-9 grid the prices were sent on: 3_460_000_000 units read 3.46, not
        # 3.4600000000000004, so a print at the edge of the quote band classifies as its cents say.
        px = lambda c: pl.when(pl.col(c) == UNDEF_PRICE).then(None).otherwise((pl.col(c) * PX).round(9))  # noqa: E731
        if schema in DBN_QUOTE_SCHEMAS and "bid_px_00" in df.columns:
            out.quotes.append(df.select(ts, *KEY, bid=px("bid_px_00"), ask=px("ask_px_00")))
        if schema in DBN_TRADE_SCHEMAS:
            tr = df.filter(pl.col("action") == "T") if "action" in df.columns else df
            bad_px = tr.filter((pl.col("price") == UNDEF_PRICE) | (pl.col("price") <= 0) | (pl.col("size") <= 0))
            report.bad += [(r, "trade without a positive price and size") for r in bad_px["_rec"].to_list()[:1000]]
            out.trades.append(tr.select(ts, *KEY, price=px("price"), size=pl.col("size").cast(pl.Int64),
                                        bid=px("bid_px_00"), ask=px("ask_px_00")))
    return out


# ---------------------------------------------------------------- Massive flat files


def _massive_fields() -> tuple[set[str], set[str]]:
    """The record fields of the vendor library's trade and quote models."""
    import dataclasses

    from massive.rest.models import Quote, Trade

    return {f.name for f in dataclasses.fields(Trade)}, {f.name for f in dataclasses.fields(Quote)}


def _read_massive_csv(path: Path) -> tuple[pa.Table, np.ndarray, list[tuple[int, str]]]:
    skipped, on_invalid = ragged_row_skipper()

    try:
        table = pv.read_csv(path, read_options=pv.ReadOptions(use_threads=True),
                            parse_options=pv.ParseOptions(invalid_row_handler=on_invalid),
                            convert_options=pv.ConvertOptions(column_types={"ticker": pa.string()},
                                                              strings_can_be_null=True))
    except (pa.ArrowInvalid, OSError) as exc:
        raise IngestError(f"{path}: cannot read the file as CSV ({str(exc).splitlines()[0]}).") from None
    gone = sorted(n for n, _ in skipped)
    lines = np.arange(2, 2 + table.num_rows + len(gone), dtype=np.int64)
    if gone:
        lines = lines[~np.isin(lines, np.asarray(gone))][: table.num_rows]
    return table, lines, skipped


def read_massive_files(paths: list[Path]) -> VendorData:
    from data.sources.layouts import require

    trade_fields, quote_fields = _massive_fields()
    out = VendorData(legs_by_time=True)
    for path in paths:
        found = require(path, ("massive-trades", "massive-quotes"))
        table, lines, skipped = _read_massive_csv(path)
        report = FileReport(str(path), rows=table.num_rows + len(skipped), unit="line")
        report.layout = found.layout
        out.reports.append(report)
        fields = trade_fields if found.layout == "massive-trades" else quote_fields
        unknown = [c for c in table.column_names if c not in fields and c != "ticker"]
        if unknown:
            raise IngestError(f"{path}: column(s) {', '.join(unknown)} are not fields of a Massive "
                              f"{'trade' if found.layout == 'massive-trades' else 'quote'} record.")
        df = pl.from_arrow(table).with_columns(_line=pl.Series(lines, dtype=pl.Int64))
        tick = df["ticker"].cast(pl.String).fill_null("")
        parts = _contracts(tick.str.strip_prefix("O:"))
        df = pl.concat([df, parts.select(pl.col("ticker").alias("_tk"),
                                         "expiration", "strike", "right")], how="horizontal")
        bad = list(skipped)
        not_occ = df.filter(~tick.str.starts_with("O:") | pl.col("expiration").is_null())
        bad += [(int(n), f"ticker {t!r} is not an OCC option ticker (O:ROOTyymmddC00000000)")
                for n, t in zip(not_occ["_line"], not_occ["ticker"], strict=True)]
        df = df.filter(tick.str.starts_with("O:") & pl.col("expiration").is_not_null())
        df = df.drop("ticker").rename({"_tk": "ticker"})
        ts = _ns_to_ts("sip_timestamp").alias("ts")
        if found.layout == "massive-trades":
            num = df.with_columns(pl.col("price").cast(pl.Float64, strict=False),
                                  pl.col("size").cast(pl.Float64, strict=False),
                                  pl.col("sip_timestamp").cast(pl.Int64, strict=False))
            wrong = num.filter(~((pl.col("price") > 0) & (pl.col("size") > 0) & pl.col("sip_timestamp").is_not_null()))
            bad += [(int(n), "price, size and sip_timestamp must be positive numbers") for n in wrong["_line"]]
            if "correction" in num.columns:   # corrected/cancelled prints are not trades to book
                num = num.filter(pl.col("correction").fill_null(0).cast(pl.Int64, strict=False).fill_null(0) == 0)
            good = num.filter((pl.col("price") > 0) & (pl.col("size") > 0) & pl.col("sip_timestamp").is_not_null())
            out.trades.append(good.select(ts, *KEY, price="price", size=pl.col("size").cast(pl.Int64),
                                          bid=pl.lit(None, pl.Float64), ask=pl.lit(None, pl.Float64)))
        else:
            num = df.with_columns(pl.col("bid_price").cast(pl.Float64, strict=False),
                                  pl.col("ask_price").cast(pl.Float64, strict=False),
                                  pl.col("sip_timestamp").cast(pl.Int64, strict=False))
            wrong = num.filter(pl.col("bid_price").is_null() | pl.col("ask_price").is_null()
                               | pl.col("sip_timestamp").is_null() | (pl.col("bid_price") < 0)
                               | (pl.col("ask_price") < pl.col("bid_price")))
            bad += [(int(n), "bid_price/ask_price/sip_timestamp unreadable, or ask below bid")
                    for n in wrong["_line"]]
            good = num.filter(~(pl.col("bid_price").is_null() | pl.col("ask_price").is_null()
                                | pl.col("sip_timestamp").is_null() | (pl.col("bid_price") < 0)
                                | (pl.col("ask_price") < pl.col("bid_price"))))
            out.quotes.append(good.select(ts, *KEY, bid="bid_price", ask="ask_price"))
        report.bad = sorted(bad)
        report.table = CHAIN_SCHEMA.empty_table()
    return out


# ---------------------------------------------------------------- open interest from a chain file


def open_interest_from(path: str | Path) -> pl.DataFrame:
    """Open interest per contract from any chain layout the ingest commands read."""
    from data.sources.ingest import read_cboe, read_chain_file
    from data.sources.cboe_delayed import read_delayed_csv, read_delayed_json
    from data.sources.layouts import require

    found = require(path, ("cboe-delayed-csv", "cboe-delayed-json", "cboe-eod", "chain-csv", "chain-parquet"))
    reader = {"cboe-delayed-csv": read_delayed_csv, "cboe-delayed-json": read_delayed_json, "cboe-eod": read_cboe,
              "chain-csv": read_chain_file, "chain-parquet": read_chain_file}[found.layout]
    rep = reader(path)
    if rep.bad:
        raise IngestFailed([rep])
    return pl.from_arrow(rep.table).group_by(KEY).agg(pl.col("open_interest").first())


# ---------------------------------------------------------------- the underlying price


def parity_spots(quotes: pl.DataFrame, pairs_per_expiration: int = 3) -> pl.DataFrame:
    """Underlying price per ticker and minute from put–call parity of the NBBO standing at each minute.

    At each minute the latest two-sided quote of every contract (at most ``QUOTE_MAX_AGE`` old) is taken;
    on the nearest expiration with a call and a put quoted at one strike, the forward is the median of
    ``K + e^{rT}(C − P)`` over the ``pairs_per_expiration`` strikes with the smallest |C − P|, and the
    underlying price is ``F·e^{−rT}`` (the dividend over the nearest expiration is neglected).
    """
    from data.universe import rate_for

    q = quotes.filter((pl.col("bid") > 0) & (pl.col("ask") >= pl.col("bid")))
    empty = pl.DataFrame(schema={"ticker": pl.String, "minute": pl.Datetime("us", "UTC"), "spot": pl.Float64})
    if q.height == 0:
        return empty
    q = q.with_columns(mid=(pl.col("bid") + pl.col("ask")) / 2).sort("ts")
    first, last = q["ts"].min(), q["ts"].max()
    minutes = pl.datetime_range(first.replace(second=0, microsecond=0) + timedelta(minutes=1),
                                last.replace(second=0, microsecond=0) + timedelta(minutes=1), "1m",
                                time_zone="UTC", eager=True).cast(pl.Datetime("us", "UTC")).alias("minute")
    contracts = q.select(KEY).unique()
    grid = contracts.join(pl.DataFrame(minutes), how="cross").sort("minute")
    state = grid.join_asof(q.select(pl.col("ts").alias("minute"), *KEY, "mid"), on="minute", by=KEY,
                           strategy="backward", tolerance=QUOTE_MAX_AGE, check_sortedness=False).drop_nulls("mid")
    return spots_from_standing(state, rate_for(cal.ny_date(first)), pairs_per_expiration)


def spots_from_standing(state: pl.DataFrame, rate: float, pairs_per_expiration: int = 3) -> pl.DataFrame:
    """Underlying price per ticker and minute from the standing two-sided mids (columns: ``ticker``,
    ``minute``, contract key, ``mid``), as ``parity_spots`` describes; the streaming book
    (``data.sources.streaming``) hands it the quotes standing at one minute."""
    empty = pl.DataFrame(schema={"ticker": pl.String, "minute": pl.Datetime("us", "UTC"), "spot": pl.Float64})
    c = state.filter(pl.col("right") == "C").drop("right").rename({"mid": "c"})
    p = state.filter(pl.col("right") == "P").drop("right").rename({"mid": "p"})
    pairs = c.join(p, on=["ticker", "minute", "expiration", "strike"])
    if pairs.height == 0:
        return empty
    exps = pairs["expiration"].unique().to_list()
    close = pl.DataFrame({"expiration": exps,
                          "close": [cal.expiry_instant(e) for e in exps]}).with_columns(
        pl.col("close").cast(pl.Datetime("us", "UTC")))
    pairs = (pairs.join(close, on="expiration")
             .with_columns(t=(pl.col("close") - pl.col("minute")).dt.total_microseconds() / 1e6 / (365.0 * 86400.0))
             .filter(pl.col("t") > 0)
             .with_columns(diff=pl.col("c") - pl.col("p"))
             .with_columns(f=pl.col("strike") + (pl.col("t") * rate).exp() * pl.col("diff"),
                           rank=pl.col("diff").abs().rank("ordinal").over(["ticker", "minute", "expiration"])))
    fwd = (pairs.filter(pl.col("rank") <= pairs_per_expiration)
           .group_by(["ticker", "minute", "expiration"]).agg(pl.col("f").median(), pl.col("t").first())
           .sort("t").group_by(["ticker", "minute"], maintain_order=True).first())
    return (fwd.select("ticker", "minute", spot=pl.col("f") * (-pl.col("t") * rate).exp())
            .filter(pl.col("spot") > 0).sort(["ticker", "minute"]))


# ---------------------------------------------------------------- multi-leg prints without flags


def match_legs(prints: pl.DataFrame) -> pl.DataFrame:
    """``condition`` and ``package_id`` for prints without package links (DBN, Massive): prints of one ticker at the
    same time stamp on two or three different contracts are one order's legs when their sizes are equal
    (a two-leg spread) or, across three strikes, 1:2:1 (a butterfly, the body the middle strike)."""
    single = prints.with_columns(condition=pl.lit("single"), package_id=pl.lit(None, pl.Int64))
    if prints.height == 0:
        return single
    # Only prints sharing their (ticker, time stamp) with one or two others can be legs: the rules run on
    # those groups alone. A package's id is its (ticker, time stamp)'s dense rank among all the prints'.
    g = prints.select("ticker", "ts", *[k for k in KEY if k != "ticker"], "size").with_row_index("_row")
    g = g.filter(pl.len().over("ticker", "ts").is_in([2, 3]))
    if g.height == 0:
        return single
    pairs = (prints.select("ticker", "ts").unique().sort(["ticker", "ts"])
             .with_row_index("_pkg", offset=1).with_columns(pl.col("_pkg").cast(pl.Int64)))
    g = g.join(pairs, on=["ticker", "ts"], how="left").with_columns(
        _n=pl.len().over("ticker", "ts"),
        _contracts=pl.struct(KEY).n_unique().over("ticker", "ts"),
        _min=pl.col("size").min().over("ticker", "ts"),
        _max=pl.col("size").max().over("ticker", "ts"),
    )
    strike_rank = pl.col("strike").rank("ordinal").over("ticker", "ts")
    two = (pl.col("_n") == 2) & (pl.col("_contracts") == 2) & (pl.col("_min") == pl.col("_max"))
    fly_ok = ((pl.when(strike_rank == 2).then(pl.col("size") == 2 * pl.col("_min"))
               .otherwise(pl.col("size") == pl.col("_min"))).all().over("ticker", "ts"))
    three = ((pl.col("_n") == 3) & (pl.col("_contracts") == 3) & (pl.col("strike").n_unique().over("ticker", "ts") == 3)
             & fly_ok)
    g = g.select("_row", "_pkg", condition=pl.when(two).then(pl.lit("spread")).when(three).then(pl.lit("complex"))
                 .otherwise(pl.lit("single")))
    g = g.with_columns(package_id=pl.when(pl.col("condition") != "single").then(pl.col("_pkg"))
                       .otherwise(pl.lit(None, pl.Int64))).drop("_pkg")
    lab = pl.DataFrame({"_row": pl.int_range(0, prints.height, dtype=pl.UInt32, eager=True)}).join(
        g, on="_row", how="left", maintain_order="left")
    return prints.with_columns(condition=lab["condition"].fill_null("single"), package_id=lab["package_id"])
