"""The newsletter list: users who opted in (at sign-up or in settings) and have not unsubscribed."""

from __future__ import annotations

import csv
import io
from datetime import datetime, timezone

from sqlalchemy import func, or_, select
from sqlalchemy.orm import Session

from api.models import NewsletterEnlistment, User


def _now() -> datetime:
    return datetime.now(timezone.utc)


def status(db: Session, user: User) -> dict:
    row = db.get(NewsletterEnlistment, user.id)
    enlisted = row is not None and row.unsubscribed_at is None
    return {"email": user.email, "enlisted": enlisted, "enlistedAt": row.enlisted_at if enlisted else None}


def enlist(db: Session, user: User, source: str = "settings") -> dict:
    row = db.get(NewsletterEnlistment, user.id)
    if row is None:
        db.add(NewsletterEnlistment(user_id=user.id, enlisted_at=_now(), source=source))
    elif row.unsubscribed_at is not None:
        row.unsubscribed_at = None
        row.enlisted_at = _now()
        row.source = source
    db.commit()
    return status(db, user)


def unsubscribe(db: Session, user: User) -> dict:
    row = db.get(NewsletterEnlistment, user.id)
    if row is not None and row.unsubscribed_at is None:
        row.unsubscribed_at = _now()
        db.commit()
    return status(db, user)


def _query(search: str):
    q = (select(User, NewsletterEnlistment).join(NewsletterEnlistment, NewsletterEnlistment.user_id == User.id)
         .where(NewsletterEnlistment.unsubscribed_at.is_(None)))
    if search:
        # Parameters only; LIKE wildcards in the search are matched literally.
        term = "%" + search.lower().replace("\\", "\\\\").replace("%", "\\%").replace("_", "\\_") + "%"
        q = q.where(or_(func.lower(User.email).like(term, escape="\\"),
                        func.lower(User.first_name).like(term, escape="\\")))
    return q


def _row(user: User, row: NewsletterEnlistment) -> dict:
    return {"id": user.id, "email": user.email, "firstName": user.first_name, "enlistedAt": row.enlisted_at,
            "source": row.source}


def enlisted_users(db: Session, search: str, page: int, page_size: int) -> dict:
    q = _query(search)
    total = db.execute(select(func.count()).select_from(q.subquery())).scalar() or 0
    rows = db.execute(q.order_by(NewsletterEnlistment.enlisted_at.desc(), User.id.desc())
                      .offset((page - 1) * page_size).limit(page_size)).all()
    return {"items": [_row(u, r) for u, r in rows], "total": total, "page": page, "pageSize": page_size}


def enlisted_users_csv(db: Session, search: str) -> str:
    out = io.StringIO()
    writer = csv.writer(out)
    writer.writerow(["email", "first_name", "enlisted_at", "source"])
    for user, row in db.execute(_query(search).order_by(User.id)).all():
        # A leading =, +, - or @ would make a spreadsheet evaluate the cell.
        name = user.first_name
        if name[:1] in ("=", "+", "-", "@"):
            name = "'" + name
        writer.writerow([user.email, name, row.enlisted_at.isoformat(), row.source])
    return out.getvalue()
