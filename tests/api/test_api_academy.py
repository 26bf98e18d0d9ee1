"""The academy on SQLite and PostgreSQL: learner routes (drafts hidden, answers checked on the server,
score kept, progress), authoring routes (Admin only) and the shipped course seed."""

from __future__ import annotations

import json

import pytest
import sqlalchemy as sa

LEARNER = "learner@example.com"
ADMIN = "author@example.com"


def make_admin(db_url: str, email: str) -> None:
    from api.db import session_scope
    from api.models import User

    with session_scope(db_url) as db:
        user = db.execute(sa.select(User).where(User.email == email)).scalar_one()
        user.roles = ["User", "Admin"]


@pytest.fixture
def tokens(client, h, db_url):
    learner = h.signup(client, email=LEARNER)["accessToken"]
    admin = h.signup(client, email=ADMIN, first_name="Ana")["accessToken"]
    make_admin(db_url, ADMIN)  # roles are read on every request, so the token now acts as an admin
    return {"learner": h.bearer(learner), "admin": h.bearer(admin)}


def author_course(client, admin, publish=True) -> dict:
    """One section with two lessons: the first with a two-question quiz, the second without questions."""
    section = client.post("/api/v1/admin/lms/sections", json={"title": "Gamma", "description": "d"}, headers=admin)
    assert section.status_code == 201, section.get_json()
    sid = section.get_json()["id"]
    assert section.get_json()["status"] == "DRAFT"
    l1 = client.post("/api/v1/admin/lms/lessons", json={"sectionId": sid, "title": "L1", "content": "text"},
                     headers=admin).get_json()
    l2 = client.post("/api/v1/admin/lms/lessons", json={"sectionId": sid, "title": "L2"}, headers=admin).get_json()
    q1 = client.post("/api/v1/admin/lms/questions", headers=admin, json={
        "lessonId": l1["id"], "text": "Q1", "points": 2, "explanation": "because",
        "answers": [{"text": "right", "isCorrect": True}, {"text": "wrong"}]})
    assert q1.status_code == 201, q1.get_json()
    q2 = client.post("/api/v1/admin/lms/questions", headers=admin, json={
        "lessonId": l1["id"], "text": "Q2", "points": 3,
        "answers": [{"text": "a"}, {"text": "b", "isCorrect": True}, {"text": "c"}]})
    if publish:
        assert client.post("/api/v1/admin/lms/sections/publish", headers=admin).status_code == 200
    return {"section": sid, "l1": l1["id"], "l2": l2["id"], "q1": q1.get_json(), "q2": q2.get_json()}


def test_learner_never_sees_drafts_and_include_drafts_is_admin_only(client, tokens, h):
    course = author_course(client, tokens["admin"], publish=False)
    assert client.get("/api/v1/users/lms/sections", headers=tokens["learner"]).get_json() == []
    h.assert_error(client.get("/api/v1/users/lms/sections?includeDrafts=true", headers=tokens["learner"]), 403,
                   "forbidden")
    h.assert_error(client.get(f"/api/v1/users/lms/lessons?sectionId={course['section']}",
                              headers=tokens["learner"]), 404)
    h.assert_error(client.get(f"/api/v1/users/lms/lessons/{course['l1']}/next-question",
                              headers=tokens["learner"]), 404)
    h.assert_error(client.get(f"/api/v1/users/lms/questions/{course['q1']['id']}", headers=tokens["learner"]), 404)
    drafts = client.get("/api/v1/users/lms/sections?includeDrafts=true", headers=tokens["admin"]).get_json()
    assert [s["status"] for s in drafts] == ["DRAFT"]

    client.post("/api/v1/admin/lms/sections/publish", headers=tokens["admin"])
    visible = client.get("/api/v1/users/lms/sections", headers=tokens["learner"]).get_json()
    assert [(s["title"], s["status"], s["lessonsCount"], s["progress"]) for s in visible] == \
        [("Gamma", "PUBLISHED", 2, 0)]


