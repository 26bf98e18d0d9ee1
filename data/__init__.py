"""Data layer: market-data sources (synthetic market, Cboe and canonical files), their schemas and
calendar, dealer positioning, exposures, the Parquet store and its query layer."""
