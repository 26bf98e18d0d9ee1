"""``volland greeks``: files in, files out, clear errors."""

from __future__ import annotations

import numpy as np
import pyarrow as pa
import pyarrow.csv as pacsv
import pyarrow.parquet as pq
import pytest
from click.testing import CliRunner

import engine
from volland.cli import cli

ROWS = {
    "spot": [5000.0, 5000.0, 5000.0],
    "strike": [4800.0, 5000.0, 5300.0],
    "t": [0.1, 0.5, 1.0],
    "rate": [0.04, 0.04, 0.04],
    "div_yield": [0.01, 0.01, 0.01],
    "vol": [0.22, 0.18, 0.16],
    "is_call": [1, 0, 1],
}


def _run(*args):
    return CliRunner().invoke(cli, ["greeks", *map(str, args)])


def _expected():
    return engine.greeks(*(np.array(ROWS[k], dtype=float) for k in ROWS))


@pytest.mark.parametrize("in_ext,out_ext", [(".csv", ".csv"), (".parquet", ".parquet"), (".csv", ".parquet")])
def test_file_round_trip(tmp_path, in_ext, out_ext):
    table = pa.table(ROWS)
    src, dst = tmp_path / f"in{in_ext}", tmp_path / f"out{out_ext}"
    (pacsv.write_csv if in_ext == ".csv" else pq.write_table)(table, src)
    result = _run(src, "-o", dst)
    assert result.exit_code == 0, result.output
    out = pacsv.read_csv(dst) if out_ext == ".csv" else pq.read_table(dst)
    assert out.column_names == [*ROWS, *engine.GREEK_NAMES]
    want = _expected()
    for name in engine.GREEK_NAMES:
        np.testing.assert_allclose(out.column(name).to_numpy(), getattr(want, name), rtol=1e-15)
    assert out.column("strike").to_pylist() == ROWS["strike"]


def test_implied_vol_mode(tmp_path):
    prices = _expected().price
    rows = {k: v for k, v in ROWS.items() if k != "vol"}
    rows["price"] = list(prices)
    src = tmp_path / "quotes.csv"
    pacsv.write_csv(pa.table(rows), src)
    result = _run(src, "--implied-vol", "-o", tmp_path / "iv.parquet")
    assert result.exit_code == 0, result.output
    out = pq.read_table(tmp_path / "iv.parquet")
    np.testing.assert_allclose(out.column("implied_vol").to_numpy(), ROWS["vol"], atol=1e-10)
    np.testing.assert_allclose(out.column("delta").to_numpy(), _expected().delta, rtol=1e-8)


def test_csv_to_stdout(tmp_path):
    src = tmp_path / "in.csv"
    pacsv.write_csv(pa.table(ROWS), src)
    result = _run(src)
    assert result.exit_code == 0
    assert result.output.splitlines()[0].startswith('"spot","strike"')
    assert len(result.output.splitlines()) == 4


@pytest.mark.parametrize("column", ["spot", "vol", "is_call"])
def test_missing_column_names_it_and_exits_2(tmp_path, column):
    rows = {k: v for k, v in ROWS.items() if k != column}
    src = tmp_path / "in.csv"
    pacsv.write_csv(pa.table(rows), src)
    result = _run(src)
    assert result.exit_code == 2
    assert f"'{column}'" in result.output
    assert len(result.output.strip().splitlines()) == 1
    assert "Traceback" not in result.output


def test_non_numeric_column_names_it_and_exits_2(tmp_path):
    src = tmp_path / "in.csv"
    src.write_text("spot,strike,t,rate,div_yield,vol,is_call\n5000,abc,0.5,0.04,0.01,0.2,1\n")
    result = _run(src)
    assert result.exit_code == 2
    assert "'strike'" in result.output and "not numeric" in result.output


def test_bad_flag_column_and_missing_price_column(tmp_path):
    src = tmp_path / "in.csv"
    src.write_text("spot,strike,t,rate,div_yield,vol,is_call\n5000,5000,0.5,0.04,0.01,0.2,maybe\n")
    result = _run(src)
    assert result.exit_code == 2 and "'is_call'" in result.output
    src.write_text("spot,strike,t,rate,div_yield,vol,is_call\n5000,5000,0.5,0.04,0.01,0.2,call\n")
    result = _run(src, "--implied-vol")
    assert result.exit_code == 2 and "'price'" in result.output


def test_missing_file_and_bad_extension(tmp_path):
    assert _run(tmp_path / "nope.csv").exit_code == 2
    other = tmp_path / "in.txt"
    other.write_text("x")
    result = _run(other)
    assert result.exit_code == 2 and "unsupported input format" in result.output
    assert _run().exit_code == 2


def test_demo_prints_a_table():
    result = _run("--demo")
    assert result.exit_code == 0
    lines = result.output.splitlines()
    assert any(line.startswith("call") and "5000" in line for line in lines)
    assert sum(line.startswith(("call", "put")) for line in lines) == 10
    # The implied-vol column reproduces the input vol column.
    for line in lines:
        if line.startswith(("call", "put")):
            fields = line.split()
            assert abs(float(fields[2]) - float(fields[-1])) < 1e-6
