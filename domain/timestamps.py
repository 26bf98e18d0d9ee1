"""The one text form of an instant, in the store's manifest and records, the API's answers and the job
views: ISO-8601 UTC to the second with a ``Z`` (``2026-01-09T20:00:00Z``).

An aware time is converted to UTC; a naive one is taken as UTC already (Redis-side job times).
"""

from __future__ import annotations

from datetime import UTC, datetime
from typing import overload

ISO_FORMAT = "%Y-%m-%dT%H:%M:%SZ"


@overload
def iso(ts: datetime) -> str: ...
@overload
def iso(ts: None) -> None: ...
def iso(ts: datetime | None) -> str | None:
    if ts is None:
        return None
    return (ts.replace(tzinfo=UTC) if ts.tzinfo is None else ts.astimezone(UTC)).strftime(ISO_FORMAT)


def parse_iso(text: str) -> datetime:
    """The instant ``iso`` wrote (tz-aware UTC)."""
    return datetime.strptime(text, ISO_FORMAT).replace(tzinfo=UTC)
