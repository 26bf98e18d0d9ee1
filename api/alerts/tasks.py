"""Alert evaluation and delivery, run by the workers (they work on the account store, so they live with it).

After a publish at market time ``ts`` (``jobs.tasks.publish_run``), ``jobs.alerts.schedule_after_publish``
enqueues one ``evaluate_slot(tier, at)`` per tier, ``at`` being the first refresh instant of that tier at or after
``ts`` (``domain.refresh_schedule``): the moment the tier's cut-off reaches the new snapshot. RQ's
scheduler holds a job until its time, so a Basic rule is evaluated at 19:00 New York on the snapshot the
Basic plan then sees, never earlier; every publish in between names the same slot and the same job id.

``evaluate_slot`` evaluates every active rule whose owner's plan is ``tier`` against the snapshot of the
rule's ticker visible at ``at`` (``domain.alerts.step``). Each rule's state moves forward in one
transaction with the firing it may insert: the state only moves to a newer snapshot (a conditional
UPDATE) and the firing is unique per (rule, snapshot time) in SQL, so a retried job or a second worker
on the same slot can never fire a rule twice for one snapshot.

Deliveries: the in-app alert is the firing itself (``GET /api/v1/alerts/stream`` pushes it); e-mail and
webhook are one job each, retried with backoff; every attempt is a row of ``alert_deliveries``.
"""

from __future__ import annotations

import hashlib
import hmac
import json
import logging
import time
import urllib.error
import urllib.request
from datetime import datetime, timedelta, timezone

from sqlalchemy import func, or_, select, update
from sqlalchemy.exc import IntegrityError

log = logging.getLogger("api.alerts.tasks")
UTC = timezone.utc
WEBHOOK_RETRY_INTERVALS = (10, 60, 300, 900)
EMAIL_RETRY_INTERVALS = (10, 60, 300)
# Consecutive failed webhook attempts of a rule after which its webhook is switched off.
WEBHOOK_DISABLE_AFTER = 8
WEBHOOK_TIMEOUT = 5.0
SIGNATURE_HEADER = "Volland-Signature"


def _db_url(url: str | None) -> str | None:
    return url


# ---------------------------------------------------------------- evaluation


def _tier_users(db, tier: str) -> list[int]:
    from api import catalog
    from api.models import Subscription

    rows = db.execute(select(Subscription.user_id, Subscription.product_id)
                      .where(Subscription.kind == "regular", Subscription.status == "active")).all()
    by_user: dict[int, list[str]] = {}
    for uid, pid in rows:
        by_user.setdefault(uid, []).append(pid)
    return [uid for uid, pids in by_user.items() if catalog.tier_for(pids) == tier]


class StoreRows:
    """The statistics row and strike grid of each ticker's snapshot visible at an instant (the store)."""

    def __init__(self, reader=None):
        from api.data.service import reader as store_reader

        self.r = reader or store_reader()

    def snapshot(self, ticker: str, at: datetime):
        return self.r.snapshot_at_or_before(ticker, at)

    def row(self, snap) -> dict | None:
        try:
            return self.r.ticker_stats(snap)
        except LookupError:
            return None

    def strikes(self, snap) -> list[float]:
        df = self.r.exposure(snap, "gamma", "both", None)
        return [] if df is None else sorted(float(k) for k in df["strike"].to_list())


