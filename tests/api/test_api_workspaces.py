"""Workspaces and widget validation over HTTP."""

from __future__ import annotations

import pytest

CHART = {"type": "CHART", "size": "S", "position": {"x": 0, "y": 0}, "name": "SPX gamma",
         "configuration": {"type": "exposure", "ticker": "spx", "greek": "gamma", "kind": "both",
                           "expirations": {"option": "THIS_WEEK"}, "isCumulative": False},
         "group": {"id": 7, "name": "Blue"}}
SCREENER = {"type": "SCREENER", "size": "M", "position": {"x": 6, "y": 0},
            "configuration": {"time_frame": "week", "stockPriceRange": {"min": 5, "max": 500}}}


@pytest.fixture
def headers(client, h):
    return h.bearer(h.signup(client)["accessToken"])


def _create(client, headers, **body):
    body.setdefault("name", "Morning")
    return client.post("/api/v1/workspaces", json=body, headers=headers)


def test_create_list_get_update_delete(client, h, headers):
    resp = _create(client, headers, name="  Morning  ", widgets=[CHART, SCREENER])
    assert resp.status_code == 201, resp.get_json()
    ws = resp.get_json()
    assert ws["name"] == "Morning" and ws["state"] == "ACTIVE" and ws["order"] == 0
    chart, screener = ws["widgets"]
    assert chart["configuration"]["ticker"] == "SPX" and chart["group"]["color"] == "#3e7bfa"
    assert screener["configuration"]["timeFrame"] == "week" and "time_frame" not in screener["configuration"]
    assert screener["configuration"]["length"] == 25 and screener["configuration"]["flag"] == "norm"
    assert chart["id"] != screener["id"]
    second = _create(client, headers, name="Evening").get_json()
    assert second["order"] == 1
    assert [w["name"] for w in client.get("/api/v1/workspaces", headers=headers).get_json()] == ["Morning", "Evening"]
    assert client.get(f"/api/v1/workspaces/{ws['id']}", headers=headers).get_json()["widgets"] == ws["widgets"]

    moved = dict(chart, position={"x": 6, "y": 1})
    upd = client.put(f"/api/v1/workspaces/{ws['id']}", json={"state": "INACTIVE", "widgets": [moved]},
                     headers=headers)
    assert upd.status_code == 200
    upd = upd.get_json()
    assert upd["state"] == "INACTIVE" and upd["name"] == "Morning"
    assert upd["widgets"][0]["id"] == chart["id"] and upd["widgets"][0]["position"] == {"x": 6, "y": 1}

    assert client.delete(f"/api/v1/workspaces/{ws['id']}", headers=headers).status_code == 204
    h.assert_error(client.get(f"/api/v1/workspaces/{ws['id']}", headers=headers), 404)


def test_duplicate_gets_new_widget_ids(client, headers):
    ws = _create(client, headers, widgets=[CHART]).get_json()
    copy = _create(client, headers, name="Morning (copy)", widgets=ws["widgets"]).get_json()
    assert copy["id"] != ws["id"]
    assert copy["widgets"][0]["id"] != ws["widgets"][0]["id"]
    strip = lambda w: {k: v for k, v in w.items() if k != "id"}  # noqa: E731
    assert strip(copy["widgets"][0]) == strip(ws["widgets"][0])


def test_ordering_in_one_transaction(client, h, headers):
    ids = [_create(client, headers, name=n).get_json()["id"] for n in ("A", "B", "C")]
    resp = client.put("/api/v1/workspaces/ordering", json=[{"id": ids[2], "order": 0}, {"id": ids[0], "order": 1},
                                                           {"id": ids[1], "order": 2}], headers=headers)
    assert resp.status_code == 200
    assert [w["name"] for w in resp.get_json()] == ["C", "A", "B"]
    # An unknown id changes nothing.
    h.assert_error(client.put("/api/v1/workspaces/ordering", json=[{"id": ids[0], "order": 5},
                                                                   {"id": 9999, "order": 0}], headers=headers), 404)
    h.assert_error(client.put("/api/v1/workspaces/ordering", json=[{"id": ids[0], "order": 5},
                                                                   {"id": ids[0], "order": 0}], headers=headers), 422)
    h.assert_error(client.put("/api/v1/workspaces/ordering", json={"id": ids[0]}, headers=headers), 422)
    assert [w["name"] for w in client.get("/api/v1/workspaces", headers=headers).get_json()] == ["C", "A", "B"]


