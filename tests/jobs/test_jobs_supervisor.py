"""``make run`` supervises its children: one that dies is started again with backoff; stop() ends all."""

from __future__ import annotations

import sys
import time

import pytest

from volland.run import Supervisor

DIES = [sys.executable, "-c", "import sys; sys.exit(3)"]
LIVES = [sys.executable, "-c", "import time; time.sleep(600)"]


def run_until(sup: Supervisor, cond, seconds: float = 30.0) -> None:
    deadline = time.monotonic() + seconds
    while not cond():
        if time.monotonic() > deadline:
            pytest.fail("gave up waiting")
        sup.poll()
        time.sleep(0.05)


def test_a_child_that_dies_is_restarted_with_backoff_and_logged(tmp_path):
    said: list[str] = []
    sup = Supervisor(say=said.append, backoff_start=0.1, backoff_cap=0.4, healthy_after=60)
    try:
        dying = sup.start("worker", DIES, log=tmp_path / "worker.log")
        steady = sup.start("scheduler", LIVES)
        steady_pid = steady.proc.pid
        run_until(sup, lambda: dying.restarts >= 4)
        # Each quick death doubles the wait, capped; the healthy child is left alone.
        exits = [m for m in said if m.startswith("The worker exited with code 3")]
        assert [m.rsplit("in ", 1)[1] for m in exits[:4]] == ["0.1 s", "0.2 s", "0.4 s", "0.4 s"]
        assert "Restarted the worker (restart 1)" in said
        assert steady.proc.pid == steady_pid and steady.proc.poll() is None and steady.restarts == 0
    finally:
        sup.stop()
    assert steady.proc.poll() is not None  # stop() ends the healthy child too


def test_a_child_that_ran_long_enough_restarts_after_the_first_delay(tmp_path):
    now = [0.0]
    said: list[str] = []
    sup = Supervisor(say=said.append, clock=lambda: now[0], backoff_start=1, backoff_cap=30, healthy_after=60)
    child = sup.start("web server", DIES)
    child.proc.wait()
    for _ in range(3):  # three quick deaths: 1, 2, 4 s
        sup.poll()
        now[0] = child.restart_at
        sup.poll()
        child.proc.wait()
    assert child.delay == 4
    now[0] += 120  # the last start is now two minutes old: the next death counts as a fresh one
    sup.poll()
    assert child.delay == 1 and said[-1].endswith("restarting it in 1 s")
    sup.stop()


def test_after_stop_nothing_is_restarted(tmp_path):
    sup = Supervisor(say=lambda m: None, backoff_start=0.01)
    child = sup.start("worker", LIVES)
    sup.stop()
    assert child.proc.poll() is not None
    time.sleep(0.05)
    sup.poll()
    assert child.restarts == 0 and child.restart_at is None


def test_a_one_off_task_that_succeeds_is_not_restarted_but_one_that_fails_is(tmp_path):
    said: list[str] = []
    sup = Supervisor(say=said.append, backoff_start=0.1, backoff_cap=0.4, healthy_after=60)
    try:
        done = sup.start("background build", [sys.executable, "-c", "import os; print(os.nice(0))"],
                         log=tmp_path / "done.log", once=True, nice=5)
        failing = sup.start("failing build", DIES, once=True)
        run_until(sup, lambda: done.finished and failing.restarts >= 1)
        for _ in range(10):
            sup.poll()
            time.sleep(0.05)
        assert done.restarts == 0 and any(m.startswith("The background build finished") for m in said)
        assert "Restarted the failing build (restart 1)" in said
    finally:
        sup.stop()
    # The task ran at the lowered priority.
    assert int((tmp_path / "done.log").read_text().strip()) >= 5
