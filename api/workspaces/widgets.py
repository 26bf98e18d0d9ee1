"""Widget validation: types and sizes (the kinds table, ``api.workspaces.kinds``), chart and screener
configuration, groups, and positions inside the 12-column grid. Loading a widget returns its normalised form
(defaults filled, the legacy screener ``time_frame`` renamed ``timeFrame``) which is what gets stored.

Every choice that depends on the kinds table (types, chart types, chart names, sizes, the configuration a type
takes) is read from it when a widget is checked or documented, never copied at import.
"""

from __future__ import annotations

import json
import re

from collections.abc import Callable, Iterable

from marshmallow import (EXCLUDE, Schema, ValidationError, class_registry, fields, post_load, pre_load,
                         validate, validates_schema)

from api.data.fields import DAY_CORE, TIME_CORE
from api.data.fields import Ticker as _DataTicker
from api.data.screener.schemas import ScreenerSettings
from api.fields import JsonBoolean
from api.workspaces.kinds import GRID_COLUMNS, SIZE_LETTERS, WIDGET_KINDS
from domain import vocabulary as v

MAX_ROW = 10_000

# Group 0 means "no group"; groups 1-10 have fixed colours.
GROUPS: dict[int, tuple[str, str]] = {
    0: ("None", "#8696c6"),
    1: ("Yellow", "#f5c842"),
    2: ("Orange", "#f59342"),
    3: ("Red", "#e5484d"),
    4: ("Pink", "#f06fa8"),
    5: ("Fuchsia", "#d14fd6"),
    6: ("Violet", "#8e5cf0"),
    7: ("Blue", "#3e7bfa"),
    8: ("Cyan", "#2fc6e0"),
    9: ("Teal", "#20b2a0"),
    10: ("Green", "#46b95a"),
}

MAX_FREE_CONFIG_BYTES = 16_384


class OneOfTable(validate.OneOf):
    """``OneOf`` whose choices are read from the kinds table each time they are needed (a check, the
    document), so a row added to the table is a valid choice at once."""

    def __init__(self, choices: Callable[[], Iterable], *, error: str | None = None):
        # OneOf's own __init__ would freeze the choices: the attributes it sets are read live below.
        self._choices = choices
        self.labels = []
        self.labels_text = ""
        self.error = error or self.default_message

    @property
    def choices(self) -> tuple:
        return tuple(self._choices())

    @property
    def choices_text(self) -> str:
        return ", ".join(str(choice) for choice in self.choices)


def configuration_schema(widget_type: str) -> type[Schema] | None:
    """The schema a widget type's configuration is checked with (named in its row), or None for a free one."""
    name = WIDGET_KINDS.type_row(widget_type).configuration
    return class_registry.get_class(name) if name else None


def _or(words) -> str:
    return ", ".join(words[:-1]) + " or " + words[-1] if len(words) > 1 else "".join(words)


class Ticker(_DataTicker):
    """The data routes' ticker field (one pattern, ``domain.vocabulary.TICKER_PATTERN``), with the widget
    editor's sentence."""

    default_error_messages = {"invalid_symbol": "Enter a ticker symbol such as SPX."}

    def __init__(self, **kwargs):
        super().__init__("Underlying symbol", **kwargs)


_DAY_RE = re.compile(rf"^{DAY_CORE}$")
_DAY_TIME_RE = re.compile(rf"^{DAY_CORE}( {TIME_CORE})?$")


class DateString(fields.String):
    """``yyyy-MM-dd`` (or ``yyyy-MM-dd HH:mm`` when ``with_time``), kept as the string; calendar dates as
    the data routes read them (``api.data.fields.DAY_CORE``)."""

    def __init__(self, with_time: bool = False, **kwargs):
        self.with_time = with_time
        # The document states the exact pattern the field enforces (leap years included).
        kwargs.setdefault("metadata", {}).setdefault("pattern", (_DAY_TIME_RE if with_time else _DAY_RE).pattern)
        super().__init__(**kwargs)

    def _deserialize(self, value, attr, data, **kwargs):
        result = super()._deserialize(value, attr, data, **kwargs).strip()
        if not (_DAY_TIME_RE if self.with_time else _DAY_RE).fullmatch(result):
            raise ValidationError("Use the date format yyyy-MM-dd" + (" or yyyy-MM-dd HH:mm." if self.with_time
                                                                       else "."))
        return result


