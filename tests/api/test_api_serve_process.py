"""The `volland serve` process and plain gunicorn as operators run them: each server has its own control
socket under its var folder, a start without a signing key stops instead of restarting workers forever,
the var folder and the files written in it are private, and no token reaches the access log."""

from __future__ import annotations

import os
import re
import shutil
import signal
import stat
import subprocess
import sys
import tempfile
import time
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

import pytest
import requests

from tests.servers import free_port, volland_command

SECRET = "t" * 48
# The processes run this checkout's code, whichever checkout the `volland` script was installed from.
ROOT = str(Path(__file__).resolve().parents[2])


def _env(tmp: Path, name: str, **extra: str) -> dict:
    env = {**os.environ, "VOLLAND_VAR_DIR": str(tmp / name / "var"), "VOLLAND_RATELIMIT_STORAGE_URL": "memory://",
           "VOLLAND_WEB_DIST": str(tmp / "no-web"), "VOLLAND_SECRET_KEY": SECRET,
           # gunicorn's own default control socket lives here: never the host's, whatever happens.
           "XDG_RUNTIME_DIR": str(tmp / "xdg"), "HOME": str(tmp / "home"),
           "PYTHONPATH": os.pathsep.join(filter(None, [ROOT, os.environ.get("PYTHONPATH")])), **extra}
    env.pop("VOLLAND_DATABASE_URL", None)
    (tmp / "xdg").mkdir(exist_ok=True)
    return env


@contextmanager
def serve(env: dict, log: Path, *args: str) -> Iterator[tuple[int, subprocess.Popen]]:
    """`volland serve` (gunicorn, one worker) with its output in ``log``; yields the port and the process."""
    port = free_port()
    with open(log, "wb") as out:
        proc = subprocess.Popen([*volland_command(), "serve", "--workers", "1", "--host", "127.0.0.1",
                                 "--port", str(port), *args], env=env, stdout=out, stderr=subprocess.STDOUT,
                                start_new_session=True)
    try:
        deadline = time.monotonic() + 60
        while True:
            try:
                if requests.get(f"http://127.0.0.1:{port}/api/openapi.json", timeout=10).status_code == 200:
                    break
            except (requests.ConnectionError, requests.Timeout):
                pass
            assert proc.poll() is None, log.read_text()
            assert time.monotonic() < deadline, "server did not start"
            time.sleep(0.2)
        yield port, proc
    finally:
        os.killpg(proc.pid, signal.SIGTERM)
        try:
            proc.wait(timeout=30)
        except subprocess.TimeoutExpired:
            os.killpg(proc.pid, signal.SIGKILL)
            proc.wait(timeout=10)


def _upgrade(env: dict) -> None:
    subprocess.run([*volland_command(), "db", "upgrade"], env=env, check=True, capture_output=True, timeout=120)


def _bind_of(socket_path: Path) -> list[str]:
    from gunicorn.ctl.client import ControlClient

    client = ControlClient(str(socket_path), timeout=10)
    try:
        return client.send_command("show config")["bind"]
    finally:
        client.close()


@pytest.fixture
def short_tmp():
    """A folder with a short path: a Unix socket path holds at most 107 bytes."""
    path = Path(tempfile.mkdtemp(prefix="vs-", dir="/tmp"))
    yield path
    shutil.rmtree(path, ignore_errors=True)


