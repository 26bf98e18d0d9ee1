"""The OpenAPI document and the validation agree at every boundary the document draws.

Schemathesis' coverage phase derives its cases from the document itself, deterministically: each property
at its bounds and just past them, each enum member, a missing required part, a value of the wrong type, a
null where none is allowed. Every operation gets those cases (and its examples), positive and negative:

- a case the document declares valid must be accepted, with the allowances of ``test_api_strict.problem``
  (refusals that depend on state, and rules between values the document states in words);
- a case the document declares invalid must be refused (Schemathesis' ``negative_data_rejection``, which
  already discounts negations that become valid once serialised, e.g. ``1`` in a query string).

Separately, no live data route gives a fixed calendar date as an example of a CUSTOM range's bounds: a live
range ending before the session date is refused, so such an example stops working the day the market
passes it.
"""

from __future__ import annotations

import json

import pytest
import schemathesis
from hypothesis import HealthCheck, settings
from schemathesis.specs.openapi.checks import negative_data_rejection

from tests.api.fuzz_world import account, auth_headers, fuzz_app, openapi_document  # noqa: F401 - fixtures
from tests.api.test_api_strict import problem

CONFIG = schemathesis.Config.from_dict({
    "seed": 20261127,
    "generation": {"mode": "all", "max-examples": 10, "deterministic": True, "database": "none",
                   "allow-x00": False},
    "phases": {"examples": {"enabled": True, "extra-data-sources": {"responses": False}},
               "fuzzing": {"enabled": False},
               "coverage": {"enabled": True}, "stateful": {"enabled": False}},
})
DOCUMENT = openapi_document()
schema = schemathesis.openapi.from_dict(DOCUMENT, config=CONFIG)


def verdict(case, response) -> str | None:
    """Why this answer breaks the document's contract for this case, or None."""
    method, path = case.operation.method.upper(), case.operation.path
    if case.meta is not None and case.meta.generation.mode.is_negative:
        try:
            case.validate_response(response, checks=[negative_data_rejection])
        except BaseException as exc:  # noqa: BLE001 - Schemathesis raises a group of check failures
            reasons = [line.strip() for line in str(exc).splitlines() if "Invalid component" in line]
            return f"accepted ({response.status_code}) an input the document declares invalid: {reasons}"
        return None
    found = problem(method, path, response)
    return f"refused an input the document declares valid: {found}" if found else None


@schema.parametrize()
@settings(max_examples=10, derandomize=True, database=None, deadline=None, suppress_health_check=list(HealthCheck))
def test_the_document_and_the_validation_agree(case, fuzz_app, account):
    headers = auth_headers(case.operation.path, account)
    response = case.call(app=fuzz_app, headers=headers)
    found = verdict(case, response)
    assert found is None, f"{found}\n{case.as_curl_command(headers={})[:1500]}"


def _live_data_operations():
    for path, ops in DOCUMENT["paths"].items():
        if path.startswith("/api/v1/data/") and "historical" not in path and "export" not in path:
            for method, op in ops.items():
                if isinstance(op, dict):
                    yield f"{method.upper()} {path}", op


def _resolve(node):
    while isinstance(node, dict) and "$ref" in node:
        node = DOCUMENT["components"]["schemas"][node["$ref"].rsplit("/", 1)[1]]
    return node


def _custom_bound_examples(node, seen=None) -> list:
    """Examples given to a ``from``/``to`` property anywhere under a request body schema."""
    seen = seen if seen is not None else set()
    node = _resolve(node)
    if not isinstance(node, dict) or id(node) in seen:
        return []
    seen.add(id(node))
    out = [(name, _resolve(prop).get("example")) for name, prop in node.get("properties", {}).items()
           if name in ("from", "to") and "example" in _resolve(prop)]
    for child in [*node.get("properties", {}).values(), *node.get("oneOf", []), *node.get("anyOf", []),
                  node.get("items")]:
        if child is not None:
            out += _custom_bound_examples(child, seen)
    return out


@pytest.mark.parametrize("label,op", list(_live_data_operations()), ids=lambda x: x if isinstance(x, str) else "")
def test_no_live_range_bound_has_a_fixed_date_example(label, op):
    fixed = [(p["name"], p.get("example", p.get("schema", {}).get("example"))) for p in op.get("parameters", [])
             if p["name"] in ("from", "to") and ("example" in p or "example" in p.get("schema", {}))]
    body = op.get("requestBody", {}).get("content", {}).get("application/json", {}).get("schema")
    if body is not None:
        fixed += _custom_bound_examples(body)
    assert fixed == [], f"{label}: {json.dumps(fixed)}"
