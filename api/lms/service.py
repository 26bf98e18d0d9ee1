"""The academy: course content, the learner's quiz and progress, and authoring.

Rules kept here (the routes only map them to HTTP):

* Learners see PUBLISHED sections and their lessons only; DRAFT and ARCHIVED content answers 404 to
  them, so a learner cannot tell a draft from a missing id. ``includeDrafts`` is for admins.
* A question reaches a learner without the ``isCorrect`` flags and without the explanation until the
  learner has answered it. The server checks the answer; the first answer to a question is the one
  scored and it cannot be changed.
* A lesson is finished when every one of its questions is answered (a lesson without questions is
  finished by the learner's progress update). Progress of a section = finished lessons / lessons.
* Points (``userLmsPoints``) = the sum of points of the learner's correct answers.
"""

from __future__ import annotations

from datetime import datetime, timezone

from sqlalchemy import delete, func, select
from sqlalchemy.exc import IntegrityError
from sqlalchemy.orm import Session

from api.errors import ApiError
from api.models import (SECTION_ARCHIVED, SECTION_DRAFT, SECTION_PUBLISHED, LmsGeneralInfo, LmsLesson,
                        LmsLessonProgress, LmsQuestion, LmsSection, LmsUserAnswer, User)

DEFAULT_TITLE = "Volland Academy"


def _now() -> datetime:
    return datetime.now(timezone.utc)


def _not_found(what: str) -> ApiError:
    return ApiError(404, "not_found", f"This {what} does not exist.")


# ---------------------------------------------------------------- general info

def general_info(db: Session) -> LmsGeneralInfo:
    info = db.get(LmsGeneralInfo, 1)
    if info is None:
        info = LmsGeneralInfo(id=1, title=DEFAULT_TITLE, description="")
        db.add(info)
        db.commit()
    return info


def general_info_view(db: Session) -> dict:
    info = general_info(db)
    last = db.execute(select(func.max(LmsSection.updated_at))).scalar()
    stamps = [t for t in (info.updated_at, last) if t is not None]
    return {"title": info.title, "description": info.description,
            "lastUpdated": max(stamps) if stamps else None}


def update_general_info(db: Session, body: dict) -> dict:
    info = general_info(db)
    for key in ("title", "description"):
        if key in body:
            setattr(info, key, body[key])
    info.updated_at = _now()
    db.commit()
    return general_info_view(db)


# ---------------------------------------------------------------- views

def answer_views(question: LmsQuestion, reveal: bool) -> list[dict]:
    if reveal:
        return [{"id": a["id"], "text": a["text"], "isCorrect": bool(a.get("isCorrect"))} for a in question.answers]
    return [{"id": a["id"], "text": a["text"]} for a in question.answers]


def question_view(question: LmsQuestion, reveal: bool) -> dict:
    view = {"id": question.id, "lessonId": question.lesson_id, "text": question.text,
            "points": question.points, "order": question.order, "answers": answer_views(question, reveal)}
    if reveal:
        view["explanation"] = question.explanation
    return view


def lesson_view(lesson: LmsLesson) -> dict:
    return {"id": lesson.id, "sectionId": lesson.section_id, "title": lesson.title, "content": lesson.content,
            "order": lesson.order, "questionsCount": len(lesson.questions),
            "totalScore": sum(q.points for q in lesson.questions), "updatedAt": lesson.updated_at}


def section_view(section: LmsSection) -> dict:
    return {"id": section.id, "title": section.title, "description": section.description,
            "order": section.order, "status": section.status, "lessonsCount": len(section.lessons),
            "updatedAt": section.updated_at, "publishedAt": section.published_at}


# ---------------------------------------------------------------- learner

def _finished_lesson_ids(db: Session, user_id: int) -> set[int]:
    rows = db.execute(select(LmsLessonProgress.lesson_id).where(
        LmsLessonProgress.user_id == user_id, LmsLessonProgress.is_finished.is_(True))).scalars()
    return set(rows)


def visible_sections(db: Session, user: User, include_drafts: bool) -> list[LmsSection]:
    if include_drafts and not user.is_admin:
        raise ApiError(403, "forbidden", "Only admins can see draft sections.")
    statuses = [SECTION_PUBLISHED, SECTION_DRAFT] if include_drafts else [SECTION_PUBLISHED]
    return list(db.execute(select(LmsSection).where(LmsSection.status.in_(statuses))
                           .order_by(LmsSection.order, LmsSection.id)).scalars())


