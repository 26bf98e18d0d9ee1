"""What every layer shares: the Redis client factory (``volland/redis_client.py``, named timeout profiles
in one table) and the one text form of an instant (``domain/timestamps.py``)."""

from __future__ import annotations

from datetime import UTC, datetime, timedelta, timezone

import pytest

from domain.timestamps import iso, parse_iso
from volland.redis_client import PROFILES, redis_client, shared_redis_client

URL = "redis://127.0.0.1:6379/0"


def _kwargs(client) -> dict:
    return client.connection_pool.connection_kwargs


@pytest.mark.parametrize("name", sorted(PROFILES))
def test_a_client_carries_the_timeouts_of_its_profile(name):
    kw = _kwargs(redis_client(URL, name))
    profile = PROFILES[name]
    assert (kw["socket_connect_timeout"], kw["socket_timeout"]) == (profile.connect_seconds, profile.read_seconds)
    assert kw.get("health_check_interval", 0) == profile.health_check_seconds


def test_the_request_path_never_waits_long_and_only_the_listener_blocks():
    for name in ("cache", "limits", "announce"):
        assert PROFILES[name].connect_seconds <= 0.5 and PROFILES[name].read_seconds <= 0.5, name
    assert [n for n, p in PROFILES.items() if p.read_seconds is None] == []


def test_the_listener_sees_every_lost_link_itself():
    """No retries inside the client: a dropped subscription reaches ``api.nodes``, which distrusts its memory."""
    from api import nodes

    listen = PROFILES["listen"]
    assert listen.retries == 0
    assert _kwargs(redis_client(URL, "listen"))["retry"].get_retries() == 0
    assert listen.read_seconds >= nodes.SILENCE_SECONDS > nodes.PING_SECONDS


def test_the_default_url_is_the_configured_one(monkeypatch):
    monkeypatch.setenv("VOLLAND_REDIS_URL", "redis://127.0.0.1:6390/3")
    kw = _kwargs(redis_client(profile="queue"))
    assert (kw["port"], kw["db"]) == (6390, 3)


def test_a_shared_client_is_one_per_url_and_profile():
    assert shared_redis_client(URL, "cache") is shared_redis_client(URL, "cache")
    assert shared_redis_client(URL, "cache") is not shared_redis_client(URL, "announce")
    assert shared_redis_client(URL, "cache") is not shared_redis_client("redis://127.0.0.1:6379/1", "cache")


def test_an_unknown_profile_is_refused_by_name():
    with pytest.raises(ValueError, match="Unknown Redis profile 'fast'; the profiles are queue, lock"):
        redis_client(URL, "fast")


def test_the_rate_limiter_uses_the_limits_profile():
    from api.app import _base_config

    assert _base_config()["RATELIMIT_STORAGE_OPTIONS"] == PROFILES["limits"].options()
    assert PROFILES["limits"].options() == {"socket_connect_timeout": 0.5, "socket_timeout": 0.5}


def test_an_instant_is_written_in_utc_to_the_second_and_read_back():
    ny = timezone(timedelta(hours=-5))
    assert iso(datetime(2026, 1, 9, 15, 0, 0, 750_000, tzinfo=ny)) == "2026-01-09T20:00:00Z"
    assert iso(datetime(2026, 1, 9, 20, 0, 0)) == "2026-01-09T20:00:00Z"  # naive: already UTC (job times)
    assert iso(None) is None
    assert parse_iso("2026-01-09T20:00:00Z") == datetime(2026, 1, 9, 20, 0, tzinfo=UTC)
    assert parse_iso(iso(datetime(2026, 1, 9, 15, 0, tzinfo=ny))) == datetime(2026, 1, 9, 20, 0, tzinfo=UTC)
