"""Work an account route hands off so that its answer neither waits for it nor depends on it.

A password-reset request answers at once and the same way for every address: the route only hands the
address to this process's background thread (``submit``), which looks the account up, records the reset
token and queues the mail (``api.auth.service.prepare_password_reset``). How long the answer takes
therefore says nothing about the address (docs/security.md, "Password reset").

One thread per process, started on first use (after a fork, the child starts its own). At most
``MAX_WAITING`` tasks wait; beyond that a task is dropped with a warning (the reset routes' rate limits
keep far below it). Tasks still waiting when the process exits are finished first.
"""

from __future__ import annotations

import logging
import os
import threading
from collections.abc import Callable
from concurrent.futures import Future, ThreadPoolExecutor, wait

log = logging.getLogger(__name__)

MAX_WAITING = 1000

_lock = threading.Lock()
_executor: ThreadPoolExecutor | None = None
_owner = 0
_pending: set[Future] = set()


def _pool() -> ThreadPoolExecutor:
    global _executor, _owner
    with _lock:
        if _executor is None or _owner != os.getpid():
            _executor = ThreadPoolExecutor(max_workers=1, thread_name_prefix="account-background")
            _owner = os.getpid()
            _pending.clear()
        return _executor


def _run(task: Callable[..., object], args: tuple) -> None:
    try:
        task(*args)
    except Exception:  # noqa: BLE001 - a failed task is logged; the request was answered long ago
        log.exception("background task %s failed", getattr(task, "__qualname__", task))


def submit(task: Callable[..., object], *args: object) -> bool:
    """Run ``task(*args)`` on this process's background thread; False when it was dropped (queue full)."""
    pool = _pool()
    with _lock:
        if len(_pending) >= MAX_WAITING:
            log.warning("background queue full (%d tasks); %s dropped", MAX_WAITING,
                        getattr(task, "__qualname__", task))
            return False
        future = pool.submit(_run, task, args)
        _pending.add(future)
    future.add_done_callback(_done)
    return True


def _done(future: Future) -> None:
    with _lock:
        _pending.discard(future)


def wait_idle(timeout: float) -> bool:
    """Wait until every task submitted so far has run; False if some still run after ``timeout`` seconds."""
    with _lock:
        waiting = set(_pending)
    if not waiting:
        return True
    _, not_done = wait(waiting, timeout=timeout)
    return not not_done
