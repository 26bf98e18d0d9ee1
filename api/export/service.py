"""The quants export's rules: what a request may ask, what it covers, who runs how many at once.

The routes (``api/export/routes.py``) authenticate, load the query with ``ExportQuery`` (the one check of
each parameter's form, the ticker's included) and call this module:

* :func:`parse` checks what the OpenAPI document cannot state — the rules between two values, the range in
  days, whether the store carries the ticker — and turns the parameters into plain values, which are also
  a background export's job arguments;
* :func:`plan` lists the snapshots they cover (404 when none) and counts the rows against a cap;
* :class:`Slot` is one of a user's streamed exports running at once (:func:`open_stream` takes one);
* :func:`submit_job`, :func:`list_jobs`, :func:`job_state`, :func:`job_file` and :func:`job_view` are the
  background exports, kept by ``jobs/exports.py``.

Limits (docs/security.md, "Export limits"): a request spans at most ``VOLLAND_EXPORT_MAX_DAYS`` calendar
days and streams at most ``VOLLAND_EXPORT_MAX_ROWS`` rows; a larger export answers 422 pointing to the
background export, whose file holds up to ``VOLLAND_EXPORT_JOB_MAX_ROWS`` rows. Each user runs at most
``VOLLAND_EXPORT_CONCURRENCY`` streamed exports and has at most ``VOLLAND_EXPORT_JOBS_PER_USER``
background exports queued or running; beyond either the answer is 429 with ``Retry-After``. Every failure
is an ``ApiError`` carrying the one error body.
"""

from __future__ import annotations

import json
import logging
import time
import uuid
from collections.abc import Callable, Iterator
from datetime import date
from pathlib import Path
from typing import NamedTuple

from api.data import service as svc
from api.errors import ApiError
from data.store import export as data_export
from domain.vocabulary import GREEKS
from volland.redis_client import shared_redis_client

log = logging.getLogger("api.export")

# Seconds a caller is told to wait when all its export slots are taken.
BUSY_RETRY_AFTER_SECONDS = 30
# Seconds a caller is told to wait when it has as many background exports queued or running as allowed.
JOBS_RETRY_AFTER_SECONDS = 60
JOBS_ROUTE = "POST /api/v1/data/export/jobs"

# The rules between values the OpenAPI document cannot state (it compares no two values); each is
# written out in the operations' descriptions and in docs/quants.md.
END_BEFORE_START = "'end' must not be before 'start'."
EXPIRATIONS_REVERSED = "'expiration_to' must not be before 'expiration_from'."
STRIKES_REVERSED = "'strike_max' must not be below 'strike_min'."


def _settings():
    from volland.settings import get_settings

    return get_settings()


def max_days_message(limit: int) -> str:
    return f"An export spans at most {limit} days per request, counting 'start' and 'end'; split the range."


def session_range(args: dict) -> tuple[date, date]:
    """``(start, end)`` of an export's session range (``end`` defaults to ``start``), refused with the one
    error body when ``end`` is before ``start`` or the range is longer than ``VOLLAND_EXPORT_MAX_DAYS``."""
    start = args["start"]
    end = args.get("end") or start
    if end < start:
        raise svc.invalid("end", END_BEFORE_START)
    limit = _settings().export_max_days
    if (end - start).days + 1 > limit:
        raise svc.invalid("end", max_days_message(limit))
    return start, end


# ---------------------------------------------------------------- parameters and plan


def parse(args: dict, ctx: svc.Ctx) -> dict:
    """The export parameters as ``ExportQuery`` loaded them (every value well formed, the ticker a normalized
    symbol), checked for the rules between values and against the store's tickers, into plain values: dates
    ``yyyy-MM-dd``, the caller's cut-off ISO-8601, greeks without repeats (all nine when none named)."""
    ticker = svc.known_ticker(args["ticker"])
    greeks = list(dict.fromkeys(args["greeks"].split(","))) if args.get("greeks") else list(GREEKS)
    start, end = session_range(args)
    exp_from, exp_to = args.get("expiration_from"), args.get("expiration_to")
    if exp_from and exp_to and exp_to < exp_from:
        raise svc.invalid("expiration_to", EXPIRATIONS_REVERSED)
    k_min, k_max = args.get("strike_min"), args.get("strike_max")
    if k_min is not None and k_max is not None and k_max < k_min:
        raise svc.invalid("strike_max", STRIKES_REVERSED)
    return {"ticker": ticker, "format": args["format"], "granularity": args["granularity"], "kind": args["kind"],
            "greeks": greeks, "start": start.isoformat(), "end": end.isoformat(), "cutoff": ctx.cutoff.isoformat(),
            "expiration_from": exp_from.isoformat() if exp_from else None,
            "expiration_to": exp_to.isoformat() if exp_to else None, "strike_min": k_min, "strike_max": k_max}


