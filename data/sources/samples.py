"""Vendor-layout files written from the synthetic market, for the tests, the benchmarks and trials.

Nothing here reaches a vendor: the synthetic market's chains and prints are written in the exact
layouts the readers accept — Cboe delayed-quotes CSV/JSON (``data.sources.cboe_delayed``), Databento DBN
(encoded with ``databento-dbn``'s own record classes) and Massive flat files (CSV.gz).
"""

from __future__ import annotations

import gzip
import io
import json
from datetime import UTC, datetime, timedelta
from pathlib import Path

import numpy as np
import polars as pl
import pyarrow as pa

from domain import market_calendar as cal
from data.sources.cboe_delayed import _roots, document, write_csv

KEY = ["ticker", "expiration", "strike", "right"]


def market(seed: int = 7, tickers: list[str] | None = None):
    from data.sources.synthetic import SyntheticMarket
    from data.universe import symbols

    return SyntheticMarket(seed, tickers or symbols())


def delayed_files(mkt, ticker: str, ts: datetime, folder: Path) -> tuple[Path, Path]:
    """The CSV download and the JSON document of ``ticker`` at ``ts`` (the document's own time)."""
    chain = mkt.chain(ticker, ts)
    folder.mkdir(parents=True, exist_ok=True)
    csv_path = folder / f"{ticker.lower()}_quotedata.csv"
    write_csv(chain, ticker, csv_path)
    json_path = folder / f"{ticker}.json"
    json_path.write_text(json.dumps(document(chain, ticker)))
    return csv_path, json_path


def day_flow(mkt, tickers: list[str], day, until: datetime | None = None) -> tuple[pl.DataFrame, pl.DataFrame, pl.DataFrame]:
    """(prints, quotes, open interest) of a session: prints with their NBBO, quotes every 5 minutes of
    every listed contract plus the NBBO at each print, open interest at the open."""
    sess = cal.session(day)
    end = min(until or sess[1], sess[1])
    prints = pl.from_arrow(pa.concat_tables([mkt.trades(t, sess[0], end) for t in tickers]))
    snaps = []
    t = sess[0] + timedelta(minutes=1)
    while t <= end:
        snaps.append(pl.from_arrow(pa.concat_tables([mkt.chain(tk, t) for tk in tickers])))
        t += timedelta(minutes=5)
    chains = pl.concat(snaps)
    quotes = pl.concat([
        chains.select("ts", *KEY, "bid", "ask"),
        prints.select(pl.col("ts") - pl.duration(microseconds=1), *KEY, "bid", "ask"),
    ]).sort("ts")
    oi = chains.filter(pl.col("ts") == chains["ts"].min()).select(*KEY, "open_interest")
    return prints, quotes, oi


def _osi(ticker: str, exp, right: str, strike: float, padded: bool) -> str:
    root = _roots(ticker, exp)
    root = root.ljust(6) if padded else root
    return f"{root}{exp:%y%m%d}{right}{int(round(strike * 1000)):08d}"


def _ns(ts: pl.Series) -> np.ndarray:
    return ts.dt.epoch("us").to_numpy().astype(np.int64) * 1000