def test_quiz_hides_correct_answers_until_answered_and_scores_on_the_server(client, tokens, h):
    course = author_course(client, tokens["admin"])
    learner = tokens["learner"]
    nxt = client.get(f"/api/v1/users/lms/lessons/{course['l1']}/next-question", headers=learner).get_json()
    assert nxt["question"]["id"] == course["q1"]["id"] and nxt["position"] == 1 and nxt["questionsCount"] == 2
    assert "isCorrect" not in json.dumps(nxt) and "because" not in json.dumps(nxt)
    before = client.get(f"/api/v1/users/lms/questions/{course['q1']['id']}", headers=learner).get_json()
    assert "isCorrect" not in json.dumps(before) and "explanation" not in before and before["userAnswerId"] is None

    right = next(a["id"] for a in course["q1"]["answers"] if a["isCorrect"])
    wrong_q2 = next(a["id"] for a in course["q2"]["answers"] if not a["isCorrect"])
    qid = course["q1"]["id"]
    # The body's questionId must match the path; an answer of another question is refused.
    h.assert_error(client.post(f"/api/v1/users/lms/questions/{qid}/answers", headers=learner,
                               json={"questionId": qid + 1, "answerId": right}), 422)
    h.assert_error(client.post(f"/api/v1/users/lms/questions/{qid}/answers", headers=learner,
                               json={"questionId": qid, "answerId": 999}), 422)
    first = client.post(f"/api/v1/users/lms/questions/{qid}/answers", headers=learner,
                        json={"questionId": qid, "answerId": right})
    assert first.status_code == 201, first.get_json()
    body = first.get_json()
    assert body["isCorrect"] is True and body["points"] == 2 and body["userLmsPoints"] == 2
    assert body["lessonFinished"] is False and body["explanation"] == "because"
    # The first answer is the one scored.
    h.assert_error(client.post(f"/api/v1/users/lms/questions/{qid}/answers", headers=learner,
                               json={"questionId": qid, "answerId": right}), 409, "already_answered")
    after = client.get(f"/api/v1/users/lms/questions/{qid}", headers=learner).get_json()
    assert after["userAnswerId"] == right and any(a["isCorrect"] for a in after["answers"])

    nxt = client.get(f"/api/v1/users/lms/lessons/{course['l1']}/next-question", headers=learner).get_json()
    assert nxt["question"]["id"] == course["q2"]["id"] and nxt["position"] == 2
    q2 = course["q2"]["id"]
    last = client.post(f"/api/v1/users/lms/questions/{q2}/answers", headers=learner,
                       json={"questionId": q2, "answerId": wrong_q2}).get_json()
    assert last["isCorrect"] is False and last["points"] == 0 and last["lessonFinished"] is True
    assert last["correctAnswerIds"] == [a["id"] for a in course["q2"]["answers"] if a["isCorrect"]]
    done = client.get(f"/api/v1/users/lms/lessons/{course['l1']}/next-question", headers=learner).get_json()
    assert done["question"] is None and done["isFinished"] is True
    assert (done["userScore"], done["totalScore"], done["correct"]) == (2, 5, 1)

    progress = client.get("/api/v1/users/lms/progress", headers=learner).get_json()
    assert progress == {"userLmsPoints": 2, "lessonsProgress": [
        {"lessonId": course["l1"], "sectionId": course["section"], "isFinished": True, "totalScore": 5,
         "userScore": 2}]}
    sections = client.get("/api/v1/users/lms/sections", headers=learner).get_json()
    assert sections[0]["finishedLessons"] == 1 and sections[0]["progress"] == 50
    lessons = client.get(f"/api/v1/users/lms/lessons?sectionId={course['section']}", headers=learner).get_json()
    assert [(x["title"], x["isFinished"]) for x in lessons] == [("L1", True), ("L2", False)]
    # Another learner's points are their own.
    assert client.get("/api/v1/users/lms/progress", headers=tokens["admin"]).get_json()["userLmsPoints"] == 0


def test_progress_update_finishes_a_lesson_without_quiz_only(client, tokens, h):
    course = author_course(client, tokens["admin"])
    learner = tokens["learner"]
    h.assert_error(client.put("/api/v1/users/lms/progress", headers=learner, json={"lessonId": course["l1"]}),
                   409, "quiz_pending")
    resp = client.patch("/api/v1/users/lms/progress", headers=learner,
                        json={"lessonId": course["l2"], "isFinished": True})
    assert resp.status_code == 200
    assert resp.get_json()["lessonsProgress"] == [{"lessonId": course["l2"], "sectionId": course["section"],
                                                   "isFinished": True, "totalScore": 0, "userScore": 0}]
    section = client.get("/api/v1/users/lms/sections", headers=learner).get_json()[0]
    assert section["progress"] == 50


