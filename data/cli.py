"""Commands of the data layer: ``volland ingest cboe|cboe-delayed|chain|dbn|massive FILE...`` (and the
store's commands)."""

from __future__ import annotations

import contextlib
import logging

import click

from volland.cli_errors import fail

MAX_DETAIL_LINES = 200


@contextlib.contextmanager
def _store_log_to_handlers_only():
    """The store logs a refused publish as a WARNING; the command reports it as its own one-line error, so
    without configured logging the record must not reach the terminal too (logging's last-resort handler
    would print it). Configured handlers still receive it."""
    store_log = logging.getLogger("data.store.parquet")
    quiet = logging.NullHandler()
    store_log.addHandler(quiet)
    try:
        yield
    finally:
        store_log.removeHandler(quiet)


def _run_ingest(files: tuple[str, ...], kind: str, quotes: str, dry_run: bool) -> None:
    from data.orchestration.ingest import ingest_files
    from data.sources.ingest import IngestError, IngestFailed

    if not files:
        fail("Give at least one file to ingest.")
    try:
        with _store_log_to_handlers_only():
            reports, batches, unchanged = ingest_files(list(files), kind, quotes=quotes, publish=not dry_run)
    except IngestFailed as exc:
        _report_failed(exc)
    except IngestError as exc:
        fail(f"{exc} Nothing was published." if "published" not in str(exc) else str(exc))
    except Exception as exc:  # the pipeline or the store refused: report it as one line
        from data.sources.base import PipelineError

        if isinstance(exc, PipelineError):
            fail(f"{exc} Nothing was published.")
        if isinstance(exc, (OSError, ValueError)):
            fail(f"Publishing failed: {exc}")
        raise
    _echo_layouts(reports)
    rows = sum(r.table.num_rows for r in reports if r.table is not None)
    tickers = sorted({t for r in reports if r.table is not None for t in r.table.column("ticker").to_pylist()})
    shown_tickers = ", ".join(tickers[:10]) + (f" and {len(tickers) - 10} more" if len(tickers) > 10 else "")
    if dry_run:
        click.echo(f"{len(reports)} file(s) valid: {rows} contract row(s) for {shown_tickers}; nothing published (dry run).")
    elif not batches:
        click.echo(f"Nothing new: already published. The store holds the {len(unchanged)} snapshot(s) of "
                   f"{len(reports)} file(s) ({rows} contract row(s) for {shown_tickers}) with the same "
                   "values; nothing was written.")
    else:
        also = (f"; {len(unchanged)} snapshot(s) were already published with the same values and kept"
                if unchanged else "")
        click.echo(f"Published {len(batches)} snapshot(s) from {len(reports)} file(s): {rows} contract row(s) "
                   f"for {shown_tickers}{also}.")


def _echo_layouts(reports) -> None:
    from data.sources.carry import IMPLIED_YIELD_MAX, IMPLIED_YIELD_MIN
    from data.sources.layouts import LAYOUTS

    for r in reports:
        layout = getattr(r, "layout", "")
        if not layout:
            continue
        name = LAYOUTS.get(layout.split(":")[0], (layout,))[0]
        extra = ""
        q = getattr(r, "quality", {}) or {}
        if "market_forward" in q:
            extra = (f"; forward from put-call parity on {q['market_forward']} of {q['expirations']} expiration(s)"
                     + (f" (configured carry on {len(q['forward_fallback'])}: "
                        f"{', '.join(q['forward_fallback'][:5])})" if q["forward_fallback"] else "")
                     + (f"; implied carry clamped to [{IMPLIED_YIELD_MIN:.0%}, {IMPLIED_YIELD_MAX:+.0%}] "
                        f"a year on {len(q['carry_clamped'])}: {', '.join(q['carry_clamped'][:3])}"
                        + (" ..." if len(q["carry_clamped"]) > 3 else "") if q.get("carry_clamped") else "")
                     + f"; {q['zero_bid_no_iv']} zero-bid contract(s) without IV")
        click.echo(f"{r.path}: {name} ({layout}){extra}")


def _report_failed(exc) -> None:
    shown = 0
    for r in exc.reports:
        for line in r.details():
            if shown < MAX_DETAIL_LINES:
                click.echo(line, err=True)
            shown += 1
    if shown > MAX_DETAIL_LINES:
        click.echo(f"... and {shown - MAX_DETAIL_LINES} more bad row(s)", err=True)
    fail(str(exc))


