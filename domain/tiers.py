"""Subscription tiers (app spec §3): which exist, best first, their short labels, and the best of several.

Tiers differ only in data freshness (``domain.refresh_schedule``). What a tier costs and which
payment-provider products sell it is the billing catalogue's (``api/catalog.py``); the browser's twin is
``web/src/domain/tiers.ts``.
"""

from __future__ import annotations

from collections.abc import Iterable

#: Every tier, freshest (best) first.
TIER_IDS: tuple[str, ...] = ("live", "30", "3", "basic")
#: The short label of each tier; a plan's name is the site name and this label ('Volland Live').
TIER_LABELS = {"live": "Live", "30": "30", "3": "3", "basic": "Basic"}


def best_tier(tier_ids: Iterable[str | None]) -> str | None:
    """The best tier among ``tier_ids`` ("live" > "30" > "3" > "basic"), or None (unknown ids ignored)."""
    found = set(tier_ids)
    return next((t for t in TIER_IDS if t in found), None)
