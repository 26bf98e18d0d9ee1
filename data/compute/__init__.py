"""Computation on a snapshot: dealer positioning, exposures in dollars, and the derived figures — those
computed once per snapshot at publish (``snapshot_figures``) and those computed when an answer is served
(``read_analytics``).

Pure functions over NumPy arrays and Polars frames on top of ``engine``; nothing here reads or writes
the store (the orchestration passes the persisted dealer book in and publishes what comes out).
"""
