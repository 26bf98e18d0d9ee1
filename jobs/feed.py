"""The live trade-feed consumer as a job process (``volland feed``), one per deployment.

``VOLLAND_SOURCE=databento-live`` runs ``data.orchestration.live_feed.DatabentoFeed``,
``VOLLAND_SOURCE=massive-live`` runs ``data.orchestration.massive_feed.MassiveFeed``, each into a streaming
book (``data.orchestration.streaming.StreamBook``) that resumes from its last checkpoint
(``<var>/feed/<source>/``) and writes its quality reports next to the scheduled runs'
(``<var>/quality/``). One consumer per deployment: the process holds a Redis lock (``SET NX EX``, renewed
while it runs); a second one waits for it. The consumer's state — connected, lag, prints per second,
the last gap and the last checkpoint — is kept in Redis for the admin job view (``view``).
"""

from __future__ import annotations

import json
import os
import socket
import threading
import time
from typing import Callable

from jobs import queues as q

LIVE_FEEDS = ("databento-live", "massive-live")
LOCK_NAME = "feed"
LOCK_TTL_SECONDS = 30
STATUS_TTL_SECONDS = 120


class FeedLock(q.RunLock):
    """One consumer per deployment: the lock names the process holding it and is renewed while it runs."""

    def __init__(self, conn, ttl_seconds: int = LOCK_TTL_SECONDS):
        super().__init__(conn, LOCK_NAME, ttl_seconds)

    def wait(self, owner: str, stop: threading.Event, poll: float = 1.0,
             on_wait: Callable[[str | None], None] | None = None) -> bool:
        """Block until the lock is ours (True) or ``stop`` is set (False)."""
        told = False
        while not stop.is_set():
            if self.acquire(owner):
                return True
            if on_wait is not None and not told:
                on_wait(self.holder())
                told = True
            stop.wait(poll)
        return False

    def keep(self, owner: str, stop: threading.Event) -> threading.Thread:
        """Renew the lock every third of its life until ``stop``."""
        def renew() -> None:
            while not stop.wait(self.ttl / 3):
                if not self.extend(owner):
                    return
        t = threading.Thread(target=renew, name="feed-lock", daemon=True)
        t.start()
        return t


def status_key() -> str:
    return q.key("feed", "status")


def write_status(conn, status: dict) -> None:
    try:
        conn.set(status_key(), json.dumps({**status, "updated": time.time()}, default=str), ex=STATUS_TTL_SECONDS)
    except Exception:  # noqa: BLE001 - monitoring is best effort; the feed goes on
        pass


def view(conn) -> dict | None:
    """The admin job view's ``feed`` section: None when no live feed consumer reported lately."""
    raw = conn.get(status_key())
    if not raw:
        return None
    s = json.loads(raw)
    return {"source": s.get("source"), "connected": bool(s.get("connected")), "lagSeconds": s.get("lag_seconds"),
            "printsPerSecond": s.get("prints_per_second"), "feedTime": s.get("feed_time"),
            "lastGap": s.get("last_gap"), "lastCheckpoint": s.get("last_checkpoint"),
            "reconnects": s.get("reconnects", 0), "error": s.get("error"),
            "holder": FeedLock(conn).holder()}


def missing_key(settings) -> str | None:
    """Why the configured live feed cannot start for want of its API key (``no API key (set …)``), or None."""
    if settings.source == "massive-live" and not settings.massive_key.strip():
        return "no API key (set VOLLAND_MASSIVE_KEY)"
    if settings.source == "databento-live" and not settings.databento_key.strip():
        return "no API key (set VOLLAND_DATABENTO_KEY)"
    return None


def owner_name() -> str:
    return f"{socket.gethostname()}:{os.getpid()}"


def run(stop: threading.Event | None = None, until=None, conn=None, say: Callable[[str], None] = print):
    """Consume the configured live feed until ``stop`` (or the feed's clock reaching ``until``).

    Raises ``FeedUnavailable`` (one line) for a missing key, a refused key or an unreachable gateway.
    """
    from data.orchestration.live_feed import DatabentoFeed, FeedUnavailable
    from data.orchestration.streaming import StreamBook
    from data.universe import symbols
    from volland.settings import get_settings

    s = get_settings()
    if s.source not in LIVE_FEEDS:
        raise FeedUnavailable(f"VOLLAND_SOURCE={s.source!r} is not a live trade feed; the live feeds are "
                              f"{', '.join(LIVE_FEEDS)}.")
    if missing_key(s):
        raise FeedUnavailable(f"{s.source}: {missing_key(s)}.")
    tickers = [t.strip().upper() for t in s.source_tickers.split(",") if t.strip()] or list(symbols())
    stop = stop or threading.Event()
    conn = conn or q.connection()
    lock = FeedLock(conn)
    me = owner_name()
    if not lock.wait(me, stop, on_wait=lambda h: say(f"Another feed consumer holds the lock ({h}); waiting.")):
        return None
    keeper_stop = threading.Event()
    lock.keep(me, keeper_stop)
    try:
        common = dict(heartbeat_seconds=s.feed_heartbeat_seconds, silence_seconds=s.feed_silence_seconds,
                      backoff_seconds=s.feed_backoff_seconds, backoff_max_seconds=s.feed_backoff_max_seconds,
                      max_attempts=s.feed_max_attempts, on_status=lambda st: write_status(conn, st.as_dict()))
        book_args = dict(tickers=tickers, grid_minutes=s.feed_grid_minutes, root=s.store_path,
                         quality_dir=s.var_dir / "quality", source_id=s.source,
                         keep_batches=False)
        if s.source == "massive-live":
            from data.orchestration.massive_feed import MassiveBook, MassiveFeed

            book = MassiveBook.resume(s.var_dir / "feed" / s.source, **book_args)
            feed = MassiveFeed(book, key=s.massive_key, tickers=tickers, ws_url=s.massive_ws_url,
                               rest_url=s.massive_rest_url, **common)
        else:
            book = StreamBook.resume(s.var_dir / "feed" / s.source, **book_args)
            feed = DatabentoFeed(book, key=s.databento_key, tickers=tickers, gateway=s.databento_gateway or None,
                                 port=s.databento_port, dataset=s.databento_dataset, **common)
        stopper = threading.Thread(target=lambda: (stop.wait(), feed.stop()), daemon=True)
        stopper.start()
        try:
            return feed.run(until=until)
        except FeedUnavailable:
            write_status(conn, feed.status.as_dict())
            raise
    finally:
        keeper_stop.set()
        lock.release(me)


__all__ = ["FeedLock", "LIVE_FEEDS", "missing_key", "run", "view", "write_status", "status_key"]