def learner_sections(db: Session, user: User, include_drafts: bool = False) -> list[dict]:
    finished = _finished_lesson_ids(db, user.id)
    out = []
    for section in visible_sections(db, user, include_drafts):
        view = section_view(section)
        done = sum(1 for lesson in section.lessons if lesson.id in finished)
        view["finishedLessons"] = done
        view["progress"] = round(100 * done / len(section.lessons)) if section.lessons else 0
        out.append(view)
    return out


def _visible_section(db: Session, user: User, section_id: int) -> LmsSection:
    section = db.get(LmsSection, section_id)
    allowed = {SECTION_PUBLISHED, SECTION_DRAFT} if user.is_admin else {SECTION_PUBLISHED}
    if section is None or section.status not in allowed:
        raise _not_found("section")
    return section


def _visible_lesson(db: Session, user: User, lesson_id: int) -> LmsLesson:
    lesson = db.get(LmsLesson, lesson_id)
    if lesson is None:
        raise _not_found("lesson")
    _visible_section(db, user, lesson.section_id)
    return lesson


def _visible_question(db: Session, user: User, question_id: int) -> LmsQuestion:
    question = db.get(LmsQuestion, question_id)
    if question is None:
        raise _not_found("question")
    _visible_lesson(db, user, question.lesson_id)
    return question


def learner_lessons(db: Session, user: User, section_id: int) -> list[dict]:
    section = _visible_section(db, user, section_id)
    finished = _finished_lesson_ids(db, user.id)
    return [{**lesson_view(lesson), "isFinished": lesson.id in finished} for lesson in section.lessons]


def _answers_of(db: Session, user_id: int, lesson_id: int) -> dict[int, LmsUserAnswer]:
    rows = db.execute(select(LmsUserAnswer).where(LmsUserAnswer.user_id == user_id,
                                                  LmsUserAnswer.lesson_id == lesson_id)).scalars()
    return {row.question_id: row for row in rows}


def lesson_score(db: Session, user_id: int, lesson: LmsLesson) -> dict:
    answers = _answers_of(db, user_id, lesson.id)
    ids = {q.id for q in lesson.questions}
    return {"answered": sum(1 for qid in answers if qid in ids), "questionsCount": len(lesson.questions),
            "userScore": sum(a.points for qid, a in answers.items() if qid in ids),
            "totalScore": sum(q.points for q in lesson.questions),
            "correct": sum(1 for qid, a in answers.items() if qid in ids and a.is_correct)}


def next_question(db: Session, user: User, lesson_id: int) -> dict:
    lesson = _visible_lesson(db, user, lesson_id)
    answers = _answers_of(db, user.id, lesson.id)
    pending = [q for q in lesson.questions if q.id not in answers]
    score = lesson_score(db, user.id, lesson)
    finished = lesson.id in _finished_lesson_ids(db, user.id)
    return {"question": question_view(pending[0], reveal=False) if pending else None,
            "position": score["answered"] + 1 if pending else score["answered"],
            "isFinished": finished, **score}


def learner_question(db: Session, user: User, question_id: int) -> dict:
    question = _visible_question(db, user, question_id)
    mine = db.execute(select(LmsUserAnswer).where(LmsUserAnswer.user_id == user.id,
                                                  LmsUserAnswer.question_id == question.id)).scalar_one_or_none()
    view = question_view(question, reveal=mine is not None)
    view["userAnswerId"] = mine.answer_id if mine else None
    return view


def _finish_lesson(db: Session, user_id: int, lesson_id: int) -> None:
    row = db.execute(select(LmsLessonProgress).where(LmsLessonProgress.user_id == user_id,
                                                     LmsLessonProgress.lesson_id == lesson_id)).scalar_one_or_none()
    if row is None:
        db.add(LmsLessonProgress(user_id=user_id, lesson_id=lesson_id, is_finished=True, finished_at=_now()))
    elif not row.is_finished:
        row.is_finished = True
        row.finished_at = _now()


