"""The demo's background build reports its phases as job events through the listener the jobs register."""

from __future__ import annotations


def test_background_build_phases_become_job_events(conn, capsys):
    import volland.cli  # noqa: F401  (assembling the command line lets every layer register)
    from data.orchestration import demo
    from jobs import backfill
    from jobs import queues as q

    assert demo.BACKGROUND_LISTENERS.count(backfill.event_recorder) == 1
    report = demo._background_events()
    report("started", {"daysDone": 0, "daysTotal": 3})
    report("warmup", {"daysDone": 0})                # not a phase the job view shows
    report("published", {"daysDone": 1, "daysTotal": 3, "day": "2026-01-08", "tickers": ["SPX"]})
    events = [e for e in q.events(conn) if e["event"].startswith("backfill-")]
    assert [e["event"] for e in events] == ["backfill-published", "backfill-started"]
    assert {k: events[0][k] for k in ("daysDone", "daysTotal", "day")} == {"daysDone": 1, "daysTotal": 3,
                                                                          "day": "2026-01-08"}
    assert "tickers" not in events[0]
    assert "background build: published" in capsys.readouterr().out
