"""``make run``: bring the whole product up on one machine with embedded defaults.

Steps, each idempotent so a second ``make run`` is quick:
1. a Redis: the configured one when it answers, otherwise a private ``redis-server`` on a free port;
2. the account database migrated, a demo user (tier Live) and an admin created;
3. the demo market data built when missing (``volland demo``);
4. one RQ worker and one scheduler in the background, the web server in the foreground.
"""

from __future__ import annotations

import os
import shutil
import signal
import socket
import subprocess
import sys
import time
from pathlib import Path
from urllib.parse import urlparse

from volland.settings import SecretKeyError, get_settings, resolve_secret_key

DEMO_USERS = (
    # (email, password, extra flags, what it shows)
    ("demo@volland.local", "demo-password-1", ["--tier", "live"], "Live subscriber"),
    ("basic@volland.local", "demo-password-1", ["--tier", "basic"], "Basic subscriber"),
    ("admin@volland.local", "admin-password-1", ["--tier", "live", "--admin"], "administrator"),
)


def _say(message: str) -> None:
    print(f"==> {message}", flush=True)


def _volland(*args: str, env: dict[str, str]) -> None:
    cmd = [sys.executable, "-m", "volland.cli", *args]
    result = subprocess.run(cmd, env=env)
    if result.returncode != 0:
        print(f"make run: step failed: volland {' '.join(args)}", file=sys.stderr)
        sys.exit(result.returncode)


def _redis_answers(url: str) -> bool:
    parsed = urlparse(url)
    try:
        with socket.create_connection((parsed.hostname or "127.0.0.1", parsed.port or 6379), timeout=0.5) as s:
            s.sendall(b"PING\r\n")
            return s.recv(16).startswith(b"+PONG")
    except OSError:
        return False


def _free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def _ensure_redis(env: dict[str, str], var_dir: Path, children: list[subprocess.Popen]) -> str:
    url = env.get("VOLLAND_REDIS_URL") or get_settings().redis_url
    if _redis_answers(url):
        _say(f"Redis answers at {url}")
        return url
    binary = shutil.which("redis-server")
    if binary is None and shutil.which("apt-get") and os.geteuid() == 0:
        _say("No Redis reachable and no redis-server installed: installing Debian's redis-server")
        subprocess.run(["apt-get", "install", "-y", "-qq", "redis-server"], check=False,
                       env={**env, "DEBIAN_FRONTEND": "noninteractive"})
        binary = shutil.which("redis-server")
    if binary is None:
        print("make run: no Redis is reachable at {url} and redis-server is not installed; "
              "install redis-server or set VOLLAND_REDIS_URL".format(url=url), file=sys.stderr)
        sys.exit(2)
    port = _free_port()
    data_dir = var_dir / "redis"
    data_dir.mkdir(parents=True, exist_ok=True)
    children.append(subprocess.Popen(
        [binary, "--port", str(port), "--bind", "127.0.0.1", "--save", "", "--appendonly", "no",
         "--dir", str(data_dir)], stdout=subprocess.DEVNULL))
    url = f"redis://127.0.0.1:{port}/0"
    for _ in range(50):
        if _redis_answers(url):
            break
        time.sleep(0.1)
    _say(f"Started a private Redis at {url}")
    return url


def main() -> int:
    settings = get_settings()
    var_dir = settings.var_dir
    var_dir.mkdir(parents=True, exist_ok=True)
    try:  # the embedded start generates the signing key once (var_dir/secret_key, mode 600)
        resolve_secret_key(settings, create=True)
    except SecretKeyError as exc:
        print(f"make run: {exc}", file=sys.stderr)
        return 2
    env = dict(os.environ)
    env["VOLLAND_VAR_DIR"] = str(var_dir)
    children: list[subprocess.Popen] = []

    def stop(*_: object) -> None:
        for child in reversed(children):
            if child.poll() is None:
                child.terminate()
        for child in children:
            try:
                child.wait(timeout=10)
            except subprocess.TimeoutExpired:
                child.kill()

    try:
        env["VOLLAND_REDIS_URL"] = _ensure_redis(env, var_dir, children)
        _say("Migrating the account database")
        _volland("db", "upgrade", env=env)
        for email, password, flags, _what in DEMO_USERS:
            _volland("users", "create", "--email", email, "--password", password, *flags, "--exists-ok", env=env)
        profile = get_settings().demo_profile
        _say(f"Preparing the demo market data, profile {profile} (built once; later runs reuse it)")
        _volland("demo", "--profile", profile, env=env)
        logs = var_dir / "logs"
        logs.mkdir(exist_ok=True)
        for name in ("worker", "scheduler"):
            log = open(logs / f"{name}.log", "ab")  # noqa: SIM115 - kept open for the child's lifetime
            children.append(subprocess.Popen([sys.executable, "-m", "volland.cli", name], env=env,
                                             stdout=log, stderr=subprocess.STDOUT))
            _say(f"Started the {name} (log: {logs / (name + '.log')})")
        url = f"http://{settings.host}:{settings.port}"
        print("\n" + "=" * 72)
        print(f"  Volland is starting at {url}")
        print("  Demo logins:")
        for email, password, _flags, what in DEMO_USERS:
            print(f"    {email:<24} {password:<18} ({what})")
        print("  Stop with Ctrl-C.")
        print("=" * 72 + "\n", flush=True)
        server = subprocess.Popen([sys.executable, "-m", "volland.cli", "serve", "--host", settings.host,
                                   "--port", str(settings.port)], env=env)
        children.append(server)
        signal.signal(signal.SIGTERM, lambda *_: server.terminate())
        return server.wait()
    except KeyboardInterrupt:
        return 0
    finally:
        stop()


if __name__ == "__main__":
    sys.exit(main())
