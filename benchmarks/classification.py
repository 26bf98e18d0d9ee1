"""Dealer-side classification accuracy against the synthetic market's true customer sides.

Runs the trade-flow pipeline through one session in 5-minute windows for a set of liquid tickers (all
the 0DTE names included) and compares each print's dealer side with ``-true_side``. Reported: share of
prints classified, accuracy of the classified ones (overall, 0DTE, single orders, legs of complex
orders, by rule) and the share-weighted accuracy. Baseline in the same run: the plain midpoint rule
(price above the quote mid → customer bought, below → sold, at the mid → unclassified).
"""

from __future__ import annotations

import tempfile
from datetime import UTC, datetime, timedelta

import polars as pl

from benchmarks._common import print_table, save_results
from data.orchestration.demo import SMALL
from data.orchestration.pipeline import build_snapshot, publish_snapshot
from data.sources.lookup import get_source

DAY_OPEN = datetime(2026, 11, 18, 14, 30, tzinfo=UTC)
WINDOWS = 78   # the whole 6.5-hour session


def _summary(df: pl.DataFrame, side: str) -> dict:
    n = df.height
    cls = df.filter(pl.col(side) != 0)
    correct = cls.filter(pl.col(side) == -pl.col("true_side")).height
    return {"prints": n, "classified_share": cls.height / n if n else None,
            "accuracy": correct / cls.height if cls.height else None,
            "size_weighted_accuracy": (cls.filter(pl.col(side) == -pl.col("true_side"))["size"].sum()
                                       / cls["size"].sum()) if cls.height else None}


def _run(root: str) -> dict:
    src = get_source("synthetic")
    frames = []
    for i in range(WINDOWS):
        ts = DAY_OPEN + timedelta(minutes=5 * (i + 1))
        batch = build_snapshot(SMALL, ts, src, root=root)
        publish_snapshot(batch, root)
        if batch.classified is not None:
            frames.append(pl.from_arrow(batch.classified))
    df = pl.concat(frames, how="diagonal_relaxed")
    mid = (pl.col("bid") + pl.col("ask")) / 2
    df = df.with_columns(mid_side=pl.when(pl.col("price") > mid).then(-1).when(pl.col("price") < mid).then(1)
                         .otherwise(0).cast(pl.Int8))
    groups = {
        "overall": df,
        "0DTE": df.filter(pl.col("zero_dte")),
        "single orders": df.filter(pl.col("condition") == "single"),
        "complex-order legs": df.filter(pl.col("condition") != "single"),
        "0DTE single orders": df.filter(pl.col("zero_dte") & (pl.col("condition") == "single")),
    }
    results: dict = {"tickers": len(SMALL), "windows": WINDOWS, "groups": {}, "by_rule": {}}
    rows = []
    for name, g in groups.items():
        ours, base = _summary(g, "dealer_side"), _summary(g, "mid_side")
        results["groups"][name] = {"classifier": ours, "midpoint_baseline": base}
        rows.append((name, f"{ours['prints']:,}", f"{100 * ours['classified_share']:.1f} %",
                     f"{100 * ours['accuracy']:.1f} %", f"{100 * ours['size_weighted_accuracy']:.1f} %",
                     f"{100 * base['classified_share']:.1f} %", f"{100 * base['accuracy']:.1f} %"))
    names = {0: "unclassified", 1: "quote", 2: "fair value", 3: "execution IV", 4: "package"}
    for rule, g in df.group_by("rule"):
        r = int(rule[0])
        cls = g.filter(pl.col("dealer_side") != 0)
        results["by_rule"][names[r]] = {"prints": g.height, "accuracy": (cls.filter(
            pl.col("dealer_side") == -pl.col("true_side")).height / cls.height) if cls.height else None}
    print_table(f"Classification vs true sides ({len(SMALL)} tickers, one session)", rows,
                ("group", "prints", "classified", "accuracy", "size-weighted", "mid rule classified",
                 "mid rule accuracy"))
    print_table("By rule", [(k, f"{v['prints']:,}", "-" if v["accuracy"] is None else f"{100 * v['accuracy']:.1f} %")
                            for k, v in sorted(results["by_rule"].items())], ("rule", "prints", "accuracy"))
    save_results("classification", results)
    return results


def main() -> dict:
    with tempfile.TemporaryDirectory(prefix="volland-bench-cls-") as root:
        return _run(root)


if __name__ == "__main__":
    main()
