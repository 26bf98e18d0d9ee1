"""Volatility views: term structure, skew and IV rank with the expected move by expiration."""