def evaluate_slot(tier: str, at_iso: str, database_url: str | None = None, rows: StoreRows | None = None) -> dict:
    """Evaluate the active rules of ``tier``'s subscribers on the snapshots visible at ``at_iso``."""
    from api.db import session_scope
    from api.models import AlertFiring, AlertRule
    from domain import alerts as rules

    at = datetime.fromisoformat(at_iso).astimezone(UTC)
    rows = rows or StoreRows()
    fired: list[int] = []
    woken: set[int] = set()
    evaluated = 0
    with session_scope(database_url) as db:
        users = _tier_users(db, tier)
        if not users:
            return {"tier": tier, "evaluated": 0, "fired": 0}
        todo = db.execute(select(AlertRule).where(AlertRule.user_id.in_(users), AlertRule.is_paused.is_(False))
                          .order_by(AlertRule.ticker, AlertRule.id)).scalars().all()
    snaps: dict[str, tuple] = {}
    for rule in todo:
        if rule.ticker not in snaps:
            snap = rows.snapshot(rule.ticker, at)
            row = rows.row(snap) if snap is not None else None
            snaps[rule.ticker] = (snap, row, {})
        snap, row, memo = snaps[rule.ticker]
        if snap is None or row is None:
            continue
        if rule.state_ts is not None and rule.state_ts >= snap.ts:
            continue  # already evaluated on this snapshot (a retry, another worker) or a newer one

        def strikes(snap=snap, memo=memo):
            if "k" not in memo:
                memo["k"] = rows.strikes(snap)
            return memo["k"]

        new_state, event = rules.step(rule.kind, rule.params, dict(rule.state or {}), row, rule.ticker, strikes)
        evaluated += 1
        if event is None and new_state == (rule.state or {}):
            continue  # nothing to remember: a later run would find the same (no write per unchanged rule)
        with session_scope(database_url) as db:
            moved = db.execute(update(AlertRule).where(
                AlertRule.id == rule.id, AlertRule.is_paused.is_(False),
                or_(AlertRule.state_ts.is_(None), AlertRule.state_ts < snap.ts))
                .values(state=new_state, state_ts=snap.ts)).rowcount
            if moved != 1:
                db.rollback()
                continue
            if event is None:
                continue
            firing = AlertFiring(rule_id=rule.id, user_id=rule.user_id, ticker=rule.ticker, kind=rule.kind, tier=tier,
                                 snapshot_ts=snap.ts, title=event.title[:200], message=event.message,
                                 payload={"figures": event.figures, "params": rule.params, "name": rule.name,
                                          "record": _record(rows, rule, snap, memo)})
            db.add(firing)
            try:
                db.flush()
            except IntegrityError:
                db.rollback()  # the same rule already fired on this snapshot
                continue
            fired.append(firing.id)
            woken.add(rule.user_id)
    for firing_id in fired:
        try:
            dispatch(firing_id, database_url)
        except Exception:  # noqa: BLE001 - the alert is stored and served in the app; the log says why
            log.exception("alert %s: could not hand out its deliveries", firing_id)
    if woken:  # committed, their in-app delivery logged: the users' open streams read them now
        from api.alerts.wake import announce

        announce(woken)
    log.info("alerts %s at %s: %d rules evaluated, %d fired", tier, at.isoformat(), evaluated, len(fired))
    return {"tier": tier, "evaluated": evaluated, "fired": len(fired), "firings": fired}


def _record(rows: StoreRows, rule, snap, memo: dict) -> dict | None:
    """The levels scorecard (methodology §4.21) of the rule's level kind as of the alert's snapshot."""
    key = {"level_cross": rule.params.get("level"), "wall_move": rule.params.get("wall"),
           "paradigm_change": "paradigmTarget"}.get(rule.kind)
    if key is None:
        return None
    if "card" not in memo:
        try:
            from api.alerts.scorecard import scorecard

            memo["card"] = scorecard(rule.ticker, snap.ts, rows.r)
        except Exception:  # noqa: BLE001 - the alert goes out without its record
            log.exception("scorecard of %s as of %s", rule.ticker, snap.ts.isoformat())
            memo["card"] = None
    card = memo["card"]
    if card is None:
        return None
    return {"level": key, "asOf": card["asOf"], "sessions": card["sessions"], "simulated": card["simulated"],
            **({"paradigmTarget": card["levels"]["paradigmTarget"]} if key == "paradigmTarget"
               else card["levels"][key])}


# ---------------------------------------------------------------- delivery


def _log(db, firing, channel: str, status: str, detail: str, attempt: int = 1) -> None:
    from api.models import AlertDelivery

    db.add(AlertDelivery(firing_id=firing.id, user_id=firing.user_id, channel=channel, attempt=attempt,
                         status=status, detail=detail[:500]))


def _over_cap(db, user_id: int) -> bool:
    from api.models import AlertDelivery
    from volland.settings import get_settings

    since = datetime.now(UTC) - timedelta(hours=1)
    n = db.execute(select(func.count(AlertDelivery.id)).where(
        AlertDelivery.user_id == user_id, AlertDelivery.created_at >= since,
        AlertDelivery.status != "skipped")).scalar_one()
    return n >= get_settings().alerts_deliveries_per_hour


