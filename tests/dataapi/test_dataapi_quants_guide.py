"""docs/quants.md runs: its Python examples, in order, as one script against a live `volland serve`
(gunicorn) on the tiny store, with an API key of a Live account and an RQ worker for the background
export. The guide cannot rot: a changed parameter, column or route breaks this test."""

from __future__ import annotations

import os
import re
import subprocess
import sys
import time
from pathlib import Path

from tests.servers import running_server, volland_command

GUIDE = Path(__file__).resolve().parents[2] / "docs" / "quants.md"


def guide_blocks() -> list[str]:
    return re.findall(r"^```python\n(.*?)^```", GUIDE.read_text(), flags=re.S | re.M)


def test_the_guide_has_an_example_for_each_reader():
    code = "\n".join(guide_blocks())
    for needle in ("pq.read_table", "pl.from_arrow", "duckdb.sql", "ipc.open_stream(resp.raw)",
                   '"granularity": "contract"', "/jobs", "expiration_from", "/levels", "levels_request"):
        assert needle in code, needle


def test_every_example_of_the_guide_runs_against_a_live_server(db_url, tmp_path):
    from rq import SimpleWorker
    from test_dataapi_public_api import make_user

    from jobs import queues as q

    key = make_user(db_url, tier="live")["key"]
    env = {**os.environ, "VOLLAND_DATABASE_URL": db_url, "VOLLAND_SECRET_KEY": "g" * 48,
           "VOLLAND_RATELIMIT_STORAGE_URL": "memory://"}
    script = tmp_path / "guide.py"
    script.write_text("\n\n".join(guide_blocks()))
    assert volland_command()
    with running_server(env, "--workers", "1") as port:
        run_env = {**env, "VOLLAND_URL": f"http://127.0.0.1:{port}", "VOLLAND_API_KEY": key}
        proc = subprocess.Popen([sys.executable, str(script)], cwd=tmp_path, env=run_env,
                                stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True)
        conn = q.connection()
        deadline = time.monotonic() + 300
        # The background-export example waits for a worker: drain the queue until the script ends.
        while proc.poll() is None and time.monotonic() < deadline:
            SimpleWorker([q.queue(q.DEFAULT, conn)], connection=conn).work(burst=True, with_scheduler=False)
            time.sleep(0.3)
        if proc.poll() is None:
            proc.kill()
        out = proc.communicate()[0]
    assert proc.returncode == 0, out[-4000:]
    assert re.search(r"^\d+ rows, \d+ closes$", out, flags=re.M), out[-2000:]
    assert "aggregate charm" in out and "gamma_musd" in out and "gamma_billions" in out
    assert "above_flip" in out and re.search(r"^\d+ snapshots today; call wall now \d", out, flags=re.M), out[-2000:]
    assert (tmp_path / "spx_contracts.parquet").stat().st_size > 0
