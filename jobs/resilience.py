"""Keep the worker and the cron scheduler running across Redis outages.

RQ's ``Worker.work`` retries a lost connection only while it waits on the queues; a Redis error met
anywhere else (while a job runs, in a heartbeat, in registry maintenance) ends its loop, and ``CronScheduler.start`` raises out of
its loop at the next heartbeat, so on their own both processes exit when Redis goes away. The loops
here wrap them: on a Redis error they log one WARNING line, wait for Redis with exponential backoff
(1 s, 2 s, 4 s, ... capped at 30 s, pinging before each wait ends), log one INFO line when Redis
answers again and start a fresh worker (scheduler) on the same queues (cron jobs). A shutdown signal
(SIGINT, SIGTERM) still stops them, also while they wait.
"""

from __future__ import annotations

import logging
import signal
import time
from collections.abc import Callable, Iterator

import redis

log = logging.getLogger("jobs.resilience")

BACKOFF_START_SECONDS = 1.0
BACKOFF_CAP_SECONDS = 30.0
REDIS_ERRORS = (redis.exceptions.ConnectionError, redis.exceptions.TimeoutError, ConnectionError, OSError)


def backoff_delays(start: float = BACKOFF_START_SECONDS, cap: float = BACKOFF_CAP_SECONDS) -> Iterator[float]:
    """1, 2, 4, ... seconds, doubling up to ``cap`` and staying there."""
    delay = start
    while True:
        yield min(delay, cap)
        delay = min(delay * 2, cap)


def redis_answers(conn) -> bool:
    try:
        return bool(conn.ping())
    except REDIS_ERRORS:
        return False
    except redis.exceptions.RedisError:  # e.g. still loading its data after a restart
        return False


def _url(conn) -> str:
    kw = conn.connection_pool.connection_kwargs
    return f"redis://{kw.get('host', '?')}:{kw.get('port', '?')}/{kw.get('db', 0)}"


def wait_for_redis(conn, what: str, *, sleep: Callable[[float], None] = time.sleep,
                   delays: Iterator[float] | None = None) -> float:
    """Block until ``conn`` answers PING; return the seconds waited (0 when it answers at once).

    Logs one WARNING when Redis does not answer and one INFO when it is back; each retry is DEBUG.
    SIGTERM and SIGINT keep their default meaning while waiting (the process stops).
    """
    if redis_answers(conn):
        return 0.0
    previous = {s: signal.getsignal(s) for s in (signal.SIGTERM, signal.SIGINT)}
    try:
        signal.signal(signal.SIGTERM, signal.SIG_DFL)
        signal.signal(signal.SIGINT, signal.default_int_handler)
    except ValueError:  # not the main thread: leave the handlers alone
        previous = {}
    log.warning("%s: Redis is not reachable at %s; retrying with backoff (%g s doubling to %g s)",
                what, _url(conn), BACKOFF_START_SECONDS, BACKOFF_CAP_SECONDS)
    waited = 0.0
    try:
        for delay in delays or backoff_delays():
            sleep(delay)
            waited += delay
            if redis_answers(conn):
                break
            log.debug("%s: Redis still not reachable after %.0f s", what, waited)
    finally:
        for sig, handler in previous.items():
            signal.signal(sig, handler)
    log.info("%s: Redis is reachable again after %.0f s; carrying on", what, waited)
    return waited


def _stop_requested(w) -> bool:
    # RQ records a warm shutdown (SIGINT/SIGTERM) in these attributes before it leaves its loop.
    return bool(getattr(w, "_stop_requested", False) or getattr(w, "_shutdown_requested_date", None))


def _stop_pubsub(w) -> None:
    """Stop the old worker's command-channel thread (RQ's teardown never reaches it when Redis is away),
    so it neither retries every 2 s in the log nor lingers after the new worker starts."""
    thread = getattr(w, "pubsub_thread", None)
    if thread is not None:
        try:
            thread.stop()
            thread.join(timeout=1)
        except Exception:  # noqa: BLE001 - best effort
            pass
    pubsub = getattr(w, "pubsub", None)
    if pubsub is not None:
        try:
            pubsub.close()
        except Exception:  # noqa: BLE001
            pass


def run_worker(conn, make_worker: Callable[[object], object], *, burst: bool = False,
               with_scheduler: bool = True) -> None:
    """Run ``make_worker(conn).work(...)`` and start a new worker after every Redis outage.

    Returns when the worker stops on request (signal), or when a burst run finishes.
    """
    while True:
        wait_for_redis(conn, "worker")
        w = make_worker(conn)
        # RQ retries a lost connection by itself only while it waits for a job; cap its backoff like ours.
        w.max_connection_wait_time = BACKOFF_CAP_SECONDS
        error: BaseException | None = None
        try:
            w.work(burst=burst, with_scheduler=with_scheduler, logging_level="INFO")
        except REDIS_ERRORS as exc:  # teardown (register_death) fails while Redis is away
            error = exc
        if _stop_requested(w):
            return
        if error is None and redis_answers(conn):
            # work() returned on its own with Redis up: a burst run ended or RQ quit for another reason.
            if burst:
                return
            log.warning("worker %s left its loop with Redis up; starting a new one", w.name)
        else:
            log.warning("worker %s lost Redis (%s)", w.name,
                        error.__class__.__name__ if error else "connection lost")
        _stop_pubsub(w)
        wait_for_redis(conn, "worker")
        try:  # drop the old worker's registration so a fixed --name can be registered again
            w.register_death()
        except redis.exceptions.RedisError:
            pass


def run_scheduler(conn, make_scheduler: Callable[[object], object]) -> None:
    """Run ``make_scheduler(conn).start()`` and start it again after every Redis outage.

    ``CronScheduler.start`` returns normally only on a shutdown signal; a Redis error escapes from it.
    """
    while True:
        wait_for_redis(conn, "scheduler")
        sched = make_scheduler(conn)
        try:
            sched.start()
            return
        except REDIS_ERRORS as exc:
            log.warning("scheduler %s lost Redis (%s)", sched.name, exc.__class__.__name__)
