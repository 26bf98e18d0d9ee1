"""The domain vocabulary: the one definition of every closed set of words a request, a widget or a query
may use, and of the windows and limits the served figures are computed over.

Everything that validates, documents or builds SQL from these words imports them from here: the store's
columns (``data.store.schemas``), the SQL builders (``data.store.sql``), the data routes' request schemas (``api.data``),
the widget configurations (``api.workspaces.widgets``), the expirations grammar (``domain.expirations``) and,
through the OpenAPI enums, the web's lists (``web/src/api/enums.ts``). Nothing here imports anything of
the project.
"""

from __future__ import annotations

import re

# ---------------------------------------------------------------- greeks and values

#: Every greek the store holds per contract and the exposure routes serve (docs/methodology.md §3).
GREEKS: tuple[str, ...] = ("delta", "gamma", "vanna", "charm", "vega", "theta", "vomma", "rho", "dag")
#: The greek an exposure request or a new widget uses when none is named.
DEFAULT_GREEK = "charm"
#: The greek the per-ticker statistics routes (aggregate, trend, strike list, surfaces) use when none is named.
DEFAULT_STATISTICS_GREEK = "gamma"
#: The greeks a summary chart shows.
SUMMARY_GREEKS: tuple[str, ...] = ("vanna", "gamma", "charm")
#: Implied volatility: a surface value beside the greeks, not an exposure.
IV = "iv"
#: What a surface can show: implied volatility or a greek's exposure.
SURFACE_VALUES: tuple[str, ...] = (IV, *GREEKS)

# ---------------------------------------------------------------- option sides

#: Which contracts an exposure sums: calls and puts, calls only, puts only.
KINDS: tuple[str, ...] = ("both", "call", "put")
DEFAULT_KIND = "both"

# ---------------------------------------------------------------- tickers

#: A ticker symbol as typed: letters and digits, then up to 14 of letters, digits and . ^ / _ -, an
#: optional leading ^ (index symbols), surrounding spaces allowed. Case does not matter: a valid symbol is
#: stripped and upper-cased. ASCII only, so the OpenAPI pattern and this regex accept the same texts.
TICKER_PATTERN = r"^ *\^?[A-Za-z0-9][A-Za-z0-9.^/_-]{0,14} *$"
TICKER_RE = re.compile(TICKER_PATTERN, re.ASCII)
#: The same symbols as the public API's wire takes them: already upper-case, no surrounding spaces.
TICKER_UPPER_PATTERN = r"^\^?[A-Z0-9][A-Z0-9.^/_-]{0,14}$"
TICKER_UPPER_RE = re.compile(TICKER_UPPER_PATTERN, re.ASCII)
TICKER_EXAMPLE = "SPX"
#: The ticker lists: tickers with regular data, those with an expiration on the session date, or both.
TICKER_TYPES: tuple[str, ...] = ("regular", "0dte", "all")
#: Words the web sends for "no ticker" (a widget group mixing tickers).
NO_TICKER_WORDS: tuple[str, ...] = ("", "null", "undefined")
MAX_MIXED_TICKERS = 20


def normalize_ticker(raw: str) -> str | None:
    """The symbol ``raw`` names (stripped, upper-case), or None when ``raw`` is not a ticker symbol."""
    if not isinstance(raw, str) or not TICKER_RE.fullmatch(raw):
        return None
    return raw.strip().upper()


# ---------------------------------------------------------------- expirations

#: The words of the expirations grammar (``domain.expirations`` tells what each one selects).
EXPIRATION_OPTIONS: tuple[str, ...] = (
    "ALL", "MIXED", "CUSTOM", "SPECIFIC", "TODAY", "TOMORROW", "DAY_AFTER_TOMORROW", "THIS_WEEK",
    "NEXT_WEEK", "THIRTY_NEXT_DAYS", "THIRD_FRIDAY", "THIS_MONTH", "NEXT_MONTH", "THIS_YEAR", "NEXT_YEAR",
)
DEFAULT_EXPIRATION_OPTION = "ALL"
#: Most dates a SPECIFIC or MIXED selection may list.
MAX_SPECIFIC_DATES = 200

# ---------------------------------------------------------------- candles

#: Candle lengths in minutes.
FREQUENCIES: tuple[int, ...] = (1, 5, 10, 15, 30, 60)
DEFAULT_FREQUENCY = 10

# ---------------------------------------------------------------- screener

SCREENER_FLAGS: tuple[str, ...] = ("diff", "mag", "norm")
SCREENER_LENGTHS: tuple[int, ...] = (10, 25, 50, 100)
SCREENER_SUPERLATIVES: tuple[str, ...] = ("least", "greatest")
SCREENER_GREEKS: tuple[str, ...] = ("delta", "gamma", "theta", "vanna", "vega", "price")
#: Screener time frames and the calendar days each one looks back.
SCREENER_TIME_FRAME_DAYS: dict[str, int] = {"day": 1, "week": 7, "month": 30, "three_months": 91, "year": 365}
SCREENER_TIME_FRAMES: tuple[str, ...] = tuple(SCREENER_TIME_FRAME_DAYS)
SCREENER_DEFAULTS = {"flag": "norm", "length": 25, "superlative": "least", "greek": "gamma",
                     "timeFrame": "three_months"}

# ---------------------------------------------------------------- windows and limits

#: End-of-day history a request may ask for, in calendar days: (least, most, default).
EOD_DAYS = (1, 400, 30)
#: Session heatmap: strikes within this many percent beyond the session's spot range (least, most, default;
#: docs/methodology.md §4.11).
HEATMAP_STRIKE_RANGE_PERCENT = (1, 50, 5)
#: Strikes a strike list may hold: (least, most, default).
STRIKE_LIST_LIMIT = (1, 100, 10)
#: Points of the intraday aggregate-charm path (the most recent snapshots of the session).
AGG_CHARM_POINTS = 80
#: Sessions in the spot–vol regression (docs/methodology.md §4.7).
SPOT_VOL_WINDOW = 252
#: Calendar days shown in the aggregate trend, and sessions in its historical average (§4.8).
TREND_DAYS = 180
TREND_AVERAGE_SESSIONS = 126
#: Horizon of the expected move that sizes the exposure chart's default strike range (§4.6).
EXPECTED_MOVE_DAYS = 30

# ---------------------------------------------------------------- what changed

#: What an exposure chart may be compared with (docs/methodology.md §4.10), in its editor's order:
#: the previous snapshot, the session open, the previous close, a chosen time.
COMPARE_WITH: tuple[str, ...] = ("previous", "open", "previous_close", "time")