def dispatch(firing_id: int, database_url: str | None = None, run_now: bool = False) -> list[str]:
    """Log the in-app delivery and hand out the e-mail and webhook ones (queued, or run now)."""
    from api.db import session_scope
    from api.models import AlertFiring, AlertRule

    todo = []
    with session_scope(database_url) as db:
        firing = db.get(AlertFiring, firing_id)
        rule = db.get(AlertRule, firing.rule_id)
        if _over_cap(db, firing.user_id):
            for ch in rule.channels:
                _log(db, firing, ch, "skipped", "Hourly delivery cap reached.")
            return []
        if "app" in rule.channels:
            _log(db, firing, "app", "delivered", "Shown in the app.")
        if "email" in rule.channels:
            todo.append("email")
        if "webhook" in rule.channels and rule.webhook_url and rule.webhook_disabled_at is None:
            todo.append("webhook")
    for channel in todo:
        task = deliver_email if channel == "email" else deliver_webhook
        if run_now:
            try:
                task(firing_id, database_url)
            except Exception:  # noqa: BLE001 - logged as a failed attempt already
                pass
            continue
        from rq import Retry

        from jobs import queues as q

        intervals = EMAIL_RETRY_INTERVALS if channel == "email" else WEBHOOK_RETRY_INTERVALS
        q.queue(q.DEFAULT, q.connection()).enqueue(
            task, firing_id, database_url, job_id=f"{q.prefix()}-alert-{channel}-{firing_id}",
            description=f"alert {firing_id} by {channel}", result_ttl=600, failure_ttl=7 * 86400,
            retry=Retry(max=len(intervals), interval=list(intervals)))
    return todo


def _attempt(db, firing_id: int, channel: str) -> int:
    from api.models import AlertDelivery

    return 1 + db.execute(select(func.count(AlertDelivery.id)).where(
        AlertDelivery.firing_id == firing_id, AlertDelivery.channel == channel)).scalar_one()


def _pct(r: dict) -> str:
    if not r or not r.get("n"):
        return "no sessions yet"
    return f"{r['k']} of {r['n']} sessions, {100 * r['rate']:.0f} % (95 % CI {100 * r['low']:.0f}–{100 * r['high']:.0f} %)"


def record_text(payload: dict) -> str:
    """One line about the level's record (methodology §4.21), or '' when the rule has none."""
    rec = (payload or {}).get("record")
    if not rec:
        return ""
    label = " (simulated market)" if rec.get("simulated") else ""
    if rec["level"] == "paradigmTarget":
        return f"Record{label}: paradigm target reached in {_pct(rec['paradigmTarget'])}."
    return f"Record{label}: touched in {_pct(rec['touch'])}; held in {_pct(rec['hold'])}."


def _text(firing) -> str:
    record = record_text(firing.payload)
    return (f"{firing.message}\n" + (f"{record}\n" if record else "") +
            f"\nSnapshot: {firing.snapshot_ts.isoformat()} (plan: {firing.tier}).\n"
            f"Manage your alerts under Settings > Alerts.")


def deliver_email(firing_id: int, database_url: str | None = None) -> None:
    """Send one alert by e-mail (``volland.mail``: SMTP, or the outbox without a server); a failure raises."""
    from api.db import session_scope
    from api.models import AlertFiring, User
    from volland.mail import MailError, send_mail

    with session_scope(database_url) as db:
        firing = db.get(AlertFiring, firing_id)
        to = db.get(User, firing.user_id).email
        attempt = _attempt(db, firing_id, "email")
        subject, text = f"Alert: {firing.title}", _text(firing)
    try:
        send_mail(to, subject, text)
    except MailError as exc:
        with session_scope(database_url) as db:
            _log(db, db.get(AlertFiring, firing_id), "email", "failed", str(exc), attempt)
        raise
    with session_scope(database_url) as db:
        _log(db, db.get(AlertFiring, firing_id), "email", "delivered", f"Sent to {to}.", attempt)


def webhook_body(firing) -> dict:
    """The JSON a webhook receives: ``content`` (Discord), ``text`` (Slack) and the alert itself."""
    record = record_text(firing.payload)
    message = f"{firing.message}\n{record}" if record else firing.message
    line = f"**{firing.title}**\n{message}"
    return {"content": line[:2000], "text": f"*{firing.title}*\n{message}",
            "alert": {"id": firing.id, "ruleId": firing.rule_id, "ticker": firing.ticker, "kind": firing.kind,
                      "tier": firing.tier, "snapshotTime": firing.snapshot_ts.isoformat(), "title": firing.title,
                      "message": firing.message, "payload": firing.payload or {}}}


