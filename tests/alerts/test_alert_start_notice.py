"""VOLLAND_ALERTS_DEV_WEBHOOKS (http webhooks to loopback) is said at a production start: by the WSGI
module gunicorn imports in each worker, and by `volland serve`; a start without it says nothing about it."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

from api.alerts.webhook_urls import DEV_WEBHOOKS_WARNING, start_notice
from volland.settings import Settings

ROOT = str(Path(__file__).resolve().parents[2])


def _import_wsgi(tmp_path: Path, **extra: str) -> subprocess.CompletedProcess:
    env = {**os.environ, "VOLLAND_VAR_DIR": str(tmp_path / "var"), "VOLLAND_SECRET_KEY": "k" * 48,
           "VOLLAND_RATELIMIT_STORAGE_URL": "memory://", "VOLLAND_WEB_DIST": str(tmp_path / "no-web"),
           "HOME": str(tmp_path / "home"),
           "PYTHONPATH": os.pathsep.join(filter(None, [ROOT, os.environ.get("PYTHONPATH")]))}
    env.pop("VOLLAND_DATABASE_URL", None)
    env.pop("VOLLAND_ALERTS_DEV_WEBHOOKS", None)
    env.update(extra)
    return subprocess.run([sys.executable, "-c", "import api.wsgi"], env=env, capture_output=True, text=True,
                          timeout=120, cwd=ROOT)


def test_the_notice_follows_the_setting(monkeypatch):
    monkeypatch.setenv("VOLLAND_ALERTS_DEV_WEBHOOKS", "1")
    assert start_notice(Settings()) == DEV_WEBHOOKS_WARNING
    monkeypatch.setenv("VOLLAND_ALERTS_DEV_WEBHOOKS", "0")
    assert start_notice(Settings()) is None


def test_a_production_start_with_dev_webhooks_warns(tmp_path):
    on = _import_wsgi(tmp_path, VOLLAND_ALERTS_DEV_WEBHOOKS="1")
    assert on.returncode == 0, on.stderr[-3000:]
    assert DEV_WEBHOOKS_WARNING in on.stderr
    off = _import_wsgi(tmp_path)
    assert off.returncode == 0, off.stderr[-3000:]
    assert "VOLLAND_ALERTS_DEV_WEBHOOKS" not in off.stderr
