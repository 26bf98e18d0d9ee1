"""The synthetic market, the product's embedded default source (see ``market.py``)."""

from data.sources.synthetic.market import SyntheticMarket

__all__ = ["SyntheticMarket"]