def sign(secret: str, timestamp: int, body: bytes) -> str:
    """The signature header's value: ``t=<unix seconds>,v1=<hex HMAC-SHA256 of "<t>." + body>``."""
    mac = hmac.new(secret.encode(), f"{timestamp}.".encode() + body, hashlib.sha256).hexdigest()
    return f"t={timestamp},v1={mac}"


def deliver_webhook(firing_id: int, database_url: str | None = None) -> None:
    """POST one alert to its rule's webhook, signed; a failure raises (RQ retries with backoff) and, after
    ``WEBHOOK_DISABLE_AFTER`` consecutive failures of the rule, switches its webhook off with a notice."""
    from api.alerts.webhook_urls import WebhookUrlError, check_webhook_url
    from api.db import session_scope
    from api.models import AlertFiring, AlertRule
    from volland.settings import get_settings

    with session_scope(database_url) as db:
        firing = db.get(AlertFiring, firing_id)
        rule = db.get(AlertRule, firing.rule_id)
        if rule.webhook_disabled_at is not None or not rule.webhook_url:
            _log(db, firing, "webhook", "skipped", "The webhook is switched off.", _attempt(db, firing_id, "webhook"))
            return
        url, secret = rule.webhook_url, rule.webhook_secret
        attempt = _attempt(db, firing_id, "webhook")
        body = json.dumps(webhook_body(firing), separators=(",", ":")).encode()
    error = None
    try:
        check_webhook_url(url, dev=get_settings().alerts_dev_webhooks)
        ts = int(time.time())
        req = urllib.request.Request(url, data=body, method="POST", headers={
            "Content-Type": "application/json", "User-Agent": "Volland-Alerts/1", SIGNATURE_HEADER: sign(secret, ts, body)})
        opener = urllib.request.build_opener(_NoRedirect)
        with opener.open(req, timeout=WEBHOOK_TIMEOUT) as resp:
            status = resp.status
        detail = f"HTTP {status}"
    except WebhookUrlError as exc:
        error = str(exc)
    except urllib.error.HTTPError as exc:
        error = f"HTTP {exc.code}"
    except (urllib.error.URLError, OSError) as exc:
        error = f"{exc.__class__.__name__}: {getattr(exc, 'reason', exc)}"
    with session_scope(database_url) as db:
        firing = db.get(AlertFiring, firing_id)
        if error is None:
            _log(db, firing, "webhook", "delivered", detail, attempt)
            return
        _log(db, firing, "webhook", "failed", error, attempt)
        db.flush()
        if _consecutive_failures(db, firing.rule_id) >= WEBHOOK_DISABLE_AFTER:
            rule = db.get(AlertRule, firing.rule_id)
            rule.webhook_disabled_at = datetime.now(UTC)
            _log(db, firing, "webhook", "disabled",
                 f"Switched off after {WEBHOOK_DISABLE_AFTER} failed attempts in a row; save the rule to switch "
                 f"it on again.", attempt)
            _notice(db, rule)
            return  # no retry after switching off
    raise RuntimeError(f"webhook of alert {firing_id}: {error}")


class _NoRedirect(urllib.request.HTTPRedirectHandler):
    def redirect_request(self, *args, **kwargs):  # a redirect could lead to a private address
        return None


def _consecutive_failures(db, rule_id: int) -> int:
    from api.models import AlertDelivery, AlertFiring

    statuses = db.execute(select(AlertDelivery.status).join(AlertFiring, AlertFiring.id == AlertDelivery.firing_id)
                          .where(AlertFiring.rule_id == rule_id, AlertDelivery.channel == "webhook")
                          .order_by(AlertDelivery.id.desc()).limit(WEBHOOK_DISABLE_AFTER)).scalars().all()
    n = 0
    for s in statuses:
        if s != "failed":
            break
        n += 1
    return n


def _notice(db, rule) -> None:
    """Tell the owner by e-mail that the rule's webhook was switched off (the delivery log shows it too)."""
    from api.models import User
    from volland.mail import MailError, send_mail

    user = db.get(User, rule.user_id)
    try:
        send_mail(user.email, "Your alert webhook was switched off",
                  f"The webhook of your alert rule #{rule.id} ({rule.ticker}, {rule.kind}) failed "
                  f"{WEBHOOK_DISABLE_AFTER} times in a row and was switched off. Check the URL and save the "
                  f"rule under Settings > Alerts to switch it on again.")
    except MailError:
        log.exception("rule %s: the notice of a switched-off webhook could not be sent", rule.id)
