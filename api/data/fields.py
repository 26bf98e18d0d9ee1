"""Request fields of the market-data vocabulary, shared by the data routes and the widget configurations.

Each field validates exactly what its OpenAPI schema documents (an ASCII pattern, an enum, a range), so a
value the document allows is never refused for its form, and a value it refuses is never accepted. The
data routes' schemas (``RequestSchema``) answer a failure with the one error body, naming each field by
its dotted path (``expirations.dates``, ``stockPriceRange.min``) and, for a single failure, its sentence
as the message.
"""

from __future__ import annotations

import math
import re
from collections.abc import Mapping
from datetime import date, datetime

from marshmallow import EXCLUDE, Schema, ValidationError, fields, validate

from api.errors import ApiError
from domain import vocabulary as v

# ---------------------------------------------------------------- patterns
# Written with [0-9] rather than \d: in Python a str pattern's \d also matches other scripts' digits,
# in the OpenAPI (ECMA-262) pattern it does not.

_YEAR = r"(000[1-9]|00[1-9][0-9]|0[1-9][0-9]{2}|[1-9][0-9]{3})"
_LEAP_YEAR = r"([0-9]{2}(0[48]|[2468][048]|[13579][26])|(0[48]|[2468][048]|[13579][26])00)"
_MONTH_DAY = r"((0[13578]|1[02])-(0[1-9]|[12][0-9]|3[01])|(0[469]|11)-(0[1-9]|[12][0-9]|30)|02-(0[1-9]|1[0-9]|2[0-8]))"
DAY_CORE = rf"({_YEAR}-{_MONTH_DAY}|{_LEAP_YEAR}-02-29)"
TIME_CORE = r"([01][0-9]|2[0-3]):[0-5][0-9]"
#: A calendar date ``yyyy-MM-dd`` that exists (leap years included).
DAY_PATTERN = rf"^{DAY_CORE}$"
#: A New York date and time ``yyyy-MM-dd HH:mm`` (or ``T`` between them), or a date alone.
NY_TIME_PATTERN = rf"^{DAY_CORE}([ T]{TIME_CORE})?$"
_TICKER_CORE = v.TICKER_PATTERN[1:-1]


def _list_pattern(item: str, most: int) -> str:
    """Comma-separated ``item``s, 1 to ``most`` of them, or the empty text."""
    return rf"^$|^{item}(,{item}){{0,{most - 1}}}$"


DAY_LIST_PATTERN = _list_pattern(DAY_CORE, v.MAX_SPECIFIC_DATES)
TICKER_LIST_PATTERN = _list_pattern(_TICKER_CORE, v.MAX_MIXED_TICKERS)

_DAY_RE = re.compile(DAY_PATTERN)
_NY_TIME_RE = re.compile(NY_TIME_PATTERN)
_DAY_LIST_RE = re.compile(DAY_LIST_PATTERN, re.ASCII)
_TICKER_LIST_RE = re.compile(TICKER_LIST_PATTERN, re.ASCII)


def _md(description: str, example=None, **extra) -> dict:
    md = {"description": description, **extra}
    if example is not None:
        md["example"] = example
    return md


# ---------------------------------------------------------------- fields


class Ticker(fields.String):
    """A ticker symbol (``domain.vocabulary.TICKER_PATTERN``), loaded stripped and upper-cased."""

    default_error_messages = {"invalid_symbol": "The ticker must be a symbol of letters and digits such as SPX.",
                              "required": "A ticker is required.", "null": "A ticker is required."}

    def __init__(self, description: str = "Underlying symbol in the universe", **kwargs):
        metadata = {**_md(description, v.TICKER_EXAMPLE), "pattern": v.TICKER_PATTERN, **kwargs.pop("metadata", {})}
        super().__init__(metadata=metadata, **kwargs)

    def _deserialize(self, value, attr, data, **kwargs):
        text = super()._deserialize(value, attr, data, **kwargs)
        ticker = v.normalize_ticker(text)
        if ticker is None:
            raise self.make_error("invalid_symbol")
        return ticker


