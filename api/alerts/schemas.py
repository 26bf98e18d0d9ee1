from __future__ import annotations

from marshmallow import Schema, fields, validate

from api.data.fields import Ticker
from api.fields import JsonBoolean
from api.hardening import ID_MAX
from domain import alerts as rules

_PARAMS_TEXT = ("The kind's parameters (docs/methodology.md §4.20): level_cross {level, direction, band}, "
                "price_cross {price, direction, band}, paradigm_change {to}, wall_move {wall, strikes}, "
                "greek_threshold {greek, threshold, direction, band}, vol_event {points, direction}.")


class RuleCreateSchema(Schema):
    name = fields.String(load_default="", validate=validate.Length(max=120),
                         metadata={"description": "Optional label; surrounding spaces are removed"})
    ticker = Ticker(required=True)
    kind = fields.String(required=True, validate=validate.OneOf(rules.KINDS))
    params = fields.Dict(load_default=dict, metadata={"description": _PARAMS_TEXT})
    channels = fields.List(fields.String(validate=validate.OneOf(rules.CHANNELS)), load_default=lambda: ["app"],
                           validate=validate.Length(min=1, max=3))
    webhookUrl = fields.String(load_default=None, allow_none=True, validate=validate.Length(max=500),
                               metadata={"description": "Required with the webhook channel: https (http only to "
                                                        "loopback in development), never a private address"})
    isPaused = JsonBoolean(load_default=False)


class RuleUpdateSchema(Schema):
    name = fields.String(validate=validate.Length(max=120),
                         metadata={"description": "Optional label; surrounding spaces are removed"})
    ticker = Ticker()
    kind = fields.String(validate=validate.OneOf(rules.KINDS))
    params = fields.Dict()
    channels = fields.List(fields.String(validate=validate.OneOf(rules.CHANNELS)),
                           validate=validate.Length(min=1, max=3))
    webhookUrl = fields.String(allow_none=True, validate=validate.Length(max=500))
    isPaused = JsonBoolean()


class RuleSchema(Schema):
    id = fields.Integer(required=True)
    name = fields.String(required=True)
    ticker = fields.String(required=True)
    kind = fields.String(required=True)
    params = fields.Dict(required=True)
    channels = fields.List(fields.String(), required=True)
    webhookUrl = fields.String(allow_none=True, required=True)
    webhookSecret = fields.String(required=True, metadata={"description": "Signs the webhook bodies (HMAC-SHA256)"})
    webhookDisabledAt = fields.DateTime(allow_none=True, required=True,
                                        metadata={"description": "Set when repeated failures switched it off"})
    isPaused = fields.Boolean(required=True)
    createdAt = fields.DateTime(required=True)
    updatedAt = fields.DateTime(required=True)


class RuleListSchema(Schema):
    rules = fields.List(fields.Nested(RuleSchema), required=True)
    limit = fields.Integer(required=True, metadata={"description": "Rules this plan may keep (paused ones count)"})
    tier = fields.String(allow_none=True, required=True)


class FiringSchema(Schema):
    id = fields.Integer(required=True)
    ruleId = fields.Integer(required=True)
    ticker = fields.String(required=True)
    kind = fields.String(required=True)
    tier = fields.String(required=True)
    snapshotTime = fields.DateTime(required=True)
    title = fields.String(required=True)
    message = fields.String(required=True)
    payload = fields.Dict(required=True)
    createdAt = fields.DateTime(required=True)


class DeliverySchema(Schema):
    id = fields.Integer(required=True)
    firingId = fields.Integer(required=True)
    ruleId = fields.Integer(required=True)
    channel = fields.String(required=True)
    attempt = fields.Integer(required=True)
    status = fields.String(required=True)
    detail = fields.String(required=True)
    createdAt = fields.DateTime(required=True)


class ListQuerySchema(Schema):
    limit = fields.Integer(load_default=50, validate=validate.Range(min=1, max=200))
    before = fields.Integer(load_default=None, allow_none=True, validate=validate.Range(min=1, max=ID_MAX),
                            metadata={"description": "Only items with a smaller id (the next page)"})


class ScorecardQuerySchema(Schema):
    ticker = Ticker(required=True)
    asOf = fields.DateTime(load_default=None, allow_none=True,
                           metadata={"description": "ISO instant; default and latest: the plan's data cut-off"})


class RateSchema(Schema):
    k = fields.Integer(required=True, metadata={"description": "Sessions with the outcome"})
    n = fields.Integer(required=True, metadata={"description": "Sessions counted (the sample size)"})
    rate = fields.Float(allow_none=True, required=True, metadata={"description": "k / n (null when n is 0)"})
    low = fields.Float(allow_none=True, required=True, metadata={"description": "95 % Wilson interval, low"})
    high = fields.Float(allow_none=True, required=True, metadata={"description": "95 % Wilson interval, high"})


class LevelRecordSchema(Schema):
    touch = fields.Nested(RateSchema, required=True)
    hold = fields.Nested(RateSchema, required=True)


class ScorecardLevelsSchema(Schema):
    zeroGamma = fields.Nested(LevelRecordSchema, required=True)
    callWall = fields.Nested(LevelRecordSchema, required=True)
    putWall = fields.Nested(LevelRecordSchema, required=True)
    lis = fields.Nested(LevelRecordSchema, required=True)
    target = fields.Nested(LevelRecordSchema, required=True)
    paradigmTarget = fields.Nested(RateSchema, required=True)


class ScorecardSchema(Schema):
    ticker = fields.String(required=True)
    asOf = fields.String(required=True)
    sessions = fields.Integer(required=True)
    firstSession = fields.String(allow_none=True, required=True)
    lastSession = fields.String(allow_none=True, required=True)
    holdDistancePercent = fields.Float(required=True)
    confidence = fields.Float(required=True)
    simulated = fields.Boolean(required=True, metadata={"description": "True on the synthetic demo market"})
    source = fields.String(required=True)
    levels = fields.Nested(ScorecardLevelsSchema, required=True)


class EvaluateSlotSchema(Schema):
    tier = fields.String(required=True, validate=validate.OneOf(("live", "30", "3", "basic")))
    at = fields.DateTime(required=True, metadata={"description": "The slot: a refresh instant of the tier"})


class EvaluateResultSchema(Schema):
    tier = fields.String(required=True)
    evaluated = fields.Integer(required=True)
    fired = fields.Integer(required=True)