class ExpirationsSchema(Schema):
    class Meta:
        openapi = {"description": "Which expirations; `to` may not be before `from` (a rule between two values)"}

    option = fields.String(required=True, validate=validate.OneOf(v.EXPIRATION_OPTIONS))
    # "from" is a Python keyword: the attribute is from_, the JSON key "from".
    from_ = DateString(data_key="from", allow_none=True, load_default=None)
    to = DateString(allow_none=True, load_default=None)
    dates = fields.List(DateString(), load_default=list, validate=validate.Length(max=v.MAX_SPECIFIC_DATES))

    @validates_schema
    def _range(self, data, **kwargs):
        if data.get("from_") and data.get("to") and data["to"] < data["from_"]:
            raise ValidationError("The end of the range is before its start.", "to")

    @post_load
    def _keys(self, data, **kwargs):
        return {"option": data["option"], "from": data.get("from_"), "to": data.get("to"),
                "dates": data.get("dates") or []}


#: The chart kind that can be compared with an earlier snapshot (docs/methodology.md §4.10).
COMPARING_KIND = "exposure"


def _chart_variants(converter) -> dict:
    """One variant per chart kind: the chart names and greeks ``_consistent`` allows for it."""
    no_name = {"enum": [None], "nullable": True}
    variants = []
    for row in WIDGET_KINDS.kinds_of("CHART"):
        names = row.chart_names
        properties = {"type": {"enum": [row.kind]}, "greek": {"enum": list(row.greeks)},
                      "chartName": {"enum": list(names)} if names else no_name}
        if row.kind != COMPARING_KIND:
            properties["compareWith"] = no_name
        variants.append({"title": row.kind, "required": ["type", "ticker"] + (["chartName"] if names else []),
                         "properties": properties})
    return {"oneOf": variants}


class ChartConfigSchema(Schema):
    class Meta:
        openapi = _chart_variants

    type = fields.String(required=True, validate=OneOfTable(WIDGET_KINDS.chart_types))
    ticker = Ticker(required=True)
    greek = fields.String(load_default=v.DEFAULT_GREEK, validate=validate.OneOf(v.SURFACE_VALUES))
    kind = fields.String(load_default=v.DEFAULT_KIND, validate=validate.OneOf(v.KINDS))
    expirations = fields.Nested(ExpirationsSchema, allow_none=True, load_default=None)
    date = DateString(with_time=True, allow_none=True, load_default=None,
                      metadata={"description": "Calculation date; set only for historical widgets"})
    isCumulative = JsonBoolean(load_default=False)
    strikeRange = fields.Float(allow_none=True, allow_nan=False, validate=validate.Range(min=1, max=50), metadata={
        "description": "Exposure charts: strikes shown, in % of spot on each side; absent or null = twice the "
                       "30-day expected move (methodology §4.6)"})
    chartName = fields.String(allow_none=True, load_default=None,
                              validate=OneOfTable(WIDGET_KINDS.chart_names))
    previousSessions = fields.Integer(allow_none=True, strict=True, validate=validate.Range(min=0, max=5), metadata={
        "description": "Price-and-levels charts: earlier sessions drawn before the current one (0 to 5)"})
    # What changed (exposure charts only; absent = no comparison, the chart as before).
    compareWith = fields.String(allow_none=True, validate=validate.OneOf(v.COMPARE_WITH), metadata={
        "description": "Exposure charts: draw the change per strike since this earlier snapshot "
                       "(docs/methodology.md §4.10); absent or null = no comparison"})
    compareTime = DateString(with_time=True, allow_none=True, metadata={
        "description": "The New York time compared with, 'yyyy-MM-dd HH:mm'; required when compareWith is time"})
    compareOverlay = JsonBoolean(metadata={"description": "Exposure charts comparing: also draw both profiles"})
    ivAdjusted = JsonBoolean(metadata={
        "description": "Vanna exposure charts: vanna scaled to a +10 % relative IV move per strike "
                       "(volland-live-api-iv-adjusted-vanna, all expirations)"})
    sessionClose = JsonBoolean(metadata={
        "description": "Historical exposure charts over all expirations: the session's last snapshot of the "
                       "date's day (volland-api-daily-exposure)"})

    @validates_schema
    def _consistent(self, data, **kwargs):
        chart_type = data.get("type")
        row = WIDGET_KINDS.kind(chart_type)
        names = row.chart_names
        if names and data.get("chartName") not in names:
            raise ValidationError(f"A {chart_type} chart needs chartName {' or '.join(names)}.", "chartName")
        if not names and data.get("chartName") is not None:
            raise ValidationError(f"A {chart_type} chart has no chartName.", "chartName")
        greek = data.get("greek")
        if greek not in row.greeks:
            if greek == v.IV and set(v.GREEKS) <= set(row.greeks):
                with_iv = [r.kind for r in WIDGET_KINDS.kinds_of("CHART") if v.IV in r.greeks]
                raise ValidationError(
                    f"Implied volatility is only available on {' and '.join(with_iv)} charts.", "greek")
            raise ValidationError(f"A {chart_type} chart shows {_or(row.greeks)}.", "greek")
        if data.get("compareWith") and chart_type != COMPARING_KIND:
            raise ValidationError("Only exposure charts compare with an earlier snapshot.", "compareWith")
        if data.get("compareWith") == "time" and not data.get("compareTime"):
            raise ValidationError("Choose the date and time to compare with.", "compareTime")


