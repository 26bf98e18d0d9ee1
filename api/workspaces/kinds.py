"""The widget kinds table: every saved widget type, the sizes it comes in, the size a new widget of a kind
starts with, the configuration it takes and a chart's names, written once.

Everything about a kind's geometry and vocabulary reads this table: the widget validation
(``api.workspaces.widgets``), the OpenAPI document (the ``Widget`` schema's ``x-widget-kinds``) and, through
``npm run gen:api``, the web (``web/src/api/enums.ts``: the grid's size table, each kind's saved type and
default size, the chart types and names). Adding a kind is one row here, one folder in
``web/src/widgets/`` and, for its data, one folder in ``api/data/``.

A row's configuration is named, not imported: the marshmallow schema class of that name (marshmallow's
class registry, as ``fields.Nested("Name")`` reads it), so the schemas may read this table without a
circle. Kinds that share a saved type (the charts) are told apart by their configuration's ``type``, which
is the kind's name. Rows without a kind are saved types no dialog creates any more; they keep a free
configuration. Nothing here imports anything of the project but the vocabulary.
"""

from __future__ import annotations

from dataclasses import dataclass
from types import MappingProxyType
from typing import Mapping

from domain import vocabulary as v

#: Size letters in the order a picker offers them.
SIZE_LETTERS: tuple[str, ...] = ("S", "M", "L")
GRID_COLUMNS = 12


@dataclass(frozen=True)
class WidgetKind:
    """One row: a kind (or a kindless saved type) and what it is made of."""

    #: The kind's name (the web registry's key; a chart's ``configuration.type``), or None for a saved type
    #: no dialog creates.
    kind: str | None
    #: The saved widget's ``type``.
    type: str
    #: (columns, rows) in grid units per size letter.
    sizes: Mapping[str, tuple[int, int]]
    #: The size a new widget of the kind starts with (None for a kindless type).
    default_size: str | None = None
    #: Name of the marshmallow schema that validates the configuration; None keeps a free JSON object.
    configuration: str | None = None
    #: The chart names a chart of this kind chooses between (``configuration.chartName``), if any.
    chart_names: tuple[str, ...] = ()
    #: The values a chart of this kind may show (``configuration.greek``).
    greeks: tuple[str, ...] = ()

    def __post_init__(self):
        object.__setattr__(self, "sizes", MappingProxyType(dict(self.sizes)))
        where = f"Widget kind {self.kind or self.type}"
        if not self.sizes or set(self.sizes) - set(SIZE_LETTERS):
            raise ValueError(f"{where}: sizes are some of {', '.join(SIZE_LETTERS)}.")
        for letter, (columns, rows) in self.sizes.items():
            if not (1 <= columns <= GRID_COLUMNS and rows >= 1):
                raise ValueError(f"{where}: size {letter} is {columns}x{rows}, outside the "
                                 f"{GRID_COLUMNS}-column grid.")
        if self.kind is None:
            if (self.default_size, self.configuration, self.chart_names, self.greeks) != (None, None, (), ()):
                raise ValueError(f"{where}: a saved type without a kind has no default size, configuration, "
                                 "chart names or greeks.")
        elif self.default_size not in self.sizes:
            raise ValueError(f"{where}: the default size must be one of {', '.join(self.sizes)}.")

    def document(self) -> dict:
        """The row as the OpenAPI document states it (``x-widget-kinds``)."""
        return {"kind": self.kind, "type": self.type,
                "sizes": {s: list(self.sizes[s]) for s in SIZE_LETTERS if s in self.sizes},
                "defaultSize": self.default_size, "chartNames": list(self.chart_names)}


class KindTable:
    """The rows, checked together when set: kinds are unique, and kinds sharing a type agree on its sizes and
    configuration. Every question is answered from the current rows, so a row added later (a fixture in a
    test) is seen by the validation and the document alike."""

    def __init__(self, *rows: WidgetKind):
        self.rows = rows

    @property
    def rows(self) -> tuple[WidgetKind, ...]:
        return self._rows

    @rows.setter
    def rows(self, rows) -> None:
        rows = tuple(rows)
        kinds = [r.kind for r in rows if r.kind is not None]
        if len(kinds) != len(set(kinds)):
            raise ValueError("Each widget kind has one row.")
        by_type: dict[str, WidgetKind] = {}
        for row in rows:
            first = by_type.setdefault(row.type, row)
            if (first.sizes, first.configuration) != (row.sizes, row.configuration):
                raise ValueError(f"The rows of type {row.type} disagree on its sizes or configuration.")
            if (first.kind is None) != (row.kind is None):
                raise ValueError(f"Type {row.type} is either kindless or made of kinds.")
        self._rows = rows

    def types(self) -> tuple[str, ...]:
        """The saved widget types, in the table's order."""
        return tuple(dict.fromkeys(r.type for r in self._rows))

    def type_row(self, widget_type: str) -> WidgetKind:
        """The first row of a type: its sizes and configuration."""
        return next(r for r in self._rows if r.type == widget_type)

    def sizes(self, widget_type: str) -> Mapping[str, tuple[int, int]]:
        return self.type_row(widget_type).sizes

    def kinds(self) -> tuple[WidgetKind, ...]:
        """The rows that are kinds, in the widget dialog's order."""
        return tuple(r for r in self._rows if r.kind is not None)

    def kind(self, name: str) -> WidgetKind:
        return next(r for r in self._rows if r.kind == name)

    def kinds_of(self, widget_type: str) -> tuple[WidgetKind, ...]:
        return tuple(r for r in self._rows if r.type == widget_type and r.kind is not None)

    def chart_types(self) -> tuple[str, ...]:
        """The kinds saved as ``CHART`` widgets: the values of a chart's ``configuration.type``."""
        return tuple(r.kind for r in self.kinds_of("CHART"))

    def chart_names(self, chart_type: str | None = None) -> tuple[str, ...]:
        """The chart names of one chart type, or of all chart types."""
        rows = self.kinds_of("CHART") if chart_type is None else [r for r in self.kinds_of("CHART")
                                                                  if r.kind == chart_type]
        return tuple(n for r in rows for n in r.chart_names)

    def document(self) -> list[dict]:
        return [r.document() for r in self._rows]


