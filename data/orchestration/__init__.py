"""The steps that join sources, compute and store: the snapshot pipeline, the demo build and the plan
of its background part.
"""
