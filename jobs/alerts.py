"""The workers' door to alerts: after a publish, schedule the evaluation of each tier's slot.

The evaluation and the deliveries work on the account store and live with it (``api.alerts.tasks``); the
jobs package names them by their dotted path only, as RQ stores a job's function, so nothing of the api is
imported here. After a publish at market time ``ts`` (``jobs.tasks.publish_run``), ``schedule_after_publish``
enqueues one ``evaluate_slot(tier, at)`` per tier, ``at`` being the first refresh instant of that tier at or
after ``ts`` (``domain.refresh_schedule``): the moment the tier's cut-off reaches the new snapshot. RQ's
scheduler holds a job until its time, and every publish in between names the same slot and the same job id.
"""

from __future__ import annotations

from datetime import datetime, timedelta, timezone

UTC = timezone.utc
#: The job that evaluates one tier's slot (``api.alerts.tasks.evaluate_slot``), by its dotted path.
EVALUATE_SLOT = "api.alerts.tasks.evaluate_slot"


# ---------------------------------------------------------------- scheduling


def slot_times(ts: datetime, offset_seconds: int) -> dict[str, datetime]:
    """Per tier, the refresh instant at which a snapshot published for market time ``ts`` becomes visible."""
    from domain import refresh_schedule
    from domain.tiers import TIER_IDS

    return {t: refresh_schedule.next_refresh(t, ts - timedelta(microseconds=1), offset_seconds) for t in TIER_IDS}


def slot_job_id(tier: str, at: datetime) -> str:
    from jobs import queues as q

    return f"{q.prefix()}-alerts-{tier}-{at.astimezone(UTC).strftime('%Y%m%dT%H%M%S')}"


def schedule_after_publish(ts_iso: str, now: datetime | None = None) -> dict[str, str]:
    """Enqueue the evaluation of each tier's slot that the snapshot at ``ts_iso`` reaches (see above)."""
    from rq import Retry

    from data import clock
    from jobs import queues as q
    from volland.settings import get_settings

    s = get_settings()
    ts = datetime.fromisoformat(ts_iso).astimezone(UTC)
    now = now or clock.market_now(replay=s.replay_clock)
    queue = q.queue(q.DEFAULT, q.connection())
    out = {}
    for tier, at in slot_times(ts, s.live_refresh_offset_seconds).items():
        job_id = slot_job_id(tier, at)
        kwargs = dict(job_id=job_id, description=f"alerts {tier} at {at.isoformat()}", result_ttl=3600,
                      failure_ttl=7 * 86400, retry=Retry(max=3, interval=[10, 30, 120]))
        # Market time (replay) and wall time differ: wait the same span on the wall clock.
        wait = (at - now).total_seconds()
        if wait <= 0:
            queue.enqueue(EVALUATE_SLOT, tier, at.isoformat(), **kwargs)
        else:
            queue.enqueue_in(timedelta(seconds=wait), EVALUATE_SLOT, tier, at.isoformat(), **kwargs)
        out[tier] = job_id
    return out
