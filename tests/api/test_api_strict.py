"""The OpenAPI document is as strict as the validation: what the document declares valid is accepted.

A bounded Schemathesis run in positive mode over every operation of the app's document, authenticated
(the world of tests/api/fuzz_world.py: private SQLite, the tiny demo store, a fresh Live/Admin account with
an API key and credits per operation). Per operation: the document's own examples and ``MAX_EXAMPLES``
generated inputs that satisfy the document, with a fixed seed and derandomised Hypothesis. An input the
document declares valid must not be refused with 400 or 422, nor answered with a 5xx (other than the
billing operations' documented "not configured" 503).

Some refusals depend on state, not on the shape of the input: a reset token the server never issued, a
wrong current password, a well-formed ticker the store does not carry. ``STATE_DEPENDENT`` lists them,
each with its reason; one is accepted only where the operation documents that status and its response
description names the error code.

Each operation records every refusal instead of stopping at the first, so a run sends the same requests
every time. The data routes (``/api/v1/data/...``) are being brought to the same standard: the operations
that still fail are listed in ``DATA_ROUTES_PENDING``, which must equal the set of data operations that
fail (a pending operation that passes fails its test until it is taken off the list). Outside
``/api/v1/data`` nothing may fail.
"""

from __future__ import annotations

import json
import os

import pytest
import schemathesis
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from schemathesis import GenerationMode
from schemathesis.specs.openapi.examples import get_strategies_from_examples

from tests.api.fuzz_world import account, auth_headers, fuzz_app, openapi_document  # noqa: F401 - fixtures

MAX_EXAMPLES = 6
SEED = 20260110

# Text never holds U+0000: a rule the document states once, in its description (NUL_RULE), rather than as a
# pattern on every string; generation follows it (test_api_edge_input.py checks the refusal everywhere).
NUL_RULE = "No text of a request (JSON string or key, query or form parameter, header) may contain the NUL"
CONFIG = schemathesis.Config.from_dict({
    "seed": SEED,
    "generation": {"mode": "positive", "max-examples": MAX_EXAMPLES, "deterministic": True, "database": "none",
                   "allow-x00": False},
    "phases": {"examples": {"enabled": True, "extra-data-sources": {"responses": False}},
               "fuzzing": {"enabled": True, "error-feedback": {"enabled": False},
                           "extra-data-sources": {"responses": False}},
               "coverage": {"enabled": False}, "stateful": {"enabled": False}},
})
DOCUMENT = openapi_document()
SCHEMA = schemathesis.openapi.from_dict(DOCUMENT, config=CONFIG)
OPERATIONS = {op.label: op for op in (result.ok() for result in SCHEMA.get_all_operations())}

DATA_PREFIX = "/api/v1/data/"

# (method, path) → {(status, error code): why the refusal depends on state, not on the input's shape}.
STATE_DEPENDENT: dict[tuple[str, str], dict[tuple[int, str], str]] = {
    ("POST", "/api/v1/auth/reset-password"): {
        (400, "invalid_reset_token"): "only a token the server mailed (unused, unexpired) resets a password"},
    ("PUT", "/api/v1/users"): {
        (400, "invalid_password"): "only the account's own current password allows setting a new one"},
    ("POST", "/api/v1/volland"): {
        (400, "unknown_ticker"): "the tickers served are the ones the store carries, which changes with it"},
    ("GET", "/api/v1/volland"): {
        (400, "unknown_ticker"): "the tickers served are the ones the store carries, which changes with it"},
    ("GET", "/api/v1/data/export"): {
        (422, "unknown_ticker"): "the tickers exported are the ones the store carries, which changes with it"},
    ("POST", "/api/v1/data/export/jobs"): {
        (422, "unknown_ticker"): "the tickers exported are the ones the store carries, which changes with it"},
}

# Alert rules: the tickers are the store's; the slot an operator evaluates must not be after market time.
for _op in (("POST", "/api/v1/alerts/rules"), ("PATCH", "/api/v1/alerts/rules/{rule_id}"),
            ("GET", "/api/v1/alerts/scorecard")):
    STATE_DEPENDENT[_op] = {(422, "unknown_ticker"): "the tickers are the ones the store carries"}
STATE_DEPENDENT[("POST", "/api/v1/alerts/admin/evaluate")] = {
    (422, "slot_in_future"): "the market clock decides which slots have come"}

