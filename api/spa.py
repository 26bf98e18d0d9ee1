"""Serving the web build and the local API reference page.

When ``web/dist`` exists, its files are served and every other GET path outside the API
(plus the two web pages under ``/api``) answers ``index.html`` so the client-side router can take over. This runs
from the 404 handler that ``register`` installs in front of the JSON one (``api.errors``), so real routes
(and 405 for wrong methods on them) always win, and unknown ``/api/...`` paths keep the JSON 404 body.
"""

from __future__ import annotations

import base64
import hashlib
import re
from pathlib import Path

from flask import Flask, Response, current_app, request, send_from_directory
from werkzeug.exceptions import NotFound
from werkzeug.security import safe_join

from api.errors import render_http_exception
from api.hardening import app_csp


# Pages of the web application whose paths sit under /api (the data-API marketing page and its
# documentation); every other /api path belongs to the HTTP API.
SPA_PATHS_UNDER_API = frozenset({"/api", "/api/documentation"})


def serve_spa() -> Response | None:
    if request.method not in ("GET", "HEAD"):
        return None
    if request.path.startswith("/api") and request.path.rstrip("/") not in SPA_PATHS_UNDER_API:
        return None
    dist = Path(current_app.config.get("WEB_DIST") or "")
    index = dist / "index.html"
    if not index.is_file():
        return None
    relative = request.path.lstrip("/")
    if relative:
        candidate = safe_join(str(dist), relative)
        if candidate and Path(candidate).is_file():
            response = send_from_directory(dist, relative, max_age=_max_age(relative))
            return response
    response = send_from_directory(dist, "index.html", max_age=0)
    response.headers["Cache-Control"] = "no-cache"
    response.headers["Content-Security-Policy"] = app_csp(_inline_script_hashes(index))
    return response


_INLINE_SCRIPT = re.compile(r"<script(?![^>]*\bsrc=)[^>]*>(.*?)</script>", re.DOTALL | re.IGNORECASE)
_hash_cache: dict[tuple[str, float], tuple[str, ...]] = {}


def _inline_script_hashes(index: Path) -> tuple[str, ...]:
    """CSP hashes of the inline scripts of the built index.html (the theme script that runs before the
    first paint); any other inline script stays blocked."""
    key = (str(index), index.stat().st_mtime)
    if key not in _hash_cache:
        text = index.read_text(encoding="utf-8")
        _hash_cache.clear()
        _hash_cache[key] = tuple(base64.b64encode(hashlib.sha256(body.encode("utf-8")).digest()).decode()
                                 for body in _INLINE_SCRIPT.findall(text))
    return _hash_cache[key]


def _max_age(relative: str) -> int:
    # Vite puts content-hashed files under assets/: they never change under the same name.
    return 31536000 if relative.startswith("assets/") else 3600


def register(app: Flask) -> None:
    @app.errorhandler(NotFound)
    def not_found(exc: NotFound) -> Response:
        page = serve_spa()
        return page if page is not None else render_http_exception(exc)

    @app.get("/api/docs")
    def api_docs() -> Response:
        return Response(_DOCS_HTML, mimetype="text/html")

    # The page's script and styles are files (the Content-Security-Policy allows no inline script).
    @app.get("/api/docs.js")
    def api_docs_js() -> Response:
        return Response(_DOCS_JS, mimetype="text/javascript")

    @app.get("/api/docs.css")
    def api_docs_css() -> Response:
        return Response(_DOCS_CSS, mimetype="text/css")


_DOCS_HTML = """<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1">
<title>Volland API reference</title>
<link rel="stylesheet" href="/api/docs.css">
</head><body>
<h1>Volland API reference</h1>
<div class="s" id="info">Loading <a href="/api/openapi.json">/api/openapi.json</a>…</div>
<input id="filter" placeholder="Filter by path, tag or summary">
<div id="out"></div>
<script src="/api/docs.js"></script>
</body></html>
"""

