"""Requests gunicorn rejects before the application sees them still answer the one JSON error body."""

from __future__ import annotations

import json
import os
import socket
import subprocess

import pytest
import requests

from tests.servers import running_server, volland_command as _volland


def _raw(port: int, request: bytes) -> tuple[int, dict[str, str], bytes]:
    with socket.create_connection(("127.0.0.1", port), timeout=10) as sock:
        sock.sendall(request)
        data = b""
        while chunk := sock.recv(65536):
            data += chunk
    head, _, body = data.partition(b"\r\n\r\n")
    lines = head.decode("latin-1").split("\r\n")
    headers = {k.strip().lower(): v.strip() for k, _, v in (line.partition(":") for line in lines[1:])}
    return int(lines[0].split()[1]), headers, body


@pytest.fixture(scope="module")
def server(tmp_path_factory):
    tmp = tmp_path_factory.mktemp("gunicorn")
    env = {**os.environ, "VOLLAND_VAR_DIR": str(tmp / "var"), "VOLLAND_RATELIMIT_STORAGE_URL": "memory://",
           "VOLLAND_WEB_DIST": str(tmp / "no-web"), "VOLLAND_SECRET_KEY": "k" * 48}
    env.pop("VOLLAND_DATABASE_URL", None)
    subprocess.run([*_volland(), "db", "upgrade"], env=env, check=True, capture_output=True, timeout=120)
    with running_server(env, "--workers", "1") as port:
        yield port


@pytest.mark.parametrize(("request_bytes", "status", "code"), [
    (b"GET /" + b"a" * 10_000 + b" HTTP/1.1\r\nHost: x\r\n\r\n", 414, "uri_too_long"),
    (b"GET / HTTP/1.1\r\nHost: x\r\n" + b"".join(b"X-H%d: v\r\n" % i for i in range(150)) + b"\r\n",
     431, "headers_too_large"),
    (b"GET / HTTP/1.1\r\nHost: x\r\nBad Header: <script>\r\n\r\n", 400, "bad_request"),
    (b"\x16\x03\x01 not http at all\r\n\r\n", 400, "bad_request"),
])
def test_gunicorn_rejections_answer_the_json_error_body(server, request_bytes, status, code):
    got, headers, body = _raw(server, request_bytes)
    assert got == status
    assert headers["content-type"] == "application/json"
    assert int(headers["content-length"]) == len(body)
    payload = json.loads(body)
    assert payload == {"code": code, "status": status, "message": payload["message"], "errors": {}}
    assert payload["message"] and b"<script>" not in body


def test_normal_requests_are_unchanged(server):
    resp = requests.get(f"http://127.0.0.1:{server}/api/v1/nothing-here", timeout=10)
    assert resp.status_code == 404 and resp.json()["code"] == "not_found"
