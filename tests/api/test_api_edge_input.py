"""Input the databases cannot store is refused at the edge, the same way on SQLite and PostgreSQL.

PostgreSQL refuses a NUL character (U+0000) in text and an integer beyond its 32-bit INTEGER in a
comparison with an id column; SQLite stores and compares both. Before the edge checked them, such input
answered 500 on PostgreSQL only. Now (api/hardening.py, docs/security.md "Request bodies"):

- a NUL in a JSON string or key, a query or form parameter or a header answers 400 ``bad_request``
  naming each place; in a path segment, 404;
- an integer path segment beyond ``ID_MAX`` (2^31 − 1) matches no route (404); id fields of bodies
  and query strings are bounded the same way (422).

Targeted cases cover the routes that answered 500 (sign-up, contact and client errors without login;
workspaces, API keys and academy sections signed in) on both databases. A sweep drives every operation of
the OpenAPI document on PostgreSQL, where such input broke, with a NUL in each text value, path segment
and the User-Agent header, and 2^31 in each integer (2^63 − 1 too in paths): no 5xx, NUL refused with
400 (404 in a path), a path id beyond ``ID_MAX`` 404. The checks themselves do not depend on the database.
"""

from __future__ import annotations

import copy

import pytest
import sqlalchemy as sa

from api.hardening import ID_MAX, nul_paths

BIG_IDS = (2**31, 2**63 - 1, 10**23)


def _make_admin(db_url: str, email: str) -> None:
    from api.db import session_scope
    from api.models import User

    with session_scope(db_url) as db:
        user = db.execute(sa.select(User).where(User.email == email)).scalar_one()
        user.roles = ["User", "Admin"]


def _count(db_url: str, table: str) -> int:
    from api.db import get_engine

    with get_engine(db_url).connect() as conn:
        return conn.execute(sa.text(f"SELECT COUNT(*) FROM {table}")).scalar_one()


def _nul_refused(h, resp, *field_path: str) -> dict:
    body = h.assert_error(resp, 400, "bad_request")
    node = body["errors"]
    for part in field_path:
        assert part in node, body
        node = node[part]
    assert node == ["Text may not contain the NUL character (U+0000)."], body
    assert "NUL" in body["message"] and ".".join(field_path) in body["message"], body
    return body


# ---------------------------------------------------------------- the routes that answered 500

def test_nul_in_the_forms_without_login_is_400_and_stores_nothing(client, h, db_url):
    resp = client.post("/api/v1/auth/signup", json={"firstName": "Ada\x00", "email": "nul@example.com",
                                                    "password": h.PASSWORD})
    _nul_refused(h, resp, "firstName")
    contact = {"name": "Ada", "email": "ada@example.com", "subject": "Hi", "message": "Hello\x00there"}
    _nul_refused(h, client.post("/api/v1/contact", json=contact), "message")
    _nul_refused(h, client.post("/api/v1/client-errors", json={"message": "boom\x00"}), "message")
    assert (_count(db_url, "users"), _count(db_url, "contact_messages"), _count(db_url, "client_error_groups")) \
        == (0, 0, 0)
    # The escape written out (a backslash, then u0000) is ordinary text.
    assert client.post("/api/v1/auth/signup", data=b'{"firstName": "Ada \\\\u0000", "email": "esc@example.com", '
                                                    b'"password": "correct-horse-battery"}',
                       content_type="application/json").status_code == 201


def test_nul_in_a_header_query_or_form_is_400(client, h, db_url):
    resp = client.post("/api/v1/client-errors", json={"message": "boom"}, headers={"User-Agent": "agent\x00"})
    _nul_refused(h, resp, "User-Agent")
    resp = client.post("/api/v1/auth/signup", json={"firstName": "Ada", "email": "ua@example.com",
                                                    "password": h.PASSWORD}, headers={"User-Agent": "\x00"})
    _nul_refused(h, resp, "User-Agent")
    _nul_refused(h, client.get("/api/v1/stripe/products?productType=%00"), "productType")
    _nul_refused(h, client.post("/api/v1/contact", data={"name": "Ada\x00"}), "name")
    assert _count(db_url, "users") == 0 and _count(db_url, "client_error_groups") == 0


