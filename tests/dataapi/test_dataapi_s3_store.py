"""The data routes and the export answer the same from the store on object storage as from the folder.

The session's tiny store is copied into a bucket of a real S3 server (moto's standalone server) with
``copy_store``; the app is then pointed at ``s3://…`` and must give identical answers.
"""

from __future__ import annotations

import io
import uuid

import boto3
import pyarrow.parquet as pq
import pytest
from dataapi_helpers import reconfigure
from tests.servers import moto_s3

from data.store.parquet import copy_store

D = "/api/v1/data"
KEY_ID, SECRET = "volland-test", "volland-test-secret"


@pytest.fixture(scope="module")
def endpoint():
    with moto_s3() as url:
        yield url


def _point_at_s3(monkeypatch, endpoint: str, tiny_store) -> str:
    bucket = f"volland-{uuid.uuid4().hex[:12]}"
    boto3.client("s3", endpoint_url=endpoint, region_name="us-east-1", aws_access_key_id=KEY_ID,
                 aws_secret_access_key=SECRET).create_bucket(Bucket=bucket)
    for k, v in {"STORE_ENDPOINT_URL": endpoint, "STORE_REGION": "us-east-1", "STORE_ACCESS_KEY_ID": KEY_ID,
                 "STORE_SECRET_ACCESS_KEY": SECRET}.items():
        monkeypatch.setenv(f"VOLLAND_{k}", v)
    url = f"s3://{bucket}/volland"
    copy_store(tiny_store, url)
    return url


def test_export_and_routes_from_object_store_match_the_folder(app, client, auth, monkeypatch, endpoint,
                                                              tiny_store):
    # Answers must come from the store each time, not from the response cache of the first run.
    monkeypatch.setenv("VOLLAND_CACHE_DISABLED", "1")
    reconfigure(app)
    export = f"{D}/export?ticker=SPX&start=2026-01-07&end=2026-01-09&greeks=gamma,charm"
    snapshots = f"{D}/export?ticker=SPX&start=2026-01-09&end=2026-01-09&greeks=vanna&granularity=snapshot"
    routes = [f"{D}/volland-live-api-exposure?ticker=SPX&greek=gamma&expirations=ALL",
              f"{D}/volland-live-api-summary?ticker=SPX", f"{D}/volland-live-api-greek-trend?ticker=SPX&greek=gamma",
              f"{D}/volland-live-api-candles?ticker=SPX&frequency=10"]

    def run() -> dict:
        out = {}
        for q in (export, snapshots):
            resp = client.get(q, headers=auth())
            assert resp.status_code == 200, resp.get_data(as_text=True)
            out[q] = pq.read_table(io.BytesIO(resp.get_data()))
        for q in routes:
            resp = client.get(q, headers=auth())
            assert resp.status_code == 200, resp.get_data(as_text=True)
            out[q] = resp.get_json()
        return out

    local = run()
    assert local[export].num_rows > 0 and len(set(local[snapshots].column("ts").to_pylist())) > 5
    url = _point_at_s3(monkeypatch, endpoint, tiny_store)
    monkeypatch.setenv("VOLLAND_STORE_ROOT", url)
    reconfigure(app)
    from api.data import service as svc

    assert svc.reader().root == url
    remote = run()
    for q in (export, snapshots):
        assert remote[q].equals(local[q]), q
    for q in routes:
        assert remote[q] == local[q], q
