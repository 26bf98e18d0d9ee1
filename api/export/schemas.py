"""Answer shapes of the background export routes (``/api/v1/data/export/jobs``)."""

from __future__ import annotations

from marshmallow import Schema, fields

from api.errors import ErrorSchema

STATUSES = ("queued", "running", "finished", "failed")


class ExportJobSchema(Schema):
    id = fields.String(required=True, metadata={"example": "5f0c3d9e8b7a4c21a0d4e6f8b2c1a9d7"})
    status = fields.String(required=True, metadata={"description": "queued, running, finished or failed",
                                                    "enum": list(STATUSES), "example": "running"})
    ticker = fields.String(required=True, metadata={"example": "SPX"})
    start = fields.String(required=True, metadata={"example": "2026-01-02"})
    end = fields.String(required=True, metadata={"example": "2026-01-30"})
    granularity = fields.String(required=True, metadata={"example": "snapshot"})
    format = fields.String(required=True, metadata={"example": "parquet"})
    greeks = fields.List(fields.String(), required=True, metadata={"example": ["gamma", "charm"]})
    snapshots = fields.Integer(required=True, metadata={"description": "Snapshots the export covers",
                                                        "example": 1638})
    rows = fields.Integer(required=True, metadata={"description": "Rows the file will hold", "example": 2_500_000})
    rowsWritten = fields.Integer(required=True, metadata={"description": "Rows written so far", "example": 1_250_000})
    progress = fields.Float(required=True, metadata={"description": "rowsWritten / rows, 0 to 1", "example": 0.5})
    bytes = fields.Integer(required=True, metadata={"description": "File size once finished, else 0", "example": 0})
    createdAt = fields.String(required=True, metadata={"example": "2026-01-31T22:00:00Z"})
    startedAt = fields.String(allow_none=True, metadata={"example": "2026-01-31T22:00:01Z"})
    finishedAt = fields.String(allow_none=True, metadata={"example": None})
    expiresAt = fields.String(required=True, metadata={
        "description": "When the file and this status are deleted", "example": "2026-02-01T22:00:00Z"})
    download = fields.String(allow_none=True, metadata={
        "description": "Where to download the file once finished (same authentication), else null",
        "example": None})
    error = fields.Nested(ErrorSchema, allow_none=True, metadata={
        "description": "Why it failed (the one error body), else null", "example": None})