class Planned(NamedTuple):
    """A valid export: its plain parameters, the snapshots it covers and the rows it holds."""

    params: dict
    plan: data_export.Plan
    rows: int


def plan(args: dict, ctx: svc.Ctx, max_rows: int | None = None, to_job: bool = True) -> Planned:
    """:func:`parse`, then the snapshots covered (404 ``no_data`` when none) and the rows counted: more than
    ``max_rows`` answers 422 ``export_too_large``, pointing to a background export when ``to_job``."""
    params = parse(args, ctx)
    p = data_export.plan_from_params(svc.reader(), params)
    if not p.days:
        raise ApiError(404, "no_data", f"No {params['ticker']} snapshots were published from {params['start']} "
                                       f"to {params['end']}.")
    rows = data_export.count_rows(p)
    if max_rows is not None and rows > max_rows:
        where = (f"narrow it (dates, greeks, expirations, strikes) or ask for it as a background export "
                 f"({JOBS_ROUTE}), which writes a file you download when ready") if to_job else \
            "narrow it (dates, greeks, expirations, strikes) or split it into several background exports"
        message = f"This export holds {rows:,} rows; at most {max_rows:,} are allowed here: {where}."
        raise ApiError(422, "export_too_large", message, {"rows": [message]})
    return Planned(params, p, rows)


def file_name(params: dict) -> str:
    """The file an export is saved as: ``<ticker>_<start>_<end>_<granularity>.<parquet|arrows>``."""
    return (f"{params['ticker']}_{params['start']}_{params['end']}_{params['granularity']}."
            f"{data_export.EXTENSIONS[params['format']]}")


# ---------------------------------------------------------------- streamed exports running at once

def _redis():
    return shared_redis_client(_settings().redis_url, "limits")


def slot_key(user_id) -> str:
    return f"{_settings().jobs_prefix}:export:running:{user_id}"


class Slot:
    """One of the user's running-export slots: a member of a Redis sorted set scored by its expiry time.

    Expired members (a worker that died without releasing) are dropped on every acquire, so a lost slot
    frees itself after ``VOLLAND_EXPORT_SLOT_TTL_SECONDS``. Without Redis the cap is not enforced."""

    def __init__(self, user_id) -> None:
        self.key = slot_key(user_id)
        self.member = uuid.uuid4().hex
        self.held = False

    def acquire(self, cap: int, ttl: int) -> bool:
        now = time.time()
        try:
            r = _redis()
            pipe = r.pipeline()
            pipe.zremrangebyscore(self.key, "-inf", now)
            pipe.zadd(self.key, {self.member: now + ttl})
            pipe.zrank(self.key, self.member)
            pipe.zcard(self.key)
            pipe.expire(self.key, ttl)
            _, _, _, count, _ = pipe.execute()
        except Exception as exc:  # Redis down: answer rather than refuse every export
            log.warning("export concurrency cap unavailable (%s); not enforced", exc)
            return True
        if count > cap:
            try:
                r.zrem(self.key, self.member)
            except Exception:
                pass
            return False
        self.held = True
        return True

    def release(self) -> None:
        if not self.held:
            return
        self.held = False
        try:
            _redis().zrem(self.key, self.member)
        except Exception as exc:
            log.warning("export slot not released (%s); it expires by itself", exc)


def open_stream(args: dict, ctx: svc.Ctx, user_id) -> tuple[Planned, Slot]:
    """A streamed export ready to send: planned within ``VOLLAND_EXPORT_MAX_ROWS`` and holding one of the
    user's ``VOLLAND_EXPORT_CONCURRENCY`` slots (429 ``export_busy`` when all are taken). The caller sends
    :func:`stream` and releases the slot if the body is never read."""
    s = _settings()
    planned = plan(args, ctx, max(1, s.export_max_rows))
    slot = Slot(user_id)
    if not slot.acquire(max(1, s.export_concurrency), max(1, s.export_slot_ttl_seconds)):
        raise ApiError(429, "export_busy",
                       f"At most {s.export_concurrency} exports run at once per user; wait for one to finish "
                       "and try again.",
                       headers={"Retry-After": str(BUSY_RETRY_AFTER_SECONDS)})
    return planned, slot


