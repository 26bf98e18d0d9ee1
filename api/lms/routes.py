"""The academy: ``/api/v1/lms`` (public general info), ``/api/v1/users/lms`` (the signed-in learner) and
``/api/v1/admin/lms`` (authoring, Admin role enforced here)."""

from __future__ import annotations

from flask import g
from flask.views import MethodView
from flask_smorest import Blueprint

from api.db import get_session
from api.lms import schemas as s
from api.lms import service
from api.security import access_token_required, admin_required
from api.users.schemas import LmsProgressSchema

blp = Blueprint("lms", __name__, url_prefix="/api/v1/lms", description="Academy: public general information")
learner_blp = Blueprint("lms-learner", __name__, url_prefix="/api/v1/users/lms",
                        description="Academy: the signed-in learner's sections, lessons, quiz and progress")
admin_blp = Blueprint("admin-lms", __name__, url_prefix="/api/v1/admin/lms",
                      description="Academy authoring (Admin only)")


@blp.route("/general-info")
class GeneralInfo(MethodView):
    @blp.response(200, s.GeneralInfoSchema)
    def get(self):
        """The academy's title, introduction and last update"""
        return service.general_info_view(get_session())


# ---------------------------------------------------------------- learner

@learner_blp.route("/progress")
class Progress(MethodView):
    @access_token_required
    @learner_blp.response(200, LmsProgressSchema)
    def get(self):
        """Lessons started or finished (score per lesson) and the learner's points"""
        return service.progress(get_session(), g.user)

    @access_token_required
    @learner_blp.arguments(s.ProgressUpdateSchema)
    @learner_blp.response(200, LmsProgressSchema)
    def put(self, body):
        """Mark a lesson finished (409 while its quiz has unanswered questions)"""
        return service.update_progress(get_session(), g.user, body)

    @access_token_required
    @learner_blp.arguments(s.ProgressUpdateSchema)
    @learner_blp.response(200, LmsProgressSchema)
    def patch(self, body):
        """Same as PUT"""
        return service.update_progress(get_session(), g.user, body)


@learner_blp.route("/sections")
class LearnerSections(MethodView):
    @access_token_required
    @learner_blp.arguments(s.SectionsQuerySchema, location="query")
    @learner_blp.response(200, s.LearnerSectionSchema(many=True))
    def get(self, query):
        """Published sections with the learner's progress (includeDrafts=true adds drafts, admins only)"""
        return service.learner_sections(get_session(), g.user, query["includeDrafts"])


@learner_blp.route("/lessons")
class LearnerLessons(MethodView):
    @access_token_required
    @learner_blp.arguments(s.LessonsQuerySchema, location="query")
    @learner_blp.response(200, s.LearnerLessonSchema(many=True))
    def get(self, query):
        """Lessons of a published section, with isFinished"""
        return service.learner_lessons(get_session(), g.user, query["sectionId"])


@learner_blp.route("/lessons/<int(max=2147483647):lesson_id>/next-question")
class NextQuestion(MethodView):
    @access_token_required
    @learner_blp.response(200, s.NextQuestionSchema)
    def get(self, lesson_id: int):
        """The first question not answered yet (without the correct answer) and the score so far"""
        return service.next_question(get_session(), g.user, lesson_id)


@learner_blp.route("/questions/<int(max=2147483647):question_id>")
class LearnerQuestion(MethodView):
    @access_token_required
    @learner_blp.response(200, s.QuestionSchema)
    def get(self, question_id: int):
        """A question; the correct flags and explanation only once the learner has answered it"""
        return service.learner_question(get_session(), g.user, question_id)


@learner_blp.route("/questions/<int(max=2147483647):question_id>/answers")
class LearnerAnswers(MethodView):
    @access_token_required
    @learner_blp.arguments(s.UserAnswerInputSchema)
    @learner_blp.response(201, s.AnswerResultSchema)
    def post(self, body, question_id: int):
        """Answer a question once: the server checks it and keeps the score (409 when answered before)"""
        if body["questionId"] != question_id:
            from api.errors import ApiError

            raise ApiError(422, "validation_error", "questionId does not match the path.",
                           {"questionId": ["Must equal the question id of the path."]})
        return service.answer_question(get_session(), g.user, question_id, body["answerId"])


# ---------------------------------------------------------------- authoring

@admin_blp.route("/general-info")
class AdminGeneralInfo(MethodView):
    @admin_required
    @admin_blp.response(200, s.GeneralInfoSchema)
    def get(self):
        """The academy's general info"""
        return service.general_info_view(get_session())

    @admin_required
    @admin_blp.arguments(s.GeneralInfoUpdateSchema)
    @admin_blp.response(200, s.GeneralInfoSchema)
    def put(self, body):
        """Change the academy's title and/or introduction"""
        return service.update_general_info(get_session(), body)


