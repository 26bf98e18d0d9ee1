"""Grouped client error reports: one row per fingerprint, repeats raise its count.

The fingerprint is computed here from the kind, the message with digits masked (ids and counters vary
between repeats of one fault) and the first stack frame, so a client cannot split one fault into many
groups by sending its own value; a client fingerprint is only kept in the log. The number of groups is
capped (``client_error_groups_max``): past it, reports of new faults are logged but not stored.
"""

from __future__ import annotations

import hashlib
import re
from datetime import datetime, timezone

from sqlalchemy import func, select
from sqlalchemy.exc import IntegrityError
from sqlalchemy.orm import Session

from api.models import ClientErrorGroup

_DIGITS = re.compile(r"\d+")


def fingerprint(kind: str, message: str, stack: str) -> str:
    frames = [line.strip() for line in stack.splitlines() if line.strip()]
    first = next((f for f in frames if f != message.strip()), "")
    # Line and column numbers change with every build; keep the file and function.
    basis = "\n".join([kind, _DIGITS.sub("N", message.strip())[:500], _DIGITS.sub("N", first)[:300]])
    return hashlib.sha256(basis.encode("utf-8")).hexdigest()


def record(db: Session, report: dict, user_agent: str, max_groups: int) -> tuple[str, bool]:
    """Store ``report``; returns (fingerprint, stored)."""
    fp = fingerprint(report["kind"], report["message"], report.get("stack", ""))
    now = datetime.now(timezone.utc)
    for _attempt in range(2):
        row = db.execute(select(ClientErrorGroup).where(ClientErrorGroup.fingerprint == fp)).scalar_one_or_none()
        if row is not None:
            row.count += 1
            row.last_seen = now
            row.route = report.get("route") or row.route
            row.release = report.get("release") or row.release
            db.commit()
            return fp, True
        if (db.execute(select(func.count(ClientErrorGroup.id))).scalar() or 0) >= max_groups:
            return fp, False
        db.add(ClientErrorGroup(fingerprint=fp, kind=report["kind"], message=report["message"],
                                route=report.get("route", "")[:500], release=report.get("release", "")[:80],
                                stack=(report.get("stack", "") + ("\n" + report["componentStack"]
                                                                  if report.get("componentStack") else ""))[:16000],
                                user_agent=user_agent[:300], count=1, first_seen=now, last_seen=now))
        try:
            db.commit()
            return fp, True
        except IntegrityError:  # the same fault reported at the same moment by another request
            db.rollback()
    return fp, False


def groups(db: Session, page: int, page_size: int, kind: str | None = None) -> dict:
    q = select(ClientErrorGroup)
    if kind:
        q = q.where(ClientErrorGroup.kind == kind)
    total = db.execute(select(func.count()).select_from(q.subquery())).scalar() or 0
    rows = db.execute(q.order_by(ClientErrorGroup.last_seen.desc(), ClientErrorGroup.id.desc())
                      .offset((page - 1) * page_size).limit(page_size)).scalars()
    return {"items": [{"id": r.id, "fingerprint": r.fingerprint, "kind": r.kind, "message": r.message,
                       "route": r.route, "release": r.release, "stack": r.stack, "userAgent": r.user_agent,
                       "count": r.count, "firstSeen": r.first_seen, "lastSeen": r.last_seen} for r in rows],
            "total": total, "page": page, "pageSize": page_size}


def forward_to_sentry(report: dict, fp: str) -> None:
    """Also send the report to Sentry when the SDK was initialised with a DSN (api.sentry)."""
    from api import sentry

    sentry.capture_client_report(report, fp)
