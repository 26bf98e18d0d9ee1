"""``/api/v1/admin/jobs``: snapshot job state and failures (Admin role, enforced here)."""

from __future__ import annotations

from flask import request
from flask_smorest import Blueprint
from marshmallow import Schema, fields

from api.errors import ApiError
from api.security import admin_required

blp = Blueprint("admin-jobs", __name__, url_prefix="/api/v1/admin/jobs",
                description="Snapshot jobs: queues, workers, scheduler, runs and failures (Admin only)")


class JobsOverview(Schema):
    queues = fields.List(fields.Dict())
    workers = fields.List(fields.Dict())
    schedulers = fields.List(fields.Dict())
    lock = fields.Dict()
    stall = fields.Dict(metadata={"description": "stalled (market open, no snapshot published for two 5-minute "
                                                 "refreshes), lastPublished and stalledSince, market time ISO UTC"})
    backfill = fields.Dict(allow_none=True, metadata={
        "description": "the demo's background build (make run builds the serve-first tickers, then the rest): "
                       "state pending|running|stopped|failed|done, phase, daysDone of daysTotal, "
                       "warmupDone of warmupTotal, "
                       "currentDay, tickers (how many), startedAt, updatedAt, finishedAt (ISO UTC), pid, error; "
                       "null when there is none"})
    feed = fields.Dict(allow_none=True, metadata={
        "description": "the live trade-feed consumer (VOLLAND_SOURCE=databento-live or massive-live, `volland feed`): source, "
                       "connected, lagSeconds (wall clock minus the newest record's event time), printsPerSecond "
                       "(over the last minute), feedTime, lastGap ({start, end, reason}: an interval the feed "
                       "could not replay), lastCheckpoint (ISO UTC), reconnects, error, holder (the process "
                       "holding the one-consumer lock); null when no consumer reported in the last two minutes"})
    lastPublished = fields.Dict(allow_none=True)
    lastFailure = fields.Dict(allow_none=True)
    events = fields.List(fields.Dict())
    failedJobs = fields.List(fields.Dict())


EXAMPLE = {
    "queues": [{"name": "volland-snapshots", "queued": 0, "started": 1, "deferred": 1, "scheduled": 0,
                "finished": 412, "failed": 1}],
    "workers": [{"name": "host-a.4121", "hostname": "host-a", "state": "busy", "currentJob": "9f1c...",
                 "lastHeartbeat": "2026-01-02T15:05:12Z"}],
    "schedulers": [{"name": "volland-scheduler", "hostname": "host-a", "lastHeartbeat": "2026-01-02T15:05:00Z",
                    "jobs": [{"name": "volland-tick", "cron": "*/5 * * * *",
                              "nextEnqueueTime": "2026-01-02T15:10:00Z"}]}],
    "lock": {"holder": "20260102T150500-1a2b3c4d"},
    "feed": {"source": "databento-live", "connected": True, "lagSeconds": 0.4, "printsPerSecond": 412.0,
             "feedTime": "2026-01-02T15:04:59.812000+00:00", "lastGap": None,
             "lastCheckpoint": "2026-01-02T15:04:59.655000+00:00", "reconnects": 1, "error": None,
             "holder": "host-a:4242"},
    "stall": {"stalled": False, "lastPublished": "2026-01-02T15:00:00Z", "stalledSince": None},
    "backfill": {"state": "running", "profile": "full", "asOf": "2026-01-02T03:00:00+00:00", "phase": "published",
                 "daysDone": 7, "daysTotal": 24, "warmupDone": 30, "warmupTotal": 30, "currentDay": None,
                 "tickers": 242, "startedAt": "2026-01-02T03:01:10Z", "updatedAt": "2026-01-02T03:04:40Z",
                 "finishedAt": None, "pid": 4242, "error": None},
    "lastPublished": {"at": "2026-01-02T15:00:21Z", "event": "published", "run_id": "20260102T150000-77aa",
                      "ts": "2026-01-02T15:00:00+00:00", "snapshot_id": "20260102T150000Z-3", "tickers": 251},
    "lastFailure": None, "events": [], "failedJobs": [],
}


@blp.route("", methods=["GET"])
@admin_required
@blp.response(200, JobsOverview, example=EXAMPLE)
def jobs_overview():
    """Queues, workers, the cron scheduler, the run lock, recent runs and failed jobs"""
    from jobs.state import JobsUnavailable, read_overview

    try:
        limit = max(1, min(200, int(request.args.get("limit", 50))))
    except ValueError:
        raise ApiError(422, "validation_error", "'limit' must be a whole number from 1 to 200.",
                       {"limit": ["Must be a whole number from 1 to 200."]}) from None
    try:
        return read_overview(limit=limit)
    except JobsUnavailable:
        raise ApiError(503, "unavailable", "The job queue (Redis) is not reachable.") from None