# Rules between values that OpenAPI 3.0 cannot state (it compares no two values and counts no items
# matching a condition): (method, path) → {(error field, message): the phrase that states the rule in the
# document}. A 422 is accepted only when every one of its messages is listed for the operation.
QUESTION_ANSWERS = {("answers", "Mark exactly one answer as correct."): "exactly one of them with isCorrect true"}
WIDGET_RULES = {("expirations.to", "The end of the range is before its start."): "`to` may not be before `from`",
                ("stockPriceRange.max", "Maximum stock price has to be greater than minimal stock price"):
                    "`max` must be above `min`",
                ("compareTime", "Choose the date and time to compare with."): "required when compareWith is time"}
EXPORT_RULES = {("end", "'end' must not be before 'start'."): "`end` may not be before `start`",
                ("end", "An export spans at most 366 days per request, counting 'start' and 'end'; split the "
                        "range."): "at most VOLLAND_EXPORT_MAX_DAYS calendar days",
                ("expiration_to", "'expiration_to' must not be before 'expiration_from'."):
                    "`expiration_to` may not be before `expiration_from`",
                ("strike_max", "'strike_max' must not be below 'strike_min'."):
                    "`strike_max` may not be below `strike_min`"}
BETWEEN_VALUES: dict[tuple[str, str], dict[tuple[str, str], str]] = {
    ("POST", "/api/v1/admin/lms/questions"): QUESTION_ANSWERS,
    ("PUT", "/api/v1/admin/lms/questions/{question_id}"): QUESTION_ANSWERS,
    ("POST", "/api/v1/users/lms/questions/{question_id}/answers"): {
        ("questionId", "Must equal the question id of the path."): "The question id of the path, repeated"},
    ("POST", "/api/v1/workspaces"): WIDGET_RULES,
    ("GET", "/api/v1/data/export"): EXPORT_RULES,
    ("POST", "/api/v1/data/export/jobs"): EXPORT_RULES,
    # Expressible only as anyOf/not, which the generated web types cannot use (they become `unknown`).
    ("PUT", "/api/v1/users"): {
        ("currentPassword", "Enter your current password to set a new one."): "newPassword needs currentPassword"},
    ("PUT", "/api/v1/workspaces/{workspace_id}"): {
        **WIDGET_RULES,
        ("widgets", "Widget ids must be unique within a workspace."): "Widget ids are unique within a workspace"},
}

# The data routes refuse a well-formed ticker the store does not carry (unknown_ticker) and, on the 0DTE
# routes, a ticker without an expiration on the session date (not_zero_dte): both depend on the store.
STORE_TICKERS = "the tickers served are the ones the store carries, which changes with it"
ZERO_DTE_TICKERS = "the 0DTE list is the tickers with an expiration on the session date, which changes daily"
for _path, _ops in DOCUMENT["paths"].items():
    if not _path.startswith(DATA_PREFIX):
        continue
    for _method, _op in _ops.items():
        _described = (_op.get("responses", {}).get("422") or {}).get("description", "") if isinstance(_op, dict) else ""
        _allowed = {}
        if "unknown_ticker" in _described:
            _allowed[(422, "unknown_ticker")] = STORE_TICKERS
        if "not_zero_dte" in _described:
            _allowed[(422, "not_zero_dte")] = ZERO_DTE_TICKERS
        if _allowed:
            STATE_DEPENDENT.setdefault((_method.upper(), _path), {}).update(_allowed)

# The expirations selection's rules between its members (SELECTION_RULES in api/data/schemas.py), on every
# data operation whose document states them; the last depends on the clock as well (a live range may not
# end before the session date).
SELECTION_PHRASE = "SPECIFIC needs 'dates'"
SELECTION_RULES = {
    ("expirations.dates", "Choose at least one expiration date."): SELECTION_PHRASE,
    ("expirations.from", "A custom range needs both 'from' and 'to'."): "CUSTOM needs 'from' and 'to'",
    ("expirations.to", "A custom range needs both 'from' and 'to'."): "CUSTOM needs 'from' and 'to'",
    ("expirations.to", "The end of the range must not be before its start."): "'to' not before 'from'",
    ("expirations.to", "Chosen range is in the past"): "live, not before the session date"}
for _path, _ops in DOCUMENT["paths"].items():
    for _method, _op in _ops.items():
        if _path.startswith(DATA_PREFIX) and isinstance(_op, dict) and (
                SELECTION_PHRASE in json.dumps(_op) or "SPECIFIC without dates" in json.dumps(_op)):
            BETWEEN_VALUES.setdefault((_method.upper(), _path), {}).update(SELECTION_RULES)
BETWEEN_VALUES[("POST", "/api/v1/data/screener")] = {
    ("stockPriceRange.max", "Maximum stock price has to be greater than minimal stock price"):
        "`max` must be above `min`"}