def test_another_users_workspace_is_404(client, h, headers):
    ws = _create(client, headers).get_json()
    other = h.bearer(h.signup(client, email="mallory@example.com")["accessToken"])
    h.assert_error(client.get(f"/api/v1/workspaces/{ws['id']}", headers=other), 404)
    h.assert_error(client.put(f"/api/v1/workspaces/{ws['id']}", json={"name": "mine"}, headers=other), 404)
    h.assert_error(client.delete(f"/api/v1/workspaces/{ws['id']}", headers=other), 404)
    h.assert_error(client.put("/api/v1/workspaces/ordering", json=[{"id": ws["id"], "order": 3}], headers=other), 404)
    assert client.get("/api/v1/workspaces", headers=other).get_json() == []
    assert client.get(f"/api/v1/workspaces/{ws['id']}", headers=headers).get_json()["name"] == "Morning"


@pytest.mark.parametrize("name", ["Robert'); DROP TABLE workspaces;--", "Ελληνικά 📈 日本語", "' OR '1'='1", "x" * 120])
def test_sql_looking_and_unicode_names_are_kept_verbatim(client, headers, name):
    ws = _create(client, headers, name=name).get_json()
    assert client.get(f"/api/v1/workspaces/{ws['id']}", headers=headers).get_json()["name"] == name
    assert len(client.get("/api/v1/workspaces", headers=headers).get_json()) == 1


@pytest.mark.parametrize("body, field", [
    ({"name": ""}, "name"),
    ({"name": "   "}, "name"),
    ({"name": "x" * 121}, "name"),
    ({"name": "A", "state": "ARCHIVED"}, "state"),
    ({"name": "A", "order": "first"}, "order"),
    ({"name": "A", "colour": "red"}, "colour"),
    ({"name": "A", "widgets": [dict(CHART, type="PIE")]}, "widgets.0.type"),
    ({"name": "A", "widgets": [dict(CHART, size="XL")]}, "widgets.0.size"),
    ({"name": "A", "widgets": [dict(CHART, size="L", position={"x": 1, "y": 0})]}, "widgets.0.position"),
    ({"name": "A", "widgets": [dict(SCREENER, position={"x": 7, "y": 0})]}, "widgets.0.position"),
    ({"name": "A", "widgets": [dict(CHART, position={"x": -1, "y": 0})]}, "widgets.0.position.x"),
    ({"name": "A", "widgets": [dict(CHART, size="S", type="ZERODTE", configuration={"ticker": "SPX"})]},
     "widgets.0.size"),
    ({"name": "A", "widgets": [dict(CHART, configuration={**CHART["configuration"], "kind": "both-ish"})]},
     "widgets.0.configuration.kind"),
    ({"name": "A", "widgets": [dict(CHART, configuration={**CHART["configuration"], "greek": "zeta"})]},
     "widgets.0.configuration.greek"),
    ({"name": "A", "widgets": [dict(CHART, configuration={**CHART["configuration"], "type": "statistics"})]},
     "widgets.0.configuration.chartName"),
    ({"name": "A", "widgets": [dict(CHART, configuration={**CHART["configuration"],
                                                          "expirations": {"option": "SOMEDAY"}})]},
     "widgets.0.configuration.expirations.option"),
    ({"name": "A", "widgets": [dict(CHART, configuration={**CHART["configuration"], "date": "22/11/2026"})]},
     "widgets.0.configuration.date"),
    ({"name": "A", "widgets": [dict(CHART, configuration={**CHART["configuration"], "strikeRange": 0.2})]},
     "widgets.0.configuration.strikeRange"),
    ({"name": "A", "widgets": [dict(CHART, configuration={**CHART["configuration"], "strikeRange": 75})]},
     "widgets.0.configuration.strikeRange"),
    ({"name": "A", "widgets": [dict(CHART, group={"id": 11})]}, "widgets.0.group.id"),
    ({"name": "A", "widgets": [dict(CHART, group={"id": 3, "color": "#000000"})]}, "widgets.0.group.color"),
    ({"name": "A", "widgets": [dict(SCREENER, configuration={"length": 30})]}, "widgets.0.configuration.length"),
    ({"name": "A", "widgets": [dict(SCREENER, configuration={"stockPriceRange": {"min": 10, "max": 5}})]},
     "widgets.0.configuration.stockPriceRange.max"),
    ({"name": "A", "widgets": [dict(SCREENER, configuration={"greek": "rho"})]}, "widgets.0.configuration.greek"),
])
def test_validation_names_the_field(client, h, headers, body, field):
    err = h.assert_error(_create(client, headers, **body), 422, "validation_error")
    assert field in err["message"], err


