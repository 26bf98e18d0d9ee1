"""The freshness rule: the one state a widget shows for the snapshot it draws (docs/methodology.md, "Freshness").

Every widget shows the as-of time of the snapshot it draws (New York time) and exactly one state, decided
here in this order:

1. ``HISTORICAL`` — the widget is set to a historical date and time: 'HISTORICAL · Jan 9, 2026 15:00 ET'.
2. ``OUTDATED`` — every expiration the widget was set to has passed: 'OUTDATED · expiration passed'.
3. ``PREVIOUS CLOSE`` — the regular session is not open now (before the open, after the close, a weekend
   or a holiday), or the tier's newest slot is from before today's open (Basic all day; Volland 3 before
   11:30), or the widget draws figures from before today's open (the screener's daily closes):
   'PREVIOUS CLOSE · Jan 8, 2026 close, next 19:00' (the date is the session of the figures drawn).
4. ``LIVE`` — the tier adds no delay (Volland Live) and the widget draws the newest snapshot the market
   has (its as-of time is at or after ``newest``, the newest snapshot published by the Live cut-off, or
   without it the newest 5-minute grid time served): 'LIVE · as of 13:45 ET'.
5. ``DELAYED`` — otherwise: the tier's slot and its next refresh, 'DELAYED · Volland 30 · 13:30 slot,
   next 14:00' (a Live widget whose snapshot is older than the newest, e.g. a stalled refresh, names the
   slot of the snapshot it draws). While the snapshot refresh is stalled (market open, nothing published
   for two refreshes: ``domain.health``) and the widget draws a snapshot older than its tier's slot, the
   newest published snapshot is no longer the newest the market has: no widget reads LIVE then, and the
   detail says so: 'DELAYED · Volland Live · 13:00 slot (refresh stalled), next 13:55'. A delayed tier
   whose slot was published before the stall reads as usual.

A slot is the grid time of the tier's latest refresh (``domain.refresh_schedule``) without the refresh
offset: the 13:30:30 refresh of Volland 30 serves the 13:30 snapshot, so its slot is 13:30. "next" is the
tier's next refresh, its time alone when it is today (New York), else 'Jan 12 09:30'.

Pure functions of ``(tier, now, as_of, mode)``; the browser's twin is ``web/src/domain/freshness.ts`` and both
run ``tests/fixtures/golden/freshness.json``.
"""

from __future__ import annotations

from datetime import date, datetime, timezone

from domain import market_calendar as cal
from domain import refresh_schedule as rs
from domain.tiers import TIER_LABELS

UTC = timezone.utc
STATES = ("LIVE", "DELAYED", "PREVIOUS CLOSE", "HISTORICAL", "OUTDATED")
_MONTHS = ("Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec")


def plan_name(tier: str) -> str:
    """'Volland 30', 'Volland Live', 'Volland Basic'."""
    return f"Volland {TIER_LABELS[tier]}"


def _date_text(d: date, year: bool = True) -> str:
    return f"{_MONTHS[d.month - 1]} {d.day}, {d.year}" if year else f"{_MONTHS[d.month - 1]} {d.day}"


def _hhmm(ts: datetime) -> str:
    return ts.astimezone(cal.NY).strftime("%H:%M")


def tier_slot(tier: str, now: datetime, offset_seconds: int = 0) -> datetime:
    """The grid time of the tier's latest refresh at ``now`` (the refresh without its offset), UTC."""
    last = rs.last_refresh(tier, now, offset_seconds)
    day = cal.ny_date(last)
    with_offset = rs.refresh_times(tier, day, offset_seconds)
    return rs.refresh_times(tier, day, 0)[with_offset.index(last)]


def _next_text(tier: str, now: datetime, offset_seconds: int) -> str:
    nxt = rs.next_refresh(tier, now, offset_seconds)
    if cal.ny_date(nxt) == cal.ny_date(now):
        return _hhmm(nxt)
    return f"{_date_text(cal.ny_date(nxt), year=False)} {_hhmm(nxt)}"


def freshness(tier: str, now: datetime, *, as_of: datetime | None = None, newest: datetime | None = None,
              historical: str | None = None, expired: bool = False, stalled: bool = False,
              offset_seconds: int = 0) -> dict:
    """``{"state", "detail", "label"}`` of a widget at market ``now`` (tz-aware).

    ``as_of`` is the snapshot the widget draws (None: the tier's own slot); ``newest`` the newest snapshot
    the market has (published at or before the Live cut-off; None: the Live slot); ``historical`` the widget's
    historical 'yyyy-MM-dd HH:mm' (New York), or None in live mode; ``expired`` that every expiration it
    was set to has passed; ``stalled`` that the snapshot refresh is stalled (GET data/next-refresh).
    """
    if tier not in TIER_LABELS:
        raise ValueError(f"unknown tier {tier!r}")
    if historical:
        day, _, hhmm = historical.partition(" ")
        detail = _date_text(date.fromisoformat(day)) + (f" {hhmm} ET" if hhmm else "")
        return _answer("HISTORICAL", detail)
    if expired:
        return _answer("OUTDATED", "expiration passed")
    slot = tier_slot(tier, now, offset_seconds)
    session = cal.session(cal.ny_date(now))
    in_session = session is not None and session[0] <= now <= session[1]
    nxt = _next_text(tier, now, offset_seconds)
    if not in_session or slot < session[0] or (as_of is not None and as_of < session[0]):
        shown = as_of if as_of is not None and as_of < slot else slot
        return _answer("PREVIOUS CLOSE", f"{_date_text(cal.ny_date(shown))} close, next {nxt}")
    # Stalled: what the tier should draw by now (its slot) was never published; the snapshot drawn is older.
    missing = stalled and as_of is not None and as_of < slot
    if tier == "live" and not missing and (as_of is None or as_of >= (newest if newest is not None else slot)):
        return _answer("LIVE", f"as of {_hhmm(as_of or slot)} ET")
    shown = as_of if as_of is not None and (as_of < slot or tier == "live") else slot
    note = " (refresh stalled)" if missing else ""
    return _answer("DELAYED", f"{plan_name(tier)} · {_hhmm(shown)} slot{note}, next {nxt}")


def _answer(state: str, detail: str) -> dict:
    return {"state": state, "detail": detail, "label": f"{state} · {detail}"}
