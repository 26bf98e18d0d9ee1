"""``volland greeks``: price and greeks (or implied volatility) of an option file, and a demo table."""

from __future__ import annotations

from pathlib import Path

import click
import numpy as np

from engine.api import GREEK_NAMES, greeks, implied_vol

NUMERIC_COLUMNS = ("spot", "strike", "t", "rate", "div_yield")
_TRUE = {"1", "true", "t", "yes", "y", "call", "c"}
_FALSE = {"0", "false", "f", "no", "n", "put", "p"}


class InputError(click.ClickException):
    """Bad input: one line on stderr and exit code 2, the contract of every ``volland`` command
    (``volland.cli_errors.InputError``), kept here because the engine imports nothing of the other packages."""

    exit_code = 2


def _fail(message: str) -> None:
    raise InputError(message)


def _read_table(path: Path):
    import pyarrow as pa
    import pyarrow.csv as pacsv
    import pyarrow.parquet as pq

    suffix = path.suffix.lower()
    if not path.is_file():
        _fail(f"input file not found: {path}")
    try:
        if suffix == ".csv":
            return pacsv.read_csv(path)
        if suffix in {".parquet", ".pq"}:
            return pq.read_table(path)
    except (pa.ArrowInvalid, OSError) as exc:
        _fail(f"cannot read {path}: {str(exc).splitlines()[0]}")
    _fail(f"unsupported input format {suffix or '(none)'!r}: use .csv or .parquet")


def _numeric_column(table, name: str) -> np.ndarray:
    import pyarrow as pa
    import pyarrow.compute as pc

    if name not in table.column_names:
        _fail(f"missing column '{name}'")
    col = table.column(name)
    if pa.types.is_boolean(col.type) or not (pa.types.is_integer(col.type) or pa.types.is_floating(col.type)):
        _fail(f"column '{name}' is not numeric ({col.type})")
    return np.ascontiguousarray(pc.cast(col, pa.float64()).to_numpy(zero_copy_only=False), dtype=np.float64)


def _flag_column(table) -> np.ndarray:
    import pyarrow as pa

    name = "is_call"
    if name not in table.column_names:
        _fail(f"missing column '{name}'")
    col = table.column(name)
    if pa.types.is_boolean(col.type) and col.null_count == 0:
        return col.to_numpy(zero_copy_only=False).astype(bool)
    if pa.types.is_integer(col.type) or pa.types.is_floating(col.type):
        values = col.to_numpy(zero_copy_only=False).astype(float)
        if not np.all((values == 0) | (values == 1)):
            _fail(f"column '{name}' must be 0/1, true/false or call/put")
        return values == 1
    if pa.types.is_string(col.type) or pa.types.is_large_string(col.type):
        words = [str(v).strip().lower() if v is not None else "" for v in col.to_pylist()]
        if not all(w in _TRUE or w in _FALSE for w in words):
            _fail(f"column '{name}' must be 0/1, true/false or call/put")
        return np.array([w in _TRUE for w in words], dtype=bool)
    _fail(f"column '{name}' must be 0/1, true/false or call/put")
    raise AssertionError  # unreachable: _fail raises


def _write_table(table, path: Path | None) -> None:
    import pyarrow.csv as pacsv
    import pyarrow.parquet as pq

    if path is None:
        import io
        import sys

        buf = io.BytesIO()
        pacsv.write_csv(table, buf)
        sys.stdout.write(buf.getvalue().decode())
        return
    suffix = path.suffix.lower()
    try:
        if suffix == ".csv":
            pacsv.write_csv(table, path)
        elif suffix in {".parquet", ".pq"}:
            pq.write_table(table, path)
        else:
            _fail(f"unsupported output format {suffix or '(none)'!r}: use .csv or .parquet")
    except OSError as exc:
        _fail(f"cannot write {path}: {exc.strerror or exc}")


