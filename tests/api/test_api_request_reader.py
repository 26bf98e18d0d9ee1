"""`volland serve` reads each request whole before a thread handles it (api/gunicorn_worker.py).

The framing decisions of ``PendingRequest`` one by one, then the real server: requests of every framing
still answered (Content-Length, chunked, Expect: 100-continue, pipelined and kept-alive), a slow body
holds no thread, and a request not complete in time is answered 408 with the error body and closed.
"""

from __future__ import annotations

import json
import os
import socket
import subprocess
import time
from pathlib import Path

import pytest
import requests

from api.gunicorn_worker import CONTINUE, NEED_MORE, READY, PendingRequest
from tests.servers import running_server, volland_command


def feed_all(pieces: list[bytes], max_head: int = 10_000, max_body: int = 1000) -> list[str]:
    p = PendingRequest(max_head, max_body)
    return [p.feed(piece) for piece in pieces]


def test_a_request_without_a_body_is_ready_when_its_head_ends():
    assert feed_all([b"GET / HTTP/1.1\r\n", b"Host: x\r\n", b"\r", b"\n"]) == [NEED_MORE, NEED_MORE, NEED_MORE, READY]
    assert feed_all([b"GET / HTTP/1.0\r\n\r\n"]) == [READY]
    assert feed_all([b"\r\nGET / HTTP/1.1\r\nHost: x\r\n\r\n"]) == [READY]


def test_a_content_length_body_is_waited_for():
    head = b"POST /a HTTP/1.1\r\nHost: x\r\nContent-Length: 5\r\n\r\n"
    assert feed_all([head, b"ab", b"cde"]) == [NEED_MORE, NEED_MORE, READY]
    assert feed_all([head + b"abcde" + b"GET / HTTP/1.1\r\n"]) == [READY]  # a pipelined next request
    assert feed_all([b"POST /a HTTP/1.1\r\ncontent-length: 0\r\n\r\n"]) == [READY]


def test_a_chunked_body_is_waited_for_up_to_its_last_chunk_and_trailers():
    head = b"POST /a HTTP/1.1\r\nHost: x\r\nTransfer-Encoding: chunked\r\n\r\n"
    assert feed_all([head, b"3\r\nab", b"c\r\n", b"A;ext=1\r\n0123456789\r\n", b"0\r\n", b"\r\n"]) == \
        [NEED_MORE, NEED_MORE, NEED_MORE, NEED_MORE, NEED_MORE, READY]
    assert feed_all([head + b"0\r\nX-Trailer: 1\r\n", b"\r\n"]) == [NEED_MORE, READY]
    # One byte at a time: the scan resumes where it stopped.
    body = b"5\r\nhello\r\n0\r\n\r\n"
    assert feed_all([head] + [body[i:i + 1] for i in range(len(body))])[-2:] == [NEED_MORE, READY]


@pytest.mark.parametrize("request_bytes", [
    b"POST /a HTTP/1.1\r\nContent-Length: 5\r\nContent-Length: 6\r\n\r\n",            # two lengths
    b"POST /a HTTP/1.1\r\nContent-Length: 5\r\nTransfer-Encoding: chunked\r\n\r\n",   # both framings
    b"POST /a HTTP/1.1\r\nContent-Length: -1\r\n\r\n",                                # not a length
    b"POST /a HTTP/1.1\r\nTransfer-Encoding: gzip\r\n\r\n",                           # chunked not last
    b"POST /a HTTP/1.0\r\nTransfer-Encoding: chunked\r\n\r\n",                        # chunked in HTTP/1.0
    b"POST /a HTTP/1.1\r\nX: 1\r\n folded\r\nContent-Length: 5\r\n\r\n",              # obsolete line folding
    b"POST /a HTTP/1.1\r\nNo colon here\r\nContent-Length: 5\r\n\r\n",
    b"POST /a HTTP/1.1\r\nContent-Length: 1001\r\n\r\n",                              # over the body limit
    b"GET / HTTP/1.1\nHost: x\n",                                                     # bare LF
    b"POST /a HTTP/1.1\r\nTransfer-Encoding: chunked\r\n\r\nzz\r\n",                  # bad chunk size
    b"POST /a HTTP/1.1\r\nTransfer-Encoding: chunked\r\n\r\n3E9\r\n",                 # chunks over the limit
])
def test_what_gunicorn_refuses_is_handed_over_at_once(request_bytes):
    """gunicorn answers these itself (400, 413 from the application, 501) without waiting for more."""
    assert feed_all([request_bytes]) == [READY]


def test_a_head_over_the_limits_is_handed_over_for_gunicorn_to_refuse():
    assert feed_all([b"GET /" + b"a" * 200 + b" HTTP/1.1\r\n"], max_head=100) == [READY]


def test_expect_100_continue_asks_for_the_body_once():
    head = b"POST /a HTTP/1.1\r\nHost: x\r\nExpect: 100-continue\r\nContent-Length: 3\r\n\r\n"
    assert feed_all([head, b"a", b"bc"]) == [CONTINUE, NEED_MORE, READY]
    assert feed_all([head + b"abc"]) == [READY]


# ---------------------------------------------------------------- the real server


