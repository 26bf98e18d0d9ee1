"""Benchmarks: each module measures a target as a ratio against a baseline run in the same process."""
