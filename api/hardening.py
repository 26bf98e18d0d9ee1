"""Request and response guards applied to every route (docs/security.md).

- JSON bodies nested deeper than ``MAX_JSON_DEPTH`` or holding unpaired UTF-16 surrogate escapes answer
  400 before any view parses them.
- A NUL character (U+0000) in a JSON string or key, a query or form parameter or a header answers 400
  naming where it was; in a path segment, 404. No text column of either database stores it
  (PostgreSQL refuses it outright), and no field of the API has a use for it.
- Integer path segments beyond ``ID_MAX`` (the largest id an INTEGER column holds on every supported
  database) do not match a route (404).
- Security headers on every response; ``Cache-Control: no-store`` on authenticated JSON.
- ``VOLLAND_TRUSTED_PROXIES`` > 0 applies ProxyFix for that many reverse proxies.
"""

from __future__ import annotations

import json
import re
from itertools import accumulate

from flask import Flask, Response, current_app, has_app_context, request
from werkzeug.middleware.proxy_fix import ProxyFix
from werkzeug.routing import IntegerConverter

from api.errors import ApiError

MAX_JSON_DEPTH = 32
#: The largest row id: every id column is an INTEGER, 32-bit signed on PostgreSQL. Request ids beyond it
#: cannot name a row; they are refused at the edge (path: 404, body and query fields: 422) rather than
#: reaching a query the database would refuse.
ID_MAX = 2**31 - 1
NUL = "\x00"
NUL_MESSAGE = "Text may not contain the NUL character (U+0000)."

# An unclosed string runs to the end of the body (the optional closing quote keeps the scan linear).
_JSON_STRING = re.compile(rb'"(?:[^"\\]|\\.)*"?', re.DOTALL)
_NOT_BRACKET = re.compile(rb"[^\[\]{}]+")
_SURROGATE_ESCAPE = re.compile(rb"\\u[dD][89a-fA-F]")
_NUL_ESCAPE = re.compile(rb"\\u0000")
_FORM_TYPES = ("application/x-www-form-urlencoded", "multipart/form-data")
_STEP = bytes.maketrans(b"[]{}", b"\x01\x02\x01\x02")


def json_depth(raw: bytes) -> int:
    """The deepest nesting of arrays and objects in a JSON text (strings are skipped)."""
    brackets = _NOT_BRACKET.sub(b"", _JSON_STRING.sub(b"", raw)).translate(_STEP)
    if not brackets:
        return 0
    return max(accumulate(1 if b == 1 else -1 for b in brackets))


def _has_lone_surrogate(value) -> bool:
    if isinstance(value, str):
        try:
            value.encode("utf-8")
        except UnicodeEncodeError:
            return True
        return False
    if isinstance(value, dict):
        return any(_has_lone_surrogate(k) or _has_lone_surrogate(v) for k, v in value.items())
    if isinstance(value, list):
        return any(_has_lone_surrogate(v) for v in value)
    return False


def nul_paths(value, path: tuple = ()) -> list[tuple]:
    """The paths (keys and list indexes) of every string in ``value`` holding a NUL, keys included."""
    if isinstance(value, str):
        return [path] if NUL in value else []
    found: list[tuple] = []
    if isinstance(value, dict):
        for key, item in value.items():
            if NUL in key:
                found.append((*path, key.replace(NUL, "\\u0000")))
            found.extend(nul_paths(item, (*path, key)))
    elif isinstance(value, list):
        for index, item in enumerate(value):
            found.extend(nul_paths(item, (*path, index)))
    return found


def _nul_error(where: str, paths: list[tuple]) -> ApiError:
    """400 naming each place (nested like a validation failure's ``errors``) and the first few in words."""
    errors: dict = {}
    for path in paths:
        node = errors
        for part in path[:-1]:
            node = node.setdefault(str(part), {})
        node[str(path[-1]) if path else "_schema"] = [NUL_MESSAGE]
    names = [".".join(str(p) for p in path) for path in paths if path]
    shown = (": " + ", ".join(names[:5]) + (", ..." if len(names) > 5 else "")) if names else ""
    return ApiError(400, "bad_request", f"The {where} holds a NUL character (U+0000), which no text may "
                                        f"contain{shown}.", errors)


def check_json_body() -> None:
    if not request.is_json:
        return
    raw = request.get_data(cache=True)
    if not raw:
        return
    depth = json_depth(raw)
    if depth > MAX_JSON_DEPTH:
        raise ApiError(400, "bad_request", f"The request body is nested too deeply (at most {MAX_JSON_DEPTH} "
                                           f"levels of arrays and objects).")
    surrogate, nul = _SURROGATE_ESCAPE.search(raw), _NUL_ESCAPE.search(raw)
    if surrogate or nul:
        try:
            parsed = json.loads(raw)
        except ValueError:
            return  # the view's own parser answers invalid JSON
        if surrogate and _has_lone_surrogate(parsed):
            raise ApiError(400, "bad_request", "The request body holds text that is not valid Unicode "
                                               "(an unpaired surrogate escape).")
        paths = nul_paths(parsed) if nul else []
        if paths:
            raise _nul_error("request body", paths)


def _view_method():
    """The function that answers this request (a MethodView's method, or the view itself)."""
    view = current_app.view_functions.get(request.endpoint) if request.endpoint else None
    cls = getattr(view, "view_class", None)
    return getattr(cls, request.method.lower(), None) if cls is not None else view


