"""The session heatmap as a file (``/api/v1/data/export/heatmap``): the same numbers as the data route, in
Parquet or an Arrow IPC stream, by data token or API key (no credits), with the export's error body."""

from __future__ import annotations

import io

import pyarrow as pa
import pyarrow.ipc as ipc
import pyarrow.parquet as pq
import pytest
from dataapi_helpers import assert_error_body
from test_dataapi_public_api import balance, make_user

from domain.timestamps import iso

URL = "/api/v1/data/export/heatmap"
ROUTE = "/api/v1/data/volland-live-api-heatmap"


def _matrix(table: pa.Table) -> tuple[list[str], list[float], list[list], list]:
    rows = table.to_pylist()
    times = list(dict.fromkeys(iso(r["ts"]) for r in rows))
    strikes = list(dict.fromkeys(r["strike"] for r in rows))
    values = [[r["value"] for r in rows[i * len(strikes):(i + 1) * len(strikes)]] for i in range(len(times))]
    prices = [rows[i * len(strikes)]["price"] for i in range(len(times))]
    return times, strikes, values, prices


@pytest.mark.parametrize("query", ["ticker=SPX&greek=gamma", "ticker=SPX&greek=charm&kind=call&range=2",
                                   "ticker=SPX&greek=vanna&date=2026-01-08 13:30&expirations=THIS_WEEK"])
def test_parquet_pivots_back_to_the_routes_matrix(client, auth, query):
    resp = client.get(f"{URL}?{query}", headers=auth("live"))
    assert resp.status_code == 200, resp.get_data(as_text=True)
    assert resp.mimetype == "application/vnd.apache.parquet"
    table = pq.read_table(io.BytesIO(resp.get_data()))
    assert table.column_names == ["ts", "ticker", "greek", "strike", "value", "price"]
    assert table.schema.field("ts").type == pa.timestamp("us", tz="UTC")
    route = client.get(f"{ROUTE}?{query}", headers=auth("live")).get_json()
    times, strikes, values, prices = _matrix(table)
    assert times == route["times"] and strikes == route["strikes"]
    assert values == route["values"] and prices == route["spot"]
    assert int(resp.headers["X-Rows"]) == len(route["times"]) * len(route["strikes"]) > 0
    assert set(table["greek"].to_pylist()) == {route["greek"]}


def test_arrow_stream_by_api_key_costs_no_credit(client, db_url, auth):
    u = make_user(db_url, credits=2)
    resp = client.get(f"{URL}?ticker=SPX&greek=charm&format=arrow", headers={"X-API-KEY": u["key"]})
    assert resp.status_code == 200 and resp.mimetype == "application/vnd.apache.arrow.stream"
    table = ipc.open_stream(pa.py_buffer(resp.get_data())).read_all()
    route = client.get(f"{ROUTE}?ticker=SPX&greek=charm", headers=auth("live")).get_json()
    assert _matrix(table)[2] == route["values"]
    assert balance(db_url, u["id"]) == 2


@pytest.mark.parametrize("query,status,field", [
    ("ticker=SPX&format=csv", 422, "format"), ("ticker=SPX&greek=iv", 422, "greek"),
    ("ticker=SPX&range=99", 422, "range"), ("ticker=ZZZZ", 422, "ticker"), ("greek=gamma", 422, "ticker"),
    ("ticker=SPX&date=2026-01-10", 404, None)])
def test_bad_input_answers_the_error_body(client, auth, query, status, field):
    body = assert_error_body(client.get(f"{URL}?{query}", headers=auth("live")), status)
    if field:
        assert field in body["errors"], body


def test_no_credentials_is_401(client):
    assert_error_body(client.get(f"{URL}?ticker=SPX"), 401)