CHART_SIZES = {"S": (6, 2), "M": (9, 3), "L": (12, 3)}
VOL_SIZES = {"S": (4, 2), "M": (6, 2), "L": (9, 3)}


def chart(kind: str, *, greeks: tuple[str, ...] = v.GREEKS, chart_names: tuple[str, ...] = ()) -> WidgetKind:
    """A kind saved as a ``CHART`` widget, its ``configuration.type`` being the kind's name."""
    return WidgetKind(kind, "CHART", CHART_SIZES, "S", "ChartConfigSchema", chart_names, greeks)


WIDGET_KINDS = KindTable(
    # Arguments: kind, saved type, sizes as (columns, rows), size of a new widget, configuration schema.
    chart("summary", greeks=v.SUMMARY_GREEKS),
    chart("exposure"),
    chart("surface", greeks=(*v.GREEKS, v.IV), chart_names=("GREEK_VOLATILITY", "IV_VOLATILITY")),
    chart("statistics", chart_names=("SPOT_VOL_CORRELATION", "AGGREGATE_TREND")),
    chart("heatmap"),
    # Key levels: the spec's 3x1 WATCHLIST, and larger sizes for a table of eight columns and a list of rows.
    WidgetKind("watchlist", "WATCHLIST", {"S": (3, 1), "M": (6, 2), "L": (12, 2)}, "M", "WatchlistConfigSchema"),
    WidgetKind("ticker", "TICKER", {"S": (2, 1), "M": (3, 1), "L": (6, 1)}, "L", "TickerConfigSchema"),
    WidgetKind(None, "CALENDAR", {"S": (3, 1), "M": (6, 2)}),
    WidgetKind(None, "NEWS", {"S": (3, 1)}),
    WidgetKind("aggregate", "AGGREGATE", {"S": (2, 1)}, "S", "AggregateConfigSchema"),
    WidgetKind(None, "SHADOW", {"S": (2, 1), "M": (3, 1), "L": (6, 2)}),
    # INTRO has one size, 6x2, whatever letter is sent.
    WidgetKind(None, "INTRO", {"S": (6, 2), "M": (6, 2), "L": (6, 2)}),
    WidgetKind("zerodte", "ZERODTE", {"M": (3, 1)}, "M", "TickerConfigSchema"),
    WidgetKind("dealer_premium", "DEALER_PREMIUM", {"M": (3, 1)}, "M", "TickerConfigSchema"),
    WidgetKind("liquidity", "LIQUIDITY", {"M": (3, 1)}, "M", "TickerConfigSchema"),
    WidgetKind("screener", "SCREENER", {"M": (6, 2)}, "M", "ScreenerConfigSchema"),
    # Price and levels: the levels drawn are gamma's (zero gamma, walls), so its greek is gamma.
    chart("price_levels", greeks=("gamma",)),
    # Flow. Volume and open interest by strike draw no greek (the configuration's default, gamma, stands);
    # the chart name says which of the route's figures the bars show.
    chart("volume_oi", greeks=("gamma",), chart_names=("VOLUME", "OPEN_INTEREST", "OPEN_INTEREST_CHANGE")),
    WidgetKind("put_call", "PUT_CALL", {"M": (6, 2), "L": (12, 2)}, "M", "TickerConfigSchema"),
    WidgetKind("prints", "PRINTS", {"M": (6, 2), "L": (12, 3)}, "M", "PrintsConfigSchema"),
    # Volatility views (docs/methodology.md §4.17–§4.19): one ticker each, live or historical.
    WidgetKind("term_structure", "TERM_STRUCTURE", VOL_SIZES, "M", "TickerConfigSchema"),
    WidgetKind("skew", "SKEW", VOL_SIZES, "M", "SkewConfigSchema"),
    WidgetKind("iv_rank", "IV_RANK", VOL_SIZES, "M", "TickerConfigSchema"),
)
