"""Bounded Schemathesis run over every operation of the OpenAPI document, authenticated.

Each operation is one test (so ``pytest -n 2`` shares them out). The document is read from an app built at
import time; the requests go to an app on a private SQLite database and the tiny demo store, built once
per worker. Every operation runs with a fresh account (Live tier, Admin role, an API key with credits) so
operations that end sessions, revoke keys or delete workspaces cannot disturb the others
(tests/api/fuzz_world.py, shared with the positive run of test_api_strict.py).

Per operation: the schema's own examples, then ``MAX_EXAMPLES`` generated cases, valid and invalid
(Schemathesis' "all" mode), with a fixed seed and derandomised Hypothesis: a serial run sends the same
requests every time (under xdist a few generated values depend on the worker an operation lands on).
Each response must:

- not be a server error (5xx);
- use a status code, content type, headers and body the document declares for the operation;
- on 4xx, carry the one error body ``{code, status, message, errors}``, ``status`` equal to the HTTP status.

No operation is excluded: mail goes to the outbox folder (no SMTP server is configured), Google sign-in
checks tokens against a local key set, checkout and the billing portal use the embedded payment provider,
and the Stripe webhook answers its documented 503 (no Stripe account is configured); nothing leaves the
machine. That 503 is the only 5xx accepted.
"""

from __future__ import annotations

import os

import pytest
import schemathesis
from hypothesis import HealthCheck, settings
from schemathesis.specs.openapi.checks import (
    content_type_conformance,
    response_headers_conformance,
    response_schema_conformance,
    status_code_conformance,
)
from schemathesis.checks import not_a_server_error
from tests.api.fuzz_world import (account, account_pg, auth_headers, fuzz_app, fuzz_app_pg,  # noqa: F401 - fixtures
                                   openapi_document)

MAX_EXAMPLES = 8
SEED = 20260109

CONFIG = schemathesis.Config.from_dict({
    "seed": SEED,
    "generation": {"mode": "all", "max-examples": MAX_EXAMPLES, "deterministic": True, "database": "none"},
    # Generation never adapts to earlier answers (error feedback, values taken from responses): answers
    # carry random tokens and ids, so adapting would make each run send different requests.
    "phases": {"examples": {"enabled": True, "extra-data-sources": {"responses": False}},
               "fuzzing": {"enabled": True, "error-feedback": {"enabled": False},
                           "extra-data-sources": {"responses": False}},
               "coverage": {"enabled": False}, "stateful": {"enabled": False}},
})
schema = schemathesis.openapi.from_dict(openapi_document(), config=CONFIG)
# PostgreSQL refuses input SQLite stores (a NUL in text, an integer beyond a 32-bit INTEGER): the
# operations whose input reaches the account database run there too. The market-data routes are left
# out: their input goes to the store (DuckDB), the same on both, and they touch the account database only
# to check the token's session; the SQLite run covers them.
DATA_ROUTES = r"^/api/v1/data/"
account_schema = schema.exclude(path_regex=DATA_ROUTES)

ERROR_KEYS = {"code", "status", "message", "errors"}


def one_error_body(ctx, response, case):
    """Every 4xx answer carries the one JSON error body, with the HTTP status repeated in it."""
    if not 400 <= response.status_code < 500:
        return None
    content_type = response.headers.get("content-type", [""])
    content_type = content_type[0] if isinstance(content_type, list) else content_type
    assert content_type.startswith("application/json"), f"{response.status_code} answered {content_type!r}"
    body = response.json()
    assert isinstance(body, dict) and set(body) == ERROR_KEYS, f"not the error body: {body!r}"
    assert body["status"] == response.status_code, body
    assert isinstance(body["code"], str) and body["code"], body
    assert isinstance(body["message"], str) and body["message"].strip(), body
    assert isinstance(body["errors"], dict), body
    return True


# Without a Stripe account the webhook answers its documented 503 (api/products); checkout and the portal
# would answer theirs if purchasing were switched off.
NOT_CONFIGURED = {("GET", "/api/v1/stripe/checkout-session/{price_id}"): "billing_unavailable",
                  ("POST", "/api/v1/stripe/portal-session"): "billing_unavailable",
                  ("POST", "/api/v1/stripe/webhook"): "webhook_unavailable"}