class TickerList(fields.String):
    """Comma-separated ticker symbols (at most ``MAX_MIXED_TICKERS``), loaded as a list of symbols."""

    default_error_messages = {"invalid_list": f"'tickers' must list up to {v.MAX_MIXED_TICKERS} symbols such as "
                                              "SPX,QQQ, separated by commas."}

    def __init__(self, description: str, **kwargs):
        super().__init__(metadata={**_md(description, "SPX,QQQ"), "pattern": TICKER_LIST_PATTERN}, **kwargs)

    def _deserialize(self, value, attr, data, **kwargs):
        text = super()._deserialize(value, attr, data, **kwargs)
        if not _TICKER_LIST_RE.fullmatch(text):
            raise self.make_error("invalid_list")
        return [t.strip().upper() for t in text.split(",") if t.strip()]


class Day(fields.String):
    """A date ``yyyy-MM-dd``, loaded as a ``date``."""

    def __init__(self, description: str, example: str = "2026-01-02", *, name: str = "date", **kwargs):
        messages = {"invalid_day": f"'{name}' must be a date written yyyy-MM-dd.", **kwargs.pop("error_messages", {})}
        super().__init__(metadata={**_md(description, example), "format": "date", "pattern": DAY_PATTERN,
                                   **kwargs.pop("metadata", {})}, error_messages=messages, **kwargs)

    def _deserialize(self, value, attr, data, **kwargs):
        text = super()._deserialize(value, attr, data, **kwargs)
        if not _DAY_RE.fullmatch(text):
            raise self.make_error("invalid_day")
        return date.fromisoformat(text)


class DayList(fields.String):
    """Comma-separated dates ``yyyy-MM-dd`` (at most ``MAX_SPECIFIC_DATES``), loaded as a list of texts."""

    default_error_messages = {"invalid_list": "'dates' must be dates written yyyy-MM-dd, separated by commas."}

    def __init__(self, description: str, **kwargs):
        super().__init__(metadata={**_md(description, "2026-01-16,2026-02-20"), "pattern": DAY_LIST_PATTERN},
                         **kwargs)

    def _deserialize(self, value, attr, data, **kwargs):
        text = super()._deserialize(value, attr, data, **kwargs)
        if not _DAY_LIST_RE.fullmatch(text):
            raise self.make_error("invalid_list")
        return [d for d in text.split(",") if d]


class NyTime(fields.String):
    """A New York time ``yyyy-MM-dd HH:mm`` (or a day alone: its end), kept as the text."""

    default_error_messages = {"invalid_time": "'date' must be written 'yyyy-MM-dd HH:mm' (New York time).",
                              "null": "'date' must be written 'yyyy-MM-dd HH:mm' (New York time).",
                              "required": "'date' is required ('yyyy-MM-dd HH:mm', New York time)."}

    def __init__(self, description: str, **kwargs):
        super().__init__(metadata={**_md(description, "2026-01-02 15:05"), "pattern": NY_TIME_PATTERN}, **kwargs)

    def _deserialize(self, value, attr, data, **kwargs):
        text = super()._deserialize(value, attr, data, **kwargs)
        if not _NY_TIME_RE.fullmatch(text):
            raise self.make_error("invalid_time")
        return text


def parse_ny_time(text: str) -> tuple[datetime, bool]:
    """(naive New York datetime, whether only a day was given) of a text ``NyTime`` accepted."""
    text = text.replace("T", " ")
    if len(text) == 10:
        return datetime.strptime(text, "%Y-%m-%d").replace(hour=23, minute=59), True
    return datetime.strptime(text, "%Y-%m-%d %H:%M"), False


def choice(words, description: str, default=None, *, field: str, example=None, **kwargs) -> fields.String:
    """A text that is one of ``words`` (exact case), documented as an enum, ``default`` when absent."""
    words = tuple(words)
    message = f"'{field}' must be one of: {', '.join(str(w) for w in words)}."
    if default is not None:
        kwargs["load_default"] = default
    return fields.String(validate=validate.OneOf(words, error=message),
                         metadata=_md(description, example if example is not None else default), **kwargs)


def int_choice(numbers, description: str, default: int, *, field: str, unit: str = "", strict: bool = False,
               **kwargs) -> fields.Integer:
    """A whole number that is one of ``numbers``."""
    numbers = tuple(numbers)
    message = f"'{field}' must be one of: {', '.join(str(n) for n in numbers)}{unit}."
    return fields.Integer(load_default=default, strict=strict, validate=validate.OneOf(numbers, error=message),
                          error_messages={"invalid": message}, metadata=_md(description, default), **kwargs)