_DOCS_CSS = """:root{color-scheme:light dark;--b:#d8dbe6;--m:#5d6478;--bg2:rgba(120,130,160,.08)}
body{font:14px/1.5 system-ui,sans-serif;margin:0 auto;max-width:1280px;padding:24px}
h1{margin:0 0 4px}h2{margin:28px 0 8px;border-bottom:1px solid var(--b);padding-bottom:4px}
.op{border:1px solid var(--b);border-radius:6px;margin:8px 0}.op>summary{cursor:pointer;padding:8px 12px;list-style:none}
.m{display:inline-block;min-width:64px;font-weight:700;font-family:ui-monospace,monospace}
.GET{color:#2b7bb9}.POST{color:#2f9e44}.PUT{color:#c77d00}.DELETE{color:#d6336c}.PATCH{color:#7048e8}
.p{font-family:ui-monospace,monospace}.s{color:var(--m);margin-left:8px}.lock{margin-left:8px;font-size:12px;color:var(--m)}
.body{padding:4px 14px 12px}pre{background:var(--bg2);padding:10px;border-radius:4px;overflow:auto;font-size:12px}
table{border-collapse:collapse}td,th{text-align:left;padding:2px 10px 2px 0;vertical-align:top}
#filter{width:100%;padding:8px;font-size:14px;margin:12px 0;box-sizing:border-box}
"""

_DOCS_JS = r"""(async function () {
  const spec = await (await fetch('/api/openapi.json')).json();
  const esc = (s) => String(s ?? '').replace(/[&<>"]/g, (c) => ({'&':'&amp;','<':'&lt;','>':'&gt;','"':'&quot;'}[c]));
  const ref = (r) => r.split('/').pop();
  function resolve(schema, depth) {
    if (!schema || depth > 6) return schema;
    if (schema.$ref) return resolve(spec.components.schemas[ref(schema.$ref)], depth + 1);
    const out = Object.assign({}, schema);
    if (out.properties) { out.properties = Object.fromEntries(Object.entries(out.properties).map(([k, v]) => [k, resolve(v, depth + 1)])); }
    if (out.items) out.items = resolve(out.items, depth + 1);
    return out;
  }
  const show = (schema) => schema ? '<pre>' + esc(JSON.stringify(resolve(schema, 0), null, 2)) + '</pre>' : '';
  document.getElementById('info').innerHTML = esc(spec.info.title) + ' ' + esc(spec.info.version) +
    ' — <a href="/api/openapi.json">openapi.json</a>. ' + esc(spec.info.description || '');
  const groups = {};
  for (const [path, item] of Object.entries(spec.paths)) {
    for (const [method, op] of Object.entries(item)) {
      if (method === 'parameters') continue;
      const tag = (op.tags || ['other'])[0];
      (groups[tag] = groups[tag] || []).push({path, method: method.toUpperCase(), op, shared: item.parameters || []});
    }
  }
  let html = '';
  for (const tag of Object.keys(groups).sort()) {
    html += '<section data-tag="' + esc(tag.toLowerCase()) + '"><h2>' + esc(tag) + '</h2>';
    for (const {path, method, op, shared} of groups[tag]) {
      const sec = (op.security || spec.security || []).map((s) => Object.keys(s)).flat();
      const params = shared.concat(op.parameters || []);
      let body = '';
      if (op.description) body += '<p>' + esc(op.description) + '</p>';
      if (params.length) {
        body += '<b>Parameters</b><table>' + params.map((p) => '<tr><td class="p">' + esc(p.name) + '</td><td>' + esc(p.in) +
          (p.required ? ', required' : '') + '</td><td>' + esc((p.schema || {}).type || '') + '</td></tr>').join('') + '</table>';
      }
      const rb = op.requestBody && op.requestBody.content && op.requestBody.content['application/json'];
      if (rb) body += '<b>Request body</b>' + show(rb.schema);
      for (const [code, resp] of Object.entries(op.responses || {})) {
        const r = resp.$ref ? spec.components.responses[ref(resp.$ref)] : resp;
        const c = r && r.content && r.content['application/json'];
        body += '<b>' + esc(code) + '</b> <span class="s">' + esc(r && r.description) + '</span>' + (c ? show(c.schema) : '<br>');
      }
      html += '<details class="op" data-text="' + esc((path + ' ' + (op.summary || '')).toLowerCase()) + '"><summary><span class="m ' + method + '">' + method +
        '</span><span class="p">' + esc(path) + '</span><span class="s">' + esc(op.summary || '') + '</span>' +
        (sec.length ? '<span class="lock">[' + esc(sec.join(', ')) + ']</span>' : '') + '</summary><div class="body">' + body + '</div></details>';
    }
    html += '</section>';
  }
  document.getElementById('out').innerHTML = html;
  document.getElementById('filter').addEventListener('input', (e) => {
    const q = e.target.value.toLowerCase();
    document.querySelectorAll('section').forEach((s) => {
      let any = false;
      s.querySelectorAll('details').forEach((d) => {
        const hit = !q || d.dataset.text.includes(q) || s.dataset.tag.includes(q);
        d.style.display = hit ? '' : 'none'; any = any || hit;
      });
      s.style.display = any ? '' : 'none';
    });
  });
})();
"""
