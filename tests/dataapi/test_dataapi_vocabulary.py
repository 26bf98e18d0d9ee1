"""One vocabulary: the OpenAPI document, the request validation and the widget configurations use the same
words, pattern and limits (domain/vocabulary.py), and the document is as strict as the validation."""

from __future__ import annotations

import ast
import re
from pathlib import Path

import pytest
from dataapi_helpers import assert_error_body

from domain import vocabulary as v

D = "/api/v1/data"


@pytest.fixture
def doc(client) -> dict:
    return client.get("/api/openapi.json").get_json()


def _param(doc: dict, path: str, name: str) -> dict:
    return next(p for p in doc["paths"][f"{D}/{path}"]["get"]["parameters"] if p["name"] == name)


def test_the_documented_enums_are_the_vocabulary(doc):
    schemas = doc["components"]["schemas"]
    assert schemas["ExposureBody"]["properties"]["greek"]["enum"] == list(v.GREEKS)
    assert schemas["ExposureBody"]["properties"]["kind"]["enum"] == list(v.KINDS)
    assert schemas["SurfaceBody"]["properties"]["greek"]["enum"] == list(v.SURFACE_VALUES)
    assert schemas["ExpirationsSelection"]["properties"]["option"]["enum"] == list(v.EXPIRATION_OPTIONS)
    screener = schemas["ScreenerBody"]["properties"]
    assert screener["flag"]["enum"] == list(v.SCREENER_FLAGS)
    assert screener["length"]["enum"] == list(v.SCREENER_LENGTHS)
    assert screener["greek"]["enum"] == list(v.SCREENER_GREEKS)
    assert screener["timeFrame"]["enum"] == list(v.SCREENER_TIME_FRAMES)
    assert _param(doc, "volland-live-api-candles", "frequency")["schema"]["enum"] == list(v.FREQUENCIES)
    assert _param(doc, "volland-live-api-tickers", "type")["schema"]["enum"] == list(v.TICKER_TYPES)
    assert _param(doc, "volland-live-api-summary", "ticker")["schema"]["pattern"] == v.TICKER_PATTERN


@pytest.mark.parametrize("raw,ticker", [("SPX", "SPX"), (" spx ", "SPX"), ("^VIX", "^VIX"), ("BRK.B", "BRK.B"),
                                        ("SPX'", None), ("", None), ("A" * 16, None), ("ＳＰＸ", None),
                                        ("SPX\n", None), ("../etc", None)])
def test_one_ticker_pattern_for_routes_widgets_and_document(raw, ticker):
    from marshmallow import ValidationError

    from api.data.fields import Ticker
    from api.workspaces.widgets import Ticker as WidgetTicker

    assert v.normalize_ticker(raw) == ticker
    # The document's pattern (ECMA-262) reads the same as Python's here: ASCII classes, no \d or \s.
    assert bool(re.fullmatch(v.TICKER_PATTERN, raw, re.ASCII)) == (ticker is not None)
    for field in (Ticker(), WidgetTicker()):
        if ticker is None:
            with pytest.raises(ValidationError):
                field.deserialize(raw)
        else:
            assert field.deserialize(raw) == ticker


@pytest.mark.parametrize("text,ok", [("2024-02-29", True), ("2026-02-29", False), ("2026-04-31", False),
                                     ("2026-13-01", False), ("2026-1-5", False), ("20260105", False),
                                     ("2000-02-29", True), ("1900-02-29", False), ("0000-01-01", False)])
def test_the_date_pattern_knows_the_calendar(text, ok):
    from datetime import date

    from api.data.fields import DAY_PATTERN

    assert bool(re.fullmatch(DAY_PATTERN, text)) == ok
    if ok:
        date.fromisoformat(text)


def test_a_json_body_that_is_not_an_object_is_400(client, auth):
    body = assert_error_body(client.post(f"{D}/volland-exposure", json=["SPX"], headers=auth()), 400)
    assert body["message"] == "The request body must be a JSON object."


def test_query_and_body_forms_name_the_same_selection_member(client, auth):
    get = client.get(f"{D}/volland-live-api-exposure?ticker=SPX&expirations=SOMEDAY", headers=auth())
    post = client.post(f"{D}/volland-exposure", json={"ticker": "SPX", "expirations": {"option": "SOMEDAY"}},
                       headers=auth())
    assert set(assert_error_body(get, 422)["errors"]) == set(assert_error_body(post, 422)["errors"]) \
        == {"expirations.option"}


def test_answers_mark_what_is_always_sent_as_required(doc):
    exposure = doc["components"]["schemas"]["ExposureAnswer"]
    assert {"source", "sourceDelay", "lastModified", "data", "levels", "unit", "expectedMove"} <= set(
        exposure["required"])
    assert exposure["properties"]["expectedMove"]["nullable"] is True
    assert exposure["properties"]["expectedMove"]["allOf"] == [{"$ref": "#/components/schemas/ExpectedMove"}]


def test_the_store_reader_does_not_import_compute():
    """Read-time statistics are composed by the API from the reader and the compute functions."""
    from data.store import query

    tree = ast.parse(Path(query.__file__).read_text())
    imported = {n.module for n in ast.walk(tree) if isinstance(n, ast.ImportFrom)}
    imported |= {a.name for n in ast.walk(tree) if isinstance(n, ast.Import) for a in n.names}
    assert not {m for m in imported if m and m.startswith("data.compute")}
