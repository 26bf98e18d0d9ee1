"""Public data API wire compatibility: the types typed clients of the original service deserialize, one
answer per request item in order, the status of a batch that runs out of credits, and an OpenAPI
document that describes the answers exactly."""

from __future__ import annotations

import pytest
from dataapi_helpers import assert_error_body
from test_dataapi_public_api import ITEMS, URL, balance, make_user


def _post(client, key, items):
    return client.post(URL, json={"requests": items}, headers={"X-API-KEY": key})


def test_exposure_strikes_are_text_aligned_with_numeric_exposures(client, db_url):
    u = make_user(db_url)
    data = _post(client, u["key"], [ITEMS[0]]).get_json()[0]["data"]
    assert data["strikes"] and len(data["strikes"]) == len(data["exposures"])
    assert all(isinstance(k, str) for k in data["strikes"])
    assert all(isinstance(v, float) for v in data["exposures"])
    strikes = [float(k) for k in data["strikes"]]
    assert strikes == sorted(strikes)
    # Whole strikes without a trailing ".0", others as their shortest decimal.
    assert all(k == (str(int(f)) if f.is_integer() else repr(f)) for k, f in zip(data["strikes"], strikes))


def test_strike_text():
    from api.public_api.service import strike_text

    assert [strike_text(x) for x in (5900.0, 597.5, 12.25, 0.5, 7)] == ["5900", "597.5", "12.25", "0.5", "7"]


def test_paradigm_lis_is_always_a_list_with_the_time_under_both_names(client, db_url):
    u = make_user(db_url)
    data = _post(client, u["key"], [ITEMS[2]]).get_json()[0]["data"]
    assert isinstance(data["lis"], list) and all(isinstance(v, float) for v in data["lis"])
    assert data["last-modified"] == data["lastModified"]


@pytest.mark.parametrize("raw,wire", [(None, []), (5880.0, [5880.0]), ([5870.0, 5890.0], [5870.0, 5890.0]),
                                      ([5870.0, None], [5870.0])])
def test_lis_list(raw, wire):
    from api.public_api.service import lis_list

    assert lis_list(raw) == wire


def test_zero_dte_counts_are_integers(client, db_url):
    from api.data import service as svc

    u = make_user(db_url)
    data = _post(client, u["key"], [ITEMS[3]]).get_json()[0]["data"]
    stats = svc.stats_of(svc.live_snapshot("SPX", svc.make_ctx("live")))
    assert type(data["option_volume"]) is int and type(data["zerodte_agg_charm"]) is int
    assert data["option_volume"] == round(stats["total_0dte_opt_vol"])
    assert data["zerodte_agg_charm"] == round(stats["zerodte_agg_charm"])
    assert isinstance(data["dealer_premium"], float)


def test_an_item_that_fails_keeps_its_place_with_its_error(client, db_url, monkeypatch):
    from api.public_api import service

    real = service.item_data

    def flaky(item, ctx):  # the derived item finds no data
        if item["request_type"] == "derived_request":
            raise LookupError("No data published for QQQ.")
        return real(item, ctx)

    monkeypatch.setattr(service, "item_data", flaky)
    u = make_user(db_url, credits=10)
    items = [ITEMS[2], ITEMS[4], ITEMS[3]]
    resp = _post(client, u["key"], items)
    assert resp.status_code == 200 and resp.headers["X-Items-Served"] == "2"
    out = resp.get_json()
    assert [o["request_type"] for o in out] == [i["request_type"] for i in items]
    assert out[1]["data"] is None and out[1]["error"] == {"code": "no_data", "message": "No data published for QQQ."}
    assert out[0]["data"]["paradigm"] is not None and out[2]["data"]["option_volume"] is not None
    assert balance(db_url, u["id"]) == 8  # the failed item was refunded