def _run_vendor(files: tuple[str, ...], kind: str, open_interest: str | None, dry_run: bool) -> None:
    from data.sources.ingest import IngestError, IngestFailed
    from data.orchestration.ingest import ingest_vendor

    if not files:
        fail("Give at least one file to ingest.")
    try:
        with _store_log_to_handlers_only():
            reports, batches, quality = ingest_vendor(list(files), kind, open_interest=open_interest,
                                                      publish=not dry_run)
    except IngestFailed as exc:
        _report_failed(exc)
    except IngestError as exc:
        fail(f"{exc} Nothing was published." if "published" not in str(exc) else str(exc))
    except Exception as exc:  # the pipeline or the store refused: report it as one line
        from data.sources.base import PipelineError

        if isinstance(exc, (PipelineError, OSError, ValueError)):
            fail(f"{exc} Nothing was published.")
        raise
    _echo_layouts(reports)
    tickers = sorted({t for b in batches for t in b.tickers})
    what = (f"{quality['prints']} print(s), {quality['quotes']} quote(s), {len(batches)} snapshot(s) for "
            f"{', '.join(tickers[:10])}")
    if dry_run:
        click.echo(f"{len(reports)} file(s) valid: {what}; nothing published (dry run).")
    elif not quality.get("snapshots_published"):
        click.echo(f"Nothing new: already published. The store holds the {what} with the same values; "
                   "nothing was written.")
    else:
        also = (f"; {quality['snapshots_unchanged']} snapshot(s) were already published with the same values "
                "and kept" if quality.get("snapshots_unchanged") else "")
        click.echo(f"Published {what} (trade-flow positioning from open interest; source OPRA prints){also}.")


def register(group: click.Group) -> None:
    @group.group("ingest")
    def ingest() -> None:
        """Load real option-chain files into the store (a file with any bad row publishes nothing)."""

    @ingest.command("cboe")
    @click.argument("files", nargs=-1, type=click.Path(dir_okay=False))
    @click.option("--quotes", type=click.Choice(["1545", "eod"]), default="1545", show_default=True,
                  help="Which quote snapshot of the file to use: the 15:45 calc snapshot or the close.")
    @click.option("--dry-run", is_flag=True, help="Validate only; publish nothing.")
    def ingest_cboe(files: tuple[str, ...], quotes: str, dry_run: bool) -> None:
        """Cboe DataShop "Option EOD Summary" CSV files (positions by the open-interest convention)."""
        _run_ingest(files, "cboe", quotes, dry_run)

    @ingest.command("cboe-delayed")
    @click.argument("files", nargs=-1, type=click.Path(dir_okay=False))
    @click.option("--dry-run", is_flag=True, help="Validate only; publish nothing.")
    def ingest_cboe_delayed(files: tuple[str, ...], dry_run: bool) -> None:
        """Cboe delayed quotes: the quotes page's CSV download or its JSON document (detected)."""
        _run_ingest(files, "cboe-delayed", "1545", dry_run)

    @ingest.command("dbn")
    @click.argument("files", nargs=-1, type=click.Path(dir_okay=False))
    @click.option("--open-interest", "open_interest", type=click.Path(dir_okay=False), default=None,
                  help="A chain file of the same day to start the book from (else the DBN statistics file).")
    @click.option("--dry-run", is_flag=True, help="Validate and compute only; publish nothing.")
    def ingest_dbn(files: tuple[str, ...], open_interest: str | None, dry_run: bool) -> None:
        """Databento DBN files (tbbo prints with the NBBO, definitions, statistics): trade-flow snapshots."""
        _run_vendor(files, "dbn", open_interest, dry_run)

    @ingest.command("massive")
    @click.argument("files", nargs=-1, type=click.Path(dir_okay=False))
    @click.option("--open-interest", "open_interest", type=click.Path(dir_okay=False), required=True,
                  help="A chain file of the same day (any layout `ingest` reads) for the starting open interest.")
    @click.option("--dry-run", is_flag=True, help="Validate and compute only; publish nothing.")
    def ingest_massive(files: tuple[str, ...], open_interest: str, dry_run: bool) -> None:
        """Massive options trades and quotes flat files (CSV.gz, OCC tickers): trade-flow snapshots."""
        _run_vendor(files, "massive", open_interest, dry_run)

    @ingest.command("chain")
    @click.argument("files", nargs=-1, type=click.Path(dir_okay=False))
    @click.option("--dry-run", is_flag=True, help="Validate only; publish nothing.")
    def ingest_chain(files: tuple[str, ...], dry_run: bool) -> None:
        """Chain files in the canonical schema, CSV or Parquet (see docs/design.md, Sources)."""
        _run_ingest(files, "chain", "1545", dry_run)

    @group.group("store")
    def store() -> None:
        """The exposure store: local folder or S3-compatible object storage (docs/deployment.md)."""

    @store.command("copy")
    @click.option("--to", "dest", required=True, help="Destination: an empty folder or s3://bucket/prefix.")
    @click.option("--from", "source", default=None,
                  help="Source store (default: VOLLAND_STORE_ROOT, else <var>/store).")
    def store_copy(dest: str, source: str | None) -> None:
        """Copy the published store to an empty location, the manifest last (run again if interrupted)."""
        from data.store.parquet import copy_store

        try:
            done = copy_store(source, dest)
        except (ValueError, OSError, RuntimeError) as exc:
            fail(f"Store copy failed: {exc}")
        except Exception as exc:
            # The S3 client's own errors (server unreachable, no credentials) are one line too.
            if type(exc).__module__.startswith("botocore"):
                fail(f"Store copy failed: {exc}")
            raise
        click.echo(f"Copied {done['files']} file(s), {done['bytes']:,} bytes, to {dest}.")

    # The store's commands (``volland demo``) live beside the pipeline.
    from data.orchestration import demo

    demo.register(group)
