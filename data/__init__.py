"""Data layer, one folder per layer; data flows (and imports point) one way, top to bottom:

* ``data.sources`` — where chains, trade prints and bars come from: the synthetic market, file readers,
  the live Cboe source, vendor feeds, the canonical input schemas;
* ``data.compute`` — dealer positioning, exposures and the derived figures (pure functions over arrays
  and frames, on top of ``engine``);
* ``data.store`` — the Parquet store: its writer and manifest, its files (local or S3), the SQL builders,
  the reader and the export;
* ``data.orchestration`` — the steps that join them: the snapshot pipeline, the demo build and its
  background plan.

The domain modules at this level (``calendar``, ``clock``, ``replay``, ``units``, ``universe``) are
used by every layer and import none of them. ``api`` reads ``data.store`` only; ``jobs`` call
``data.orchestration``. Map and rules: docs/design.md.
"""