def body_required() -> bool:
    """True when the operation's document marks its JSON request body as required."""
    params = getattr(_view_method(), "_apidoc", {}).get("arguments", {}).get("parameters", [])
    return any(p.get("in") == "json" and p.get("required", True) for p in params)


def check_required_body() -> None:
    """A request without the body its document requires is refused (400), never read as an empty object."""
    if request.method not in ("POST", "PUT", "PATCH") or request.content_length:
        return
    if request.headers.get("Transfer-Encoding") and request.get_data(cache=True):
        return
    if body_required():
        raise ApiError(400, "bad_request", "This request needs a JSON body; send one (an empty object {} where "
                                           "every field is optional).", {"json": ["A request body is required."]})


def check_nul_outside_the_body() -> None:
    """NUL in a path segment (404), a header, a query or a form parameter (400).

    werkzeug decodes ``%00`` into the text a view reads, and a header may carry a raw NUL when no
    server in front refuses it (gunicorn does, the development server does not)."""
    if any(isinstance(value, str) and NUL in value for value in (request.view_args or {}).values()):
        raise ApiError(404, "not_found", "The requested resource was not found.")
    headers = [(name,) for name, value in request.headers.items() if NUL in name or NUL in value]
    if headers:
        raise _nul_error("request headers", headers)
    params = [(key.replace(NUL, "\\u0000"),) for key, value in request.args.items(multi=True)
              if NUL in key or NUL in value]
    if params:
        raise _nul_error("query string", params)
    if request.mimetype in _FORM_TYPES:
        fields = [(key.replace(NUL, "\\u0000"),) for key, value in request.form.items(multi=True)
                  if NUL in key or NUL in value]
        if fields:
            raise _nul_error("form", fields)


class BoundedIntConverter(IntegerConverter):
    """``<int:...>`` path segments: 0 to ``ID_MAX`` (larger values cannot be row ids; they match nothing)."""

    def __init__(self, map, *args, **kwargs):  # noqa: A002 - werkzeug's signature
        kwargs.setdefault("max", ID_MAX)
        super().__init__(map, *args, **kwargs)


# The web application: its own scripts and styles only (the one inline script of index.html is allowed by
# its hash, added by api/spa.py); styles may be inline (chart and map libraries set them), workers may be
# blob: URLs, and no page may be framed.
APP_CSP = ("default-src 'self'; script-src 'self'{scripts}; style-src 'self' 'unsafe-inline'; "
           "img-src 'self' data: blob:; font-src 'self' data:; connect-src 'self'{connect}; worker-src 'self' blob:; "
           "object-src 'none'; base-uri 'self'; form-action 'self'; frame-ancestors 'none'")
# Everything else (JSON, files): nothing may run or be framed.
DATA_CSP = "default-src 'none'; frame-ancestors 'none'; base-uri 'none'; form-action 'none'"
HSTS = "max-age=31536000; includeSubDomains"
CREDENTIAL_HEADERS = ("Authorization", "X-API-KEY")
TOKEN_PATHS = ("/api/v1/auth/",)


def app_csp(script_hashes: tuple[str, ...] = ()) -> str:
    return APP_CSP.format(scripts="".join(f" 'sha256-{h}'" for h in script_hashes), connect=_report_origin())


def _report_origin() -> str:
    """With a browser Sentry DSN the page may send its reports to the DSN's host (its origin only)."""
    from urllib.parse import urlsplit

    from api.site.routes import browser_dsn

    dsn = browser_dsn() if has_app_context() else None
    if not dsn or re.search(r"[\s;,'\"]", dsn):
        return ""
    try:
        parts = urlsplit(dsn)
        port = parts.port
    except ValueError:
        return ""
    if parts.scheme not in ("http", "https") or not re.fullmatch(r"[A-Za-z0-9.:-]+", parts.hostname or ""):
        return ""
    host = f"[{parts.hostname}]" if ":" in parts.hostname else parts.hostname
    return f" {parts.scheme}://{host}" + (f":{port}" if port else "")


def _authenticated() -> bool:
    return any(request.headers.get(name) for name in CREDENTIAL_HEADERS) or request.path.startswith(TOKEN_PATHS)


def security_headers(resp: Response) -> Response:
    headers = resp.headers
    headers.setdefault("X-Content-Type-Options", "nosniff")
    headers.setdefault("Referrer-Policy", "no-referrer")
    headers.setdefault("X-Frame-Options", "DENY")
    headers.setdefault("Content-Security-Policy", app_csp() if resp.mimetype == "text/html" else DATA_CSP)
    if request.is_secure:
        headers.setdefault("Strict-Transport-Security", HSTS)
    # Credentials and what they unlock (tokens, a new API key shown once, account data) are never stored by
    # a browser or proxy cache; a view that chose its own private caching (ETag revalidation) keeps it.
    if resp.is_json and _authenticated() and "Cache-Control" not in headers:
        headers["Cache-Control"] = "no-store"
        headers.setdefault("Pragma", "no-cache")
    return resp


def init_app(app: Flask, trusted_proxies: int = 0) -> None:
    app.url_map.converters["int"] = BoundedIntConverter
    app.before_request(check_json_body)
    app.before_request(check_required_body)
    app.before_request(check_nul_outside_the_body)
    app.after_request(security_headers)
    if trusted_proxies > 0:
        app.wsgi_app = ProxyFix(app.wsgi_app, x_for=trusted_proxies, x_proto=trusted_proxies,  # type: ignore
                                x_host=trusted_proxies)
