from __future__ import annotations

from marshmallow import Schema, ValidationError, fields, validate, validates

from api.auth.schemas import Trimmed
from api.hardening import ID_MAX
from api.workspaces.widgets import WidgetOutSchema, WidgetSchema

STATES = ("ACTIVE", "INACTIVE")
ORDER_MAX = 1_000_000
MAX_WIDGETS = 60


def _name(**kwargs):
    return Trimmed(validate=validate.Length(min=1, max=120, error="The name needs 1 to 120 characters."), **kwargs)


def _unique_ids(widgets: list[dict]) -> None:
    ids = [w["id"] for w in widgets if w.get("id")]
    if len(ids) != len(set(ids)):
        raise ValidationError("Widget ids must be unique within a workspace.")


class WorkspaceCreateSchema(Schema):
    name = _name(required=True)
    state = fields.String(load_default="ACTIVE", validate=validate.OneOf(STATES))
    order = fields.Integer(strict=True, validate=validate.Range(min=0, max=ORDER_MAX),
                           metadata={"description": "Defaults to after the last workspace"})
    widgets = fields.List(fields.Nested(WidgetSchema), load_default=list,
                          validate=validate.Length(max=MAX_WIDGETS))


class WorkspaceUpdateSchema(Schema):
    name = _name()
    state = fields.String(validate=validate.OneOf(STATES))
    order = fields.Integer(strict=True, validate=validate.Range(min=0, max=ORDER_MAX))
    widgets = fields.List(fields.Nested(WidgetSchema), validate=validate.Length(max=MAX_WIDGETS),
                          metadata={"description": "Widget ids are unique within a workspace (a rule across "
                                                   "the items)"})

    @validates("widgets")
    def _widgets(self, value, **kwargs):
        _unique_ids(value)


class WorkspaceSchema(Schema):
    id = fields.Integer(required=True)
    name = fields.String(required=True)
    state = fields.String(required=True, validate=validate.OneOf(STATES))
    order = fields.Integer(required=True)
    widgets = fields.List(fields.Nested(WidgetOutSchema), required=True)
    createdAt = fields.DateTime(required=True)
    updatedAt = fields.DateTime(required=True)


class OrderingItemSchema(Schema):
    id = fields.Integer(required=True, strict=True, validate=validate.Range(min=1, max=ID_MAX))
    order = fields.Integer(required=True, strict=True, validate=validate.Range(min=0, max=ORDER_MAX))
