"""Alert rules of subscribers, the snapshots they fired on and their deliveries (``/api/v1/alerts``)."""
