"""Slow clients do not stop the API: connections that send their request head one line every few seconds,
or their body one byte every few seconds ("slowloris" clients), hold no request thread of `volland serve`,
so a data request sent meanwhile is answered. The server is the real `volland serve` (gunicorn) on the
tiny store, with one worker of 4 threads so that every slow connection lands on the worker that also
gets the data request (with several workers the kernel spreads connections unevenly: the data request
is then blocked or not depending on which worker takes it)."""

from __future__ import annotations

import os
import socket
import threading
import time
from pathlib import Path
from types import SimpleNamespace

import requests
from dataapi_helpers import data_token

from tests.servers import running_server

# The server runs this checkout's code, whichever checkout the `volland` script was installed from.
ROOT = str(Path(__file__).resolve().parents[2])

# Twice as many slow connections as the server has request threads (1 worker x 4 threads), of each kind.
SLOW_HEADS = 8
SLOW_BODIES = 8
LINE_EVERY_S = 2.0
# Generous: only tells "answered" from "blocked behind the slow clients" (those never finish a request).
CLIENT_TIMEOUT_S = 30.0
KEY = "s" * 48
DATA_URL = "/api/v1/data/volland-live-api-summary?ticker=SPX"


class SlowClients:
    """Connections that each start a request and then send one more piece every ``every`` seconds, never
    finishing it, until stopped: a head one header line at a time, or a JSON body one byte at a time."""

    def __init__(self, port: int, heads: int, bodies: int, every: float):
        self.port, self.heads, self.bodies, self.every = port, heads, bodies, every
        self.stop = threading.Event()
        self.socks: list[tuple[socket.socket, str]] = []
        self.pieces_sent = 0  # pieces sent after the first ones
        self.thread = threading.Thread(target=self._run, daemon=True)

    def __enter__(self) -> SlowClients:
        for i in range(self.heads + self.bodies):
            s = socket.create_connection(("127.0.0.1", self.port), timeout=5)
            if i < self.heads:
                s.sendall(f"GET {DATA_URL} HTTP/1.1\r\nHost: localhost\r\n".encode())
                self.socks.append((s, "head"))
            else:
                s.sendall(b"POST /api/v1/auth/login HTTP/1.1\r\nHost: localhost\r\n"
                          b"Content-Type: application/json\r\nContent-Length: 4096\r\n\r\n{")
                self.socks.append((s, "body"))
        self.thread.start()
        # Let every connection be accepted and its first bytes read before the data request.
        time.sleep(self.every + 0.5)
        return self

    def _run(self) -> None:
        i = 0
        while not self.stop.wait(self.every):
            i += 1
            for s, kind in self.socks:
                try:
                    s.sendall(b"X-Slow-%d: %d\r\n" % (i, i) if kind == "head" else b" ")
                    self.pieces_sent += 1
                except OSError:  # the server closed it
                    pass

    def held(self) -> int:
        """How many of the connections are still open and unanswered."""
        held = 0
        for s, _kind in self.socks:
            s.setblocking(False)
            try:
                s.recv(1, socket.MSG_PEEK)  # b"": closed by the server; bytes: answered
            except BlockingIOError:
                held += 1
            except OSError:
                pass
            finally:
                s.setblocking(True)
        return held

    def __exit__(self, *exc: object) -> None:
        self.stop.set()
        self.thread.join(timeout=10)
        for s, _kind in self.socks:
            s.close()


def test_a_data_request_is_answered_while_slow_clients_hold_connections(db_url):
    env = {**os.environ, "VOLLAND_DATABASE_URL": db_url, "VOLLAND_SECRET_KEY": KEY,
           "VOLLAND_RATELIMIT_STORAGE_URL": "memory://",
           "PYTHONPATH": os.pathsep.join(filter(None, [ROOT, os.environ.get("PYTHONPATH")]))}
    headers = {"Authorization": f"Bearer {data_token(SimpleNamespace(config={'JWT_SECRET_KEY': KEY}), 'live')}"}
    with running_server(env, "--workers", "1") as port:
        base = f"http://127.0.0.1:{port}"
        warm = requests.get(base + DATA_URL, headers=headers, timeout=60)
        assert warm.status_code == 200, warm.text
        with SlowClients(port, SLOW_HEADS, SLOW_BODIES, LINE_EVERY_S) as slow:
            started = time.monotonic()
            try:
                resp = requests.get(base + DATA_URL, headers=headers, timeout=CLIENT_TIMEOUT_S)
            except requests.Timeout:
                resp = None
            answered_s = time.monotonic() - started
            held = slow.held()
        print(f"\ndata request answered after {answered_s:.2f} s while {SLOW_HEADS + SLOW_BODIES} slow clients "
              f"held connections")
        assert resp is not None, f"no answer within {CLIENT_TIMEOUT_S:g} s while slow clients held connections"
        assert resp.status_code == 200 and resp.json() == warm.json()
        # The slow clients were still connected, sending and unanswered while the data request was answered.
        assert slow.pieces_sent > 0 and held == SLOW_HEADS + SLOW_BODIES
