"""Real market-data sources: file readers (Cboe delayed quotes, Databento DBN, Massive flat files), the
live Cboe delayed-quotes source, the market's own carry, and the provenance label every response states.

See docs/data-sources.md.
"""
