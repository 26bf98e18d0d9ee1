"""Export limits of ``/api/v1/data/export``: the range per request, the per-user request rate and the
per-user count of exports running at once (docs/security.md, "Export limits")."""

from __future__ import annotations

import time

import pytest
from dataapi_helpers import assert_error_body, data_token

from data.vocabulary import TICKER_PATTERN

D = "/api/v1/data"
ONE_DAY = f"{D}/export?ticker=SPX&start=2026-01-09&greeks=gamma"


@pytest.fixture
def limited_app(db_url):
    from api.app import create_app

    return create_app({"TESTING": True, "DATABASE_URL": db_url, "RATELIMIT_STORAGE_URI": "memory://",
                       "EXPORT_RATE_LIMIT": "2 per minute"})


def test_a_range_over_the_configured_maximum_is_refused_naming_end(client, auth, monkeypatch):
    monkeypatch.setenv("VOLLAND_EXPORT_MAX_DAYS", "3")
    ok = client.get(f"{D}/export?ticker=SPX&start=2026-01-07&end=2026-01-09&greeks=gamma", headers=auth())
    assert ok.status_code == 200
    over = f"{D}/export?ticker=SPX&start=2026-01-06&end=2026-01-09&greeks=gamma"
    body = assert_error_body(client.get(over, headers=auth()), 422)
    assert "end" in body["errors"] and "3 days" in body["errors"]["end"][0]


def test_the_openapi_description_states_the_limits(client):
    op = client.get("/api/openapi.json").get_json()["paths"][f"{D}/export"]["get"]
    text = op.get("description", "")
    for name in ("VOLLAND_EXPORT_MAX_DAYS", "VOLLAND_EXPORT_MAX_ROWS", "VOLLAND_EXPORT_JOB_MAX_ROWS",
                 "VOLLAND_EXPORT_CONCURRENCY", "VOLLAND_EXPORT_RATE_LIMIT"):
        assert name in text
    assert "429" in op["responses"]


def test_requests_past_the_rate_limit_answer_429_with_retry_after(limited_app):
    client = limited_app.test_client()
    headers = {"Authorization": f"Bearer {data_token(limited_app, 'live', user_id=7)}"}
    for _ in range(2):
        assert client.get(ONE_DAY, headers=headers).status_code == 200
    resp = client.get(ONE_DAY, headers=headers)
    body = assert_error_body(resp, 429)
    assert body["code"] == "rate_limited"
    assert int(resp.headers["Retry-After"]) > 0
    # The bucket is the user's, not the route's: another user still exports.
    other = {"Authorization": f"Bearer {data_token(limited_app, 'live', user_id=8)}"}
    assert client.get(ONE_DAY, headers=other).status_code == 200


def test_a_user_with_every_export_slot_held_gets_429(client, app, monkeypatch):
    import redis

    from api.export.service import slot_key

    monkeypatch.setenv("VOLLAND_EXPORT_CONCURRENCY", "2")
    headers = {"Authorization": f"Bearer {data_token(app, 'live', user_id=11)}"}
    r = redis.Redis.from_url("redis://127.0.0.1:6379/0")
    key = slot_key(11)
    r.zadd(key, {"held-1": time.time() + 600, "held-2": time.time() + 600})
    resp = client.get(ONE_DAY, headers=headers)
    body = assert_error_body(resp, 429)
    assert body["code"] == "export_busy"
    assert int(resp.headers["Retry-After"]) > 0
    assert r.zcard(key) == 2  # the refused request left no slot behind
    # One slot frees: the next export runs and gives its slot back when the body is sent.
    r.zrem(key, "held-2")
    ok = client.get(ONE_DAY, headers=headers)
    assert ok.status_code == 200 and ok.get_data()
    assert r.zcard(key) == 1


def test_an_expired_slot_does_not_block(client, app, monkeypatch):
    import redis

    from api.export.service import slot_key

    monkeypatch.setenv("VOLLAND_EXPORT_CONCURRENCY", "1")
    headers = {"Authorization": f"Bearer {data_token(app, 'live', user_id=12)}"}
    r = redis.Redis.from_url("redis://127.0.0.1:6379/0")
    r.zadd(slot_key(12), {"lost": time.time() - 1})
    assert client.get(ONE_DAY, headers=headers).status_code == 200


def test_an_api_key_and_a_data_token_of_one_user_share_the_bucket(limited_app, db_url):
    from test_dataapi_public_api import make_user

    u = make_user(db_url, tier="live")
    client = limited_app.test_client()
    for _ in range(2):
        assert client.get(ONE_DAY, headers={"X-API-KEY": u["key"]}).status_code == 200
    token = {"Authorization": f"Bearer {data_token(limited_app, 'live', user_id=u['id'])}"}
    assert_error_body(client.get(ONE_DAY, headers=token), 429)


def test_the_openapi_document_states_the_parameters_shapes(client):
    doc = client.get("/api/openapi.json").get_json()
    for path, method in ((f"{D}/export", "get"), (f"{D}/export/jobs", "post")):
        params = {p["name"]: p for p in doc["paths"][path][method]["parameters"]}
        assert params["ticker"]["required"] and params["ticker"]["schema"]["pattern"] == TICKER_PATTERN
        assert params["start"]["required"]
        for name in ("start", "end", "expiration_from", "expiration_to"):
            assert params[name]["schema"]["format"] == "date"
        assert params["granularity"]["schema"]["enum"] == ["close", "snapshot", "contract"]
        assert params["format"]["schema"]["enum"] == ["parquet", "arrow"]
        assert params["kind"]["schema"]["enum"] == ["both", "call", "put"]
        assert "gamma" in params["greeks"]["schema"]["pattern"]
        for name in ("strike_min", "strike_max"):
            schema = params[name]["schema"]
            assert schema["type"] == "number" and schema["minimum"] == 0 and schema["maximum"] > 0


@pytest.mark.parametrize("query,field", [
    ("ticker=S%24X&start=2026-01-09", "ticker"),
    ("ticker=SPX&start=2026-1-9", "start"),
    ("ticker=SPX&start=2026-01-09&end=2026-01-09T00:00", "end"),
    ("ticker=SPX&start=2026-01-09&greeks=gamma,,vanna", "greeks"),
    ("ticker=SPX&start=2026-01-09&greeks=Gamma", "greeks"),
    ("ticker=SPX&start=2026-01-09&kind=CALL", "kind"),
    ("ticker=SPX&start=2026-01-09&strike_min=inf", "strike_min"),
    ("ticker=SPX&start=2026-01-09&strike_max=-1", "strike_max"),
    ("ticker=SPX&start=2026-01-09&strike_max=1e400", "strike_max"),
])
def test_a_value_outside_the_documented_shape_is_refused_naming_it(client, auth, query, field):
    body = assert_error_body(client.get(f"{D}/export?{query}", headers=auth()), 422)
    assert body["code"] == "validation_error" and field in body["errors"]


def test_a_well_formed_ticker_the_store_lacks_answers_unknown_ticker(client, auth):
    body = assert_error_body(client.get(f"{D}/export?ticker=ZZZZ&start=2026-01-09", headers=auth()), 422)
    assert body["code"] == "unknown_ticker" and "ticker" in body["errors"]