def write_dbn(prints: pl.DataFrame, quotes: pl.DataFrame, oi: pl.DataFrame, folder: Path,
              stem: str = "opra") -> dict[str, Path]:
    """Three DBN files as a vendor delivers them: ``tbbo`` (each print with the NBBO), ``definition``,
    ``statistics`` (open interest). ``quotes`` only supplies the NBBO stream's contract list."""
    import databento_dbn as dbn

    folder.mkdir(parents=True, exist_ok=True)
    contracts = (pl.concat([prints.select(KEY), quotes.select(KEY), oi.select(KEY)]).unique()
                 .sort(KEY).with_row_index("iid", offset=1000))
    start = int(_ns(prints["ts"]).min()) if prints.height else 0
    end = int(_ns(prints["ts"]).max()) + 1 if prints.height else 1
    paths = {}

    def meta(schema) -> bytes:
        return bytes(dbn.Metadata("OPRA.PILLAR", start, dbn.SType.RAW_SYMBOL, dbn.SType.INSTRUMENT_ID, schema,
                                  symbols=["ALL_SYMBOLS"], end=end))

    # definitions
    buf = io.BytesIO()
    buf.write(meta(dbn.Schema.DEFINITION))
    for r in contracts.iter_rows(named=True):
        exp_ns = int(cal.expiry_instant(r["expiration"]).timestamp()) * 10**9
        buf.write(bytes(dbn.InstrumentDefMsg(
            publisher_id=1, instrument_id=int(r["iid"]), ts_event=start, ts_recv=start, min_price_increment=10**7,
            display_factor=10**9, raw_symbol=_osi(r["ticker"], r["expiration"], r["right"], r["strike"], True),
            asset=_roots(r["ticker"], r["expiration"]), security_type="OOC",
            instrument_class=dbn.InstrumentClass.CALL if r["right"] == "C" else dbn.InstrumentClass.PUT,
            security_update_action=dbn.SecurityUpdateAction.ADD, expiration=exp_ns,
            strike_price=int(round(r["strike"] * 1e9)), underlying=r["ticker"])))
    paths["definition"] = folder / f"{stem}.definition.dbn"
    paths["definition"].write_bytes(buf.getvalue())
    # tbbo: trades with the NBBO before each
    ids = prints.join(contracts, on=KEY, how="left", maintain_order="left")
    ts_ns = _ns(ids["ts"])
    px = np.round(ids["price"].to_numpy() * 1e9).astype(np.int64)
    bid = np.round(ids["bid"].fill_null(0).to_numpy() * 1e9).astype(np.int64)
    ask = np.round(ids["ask"].fill_null(0).to_numpy() * 1e9).astype(np.int64)
    size = ids["size"].to_numpy()
    iid = ids["iid"].to_numpy()
    buf = io.BytesIO()
    buf.write(meta(dbn.Schema.TBBO))
    for i in range(ids.height):
        buf.write(bytes(dbn.MBP1Msg(
            publisher_id=1, instrument_id=int(iid[i]), ts_event=int(ts_ns[i]), price=int(px[i]), size=int(size[i]),
            action=dbn.Action.TRADE, side=dbn.Side.NONE, depth=0, ts_recv=int(ts_ns[i]) + 1000,
            levels=dbn.BidAskPair(bid_px=int(bid[i]), ask_px=int(ask[i]), bid_sz=10, ask_sz=10))))
    paths["tbbo"] = folder / f"{stem}.tbbo.dbn"
    paths["tbbo"].write_bytes(buf.getvalue())
    # quotes (bbo-1m style stream) so the chain has every listed contract's NBBO
    qid = quotes.join(contracts, on=KEY, how="left", maintain_order="left")
    q_ns, q_bid, q_ask, q_iid = (_ns(qid["ts"]), np.round(qid["bid"].to_numpy() * 1e9).astype(np.int64),
                                 np.round(qid["ask"].to_numpy() * 1e9).astype(np.int64), qid["iid"].to_numpy())
    buf = io.BytesIO()
    buf.write(meta(dbn.Schema.MBP_1))
    for i in range(qid.height):
        buf.write(bytes(dbn.MBP1Msg(
            publisher_id=1, instrument_id=int(q_iid[i]), ts_event=int(q_ns[i]), price=dbn.UNDEF_PRICE, size=0,
            action=dbn.Action.MODIFY, side=dbn.Side.NONE, depth=0, ts_recv=int(q_ns[i]) + 1000,
            levels=dbn.BidAskPair(bid_px=int(q_bid[i]), ask_px=int(q_ask[i]), bid_sz=10, ask_sz=10))))
    paths["mbp-1"] = folder / f"{stem}.mbp-1.dbn"
    paths["mbp-1"].write_bytes(buf.getvalue())
    # statistics: open interest
    oid = oi.join(contracts, on=KEY, how="left", maintain_order="left")
    buf = io.BytesIO()
    buf.write(meta(dbn.Schema.STATISTICS))
    for r in oid.iter_rows(named=True):
        buf.write(bytes(dbn.StatMsg(
            publisher_id=1, instrument_id=int(r["iid"]), ts_event=start, ts_recv=start, ts_ref=start,
            price=dbn.UNDEF_PRICE, quantity=int(r["open_interest"]), sequence=0, ts_in_delta=0,
            stat_type=dbn.StatType.OPEN_INTEREST, channel_id=0, update_action=dbn.StatUpdateAction.NEW,
            stat_flags=0)))
    paths["statistics"] = folder / f"{stem}.statistics.dbn"
    paths["statistics"].write_bytes(buf.getvalue())
    return paths