def answer_question(db: Session, user: User, question_id: int, answer_id: int) -> dict:
    question = _visible_question(db, user, question_id)
    chosen = next((a for a in question.answers if a["id"] == answer_id), None)
    if chosen is None:
        raise ApiError(422, "validation_error", "This answer does not belong to the question.",
                       {"answerId": ["Not an answer of this question."]})
    correct = bool(chosen.get("isCorrect"))
    db.add(LmsUserAnswer(user_id=user.id, question_id=question.id, lesson_id=question.lesson_id,
                         answer_id=answer_id, is_correct=correct, points=question.points if correct else 0))
    try:
        db.flush()
    except IntegrityError:
        db.rollback()
        raise ApiError(409, "already_answered", "You have already answered this question.") from None
    lesson = question.lesson
    answered = _answers_of(db, user.id, lesson.id)
    lesson_finished = all(q.id in answered for q in lesson.questions)
    if lesson_finished:
        _finish_lesson(db, user.id, lesson.id)
    db.commit()
    return {"questionId": question.id, "answerId": answer_id, "isCorrect": correct,
            "correctAnswerIds": [a["id"] for a in question.answers if a.get("isCorrect")],
            "explanation": question.explanation, "points": question.points if correct else 0,
            "lessonFinished": lesson_finished, "userLmsPoints": user_points(db, user.id)}


def user_points(db: Session, user_id: int) -> int:
    return int(db.execute(select(func.coalesce(func.sum(LmsUserAnswer.points), 0))
                          .where(LmsUserAnswer.user_id == user_id)).scalar() or 0)


def progress(db: Session, user: User) -> dict:
    """Every lesson the learner has started or finished (of sections the learner can see) and points."""
    finished = _finished_lesson_ids(db, user.id)
    started = set(db.execute(select(LmsUserAnswer.lesson_id).where(LmsUserAnswer.user_id == user.id)).scalars())
    items = []
    for lesson_id in sorted(finished | started):
        lesson = db.get(LmsLesson, lesson_id)
        if lesson is None or lesson.section.status != SECTION_PUBLISHED:
            continue
        score = lesson_score(db, user.id, lesson)
        items.append({"lessonId": lesson.id, "sectionId": lesson.section_id, "isFinished": lesson.id in finished,
                      "totalScore": score["totalScore"], "userScore": score["userScore"]})
    return {"lessonsProgress": items, "userLmsPoints": user_points(db, user.id)}


def update_progress(db: Session, user: User, body: dict) -> dict:
    """Mark a lesson finished. A lesson with a quiz is finished by answering its questions, not here."""
    lesson = _visible_lesson(db, user, body["lessonId"])
    if body.get("isFinished", True):
        answered = _answers_of(db, user.id, lesson.id)
        missing = [q.id for q in lesson.questions if q.id not in answered]
        if missing:
            raise ApiError(409, "quiz_pending", "Answer the lesson's quiz to finish it.",
                           {"lessonId": [f"{len(missing)} question(s) not answered yet."]})
        _finish_lesson(db, user.id, lesson.id)
        db.commit()
    return progress(db, user)


# ---------------------------------------------------------------- authoring

def admin_sections(db: Session) -> list[dict]:
    rows = db.execute(select(LmsSection).order_by(LmsSection.order, LmsSection.id)).scalars()
    return [section_view(s) for s in rows]


def get_section(db: Session, section_id: int) -> LmsSection:
    section = db.get(LmsSection, section_id)
    if section is None:
        raise _not_found("section")
    return section


def _reorder(items: list, moved, new_order: int) -> None:
    """Place ``moved`` at index ``new_order`` among ``items`` and renumber them 0..n-1."""
    rest = [i for i in items if i.id != moved.id]
    new_order = max(0, min(new_order, len(rest)))
    rest.insert(new_order, moved)
    for index, item in enumerate(rest):
        item.order = index


def create_section(db: Session, body: dict) -> LmsSection:
    count = db.execute(select(func.count(LmsSection.id))).scalar() or 0
    section = LmsSection(title=body["title"], description=body.get("description", ""), order=count,
                         status=SECTION_DRAFT)
    db.add(section)
    db.commit()
    return section


def update_section(db: Session, section_id: int, body: dict) -> LmsSection:
    section = get_section(db, section_id)
    for key in ("title", "description"):
        if key in body:
            setattr(section, key, body[key])
    if "status" in body and body["status"] != section.status:
        # Archive from any state; restore an archived section to DRAFT; PUBLISHED only via publish.
        if body["status"] == SECTION_PUBLISHED:
            raise ApiError(409, "invalid_transition", "Sections are published with 'Publish All'.",
                           {"status": ["Use admin/lms/sections/publish."]})
        section.status = body["status"]
    if "order" in body:
        siblings = list(db.execute(select(LmsSection).order_by(LmsSection.order, LmsSection.id)).scalars())
        _reorder(siblings, section, body["order"])
    section.updated_at = _now()
    db.commit()
    return section


