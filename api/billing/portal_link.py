"""The embedded provider's portal link (docs/billing.md, "The portal link"): its path and the signed
tokens behind it. The provider issues the link (``providers.EmbeddedProvider.portal_url``); the portal
pages (``local``) check it and then run on a cookie signed the same way. Both import it from here, so
neither imports the other.

A ticket in the URL opens the portal once, within ``PORTAL_TICKET_SECONDS``, for the session that asked
for it.
"""

from __future__ import annotations

import secrets
import time

import jwt as pyjwt
from flask import current_app

PORTAL_PATH = "/billing/local/portal/"
PORTAL_TICKET_TYPE = "billing-portal-ticket"
PORTAL_TICKET_SECONDS = 120


def sign(claims: dict, seconds: int) -> str:
    """``claims`` signed with the app's key, valid ``seconds`` from now, with a unique id (``jti``)."""
    now = int(time.time())
    return pyjwt.encode({**claims, "jti": secrets.token_hex(16), "iat": now, "exp": now + seconds},
                        current_app.config["JWT_SECRET_KEY"], algorithm="HS256")


def read(token: str, token_type: str) -> dict | None:
    """The claims of a token ``sign`` made with type ``token_type``; None when forged, expired or another type."""
    try:
        claims = pyjwt.decode(token, current_app.config["JWT_SECRET_KEY"], algorithms=["HS256"],
                              options={"require": ["exp", "iat", "sub", "sid", "jti", "type"]})
    except pyjwt.PyJWTError:
        return None
    if claims.get("type") != token_type:
        return None
    return claims


def portal_ticket(user_id: int, session_id: str) -> str:
    """The token of a portal link, for this user's session ``session_id`` (its refresh-token family)."""
    return sign({"sub": str(user_id), "sid": session_id, "type": PORTAL_TICKET_TYPE}, PORTAL_TICKET_SECONDS)
