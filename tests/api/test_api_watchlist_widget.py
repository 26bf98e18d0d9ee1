"""The key levels widget (saved type WATCHLIST): its configuration is a list of tickers, checked when the
widget is saved and stored normalized."""

from __future__ import annotations

import pytest

from api.workspaces.kinds import WIDGET_KINDS
from domain import vocabulary as v


@pytest.fixture
def headers(client, h):
    return h.bearer(h.signup(client)["accessToken"])


def _watchlist(configuration, size="M", x=0):
    return {"name": "Levels", "widgets": [{"type": "WATCHLIST", "size": size, "position": {"x": x, "y": 0},
                                           "configuration": configuration}]}


def test_the_watchlist_type_is_the_key_levels_kind():
    row = WIDGET_KINDS.kind("watchlist")
    assert (row.type, row.default_size, row.configuration) == ("WATCHLIST", "M", "WatchlistConfigSchema")
    assert row.sizes["S"] == (3, 1)   # the spec's size is kept


def test_a_list_is_stored_upper_cased_once_each(client, headers):
    resp = client.post("/api/v1/workspaces", json=_watchlist({"tickers": [" spx ", "QQQ", "spx", "iwm"]}),
                       headers=headers)
    assert resp.status_code == 201, resp.get_json()
    (widget,) = resp.get_json()["widgets"]
    assert widget["configuration"]["tickers"] == ["SPX", "QQQ", "IWM"]


@pytest.mark.parametrize("configuration,field", [
    ({}, "widgets.0.configuration.tickers"),
    ({"tickers": []}, "widgets.0.configuration.tickers"),
    ({"tickers": ["SPX", "BAD'"]}, "widgets.0.configuration.tickers"),
    ({"tickers": "SPX"}, "widgets.0.configuration.tickers"),
    ({"tickers": [f"T{i}" for i in range(v.MAX_MIXED_TICKERS + 1)]}, "widgets.0.configuration.tickers"),
    ({"tickers": ["SPX"], "date": "2026-13-01"}, "widgets.0.configuration.date"),
])
def test_a_bad_list_is_refused_naming_the_field(client, h, headers, configuration, field):
    err = h.assert_error(client.post("/api/v1/workspaces", json=_watchlist(configuration), headers=headers), 422)
    assert field in err["message"] or any(k.startswith(field) for k in err["errors"]), err


def test_sizes_are_the_rows(client, h, headers):
    ok = client.post("/api/v1/workspaces", json=_watchlist({"tickers": ["SPX"]}, size="L", x=0), headers=headers)
    assert ok.status_code == 201, ok.get_json()
    err = h.assert_error(client.post("/api/v1/workspaces", json=_watchlist({"tickers": ["SPX"]}, size="M", x=7),
                                     headers=headers), 422)
    assert "position" in err["message"] or "widgets.0.position" in err["errors"], err
