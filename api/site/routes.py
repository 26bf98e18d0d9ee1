"""``/api/v1/site/config``: public settings the web application needs at start (outside links, release,
error reporting). Links an operator did not configure are null and the site hides them."""

from __future__ import annotations

from flask import current_app
from flask_smorest import Blueprint
from marshmallow import Schema, fields

from volland.settings import get_settings

blp = Blueprint("site", __name__, url_prefix="/api/v1/site", description="Public site configuration")


class LinksSchema(Schema):
    community = fields.String(allow_none=True, required=True)
    video = fields.String(allow_none=True, required=True)
    newsletter = fields.String(allow_none=True, required=True)
    social = fields.String(allow_none=True, required=True)
    partner = fields.String(allow_none=True, required=True)
    supportEmail = fields.String(allow_none=True, required=True)


class PartnerSchema(Schema):
    name = fields.String(required=True, metadata={"description": "Shown in the footer (the link's host when unnamed)"})
    url = fields.String(required=True)


class SiteConfigSchema(Schema):
    links = fields.Nested(LinksSchema, required=True)
    partners = fields.List(fields.Nested(PartnerSchema), required=True, metadata={
        "description": "The footer's partner sites, in slot order (VOLLAND_LINK_PARTNER, VOLLAND_LINK_PARTNER_SECOND); "
                       "at most two, unconfigured slots left out"})
    release = fields.String(required=True)
    sentryDsn = fields.String(allow_none=True, required=True,
                              metadata={"description": "Public browser error-reporting DSN (VOLLAND_SENTRY_BROWSER_DSN), null when not configured"})
    sentryEnvironment = fields.String(required=True)


def browser_dsn() -> str | None:
    """The public DSN the web app reports to (VOLLAND_SENTRY_BROWSER_DSN); never the server's own DSN."""
    value = current_app.config.get("SENTRY_BROWSER_DSN", get_settings().sentry_browser_dsn)
    return value.strip() or None


def site_config() -> dict:
    s = get_settings()
    overrides = current_app.config.get("SITE_LINKS", {})

    def link(name: str, value: str) -> str | None:
        value = overrides.get(name, value)
        return value.strip() or None

    return {
        "links": {"community": link("community", s.link_community), "video": link("video", s.link_video),
                  "newsletter": link("newsletter", s.link_newsletter), "social": link("social", s.link_social),
                  "partner": link("partner", s.link_partner), "supportEmail": link("supportEmail", s.support_email)},
        "partners": partners(link("partner", s.link_partner), overrides.get("partnerName", s.link_partner_name),
                             link("partnerSecond", s.link_partner_second),
                             overrides.get("partnerSecondName", s.link_partner_second_name)),
        "release": s.release, "sentryDsn": browser_dsn(), "sentryEnvironment": s.sentry_environment,
    }


def partners(first: str | None, first_name: str, second: str | None, second_name: str) -> list[dict]:
    """The configured partner slots as ``[{name, url}]``; a slot without a name shows its link's host."""
    from urllib.parse import urlsplit

    out = []
    for url, name in ((first, first_name), (second, second_name)):
        if url:
            host = urlsplit(url).hostname or url
            out.append({"name": name.strip() or host.removeprefix("www."), "url": url})
    return out


@blp.route("/config", methods=["GET"])
@blp.response(200, SiteConfigSchema)
def config():
    """Outside links (null when not configured), release and error-reporting settings"""
    return site_config()
