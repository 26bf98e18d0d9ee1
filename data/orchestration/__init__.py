"""The steps that join sources, compute and store: the snapshot pipeline, file ingest and the demo build.
"""
