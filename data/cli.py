"""Commands of the data layer: ``volland ingest cboe|chain FILE...`` (and the store's commands)."""

from __future__ import annotations

import importlib

import click

MAX_DETAIL_LINES = 200


def _fail(message: str) -> None:
    from volland.cli import fail

    fail(message)


def _run_ingest(files: tuple[str, ...], kind: str, quotes: str, dry_run: bool) -> None:
    from data.ingest import IngestError, IngestFailed, ingest_files

    if not files:
        _fail("Give at least one file to ingest.")
    try:
        reports, batches = ingest_files(list(files), kind, quotes=quotes, publish=not dry_run)
    except IngestFailed as exc:
        shown = 0
        for r in exc.reports:
            for line in r.details():
                if shown < MAX_DETAIL_LINES:
                    click.echo(line, err=True)
                shown += 1
        if shown > MAX_DETAIL_LINES:
            click.echo(f"... and {shown - MAX_DETAIL_LINES} more bad row(s)", err=True)
        _fail(str(exc))
    except IngestError as exc:
        _fail(f"{exc} Nothing was published." if "published" not in str(exc) else str(exc))
    except Exception as exc:  # the pipeline or the store refused: report it as one line
        from data.pipeline import PipelineError

        if isinstance(exc, PipelineError):
            _fail(f"{exc} Nothing was published.")
        if isinstance(exc, (OSError, ValueError)):
            _fail(f"Publishing failed: {exc}")
        raise
    rows = sum(r.table.num_rows for r in reports if r.table is not None)
    tickers = sorted({t for r in reports if r.table is not None for t in r.table.column("ticker").to_pylist()})
    shown_tickers = ", ".join(tickers[:10]) + (f" and {len(tickers) - 10} more" if len(tickers) > 10 else "")
    if dry_run:
        click.echo(f"{len(reports)} file(s) valid: {rows} contract row(s) for {shown_tickers}; nothing published (dry run).")
    else:
        click.echo(f"Published {len(batches)} snapshot(s) from {len(reports)} file(s): {rows} contract row(s) "
                   f"for {shown_tickers}.")


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

    @ingest.command("chain")
    @click.argument("files", nargs=-1, type=click.Path(dir_okay=False))
    @click.option("--dry-run", is_flag=True, help="Validate only; publish nothing.")
    def ingest_chain(files: tuple[str, ...], dry_run: bool) -> None:
        """Chain files in the canonical schema, CSV or Parquet (see docs/design.md, Sources)."""
        _run_ingest(files, "chain", "1545", dry_run)

    # The store's commands (``volland demo``) live beside the pipeline.
    try:
        demo = importlib.import_module("data.demo")
    except ModuleNotFoundError as exc:
        if exc.name != "data.demo":
            raise
    else:
        demo.register(group)
