"""How an export is split into queries: runs of whole days that double in length, bounded in snapshots."""

from __future__ import annotations

from datetime import date, timedelta

from data.store.export import MAX_CHUNK_DAYS, Day, chunks


def days(counts: list[int]) -> tuple[Day, ...]:
    return tuple(Day(date(2026, 1, 1) + timedelta(days=i), tuple(range(n)), ()) for i, n in enumerate(counts))


def test_runs_double_up_to_the_maximum_and_cover_every_day_once_in_order():
    ds = days([1] * 100)
    runs = list(chunks(ds))
    assert [len(r) for r in runs] == [1, 2, 4, 8, 16, MAX_CHUNK_DAYS, MAX_CHUNK_DAYS, 5]
    assert tuple(d for r in runs for d in r) == ds


def test_a_run_holds_at_most_the_snapshot_budget_but_never_splits_a_day():
    ds = days([78] * 4 + [100] + [1] * 10)
    runs = list(chunks(ds, 80))
    assert [sum(len(d.times) for d in r) for r in runs][:5] == [78, 78, 78, 78, 100]
    assert all(sum(len(d.times) for d in r) <= 80 for r in runs if len(r) > 1)
    assert tuple(d for r in runs for d in r) == ds
