"""``make run``: bring the whole product up on one machine with embedded defaults.

Steps, each idempotent so a second ``make run`` is quick:
1. a Redis: the configured one when it answers, otherwise a private ``redis-server`` on a free port;
2. the account database migrated, a demo user (tier Live) and an admin created, the academy course loaded;
3. the demo market data of the serve-first tickers built when missing (``volland demo --part first``);
4. one RQ worker and one scheduler in the background, the web server in the foreground (selling through
   the embedded provider, test payments, unless the environment sets a provider or a Stripe key), and the
   rest of the demo history built in the background (``volland demo --part rest``, a one-off task at a lower
   priority: resumable, each day published whole, progress in the admin job view).

Every long-running child (the private Redis when one was started, the worker, the scheduler and the web
server) is supervised (:class:`Supervisor`): one that exits while ``make run`` is up is started again,
after 1 s, doubling up to 30 s while it keeps dying within a minute of its start, and each exit and
restart is logged on the console. Ctrl-C (or SIGTERM) stops them all.
"""

from __future__ import annotations

import os
import shutil
import signal
import socket
import subprocess
import sys
import time
from collections.abc import Callable
from dataclasses import dataclass, field
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


# ---------------------------------------------------------------- supervision


@dataclass
class Child:
    name: str
    argv: list[str]
    env: dict[str, str] | None = None
    log: Path | None = None  # appended to; None: the console
    once: bool = False       # a task, not a service: an exit with code 0 is its end (not restarted)
    nice: int = 0            # scheduling priority lowered by this much (a background task)
    finished: bool = False
    proc: subprocess.Popen | None = None
    started_at: float = 0.0
    restarts: int = 0
    delay: float = 0.0
    restart_at: float | None = None
    _log_fh: object = field(default=None, repr=False)


class Supervisor:
    """Starts children and restarts one that exits, with exponential backoff.

    ``poll()`` is non-blocking: it notices exits and starts children whose backoff has elapsed; the
    caller loops over it. A child that ran at least ``healthy_after`` seconds before exiting is
    restarted after ``backoff_start``; each quicker exit doubles the delay up to ``backoff_cap``.
    """

    def __init__(self, say: Callable[[str], None] = _say, clock: Callable[[], float] = time.monotonic,
                 backoff_start: float = 1.0, backoff_cap: float = 30.0, healthy_after: float = 60.0):
        self.children: list[Child] = []
        self.say = say
        self.clock = clock
        self.backoff_start = backoff_start
        self.backoff_cap = backoff_cap
        self.healthy_after = healthy_after
        self.stopping = False

    def start(self, name: str, argv: list[str], env: dict[str, str] | None = None,
              log: Path | None = None, once: bool = False, nice: int = 0) -> Child:
        child = Child(name, list(argv), env, log, once=once, nice=nice)
        self.children.append(child)
        self._spawn(child)
        return child

    def _spawn(self, child: Child) -> None:
        if child.log is not None:
            child._log_fh = open(child.log, "ab")  # noqa: SIM115 - kept open for the child's lifetime
            out = child._log_fh
        else:
            out = None
        lower = (lambda: os.nice(child.nice)) if child.nice else None
        child.proc = subprocess.Popen(child.argv, env=child.env, stdout=out,
                                      stderr=subprocess.STDOUT if out is not None else None, preexec_fn=lower)
        child.started_at = self.clock()
        child.restart_at = None

    def poll(self) -> None:
        if self.stopping:
            return
        now = self.clock()
        for child in self.children:
            if child.finished:
                continue
            if child.restart_at is not None:
                if now >= child.restart_at:
                    child.restarts += 1
                    self._spawn(child)
                    self.say(f"Restarted the {child.name} (restart {child.restarts})")
                continue
            code = child.proc.poll() if child.proc is not None else None
            if code is None:
                continue
            if child._log_fh is not None:
                child._log_fh.close()
                child._log_fh = None
            ran = now - child.started_at
            if child.once and code == 0:
                child.finished = True
                self.say(f"The {child.name} finished after {ran:.0f} s")
                continue
            if ran >= self.healthy_after or child.delay == 0:
                child.delay = self.backoff_start
            else:
                child.delay = min(child.delay * 2, self.backoff_cap)
            child.restart_at = now + child.delay
            self.say(f"The {child.name} exited with code {code} after {ran:.0f} s; "
                     f"restarting it in {child.delay:g} s")

    def run(self, interval: float = 0.5, until: Callable[[], bool] = lambda: False) -> None:
        """Poll until ``until()`` is true (or a KeyboardInterrupt, which the caller turns into stop())."""
        while not until():
            self.poll()
            time.sleep(interval)

    def stop(self, timeout: float = 10.0) -> None:
        """Stop every child (the latest started first) and restart none."""
        self.stopping = True
        for child in reversed(self.children):
            if child.proc is not None and child.proc.poll() is None:
                child.proc.terminate()
        for child in reversed(self.children):
            if child.proc is None:
                continue
            try:
                child.proc.wait(timeout=timeout)
            except subprocess.TimeoutExpired:
                child.proc.kill()
                child.proc.wait()
            if child._log_fh is not None:
                child._log_fh.close()
                child._log_fh = None


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


def _ensure_redis(env: dict[str, str], var_dir: Path, sup: Supervisor) -> str:
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
    # Restarted on the same port when it dies: the worker and the scheduler reconnect to it.
    sup.start("private Redis", [binary, "--port", str(port), "--bind", "127.0.0.1", "--save", "",
                                "--appendonly", "no", "--dir", str(data_dir)], log=var_dir / "redis.log")
    url = f"redis://127.0.0.1:{port}/0"
    for _ in range(50):
        if _redis_answers(url):
            break
        time.sleep(0.1)
    _say(f"Started a private Redis at {url}")
    return url


