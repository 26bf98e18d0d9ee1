"""Volland HTTP API: accounts, workspaces, API keys and the data routes (Flask + flask-smorest)."""
