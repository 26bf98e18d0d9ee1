"""The gunicorn worker of ``volland serve``: gunicorn's threaded worker, fed whole requests only.

gunicorn's ``gthread`` worker hands a connection to one of its threads as soon as the first byte arrives;
the thread then reads the rest of the head and the body with blocking reads. A client that sends its head
one line every few seconds (or its body one byte at a time) keeps that thread for as long as it likes, so
a handful of such connections — as many as the worker has threads — stop the API for every other user.

This worker reads each request in its main loop instead, without blocking, next to the connections it
already watches (kept-alive ones): a connection goes to a thread only once its head and body are complete
(or once gunicorn can already tell it is invalid, so that gunicorn answers it as before). A request not
complete within ``VOLLAND_REQUEST_READ_TIMEOUT_SECONDS`` is answered 408 with the API's error body and
closed; a connection that sent nothing by then is closed. Slow clients therefore cost one socket and a
buffer of at most one request each (the head limits of gunicorn plus ``VOLLAND_MAX_BODY_BYTES``), never a
thread. The number of connections a worker holds stays bounded by gunicorn's ``worker_connections``;
many thousands of slow connections are a job for the reverse proxy (docs/deployment.md).

Requests are read this way for plain HTTP/1.1 only; with TLS, HTTP/2 or the PROXY protocol configured in
gunicorn the worker behaves exactly like ``gthread`` (the product terminates TLS at the proxy).
"""

from __future__ import annotations

import errno
import selectors
import time
from functools import partial

from gunicorn.workers.gthread import STOP_KEEPALIVE_LINGER, ThreadWorker

from api.gunicorn_conf import json_error

NEED_MORE = "more"
READY = "ready"          # the request is complete, or gunicorn can tell it is not valid: hand it over
CONTINUE = "continue"    # the head asks for "100 Continue" before the client sends the body

_RECV_BYTES = 64 * 1024
# Longest chunk-size line read before the chunked body is handed to gunicorn to refuse.
_MAX_CHUNK_LINE = 1024


class PendingRequest:
    """The bytes of the next request on one connection, fed as they arrive, and whether it is whole.

    It only decides when gunicorn can parse the request without waiting: the framing it reads (where
    the head ends, Content-Length, chunked bodies) follows RFC 9112, and anything it does not recognise
    — an invalid head, conflicting lengths, an unknown transfer coding, a bare LF — is handed over at
    once for gunicorn to refuse as usual. Work per received byte is constant: scanning resumes where it
    stopped.
    """

    def __init__(self, max_head: int, max_body: int):
        self.buf = bytearray()
        self.max_head = max_head
        self.max_body = max_body
        self.head_end: int | None = None
        self._searched = 0
        self._body_end: int | None = None   # Content-Length framing: where the body ends
        self._chunked = False
        self._chunk_pos = 0                 # chunked framing: where the next chunk-size line starts
        self._chunk_total = 0
        self._in_trailers = False
        self._expect_continue = False
        self._continue_sent = False

    def feed(self, data: bytes) -> str:
        self.buf += data
        if self.head_end is None:
            start = max(0, self._searched - 3)
            idx = self.buf.find(b"\r\n\r\n", start)
            if idx < 0:
                self._searched = len(self.buf)
                if self.buf.count(b"\n") != self.buf.count(b"\r\n") or len(self.buf) > self.max_head:
                    return READY  # gunicorn refuses a bare LF or an oversized head without reading more
                return NEED_MORE
            self.head_end = idx + 4
            verdict = self._framing(bytes(self.buf[:idx]))
            if verdict is not None:
                return verdict
        verdict = self._body_verdict()
        if verdict == NEED_MORE and self._expect_continue and not self._continue_sent:
            self._continue_sent = True
            return CONTINUE
        return verdict

    def _framing(self, head: bytes) -> str | None:
        """Read the body's framing from the head; READY when the request has no body (or is invalid)."""
        lines = head.split(b"\r\n")
        if lines and lines[0] == b"":  # one empty line before the request line is allowed
            lines = lines[1:]
        if not lines:
            return READY
        http10 = lines[0].rstrip().endswith(b"HTTP/1.0")
        length = coding = None
        for line in lines[1:]:
            name, colon, value = line.partition(b":")
            if not colon or line[:1] in (b" ", b"\t"):
                return READY
            name, value = name.lower(), value.strip(b" \t")
            if name == b"content-length":
                if length is not None or not value.isdigit():
                    return READY
                length = int(value)
            elif name == b"transfer-encoding":
                if coding is not None:
                    return READY
                coding = value.lower()
            elif name == b"expect" and value.lower() == b"100-continue" and not http10:
                self._expect_continue = True
        if coding is not None:
            if length is not None or http10 or coding.split(b",")[-1].strip(b" \t") != b"chunked":
                return READY
            self._chunked = True
            self._chunk_pos = self.head_end
            return None
        if not length or length > self.max_body:  # no body, or one the application refuses unread (413)
            return READY
        self._body_end = self.head_end + length
        return None

    def _body_verdict(self) -> str:
        if not self._chunked:
            return READY if len(self.buf) >= self._body_end else NEED_MORE
        buf = self.buf
        while True:
            eol = buf.find(b"\r\n", self._chunk_pos)
            if eol < 0:
                return READY if len(buf) - self._chunk_pos > _MAX_CHUNK_LINE else NEED_MORE
            if self._in_trailers:
                if eol == self._chunk_pos:  # the empty line after the trailers
                    return READY
                self._chunk_pos = eol + 2
                continue
            size_text = bytes(buf[self._chunk_pos:eol]).split(b";", 1)[0].strip(b" \t")
            try:
                size = int(size_text, 16)
            except ValueError:
                return READY
            if size == 0:
                self._in_trailers = True
                self._chunk_pos = eol + 2
                continue
            self._chunk_total += size
            if self._chunk_total > self.max_body:
                return READY
            data_end = eol + 2 + size
            if len(buf) < data_end + 2:
                return NEED_MORE
            self._chunk_pos = data_end + 2