def stream(planned: Planned, slot: Slot) -> Iterator[bytes]:
    """The encoded export, chunk by chunk; the slot is released once the last chunk is out or the reader
    stops."""
    try:
        yield from data_export.stream(planned.plan, planned.params["format"])
    finally:
        slot.release()


# ---------------------------------------------------------------- background exports


def jobs_connection():
    """The Redis connection of the jobs; 503 ``export_jobs_unavailable`` when it cannot be reached."""
    from jobs import queues as q

    conn = q.connection()
    try:
        conn.ping()
    except Exception as exc:  # noqa: BLE001 - any Redis failure: the jobs cannot be reached
        log.warning("background exports unavailable: %s", exc)
        raise ApiError(503, "export_jobs_unavailable",
                       "Background exports are unavailable right now; try again later.") from None
    return conn


def submit_job(args: dict, ctx: svc.Ctx, user_id) -> dict:
    """Plan a background export within ``VOLLAND_EXPORT_JOB_MAX_ROWS`` and enqueue it (429
    ``export_jobs_busy`` when the user already has ``VOLLAND_EXPORT_JOBS_PER_USER`` queued or running);
    returns its state. The parameters are checked before the jobs' Redis is reached."""
    from jobs import exports as jobs_exports

    s = _settings()
    params, p, rows = plan(args, ctx, max(1, s.export_job_max_rows), to_job=False)
    conn = jobs_connection()
    cap = max(1, s.export_jobs_per_user)
    if jobs_exports.active_count(conn, user_id) >= cap:
        raise ApiError(429, "export_jobs_busy",
                       f"At most {cap} background exports are queued or running per user; wait for one to "
                       "finish and try again.", headers={"Retry-After": str(JOBS_RETRY_AFTER_SECONDS)})
    return jobs_exports.submit(conn, user_id, params, rows, p.snapshots)


def list_jobs(user_id) -> list[dict]:
    """The user's background exports still kept, newest first."""
    from jobs import exports as jobs_exports

    return jobs_exports.list_for(jobs_connection(), user_id)


def job_state(export_id: str, user_id) -> dict:
    """The state of the user's background export ``export_id``; 404 ``export_not_found`` otherwise."""
    from jobs import exports as jobs_exports

    conn = jobs_connection()
    state = jobs_exports.load(conn, export_id)
    if state is None or state.get("user_id") != str(user_id):
        # Another user's export answers exactly like an unknown one.
        raise ApiError(404, "export_not_found", "No such export (it may have expired).")
    return jobs_exports.reconcile(conn, state)


def job_file(export_id: str, user_id) -> tuple[Path, dict]:
    """The file of the user's finished background export and its parameters; 404 as :func:`job_state`,
    409 ``export_not_ready`` before it finished (or when it failed), 410 ``export_expired`` once the file
    is gone."""
    from jobs import exports as jobs_exports

    state = job_state(export_id, user_id)
    if state["status"] != "finished":
        raise ApiError(409, "export_not_ready", f"This export is {state['status']}; download it once finished.")
    params = json.loads(state["params"])
    path = jobs_exports.file_path(export_id, params["format"])
    if not path.is_file():
        raise ApiError(410, "export_expired", "This export's file was deleted; submit it again.")
    return path, params


def job_view(state: dict, download_url: Callable[[str], str]) -> dict:
    """A background export's state as ``ExportJobSchema`` answers it; ``download_url(id)`` is where a
    finished one is downloaded."""
    params = json.loads(state["params"])
    rows, written = int(state.get("rows") or 0), int(state.get("rows_written") or 0)
    finished = state["status"] == "finished"
    return {"id": state["id"], "status": state["status"], "ticker": params["ticker"], "start": params["start"],
            "end": params["end"], "granularity": params["granularity"], "format": params["format"],
            "greeks": params["greeks"], "snapshots": int(state.get("snapshots") or 0), "rows": rows,
            "rowsWritten": written if not finished else rows,
            "progress": 1.0 if finished else (min(1.0, written / rows) if rows else 0.0),
            "bytes": int(state.get("bytes") or 0), "createdAt": state["created_at"],
            "startedAt": state.get("started_at"), "finishedAt": state.get("finished_at"),
            "expiresAt": state["expires_at"],
            "download": download_url(state["id"]) if finished else None,
            "error": json.loads(state["error"]) if state.get("error") else None}
