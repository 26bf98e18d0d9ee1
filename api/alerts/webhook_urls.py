"""Which webhook URLs an alert may call: https to a public address; http only to loopback, and loopback
only, when the development setting ``VOLLAND_ALERTS_DEV_WEBHOOKS`` is on. Checked when a rule is saved
and again, on the resolved addresses, before every delivery (a name may resolve elsewhere later)."""

from __future__ import annotations

import ipaddress
import socket
from urllib.parse import urlsplit


DEV_WEBHOOKS_WARNING = (
    "WARNING: VOLLAND_ALERTS_DEV_WEBHOOKS is on: alert webhooks may call http:// URLs on this machine's "
    "loopback address (127.0.0.1, ::1, localhost). Use it for development only; leave it unset in production.")


class WebhookUrlError(ValueError):
    pass


def start_notice(settings=None) -> str | None:
    """What a production start says about alert webhooks (None: the development setting is off)."""
    from volland.settings import get_settings

    s = settings or get_settings()
    return DEV_WEBHOOKS_WARNING if s.alerts_dev_webhooks else None


def _addresses(host: str) -> list[ipaddress._BaseAddress]:
    try:
        return [ipaddress.ip_address(host.strip("[]"))]
    except ValueError:
        pass
    try:
        infos = socket.getaddrinfo(host, None, proto=socket.IPPROTO_TCP)
    except OSError as exc:
        raise WebhookUrlError(f"The host '{host}' cannot be resolved.") from exc
    return [ipaddress.ip_address(info[4][0].split("%", 1)[0]) for info in infos]


def _private(addr) -> bool:
    return (addr.is_private or addr.is_loopback or addr.is_link_local or addr.is_multicast or addr.is_reserved
            or addr.is_unspecified)


def check_webhook_url(url: str, *, dev: bool, resolve: bool = True) -> str:
    """``url`` when an alert may call it; ``WebhookUrlError`` says why not."""
    parts = urlsplit(url)
    if parts.scheme not in ("https", "http") or not parts.hostname:
        raise WebhookUrlError("Use an https:// URL.")
    if parts.username or parts.password:
        raise WebhookUrlError("The URL may not carry a user name or password.")
    host = parts.hostname
    if not resolve:
        return url
    addrs = _addresses(host)
    loopback = all(a.is_loopback for a in addrs)
    if parts.scheme == "http" and not (dev and loopback):
        raise WebhookUrlError("Use an https:// URL.")
    if any(_private(a) for a in addrs) and not (dev and loopback):
        raise WebhookUrlError("The URL may not point to a private or loopback address.")
    return url
