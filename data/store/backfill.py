"""The background part of a serve-first demo build: its plan and progress, ``<store>/backfill.json``.

``make run`` builds the serve-first tickers of the demo (``volland demo --part first``) before it starts
the server, then the rest of the universe in the background (``volland demo --part rest``). The plan file
says which tickers the background part still owes and how far it got. It is read by

* the snapshot worker, which leaves those tickers out of its runs until the plan is done (it would
  otherwise append to a history the background build has not finished: ``jobs.tasks.start_run``);
* the data routes, which answer "being built" rather than serve an older day as the latest
  (``api.data.service.live_snapshot``);
* the admin job view (``jobs.state.overview``), which shows the progress.

The file is replaced atomically; a missing or unreadable file means "no background build".
"""

from __future__ import annotations

import json
import os
import uuid
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

from domain.timestamps import iso

PLAN_FILE = "backfill.json"
# pending: planned, not started; running: started (``pid``); stopped: interrupted (resumes at the next
# start); failed: ended by an error (``error``; restarted); done: every planned day is published.
STATES = ("pending", "running", "stopped", "failed", "done")

_cache: dict[str, tuple[tuple[int, int], dict[str, Any] | None]] = {}


def now_iso() -> str:
    return iso(datetime.now(UTC))


def _configured_root() -> str:
    from volland.settings import get_settings

    return str(get_settings().store_path)


def plan_path(root) -> Path:
    from data.store.parquet import store_root

    return store_root(root) / PLAN_FILE


def read_plan(root=None) -> dict[str, Any] | None:
    """The plan, or None when there is none (cached while the file is unchanged). A store on object
    storage has none: the demo is built in a local folder and copied there (docs/deployment.md)."""
    from data.store.files import is_object_url

    if is_object_url(str(root) if root is not None else _configured_root()):
        return None
    path = plan_path(root)
    try:
        st = path.stat()
    except OSError:
        return None
    stamp = (st.st_mtime_ns, st.st_size)
    cached = _cache.get(str(path))
    if cached is not None and cached[0] == stamp:
        return cached[1]
    try:
        plan = json.loads(path.read_text())
    except (OSError, ValueError):
        plan = None
    if not isinstance(plan, dict):
        plan = None
    _cache[str(path)] = (stamp, plan)
    return plan


def write_plan(root, plan: dict[str, Any]) -> None:
    path = plan_path(root)
    path.parent.mkdir(parents=True, exist_ok=True)
    tmp = path.with_name(f".{PLAN_FILE}-{uuid.uuid4().hex}")
    tmp.write_text(json.dumps({**plan, "updatedAt": now_iso()}, separators=(",", ":")))
    os.replace(tmp, path)


def update_plan(root, **fields: Any) -> dict[str, Any]:
    plan = {**(read_plan(root) or {}), **fields}
    write_plan(root, plan)
    return plan


def pending_tickers(root=None) -> frozenset[str]:
    """Tickers a background build still owes (empty when there is none or it is done)."""
    plan = read_plan(root)
    if not plan or plan.get("state") == "done":
        return frozenset()
    return frozenset(plan.get("tickers") or ())


def view(root=None) -> dict[str, Any] | None:
    """The plan as the admin job view shows it (None when there is no background build)."""
    plan = read_plan(root)
    if not plan:
        return None
    keys = ("state", "profile", "asOf", "phase", "daysDone", "daysTotal", "warmupDone", "warmupTotal",
            "currentDay", "startedAt", "updatedAt", "finishedAt", "pid", "error")
    out = {k: plan.get(k) for k in keys}
    out["tickers"] = len(plan.get("tickers") or ())
    return out
