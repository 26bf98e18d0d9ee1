"""The levels scorecard of one ticker as of an instant (docs/methodology.md §4.21): one read of the
ticker's published levels (``Reader.level_history``), sessions closed by then, ``domain.scorecard``."""

from __future__ import annotations

from datetime import date, datetime

from domain import market_calendar as cal
from domain import scorecard as sc
from domain.timestamps import iso


def sessions_as_of(df, as_of: datetime) -> list[dict]:
    """The sessions of a ``level_history`` frame whose close is at or before ``as_of``, oldest first."""
    out = []
    if df.height == 0:
        return out
    cols = ("price", "zero_gamma", "call_wall", "put_wall", "lis_low", "lis_high", "target", "paradigm")
    for (day,), part in df.group_by(["day"], maintain_order=True):
        s = cal.session(date.fromisoformat(day))
        if s is None or s[1] > as_of:
            continue
        # Only snapshots of the session itself (through its close) count.
        part = part.filter(part["ts"] <= s[1])
        out.append({"day": day, **{c: part[c].to_list() for c in cols}})
    return out


def scorecard(ticker: str, as_of: datetime, reader=None) -> dict:
    from api.data.service import reader as store_reader
    from data.store import provenance

    r = reader or store_reader()
    sessions = sessions_as_of(r.level_history(ticker, as_of), as_of)
    source = provenance.source_of(ticker, r.root if hasattr(r, "root") else None)
    return {"ticker": ticker, "asOf": iso(as_of), "sessions": len(sessions),
            "firstSession": sessions[0]["day"] if sessions else None,
            "lastSession": sessions[-1]["day"] if sessions else None,
            "holdDistancePercent": 100 * sc.HOLD_DISTANCE, "confidence": 0.95,
            "simulated": source.id == "synthetic", "source": source.id,
            "levels": sc.score(sessions)}