def test_historical_date_on_every_kind_with_history(client, h, headers):
    from api.workspaces.kinds import WIDGET_KINDS

    rows = [WIDGET_KINDS.kind(k) for k in ("ticker", "dealer_premium", "liquidity", "zerodte", "aggregate")]
    widgets = [{"type": row.type, "size": row.default_size, "position": {"x": 0, "y": 4 * i},
                "configuration": {"ticker": "SPX", "date": "2026-01-08 11:00"}} for i, row in enumerate(rows)]
    ws = _create(client, headers, widgets=widgets).get_json()
    assert [w["configuration"]["date"] for w in ws["widgets"]] == ["2026-01-08 11:00"] * 5
    bad = [dict(widgets[0], configuration={"ticker": "SPX", "date": "08/01/2026"})]
    err = h.assert_error(_create(client, headers, name="C", widgets=bad), 422, "validation_error")
    assert "widgets.0.configuration.date" in err["message"]


def test_chart_strike_range_is_kept(client, headers):
    chart = dict(CHART, configuration={**CHART["configuration"], "strikeRange": 5})
    ws = _create(client, headers, widgets=[chart]).get_json()
    assert ws["widgets"][0]["configuration"]["strikeRange"] == 5
    plain = _create(client, headers, name="B", widgets=[CHART]).get_json()
    assert "strikeRange" not in plain["widgets"][0]["configuration"]


def test_chart_iv_adjusted_and_session_close_are_kept(client, headers):
    vanna = dict(CHART, configuration={**CHART["configuration"], "greek": "vanna", "ivAdjusted": True})
    close = dict(CHART, position={"x": 0, "y": 4}, configuration={**CHART["configuration"], "date": "2026-01-08 15:55",
                                                                   "sessionClose": True})
    ws = _create(client, headers, widgets=[vanna, close]).get_json()
    assert ws["widgets"][0]["configuration"]["ivAdjusted"] is True
    assert ws["widgets"][1]["configuration"]["sessionClose"] is True


def test_update_rejects_duplicate_widget_ids(client, h, headers):
    ws = _create(client, headers, widgets=[CHART]).get_json()
    widget = ws["widgets"][0]
    h.assert_error(client.put(f"/api/v1/workspaces/{ws['id']}", json={"widgets": [widget, widget]},
                              headers=headers), 422)


def test_every_type_and_size_of_the_size_table(client, headers):
    from api.workspaces.kinds import WIDGET_KINDS
    from api.workspaces.widgets import configuration_schema

    configs = {"CHART": CHART["configuration"], "SCREENER": {}, "AGGREGATE": {"ticker": "QQQ", "greek": "vanna"},
               "WATCHLIST": {"tickers": ["SPY", "QQQ"]}}
    widgets = []
    for widget_type in WIDGET_KINDS.types():
        for size, (width, _height) in WIDGET_KINDS.sizes(widget_type).items():
            config = configs.get(widget_type, {"ticker": "SPY"} if configuration_schema(widget_type) else {"note": 1})
            widgets.append({"type": widget_type, "size": size, "position": {"x": 12 - width, "y": len(widgets)},
                            "configuration": config})
    resp = _create(client, headers, widgets=widgets)
    assert resp.status_code == 201, resp.get_json()
    assert len(resp.get_json()["widgets"]) == len(widgets)


def test_workspaces_need_a_token(client, h):
    h.assert_error(client.get("/api/v1/workspaces"), 401)
    h.assert_error(client.post("/api/v1/workspaces", json={"name": "A"}), 401)