def int_range(bounds: tuple[int, int, int], description: str, *, field: str) -> fields.Integer:
    """A whole number from ``bounds[0]`` to ``bounds[1]``, ``bounds[2]`` when absent."""
    lo, hi, default = bounds
    message = f"'{field}' must be a whole number from {lo} to {hi}."
    return fields.Integer(load_default=default, validate=validate.Range(min=lo, max=hi, error=message),
                          error_messages={"invalid": message}, metadata=_md(description, default))


class Flag(fields.Boolean):
    """true or false: a JSON boolean, or in a query string ``true``/``false``/``1``/``0`` (any case)."""

    default_error_messages = {"invalid": "'isCumulative' must be true or false."}

    def __init__(self, description: str, *, in_query: bool = False, **kwargs):
        self.in_query = in_query
        super().__init__(load_default=False, metadata=_md(description, False), **kwargs)

    def _deserialize(self, value, attr, data, **kwargs):
        if isinstance(value, bool) and not self.in_query:
            return value
        if self.in_query and isinstance(value, str) and value.lower() in ("true", "false", "1", "0"):
            return value.lower() in ("true", "1")
        raise self.make_error("invalid")


class FiniteNumber(fields.Float):
    """A JSON number that is finite as a double (``10**400`` is refused, not an overflow)."""

    def __init__(self, description: str, name: str, **kwargs):
        message = f"'{name}' must be a number."
        super().__init__(allow_nan=False, error_messages={"invalid": message, "special": message},
                         metadata=_md(description, kwargs.pop("example", None)), **kwargs)

    def _deserialize(self, value, attr, data, **kwargs):
        if isinstance(value, bool) or not isinstance(value, (int, float)):
            raise self.make_error("invalid")
        try:
            if not math.isfinite(float(value)):
                raise self.make_error("special")
        except OverflowError:
            raise self.make_error("special") from None
        return super()._deserialize(value, attr, data, **kwargs)


class NullableNested(fields.Nested):
    """A nested object or null, documented as ``{allOf: [ref], nullable: true}`` (``document_nullable``)
    rather than apispec's ``anyOf`` with a second, unconstrained object."""

    def __init__(self, nested, **kwargs):
        super().__init__(nested, allow_none=True, **kwargs)


def document_nullable(self, field, ret, **kwargs) -> dict:
    """apispec attribute function for ``NullableNested`` (registered on the app's spec once)."""
    if not isinstance(field, NullableNested):
        return {}
    refs = [x for x in ret.pop("anyOf", []) if "$ref" in x]
    return {"allOf": refs, "nullable": True} if refs else {}


# ---------------------------------------------------------------- schemas


def flatten(messages, prefix: str = "") -> dict[str, list[str]]:
    """marshmallow's nested messages as ``{"a.b": [sentences]}`` (a list member's failures are its list's)."""
    if not isinstance(messages, dict):
        items = messages if isinstance(messages, list) else [messages]
        return {prefix or "_schema": [str(m) for m in items]}
    out: dict[str, list[str]] = {}
    for key, value in messages.items():
        if key == "_schema" or isinstance(key, int):
            name = prefix
        else:
            name = f"{prefix}.{key}" if prefix else str(key)
        for k, msgs in flatten(value, name).items():
            out.setdefault(k, []).extend(m for m in msgs if m not in out.get(k, []))
    return out


class RequestSchema(Schema):
    """A data route's request: unknown members are ignored; a failure is the one error body (422, or 400
    when a JSON body is not an object), each field named by its dotted path."""

    class Meta:
        unknown = EXCLUDE

    def handle_error(self, error: ValidationError, data, **kwargs):
        if not isinstance(data, Mapping):
            message = "The request body must be a JSON object."
            raise ApiError(400, "validation_error", message, {"_schema": [message]})
        renamed = getattr(self, "error_names", {})
        errors: dict[str, list[str]] = {}
        for name, sentences in flatten(error.messages).items():
            head, dot, rest = name.partition(".")
            errors.setdefault(renamed.get(head, head) + dot + rest, []).extend(sentences)
        sentences = [m for msgs in errors.values() for m in msgs]
        if len(sentences) == 1:
            message = sentences[0]
        else:
            shown = list(errors)[:5]
            message = "Invalid value for: " + ", ".join(shown) + (", ..." if len(errors) > 5 else "") + "."
        raise ApiError(422, "validation_error", message, errors)


class Nested(Schema):
    """A nested member of a request (its parent reports the failures)."""

    class Meta:
        unknown = EXCLUDE