# What changed: a compareTime after the tier's cut-off (which moves with the clock) or after the compared
# snapshot (the one the store holds at or before `date`) is refused; a chosen time needs its compareTime.
CHANGE_ROUTE = ("POST", "/api/v1/data/volland-exposure-change")
STATE_DEPENDENT.setdefault(CHANGE_ROUTE, {}).update({
    (422, "compare_after_cutoff"): "the tier's latest refresh moves with the clock",
    (422, "compare_after_now"): "'now' is the snapshot the store holds at or before date, within the cut-off"})
BETWEEN_VALUES.setdefault(CHANGE_ROUTE, {})[("compareTime", "'compareTime' is required when compareWith is time.")] = \
    "required when compareWith is time"

# Data operations that still refuse input their document declares valid: none. The set stays so that a
# regression names itself: an operation listed here must fail, every other one must pass.
DATA_ROUTES_PENDING: set[str] = set()

# Without a Stripe account these answer their documented 503 (see test_api_fuzz.NOT_CONFIGURED).
NOT_CONFIGURED = {("GET", "/api/v1/stripe/checkout-session/{price_id}"): "billing_unavailable",
                  ("POST", "/api/v1/stripe/portal-session"): "billing_unavailable",
                  ("POST", "/api/v1/stripe/webhook"): "webhook_unavailable"}


def _body(response) -> dict:
    try:
        body = response.json()
    except ValueError:
        return {}
    return body if isinstance(body, dict) else {}


def documented_refusal(method: str, path: str, status: int, code: str | None) -> bool:
    """True when this refusal is listed as state-dependent AND the operation documents it."""
    reason = STATE_DEPENDENT.get((method, path), {}).get((status, code))
    if reason is None:
        return False
    responses = DOCUMENT["paths"][path][method.lower()].get("responses", {})
    described = responses.get(str(status), {}).get("description", "")
    return code in described


def _messages(errors, path: tuple = ()) -> list[tuple[str, str]]:
    """(field, message) for every message of an ``errors`` object; list indexes are left out of the field."""
    if isinstance(errors, dict):
        return [m for key, value in errors.items()
                for m in _messages(value, path if str(key).isdigit() else (*path, str(key)))]
    if isinstance(errors, list) and all(isinstance(x, str) for x in errors):
        return [(".".join(path[-2:]) if len(path) > 1 and path[-2] in _NESTED else (path[-1] if path else ""), x)
                for x in errors]
    return []


_NESTED = {"expirations", "stockPriceRange"}  # fields named with their parent in BETWEEN_VALUES


# Fields whose every message is a rule between values stated in the document's words: (method, path) →
# {field or field prefix ending in '.': the phrase of the document}. An alert rule's params depend on its
# kind; its webhook URL on the channels and on where the name points.
BETWEEN_FIELDS: dict[tuple[str, str], dict[str, str]] = {
    ("POST", "/api/v1/alerts/rules"): {"params.": "params.<field>", "params": "params.<field>",
                                      "webhookUrl": "webhookUrl: not https"},
    ("PATCH", "/api/v1/alerts/rules/{rule_id}"): {"params.": "params.<field>", "params": "params.<field>",
                                                 "webhookUrl": "webhookUrl: not https"},
}


def _field_rule(method: str, path: str, field: str) -> bool:
    rules = BETWEEN_FIELDS.get((method, path), {})
    return any(field == k or (k.endswith(".") and field.startswith(k)) for k in rules)


def between_values(method: str, path: str, status: int, body: dict) -> bool:
    """True when a 422 only names rules between values listed for the operation."""
    allowed = BETWEEN_VALUES.get((method, path)) or {}
    found = _messages(body.get("errors"))
    if status == 422 and (method, path) in BETWEEN_FIELDS and isinstance(body.get("errors"), dict) \
            and body["errors"] and all(_field_rule(method, path, f) for f in body["errors"]):
        return True
    return bool(allowed) and status == 422 and bool(found) and all(m in allowed for m in found)


def problem(method: str, path: str, response) -> str | None:
    """Why this answer to a schema-valid input is wrong, or None."""
    status = response.status_code
    body = _body(response)
    code = body.get("code")
    if status in (400, 422) and not (documented_refusal(method, path, status, code)
                                     or between_values(method, path, status, body)):
        return f"{status} {code} {body.get('errors')}"[:300]
    if status >= 500 and not (status == 503 and NOT_CONFIGURED.get((method, path)) == code):
        return f"{status} {code}"
    return None


def _strategy(operation):
    examples = get_strategies_from_examples(operation)
    generated = operation.as_strategy(GenerationMode.POSITIVE)
    return st.one_of(*examples, generated) if examples else generated