@admin_blp.route("/sections")
class AdminSections(MethodView):
    @admin_required
    @admin_blp.response(200, s.SectionSchema(many=True))
    def get(self):
        """Every section, drafts and archived ones included"""
        return service.admin_sections(get_session())

    @admin_required
    @admin_blp.arguments(s.SectionCreateSchema)
    @admin_blp.response(201, s.SectionSchema)
    def post(self, body):
        """Create a section (status DRAFT, placed last)"""
        return service.section_view(service.create_section(get_session(), body))


@admin_blp.route("/sections/publish")
class PublishSections(MethodView):
    @admin_required
    @admin_blp.response(200, s.PublishResultSchema)
    def post(self):
        """Publish every DRAFT section (409 when there is none)"""
        return {"published": [service.section_view(x) for x in service.publish_all(get_session())]}


@admin_blp.route("/sections/<int(max=2147483647):section_id>")
class AdminSection(MethodView):
    @admin_required
    @admin_blp.response(200, s.SectionSchema)
    def get(self, section_id: int):
        """One section"""
        return service.section_view(service.get_section(get_session(), section_id))

    @admin_required
    @admin_blp.arguments(s.SectionUpdateSchema)
    @admin_blp.response(200, s.SectionSchema)
    def put(self, body, section_id: int):
        """Edit, reorder (order), archive (status ARCHIVED) or restore to draft (status DRAFT)"""
        return service.section_view(service.update_section(get_session(), section_id, body))


@admin_blp.route("/lessons")
class AdminLessons(MethodView):
    @admin_required
    @admin_blp.arguments(s.LessonsQuerySchema, location="query")
    @admin_blp.response(200, s.LessonSchema(many=True))
    def get(self, query):
        """Lessons of a section, in order"""
        return service.admin_lessons(get_session(), query["sectionId"])

    @admin_required
    @admin_blp.arguments(s.LessonCreateSchema)
    @admin_blp.response(201, s.LessonSchema)
    def post(self, body):
        """Create a lesson at the end of its section"""
        return service.lesson_view(service.create_lesson(get_session(), body))


@admin_blp.route("/lessons/<int(max=2147483647):lesson_id>")
class AdminLesson(MethodView):
    @admin_required
    @admin_blp.response(200, s.LessonSchema)
    def get(self, lesson_id: int):
        """One lesson"""
        return service.lesson_view(service.get_lesson(get_session(), lesson_id))

    @admin_required
    @admin_blp.arguments(s.LessonUpdateSchema)
    @admin_blp.response(200, s.LessonSchema)
    def put(self, body, lesson_id: int):
        """Edit or reorder a lesson"""
        return service.lesson_view(service.update_lesson(get_session(), lesson_id, body))

    @admin_required
    @admin_blp.response(204)
    def delete(self, lesson_id: int):
        """Delete a lesson with its questions and the learners' answers to them"""
        service.delete_lesson(get_session(), lesson_id)


@admin_blp.route("/questions")
class AdminQuestions(MethodView):
    @admin_required
    @admin_blp.arguments(s.QuestionsQuerySchema, location="query")
    @admin_blp.response(200, s.QuestionSchema(many=True))
    def get(self, query):
        """Questions of a lesson with their answers and correct flags"""
        return service.admin_questions(get_session(), query["lessonId"])

    @admin_required
    @admin_blp.arguments(s.QuestionCreateSchema)
    @admin_blp.response(201, s.QuestionSchema)
    def post(self, body):
        """Create a question (2 to 8 answers, exactly one correct)"""
        return service.question_view(service.create_question(get_session(), body), reveal=True)


@admin_blp.route("/questions/<int(max=2147483647):question_id>")
class AdminQuestion(MethodView):
    @admin_required
    @admin_blp.response(200, s.QuestionSchema)
    def get(self, question_id: int):
        """One question with its answers"""
        return service.question_view(service.get_question(get_session(), question_id), reveal=True)

    @admin_required
    @admin_blp.arguments(s.QuestionUpdateSchema)
    @admin_blp.response(200, s.QuestionSchema)
    def put(self, body, question_id: int):
        """Edit a question and/or its answers"""
        return service.question_view(service.update_question(get_session(), question_id, body), reveal=True)

    @admin_required
    @admin_blp.response(204)
    def delete(self, question_id: int):
        """Delete a question"""
        service.delete_question(get_session(), question_id)