def publish_all(db: Session) -> list[LmsSection]:
    drafts = list(db.execute(select(LmsSection).where(LmsSection.status == SECTION_DRAFT)).scalars())
    if not drafts:
        raise ApiError(409, "nothing_to_publish", "No section is a draft; there is nothing to publish.")
    now = _now()
    for section in drafts:
        section.status = SECTION_PUBLISHED
        section.published_at = now
        section.updated_at = now
    db.commit()
    return drafts


def admin_lessons(db: Session, section_id: int) -> list[dict]:
    return [lesson_view(lesson) for lesson in get_section(db, section_id).lessons]


def get_lesson(db: Session, lesson_id: int) -> LmsLesson:
    lesson = db.get(LmsLesson, lesson_id)
    if lesson is None:
        raise _not_found("lesson")
    return lesson


def _touch_section(section: LmsSection) -> None:
    section.updated_at = _now()


def create_lesson(db: Session, body: dict) -> LmsLesson:
    section = get_section(db, body["sectionId"])
    lesson = LmsLesson(section_id=section.id, title=body["title"], content=body.get("content", ""),
                       order=len(section.lessons))
    db.add(lesson)
    _touch_section(section)
    db.commit()
    return lesson


def update_lesson(db: Session, lesson_id: int, body: dict) -> LmsLesson:
    lesson = get_lesson(db, lesson_id)
    for key in ("title", "content"):
        if key in body:
            setattr(lesson, key, body[key])
    if "order" in body:
        _reorder(list(lesson.section.lessons), lesson, body["order"])
    _touch_section(lesson.section)
    db.commit()
    return lesson


def delete_lesson(db: Session, lesson_id: int) -> None:
    lesson = get_lesson(db, lesson_id)
    section = lesson.section
    # Explicit, so SQLite without foreign-key enforcement drops the learners' rows too.
    db.execute(delete(LmsUserAnswer).where(LmsUserAnswer.lesson_id == lesson_id))
    db.execute(delete(LmsLessonProgress).where(LmsLessonProgress.lesson_id == lesson_id))
    db.delete(lesson)
    db.flush()
    for index, item in enumerate(sorted((x for x in section.lessons if x.id != lesson_id),
                                        key=lambda x: (x.order, x.id))):
        item.order = index
    _touch_section(section)
    db.commit()


def admin_questions(db: Session, lesson_id: int) -> list[dict]:
    return [question_view(q, reveal=True) for q in get_lesson(db, lesson_id).questions]


def get_question(db: Session, question_id: int) -> LmsQuestion:
    question = db.get(LmsQuestion, question_id)
    if question is None:
        raise _not_found("question")
    return question


def _answers_with_ids(answers: list[dict], previous: list[dict] | None = None) -> list[dict]:
    """Keep the ids the author sent when they are unique; number new answers after the highest id."""
    used: set[int] = set()
    top = max([a["id"] for a in (previous or [])] + [a.get("id") or 0 for a in answers] + [0])
    out = []
    for answer in answers:
        answer_id = answer.get("id")
        if not answer_id or answer_id in used:
            top += 1
            answer_id = top
        used.add(answer_id)
        out.append({"id": answer_id, "text": answer["text"], "isCorrect": bool(answer.get("isCorrect"))})
    return out


def create_question(db: Session, body: dict) -> LmsQuestion:
    lesson = get_lesson(db, body["lessonId"])
    question = LmsQuestion(lesson_id=lesson.id, text=body["text"], explanation=body.get("explanation", ""),
                           points=body.get("points", 1), order=len(lesson.questions),
                           answers=_answers_with_ids(body["answers"]))
    db.add(question)
    _touch_section(lesson.section)
    db.commit()
    return question


def update_question(db: Session, question_id: int, body: dict) -> LmsQuestion:
    question = get_question(db, question_id)
    for key, attr in (("text", "text"), ("explanation", "explanation"), ("points", "points")):
        if key in body:
            setattr(question, attr, body[key])
    if "answers" in body:
        question.answers = _answers_with_ids(body["answers"], question.answers)
    if "order" in body:
        _reorder(list(question.lesson.questions), question, body["order"])
    _touch_section(question.lesson.section)
    db.commit()
    return question


def delete_question(db: Session, question_id: int) -> None:
    question = get_question(db, question_id)
    _touch_section(question.lesson.section)
    db.execute(delete(LmsUserAnswer).where(LmsUserAnswer.question_id == question_id))
    db.delete(question)
    db.commit()


__all__ = ["SECTION_ARCHIVED", "SECTION_DRAFT", "SECTION_PUBLISHED"]