class TickerConfigSchema(Schema):
    ticker = Ticker(required=True)
    date = DateString(with_time=True, allow_none=True,
                      metadata={"description": "Calculation date; set only for historical widgets"})


class SkewConfigSchema(Schema):
    ticker = Ticker(required=True)
    date = DateString(with_time=True, allow_none=True,
                      metadata={"description": "Calculation date; set only for historical widgets"})
    expiration = DateString(with_time=False, allow_none=True, load_default=None, metadata={
        "description": "The expiration whose smile is drawn (yyyy-MM-dd); absent or null = the one nearest to "
                       "30 days (methodology §4.18)"})
    axis = fields.String(load_default="strike", validate=validate.OneOf(("strike", "delta")),
                         metadata={"description": "The smile's x axis: strike or delta"})


class AggregateConfigSchema(Schema):
    ticker = Ticker(required=True)
    greek = fields.String(load_default=v.DEFAULT_GREEK, validate=validate.OneOf(v.GREEKS))
    date = DateString(with_time=True, allow_none=True,
                      metadata={"description": "Calculation date; set only for historical widgets"})


class ScreenerConfigSchema(ScreenerSettings):
    timeFrame = fields.String(load_default=v.SCREENER_DEFAULTS["timeFrame"],
                              validate=validate.OneOf(v.SCREENER_TIME_FRAMES))

    @pre_load
    def _legacy_time_frame(self, data, **kwargs):
        # Records saved before the rename carry time_frame; the new key wins when both are present.
        if isinstance(data, dict) and "time_frame" in data:
            data = dict(data)
            legacy = data.pop("time_frame")
            data.setdefault("timeFrame", legacy)
        return data


class PrintsConfigSchema(Schema):
    """The prints tape: a ticker's session and its filters (docs/methodology.md §4.16)."""

    ticker = Ticker(required=True)
    date = DateString(with_time=True, allow_none=True,
                      metadata={"description": "Calculation date; set only for historical widgets"})
    expirations = fields.Nested(ExpirationsSchema, allow_none=True, load_default=None)
    minPremium = fields.Float(load_default=0.0, allow_nan=False, validate=validate.Range(min=0, max=1e12), metadata={
        "description": "Smallest premium listed, in dollars"})
    side = fields.String(load_default="all", validate=validate.OneOf(("all", "buy", "sell", "unclassified")),
                         metadata={"description": "The customer's side listed"})
    sort = fields.String(load_default="premium", validate=validate.OneOf(("premium", "time")), metadata={
        "description": "premium: largest first; time: latest first"})


class WatchlistConfigSchema(Schema):
    """The key levels widget: the user's list of tickers (each once, in the list's order)."""

    tickers = fields.List(Ticker(), required=True, validate=validate.Length(
        min=1, max=v.MAX_MIXED_TICKERS, error=f"List 1 to {v.MAX_MIXED_TICKERS} tickers."))
    date = DateString(with_time=True, allow_none=True,
                      metadata={"description": "Calculation date; set only for historical widgets"})

    @post_load
    def _once(self, data, **kwargs):
        data["tickers"] = list(dict.fromkeys(data["tickers"]))
        return data


class PositionSchema(Schema):
    x = fields.Integer(required=True, strict=True, validate=validate.Range(min=0, max=GRID_COLUMNS - 1))
    y = fields.Integer(required=True, strict=True, validate=validate.Range(min=0, max=MAX_ROW))


