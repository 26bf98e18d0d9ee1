"""The configured market-data source by name (``VOLLAND_SOURCE``): above every source, so that none of
them imports another to be found."""

from __future__ import annotations

from functools import lru_cache

from data.sources.base import PipelineError, Source, SyntheticSource
from data.sources.live import CboeDelayedSource
from volland.settings import get_settings


@lru_cache(maxsize=4)
def _synthetic(seed: int) -> SyntheticSource:
    return SyntheticSource(seed)


def get_source(source: str | Source) -> Source:
    if isinstance(source, Source):
        return source
    if source == "synthetic":
        return _synthetic(get_settings().demo_seed)
    if source == "cboe-delayed":  # live delayed quotes (docs/data-sources.md)
        return CboeDelayedSource.from_settings()
    if source in ("databento-live", "massive-live"):
        raise PipelineError(f"{source} publishes its own snapshots through the feed consumer (volland feed); "
                            "scheduled runs do not read it.")
    raise PipelineError(f"Unknown market-data source {source!r}; the sources are 'synthetic' and 'cboe-delayed' "
                        "(and the live trade feeds 'databento-live' and 'massive-live', through volland feed).")