def run_operation(label: str, app, account: dict) -> tuple[int, list[str]]:
    """Send the operation's examples and generated valid inputs; return (cases sent, problems seen)."""
    operation = OPERATIONS[label]
    method, path = operation.method.upper(), operation.path
    headers = auth_headers(path, account)
    sent: list[int] = []
    problems: list[str] = []

    @settings(max_examples=MAX_EXAMPLES, derandomize=True, database=None, deadline=None,
              suppress_health_check=list(HealthCheck))
    @given(case=_strategy(operation))
    def send(case):
        response = case.call(app=app, headers=headers)
        sent.append(response.status_code)
        found = problem(method, path, response)
        if found:
            problems.append(f"{found}: {case.as_curl_command(headers=headers)[:400]}")

    send()
    _record(label, sent, problems)
    return len(sent), problems


def _record(label: str, sent: list[int], problems: list[str]) -> None:
    """With VOLLAND_STRICT_LOG set, append "<cases> <problems> <operation>" (figures for docs/security.md)."""
    path = os.environ.get("VOLLAND_STRICT_LOG")
    if path:
        with open(path, "a") as f:
            f.write(f"{len(sent)} {len(problems)} {label}\n")


@pytest.mark.parametrize("label", sorted(OPERATIONS))
def test_input_the_document_declares_valid_is_accepted(label, fuzz_app, account):
    sent, problems = run_operation(label, fuzz_app, account)
    assert sent > 0
    if label in DATA_ROUTES_PENDING:
        assert problems, f"{label} now accepts every valid input: take it off DATA_ROUTES_PENDING"
    else:
        assert not problems, "\n".join(problems)


# ---------------------------------------------------------------- the run's own rules


def test_pending_operations_are_data_operations_of_the_document():
    assert all(label in OPERATIONS for label in DATA_ROUTES_PENDING), DATA_ROUTES_PENDING - set(OPERATIONS)
    assert all(label.split(" ", 1)[1].startswith(DATA_PREFIX) for label in DATA_ROUTES_PENDING)


def test_every_state_dependent_refusal_is_documented_by_its_operation():
    for (method, path), refusals in STATE_DEPENDENT.items():
        assert f"{method} {path}" in OPERATIONS, (method, path)
        for (status, code), reason in refusals.items():
            assert reason.strip(), (method, path, status)
            assert documented_refusal(method, path, status, code), (method, path, status, code)


def test_text_without_nul_is_a_rule_the_document_states():
    assert NUL_RULE in DOCUMENT["info"]["description"]
    assert SCHEMA.config.generation.allow_x00 is False


def test_every_rule_between_values_is_stated_in_the_document():
    import json

    text = json.dumps(DOCUMENT, ensure_ascii=False)
    for (method, path), rules in BETWEEN_VALUES.items():
        assert f"{method} {path}" in OPERATIONS, (method, path)
        for (field, message), phrase in rules.items():
            assert phrase in text, (method, path, field, phrase)
    for (method, path), fields_ in BETWEEN_FIELDS.items():
        assert f"{method} {path}" in OPERATIONS, (method, path)
        described = json.dumps(DOCUMENT["paths"][path][method.lower()], ensure_ascii=False)
        for field, phrase in fields_.items():
            assert phrase in described, (method, path, field, phrase)


def test_a_422_passes_only_when_every_message_is_a_listed_rule():
    put = ("PUT", "/api/v1/workspaces/{workspace_id}")
    order = {"widgets": {"2": {"configuration": {"expirations": {"to": ["The end of the range is before its start."]}}}}}
    other = {"widgets": {"0": {"size": ["ZERODTE widgets come in size M."]}}}
    assert between_values(*put, 422, {"errors": order})
    assert not between_values(*put, 422, {"errors": {**order, **{"name": ["x"]}}})
    assert not between_values(*put, 422, {"errors": other})
    assert not between_values(*put, 400, {"errors": order})
    assert not between_values("POST", "/api/v1/contact", 422, {"errors": order})


class _Answer:
    def __init__(self, status: int, body: dict | None):
        self.status_code, self._body = status, body

    def json(self):
        if self._body is None:
            raise ValueError("no JSON")
        return self._body


def test_the_check_refuses_400_422_and_5xx_and_accepts_the_rest():
    users = ("GET", "/api/v1/users")
    for status in (400, 422, 500, 502):
        assert problem(*users, _Answer(status, {"code": "x", "errors": {}})).startswith(f"{status} x")
    for status in (200, 201, 204, 401, 403, 404, 409, 429):
        assert problem(*users, _Answer(status, {"code": "x"})) is None
    webhook = ("POST", "/api/v1/stripe/webhook")
    assert problem(*webhook, _Answer(503, {"code": "webhook_unavailable"})) is None
    assert problem(*webhook, _Answer(503, {"code": "other"})) == "503 other"
    assert problem(*users, _Answer(400, None)) == "400 None None"