def test_nul_in_signed_in_writes_is_400(client, h, db_url):
    auth = h.bearer(h.signup(client, email="admin@example.com")["accessToken"])
    _make_admin(db_url, "admin@example.com")
    _nul_refused(h, client.post("/api/v1/workspaces", json={"name": "Desk\x00"}, headers=auth), "name")
    _nul_refused(h, client.post("/api/v1/admin/lms/sections", json={"title": "T\x00", "description": "d"},
                                headers=auth), "title")
    widgets = {"name": "Desk", "widgets": [{"ti\x00tle": 1}]}
    body = h.assert_error(client.post("/api/v1/workspaces", json=widgets, headers=auth), 400, "bad_request")
    assert body["errors"] == {"widgets": {"0": {"ti\\u0000tle": ["Text may not contain the NUL character "
                                                                 "(U+0000)."]}}}
    assert _count(db_url, "workspaces") == 0 and _count(db_url, "lms_sections") == 0


@pytest.mark.parametrize("path", ["/api/v1/stripe/checkout-session/price%00x", "/api/v1/data/export/jobs/%00"])
def test_nul_in_a_path_segment_is_404(client, h, path):
    auth = h.bearer(h.signup(client)["accessToken"])
    h.assert_error(client.get(path, headers=auth), 404, "not_found")


@pytest.mark.parametrize("big", BIG_IDS)
def test_path_ids_beyond_the_integer_column_are_404(client, h, big):
    auth = h.bearer(h.signup(client)["accessToken"])
    for method, path in [("GET", "/api/v1/workspaces/{}"), ("PUT", "/api/v1/workspaces/{}"),
                         ("DELETE", "/api/v1/workspaces/{}"), ("DELETE", "/api/v1/api-keys/{}"),
                         ("GET", "/api/v1/users/lms/questions/{}"), ("GET", "/api/v1/users/{}/invoices")]:
        resp = client.open(path.format(big), method=method, json={"name": "x"}, headers=auth)
        h.assert_error(resp, 404, "not_found")


def test_the_largest_id_still_reaches_the_route(client, h):
    auth = h.bearer(h.signup(client)["accessToken"])
    for method, path in [("GET", "/api/v1/workspaces/{}"), ("DELETE", "/api/v1/api-keys/{}")]:
        body = h.assert_error(client.open(path.format(ID_MAX), method=method, headers=auth), 404)
        assert body["message"] != "The requested resource was not found.", body  # the view's own answer


def test_body_ids_beyond_the_integer_column_are_422(client, h):
    auth = h.bearer(h.signup(client)["accessToken"])
    for big in BIG_IDS:
        resp = client.put("/api/v1/workspaces/ordering", json=[{"id": big, "order": 1}], headers=auth)
        h.assert_error(resp, 422, "validation_error")
        resp = client.post(f"/api/v1/users/lms/questions/1/answers", json={"questionId": big, "answerId": 1},
                           headers=auth)
        h.assert_error(resp, 422, "validation_error")


def test_nul_paths_names_strings_and_keys_at_any_depth():
    doc = {"a": "x\x00", "b": ["ok", {"c\x00": 1, "d": ["\x00"]}], "e": 1, "f": None}
    assert nul_paths(doc) == [("a",), ("b", 1, "c\\u0000"), ("b", 1, "d", 0)]
    assert nul_paths("\x00") == [()] and nul_paths({"a": "fine"}) == []


# ---------------------------------------------------------------- every operation of the document

from hypothesis import HealthCheck, Phase, given, settings  # noqa: E402
from schemathesis import GenerationMode  # noqa: E402
from schemathesis.core import NOT_SET  # noqa: E402
from schemathesis.specs.openapi.examples import get_strategies_from_examples  # noqa: E402

from tests.api.fuzz_world import auth_headers, fuzz_app, fuzz_app_pg, new_account, openapi_document  # noqa: E402,F401

DOCUMENT = openapi_document()


def _operations() -> dict:
    import schemathesis

    schema = schemathesis.openapi.from_dict(DOCUMENT)
    return {op.label: op for op in (result.ok() for result in schema.get_all_operations())}


OPERATIONS = _operations()
# Without a Stripe account the webhook answers its documented 503 (see test_api_fuzz.NOT_CONFIGURED).
NOT_CONFIGURED = {"POST /api/v1/stripe/webhook": "webhook_unavailable"}


MAX_VALUES = 30  # values varied per operation (one request each), so the sweep stays short