def test_archive_hides_a_section_and_restore_returns_it_to_draft(client, tokens, h):
    course = author_course(client, tokens["admin"])
    admin, sid = tokens["admin"], course["section"]
    fetched = client.get(f"/api/v1/admin/lms/sections/{sid}", headers=admin).get_json()
    archived = client.put(f"/api/v1/admin/lms/sections/{sid}", headers=admin, json={**fetched, "status": "ARCHIVED"})
    assert archived.get_json()["status"] == "ARCHIVED"
    assert client.get("/api/v1/users/lms/sections", headers=tokens["learner"]).get_json() == []
    h.assert_error(client.post("/api/v1/admin/lms/sections/publish", headers=admin), 409, "nothing_to_publish")
    # Restore resends the whole fetched section with status DRAFT.
    fetched = client.get(f"/api/v1/admin/lms/sections/{sid}", headers=admin).get_json()
    restored = client.put(f"/api/v1/admin/lms/sections/{sid}", headers=admin, json={**fetched, "status": "DRAFT"})
    assert restored.status_code == 200 and restored.get_json()["status"] == "DRAFT"
    h.assert_error(client.put(f"/api/v1/admin/lms/sections/{sid}", headers=admin, json={"status": "PUBLISHED"}),
                   409, "invalid_transition")
    published = client.post("/api/v1/admin/lms/sections/publish", headers=admin).get_json()["published"]
    assert [s["id"] for s in published] == [sid] and published[0]["publishedAt"]


def test_authoring_edit_reorder_and_delete(client, tokens, h):
    admin = tokens["admin"]
    course = author_course(client, admin)
    other = client.post("/api/v1/admin/lms/sections", json={"title": "Vanna"}, headers=admin).get_json()
    moved = client.put(f"/api/v1/admin/lms/sections/{other['id']}", headers=admin, json={"order": 0}).get_json()
    assert moved["order"] == 0
    assert [s["title"] for s in client.get("/api/v1/admin/lms/sections", headers=admin).get_json()] == \
        ["Vanna", "Gamma"]

    edited = client.put(f"/api/v1/admin/lms/lessons/{course['l2']}", headers=admin,
                        json={"title": "Renamed", "content": "new text", "order": 0}).get_json()
    assert (edited["title"], edited["content"], edited["order"]) == ("Renamed", "new text", 0)
    titles = [x["title"] for x in client.get(f"/api/v1/admin/lms/lessons?sectionId={course['section']}",
                                             headers=admin).get_json()]
    assert titles == ["Renamed", "L1"]

    qid = course["q1"]["id"]
    q = client.put(f"/api/v1/admin/lms/questions/{qid}", headers=admin, json={
        "text": "Q1 edited", "answers": [{"id": 1, "text": "right"}, {"id": 2, "text": "now right",
                                                                      "isCorrect": True}]}).get_json()
    assert q["text"] == "Q1 edited" and [a["isCorrect"] for a in q["answers"]] == [False, True]
    h.assert_error(client.put(f"/api/v1/admin/lms/questions/{qid}", headers=admin,
                              json={"answers": [{"text": "a", "isCorrect": True}, {"text": "b", "isCorrect": True}]}),
                   422)
    h.assert_error(client.post("/api/v1/admin/lms/questions", headers=admin,
                               json={"lessonId": course["l1"], "text": "x", "answers": [{"text": "only"}]}), 422)
    assert len(client.get(f"/api/v1/admin/lms/questions?lessonId={course['l1']}", headers=admin).get_json()) == 2
    assert client.delete(f"/api/v1/admin/lms/questions/{qid}", headers=admin).status_code == 204
    h.assert_error(client.get(f"/api/v1/admin/lms/questions/{qid}", headers=admin), 404)

    # A learner's answers go with the lesson.
    q2 = course["q2"]["id"]
    client.post(f"/api/v1/users/lms/questions/{q2}/answers", headers=tokens["learner"],
                json={"questionId": q2, "answerId": course["q2"]["answers"][1]["id"]})
    assert client.get("/api/v1/users/lms/progress", headers=tokens["learner"]).get_json()["userLmsPoints"] == 3
    assert client.delete(f"/api/v1/admin/lms/lessons/{course['l1']}", headers=admin).status_code == 204
    h.assert_error(client.get(f"/api/v1/admin/lms/lessons/{course['l1']}", headers=admin), 404)
    assert client.get("/api/v1/users/lms/progress", headers=tokens["learner"]).get_json() == \
        {"lessonsProgress": [], "userLmsPoints": 0}

    info = client.put("/api/v1/admin/lms/general-info", headers=admin,
                      json={"title": "Academy", "description": "Intro"}).get_json()
    assert info["title"] == "Academy" and info["lastUpdated"]
    public = client.get("/api/v1/lms/general-info").get_json()
    assert (public["title"], public["description"]) == ("Academy", "Intro")