def write_massive(prints: pl.DataFrame, quotes: pl.DataFrame, folder: Path, stem: str = "options") -> dict[str, Path]:
    """The day's options trades and quotes flat files (CSV.gz, OCC tickers ``O:…``)."""
    folder.mkdir(parents=True, exist_ok=True)

    def occ(df: pl.DataFrame) -> pl.Series:
        return pl.Series("ticker", ["O:" + _osi(t, e, r, k, False) for t, e, r, k in
                                    zip(df["ticker"], df["expiration"], df["right"], df["strike"], strict=True)])

    trades = pl.DataFrame({
        "ticker": occ(prints), "conditions": ["209"] * prints.height, "correction": [0] * prints.height,
        "exchange": [300] * prints.height, "participant_timestamp": _ns(prints["ts"]) - 500,
        "price": prints["price"], "sip_timestamp": _ns(prints["ts"]), "size": prints["size"]})
    q = pl.DataFrame({
        "ticker": occ(quotes), "ask_exchange": [300] * quotes.height, "ask_price": quotes["ask"],
        "ask_size": [10] * quotes.height, "bid_exchange": [300] * quotes.height, "bid_price": quotes["bid"],
        "bid_size": [10] * quotes.height, "sequence_number": np.arange(quotes.height),
        "sip_timestamp": _ns(quotes["ts"])})
    paths = {"trades": folder / f"{stem}_trades.csv.gz", "quotes": folder / f"{stem}_quotes.csv.gz"}
    for name, df in (("trades", trades), ("quotes", q)):
        with gzip.open(paths[name], "wb", compresslevel=1) as fh:
            df.write_csv(fh)
    return paths


def opra_records(prints: pl.DataFrame, oi: pl.DataFrame) -> dict[str, list]:
    """The records of an OPRA subscription in Databento's layout, built with ``databento-dbn``'s record
    classes: ``definition`` (one per contract), ``statistics`` (the morning's open interest, stat_type 9)
    and ``tcbbo`` (each print with the consolidated NBBO just before it, ``ts_recv`` 1 µs after the event).
    """
    import databento_dbn as dbn

    contracts = (pl.concat([prints.select(KEY), oi.select(KEY)]).unique().sort(KEY)
                 .with_row_index("iid", offset=1000))
    start = int(_ns(prints["ts"]).min()) - 60 * 10**9 if prints.height else 0
    defs = []
    for r in contracts.iter_rows(named=True):
        exp_ns = int(cal.expiry_instant(r["expiration"]).timestamp()) * 10**9
        defs.append(dbn.InstrumentDefMsg(
            publisher_id=1, instrument_id=int(r["iid"]), ts_event=start, ts_recv=start, min_price_increment=10**7,
            display_factor=10**9, raw_symbol=_osi(r["ticker"], r["expiration"], r["right"], r["strike"], True),
            asset=_roots(r["ticker"], r["expiration"]), security_type="OOC",
            instrument_class=dbn.InstrumentClass.CALL if r["right"] == "C" else dbn.InstrumentClass.PUT,
            security_update_action=dbn.SecurityUpdateAction.ADD, expiration=exp_ns,
            strike_price=int(round(r["strike"] * 1e9)), underlying=r["ticker"]))
    stats = []
    for r in oi.join(contracts, on=KEY, how="left", maintain_order="left").iter_rows(named=True):
        stats.append(dbn.StatMsg(
            publisher_id=1, instrument_id=int(r["iid"]), ts_event=start, ts_recv=start, ts_ref=start,
            price=dbn.UNDEF_PRICE, quantity=int(r["open_interest"]), sequence=0, ts_in_delta=0,
            stat_type=dbn.StatType.OPEN_INTEREST, channel_id=0, update_action=dbn.StatUpdateAction.NEW,
            stat_flags=0))
    ids = prints.join(contracts, on=KEY, how="left", maintain_order="left")
    ts_ns = _ns(ids["ts"])
    px = np.round(ids["price"].to_numpy() * 1e9).astype(np.int64)
    bid = np.round(ids["bid"].fill_null(0).to_numpy() * 1e9).astype(np.int64)
    ask = np.round(ids["ask"].fill_null(0).to_numpy() * 1e9).astype(np.int64)
    size, iid = ids["size"].to_numpy(), ids["iid"].to_numpy()
    trades = [dbn.CMBP1Msg(
        rtype=dbn.RType.TCBBO, publisher_id=1, instrument_id=int(iid[i]), ts_event=int(ts_ns[i]), price=int(px[i]),
        size=int(size[i]), action=dbn.Action.TRADE, side=dbn.Side.NONE, ts_recv=int(ts_ns[i]) + 1000,
        levels=dbn.ConsolidatedBidAskPair(bid_px=int(bid[i]), ask_px=int(ask[i]), bid_sz=10, ask_sz=10))
        for i in range(ids.height)]
    return {"definition": defs, "statistics": stats, "tcbbo": trades}