def no_server_error(ctx, response, case):
    """No 5xx, except the documented "not configured" 503 of the billing operations."""
    expected = NOT_CONFIGURED.get((case.operation.method.upper(), case.operation.path))
    if response.status_code == 503 and expected is not None and response.json().get("code") == expected:
        return True
    return not_a_server_error(ctx, response, case)


CHECKS = [no_server_error, status_code_conformance, content_type_conformance, response_headers_conformance,
          response_schema_conformance, one_error_body]


SETTINGS = settings(max_examples=MAX_EXAMPLES, derandomize=True, database=None, deadline=None,
                    suppress_health_check=[HealthCheck.too_slow, HealthCheck.filter_too_much,
                                           HealthCheck.data_too_large, HealthCheck.function_scoped_fixture])


def send(case, app, account) -> None:
    """Send the case, log its status (server errors included), then check the answer."""
    headers = auth_headers(case.operation.path, account)
    response = case.call(app=app, headers=headers)
    _record(case.operation.label, response.status_code)
    case.validate_response(response, checks=CHECKS, headers=headers,
                           transport_kwargs={"app": app, "headers": headers})


@schema.parametrize()
@SETTINGS
def test_operation_answers_within_its_documented_contract(case, fuzz_app, account):
    send(case, fuzz_app, account)


@account_schema.parametrize()
@SETTINGS
def test_operation_answers_within_its_documented_contract_on_postgresql(case, fuzz_app_pg, account_pg):
    send(case, fuzz_app_pg, account_pg)


def _record(label: str, status: int) -> None:
    """With VOLLAND_FUZZ_LOG set, append "<status> <operation>" per request (figures for docs/security.md)."""
    path = os.environ.get("VOLLAND_FUZZ_LOG")
    if path:
        with open(path, "a") as f:
            f.write(f"{status} {label}\n")


# ---------------------------------------------------------------- the run's own checks


def _response(status: int, body: bytes, content_type: str = "application/json"):
    import requests

    return schemathesis.Response(status, {"Content-Type": [content_type]}, body,
                                 requests.Request("GET", "http://localhost/").prepare(), 0.0, True)


def test_error_body_check_refuses_anything_but_the_one_error_body():
    good = b'{"code": "not_found", "status": 404, "message": "Not found.", "errors": {}}'
    assert one_error_body(None, _response(404, good), None) is True
    assert one_error_body(None, _response(200, b"[]"), None) is None
    json_type = "application/json"
    for status, body, ctype in [
        (404, b'{"message": "Not found."}', json_type),                                   # another shape
        (404, b'{"code": "x", "status": 400, "message": "Bad.", "errors": {}}', json_type),  # wrong status
        (422, b'{"code": "x", "status": 422, "message": " ", "errors": {}}', json_type),   # blank message
        (400, b'{"code": "x", "status": 400, "message": "Bad.", "errors": []}', json_type),  # errors list
        (404, b"<html>Not found</html>", "text/html"),                                       # not JSON
    ]:
        with pytest.raises(AssertionError):
            one_error_body(None, _response(status, body, ctype), None)


def test_server_error_check_accepts_only_the_documented_billing_503():
    from schemathesis.core.failures import Failure

    class Ctx:  # what not_a_server_error reads from its context
        class config:
            class not_a_server_error:
                expected_statuses = ["2xx", "3xx", "4xx"]

    by_label = {op.ok().label: op.ok() for op in schema.get_all_operations()}
    checkout_op = by_label["GET /api/v1/stripe/checkout-session/{price_id}"]
    checkout = checkout_op.Case(path_parameters={"price_id": "x"})
    users = by_label["GET /api/v1/users"].Case()
    billing = b'{"code": "billing_unavailable", "status": 503, "message": "Not set up.", "errors": {}}'
    assert no_server_error(Ctx, _response(503, billing), checkout) is True
    with pytest.raises(Failure):
        no_server_error(Ctx, _response(503, billing), users)
    with pytest.raises(Failure):
        no_server_error(Ctx, _response(500, b'{"code": "internal_error"}'), checkout)