ADMIN_CALLS = [
    ("get", "/api/v1/admin/lms/general-info", None),
    ("put", "/api/v1/admin/lms/general-info", {"title": "x"}),
    ("get", "/api/v1/admin/lms/sections", None),
    ("post", "/api/v1/admin/lms/sections", {"title": "x"}),
    ("get", "/api/v1/admin/lms/sections/1", None),
    ("put", "/api/v1/admin/lms/sections/1", {"title": "x"}),
    ("post", "/api/v1/admin/lms/sections/publish", None),
    ("get", "/api/v1/admin/lms/lessons?sectionId=1", None),
    ("post", "/api/v1/admin/lms/lessons", {"sectionId": 1, "title": "x"}),
    ("get", "/api/v1/admin/lms/lessons/1", None),
    ("put", "/api/v1/admin/lms/lessons/1", {"title": "x"}),
    ("delete", "/api/v1/admin/lms/lessons/1", None),
    ("get", "/api/v1/admin/lms/questions?lessonId=1", None),
    ("post", "/api/v1/admin/lms/questions", {"lessonId": 1, "text": "x", "answers": []}),
    ("get", "/api/v1/admin/lms/questions/1", None),
    ("put", "/api/v1/admin/lms/questions/1", {"text": "x"}),
    ("delete", "/api/v1/admin/lms/questions/1", None),
    ("get", "/api/v1/admin/enlisted-users", None),
    ("get", "/api/v1/admin/users", None),
    ("get", "/api/v1/admin/client-errors", None),
    ("get", "/api/v1/admin/freshness", None),
    ("get", "/api/v1/admin/jobs", None),
]

LEARNER_CALLS = [
    ("get", "/api/v1/users/lms/progress", None),
    ("put", "/api/v1/users/lms/progress", {"lessonId": 1}),
    ("patch", "/api/v1/users/lms/progress", {"lessonId": 1}),
    ("get", "/api/v1/users/lms/sections", None),
    ("get", "/api/v1/users/lms/lessons?sectionId=1", None),
    ("get", "/api/v1/users/lms/lessons/1/next-question", None),
    ("get", "/api/v1/users/lms/questions/1", None),
    ("post", "/api/v1/users/lms/questions/1/answers", {"questionId": 1, "answerId": 1}),
    ("get", "/api/v1/enlisted-users", None),
    ("put", "/api/v1/enlisted-users", None),
    ("delete", "/api/v1/enlisted-users", None),
]


@pytest.mark.parametrize("method,path,body", ADMIN_CALLS)
def test_every_admin_call_is_401_for_a_guest_and_403_for_a_non_admin(client, tokens, h, method, path, body):
    call = getattr(client, method)
    h.assert_error(call(path, json=body) if body is not None else call(path), 401)
    h.assert_error(call(path, json=body, headers=tokens["learner"]) if body is not None
                   else call(path, headers=tokens["learner"]), 403, "forbidden")


@pytest.mark.parametrize("method,path,body", LEARNER_CALLS)
def test_every_learner_call_needs_an_access_token(client, h, method, path, body):
    call = getattr(client, method)
    h.assert_error(call(path, json=body) if body is not None else call(path), 401)


def test_general_info_is_public(client):
    resp = client.get("/api/v1/lms/general-info")
    assert resp.status_code == 200 and resp.get_json()["title"] == "Volland Academy"


def test_seed_loads_the_course_once_and_keeps_admin_edits(db_url, client, tokens):
    from api.db import session_scope
    from api.lms.seed import load_course, seed

    course = load_course()
    assert len(course["sections"]) >= 4
    assert all(lesson["questions"] for s in course["sections"] for lesson in s["lessons"])
    with session_scope(db_url) as db:
        first = seed(db)
    assert first["sections"] == len(course["sections"]) and first["questions"] > 0
    sections = client.get("/api/v1/users/lms/sections", headers=tokens["learner"]).get_json()
    assert [s["title"] for s in sections] == [s["title"] for s in course["sections"]]
    sid = sections[0]["id"]
    client.put(f"/api/v1/admin/lms/sections/{sid}", headers=tokens["admin"], json={"title": "Edited by admin"})
    with session_scope(db_url) as db:
        again = seed(db)
    assert again == {"sections": 0, "lessons": 0, "questions": 0}
    after = client.get("/api/v1/users/lms/sections", headers=tokens["learner"]).get_json()
    assert len(after) == len(sections) and after[0]["title"] == "Edited by admin"
    lessons = client.get(f"/api/v1/users/lms/lessons?sectionId={sid}", headers=tokens["learner"]).get_json()
    nxt = client.get(f"/api/v1/users/lms/lessons/{lessons[0]['id']}/next-question",
                     headers=tokens["learner"]).get_json()
    assert nxt["question"] and "isCorrect" not in json.dumps(nxt)