class BufferedThreadWorker(ThreadWorker):
    """gunicorn's ``gthread`` worker whose threads only ever get complete requests (module docstring)."""

    def init_process(self):
        from volland.settings import get_settings

        s = get_settings()
        self.read_timeout = s.request_read_timeout_seconds
        self.max_body = s.max_body_bytes
        cfg = self.cfg
        line = cfg.limit_request_line if cfg.limit_request_line > 0 else 8190
        fields = cfg.limit_request_fields if cfg.limit_request_fields > 0 else 32768
        field_size = cfg.limit_request_field_size if cfg.limit_request_field_size > 0 else 8190
        self.max_head = line + 2 + fields * (field_size + 2) + 4
        self.reading_requests = (not cfg.is_ssl and "h2" not in cfg.http_protocols
                                 and cfg.proxy_protocol == "off")
        self.reading: dict[int, tuple] = {}  # id(conn) -> (conn, deadline)
        super().init_process()

    # Every path that gives a connection to a thread (a new connection, a kept-alive one that became
    # readable, read-ahead of a pipelined request) comes through here.
    def enqueue_req(self, conn):
        if not self.reading_requests:
            return super().enqueue_req(conn)
        pending = PendingRequest(self.max_head, self.max_body)
        conn.volland_pending = pending
        leftover = conn.parser.unreader.take_buffered() if conn.initialized else b""
        if leftover and self._feed(conn, leftover):
            return None
        conn.sock.setblocking(False)
        self.reading[id(conn)] = (conn, time.monotonic() + self.read_timeout)
        self.poller.register(conn.sock, selectors.EVENT_READ, partial(self._on_readable, conn))
        return None

    def _on_readable(self, conn, _sock):
        try:
            data = conn.sock.recv(_RECV_BYTES)
        except (BlockingIOError, InterruptedError):
            return
        except OSError:
            data = b""
        if not data:  # closed (or reset) before the request was complete: nothing to answer
            self._stop_reading(conn)
            self._drop(conn)
            return
        self._feed(conn, data)

    def _feed(self, conn, data: bytes) -> bool:
        """Add received bytes; True when the connection has been handed over (or closed)."""
        verdict = conn.volland_pending.feed(data)
        if verdict == CONTINUE:
            try:
                conn.sock.send(b"HTTP/1.1 100 Continue\r\n\r\n")
            except OSError as exc:
                if exc.errno not in (errno.EAGAIN, errno.EWOULDBLOCK):
                    self._stop_reading(conn)
                    self._drop(conn)
                    return True
            return False
        if verdict == READY:
            self._stop_reading(conn)
            self._hand_over(conn)
            return True
        return False

    def _hand_over(self, conn):
        data = bytes(conn.volland_pending.buf)
        conn.volland_pending = None
        if not conn.initialized:
            conn.init()  # plain HTTP/1: creates the parser, nothing that waits on the client
        conn.parser.unreader.unread(data)
        conn.data_ready = True
        conn.sock.setblocking(True)
        super().enqueue_req(conn)

    def _stop_reading(self, conn):
        if self.reading.pop(id(conn), None) is not None:
            try:
                self.poller.unregister(conn.sock)
            except (KeyError, ValueError, OSError):
                pass

    def _drop(self, conn):
        self.nr_conns -= 1
        conn.close()

    def murder_pending(self):
        """Also answer 408 to (and close) the connections whose request did not arrive in time."""
        super().murder_pending()
        if not self.reading:
            return
        now = time.monotonic()
        for key, (conn, deadline) in list(self.reading.items()):
            if not self.alive and deadline > now + STOP_KEEPALIVE_LINGER:
                deadline = now + STOP_KEEPALIVE_LINGER
                self.reading[key] = (conn, deadline)
            if deadline > now:
                continue
            self._stop_reading(conn)
            if conn.volland_pending is not None and conn.volland_pending.buf:
                try:
                    conn.sock.send(json_error(408, "Request Timeout"))
                except OSError:
                    pass
            self._drop(conn)
