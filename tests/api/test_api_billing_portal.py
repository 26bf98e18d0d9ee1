"""The embedded billing portal's link: short-lived, opened once, tied to the session that asked for it.

The link (``/billing/local/portal/{ticket}``) is what reaches the browser's address bar and the access
log; it opens the portal once and is refused after that, after two minutes and once its session has
ended. The portal itself then runs on a cookie scoped to the portal's path, checked against the same
session on every request, and its forms carry a token of that cookie."""

from __future__ import annotations

import re
from urllib.parse import urlsplit

import jwt as pyjwt
import sqlalchemy as sa

from api import catalog
from api.billing import local
from api.db import session_scope
from api.models import Subscription

LIVE = catalog.TIERS["live"]
BASIC = catalog.TIERS["basic"]
PORTAL = "/billing/local/portal/"


def _buy_live(client, h, tokens) -> None:
    url = client.get(f"/api/v1/stripe/checkout-session/{LIVE.price_id}",
                     headers=h.bearer(tokens["accessToken"])).get_json()["url"]
    assert client.post(urlsplit(url).path + "/pay").status_code == 303


def _portal_link(client, h, tokens) -> str:
    resp = client.post("/api/v1/stripe/portal-session", headers=h.bearer(tokens["accessToken"]))
    assert resp.status_code == 200, resp.get_json()
    return urlsplit(resp.get_json()["url"]).path


def _csrf(page: str) -> str:
    return re.search(r'name="csrf" value="([^"]+)"', page).group(1)


def _sub_id(db_url) -> int:
    with session_scope(db_url) as db:
        return db.execute(sa.select(Subscription.id)).scalar_one()


def test_the_link_opens_the_portal_once_on_a_session_cookie(client, h, app):
    tokens = h.signup(client)
    _buy_live(client, h, tokens)
    link = _portal_link(client, h, tokens)
    assert link.startswith(PORTAL) and len(link) > len(PORTAL)

    opened = client.get(link)
    assert opened.status_code == 303 and urlsplit(opened.headers["Location"]).path == PORTAL
    cookie = opened.headers["Set-Cookie"]
    assert cookie.startswith(f"{local.PORTAL_COOKIE}=")
    for attribute in ("HttpOnly", "SameSite=Strict", "Path=/billing/local/portal"):
        assert attribute in cookie
    assert opened.headers["Cache-Control"] == "no-store" and opened.headers["Referrer-Policy"] == "no-referrer"
    page = client.get(PORTAL)
    assert page.status_code == 200 and b"Volland Live" in page.data

    # The link as the access log holds it opens nothing any more, in this browser or another.
    assert client.get(link).status_code == 403
    assert app.test_client().get(link).status_code == 403
    # Without the cookie the portal page is refused.
    assert app.test_client().get(PORTAL).status_code == 403


def test_the_link_is_refused_after_logout(client, h, db_url):
    tokens = h.signup(client)
    _buy_live(client, h, tokens)
    link = _portal_link(client, h, tokens)
    assert client.post("/api/v1/auth/logout", json={"refreshToken": tokens["refreshToken"]}).status_code == 204
    assert client.get(link).status_code == 403
    assert client.get(PORTAL).status_code == 403


def test_an_open_portal_stops_at_logout(client, h, db_url):
    tokens = h.signup(client)
    _buy_live(client, h, tokens)
    assert client.get(_portal_link(client, h, tokens)).status_code == 303
    page = client.get(PORTAL)
    assert page.status_code == 200
    csrf = _csrf(page.get_data(as_text=True))
    assert client.post("/api/v1/auth/logout", json={"refreshToken": tokens["refreshToken"]}).status_code == 204

    assert client.get(PORTAL).status_code == 403
    ended = client.post(f"{PORTAL}end", data={"subscription": str(_sub_id(db_url)), "csrf": csrf})
    assert ended.status_code == 403
    with session_scope(db_url) as db:
        assert db.execute(sa.select(Subscription.status)).scalar_one() == "active"


def test_the_link_is_short_lived_and_names_its_session(client, h, app):
    tokens = h.signup(client)
    ticket = _portal_link(client, h, tokens)[len(PORTAL):]
    claims = pyjwt.decode(ticket, options={"verify_signature": False})
    session_id = pyjwt.decode(tokens["accessToken"], options={"verify_signature": False})["sid"]
    assert claims["sid"] == session_id and claims["exp"] - claims["iat"] <= 300
    with app.app_context():
        key = app.config["JWT_SECRET_KEY"]
        expired = pyjwt.encode({**claims, "exp": claims["iat"] - 1}, key, algorithm="HS256")
        other_session = pyjwt.encode({**claims, "sid": "0" * 36}, key, algorithm="HS256")
        other_user = pyjwt.encode({**claims, "sub": "999"}, key, algorithm="HS256")
        wrong_type = pyjwt.encode({**claims, "type": local.PORTAL_COOKIE_TYPE}, key, algorithm="HS256")
    for token in (expired, other_session, other_user, wrong_type, "not-a-token"):
        assert client.get(f"{PORTAL}{token}").status_code == 403
    # The genuine one still opens (none of the refused ones used it up).
    assert client.get(f"{PORTAL}{ticket}").status_code == 303


def test_portal_forms_need_the_page_token(client, h, db_url):
    tokens = h.signup(client)
    _buy_live(client, h, tokens)
    client.get(_portal_link(client, h, tokens))
    page = client.get(PORTAL).get_data(as_text=True)
    sub_id = str(_sub_id(db_url))
    for csrf in (None, "", "forged"):
        data = {"subscription": sub_id, "price": BASIC.price_id}
        if csrf is not None:
            data["csrf"] = csrf
        assert client.post(f"{PORTAL}change", data=data).status_code == 403
    changed = client.post(f"{PORTAL}change", data={"subscription": sub_id, "price": BASIC.price_id,
                                                   "csrf": _csrf(page)})
    assert changed.status_code == 303 and urlsplit(changed.headers["Location"]).path == PORTAL
    assert client.get("/api/v1/users", headers=h.bearer(tokens["accessToken"])).get_json()["tier"] == "basic"
