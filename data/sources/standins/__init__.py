"""Local stand-ins of vendor services that the vendors' own clients connect to (tests, offline demo)."""
