"""A file in the exact Cboe delayed-quotes download layout, ingested with the command and read back through
the dashboard's data routes: chart data, levels and the source label."""

from __future__ import annotations

from datetime import UTC, datetime

import pytest
from click.testing import CliRunner

from data.sources import samples

D = "/api/v1/data"
TS = datetime(2026, 1, 8, 16, 0, tzinfo=UTC)        # Thursday 11:00 New York, before the frozen clock


@pytest.fixture()
def real_client(tmp_path, monkeypatch, db_url):
    root = tmp_path / "real-store"
    monkeypatch.setenv("VOLLAND_STORE_ROOT", str(root))
    csv_path, _ = samples.delayed_files(samples.market(7, ["SPY"]), "SPY", TS, tmp_path / "files")
    from volland.cli import cli

    res = CliRunner().invoke(cli, ["ingest", "cboe-delayed", str(csv_path)], catch_exceptions=False)
    assert res.exit_code == 0, res.output
    print(res.stdout)
    from api.app import create_app

    app = create_app({"TESTING": True, "DATABASE_URL": db_url, "RATELIMIT_STORAGE_URI": "memory://"})
    from dataapi_helpers import data_token

    return app.test_client(), {"Authorization": f"Bearer {data_token(app, 'live')}"}


def test_cboe_download_end_to_end_through_the_data_routes(real_client):
    client, headers = real_client
    resp = client.get(f"{D}/volland-live-api-exposure?ticker=SPY&greek=gamma&expirations=ALL", headers=headers)
    assert resp.status_code == 200, resp.get_json()
    body = resp.get_json()
    assert body["source"] == "cboe-delayed" and body["sourceDelay"] == 900
    assert resp.headers["X-Data-Source"] == "cboe-delayed"
    assert body["lastModified"] == "2026-01-08T16:00:00Z"
    assert len(body["data"]) > 20
    lv = body["levels"]
    assert lv["callWall"] is not None and lv["putWall"] is not None and "zeroGamma" in lv
    assert abs(lv["callWall"] / body["currentPrice"] - 1) < 0.2 and abs(lv["putWall"] / body["currentPrice"] - 1) < 0.2
    summary = client.get(f"{D}/volland-live-api-summary?ticker=SPY", headers=headers).get_json()
    assert summary["source"] == "cboe-delayed" and summary["price"] == pytest.approx(body["currentPrice"])
    print({"points": len(body["data"]), "levels": lv, "currentPrice": body["currentPrice"],
           "source": body["source"], "sourceDelay": body["sourceDelay"], "lastModified": body["lastModified"]})
