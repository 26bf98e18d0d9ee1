"""The widget kinds table (api/workspaces/kinds.py) is the one definition of a kind's type, sizes, default
size, configuration and chart names: a row added to it is a valid widget with nothing else changed, the
OpenAPI document states it, and the web's generated copy (web/src/api/enums.ts) is the table."""

from __future__ import annotations

import ast
import re
from pathlib import Path

import pytest
from marshmallow import Schema

from api.workspaces.kinds import WIDGET_KINDS, KindTable, WidgetKind, chart
from api.workspaces.widgets import TickerConfigSchema, configuration_schema

ROOT = Path(__file__).resolve().parents[2]

#: A kind with a saved type of its own, and a chart kind (a CHART widget told apart by configuration.type).
PROBE = WidgetKind("probe", "PROBE", {"S": (2, 1), "M": (4, 1)}, "M", "TickerConfigSchema")
LEVELS = chart("levels", chart_names=("PRICE_LEVELS",))


@pytest.fixture
def fixture_kinds(monkeypatch):
    """The table with the two fixture rows: the one place a test changes."""
    monkeypatch.setattr(WIDGET_KINDS, "rows", (*WIDGET_KINDS.rows, PROBE, LEVELS))


@pytest.fixture
def headers(client, h):
    return h.bearer(h.signup(client)["accessToken"])


def _widgets(*widgets):
    return {"name": "Probe", "widgets": list(widgets)}


PROBE_WIDGET = {"type": "PROBE", "size": "M", "position": {"x": 8, "y": 0},
                "configuration": {"ticker": " spy "}}
LEVELS_WIDGET = {"type": "CHART", "size": "S", "position": {"x": 0, "y": 0},
                 "configuration": {"type": "levels", "ticker": "SPX", "chartName": "PRICE_LEVELS"}}


def test_a_new_row_is_a_valid_widget_with_nothing_else_changed(client, h, headers, fixture_kinds):
    resp = client.post("/api/v1/workspaces", json=_widgets(PROBE_WIDGET, LEVELS_WIDGET), headers=headers)
    assert resp.status_code == 201, resp.get_json()
    probe, levels = resp.get_json()["widgets"]
    assert (probe["type"], probe["size"], probe["configuration"]) == ("PROBE", "M", {"ticker": "SPY"})
    config = levels["configuration"]
    assert (config["type"], config["chartName"]) == ("levels", "PRICE_LEVELS")
    # The row's sizes, width and configuration are the rules.
    no_name = {**LEVELS_WIDGET["configuration"], "chartName": None}
    for widget, field in [(dict(PROBE_WIDGET, size="L"), "widgets.0.size"),
                          (dict(PROBE_WIDGET, position={"x": 9, "y": 0}), "widgets.0.position"),
                          (dict(PROBE_WIDGET, configuration={"ticker": "SPX'"}),
                           "widgets.0.configuration.ticker"),
                          (dict(LEVELS_WIDGET, configuration=no_name), "widgets.0.configuration.chartName")]:
        err = h.assert_error(client.post("/api/v1/workspaces", json=_widgets(widget), headers=headers), 422)
        assert field in err["message"], err


def test_without_the_row_the_same_widgets_are_refused(client, h, headers):
    err = h.assert_error(client.post("/api/v1/workspaces", json=_widgets(PROBE_WIDGET), headers=headers), 422)
    assert "widgets.0.type" in err["message"]
    err = h.assert_error(client.post("/api/v1/workspaces", json=_widgets(LEVELS_WIDGET), headers=headers),
                         422)
    assert "widgets.0.configuration.type" in err["message"]


def _document() -> dict:
    """The Widget schema's part of the document, built by the app's converter from the table as it is now
    (a fresh app would replace the shared spec the other tests read)."""
    from apispec import APISpec

    from api.extensions import _MarshmallowPlugin
    from api.workspaces.widgets import WidgetSchema

    spec = APISpec("Volland API", "test", "3.0.3", plugins=[_MarshmallowPlugin()])
    spec.components.schema("Widget", schema=WidgetSchema)
    return spec.to_dict()


def test_the_document_states_a_new_row(fixture_kinds):
    doc = _document()
    widget = doc["components"]["schemas"]["Widget"]
    assert {"kind": "probe", "type": "PROBE", "sizes": {"S": [2, 1], "M": [4, 1]}, "defaultSize": "M",
            "chartNames": []} in widget["x-widget-kinds"]
    assert "PROBE" in widget["properties"]["type"]["enum"]
    probe_m = next(v for v in widget["oneOf"] if v["title"] == "PROBE M")
    assert probe_m["properties"]["position"]["properties"]["x"]["maximum"] == 8
    chart_config = doc["components"]["schemas"]["ChartConfig"]
    assert "levels" in chart_config["properties"]["type"]["enum"]
    assert "PRICE_LEVELS" in chart_config["properties"]["chartName"]["enum"]


