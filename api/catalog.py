"""Plans sold on the pricing page: subscription tiers (which differ only in data freshness), API request
packs and the Enterprise card. Each tier is known under two payment-provider product ids (the one sold
today and the launch product that existing subscribers keep). The defaults below are the embedded
provider's ids; a real Stripe account sets its own with VOLLAND_TIER_PRODUCT_IDS / VOLLAND_TIER_PRICE_IDS,
and the tier names follow the site name ('{site} Live'). Which tiers exist, their order and labels are the
domain's (``domain/tiers.py``).
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass, replace

from domain.tiers import TIER_LABELS, best_tier
from volland.settings import get_settings


@dataclass(frozen=True)
class Tier:
    id: str
    name: str  # display name ('{site} {label}')
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

# The Enterprise card of the API list: no price (sold on request), so it sorts first; the client shows
# 'Unlimited Access' and a 'Contact Us' button for it.
ENTERPRISE = ApiPack("prod_volland_api_enterprise", "Enterprise", "", None, 0, "single",
                     "Custom request volumes, service levels and data delivery for teams and platforms.",
                     ("Unlimited Access", "Every request type", "Dedicated support"))


def _pairs(raw: str) -> dict[str, list[str]]:
    """"live=a,b;30=c" -> {"live": ["a", "b"], "30": ["c"]} (unknown tiers and blanks ignored)."""
    out: dict[str, list[str]] = {}
    for part in raw.split(";"):
        key, _, value = part.partition("=")
        ids = [v.strip() for v in value.split(",") if v.strip()]
        if key.strip() in TIER_LABELS and ids:
            out[key.strip()] = ids
    return out


_cache: dict[tuple[str, str, str], dict[str, Tier]] = {}


def tiers() -> dict[str, Tier]:
    """The tiers as configured now: product and price ids from the settings, names from the site name."""
    s = get_settings()
    key = (s.site_name, s.tier_product_ids, s.tier_price_ids)
    found = _cache.get(key)
    if found is None:
        products, prices = _pairs(s.tier_product_ids), _pairs(s.tier_price_ids)
        found = {}
        for tier in TIERS.values():
            ids = products.get(tier.id, list(tier.product_ids))
            found[tier.id] = replace(
                tier, name=f"{s.site_name} {TIER_LABELS[tier.id]}",
                product_ids=(ids[0], ids[1] if len(ids) > 1 else ids[0]),
                price_id=prices.get(tier.id, [tier.price_id])[0])
        _cache.clear()
        _cache[key] = found
    return found


def allowed_regular_product_ids() -> set[str]:
    """The fixed list regular plans are limited to: both product ids of every tier."""
    return {pid for t in tiers().values() for pid in t.product_ids}


def tier_for(product_ids: Iterable[str]) -> str | None:
    """The best tier among ``product_ids`` ("live" > "30" > "3" > "basic"), or None."""
    known = {pid: t.id for t in tiers().values() for pid in t.product_ids}
    return best_tier(known[p] for p in product_ids if p in known)


def tier_of_product(product_id: str) -> str | None:
    return tier_for([product_id])


def tier_name(tier_id: str | None) -> str | None:
    table = tiers()
    return table[tier_id].name if tier_id in table else None


def tier_by_price(price_id: str) -> Tier | None:
    return next((t for t in tiers().values() if t.price_id == price_id), None)


def api_pack(product_id: str) -> ApiPack | None:
    return next((p for p in API_PACKS if p.id == product_id), None)


def api_pack_by_price(price_id: str) -> ApiPack | None:
    return next((p for p in API_PACKS if p.price_id == price_id), None)


def tier_product(t: Tier) -> dict:
    return {
        "id": t.product_id, "name": t.name, "description": t.description,
        "features": [{"name": f} for f in t.features], "mostPopular": t.most_popular,
        "price": {"id": t.price_id, "amount": t.amount}, "tier": t.id,
        "metadata": {"paymentType": "subscription", "tier": t.id},
    }


def pack_product(p: ApiPack) -> dict:
    metadata: dict = {"paymentType": p.payment_type}
    if p.amount is not None:
        metadata["credits"] = p.credits
    return {
        "id": p.id, "name": p.name, "description": p.description,
        "features": [{"name": f} for f in p.features], "mostPopular": p.most_popular,
        "price": None if p.amount is None else {"id": p.price_id, "amount": p.amount}, "tier": None,
        "metadata": metadata,
    }


def regular_products() -> list[dict]:
    return [tier_product(t) for t in tiers().values()]


def api_products() -> list[dict]:
    return [pack_product(p) for p in (*API_PACKS, ENTERPRISE)]
