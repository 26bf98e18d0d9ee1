"""Computation on a snapshot: dealer positioning, exposures in dollars, and the derived figures.

Pure functions over NumPy arrays and Polars frames on top of ``engine``; nothing here reads or writes
the store (the orchestration passes the persisted dealer book in and publishes what comes out).
"""