def test_each_server_has_its_own_control_socket(short_tmp):
    tmp_path = short_tmp
    env_a, env_b = _env(tmp_path, "a"), _env(tmp_path, "b")
    _upgrade(env_a)
    _upgrade(env_b)
    with serve(env_a, tmp_path / "a.log") as (port_a, _):
        sock_a = Path(env_a["VOLLAND_VAR_DIR"]) / "run" / f"gunicorn-127.0.0.1_{port_a}.ctl"
        with serve(env_b, tmp_path / "b.log") as (port_b, _):
            sock_b = Path(env_b["VOLLAND_VAR_DIR"]) / "run" / f"gunicorn-127.0.0.1_{port_b}.ctl"
            assert _bind_of(sock_a) == [f"127.0.0.1:{port_a}"]
            assert _bind_of(sock_b) == [f"127.0.0.1:{port_b}"]
            assert stat.S_IMODE(sock_a.stat().st_mode) == 0o600
            assert stat.S_IMODE(sock_a.parent.stat().st_mode) == 0o700
        # The second server stopped: it removed its own socket, not the first one's.
        assert not sock_b.exists()
        assert _bind_of(sock_a) == [f"127.0.0.1:{port_a}"]
    assert not sock_a.exists()
    assert list((tmp_path / "xdg").iterdir()) == []  # gunicorn's shared default was never used


def test_a_var_folder_too_deep_for_a_socket_starts_without_one(tmp_path):
    env = _env(tmp_path, "deep" + "/deeper" * 12)
    _upgrade(env)
    with serve(env, tmp_path / "deep.log"):
        assert not (Path(env["VOLLAND_VAR_DIR"]) / "run").exists()
        assert list((tmp_path / "xdg").iterdir()) == []
    assert "No control socket: " in (tmp_path / "deep.log").read_text()


def test_an_explicit_control_socket_choice_is_kept(tmp_path):
    env = _env(tmp_path, "c", GUNICORN_CMD_ARGS="--no-control-socket")
    _upgrade(env)
    with serve(env, tmp_path / "c.log"):
        assert not (Path(env["VOLLAND_VAR_DIR"]) / "run").exists()
        assert list((tmp_path / "xdg").iterdir()) == []


def test_plain_gunicorn_without_a_key_stops(tmp_path):
    """The documented production start without a key stops with the one line, instead of starting
    workers again and again."""
    env = _env(tmp_path, "nokey")
    env.pop("VOLLAND_SECRET_KEY")
    proc = subprocess.run([sys.executable, "-m", "gunicorn", "--bind", f"127.0.0.1:{free_port()}", "--workers", "2",
                           "api.wsgi:app"], env=env, capture_output=True, text=True, timeout=120)
    # The master stops with gunicorn's app-load-error code (4). When both workers fail at the same moment,
    # gunicorn's arbiter meets the second failure while already halting and exits 1 instead: still a stop,
    # never a restart loop (seen on a quiet machine as well as a loaded one).
    assert proc.returncode in (1, 4), proc.stderr[-3000:]
    assert "HaltServer 'App failed to load.' 4" in proc.stderr or proc.returncode == 4, proc.stderr[-3000:]
    assert "volland: No signing key: set VOLLAND_SECRET_KEY" in proc.stderr
    assert proc.stderr.count("Booting worker") <= 2  # no restart loop


def test_the_var_folder_and_its_files_are_private(tmp_path):
    env = _env(tmp_path, "private")
    var = Path(env["VOLLAND_VAR_DIR"])
    var.mkdir(parents=True)
    var.chmod(0o755)  # made by an earlier version, world-readable
    _upgrade(env)
    assert stat.S_IMODE(var.stat().st_mode) == 0o700
    assert stat.S_IMODE((var / "volland.sqlite3").stat().st_mode) == 0o600
    with serve(env, tmp_path / "private.log") as (port, proc):
        # Every process of the server writes with the umask 077: its master and its worker.
        from tests.servers import children

        for pid in [proc.pid, *children(proc.pid)]:
            umask = re.search(r"^Umask:\s+(\d+)$", Path(f"/proc/{pid}/status").read_text(), re.M).group(1)
            assert int(umask, 8) == 0o077, pid
        # A file the server writes on request (the PDF cache) is private too.
        assert requests.get(f"http://127.0.0.1:{port}/docs/user-guide-en.pdf", timeout=120).status_code == 200
        written = [p for p in (var / "documents").rglob("*")]
        assert written and all(stat.S_IMODE(p.stat().st_mode) == (0o700 if p.is_dir() else 0o600) for p in written)