def compute_table(table, use_implied_vol: bool, n_threads: int = 1):
    """Inputs plus results as a new Arrow table (the CLI's work, separate from file handling)."""
    import pyarrow as pa

    cols = {name: _numeric_column(table, name) for name in NUMERIC_COLUMNS}
    flag = _flag_column(table)
    if use_implied_vol:
        price = _numeric_column(table, "price")
        vol = implied_vol(price, *cols.values(), flag, n_threads=n_threads)
        result = greeks(*cols.values(), vol, flag, n_threads=n_threads)
        extra = {"implied_vol": vol, **{k: v for k, v in result.as_dict().items() if k != "price"}}
    else:
        vol = _numeric_column(table, "vol")
        result = greeks(*cols.values(), vol, flag, n_threads=n_threads)
        extra = result.as_dict()
    out = table
    for name, values in extra.items():
        if name in out.column_names:
            out = out.drop_columns([name])
        out = out.append_column(name, pa.array(np.asarray(values)))
    return out


def demo_table() -> str:
    """A small readable table: a 30-day chain around 5000, and the implied-vol round trip."""
    from engine import _bsm

    strikes = np.array([4800.0, 4900.0, 5000.0, 5100.0, 5200.0])
    spot, t, rate, div_yield = 5000.0, 30.0 / 365.0, 0.045, 0.013
    vol = np.array([0.21, 0.195, 0.18, 0.17, 0.165])  # a gentle skew
    lines = [
        f"Black–Scholes–Merton greeks: spot {spot:.0f}, 30 days, rate {rate:.1%}, dividend yield "
        f"{div_yield:.1%}",
        "(raw derivatives: vega per 1.00 vol, theta per year; implied vol recovered from the price)",
        "",
        f"{'type':<5}{'strike':>8}{'vol':>8}{'price':>10}{'delta':>9}{'gamma':>11}{'vega':>10}"
        f"{'theta':>10}{'charm':>9}{'iv':>10}",
    ]
    for is_call in (True, False):
        g = greeks(spot, strikes, t, rate, div_yield, vol, is_call)
        iv = implied_vol(g.price, spot, strikes, t, rate, div_yield, is_call)
        for i, k in enumerate(strikes):
            lines.append(
                f"{'call' if is_call else 'put':<5}{k:>8.0f}{vol[i]:>8.3f}{g.price[i]:>10.2f}"
                f"{g.delta[i]:>9.4f}{g.gamma[i]:>11.6f}{g.vega[i]:>10.2f}{g.theta[i]:>10.1f}"
                f"{g.charm[i]:>9.4f}{iv[i]:>10.6f}")
    lines += ["", f"compiled engine: vector math (libmvec) {'on' if _bsm.simd_math() else 'off'}, "
              f"OpenMP threads {'on' if _bsm.OPENMP else 'off'}"]
    return "\n".join(lines)


@click.command("greeks")
@click.argument("input_path", metavar="INPUT", required=False, type=click.Path(path_type=Path))
@click.option("-o", "--output", "output_path", type=click.Path(path_type=Path),
              help="Write the result here (.csv or .parquet); CSV on stdout when omitted.")
@click.option("--implied-vol", "use_implied_vol", is_flag=True,
              help="Read a 'price' column instead of 'vol' and solve for the implied volatility.")
@click.option("--threads", "n_threads", type=click.IntRange(1, 64), default=1, show_default=True,
              help="Worker threads for the compiled loops.")
@click.option("--demo", is_flag=True, help="Print a small table of greeks for a demo chain and exit.")
def greeks_command(input_path: Path | None, output_path: Path | None, use_implied_vol: bool,
                   n_threads: int, demo: bool) -> None:
    """Price and greeks of the options in INPUT (CSV or Parquet).

    Columns: spot, strike, t (years), rate, div_yield, vol, is_call (or price instead of vol with
    --implied-vol). The output holds the inputs plus price and the 13 greeks (raw derivatives: vega per
    1.00 vol, theta per year, rho per 1.00 rate).
    """
    if demo:
        click.echo(demo_table())
        return
    if input_path is None:
        _fail("missing INPUT file (or use --demo)")
    table = _read_table(input_path)
    _write_table(compute_table(table, use_implied_vol, n_threads), output_path)


def register(group: click.Group) -> None:
    group.add_command(greeks_command)
