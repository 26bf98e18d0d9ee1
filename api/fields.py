"""Fields shared by the account-side request schemas."""

from __future__ import annotations

from marshmallow import fields


class JsonBoolean(fields.Boolean):
    """A JSON ``true`` or ``false``, nothing else: the document says ``type: boolean``, so ``0``, ``1`` and
    ``"yes"`` (which marshmallow's Boolean would take) are refused."""

    default_error_messages = {"invalid": "Must be true or false."}

    def _deserialize(self, value, attr, data, **kwargs):
        if isinstance(value, bool):
            return value
        raise self.make_error("invalid")
