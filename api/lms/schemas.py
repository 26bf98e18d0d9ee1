from __future__ import annotations

from marshmallow import Schema, ValidationError, fields, validate, validates_schema

from api.fields import JsonBoolean
from api.hardening import ID_MAX
from api.models import SECTION_STATUSES

Title = lambda **kw: fields.String(validate=validate.Length(min=1, max=200), **kw)  # noqa: E731
LongText = lambda **kw: fields.String(validate=validate.Length(max=50_000), **kw)  # noqa: E731
Order = lambda **kw: fields.Integer(strict=True, validate=validate.Range(min=0, max=10_000), **kw)  # noqa: E731
Id = lambda **kw: fields.Integer(strict=True, validate=validate.Range(min=1, max=ID_MAX), **kw)  # noqa: E731


class GeneralInfoSchema(Schema):
    title = fields.String(required=True)
    description = fields.String(required=True)
    lastUpdated = fields.DateTime(allow_none=True, required=True,
                                  metadata={"description": "Latest change of the general info or any section"})


class GeneralInfoUpdateSchema(Schema):
    title = Title()
    description = LongText()


class SectionSchema(Schema):
    id = fields.Integer(required=True)
    title = fields.String(required=True)
    description = fields.String(required=True)
    order = fields.Integer(required=True)
    status = fields.String(required=True, validate=validate.OneOf(SECTION_STATUSES))
    lessonsCount = fields.Integer(required=True)
    updatedAt = fields.DateTime(required=True)
    publishedAt = fields.DateTime(allow_none=True, required=True)


class LearnerSectionSchema(SectionSchema):
    finishedLessons = fields.Integer(required=True)
    progress = fields.Integer(required=True, metadata={"description": "Finished lessons / lessons, percent 0-100"})


class SectionCreateSchema(Schema):
    title = Title(required=True)
    description = LongText(load_default="")


class SectionUpdateSchema(Schema):
    """The whole fetched section may be sent back; read-only fields are ignored."""

    class Meta:
        unknown = "exclude"

    title = Title()
    description = LongText()
    order = Order()
    status = fields.String(validate=validate.OneOf(SECTION_STATUSES))


class PublishResultSchema(Schema):
    published = fields.List(fields.Nested(SectionSchema), required=True)


class SectionsQuerySchema(Schema):
    includeDrafts = fields.Boolean(load_default=False, metadata={"description": "Admins only (403 otherwise)"})


class LessonSchema(Schema):
    id = fields.Integer(required=True)
    sectionId = Id(required=True)
    title = fields.String(required=True)
    content = fields.String(required=True, metadata={"description": "Lesson text (Markdown subset)"})
    order = fields.Integer(required=True)
    questionsCount = fields.Integer(required=True)
    totalScore = fields.Integer(required=True, metadata={"description": "Points the quiz can award"})
    updatedAt = fields.DateTime(required=True)


class LearnerLessonSchema(LessonSchema):
    isFinished = fields.Boolean(required=True)


class LessonsQuerySchema(Schema):
    sectionId = fields.Integer(required=True, validate=validate.Range(min=1, max=ID_MAX))


class LessonCreateSchema(Schema):
    sectionId = Id(required=True)
    title = Title(required=True)
    content = LongText(load_default="")


class LessonUpdateSchema(Schema):
    class Meta:
        unknown = "exclude"

    title = Title()
    content = LongText()
    order = Order()


class AnswerSchema(Schema):
    id = fields.Integer(required=True)
    text = fields.String(required=True)
    isCorrect = fields.Boolean(metadata={"description": "Admins, or a learner after answering"})


class AnswerInputSchema(Schema):
    class Meta:
        unknown = "exclude"

    id = Id(load_default=None, allow_none=True)
    text = fields.String(required=True, validate=validate.Length(min=1, max=1000))
    isCorrect = JsonBoolean(load_default=False)


ANSWERS_DOC = {"minItems": 2, "maxItems": 8,
               "description": "2 to 8 answers, exactly one of them with isCorrect true (a rule across the items)"}


def _check_answers(answers: list[dict]) -> None:
    if answers is None:
        return
    if not 2 <= len(answers) <= 8:
        raise ValidationError("A question needs 2 to 8 answers.", "answers")
    if sum(1 for a in answers if a.get("isCorrect")) != 1:
        raise ValidationError("Mark exactly one answer as correct.", "answers")


class QuestionSchema(Schema):
    id = fields.Integer(required=True)
    lessonId = Id(required=True)
    text = fields.String(required=True)
    points = fields.Integer(required=True)
    order = fields.Integer(required=True)
    answers = fields.List(fields.Nested(AnswerSchema), required=True)
    explanation = fields.String(metadata={"description": "Admins, or a learner after answering"})
    userAnswerId = fields.Integer(allow_none=True, metadata={"description": "The learner's answer, if any"})


class QuestionsQuerySchema(Schema):
    lessonId = fields.Integer(required=True, validate=validate.Range(min=1, max=ID_MAX))


class QuestionCreateSchema(Schema):
    lessonId = Id(required=True)
    text = fields.String(required=True, validate=validate.Length(min=1, max=2000))
    explanation = LongText(load_default="")
    points = fields.Integer(strict=True, load_default=1, validate=validate.Range(min=0, max=100))
    answers = fields.List(fields.Nested(AnswerInputSchema), required=True, metadata=ANSWERS_DOC)

    @validates_schema
    def _answers(self, data, **kwargs):
        _check_answers(data.get("answers"))


class QuestionUpdateSchema(Schema):
    class Meta:
        unknown = "exclude"

    text = fields.String(validate=validate.Length(min=1, max=2000))
    explanation = LongText()
    points = fields.Integer(strict=True, validate=validate.Range(min=0, max=100))
    order = Order()
    answers = fields.List(fields.Nested(AnswerInputSchema), metadata=ANSWERS_DOC)

    @validates_schema
    def _answers(self, data, **kwargs):
        _check_answers(data.get("answers"))


class NextQuestionSchema(Schema):
    question = fields.Nested(QuestionSchema, allow_none=True, required=True,
                             metadata={"description": "The first unanswered question (no correct flags), or null"})
    position = fields.Integer(required=True, metadata={"description": "1-based number of that question"})
    questionsCount = fields.Integer(required=True)
    answered = fields.Integer(required=True)
    correct = fields.Integer(required=True)
    userScore = fields.Integer(required=True)
    totalScore = fields.Integer(required=True)
    isFinished = fields.Boolean(required=True)


class UserAnswerInputSchema(Schema):
    class Meta:
        unknown = "exclude"

    questionId = Id(required=True, metadata={"description": "The question id of the path, repeated"})
    answerId = Id(required=True)


class AnswerResultSchema(Schema):
    questionId = Id(required=True)
    answerId = Id(required=True)
    isCorrect = fields.Boolean(required=True)
    correctAnswerIds = fields.List(fields.Integer(), required=True)
    explanation = fields.String(required=True)
    points = fields.Integer(required=True, metadata={"description": "Points earned by this answer"})
    lessonFinished = fields.Boolean(required=True)
    userLmsPoints = fields.Integer(required=True)


class ProgressUpdateSchema(Schema):
    class Meta:
        unknown = "exclude"

    lessonId = Id(required=True)
    isFinished = JsonBoolean(load_default=True)