def test_the_document_states_the_table(client):
    widget = client.get("/api/openapi.json").get_json()["components"]["schemas"]["Widget"]
    assert widget["x-widget-kinds"] == WIDGET_KINDS.document()
    assert widget["properties"]["type"]["enum"] == list(WIDGET_KINDS.types())


def _generated_tables() -> dict:
    """The tables of web/src/api/enums.ts, read back as Python values."""
    text = (ROOT / "web/src/api/enums.ts").read_text()
    tables = {}
    for name in ("WIDGET_SIZES", "WIDGET_KIND_TABLE", "WIDGET_KINDS", "CHART_TYPES", "CHART_NAMES"):
        match = re.search(rf"export const {name} = (.*?) as const;", text, re.S)
        assert match, f"web/src/api/enums.ts has no {name}; run `npm run gen:api` in web/"
        tables[name] = ast.literal_eval(match.group(1))
    return tables


def _web_view(table: KindTable) -> dict:
    return {
        "WIDGET_SIZES": {t: {s: list(wh) for s, wh in table.sizes(t).items()} for t in table.types()},
        "WIDGET_KIND_TABLE": {r.kind: {"type": r.type, "defaultSize": r.default_size,
                                       "chartNames": list(r.chart_names)} for r in table.kinds()},
        "WIDGET_KINDS": [r.kind for r in table.kinds()],
        "CHART_TYPES": list(table.chart_types()),
        "CHART_NAMES": list(table.chart_names()),
    }


def test_the_generated_web_table_is_the_kinds_table(fixture_kinds):
    """`npm run check:api` compares the whole file with the backend; this reads the kinds part back. A row
    added without `npm run gen:api` (the fixture rows here) is a drift, and it is seen."""
    generated = {k: (list(v) if isinstance(v, tuple) else v) for k, v in _generated_tables().items()}
    extended = _web_view(WIDGET_KINDS)
    assert generated != extended
    assert set(extended["WIDGET_KINDS"]) - set(generated["WIDGET_KINDS"]) == {"probe", "levels"}
    assert "PROBE" in extended["WIDGET_SIZES"] and "PROBE" not in generated["WIDGET_SIZES"]
    original = KindTable(*(r for r in WIDGET_KINDS.rows if r not in (PROBE, LEVELS)))
    assert generated == _web_view(original)


def test_every_row_names_a_configuration_schema(app):
    for widget_type in WIDGET_KINDS.types():
        row = WIDGET_KINDS.type_row(widget_type)
        schema = configuration_schema(widget_type)
        assert (schema is None) == (row.configuration is None), widget_type
        assert schema is None or issubclass(schema, Schema)
    assert configuration_schema("ZERODTE") is TickerConfigSchema


@pytest.mark.parametrize("make, message", [
    (lambda: WidgetKind("x", "X", {"M": (3, 1)}, "S"), "default size"),
    (lambda: WidgetKind("x", "X", {"XL": (3, 1)}, "XL"), "sizes are some of"),
    (lambda: WidgetKind("x", "X", {"M": (13, 1)}, "M"), "outside the 12-column grid"),
    (lambda: WidgetKind(None, "X", {"M": (3, 1)}, "M"), "without a kind"),
    (lambda: KindTable(PROBE, PROBE), "one row"),
    (lambda: KindTable(PROBE, WidgetKind("other", "PROBE", {"M": (3, 1)}, "M", "TickerConfigSchema")),
     "disagree"),
    (lambda: KindTable(WidgetKind(None, "PROBE", {"M": (4, 1)}),
                       WidgetKind("p", "PROBE", {"M": (4, 1)}, "M")), "kindless"),
])
def test_the_table_refuses_rows_that_do_not_fit(make, message):
    with pytest.raises(ValueError, match=message):
        make()


def test_the_table_imports_nothing_of_the_project_but_the_vocabulary():
    """The schemas read the table and the table names them, so the table must not import them back."""
    tree = ast.parse((ROOT / "api/workspaces/kinds.py").read_text())
    imported = {n.module for n in ast.walk(tree) if isinstance(n, ast.ImportFrom)}
    imported |= {a.name for n in ast.walk(tree) if isinstance(n, ast.Import) for a in n.names}
    assert {m for m in imported if m and m.split(".")[0] in ("api", "data", "jobs", "engine", "domain")} == {"domain"}
    assert "from domain import vocabulary" in (ROOT / "api/workspaces/kinds.py").read_text()
