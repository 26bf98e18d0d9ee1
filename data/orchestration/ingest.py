"""Ingesting files: read them (``data.sources``), compute their snapshots, publish them; all or nothing.

* ``ingest_files`` — chain files (Cboe EOD summary, canonical chains, Cboe delayed quotes): every file
  is validated first; the rows become open-interest snapshots (``pipeline.ingest_chain_table``).
* ``ingest_vendor`` — vendor prints and NBBO (Databento DBN, Massive flat files): one trade-flow
  snapshot per 5-minute grid time the prints cover (``build_trade_flow``; the rules are in the
  docstring of ``data.sources.vendor``).

Both refuse, with an ``IngestError`` naming the day, rows dated on a day the exchange calendar has no
session for (a weekend or an exchange holiday, ``domain.market_calendar``): a snapshot and a daily row cannot be
placed on it. A publish the store refuses because it holds different values at the same time
(``PublishConflict``: published history is immutable) becomes an ``IngestError`` too. Snapshots the
store already holds with the same values are left as they are and counted apart (``unchanged``), so
an identical re-ingest reports that nothing new was written.

Each records the provenance of the tickers it published (``data.store.provenance``).
"""

from __future__ import annotations

from datetime import date, datetime, timedelta
from pathlib import Path
from typing import NamedTuple

import polars as pl
import pyarrow as pa

from domain import market_calendar as cal
from data.compute.positioning import empty_book
from data.compute.snapshot import BookState, compute_snapshot, empty_tallies, state_from_batch
from data.orchestration.pipeline import ingest_chain_table, publish_args
from data.sources.carry import apply_market_carry
from data.sources.cboe_delayed import read_delayed
from data.sources.ingest import FileReport, IngestError, IngestFailed, fill_rates, read_cboe, read_chain_file
from data.sources.layouts import require
from data.sources.schemas import CHAIN_SCHEMA, TRADE_SCHEMA, validate_chain
from data.sources.vendor import (KEY, VendorData, match_legs, open_interest_from, parity_spots, read_dbn_files,
                                 read_massive_files)
from data.store import provenance
from data.store.parquet import PublishConflict, Store, read_manifest
from domain.timestamps import iso

GRID = timedelta(minutes=5)     # vendor prints: one snapshot per grid time they cover

ACCEPTED_LAYOUTS = {
    "cboe": ("cboe-eod",),
    "chain": ("chain-csv", "chain-parquet"),
    "cboe-delayed": ("cboe-delayed-csv", "cboe-delayed-json"),
}
PROVENANCE = {"cboe": "eod-file", "chain": "chain-file", "cboe-delayed": "cboe-delayed"}


# ---------------------------------------------------------------- guards shared by both


def refuse_closed_days(days: set[date]) -> None:
    """``IngestError`` when any of ``days`` (New York dates) has no session on the exchange calendar."""
    for day in sorted(days):
        if cal.is_trading_day(day):
            continue
        what = "an exchange holiday" if cal.is_holiday(day) else f"a {day.strftime('%A')}"
        raise IngestError(f"the file(s) hold rows dated {day.isoformat()}, and {day.isoformat()} is {what}: "
                          "the exchange calendar has no session to place a snapshot in.")


def _published_pairs(root) -> set[tuple[str, str]]:
    """(snapshot time, ticker) pairs the store holds now."""
    return {(e["ts"], t) for e in read_manifest(root).get("snapshots", []) for t in e["tickers"]}


def _conflict_error(exc: PublishConflict) -> IngestError:
    shown = ", ".join(f"{c['ticker']}@{c.get('ts') or c.get('date')}" for c in exc.conflicts[:10])
    more = f" and {len(exc.conflicts) - 10} more" if len(exc.conflicts) > 10 else ""
    return IngestError(f"the store already holds different values for {shown}{more} and published history is "
                       "immutable: nothing was published.")