def base_case(operation):
    """One input the document declares valid: its first example, else the richest of a few generated ones
    with at most ``MAX_VALUES`` values to vary (derandomised, so the same every run)."""
    examples = get_strategies_from_examples(operation)
    strategy = examples[0] if examples else operation.as_strategy(GenerationMode.POSITIVE)
    drawn: list = []

    @settings(database=None, derandomize=True, max_examples=1 if examples else 6, phases=[Phase.generate],
              suppress_health_check=list(HealthCheck), deadline=None)
    @given(strategy)
    def draw(case):
        drawn.append(case)

    draw()
    within = [case for case in drawn if _size(case) <= MAX_VALUES]
    return max(within, key=_size) if within else min(drawn, key=_size)


def _size(case) -> int:
    return sum(1 for part in (case.path_parameters, case.query, case.body) if isinstance(part, (dict, list))
               for _ in _leaves(part))


def _leaves(value, path=()):
    if isinstance(value, dict):
        for key, item in value.items():
            yield from _leaves(item, (*path, key))
    elif isinstance(value, list):
        for index, item in enumerate(value):
            yield from _leaves(item, (*path, index))
    else:
        yield path, value


def _replace(value, path, new):
    if not path:
        return new
    value = copy.deepcopy(value)
    node = value
    for part in path[:-1]:
        node = node[part]
    node[path[-1]] = new
    return value


def _is_int(value) -> bool:
    return isinstance(value, int) and not isinstance(value, bool)


def variants(case):
    """(what, where, changes): a NUL appended to each text value, 2^31 and 2^63 − 1 for each integer."""
    path_params = case.path_parameters or {}
    for name, value in path_params.items():
        if _is_int(value):
            for big in (2**31, 2**63 - 1):
                yield "big", "path", {"path_parameters": {**path_params, name: big}}
        elif isinstance(value, str):
            yield "nul", "path", {"path_parameters": {**path_params, name: value + "\x00"}}
    for part in ("query", "body"):
        value = getattr(case, part)
        if not isinstance(value, (dict, list)):
            continue
        for path, leaf in _leaves(value):
            if isinstance(leaf, str):
                yield "nul", part, {part: _replace(value, path, leaf + "\x00")}
            elif _is_int(leaf):
                yield "big", part, {part: _replace(value, path, 2**31)}
    yield "nul", "header", {"headers": {"User-Agent": "agent\x00"}}


def expected_problem(label: str, what: str, where: str, resp) -> str | None:
    status = resp.status_code
    body = resp.get_json(silent=True) or {}
    code = body.get("code")
    if status >= 500 and not (NOT_CONFIGURED.get(label) == code and status == 503):
        return f"{status} {code}"
    if what == "nul" and where == "path":
        return None if (status, code) == (404, "not_found") else f"{status} {code}, expected 404"
    if what == "nul":
        return None if (status, code) == (400, "bad_request") and "NUL" in body.get("message", "") \
            else f"{status} {code}, expected 400 bad_request"
    if what == "big" and where == "path":
        return None if status == 404 else f"{status} {code}, expected 404"
    return None


def sweep(label: str, app) -> tuple[int, list[str]]:
    operation = OPERATIONS[label]
    case = base_case(operation)
    account = new_account(app)
    sent, problems = 0, []
    for what, where, changes in variants(case):
        parts = {"path_parameters": case.path_parameters, "query": case.query, "media_type": case.media_type}
        if case.body is not NOT_SET:
            parts["body"] = case.body
        parts.update({k: v for k, v in changes.items() if k != "headers"})
        variant = operation.Case(**{k: v for k, v in parts.items() if v is not None})
        headers = {**auth_headers(operation.path, account), **changes.get("headers", {})}
        resp = variant.call(app=app, headers=headers)
        sent += 1
        found = expected_problem(label, what, where, _Answer(resp))
        if found:
            problems.append(f"{label} [{what} in {where}]: {found}: {variant.as_curl_command(headers=headers)[:300]}")
    return sent, problems


class _Answer:
    def __init__(self, resp):
        self.status_code = resp.status_code
        try:
            self._body = resp.json()
        except ValueError:
            self._body = None

    def get_json(self, silent=True):
        return self._body


@pytest.mark.parametrize("label", sorted(OPERATIONS))
def test_every_operation_refuses_nul_and_big_ids_on_postgresql(label, fuzz_app_pg):
    sent, problems = sweep(label, fuzz_app_pg)
    assert sent > 0
    assert not problems, "\n".join(problems)
