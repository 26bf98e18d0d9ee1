"""Clean-up of the Redis keys a test suite created under its own prefix (the shared server keeps nothing
on disk, but other developers' runs share it)."""

from __future__ import annotations


def drop_keys(prefix: str) -> None:
    import redis

    try:
        r = redis.Redis.from_url("redis://127.0.0.1:6379/0", socket_timeout=2)
        for pattern in (f"{prefix}:*", f"rq:*{prefix}-*"):
            keys = list(r.scan_iter(match=pattern, count=1000))
            if keys:
                r.delete(*keys)
    except redis.RedisError:
        pass
