"""What changed: the exposure chart's profile at one snapshot minus its profile at an earlier one
(docs/methodology.md §4.10).

Two rules live here, once, for the data route, its tests and any later caller:

* ``then_time`` — which earlier snapshot a comparison reads ("previous", "open", "previous_close" or a
  chosen "time"), from the ticker's published snapshot times alone;
* ``exposure_change`` — the per-strike difference ``now − then`` of the dealer exposure (calls, puts and
  their sum), over the union of the two snapshots' strikes, a strike missing on one side counting as 0,
  optionally as running sums over strikes, with both profiles when asked.
"""

from __future__ import annotations

import bisect
from collections.abc import Sequence
from datetime import datetime, time

import numpy as np

from domain import market_calendar as cal
from domain.vocabulary import COMPARE_WITH


def _midnight_ny(day) -> datetime:
    return datetime.combine(day, time(0, 0), tzinfo=cal.NY).astimezone(cal.UTC)


def then_time(times: Sequence[datetime], now: datetime, compare_with: str,
              at: datetime | None = None) -> datetime | None:
    """The time of the snapshot a comparison reads, or None when the store has none.

    ``times``: the ticker's published snapshot times, ascending (UTC); ``now``: the time of the snapshot
    compared (one of ``times``); ``at``: for ``time``, the chosen instant (UTC). Only times at or before
    ``now`` are ever returned.

    * ``previous`` — the latest snapshot strictly before ``now`` (across sessions);
    * ``open`` — the first snapshot of ``now``'s session (New York date) at or after the session's open;
    * ``previous_close`` — the last snapshot at or before the close of the latest earlier session with a
      snapshot (its last snapshot of the day when that date has no regular session);
    * ``time`` — the latest snapshot at or before ``at`` on ``at``'s New York date.
    """
    if compare_with not in COMPARE_WITH:
        raise ValueError(f"compare_with must be one of {', '.join(COMPARE_WITH)}")
    upto = bisect.bisect_right(times, now)           # times[:upto] are at or before now
    if compare_with == "previous":
        i = bisect.bisect_left(times, now) - 1
        return times[i] if i >= 0 else None
    day = cal.ny_date(now)
    if compare_with == "open":
        sess = cal.session(day)
        start = sess[0] if sess is not None else _midnight_ny(day)
        i = bisect.bisect_left(times, start)
        if i < upto and cal.ny_date(times[i]) == day:
            return times[i]
        return None
    if compare_with == "previous_close":
        j = bisect.bisect_left(times, _midnight_ny(day)) - 1
        if j < 0:
            return None
        before = cal.ny_date(times[j])
        sess = cal.session(before)
        if sess is not None and times[j] > sess[1]:
            k = bisect.bisect_right(times, sess[1]) - 1
            if k >= 0 and cal.ny_date(times[k]) == before:
                return times[k]
        return times[j]
    # time
    if at is None:
        raise ValueError("compare_with 'time' needs the chosen instant")
    i = bisect.bisect_right(times, min(at, now)) - 1
    if i >= 0 and cal.ny_date(times[i]) == cal.ny_date(at):
        return times[i]
    return None


def _columns(strikes, call, put) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    s = np.asarray(strikes, dtype=np.float64)
    c = np.nan_to_num(np.asarray(call, dtype=np.float64), nan=0.0)
    p = np.nan_to_num(np.asarray(put, dtype=np.float64), nan=0.0)
    return s, c, p


def exposure_change(now: tuple, then: tuple, is_cumulative: bool = False, profiles: bool = False) -> dict:
    """Per-strike ``now − then`` of an exposure profile.

    ``now`` and ``then`` are ``(strikes, call, put)`` sequences as the store reads them for one greek,
    kind and set of expirations (``data.store.query.Reader.exposure``: one row per strike, the kind
    already applied so the other side is 0; NaN read as 0). The answer lists the union of the strikes,
    ascending: ``strike``, ``value`` (calls + puts), ``call`` and ``put`` differences, in the exposure's
    own unit. With ``is_cumulative`` every column of both profiles is a running sum over the strikes
    before the subtraction (the same as the running sum of the differences). With ``profiles`` the
    answer also has ``now`` and ``then``: each profile's value at every listed strike.
    """
    s1, c1, p1 = _columns(*now)
    s0, c0, p0 = _columns(*then)
    strikes = np.union1d(s1, s0)
    n = strikes.size
    cols = {}
    for name, s, c, p in (("now", s1, c1, p1), ("then", s0, c0, p0)):
        call, put = np.zeros(n), np.zeros(n)
        if s.size:
            where = np.searchsorted(strikes, s)
            np.add.at(call, where, c)
            np.add.at(put, where, p)
        if is_cumulative:
            call, put = np.cumsum(call), np.cumsum(put)
        cols[name] = (call, put, call + put)
    (now_call, now_put, now_value), (then_call, then_put, then_value) = cols["now"], cols["then"]
    out = {"data": [{"strike": k, "value": v, "call": c, "put": p} for k, v, c, p in
                    zip(strikes.tolist(), (now_value - then_value).tolist(), (now_call - then_call).tolist(),
                        (now_put - then_put).tolist())]}
    if profiles:
        out["profiles"] = {"now": now_value.tolist(), "then": then_value.tolist()}
    return out

