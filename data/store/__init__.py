"""The exposure store: the schemas of its tables (``schemas``), immutable Parquet files and their manifest
(``parquet``), where the files live (``files``), the writer lock and publish announcements
(``coordination``), the records kept beside the manifest (``provenance``: the source of each ticker;
``backfill``: the plan of the demo's background build), the SQL builders (``sql``), the read side
(``query``) and the quants export (``export``).
"""
