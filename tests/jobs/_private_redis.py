"""A private ``redis-server`` on a free port, without persistence, that a test starts, stops, restarts
(empty) and flushes; and a polling helper for the liveness bounds those tests wait on."""

from __future__ import annotations

import os
import shutil
import socket
import subprocess
import time
from pathlib import Path

import pytest
import redis

REDIS_SERVER = shutil.which("redis-server") or "/usr/bin/redis-server"


def _free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def _pings(c) -> bool:
    try:
        return bool(c.ping())
    except redis.RedisError:
        return False


def wait_until(cond, seconds: float, what: str, detail=lambda: "") -> None:
    """Poll ``cond`` until it is truthy; fail after ``seconds`` (a liveness bound, not a speed check)."""
    deadline = time.monotonic() + seconds
    while not cond():
        if time.monotonic() > deadline:
            pytest.fail(f"gave up waiting for {what} ({seconds:g} s)\n{detail()}")
        time.sleep(0.2)


class PrivateRedis:
    def __init__(self, tmp: Path):
        if not os.path.exists(REDIS_SERVER):
            pytest.fail("redis-server is required for this test")
        self.port = _free_port()
        self.dir = tmp / "redis"
        self.dir.mkdir(exist_ok=True)
        self.url = f"redis://127.0.0.1:{self.port}/0"
        self.proc: subprocess.Popen | None = None

    def client(self) -> redis.Redis:
        return redis.Redis.from_url(self.url, socket_timeout=10, socket_connect_timeout=2)

    def start(self) -> None:
        self.proc = subprocess.Popen([REDIS_SERVER, "--port", str(self.port), "--bind", "127.0.0.1", "--save", "",
                                      "--appendonly", "no", "--dir", str(self.dir)], stdout=subprocess.DEVNULL)
        c = redis.Redis.from_url(self.url, socket_connect_timeout=1)
        wait_until(lambda: _pings(c), 20, "the private redis-server to answer")

    def stop(self) -> None:
        if self.proc is not None and self.proc.poll() is None:
            self.proc.terminate()
            self.proc.wait(timeout=20)
        self.proc = None

    def restart_empty(self) -> None:
        """Stop and start again on the same port: nothing survives (no persistence)."""
        self.stop()
        self.start()