def _split_unchanged(batches: list, before: set[tuple[str, str]]) -> tuple[list, list]:
    """(new, unchanged): a batch is unchanged when the store held every one of its tickers at its time
    before the publish (the store keeps those as they are: same values, or it would have refused)."""
    new, same = [], []
    for b in batches:
        (same if all((iso(b.ts), t) in before for t in b.tickers) else new).append(b)
    return new, same


# ---------------------------------------------------------------- chain files


class IngestResult(NamedTuple):
    reports: list[FileReport]
    published: list        # snapshot batches this ingest added to the store
    unchanged: list        # batches the store already held with the same values (nothing written)


def ingest_files(paths: list[str | Path], kind: str, *, quotes: str = "1545", root=None,
                 publish: bool = True) -> IngestResult:
    """Validate every file, then hand the rows to the pipeline; all or nothing.

    ``kind`` is ``"cboe"``, ``"chain"`` or ``"cboe-delayed"``; each file's layout is detected first.
    Raises ``IngestError`` for an unreadable file, rows dated on a day without a session, or a store
    holding different values at the same time, and ``IngestFailed`` when any row is bad; in all these
    cases nothing is published. Returns the reports, the snapshot batches published and those the store
    already held with the same values (a dry run: neither).
    """
    if kind not in ACCEPTED_LAYOUTS:
        raise IngestError(f"unknown file kind {kind!r}")
    layouts = [require(p, ACCEPTED_LAYOUTS[kind]).layout for p in paths]  # refuse a layout not read here
    reports = [_read(p, kind, quotes) for p in paths]
    for r, layout in zip(reports, layouts, strict=True):
        r.layout = r.layout or layout or ""
    if any(r.bad for r in reports):
        raise IngestFailed(reports)
    tables = [r.table for r in reports if r.table is not None and r.table.num_rows]
    if not tables:
        raise IngestError("the file(s) hold no option rows.")
    combined = pa.concat_tables(tables)
    # The same contract in two files of one snapshot is ambiguous: refuse rather than pick one.
    _, dup = validate_chain(combined)
    if dup:
        raise IngestError(f"the files repeat {len(dup)} contract(s) of the same snapshot; nothing was published.")
    refuse_closed_days({cal.ny_date(t) for t in combined.column("ts").unique().to_pylist()})
    if kind == "cboe":
        # Quoted chains without a rate or dividend: the market's own forward per expiration, OTM IVs and
        # no IV on a zero bid (data.sources.carry). The delayed quotes are adjusted by their reader.
        combined, carry = apply_market_carry(combined)
        for r in reports:
            r.quality = {**r.quality, **carry.as_dict()}
    if not publish:
        return IngestResult(reports, [], [])
    source = PROVENANCE[kind]
    before = _published_pairs(root)
    try:
        batches = ingest_chain_table(combined, source=source, root=root)
    except PublishConflict as exc:
        raise _conflict_error(exc) from None
    new, unchanged = _split_unchanged(batches, before)
    if new:
        tickers = sorted({t for b in new for t in b.tickers})
        provenance.record(tickers, source, root, ts=max(b.ts for b in new).isoformat())
    return IngestResult(reports, new, unchanged)


def _read(path, kind: str, quotes: str) -> FileReport:
    if kind == "cboe":
        return read_cboe(path, quotes=quotes)
    if kind == "chain":
        return read_chain_file(path)
    return read_delayed(path)


# ---------------------------------------------------------------- vendor prints


