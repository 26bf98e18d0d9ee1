"""argon2id password hashing; the cost comes from the settings (tests lower it)."""

from __future__ import annotations

from functools import lru_cache

from argon2 import PasswordHasher, Type
from argon2.exceptions import InvalidHashError, VerificationError, VerifyMismatchError

from volland.settings import get_settings


@lru_cache(maxsize=8)
def _hasher(time_cost: int, memory_kib: int, parallelism: int) -> PasswordHasher:
    return PasswordHasher(time_cost=time_cost, memory_cost=memory_kib, parallelism=parallelism, type=Type.ID)


def hasher() -> PasswordHasher:
    s = get_settings()
    return _hasher(s.argon2_time_cost, s.argon2_memory_kib, s.argon2_parallelism)


def hash_password(password: str) -> str:
    return hasher().hash(password)


def verify_password(password_hash: str | None, password: str) -> bool:
    if not password_hash:
        # Spend the same work as a real check so response time does not reveal unknown accounts.
        hasher().hash(password)
        return False
    try:
        return hasher().verify(password_hash, password)
    except (VerifyMismatchError, VerificationError, InvalidHashError):
        return False


def needs_rehash(password_hash: str) -> bool:
    try:
        return hasher().check_needs_rehash(password_hash)
    except InvalidHashError:
        return False
