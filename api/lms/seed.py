"""Load the shipped course (``api/lms/course/course.json``) into the account store.

Idempotent: sections and lessons carry a ``seed_key``; one already present is left exactly as it is,
so edits made by admins afterwards survive every later ``make run``. A lesson added to the file later
is added to its section; the general info is written only while it was never set. Seeded sections are
PUBLISHED (learners see them at once); admins can archive or edit them like any other.
"""

from __future__ import annotations

import json
from datetime import datetime, timezone
from pathlib import Path

from sqlalchemy import select
from sqlalchemy.orm import Session

from api.models import SECTION_PUBLISHED, LmsGeneralInfo, LmsLesson, LmsQuestion, LmsSection

COURSE_FILE = Path(__file__).with_name("course") / "course.json"


def load_course(path: Path = COURSE_FILE) -> dict:
    return json.loads(path.read_text(encoding="utf-8"))


def seed(db: Session, course: dict | None = None) -> dict:
    """Add what is missing; returns counts of what was added."""
    course = course or load_course()
    now = datetime.now(timezone.utc)
    added = {"sections": 0, "lessons": 0, "questions": 0}
    if db.get(LmsGeneralInfo, 1) is None:
        info = course.get("generalInfo", {})
        db.add(LmsGeneralInfo(id=1, title=info.get("title", "Volland Academy"),
                              description=info.get("description", ""), updated_at=now))
    next_order = len(db.execute(select(LmsSection.id)).all())
    for spec in course["sections"]:
        section = db.execute(select(LmsSection).where(LmsSection.seed_key == spec["key"])).scalar_one_or_none()
        if section is None:
            section = LmsSection(title=spec["title"], description=spec.get("description", ""), order=next_order,
                                 status=SECTION_PUBLISHED, seed_key=spec["key"], published_at=now)
            db.add(section)
            db.flush()
            next_order += 1
            added["sections"] += 1
        for lesson_spec in spec["lessons"]:
            if db.execute(select(LmsLesson.id).where(LmsLesson.seed_key == lesson_spec["key"])).first():
                continue
            lesson = LmsLesson(section_id=section.id, title=lesson_spec["title"], content=lesson_spec["content"],
                               order=len(section.lessons), seed_key=lesson_spec["key"])
            section.lessons.append(lesson)
            db.flush()
            added["lessons"] += 1
            for index, q in enumerate(lesson_spec.get("questions", [])):
                answers = [{"id": i + 1, "text": a["text"], "isCorrect": bool(a.get("isCorrect"))}
                           for i, a in enumerate(q["answers"])]
                db.add(LmsQuestion(lesson_id=lesson.id, text=q["text"], explanation=q.get("explanation", ""),
                                   points=q.get("points", 1), order=index, answers=answers))
                added["questions"] += 1
    db.commit()
    return added
