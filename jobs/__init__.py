"""jobs layer."""