@pytest.fixture(scope="module")
def server(tmp_path_factory):
    tmp = tmp_path_factory.mktemp("reader")
    env = {**os.environ, "VOLLAND_VAR_DIR": str(tmp / "var"), "VOLLAND_RATELIMIT_STORAGE_URL": "memory://",
           "VOLLAND_WEB_DIST": str(tmp / "no-web"), "VOLLAND_SECRET_KEY": "r" * 48,
           "VOLLAND_REQUEST_READ_TIMEOUT_SECONDS": "3",
           # This checkout's code, whichever checkout the `volland` script was installed from.
           "PYTHONPATH": os.pathsep.join(filter(None, [str(Path(__file__).resolve().parents[2]),
                                                       os.environ.get("PYTHONPATH")]))}
    env.pop("VOLLAND_DATABASE_URL", None)
    subprocess.run([*volland_command(), "db", "upgrade"], env=env, check=True, capture_output=True, timeout=120)
    with running_server(env, "--workers", "1") as port:
        yield port


def _read_responses(sock: socket.socket, count: int) -> list[tuple[int, bytes]]:
    """Read ``count`` responses with Content-Length bodies (1xx responses included) from ``sock``."""
    data, out = b"", []
    while len(out) < count:
        while b"\r\n\r\n" not in data:
            chunk = sock.recv(65536)
            assert chunk, f"connection closed after {out}"
            data += chunk
        head, _, data = data.partition(b"\r\n\r\n")
        status = int(head.split(b" ", 2)[1])
        length = 0
        for line in head.split(b"\r\n")[1:]:
            name, _, value = line.partition(b":")
            if name.strip().lower() == b"content-length":
                length = int(value)
        while len(data) < length:
            data += sock.recv(65536)
        out.append((status, data[:length]))
        data = data[length:]
    return out


def test_every_framing_is_still_answered(server):
    with socket.create_connection(("127.0.0.1", server), timeout=20) as s:
        # Two pipelined requests in one write, then a chunked body sent in pieces, on one connection.
        s.sendall(b"GET /api/v1/nothing HTTP/1.1\r\nHost: x\r\n\r\n"
                  b"GET /api/v1/nothing-either HTTP/1.1\r\nHost: x\r\n\r\n")
        assert [st for st, _ in _read_responses(s, 2)] == [404, 404]
        s.sendall(b"POST /api/v1/auth/login HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\n"
                  b"Transfer-Encoding: chunked\r\n\r\n")
        time.sleep(0.3)
        body = json.dumps({"email": "nobody@example.com", "password": "not-the-password"}).encode()
        s.sendall(b"%x\r\n%s\r\n" % (10, body[:10]))
        time.sleep(0.3)
        s.sendall(b"%x\r\n%s\r\n0\r\n\r\n" % (len(body) - 10, body[10:]))
        [(status, payload)] = _read_responses(s, 1)
        assert status == 401 and json.loads(payload)["code"] == "invalid_credentials"
    # Expect: 100-continue: the client waits for "100 Continue" before sending the body.
    with socket.create_connection(("127.0.0.1", server), timeout=20) as s:
        s.sendall(b"POST /api/v1/auth/login HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\n"
                  b"Expect: 100-continue\r\nContent-Length: %d\r\n\r\n" % len(body))
        [(status, _)] = _read_responses(s, 1)
        assert status == 100
        s.sendall(body)
        # gunicorn may confirm the expectation once more before the answer (several 1xx are allowed).
        statuses = [_read_responses(s, 1)[0][0]]
        while statuses[-1] == 100 and len(statuses) < 3:
            statuses.append(_read_responses(s, 1)[0][0])
        assert statuses[-1] == 401
    # An ordinary client, with keep-alive.
    with requests.Session() as http:
        for _ in range(3):
            assert http.get(f"http://127.0.0.1:{server}/api/openapi.json", timeout=20).status_code == 200


def test_a_slow_body_holds_no_thread(server):
    """Twice as many connections as the worker has threads, each sending its body one byte at a time."""
    slow = []
    for _ in range(8):
        s = socket.create_connection(("127.0.0.1", server), timeout=20)
        s.sendall(b"POST /api/v1/auth/login HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\n"
                  b"Content-Length: 1000\r\n\r\n{")
        slow.append(s)
    try:
        for s in slow:
            s.sendall(b" ")
        resp = requests.get(f"http://127.0.0.1:{server}/api/openapi.json", timeout=20)
        assert resp.status_code == 200
    finally:
        for s in slow:
            s.close()


def test_a_request_not_complete_in_time_is_answered_408_and_closed(server):
    with socket.create_connection(("127.0.0.1", server), timeout=30) as s:
        s.sendall(b"GET /api/openapi.json HTTP/1.1\r\nHost: x\r\n")  # the head never ends
        data = b""
        while chunk := s.recv(65536):
            data += chunk
    head, _, body = data.partition(b"\r\n\r\n")
    assert head.startswith(b"HTTP/1.1 408 ")
    assert json.loads(body) == {"code": "request_timeout", "status": 408,
                                "message": "The request was not received in time.", "errors": {}}
    # A connection that sends nothing is closed without an answer.
    with socket.create_connection(("127.0.0.1", server), timeout=30) as s:
        assert s.recv(65536) == b""
