"""Data layer, one folder per layer; data flows one way, top to bottom:

* ``data.sources`` — where chains, trade prints and bars come from: the synthetic market, file readers,
  the live Cboe source, vendor feeds, the canonical input schemas;
* ``data.compute`` — dealer positioning, exposures, the snapshot figures computed at publish and the
  analytics computed when an answer is served (pure functions over arrays and frames, on top of ``engine``);
* ``data.store`` — the Parquet store: its table schemas, writer and manifest, its files (local or S3),
  the records kept beside the manifest, the SQL builders, the reader and the export;
* ``data.orchestration`` — the steps that join them: the snapshot pipeline, file ingest, the demo build.

The product's domain rules (the vocabulary, the exchange calendar, the replay clock's mapping) are the
top-level ``domain`` package, which every layer may import. The shared modules at this level (``clock``:
the process's market clock, ``units``, ``universe``) are used by every folder and import none of them.
A folder imports only from the folders above it, with one exception: compute casts its tables to the
store's schemas (``data.store.schemas``), and nothing else of the store. ``api`` reads ``data.store``;
``jobs`` call ``data.orchestration``; nothing here imports ``api`` or ``jobs``. Map and rules:
docs/design.md.
"""
