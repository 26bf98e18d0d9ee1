"""Public data API: keys, Live requirement, item validation, answer shapes, credits and the credit race."""

from __future__ import annotations

import secrets
import subprocess
import sys
import threading

import pytest
from dataapi_helpers import assert_error_body
from sqlalchemy import select

URL = "/api/v1/volland"


def make_user(db_url: str, *, tier: str | None = "live", credits: int | None = 10, email: str | None = None,
              admin: bool = False) -> dict:
    from api import catalog
    from api.db import session_scope
    from api.models import ApiCreditAccount, ApiKey, Subscription, User
    from api.security import sha256_hex

    email = email or f"quant-{secrets.token_hex(4)}@example.com"
    raw = "vol_" + secrets.token_urlsafe(24)
    with session_scope(db_url) as db:
        user = User(email=email, first_name="Quant", roles=["User", "Admin"] if admin else ["User"])
        db.add(user)
        db.flush()
        if tier:
            t = catalog.TIERS[tier]
            db.add(Subscription(user_id=user.id, kind="regular", product_id=t.product_id, name=tier))
        db.add(ApiKey(user_id=user.id, key_hash=sha256_hex(raw), prefix=raw[:8], last_chars=raw[-4:]))
        if credits is not None:
            db.add(ApiCreditAccount(user_id=user.id, balance=credits))
        uid = user.id
    return {"id": uid, "key": raw, "email": email}


def balance(db_url: str, user_id: int) -> int:
    from api.db import session_scope
    from api.models import ApiCreditAccount

    with session_scope(db_url) as db:
        return db.execute(select(ApiCreditAccount.balance).where(ApiCreditAccount.user_id == user_id)).scalar_one()


ITEMS = [
    {"request_type": "exposure_request", "ticker": "SPX", "greek": "gamma", "kind": "both", "expirations": ["*"]},
    {"request_type": "trend_request", "ticker": "SPX", "greek": "vanna"},
    {"request_type": "paradigm_request", "ticker": "SPX"},
    {"request_type": "zerodte_request", "ticker": "SPX"},
    {"request_type": "derived_request", "ticker": "QQQ"},
]


def test_every_request_type_answers_and_costs_one_credit_each(client, db_url):
    u = make_user(db_url, credits=10)
    resp = client.post(URL, json={"requests": ITEMS}, headers={"X-API-KEY": u["key"]})
    assert resp.status_code == 200, resp.get_data(as_text=True)
    out = resp.get_json()
    assert [o["request_type"] for o in out] == [i["request_type"] for i in ITEMS]
    for item, answer in zip(ITEMS, out):
        for k, v in item.items():
            assert answer[k] == v  # the request's fields are echoed
    exp, trend, par, zdte, der = (o["data"] for o in out)
    assert set(exp) == {"strikes", "exposures", "lastModified", "currentPrice", "unit"}
    assert exp["unit"]["unit"] == "$ delta per 1 % move"
    assert len(exp["strikes"]) == len(exp["exposures"]) > 10
    assert set(trend) == {"trend", "unit", "lastModified"} and trend["trend"]
    assert trend["unit"]["unit"] == "$ delta per vol point"
    assert min(p["x"] for p in trend["trend"]) >= "2025-07-13"  # 180 days back from 2026-01-09
    assert set(par) >= {"paradigm", "target", "lis", "lastModified"}
    assert set(zdte) >= {"dealer_premium", "option_volume", "zerodte_agg_charm"}
    assert set(der) >= {"vannaInertia", "totalDealerPremium", "DADS", "DAP", "lastModified"}
    assert set(der["units"]) == {"vannaInertia", "totalDealerPremium", "DADS", "DAP"}
    assert set(zdte["units"]) == {"dealer_premium", "zerodte_agg_charm"}
    assert balance(db_url, u["id"]) == 5
    assert resp.headers["X-Credits-Remaining"] == "5"


def test_specific_expirations(client, db_url):
    from datetime import date

    from api.data import service as svc

    u = make_user(db_url)
    item = {**ITEMS[0], "expirations": ["2026-01-09"]}
    one = client.post(URL, json={"requests": [item]}, headers={"X-API-KEY": u["key"]}).get_json()[0]["data"]
    snap = svc.live_snapshot("SPX", svc.make_ctx("live"))
    expected = svc.exposure_payload(snap, "gamma", "both", [date(2026, 1, 9)], False, "SPX")
    assert [float(k) for k in one["strikes"]] == [p["strike"] for p in expected["data"]]
    assert one["exposures"] == pytest.approx([p["value"] for p in expected["data"]])
    everything = client.post(URL, json={"requests": [ITEMS[0]]}, headers={"X-API-KEY": u["key"]}).get_json()[0]
    assert sum(map(abs, one["exposures"])) != pytest.approx(sum(map(abs, everything["data"]["exposures"])))