def test_the_worker_and_the_scheduler_write_privately(tmp_path):
    env = _env(tmp_path, "jobs", VOLLAND_JOBS_PREFIX=f"t-ops-{os.getpid()}")
    var = Path(env["VOLLAND_VAR_DIR"])
    var.mkdir(parents=True)
    var.chmod(0o755)
    for command in ("worker", "scheduler"):
        proc = subprocess.Popen([*volland_command(), command], env=env, stdout=subprocess.DEVNULL,
                                stderr=subprocess.DEVNULL, start_new_session=True)
        try:
            deadline = time.monotonic() + 60
            while stat.S_IMODE(var.stat().st_mode) != 0o700 and time.monotonic() < deadline:
                time.sleep(0.1)
            umask = re.search(r"^Umask:\s+(\d+)$", Path(f"/proc/{proc.pid}/status").read_text(), re.M).group(1)
            assert int(umask, 8) == 0o077, command
            assert stat.S_IMODE(var.stat().st_mode) == 0o700, command
        finally:
            os.killpg(proc.pid, signal.SIGTERM)
            try:
                proc.wait(timeout=30)
            except subprocess.TimeoutExpired:
                os.killpg(proc.pid, signal.SIGKILL)
                proc.wait(timeout=10)
        var.chmod(0o755)


def test_make_private_creates_and_tightens(tmp_path):
    from volland.private_files import make_private

    old = os.umask(0o022)
    try:
        make_private(tmp_path / "new" / "var", create=True)
        assert os.umask(0o077) == 0o077
        assert stat.S_IMODE((tmp_path / "new" / "var").stat().st_mode) == 0o700
        assert stat.S_IMODE((tmp_path / "new").stat().st_mode) == 0o700
        (tmp_path / "old").mkdir(mode=0o755)
        (tmp_path / "old").chmod(0o755)
        make_private(tmp_path / "old")
        assert stat.S_IMODE((tmp_path / "old").stat().st_mode) == 0o700
        make_private(tmp_path / "missing")  # without create: nothing made
        assert not (tmp_path / "missing").exists()
    finally:
        os.umask(old)


TOKEN_URLS = (
    "/reset-password?token={secret}",                    # the link of the password-reset mail
    "/forget-password/new?token={secret}&from=mail",     # the page it leads to
    "/billing/local/portal/{jwt}",                       # the embedded billing portal
    "/billing/local/portal/{jwt}/cancel",
    "/billing/local/checkout/cs_local_{secret}",         # the embedded checkout
    "/checkout/success?session_id=cs_local_{secret}",    # the checkout's return
    "/api/v1/nothing?api_key=vol_{secret}",              # a key put in the query by a client
)


def test_no_token_reaches_the_access_log(tmp_path):
    env = _env(tmp_path, "logs")
    _upgrade(env)
    secret = "Zq8" + "s3cr3t" * 6
    jwt = "eyJhbGciOiJIUzI1NiJ9.eyJzdWIiOiIxIiwidHlwZSI6InBvcnRhbCJ9." + secret
    log = tmp_path / "serve.log"
    with serve(env, log) as (port, _):
        base = f"http://127.0.0.1:{port}"
        for path in TOKEN_URLS:
            url = base + path.format(secret=secret, jwt=jwt)
            assert requests.get(url, timeout=30, allow_redirects=False).status_code < 500
            # The page a link opens sends it on as its referer (the new-password form, for one).
            requests.post(f"{base}/api/v1/auth/reset-password", json={"token": secret, "password": "x"},
                          headers={"Referer": url}, timeout=30)
        marker = f"/api/v1/after-{os.getpid()}"
        requests.get(base + marker, timeout=30)
        deadline = time.monotonic() + 10
        while marker not in log.read_text() and time.monotonic() < deadline:
            time.sleep(0.1)
    text = log.read_text()
    assert marker in text and text.count("[redacted]") >= 2 * len(TOKEN_URLS)
    assert secret not in text, [line for line in text.splitlines() if secret in line]