def test_a_batch_that_runs_out_of_credits_part_way_is_207(client, db_url):
    u = make_user(db_url, credits=2)
    items = [ITEMS[2], ITEMS[3], ITEMS[1], ITEMS[4]]
    resp = _post(client, u["key"], items)
    assert resp.status_code == 207
    assert resp.headers["X-Items-Served"] == "2" and resp.headers["X-Credits-Remaining"] == "0"
    out = resp.get_json()
    assert [o["request_type"] for o in out] == [i["request_type"] for i in items]
    assert [o["data"] is not None for o in out] == [True, True, False, False]
    assert [o.get("error", {}).get("code") for o in out] == [None, None, "out_of_credits", "out_of_credits"]
    assert balance(db_url, u["id"]) == 0
    # Nothing left for the first item: 429, the one error body, nothing charged.
    body = assert_error_body(_post(client, u["key"], items), 429)
    assert body["code"] == "out_of_credits"
    # A batch every item of which is paid for stays 200.
    rich = make_user(db_url, credits=4)
    assert _post(client, rich["key"], items).status_code == 200


def test_a_well_formed_unknown_ticker_has_its_own_code(client, db_url):
    u = make_user(db_url)
    err = assert_error_body(_post(client, u["key"], [{**ITEMS[2], "ticker": "NOPE"}]), 400)
    assert err["code"] == "unknown_ticker" and "requests[0].ticker" in err["errors"]
    err = assert_error_body(_post(client, u["key"], [{**ITEMS[2], "ticker": "no pe"}]), 400)
    assert err["code"] == "bad_request"
    assert balance(db_url, u["id"]) == 10


def test_the_get_form_takes_one_item_in_the_query_string(client, db_url):
    u = make_user(db_url)
    resp = client.get(URL + "?request_type=exposure_request&ticker=SPX&greek=vanna&kind=call&expirations=*",
                      headers={"X-API-KEY": u["key"]})
    assert resp.status_code == 200
    [answer] = resp.get_json()
    assert answer["kind"] == "call" and answer["expirations"] == ["*"] and answer["data"]["strikes"]


# ---------------------------------------------------------------- the document describes the wire


@pytest.fixture(scope="module")
def document():
    import schemathesis

    from tests.api.fuzz_world import openapi_document

    return schemathesis.openapi.from_dict(openapi_document())


def test_the_documented_answer_schema_is_the_wire(client, db_url, document):
    import jsonschema

    doc = document.raw_schema
    post = doc["paths"][URL]["post"]
    u = make_user(db_url, credits=len(ITEMS) + 1)
    for status, items in ((200, ITEMS), (207, ITEMS[:3])):
        resp = _post(client, u["key"], items)
        assert resp.status_code == status
        schema = post["responses"][str(status)]["content"]["application/json"]["schema"]
        jsonschema.validate(resp.get_json(), _json_schema(schema, doc))
        assert set(post["responses"][str(status)]["headers"]) <= set(resp.headers.keys())
    # The documented examples are valid answers too.
    for status in ("200", "207"):
        content = post["responses"][status]["content"]["application/json"]
        jsonschema.validate(content["example"], _json_schema(content["schema"], doc))
    body = post["requestBody"]["content"]["application/json"]
    jsonschema.validate(body["example"], _json_schema(body["schema"], doc))


def test_the_document_refuses_what_the_server_refuses(document):
    import jsonschema

    doc = document.raw_schema
    body = _json_schema(doc["paths"][URL]["post"]["requestBody"]["content"]["application/json"]["schema"], doc)
    for bad in ({"requests": []}, {"requests": [ITEMS[0]] * 51}, {"requests": [{"request_type": "trend_request",
                                                                             "ticker": "SPX"}]},
                {"requests": [{**ITEMS[0], "expirations": []}]}, {"requests": [{**ITEMS[0], "kind": "strangle"}]},
                {"requests": [{**ITEMS[2], "ticker": "spx"}]}, {"requests": [{**ITEMS[2], "greek": "omega"}]}):
        with pytest.raises(jsonschema.ValidationError):
            jsonschema.validate(bad, body)
    jsonschema.validate({"requests": ITEMS}, body)


def _json_schema(schema, doc):
    """An OpenAPI 3.0 schema of ``doc`` as JSON Schema: ``nullable`` becomes a null alternative, and the
    document's components come along so ``#/components/schemas/...`` references resolve."""
    return {"allOf": [_converted(schema)], "components": _converted(doc["components"])}


def _converted(node):
    if isinstance(node, list):
        return [_converted(x) for x in node]
    if not isinstance(node, dict):
        return node
    out = {k: _converted(v) for k, v in node.items() if k not in ("nullable", "example")}
    if node.get("nullable"):
        return {"anyOf": [out, {"type": "null"}]}
    return out