@pytest.mark.parametrize("headers,code", [({}, "invalid_api_key"), ({"X-API-KEY": "vol_nope"}, "invalid_api_key"),
                                          ({"X-API-KEY": "garbage"}, "invalid_api_key")])
def test_missing_or_invalid_key_is_401(client, db_url, headers, code):
    body = assert_error_body(client.post(URL, json={"requests": ITEMS[:1]}, headers=headers), 401)
    assert body["code"] == code


@pytest.mark.parametrize("tier", ["30", "3", "basic", None])
def test_without_live_subscription_is_401(client, db_url, tier):
    u = make_user(db_url, tier=tier)
    body = assert_error_body(client.post(URL, json={"requests": ITEMS[:1]}, headers={"X-API-KEY": u["key"]}), 401)
    assert "Live" in body["message"]
    assert balance(db_url, u["id"]) == 10


@pytest.mark.parametrize("body,key", [
    ("not json", "_schema"),
    ({"items": []}, "requests"),
    ({"requests": {}}, "requests"),
    ({"requests": []}, "requests"),
    ({"requests": ["x"]}, "requests[0]"),
    ({"requests": [{"request_type": "gossip_request", "ticker": "SPX"}]}, "requests[0].request_type"),
    ({"requests": [ITEMS[2], {"request_type": "trend_request", "ticker": "SPX"}]}, "requests[1].greek"),
    ({"requests": [{**ITEMS[0], "kind": None}]}, "requests[0].kind"),
    ({"requests": [{**ITEMS[0], "kind": "strangle"}]}, "requests[0].kind"),
    ({"requests": [{**ITEMS[0], "expirations": ["2026/01/09"]}]}, "requests[0].expirations"),
    ({"requests": [{**ITEMS[0], "expirations": "*"}]}, "requests[0].expirations"),
    ({"requests": [{**ITEMS[2], "ticker": "spx'--"}]}, "requests[0].ticker"),
    ({"requests": [{**ITEMS[2], "ticker": "NOPE"}]}, "requests[0].ticker"),
    ({"requests": [{**ITEMS[1], "greek": "omega"}]}, "requests[0].greek"),
])
def test_bad_body_is_400_naming_item_and_field(client, db_url, body, key):
    u = make_user(db_url)
    kw = {"data": body, "content_type": "application/json"} if isinstance(body, str) else {"json": body}
    err = assert_error_body(client.post(URL, headers={"X-API-KEY": u["key"]}, **kw), 400)
    assert key in err["errors"], err
    if key.startswith("requests["):
        assert key.split(".")[0] in err["message"]
    assert balance(db_url, u["id"]) == 10  # nothing charged


def test_out_of_credits_is_429_and_partial_service(client, db_url):
    u = make_user(db_url, credits=2)
    resp = client.post(URL, json={"requests": ITEMS[:3]}, headers={"X-API-KEY": u["key"]})
    assert resp.status_code == 207  # a partial batch says so in its status
    out = resp.get_json()
    assert [o["data"] is not None for o in out] == [True, True, False]
    assert out[2]["error"]["code"] == "out_of_credits"
    body = assert_error_body(client.post(URL, json={"requests": ITEMS[:1]}, headers={"X-API-KEY": u["key"]}), 429)
    assert body["code"] == "out_of_credits"
    assert balance(db_url, u["id"]) == 0
    none = make_user(db_url, credits=None)
    assert_error_body(client.post(URL, json={"requests": ITEMS[:1]}, headers={"X-API-KEY": none["key"]}), 429)


def test_get_form(client, db_url):
    u = make_user(db_url, credits=3)
    q = client.get(URL + "?request_type=paradigm_request&ticker=SPX", headers={"X-API-KEY": u["key"]})
    assert q.status_code == 200 and q.get_json()[0]["data"]["paradigm"] is not None
    b = client.open(URL, method="GET", json={"requests": [ITEMS[2]]}, headers={"X-API-KEY": u["key"]})
    assert b.status_code == 200 and b.get_json()[0]["request_type"] == "paradigm_request"
    assert_error_body(client.get(URL, headers={"X-API-KEY": u["key"]}), 400)
    assert balance(db_url, u["id"]) == 1


@pytest.mark.parametrize("backend", ["sqlite", "postgresql"])
def test_credit_race_threads(request, backend, db_url):
    """N concurrent single-item requests with M < N credits: exactly M are served."""
    from api.app import create_app

    if backend == "postgresql":
        db_url = request.getfixturevalue("postgres_url")
    app = create_app({"TESTING": True, "DATABASE_URL": db_url, "RATELIMIT_STORAGE_URI": "memory://"})
    n, m = 12, 5
    u = make_user(db_url, credits=m)
    results: list[int] = []
    barrier = threading.Barrier(n)

    def one():
        c = app.test_client()
        barrier.wait()
        r = c.post(URL, json={"requests": [ITEMS[2]]}, headers={"X-API-KEY": u["key"]})
        results.append(r.status_code)

    threads = [threading.Thread(target=one) for _ in range(n)]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    assert sorted(results) == [200] * m + [429] * (n - m)
    assert balance(db_url, u["id"]) == 0


