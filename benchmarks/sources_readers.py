"""Each market-data file reader against plain reading of the same file, in the same run (rows/s).

Files are written from the synthetic market before timing:

* Cboe delayed-quotes CSV download and JSON document (SPX, every listed contract): the reader (layout
  check, OSI parsing, validation, root merge, parity forward, OTM quotes) vs ``pyarrow.csv.read_csv``
  / ``polars.read_csv`` of the same CSV, and ``json.loads`` + ``polars.DataFrame`` of the document;
* Databento DBN ``tbbo`` (a session of SPX and SPY prints) with its definitions: the reader (vendor
  transcoder, contract mapping, checks) vs decoding the same records with the vendor's ``DBNDecoder``
  alone, and vs ``numpy.frombuffer`` of the fixed-width records (the floor for any reader);
* Massive options trades flat file (CSV.gz): the reader (OCC parsing, checks) vs ``pyarrow.csv`` /
  ``polars.read_csv`` of the same file.

Each figure is the best of ``REPEATS`` runs; ratios are reader rows/s over baseline rows/s.
"""

from __future__ import annotations

import json
import os
import tempfile
import time
from datetime import UTC, date, datetime
from pathlib import Path

import numpy as np
import polars as pl
import pyarrow.csv as pv

from benchmarks._common import print_table, save_results
from data.sources import samples, vendor
from data.sources.cboe_delayed import read_delayed_csv, read_delayed_json

REPEATS = 5
TS = datetime(2026, 11, 18, 16, 0, tzinfo=UTC)
DAY = date(2026, 11, 18)


def _best(fn, repeats: int = REPEATS) -> float:
    best = float("inf")
    for _ in range(repeats):
        t0 = time.perf_counter()
        fn()
        best = min(best, time.perf_counter() - t0)
    return best


def _row(name: str, rows: int, reader_s: float, baselines: dict[str, float]) -> dict:
    out = {"rows": rows, "reader_s": reader_s, "reader_rows_per_s": rows / reader_s}
    for k, v in baselines.items():
        out[f"{k}_s"] = v
        out[f"{k}_rows_per_s"] = rows / v
        out[f"reader_vs_{k}"] = v / reader_s
    return out


def main() -> dict:
    results: dict = {"repeats": REPEATS}
    table = []
    with tempfile.TemporaryDirectory(prefix="volland-bench-readers-") as tmp:
        folder = Path(tmp)
        mkt = samples.market(7, ["SPX", "SPY"])
        csv_path, json_path = samples.delayed_files(mkt, "SPX", TS, folder)
        n_csv = sum(1 for _ in open(csv_path)) - 4
        n_json = len(json.loads(json_path.read_text())["data"]["options"])

        r = _row("cboe_delayed_csv", n_csv, _best(lambda: read_delayed_csv(csv_path)), {
            "pyarrow": _best(lambda: pv.read_csv(csv_path, read_options=pv.ReadOptions(skip_rows=4,
                                                                                      autogenerate_column_names=True))),
            "polars": _best(lambda: pl.read_csv(csv_path, skip_rows=4, has_header=False)),
        })
        results["cboe_delayed_csv"] = r
        r2 = _row("cboe_delayed_json", n_json, _best(lambda: read_delayed_json(json_path)), {
            "json_polars": _best(lambda: pl.DataFrame(json.loads(json_path.read_bytes())["data"]["options"])),
        })
        results["cboe_delayed_json"] = r2

        prints, quotes, oi = samples.day_flow(mkt, ["SPX", "SPY"], DAY)
        dbn = samples.write_dbn(prints, quotes.head(1), oi, folder / "dbn")
        massive = samples.write_massive(prints, quotes, folder / "massive")
        files = [dbn["definition"], dbn["tbbo"]]
        n_dbn = prints.height

        def decoder_only():
            import databento_dbn as d

            dec = d.DBNDecoder()
            dec.write(dbn["tbbo"].read_bytes())
            return dec.decode()

        def frombuffer():
            raw = dbn["tbbo"].read_bytes()
            meta_len = int.from_bytes(raw[4:8], "little") + 8
            rec = np.frombuffer(raw[meta_len:], dtype=np.dtype([("h", "V16"), ("price", "<i8"), ("size", "<u4"),
                                                                ("x", "V20"), ("bid", "<i8"), ("ask", "<i8"),
                                                                ("y", "V16")]))
            return rec["price"] * 1e-9, rec["bid"] * 1e-9, rec["ask"] * 1e-9

        assert len(frombuffer()[0]) == n_dbn
        r3 = _row("dbn_tbbo", n_dbn, _best(lambda: vendor.read_dbn_files(files)), {
            "dbn_decoder": _best(decoder_only), "numpy_frombuffer": _best(frombuffer)})
        results["dbn_tbbo"] = r3
        n_m = prints.height
        r4 = _row("massive_trades", n_m, _best(lambda: vendor.read_massive_files([massive["trades"]])), {
            "pyarrow": _best(lambda: pv.read_csv(massive["trades"])),
            "polars": _best(lambda: pl.read_csv(massive["trades"])),
        })
        results["massive_trades"] = r4
        nq = quotes.height
        r5 = _row("massive_quotes", nq, _best(lambda: vendor.read_massive_files([massive["quotes"]])), {
            "pyarrow": _best(lambda: pv.read_csv(massive["quotes"])),
            "polars": _best(lambda: pl.read_csv(massive["quotes"])),
        })
        results["massive_quotes"] = r5
    for name, r in results.items():
        if not isinstance(r, dict):
            continue
        bases = [k[:-len("_rows_per_s")] for k in r if k.endswith("_rows_per_s") and k != "reader_rows_per_s"]
        table.append((name, f"{r['rows']:,}", f"{r['reader_rows_per_s']:,.0f}",
                      "; ".join(f"{b} {r[b + '_rows_per_s']:,.0f} ({r['reader_vs_' + b]:.2f}x)" for b in bases)))
    results["load_average_1min"] = os.getloadavg()[0]
    print_table("File readers: rows/s, reader vs plain reading of the same file (ratio = reader/baseline)",
                table, ("reader", "rows", "reader rows/s", "baselines rows/s (reader vs baseline)"))
    save_results("sources_readers", results)
    return results


if __name__ == "__main__":
    main()
