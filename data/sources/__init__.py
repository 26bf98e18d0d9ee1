"""Market-data sources: the synthetic market (the embedded default), file readers (Cboe EOD and delayed
quotes, canonical chains, Databento DBN, Massive flat files), the live Cboe delayed-quotes source, the
market's own carry and the canonical input schemas (the provenance label each publish records lives with
the store, ``data.store.provenance``).

See docs/data-sources.md.
"""
