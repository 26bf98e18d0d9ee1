"""The evaluation job on the tiny demo store: a planted price between two published spots fires once,
at the subscriber's tier only, never twice for one snapshot (retry, a second worker)."""

from __future__ import annotations

import threading
from datetime import datetime, timedelta, timezone

import pytest
import sqlalchemy as sa

from api.alerts import tasks as job
from jobs import alerts as door

UTC = timezone.utc
OFFSET = timedelta(seconds=30)  # VOLLAND_LIVE_REFRESH_OFFSET_SECONDS in conftest


def spx_moves(until: datetime | None = None):
    """Two consecutive SPX snapshots of the last session (up to ``until``) with the largest move, and their
    prices."""
    from api.data.service import reader

    r = reader()
    times = [t for t in r.ticker_times("SPX") if t.date() == datetime(2026, 1, 9).date()
             and (until is None or t <= until)]
    prices = [r.ticker_stats(r.snapshot_at_or_before("SPX", t))["price"] for t in times]
    i = max(range(1, len(times)), key=lambda k: abs(prices[k] - prices[k - 1]))
    return times[i - 1], times[i], prices[i - 1], prices[i]


def add_rule(db_url, user_id, **fields):
    from api.db import session_scope
    from api.models import AlertRule

    with session_scope(db_url) as db:
        row = AlertRule(user_id=user_id, ticker="SPX", state={}, webhook_secret="whsec_test", channels=["app"],
                        **fields)
        db.add(row)
        db.flush()
        return row.id


def firings(db_url, rule_id=None):
    from api.db import session_scope
    from api.models import AlertFiring

    with session_scope(db_url) as db:
        q = sa.select(AlertFiring).order_by(AlertFiring.id)
        if rule_id is not None:
            q = q.where(AlertFiring.rule_id == rule_id)
        return [(f.rule_id, f.snapshot_ts, f.tier, f.title) for f in db.execute(q).scalars()]


def test_slot_times_follow_each_tier_refresh():
    ts = datetime(2026, 1, 9, 15, 5, tzinfo=UTC)   # 10:05 New York
    slots = door.slot_times(ts, 30)
    assert slots["live"] == ts + OFFSET
    assert slots["30"] == datetime(2026, 1, 9, 15, 30, 30, tzinfo=UTC)
    assert slots["3"] == datetime(2026, 1, 9, 16, 30, 30, tzinfo=UTC)       # 11:30 New York + offset
    assert slots["basic"] == datetime(2026, 1, 10, 0, 0, tzinfo=UTC)       # 19:00 New York


def test_planted_crossing_fires_once_and_a_retry_adds_nothing(db_url, accounts):
    t0, t1, p0, p1 = spx_moves()
    u = accounts.user("live@example.com", "live")
    rid = add_rule(db_url, u["id"], kind="price_cross", params={"price": (p0 + p1) / 2, "direction": "either",
                                                                "band": 0.0})
    first = job.evaluate_slot("live", (t0 + OFFSET).isoformat(), db_url)
    assert first["evaluated"] == 1 and first["fired"] == 0          # the first snapshot only sets the side
    second = job.evaluate_slot("live", (t1 + OFFSET).isoformat(), db_url)
    assert second["fired"] == 1
    again = job.evaluate_slot("live", (t1 + OFFSET).isoformat(), db_url)   # a retried job
    assert again["fired"] == 0 and again["evaluated"] == 0
    got = firings(db_url, rid)
    assert len(got) == 1 and got[0][1] == t1 and got[0][2] == "live"
    assert ("above" in got[0][3]) == (p1 > p0)


