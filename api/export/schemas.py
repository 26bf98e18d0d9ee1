"""Request and answer shapes of the export routes (``/api/v1/data/export``, ``/api/v1/data/export/jobs``).

``ExportQuery`` is the one validation of an export's parameters, and the OpenAPI document shows exactly
what it enforces: the ticker's pattern, dates as ``yyyy-MM-dd``, the enums, the greek list and the strike
bounds. What the document cannot state — rules between two values (``end`` not before ``start``, the
maximum range in days, the expiration and strike ranges) and whether the store carries the ticker — is
checked by ``api/export/service.parse`` and stated in the operations' descriptions.
"""

from __future__ import annotations

import re
from datetime import date

from marshmallow import EXCLUDE, Schema, fields, validate

from api.data.fields import Ticker
from api.errors import ErrorSchema
from data.store.export import FORMATS, GRANULARITIES
from domain.vocabulary import GREEKS, KINDS

STATUSES = ("queued", "running", "finished", "failed")

# Highest strike a filter may name: above any listed option's strike, and a bound the document states.
STRIKE_MAX = 1_000_000_000
_GREEK = "(?:" + "|".join(GREEKS) + ")"
# A comma-separated list of greeks, each written in lower case, at least one.
GREEKS_PATTERN = f"^{_GREEK}(?:,{_GREEK})*$"
_DAY = re.compile(r"[0-9]{4}-[0-9]{2}-[0-9]{2}")


class Day(fields.Date):
    """A calendar date written exactly ``yyyy-MM-dd`` (OpenAPI ``format: date``)."""

    def __init__(self, name: str, **kwargs) -> None:
        message = f"'{name}' must be a date written yyyy-MM-dd."
        kwargs.setdefault("error_messages", {}).update({"invalid": message, "format": message})
        super().__init__(**kwargs)

    def _deserialize(self, value, attr, data, **kwargs) -> date:
        if not isinstance(value, str) or not _DAY.fullmatch(value):
            raise self.make_error("invalid")
        try:
            return date.fromisoformat(value)
        except ValueError:
            raise self.make_error("invalid") from None


def _choice(name: str, allowed, default: str, description: str, example: str) -> fields.String:
    return fields.String(load_default=default, validate=validate.OneOf(
        allowed, error=f"'{name}' must be one of: {', '.join(allowed)}."),
        metadata={"description": description, "example": example})


def _strike(name: str, description: str, example: float) -> fields.Float:
    message = f"'{name}' must be a number from 0 to {STRIKE_MAX:,}."
    return fields.Float(allow_nan=False, validate=validate.Range(min=0, max=STRIKE_MAX, error=message),
                        error_messages={"invalid": message, "special": message},
                        metadata={"description": description, "example": example})


class _SessionRangeQuery(Schema):
    """A ticker and a range of session dates: what every export names first."""

    class Meta:
        unknown = EXCLUDE

    ticker = Ticker("An underlying the store carries (an unknown one answers 422 unknown_ticker)", required=True)
    start = Day("start", required=True, error_messages={"required": "'start' is required (yyyy-MM-dd)."},
                metadata={"description": "First session date yyyy-MM-dd", "example": "2026-01-02"})
    end = Day("end", metadata={"description": "Last session date yyyy-MM-dd (inclusive; default `start`); "
                                              "`end` may not be before `start`", "example": "2026-01-02"})


class ExportQuery(_SessionRangeQuery):
    """The parameters of an export (streamed or background), docs/quants.md "Parameters"."""

    greeks = fields.String(
        validate=validate.Regexp(GREEKS_PATTERN, error=f"'greeks' must be a comma-separated list of: "
                                                       f"{', '.join(GREEKS)}."),
        metadata={"description": f"Comma-separated greeks among {', '.join(GREEKS)} (default: all nine)",
                  "example": "gamma,vanna,charm"})
    kind = _choice("kind", KINDS, "both", "both (default), call or put", "both")
    format = _choice("format", FORMATS, "parquet", "parquet (default) or arrow (IPC stream)", "parquet")
    granularity = _choice(
        "granularity", GRANULARITIES, "close",
        "close (default: the last snapshot of each session, by strike), snapshot (every snapshot, by strike) "
        "or contract (every snapshot, one row per contract)", "close")
    expiration_from = Day("expiration_from", metadata={
        "description": "Only expirations on or after this date (yyyy-MM-dd)", "example": "2026-01-02"})
    expiration_to = Day("expiration_to", metadata={
        "description": "Only expirations on or before this date (yyyy-MM-dd); `expiration_to` may not be "
                       "before `expiration_from`", "example": "2026-01-16"})
    strike_min = _strike("strike_min", "Only strikes at or above this one", 5800)
    strike_max = _strike("strike_max", "Only strikes at or below this one; `strike_max` may not be below "
                                       "`strike_min`", 6200)


class LevelsExportQuery(_SessionRangeQuery):
    """The parameters of a levels-history export, docs/quants.md "Levels history"."""

    end = Day("end", metadata={"description": "Last session date yyyy-MM-dd (inclusive; default `start`); "
                                              "`end` may not be before `start`", "example": "2026-01-09"})
    table = _choice("table", ("levels", "candles"), "levels",
                    "levels (default: one row per snapshot with the price and its levels) or candles (5-minute "
                    "OHLC of the underlying)", "levels")
    format = _choice("format", FORMATS, "parquet", "parquet (default) or arrow (IPC stream)", "parquet")


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


JOB_EXAMPLE = {
    "id": "5f0c3d9e8b7a4c21a0d4e6f8b2c1a9d7", "status": "running", "ticker": "SPX", "start": "2026-01-02",
    "end": "2026-01-30", "granularity": "contract", "format": "parquet", "greeks": ["gamma", "charm"],
    "snapshots": 1560, "rows": 11_700_000, "rowsWritten": 4_680_000, "progress": 0.4, "bytes": 0,
    "createdAt": "2026-01-31T22:00:00Z", "startedAt": "2026-01-31T22:00:01Z", "finishedAt": None,
    "expiresAt": "2026-02-01T22:00:00Z", "download": None, "error": None}