RACE_SCRIPT = r"""
import json, sys, threading
from api.app import create_app
url, key, n = sys.argv[1], sys.argv[2], int(sys.argv[3])
app = create_app({"TESTING": True, "DATABASE_URL": url, "RATELIMIT_STORAGE_URI": "memory://"})
codes = []
barrier = threading.Barrier(n)
def one():
    c = app.test_client()
    barrier.wait()
    r = c.post("/api/v1/volland", json={"requests": [{"request_type": "paradigm_request", "ticker": "SPX"},
                                                      {"request_type": "derived_request", "ticker": "SPX"}]},
               headers={"X-API-KEY": key})
    body = r.get_json()
    codes.append(sum(1 for item in body if isinstance(item, dict) and item.get("data")) if r.status_code in (200, 207) else 0)
ts = [threading.Thread(target=one) for _ in range(n)]
[t.start() for t in ts]; [t.join() for t in ts]
print(json.dumps(sum(codes)))
"""


def test_credit_race_processes(db_url, tmp_path):
    """Two processes, each with several threads, share 7 credits: exactly 7 items are served in total."""
    u = make_user(db_url, credits=7)
    procs = [subprocess.Popen([sys.executable, "-c", RACE_SCRIPT, db_url, u["key"], "4"], stdout=subprocess.PIPE,
                              stderr=subprocess.PIPE, text=True) for _ in range(2)]
    served = 0
    for p in procs:
        out, err = p.communicate(timeout=120)
        assert p.returncode == 0, err[-2000:]
        served += int(out.strip().splitlines()[-1])
    assert served == 7
    assert balance(db_url, u["id"]) == 0


def test_credits_cli_grant(db_url, monkeypatch):
    from click.testing import CliRunner

    from volland.cli import cli

    monkeypatch.setenv("VOLLAND_DATABASE_URL", db_url)
    u = make_user(db_url, credits=None, email="cli@example.com")
    runner = CliRunner()
    res = runner.invoke(cli, ["credits", "grant", "--email", "cli@example.com", "--credits", "25"])
    assert res.exit_code == 0, res.output
    assert balance(db_url, u["id"]) == 25
    res = runner.invoke(cli, ["credits", "grant", "--email", "CLI@example.com", "--credits", "5"])
    assert res.exit_code == 0 and balance(db_url, u["id"]) == 30
    # Full-width letters are the same address once normalised (the stored form).
    res = runner.invoke(cli, ["credits", "grant", "--email", "ｃｌｉ@example.com", "--credits", "1"])
    assert res.exit_code == 0 and balance(db_url, u["id"]) == 31
    res = runner.invoke(cli, ["credits", "grant", "--email", "cli@example.com", "--credits", "-1"])
    assert res.exit_code == 0 and balance(db_url, u["id"]) == 30
    res = runner.invoke(cli, ["credits", "grant", "--email", "nobody@example.com", "--credits", "5"])
    assert res.exit_code == 2 and "No account" in res.output
    res = runner.invoke(cli, ["credits", "grant", "--email", "cli@example.com", "--credits", "-100"])
    assert res.exit_code == 2 and balance(db_url, u["id"]) == 30


def test_heatmap_item_is_the_routes_matrix_for_one_credit(client, db_url, auth):
    u = make_user(db_url, credits=3)
    items = [{"request_type": "heatmap_request", "ticker": "SPX", "greek": "charm", "kind": "both",
              "expirations": ["*"]},
             {"request_type": "heatmap_request", "ticker": "SPX", "greek": "gamma", "kind": "put",
              "expirations": ["2026-01-09"]}]
    resp = client.post(URL, json={"requests": items}, headers={"X-API-KEY": u["key"]})
    assert resp.status_code == 200, resp.get_data(as_text=True)
    every, day = (o["data"] for o in resp.get_json())
    assert set(every) == {"times", "strikes", "values", "spot", "strikeRange", "unit", "lastModified"}
    route = client.get("/api/v1/data/volland-live-api-heatmap?ticker=SPX&greek=charm", headers=auth("live")).get_json()
    for key in every:
        assert every[key] == route[key], key
    assert len(every["values"]) == len(every["times"]) > 3 and every["unit"]["unit"] == "$ delta per calendar day"
    route = client.get("/api/v1/data/volland-live-api-heatmap?ticker=SPX&greek=gamma&kind=put&expirations=SPECIFIC"
                       "&dates=2026-01-09", headers=auth("live")).get_json()
    assert day["values"] == route["values"] and day["strikes"] == route["strikes"]
    assert balance(db_url, u["id"]) == 1
    missing = {"request_type": "heatmap_request", "ticker": "SPX", "greek": "gamma", "kind": "both"}
    body = assert_error_body(client.post(URL, json={"requests": [missing]}, headers={"X-API-KEY": u["key"]}), 400)
    assert "requests[0].expirations" in body["errors"]
