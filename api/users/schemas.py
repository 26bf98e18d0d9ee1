from __future__ import annotations

from marshmallow import Schema, ValidationError, fields, validate, validates_schema

from api.auth.schemas import FirstName, Password
from api.models import CLOCKS


class SubscriptionSchema(Schema):
    id = fields.String(required=True, metadata={"description": "Payment-provider product id"})
    name = fields.String(required=True, metadata={"description": "Tier id (live, 30, 3, basic)"})


class ApiSubscriptionSchema(Schema):
    id = fields.String(required=True)
    name = fields.String(required=True, metadata={"description": "API pack name"})


class UserSchema(Schema):
    id = fields.Integer(required=True)
    firstName = fields.String(required=True)
    email = fields.String(required=True)
    roles = fields.List(fields.String(), required=True, metadata={"example": ["User"]})
    subscriptions = fields.List(fields.Nested(SubscriptionSchema), required=True)
    apiSubscriptions = fields.List(fields.Nested(ApiSubscriptionSchema), required=True)
    tier = fields.String(allow_none=True, required=True, validate=validate.OneOf(["live", "30", "3", "basic"]),
                         metadata={"description": "Best active tier, or null without a subscription"})
    planName = fields.String(allow_none=True, required=True, metadata={"example": "Volland Live"})
    apiCredits = fields.Integer(required=True, metadata={"description": "Public data API credits left"})
    hasPassword = fields.Boolean(required=True, metadata={"description": "False for Google-only accounts"})
    activeAlertRules = fields.Integer(required=True, metadata={
        "description": "The user's alert rules that are not paused (the app follows the alert stream when > 0)"})
    createdAt = fields.DateTime(required=True)
    referral = fields.String(allow_none=True, required=True,
                             metadata={"description": "Referral code (fp_ref) the account signed up with"})
    clock = fields.String(required=True, validate=validate.OneOf(CLOCKS),
                          metadata={"description": "How the app writes clock times: 24h (13:05) or 12h (1:05 PM)"})


class UserUpdateSchema(Schema):
    class Meta:
        # OpenAPI 3.0 has no dependentRequired; written as anyOf/not it turns the generated web type into
        # `unknown`, so the rule is stated in words.
        openapi = {"description": "Fields left out stay as they are; newPassword needs currentPassword"}

    firstName = FirstName()
    clock = fields.String(validate=validate.OneOf(CLOCKS),
                          metadata={"description": "How the app writes clock times: 24h or 12h"})
    currentPassword = fields.String(validate=validate.Length(min=1, max=1024))
    newPassword = Password()

    @validates_schema
    def _password_pair(self, data, **kwargs):
        if "newPassword" in data and "currentPassword" not in data:
            raise ValidationError("Enter your current password to set a new one.", "currentPassword")


class InvoiceSchema(Schema):
    id = fields.Integer(required=True)
    number = fields.String(required=True)
    amount = fields.Float(required=True, metadata={"description": "Amount in the currency's main unit"})
    currency = fields.String(required=True)
    status = fields.String(required=True, metadata={"description": "paid or failed"})
    pdfUrl = fields.String(allow_none=True, required=True)
    description = fields.String(allow_none=True, required=True,
                                metadata={"description": "What was billed (plan, pack, prorated change)"})
    createdAt = fields.DateTime(required=True)


class LessonProgressSchema(Schema):
    lessonId = fields.Integer(required=True)
    sectionId = fields.Integer(required=True)
    isFinished = fields.Boolean(required=True)
    totalScore = fields.Integer(required=True, metadata={"description": "Points the lesson's quiz can award"})
    userScore = fields.Integer(required=True, metadata={"description": "Points the learner earned in it"})


class LmsProgressSchema(Schema):
    lessonsProgress = fields.List(fields.Nested(LessonProgressSchema), required=True)
    userLmsPoints = fields.Integer(required=True, metadata={"description": "The learner's academy points"})


class UserPathSchema(Schema):
    userId = fields.Integer(required=True)
