"""One run against the real server process: `volland db upgrade`, `volland users create`, `volland serve --dev`."""

from __future__ import annotations

import os
import subprocess

import requests

from tests.servers import running_server, volland_command as _volland


def test_real_server_process(tmp_path):
    env = {**os.environ, "VOLLAND_VAR_DIR": str(tmp_path / "var"), "VOLLAND_ARGON2_TIME_COST": "1",
           "VOLLAND_ARGON2_MEMORY_KIB": "64", "VOLLAND_ARGON2_PARALLELISM": "1",
           "VOLLAND_RATELIMIT_STORAGE_URL": "memory://", "VOLLAND_WEB_DIST": str(tmp_path / "no-web")}
    env.pop("VOLLAND_DATABASE_URL", None)
    subprocess.run([*_volland(), "db", "upgrade"], env=env, check=True, capture_output=True, timeout=120)
    subprocess.run([*_volland(), "users", "create", "--email", "demo@volland.local", "--password", "demo-pass-1",
                    "--tier", "live", "--exists-ok"], env=env, check=True, capture_output=True, timeout=120)
    with running_server(env, "--dev") as port:
        base = f"http://127.0.0.1:{port}"
        login = requests.post(f"{base}/api/v1/auth/login",
                              json={"email": "demo@volland.local", "password": "demo-pass-1"}, timeout=10)
        assert login.status_code == 200, login.text
        headers = {"Authorization": f"Bearer {login.json()['accessToken']}"}
        me = requests.get(f"{base}/api/v1/users", headers=headers, timeout=10).json()
        assert me["tier"] == "live" and me["planName"] == "Volland Live"
        ws = requests.post(f"{base}/api/v1/workspaces", json={"name": "Smoke"}, headers=headers, timeout=10)
        assert ws.status_code == 201
        missing = requests.get(f"{base}/api/v1/nothing-here", timeout=10)
        assert missing.status_code == 404 and missing.json()["code"] == "not_found"
        assert requests.get(f"{base}/api/docs", timeout=10).status_code == 200