def choose_test_payments(env: dict[str, str]) -> bool:
    """The demo sells through the embedded provider (test payments: nothing is charged), chosen here
    explicitly since no start uses it by default; a payment setting of the operator's own (a provider or a
    Stripe key) is kept. True when the children will sell with test payments."""
    if not env.get("VOLLAND_BILLING_PROVIDER", "").strip() and not env.get("VOLLAND_STRIPE_SECRET_KEY"):
        env["VOLLAND_BILLING_PROVIDER"] = "embedded"
    return env.get("VOLLAND_BILLING_PROVIDER", "").strip().lower() == "embedded"


def _background_owed(settings) -> bool:
    """Whether the demo's background part still owes anything (its plan file, written by the first part)."""
    from data.store import backfill

    plan = backfill.read_plan(settings.store_path)
    return bool(plan) and plan.get("state") != "done"


def _start_feed(settings, sup: Supervisor, env: dict[str, str], logs: Path) -> Child | None:
    """With a live trade feed configured (``VOLLAND_SOURCE=databento-live`` or ``massive-live``), its consumer
    (``volland feed``) is a supervised child like the worker; without its key, one line says why it is not
    started."""
    from jobs.feed import LIVE_FEEDS, missing_key

    if settings.source not in LIVE_FEEDS:
        return None
    missing = missing_key(settings)
    if missing:
        _say(f"The {settings.source} feed is not started: {missing}.")
        return None
    child = sup.start("feed", [sys.executable, "-m", "volland.cli", "feed"], env=env, log=logs / "feed.log")
    _say(f"Started the {settings.source} feed consumer (log: {logs / 'feed.log'})")
    return child


def main() -> int:
    settings = get_settings()
    refusal = settings.source_refusal()
    if refusal:
        print(f"make run: {refusal}", file=sys.stderr)
        return 2
    var_dir = settings.var_dir
    from volland.private_files import make_private

    make_private(var_dir, create=True)  # umask 077 for every child; the var folder 0700
    try:  # the embedded start generates the signing key once (var_dir/secret_key, mode 600)
        resolve_secret_key(settings, create=True)
    except SecretKeyError as exc:
        print(f"make run: {exc}", file=sys.stderr)
        return 2
    env = dict(os.environ)
    env["VOLLAND_VAR_DIR"] = str(var_dir)
    test_payments = choose_test_payments(env)
    sup = Supervisor()

    def on_sigterm(*_: object) -> None:
        raise KeyboardInterrupt

    try:
        env["VOLLAND_REDIS_URL"] = _ensure_redis(env, var_dir, sup)
        _say("Migrating the account database")
        _volland("db", "upgrade", env=env)
        for email, password, flags, _what in DEMO_USERS:
            _volland("users", "create", "--email", email, "--password", password, *flags, "--exists-ok", env=env)
        _say("Loading the academy course (content already loaded is kept)")
        _volland("academy", "seed", env=env)
        profile = get_settings().demo_profile
        # Serve first: the flagship tickers' whole history now, the rest of the universe in the background.
        _say(f"Preparing the demo market data, profile {profile}: the serve-first tickers now, the others in "
             "the background (built once; later runs reuse it)")
        _volland("demo", "--profile", profile, "--part", "first", env=env)
        logs = var_dir / "logs"
        logs.mkdir(exist_ok=True)
        for name in ("worker", "scheduler"):
            sup.start(name, [sys.executable, "-m", "volland.cli", name], env=env, log=logs / f"{name}.log")
            _say(f"Started the {name} (log: {logs / (name + '.log')})")
        _start_feed(settings, sup, env, logs)
        url = f"http://{settings.host}:{settings.port}"
        print("\n" + "=" * 72)
        print(f"  Volland is starting at {url}")
        print("  Demo logins:")
        for email, password, _flags, what in DEMO_USERS:
            print(f"    {email:<24} {password:<18} ({what})")
        owed = _background_owed(settings)
        if owed:
            print("  The serve-first tickers (SPX, SPY, QQQ, ...) are ready; the rest of the universe is built")
            print("  in the background (progress in the admin job view and var/logs/backfill.log).")
        if test_payments:
            print("  Payments: test payments (the embedded provider): plans and API packs are bought on a")
            print("  local page and nothing is charged (docs/billing.md).")
        print("  Stop with Ctrl-C.")
        print("=" * 72 + "\n", flush=True)
        sup.start("web server", [sys.executable, "-m", "volland.cli", "serve", "--host", settings.host,
                                 "--port", str(settings.port)], env=env)
        # Resumable (each day is published whole) and restarted if it fails; at a lower priority so the
        # server stays responsive. Progress: the admin job view and the log.
        if owed:
            sup.start("background build", [sys.executable, "-m", "volland.cli", "demo", "--profile", profile,
                                           "--part", "rest", "--quiet"], env=env, log=logs / "backfill.log",
                      once=True, nice=10)
            _say(f"Building the rest of the demo history in the background (log: {logs / 'backfill.log'}; "
                 "progress in the admin job view)")
        signal.signal(signal.SIGTERM, on_sigterm)
        sup.run()
        return 0
    except KeyboardInterrupt:
        return 0
    finally:
        sup.stop()


if __name__ == "__main__":
    sys.exit(main())