def ingest_vendor(paths: list[str | Path], kind: str, *, open_interest: str | Path | None = None, root=None,
                  publish: bool = True) -> tuple[list[FileReport], list, dict]:
    """Read vendor files (all or nothing), build the day's trade-flow snapshots and publish them."""
    paths = [Path(p) for p in paths]
    if kind == "dbn":
        for p in paths:
            require(p, ("dbn",))
        data = read_dbn_files(paths)
    elif kind == "massive":
        data = read_massive_files(paths)
    else:
        raise IngestError(f"unknown vendor format {kind!r}")
    if any(r.bad for r in data.reports):
        raise IngestFailed(data.reports)
    oi = open_interest_from(open_interest) if open_interest else None
    batches, quality = build_trade_flow(data, oi)
    if not batches:
        raise IngestError("no snapshot could be built from the file(s).")
    if publish:
        before = _published_pairs(root)
        try:
            # The vendor book lives in these snapshots only; the scheduled writer's is kept.
            Store(root).publish_snapshots([publish_args(b, root, keep_state=False) for b in batches])
        except PublishConflict as exc:
            raise _conflict_error(exc) from None
        new, unchanged = _split_unchanged(batches, before)
        quality["snapshots_published"], quality["snapshots_unchanged"] = len(new), len(unchanged)
        if new:
            tickers = sorted({t for b in new for t in b.tickers})
            provenance.record(tickers, "opra-prints", root, ts=new[-1].ts.isoformat())
    return data.reports, batches, quality


def _snapshot_times(first: datetime, last: datetime) -> list[datetime]:
    day = cal.ny_date(first)
    refuse_closed_days({day})
    sess = cal.session(day)
    out, t = [], sess[0] + GRID
    while t <= sess[1]:
        if first < t <= last + GRID:
            out.append(t)
        t += GRID
    if not out:
        out = [min(max(last, sess[0] + timedelta(minutes=1)), sess[1])]
    return out


def build_trade_flow(data: VendorData, open_interest: pl.DataFrame | None = None) -> tuple[list, dict]:
    """Snapshots through the day from the prints; returns (batches, quality)."""
    trades = pl.concat(data.trades) if data.trades else None
    if trades is None or trades.height == 0:
        raise IngestError("the file(s) hold no option trade prints.")
    quotes = pl.concat(data.quotes) if data.quotes else None
    if quotes is None or quotes.height == 0:
        raise IngestError("the file(s) hold no NBBO quotes (Massive: give the day's quotes file too; DBN: a "
                          "tbbo or quote schema file).")
    # A stable order, ties by contract, price and size: a window's sums do not depend on the files' order
    # (the streaming book releases its records in the same order).
    quotes = quotes.sort("ts", maintain_order=True)
    trades = trades.sort(["ts", *KEY, "price", "size"], maintain_order=True)
    oi = open_interest
    if oi is None and data.oi:
        oi = pl.concat(data.oi).unique(KEY, keep="last")
    if oi is None or oi.height == 0:
        raise IngestError("no open interest to start the book from: give a DBN 'statistics' file or "
                          "--open-interest FILE (a chain file of the same day).")
    days = trades.select(pl.col("ts").dt.convert_time_zone(str(cal.NY)).dt.date().unique())["ts"].to_list()
    if len(days) != 1:
        raise IngestError(f"the prints span {len(days)} New York days; ingest one day at a time.")
    # NBBO at each print where the file did not carry it (Massive): the latest quote at or before it.
    if trades["bid"].null_count() == trades.height:
        trades = (trades.drop("bid", "ask").join_asof(quotes.select("ts", *KEY, "bid", "ask"), on="ts", by=KEY,
                                                      check_sortedness=False,
                                                      strategy="backward"))
    spots = parity_spots(quotes)
    if spots.height == 0:
        raise IngestError("no minute has a call and a put quoted at one strike: the underlying price cannot be "
                          "read from put–call parity.")
    trades = (trades.with_columns(minute=pl.col("ts").dt.truncate("1m"))
              .join_asof(spots, left_on="minute", right_on="minute", by="ticker", strategy="backward", check_sortedness=False)
              .join_asof(spots.rename({"spot": "spot_next"}), left_on="minute", right_on="minute", by="ticker",
                         strategy="forward", check_sortedness=False)
              .with_columns(underlying_price=pl.coalesce("spot", "spot_next")).drop("minute", "spot", "spot_next"))
    times = _snapshot_times(trades["ts"][0], trades["ts"][-1])
    quality = {"prints": trades.height, "quotes": quotes.height, "snapshots": len(times),
               "contracts_with_oi": oi.height, "spot_minutes": spots.height,
               "prints_without_nbbo": int(trades["bid"].null_count())}
    state = BookState(cal.ny_date(times[0]), None, empty_book().with_columns(model_iv=pl.lit(None, pl.Float64)),
                      empty_tallies())
    batches = []
    prev = None
    carry_total: dict = {}
    for t in times:
        window = trades.filter((pl.col("ts") <= t) & ((pl.col("ts") > prev) if prev is not None else pl.lit(True)))
        chain = _chain_at(quotes, trades, oi, spots, t)
        if chain.num_rows == 0:
            continue
        chain, carry = apply_market_carry(fill_rates(chain))
        for k, v in carry.as_dict().items():
            carry_total[k] = carry_total.get(k, 0 if not isinstance(v, list) else []) + v
        if data.legs_by_time:   # DBN: one order's legs share a time stamp (data.sources.vendor.match_legs)
            window = match_legs(window)
        else:
            window = window.with_columns(condition=pl.lit("single"), package_id=pl.lit(None, pl.Int64))
        prints = window.select(
            "ts", "ticker", "expiration", "strike", "right", "price", "size", "bid", "ask",
            "condition", "package_id", underlying_price="underlying_price",
            true_side=pl.lit(None, pl.Int8)).to_arrow().cast(TRADE_SCHEMA)
        sp = spots.filter(pl.col("minute") < t)
        bars = (sp.select("ticker", ts=pl.col("minute"), open="spot", high="spot", low="spot", close="spot")
                .filter(pl.col("ts") >= (prev if prev is not None else cal.session(cal.ny_date(t))[0]))
                .to_arrow())
        ctx = {"previous_close": {}, "vix": None, "previous_vix": None, "open_price": {}}
        batch = compute_snapshot(pl.from_arrow(chain), t, mode="trade_flow", state=state, prints=prints, bars=bars,
                                 context=ctx)
        batches.append(batch)
        state = state_from_batch(batch)
        prev = t
    quality["carry"] = carry_total
    return batches, quality


