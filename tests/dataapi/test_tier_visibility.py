"""No route names a time the tier may not see yet (docs/methodology.md, "Freshness").

The tier's cut-off (``domain.refresh_schedule.data_cutoff``: its latest refresh) bounds every data time an
answer carries: ``next-refresh``'s ``lastPublished`` is the newest snapshot the tier is served, not the
newest the store holds, and every data route walked by ``test_no_lookahead.py`` answers each tier with no
timestamp after that tier's own cut-off (the look-ahead walk checks the Live cut-off only).
"""

from __future__ import annotations

import re
from datetime import UTC, datetime

import pytest
from dataapi_helpers import frozen
from test_no_lookahead import CLOCK_ROUTES, REQUESTS, _decode, _headers

from api.data import service as svc

D = "/api/v1/data"
TIERS = ("live", "30", "3", "basic")
TIMESTAMP = re.compile(r"^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d+)?)?(Z|[+-]\d{2}:\d{2})?$")


def _newest_at_or_before(at: datetime) -> datetime | None:
    idx = svc.reader().index()
    stamps = [e["_ts"] for e in idx.entries.values() if e["_ts"] <= at]
    return max(stamps) if stamps else None


def _times(value, where: str):
    if isinstance(value, dict):
        for k, v in value.items():
            yield from _times(v, f"{where}.{k}")
    elif isinstance(value, (list, tuple)):
        for i, v in enumerate(value):
            yield from _times(v, f"{where}[{i}]")
    elif isinstance(value, datetime):
        yield where, value if value.tzinfo else value.replace(tzinfo=UTC)
    elif isinstance(value, str) and TIMESTAMP.match(value):
        ts = datetime.fromisoformat(value.replace("Z", "+00:00"))
        yield where, ts if ts.tzinfo else ts.replace(tzinfo=UTC)


@pytest.mark.parametrize("tier", TIERS)
@pytest.mark.parametrize("wall,replay", [("2026-01-10T20:00:00+00:00", True),    # replay: Friday 12:00 New York
                                         ("2026-01-10T20:40:00+00:00", True),    # replay: Friday 12:40
                                         ("2026-01-12T16:00:00+00:00", False)])  # Monday 11:00, nothing new
def test_next_refresh_last_published_is_what_the_tier_sees(app, client, auth, monkeypatch, tier, wall, replay):
    frozen(monkeypatch, wall, replay=replay, app=app)
    body = client.get(f"{D}/next-refresh", headers=auth(tier)).get_json()
    cutoff = svc.make_ctx(tier).cutoff
    newest = _newest_at_or_before(cutoff)
    assert newest is not None
    assert body["lastPublished"] == svc.iso(newest), (tier, body["lastPublished"], svc.iso(cutoff))
    assert body["marketLastRefresh"] <= body["marketTime"]


@pytest.mark.parametrize("tier", TIERS)
def test_no_data_route_names_a_time_after_the_tiers_cutoff(app, client, db_url, tier):
    cutoff = svc.make_ctx(tier).cutoff
    late = []
    for (method, path), calls in sorted(REQUESTS.items()):
        if not path.startswith(D + "/") or path in CLOCK_ROUTES or "<" in path:
            continue
        for query, body, _status in calls:
            url = f"{path}?{query}" if query else path
            kwargs = {"headers": _headers(app, path, tier, "")}
            if body is not None:
                kwargs["json"] = body
            resp = client.open(url, method=method, **kwargs)
            if resp.status_code >= 400:
                continue
            late += [f"{url} {where} = {ts.isoformat()}" for where, ts in _times(_decode(resp), url) if ts > cutoff]
    assert not late, (svc.iso(cutoff), late[:10])


@pytest.mark.parametrize("tier", ("live", "30", "3"))
def test_the_screener_names_the_close_it_ranks(client, auth, tier):
    """The screener ranks daily closes: its as-of time is the close of the session ranked, within the tier's
    cut-off (replay Friday 12:00: every tier's cut-off is before Friday's close, so Thursday's close)."""
    body = client.post(f"{D}/screener", json={"flag": "norm", "length": 10, "superlative": "greatest",
                                              "greek": "gamma", "timeFrame": "week"}, headers=auth(tier)).get_json()
    assert body["lastModified"] == "2026-01-08T21:00:00Z"
    assert body["lastModified"] <= svc.iso(svc.make_ctx(tier).cutoff)
