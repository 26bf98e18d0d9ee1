"""A real `volland serve` process for the tests that need one (gunicorn or the dev server)."""

from __future__ import annotations

import os
import signal
import socket
import subprocess
import sys
import time
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

import requests


def volland_command() -> list[str]:
    script = Path(sys.executable).with_name("volland")
    return [str(script)] if script.exists() else [sys.executable, "-c", "from volland.cli import main; main()"]


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


@contextmanager
def running_server(env: dict, *serve_args: str, start_timeout: float = 60) -> Iterator[int]:
    """Start `volland serve` on a free port with ``env`` and wait until it answers; yields the port and
    stops the whole process group afterwards."""
    port = free_port()
    proc = subprocess.Popen([*volland_command(), "serve", *serve_args, "--host", "127.0.0.1", "--port", str(port)],
                            env=env, stdout=subprocess.PIPE, stderr=subprocess.STDOUT, start_new_session=True)
    try:
        deadline = time.monotonic() + start_timeout
        while True:
            try:
                if requests.get(f"http://127.0.0.1:{port}/api/openapi.json", timeout=10).status_code == 200:
                    break
            except (requests.ConnectionError, requests.Timeout):
                # gunicorn's master accepts connections before its worker has loaded the app: on a busy
                # machine the first answer can take longer than the probe waits.
                pass
            assert proc.poll() is None, proc.stdout.read().decode()
            assert time.monotonic() < deadline, "server did not start"
            time.sleep(0.2)
        yield port
    finally:
        os.killpg(proc.pid, signal.SIGTERM)
        try:
            proc.wait(timeout=30)
        except subprocess.TimeoutExpired:
            os.killpg(proc.pid, signal.SIGKILL)
            proc.wait(timeout=10)


@contextmanager
def moto_s3() -> Iterator[str]:
    """An S3-compatible server (moto's standalone server, in a thread of this process) on a free port;
    yields its endpoint URL. Every test makes its own bucket."""
    from moto.server import ThreadedMotoServer

    server = ThreadedMotoServer(ip_address="127.0.0.1", port=free_port(), verbose=False)
    server.start()
    host, port = server.get_host_and_port()
    try:
        yield f"http://{host}:{port}"
    finally:
        server.stop()


def children(pid: int) -> list[int]:
    """Direct child processes of ``pid`` (from /proc)."""
    out = []
    for entry in os.listdir("/proc"):
        if entry.isdigit():
            try:
                with open(f"/proc/{entry}/stat") as f:
                    fields = f.read().rsplit(")", 1)[1].split()
            except OSError:
                continue
            if int(fields[1]) == pid:
                out.append(int(entry))
    return out