def _chain_at(quotes: pl.DataFrame, trades: pl.DataFrame, oi: pl.DataFrame, spots: pl.DataFrame,
              t: datetime) -> pa.Table:
    latest = quotes.filter(pl.col("ts") <= t).group_by(KEY).agg(pl.col("bid").last(), pl.col("ask").last())
    vol = trades.filter(pl.col("ts") <= t).group_by(KEY).agg(volume=pl.col("size").sum(),
                                                             last=pl.col("price").last())
    spot = spots.filter(pl.col("minute") < t).group_by("ticker").agg(pl.col("spot").last())
    return chain_from(latest, vol, oi, spot, t)


def chain_from(latest: pl.DataFrame, vol: pl.DataFrame, oi: pl.DataFrame, spot: pl.DataFrame,
               t: datetime) -> pa.Table:
    """The chain of a trade-flow snapshot at ``t``: each contract's latest NBBO (``latest``: key, bid, ask),
    the day's volume and last price so far (``vol``), the morning's open interest (``oi``) and the
    ticker's underlying price (``spot``: ticker, spot), with the rates left for the carry step."""
    chain = (latest.join(vol, on=KEY, how="left").join(oi, on=KEY, how="left").join(spot, on="ticker", how="inner")
             .with_columns(ts=pl.lit(t).cast(pl.Datetime("us", "UTC")), volume=pl.col("volume").fill_null(0),
                           open_interest=pl.col("open_interest").fill_null(0).cast(pl.Int64),
                           underlying_bid=pl.lit(None, pl.Float64), underlying_ask=pl.lit(None, pl.Float64),
                           underlying_last="spot", rate=pl.lit(None, pl.Float64), div_yield=pl.lit(None, pl.Float64))
             .select(CHAIN_SCHEMA.names).sort(["ticker", "expiration", "strike", "right"]))
    return chain.to_arrow().cast(CHAIN_SCHEMA)