def test_the_unique_constraint_stops_a_second_firing_from_a_stale_state(db_url, accounts):
    """A worker that read the rule before another one moved it still cannot fire it on that snapshot."""
    from api.db import session_scope
    from api.models import AlertRule

    t0, t1, p0, p1 = spx_moves()
    u = accounts.user("live@example.com", "live")
    rid = add_rule(db_url, u["id"], kind="price_cross", params={"price": (p0 + p1) / 2, "direction": "either",
                                                                "band": 0.0})
    job.evaluate_slot("live", (t0 + OFFSET).isoformat(), db_url)
    with session_scope(db_url) as db:
        stale = dict(db.get(AlertRule, rid).state), db.get(AlertRule, rid).state_ts
    assert job.evaluate_slot("live", (t1 + OFFSET).isoformat(), db_url)["fired"] == 1
    with session_scope(db_url) as db:     # put the rule back as the late worker saw it
        rule = db.get(AlertRule, rid)
        rule.state, rule.state_ts = stale
    late = job.evaluate_slot("live", (t1 + OFFSET).isoformat(), db_url)
    assert late["evaluated"] == 1 and late["fired"] == 0
    assert len(firings(db_url, rid)) == 1


def test_two_workers_on_one_slot_fire_once(db_url, accounts):
    t0, t1, p0, p1 = spx_moves()
    u = accounts.user("live@example.com", "live")
    ids = [add_rule(db_url, u["id"], kind="price_cross", params={"price": (p0 + p1) / 2, "direction": "either",
                                                                 "band": 0.0}) for _ in range(3)]
    job.evaluate_slot("live", (t0 + OFFSET).isoformat(), db_url)
    barrier = threading.Barrier(2, timeout=30)

    class Together(job.StoreRows):
        """Both workers have read the rules (the same stale states) before either evaluates one."""

        def snapshot(self, ticker, at):
            barrier.wait()
            return super().snapshot(ticker, at)

    results, errors = [], []

    def worker():
        try:
            results.append(job.evaluate_slot("live", (t1 + OFFSET).isoformat(), db_url, Together()))
        except Exception as exc:  # noqa: BLE001 - reported below
            errors.append(exc)

    threads = [threading.Thread(target=worker) for _ in range(2)]
    for t in threads:
        t.start()
    for t in threads:
        t.join(60)
    assert not errors, errors
    assert sum(r["fired"] for r in results) == 3
    assert sorted(f[0] for f in firings(db_url)) == sorted(ids)


def test_a_basic_rule_waits_for_the_basic_cutoff(db_url, accounts):
    """On the live slots a Basic subscriber's rule is not even read; at 19:00 it sees the close."""
    from api.data.service import reader

    r = reader()
    t0, t1, p0, p1 = spx_moves()
    thursday_close = r.ticker_stats(r.snapshot_at_or_before("SPX", datetime(2026, 1, 9, 0, 0, tzinfo=UTC)))["price"]
    friday_close = r.ticker_stats(r.snapshot_at_or_before("SPX", datetime(2026, 1, 10, 0, 0, tzinfo=UTC)))["price"]
    assert thursday_close != friday_close
    basic = accounts.user("basic@example.com", "basic")
    live = accounts.user("live@example.com", "live")
    # The basic rule's price sits between the live pair's prices too, so a leak would show as a firing.
    lo, hi = sorted((thursday_close, friday_close))
    lo2, hi2 = sorted((p0, p1))
    level = (max(lo, lo2) + min(hi, hi2)) / 2 if max(lo, lo2) < min(hi, hi2) else (thursday_close + friday_close) / 2
    b_rule = add_rule(db_url, basic["id"], kind="price_cross", params={"price": level, "direction": "either",
                                                                       "band": 0.0})
    l_rule = add_rule(db_url, live["id"], kind="price_cross", params={"price": (p0 + p1) / 2, "direction": "either",
                                                                      "band": 0.0})
    for t in (t0, t1):
        job.evaluate_slot("live", (t + OFFSET).isoformat(), db_url)
    assert firings(db_url, b_rule) == [] and len(firings(db_url, l_rule)) == 1
    from api.db import session_scope
    from api.models import AlertRule

    with session_scope(db_url) as db:
        assert db.get(AlertRule, b_rule).state_ts is None       # the live slots never touched it
    job.evaluate_slot("basic", "2026-01-09T00:00:00+00:00", db_url)    # Thursday 19:00 New York
    job.evaluate_slot("basic", "2026-01-10T00:00:00+00:00", db_url)    # Friday 19:00 New York
    got = firings(db_url, b_rule)
    assert len(got) == 1 and got[0][2] == "basic"
    assert got[0][1] == r.snapshot_at_or_before("SPX", datetime(2026, 1, 10, 0, 0, tzinfo=UTC)).ts