class GroupSchema(Schema):
    class Meta:
        # Each group has its one colour.
        openapi = {"oneOf": [{"title": name, "properties": {"id": {"enum": [gid]}, "color": {"enum": [colour, None]}}}
                             for gid, (name, colour) in GROUPS.items()]}

    id = fields.Integer(required=True, strict=True, validate=validate.Range(min=0, max=10))
    name = fields.String(allow_none=True, load_default=None, validate=validate.Length(max=60))
    color = fields.String(allow_none=True, load_default=None,
                          metadata={"description": "The group's colour; filled in when omitted",
                                    "enum": [*(c for _, c in GROUPS.values()), None]})
    caption = fields.String(allow_none=True, load_default=None, validate=validate.Length(max=200))

    @post_load
    def _colour(self, data, **kwargs):
        name, colour = GROUPS[data["id"]]
        if data.get("color") is not None and data["color"].lower() != colour:
            raise ValidationError(f"Group {data['id']} ({name}) has the colour {colour}.", "color")
        return {"id": data["id"], "name": data.get("name") or name, "color": colour,
                **({"caption": data["caption"]} if data.get("caption") is not None else {})}


def _widget_variants(converter) -> dict:
    """One variant per type and size: the sizes the type comes in, the columns left for x at that width,
    and the configuration the type takes (``_check``); and the kinds table itself (``x-widget-kinds``), from
    which the web's size table, saved types, default sizes and chart names are generated."""
    variants = []
    for widget_type in WIDGET_KINDS.types():
        config_cls = configuration_schema(widget_type)
        config = (converter.resolve_nested_schema(config_cls) if config_cls is not None else
                  {"type": "object", "nullable": True,
                   "description": f"Free configuration, at most {MAX_FREE_CONFIG_BYTES} bytes as JSON"})
        for size, (width, _height) in WIDGET_KINDS.sizes(widget_type).items():
            variants.append({
                "title": f"{widget_type} {size}",
                "required": ["type", "size", "position"] + (["configuration"] if config_cls is not None else []),
                "properties": {"type": {"enum": [widget_type]}, "size": {"enum": [size]}, "configuration": config,
                               "position": {"type": "object", "properties": {
                                   "x": {"type": "integer", "minimum": 0, "maximum": GRID_COLUMNS - width}}}}})
    return {"oneOf": variants, "x-widget-kinds": WIDGET_KINDS.document()}


class WidgetSchema(Schema):
    class Meta:
        openapi = _widget_variants

    id = fields.String(validate=validate.Length(min=1, max=64),
                       metadata={"description": "Kept on update; new widgets get a server id"})
    name = fields.String(allow_none=True, load_default=None, validate=validate.Length(max=120))
    type = fields.String(required=True, validate=OneOfTable(WIDGET_KINDS.types))
    size = fields.String(required=True, validate=validate.OneOf(SIZE_LETTERS))
    configuration = fields.Dict(keys=fields.String(), allow_none=True, load_default=dict)
    position = fields.Nested(PositionSchema, required=True)
    group = fields.Nested(GroupSchema, allow_none=True, load_default=None)

    @post_load
    def _check(self, data, **kwargs):
        widget_type, size = data["type"], data["size"]
        allowed = WIDGET_KINDS.sizes(widget_type)
        if size not in allowed:
            raise ValidationError(f"{widget_type} widgets come in size {', '.join(allowed)}.", "size")
        width, _height = allowed[size]
        if data["position"]["x"] + width > GRID_COLUMNS:
            raise ValidationError(f"The widget is {width} columns wide and must fit in {GRID_COLUMNS} columns "
                                  f"(x at most {GRID_COLUMNS - width}).", "position")
        config = data.get("configuration") or {}
        schema_cls = configuration_schema(widget_type)
        if schema_cls is not None:
            try:
                config = schema_cls().load(config)
            except ValidationError as exc:
                raise ValidationError({"configuration": exc.messages})
        elif len(json.dumps(config)) > MAX_FREE_CONFIG_BYTES:
            raise ValidationError("The configuration is too large.", "configuration")
        data["configuration"] = config
        return data


class WidgetOutSchema(Schema):
    """A stored widget as returned to the client."""

    class Meta:
        unknown = EXCLUDE

    id = fields.String(required=True)
    name = fields.String(allow_none=True, required=True)
    type = fields.String(required=True, validate=OneOfTable(WIDGET_KINDS.types))
    size = fields.String(required=True, validate=validate.OneOf(SIZE_LETTERS))
    configuration = fields.Dict(required=True)
    position = fields.Nested(PositionSchema, required=True)
    group = fields.Nested(GroupSchema, allow_none=True)