def dbn_bytes(records: list, schema=None, start: int = 0, end: int | None = None) -> bytes:
    """A DBN stream: the metadata header (``schema=None`` for a live session's mixed records), then the
    records."""
    import databento_dbn as dbn

    meta = dbn.Metadata("OPRA.PILLAR", start, dbn.SType.PARENT, dbn.SType.INSTRUMENT_ID, schema,
                        symbols=["ALL_SYMBOLS"], end=end)
    return bytes(meta) + b"".join(bytes(r) for r in records)


def write_opra_dbn(prints: pl.DataFrame, oi: pl.DataFrame, folder: Path, stem: str = "opra") -> dict[str, Path]:
    """OPRA's layout as three DBN files: ``definition``, ``tcbbo`` and ``statistics``."""
    import databento_dbn as dbn

    folder.mkdir(parents=True, exist_ok=True)
    recs = opra_records(prints, oi)
    start = int(recs["definition"][0].ts_event) if recs["definition"] else 0
    end = int(_ns(prints["ts"]).max()) + 1 if prints.height else 1
    schemas = {"definition": dbn.Schema.DEFINITION, "statistics": dbn.Schema.STATISTICS, "tcbbo": dbn.Schema.TCBBO}
    paths = {}
    for name, schema in schemas.items():
        paths[name] = folder / f"{stem}.{name}.dbn"
        paths[name].write_bytes(dbn_bytes(recs[name], schema, start, end))
    return paths


# Massive's options trade conditions the recording uses: single-leg prints and the legs of multi-leg orders
# (docs/data-sources.md, "Massive live").
MASSIVE_SINGLE_CODES = (209, 227, 229, 219)
MASSIVE_LEG_CODES = (232, 233, 234, 235)


def massive_events(prints: pl.DataFrame, quotes: pl.DataFrame, oi: pl.DataFrame) -> tuple[list[dict], dict[str, int]]:
    """A session as Massive's options WebSocket sends it: ``Q`` quote events and ``T`` trade events (JSON
    dicts, SIP time ``t`` in Unix milliseconds, sequence number ``q`` in time order, quotes before a print
    at the same time), and the morning's open interest by OCC ticker (what the REST snapshot serves).
    Single prints carry a single-leg condition, the legs of the market's spreads and butterflies a
    multi-leg one (``MASSIVE_LEG_CODES``, by package)."""
    def occ(df: pl.DataFrame) -> list[str]:
        return ["O:" + _osi(t, e, r, k, False) for t, e, r, k in
                zip(df["ticker"], df["expiration"], df["right"], df["strike"], strict=True)]

    rows = []
    q_us = quotes["ts"].dt.epoch("us").to_list()
    for sym, us, b, a in zip(occ(quotes), q_us, quotes["bid"].to_list(), quotes["ask"].to_list(), strict=True):
        rows.append((us, 0, {"ev": "Q", "sym": sym, "bx": 300, "bp": b, "bs": 10, "ax": 300, "ap": a, "as": 10,
                             "t": us // 1000}))
    p_us = prints["ts"].dt.epoch("us").to_list()
    cond, pkg = prints["condition"].to_list(), prints["package_id"].to_list()
    for i, (sym, us, px, sz) in enumerate(zip(occ(prints), p_us, prints["price"].to_list(), prints["size"].to_list(),
                                             strict=True)):
        code = (MASSIVE_SINGLE_CODES[i % len(MASSIVE_SINGLE_CODES)] if cond[i] == "single" or pkg[i] is None
                else MASSIVE_LEG_CODES[pkg[i] % len(MASSIVE_LEG_CODES)])
        rows.append((us, 1, {"ev": "T", "sym": sym, "x": 300, "p": px, "s": int(sz), "c": [code], "t": us // 1000}))
    rows.sort(key=lambda r: (r[0], r[1]))
    events = []
    for n, (_us, _kind, ev) in enumerate(rows, start=1):
        ev["q"] = n
        events.append(ev)
    return events, dict(zip(occ(oi), (int(v) for v in oi["open_interest"].to_list()), strict=True))


__all__ = ["market", "delayed_files", "day_flow", "write_dbn", "write_massive", "opra_records", "dbn_bytes",
           "write_opra_dbn", "massive_events", "UTC"]
