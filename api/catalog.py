"""Plans sold on the pricing page: subscription tiers (which differ only in data freshness) and API
request packs. The payment-provider product ids live here; each tier is known under two product ids
(the current price and the launch price that existing subscribers keep).
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass

TIER_IDS: tuple[str, ...] = ("live", "30", "3", "basic")  # best first


@dataclass(frozen=True)
class Tier:
    id: str
    name: str  # display name
    product_ids: tuple[str, str]
    price_id: str
    amount: int  # US dollars per month
    description: str
    features: tuple[str, ...]
    most_popular: bool = False

    @property
    def product_id(self) -> str:
        """The product sold today (the first of the two ids)."""
        return self.product_ids[0]


@dataclass(frozen=True)
class ApiPack:
    id: str  # product id
    name: str
    price_id: str
    amount: int | None  # US dollars; None when priced on request
    credits: int
    payment_type: str  # single | subscription
    description: str
    features: tuple[str, ...]
    most_popular: bool = False


_COMMON = ("Every greek exposure by strike and expiration", "0DTE panels and dealer premium",
           "Volatility surfaces and vanna plane", "Screener and unlimited workspaces")

TIERS: dict[str, Tier] = {t.id: t for t in (
    Tier("live", "Volland Live", ("prod_volland_live", "prod_volland_live_launch"), "price_volland_live_month",
         249, "Exposures recomputed every five minutes while the market is open.",
         ("Data refreshed every 5 minutes", *_COMMON, "Public data API access (with a request pack)")),
    Tier("30", "Volland 30", ("prod_volland_30", "prod_volland_30_launch"), "price_volland_30_month",
         129, "Exposures refreshed every thirty minutes during the session.",
         ("Data refreshed every 30 minutes", *_COMMON), most_popular=True),
    Tier("3", "Volland 3", ("prod_volland_3", "prod_volland_3_launch"), "price_volland_3_month",
         69, "Three updates a day: late morning, early afternoon and after the close.",
         ("Data refreshed at 11:30, 14:00 and 19:00 ET", *_COMMON)),
    Tier("basic", "Volland Basic", ("prod_volland_basic", "prod_volland_basic_launch"),
         "price_volland_basic_month", 29, "End-of-day exposures for swing traders.",
         ("Data refreshed once a day at 19:00 ET", "Every greek exposure by strike and expiration",
          "Volatility surfaces and vanna plane", "Unlimited workspaces")),
)}

API_PACKS: tuple[ApiPack, ...] = (
    ApiPack("prod_volland_api_1k", "Volland API 1,000", "price_volland_api_1k", 49, 1_000, "single",
            "One thousand requests to the public data API, valid until used.",
            ("1,000 API requests", "Exposure, trend, paradigm, 0DTE and derived requests")),
    ApiPack("prod_volland_api_10k", "Volland API 10,000", "price_volland_api_10k", 299, 10_000, "single",
            "Ten thousand requests for systematic workflows.",
            ("10,000 API requests", "Exposure, trend, paradigm, 0DTE and derived requests"), most_popular=True),
    ApiPack("prod_volland_api_monthly", "Volland API Monthly", "price_volland_api_monthly", 499, 25_000,
            "subscription", "Twenty-five thousand requests renewed every month.",
            ("25,000 API requests every month", "Exposure, trend, paradigm, 0DTE and derived requests")),
)

_PRODUCT_TO_TIER = {pid: t.id for t in TIERS.values() for pid in t.product_ids}
_PACKS_BY_ID = {p.id: p for p in API_PACKS}


def tier_for(product_ids: Iterable[str]) -> str | None:
    """The best tier among ``product_ids`` ("live" > "30" > "3" > "basic"), or None."""
    found = {_PRODUCT_TO_TIER[p] for p in product_ids if p in _PRODUCT_TO_TIER}
    for tier_id in TIER_IDS:
        if tier_id in found:
            return tier_id
    return None


def tier_of_product(product_id: str) -> str | None:
    return _PRODUCT_TO_TIER.get(product_id)


def tier_name(tier_id: str | None) -> str | None:
    return TIERS[tier_id].name if tier_id in TIERS else None


def api_pack(product_id: str) -> ApiPack | None:
    return _PACKS_BY_ID.get(product_id)


def regular_products() -> list[dict]:
    return [{
        "id": t.product_id, "name": t.name, "description": t.description,
        "features": [{"name": f} for f in t.features], "mostPopular": t.most_popular,
        "price": {"id": t.price_id, "amount": t.amount}, "tier": t.id,
        "metadata": {"paymentType": "subscription", "tier": t.id},
    } for t in TIERS.values()]


def api_products() -> list[dict]:
    return [{
        "id": p.id, "name": p.name, "description": p.description,
        "features": [{"name": f} for f in p.features], "mostPopular": p.most_popular,
        "price": None if p.amount is None else {"id": p.price_id, "amount": p.amount}, "tier": None,
        "metadata": {"paymentType": p.payment_type, "credits": p.credits},
    } for p in API_PACKS]