def test_a_paused_rule_is_not_evaluated(db_url, accounts):
    t0, t1, p0, p1 = spx_moves()
    u = accounts.user("live@example.com", "live")
    add_rule(db_url, u["id"], kind="price_cross", params={"price": (p0 + p1) / 2, "direction": "either",
                                                          "band": 0.0}, is_paused=True)
    for t in (t0, t1):
        assert job.evaluate_slot("live", (t + OFFSET).isoformat(), db_url)["evaluated"] == 0
    assert firings(db_url) == []


def test_admin_evaluates_a_slot_now_but_not_a_future_one(db_url, accounts, client):
    from api.db import session_scope
    from api.models import User

    # the replay clock shows Friday 12:00 New York (17:00 UTC): slots up to then have come
    t0, t1, p0, p1 = spx_moves(until=datetime(2026, 1, 9, 16, 59, tzinfo=UTC))
    admin = accounts.user("admin@example.com", "live")
    with session_scope(db_url) as db:
        db.get(User, admin["id"]).roles = ["User", "Admin"]
    user = accounts.user("u@example.com", "live")
    add_rule(db_url, user["id"], kind="price_cross", params={"price": (p0 + p1) / 2, "direction": "either",
                                                             "band": 0.0})
    for t, fired in ((t0, 0), (t1, 1)):
        resp = client.post("/api/v1/alerts/admin/evaluate", json={"tier": "live", "at": (t + OFFSET).isoformat()},
                           headers=admin["headers"])
        assert resp.status_code == 200, resp.get_json()
        assert resp.get_json() == {"tier": "live", "evaluated": 1, "fired": fired}
    assert client.post("/api/v1/alerts/admin/evaluate", json={"tier": "live", "at": "2026-01-12T15:00:00Z"},
                       headers=admin["headers"]).status_code == 422
    assert client.post("/api/v1/alerts/admin/evaluate", json={"tier": "live", "at": t1.isoformat()},
                       headers=user["headers"]).status_code == 403


def test_a_publish_schedules_each_tier_slot_on_the_real_queue():
    """Friday 11:55 New York published at the frozen 12:00: the Live slot is due (queued now); 30, 3 and
    Basic wait in RQ's scheduled registry until their refresh; a second publish for the same slot keeps one job."""
    from rq.registry import ScheduledJobRegistry

    from jobs import queues as q

    ts = datetime(2026, 1, 9, 16, 55, tzinfo=UTC)
    ids = door.schedule_after_publish(ts.isoformat())
    queue = q.queue(q.DEFAULT, q.connection())
    scheduled = ScheduledJobRegistry(queue=queue)
    assert queue.job_ids == [ids["live"]]
    assert sorted(scheduled.get_job_ids()) == sorted([ids["30"], ids["3"], ids["basic"]])
    jobs = {t: queue.fetch_job(i) for t, i in ids.items()}
    assert jobs["basic"].args == ("basic", "2026-01-10T00:00:00+00:00")
    assert jobs["3"].args == ("3", "2026-01-09T19:00:30+00:00")   # 14:00 New York + the offset
    door.schedule_after_publish(datetime(2026, 1, 9, 16, 50, tzinfo=UTC).isoformat())  # same 30, 3 and Basic slots
    assert len(scheduled.get_job_ids()) == 3
