"""The replay clock maps wall-clock time onto market time of the most recent sessions."""

from datetime import datetime, timedelta, timezone

from domain import market_calendar as cal
from data import clock
from domain.market_clock import replay_sessions

UTC = timezone.utc


def test_real_mode_is_identity():
    w = datetime(2025, 3, 15, 3, 0, tzinfo=UTC)
    assert clock.market_now(w, replay=False) == w


def test_replay_is_always_inside_a_session_and_advances_with_the_wall():
    start = datetime(2025, 3, 15, 0, 0, tzinfo=UTC)  # a Saturday
    prev = None
    for minutes in range(0, 24 * 60, 7):
        w = start + timedelta(minutes=minutes)
        m = clock.market_now(w, replay=True)
        assert cal.is_open(m), (w, m)
        assert m < start  # only completed sessions are replayed
        if prev is not None and prev[0].date() == w.date():
            # One wall minute is one market minute (same session) or jumps forward to a later session.
            assert m > prev[1]
        prev = (w, m)


def test_day_ends_on_the_previous_trading_day_close():
    w = datetime(2025, 3, 17, 23, 59, 59, tzinfo=UTC)  # Monday evening UTC
    m = clock.market_now(w, replay=True)
    # The newest replayed session is the Friday before (Monday's own session has not closed at midnight).
    assert m.astimezone(cal.NY).date().isoformat() == "2025-03-14"
    assert cal.session(m)[1] - m == timedelta(seconds=1)


def test_five_minute_wall_grid_maps_to_five_minute_market_grid():
    for minutes in range(0, 24 * 60, 5):
        w = datetime(2025, 7, 8, 0, 0, tzinfo=UTC) + timedelta(minutes=minutes)
        m = clock.market_now(w, replay=True)
        assert m.second == 0 and m.minute % 5 == 0


def test_half_day_in_window_is_handled():
    # Just after Thanksgiving 2025 the window includes the 13:00 half day.
    w = datetime(2025, 12, 1, 12, 0, tzinfo=UTC)
    sessions = replay_sessions(w.date())
    assert any(cal.is_half_day(s[0]) for s in sessions)
    assert sum((c - o).total_seconds() for o, c in sessions) >= 24 * 3600
    assert cal.is_open(clock.market_now(w, replay=True))


def test_wall_for_market_inverts_the_mapping_within_a_day():
    w = datetime(2025, 3, 18, 10, 2, 0, tzinfo=UTC)
    m = clock.market_now(w, replay=True)
    target = m + timedelta(minutes=3)
    back = clock.wall_for_market(target, w, replay=True)
    assert back - w == timedelta(minutes=3)
    assert clock.market_now(back, replay=True) == target


def test_frozen_env(monkeypatch):
    monkeypatch.setenv(clock.FROZEN_ENV, "2025-03-18T10:00:00")
    assert clock.wall_now() == datetime(2025, 3, 18, 10, 0, tzinfo=UTC)
