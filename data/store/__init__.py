"""The exposure store: immutable Parquet files and their manifest (``parquet``), where the files live
(``files``), the writer lock and publish announcements (``coordination``), the source each ticker was
published from (``provenance``), the SQL builders (``sql``), the read side (``query``) and the quants
export (``export``).
"""
