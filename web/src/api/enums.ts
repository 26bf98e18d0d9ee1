// Generated from the backend OpenAPI document by `npm run gen:api`. Do not edit by hand;
// `npm run check:api` fails when this file no longer matches the backend.

/** Greeks of the exposure routes. */
export const GREEKS = ['delta', 'gamma', 'vanna', 'charm', 'vega', 'theta', 'vomma', 'rho', 'dag'] as const;
export type Greek = (typeof GREEKS)[number];

/** What a surface shows: iv or a greek. */
export const SURFACE_VALUES = ['iv', 'delta', 'gamma', 'vanna', 'charm', 'vega', 'theta', 'vomma', 'rho', 'dag'] as const;
export type SurfaceValue = (typeof SURFACE_VALUES)[number];

/** Calls and puts, calls or puts. */
export const KINDS = ['both', 'call', 'put'] as const;
export type Kind = (typeof KINDS)[number];

/** Words of the expirations grammar. */
export const EXPIRATION_OPTIONS = ['ALL', 'MIXED', 'CUSTOM', 'SPECIFIC', 'TODAY', 'TOMORROW', 'DAY_AFTER_TOMORROW', 'THIS_WEEK', 'NEXT_WEEK', 'THIRTY_NEXT_DAYS', 'THIRD_FRIDAY', 'THIS_MONTH', 'NEXT_MONTH', 'THIS_YEAR', 'NEXT_YEAR'] as const;
export type ExpirationOptionWord = (typeof EXPIRATION_OPTIONS)[number];

/** Ticker lists. */
export const TICKER_TYPES = ['regular', '0dte', 'all'] as const;
export type TickerType = (typeof TICKER_TYPES)[number];

/** Candle lengths in minutes. */
export const FREQUENCIES = [1, 5, 10, 15, 30, 60] as const;
export type Frequency = (typeof FREQUENCIES)[number];

/** Screener measures. */
export const SCREENER_FLAGS = ['diff', 'mag', 'norm'] as const;
export type ScreenerFlagWord = (typeof SCREENER_FLAGS)[number];

/** Screener list lengths. */
export const SCREENER_LENGTHS = [10, 25, 50, 100] as const;
export type ScreenerLength = (typeof SCREENER_LENGTHS)[number];

/** Screener orders. */
export const SCREENER_SUPERLATIVES = ['least', 'greatest'] as const;
export type ScreenerSuperlativeWord = (typeof SCREENER_SUPERLATIVES)[number];

/** Screener figures. */
export const SCREENER_GREEKS = ['delta', 'gamma', 'theta', 'vanna', 'vega', 'price'] as const;
export type ScreenerGreekWord = (typeof SCREENER_GREEKS)[number];

/** Screener time frames. */
export const SCREENER_TIME_FRAMES = ['day', 'week', 'month', 'three_months', 'year'] as const;
export type ScreenerTimeFrameWord = (typeof SCREENER_TIME_FRAMES)[number];

/** Chart kinds: a CHART widget's configuration.type. */
export const CHART_TYPES = ['summary', 'exposure', 'surface', 'statistics', 'heatmap', 'price_levels', 'volume_oi'] as const;
export type ChartType = (typeof CHART_TYPES)[number];

/** Chart names of the charts that have them. */
export const CHART_NAMES = ['GREEK_VOLATILITY', 'IV_VOLATILITY', 'SPOT_VOL_CORRELATION', 'AGGREGATE_TREND', 'VOLUME', 'OPEN_INTEREST', 'OPEN_INTEREST_CHANGE'] as const;
export type ChartName = (typeof CHART_NAMES)[number];

/** Sizes of each saved widget type: [columns, rows] in grid units per size letter. */
export const WIDGET_SIZES = {
  'CHART': {'S': [6, 2], 'M': [9, 3], 'L': [12, 3]},
  'WATCHLIST': {'S': [3, 1], 'M': [6, 2], 'L': [12, 2]},
  'TICKER': {'S': [2, 1], 'M': [3, 1], 'L': [6, 1]},
  'CALENDAR': {'S': [3, 1], 'M': [6, 2]},
  'NEWS': {'S': [3, 1]},
  'AGGREGATE': {'S': [2, 1]},
  'SHADOW': {'S': [2, 1], 'M': [3, 1], 'L': [6, 2]},
  'INTRO': {'S': [6, 2], 'M': [6, 2], 'L': [6, 2]},
  'ZERODTE': {'M': [3, 1]},
  'DEALER_PREMIUM': {'M': [3, 1]},
  'LIQUIDITY': {'M': [3, 1]},
  'SCREENER': {'M': [6, 2]},
  'PUT_CALL': {'M': [6, 2], 'L': [12, 2]},
  'PRINTS': {'M': [6, 2], 'L': [12, 3]},
  'TERM_STRUCTURE': {'S': [4, 2], 'M': [6, 2], 'L': [9, 3]},
  'SKEW': {'S': [4, 2], 'M': [6, 2], 'L': [9, 3]},
  'IV_RANK': {'S': [4, 2], 'M': [6, 2], 'L': [9, 3]},
} as const;

/** Widget kinds in the widget dialog's order: saved type, the size a new widget starts with, chart names. */
export const WIDGET_KIND_TABLE = {
  'summary': {'type': 'CHART', 'defaultSize': 'S', 'chartNames': []},
  'exposure': {'type': 'CHART', 'defaultSize': 'S', 'chartNames': []},
  'surface': {'type': 'CHART', 'defaultSize': 'S', 'chartNames': ['GREEK_VOLATILITY', 'IV_VOLATILITY']},
  'statistics': {'type': 'CHART', 'defaultSize': 'S', 'chartNames': ['SPOT_VOL_CORRELATION', 'AGGREGATE_TREND']},
  'heatmap': {'type': 'CHART', 'defaultSize': 'S', 'chartNames': []},
  'watchlist': {'type': 'WATCHLIST', 'defaultSize': 'M', 'chartNames': []},
  'ticker': {'type': 'TICKER', 'defaultSize': 'L', 'chartNames': []},
  'aggregate': {'type': 'AGGREGATE', 'defaultSize': 'S', 'chartNames': []},
  'zerodte': {'type': 'ZERODTE', 'defaultSize': 'M', 'chartNames': []},
  'dealer_premium': {'type': 'DEALER_PREMIUM', 'defaultSize': 'M', 'chartNames': []},
  'liquidity': {'type': 'LIQUIDITY', 'defaultSize': 'M', 'chartNames': []},
  'screener': {'type': 'SCREENER', 'defaultSize': 'M', 'chartNames': []},
  'price_levels': {'type': 'CHART', 'defaultSize': 'S', 'chartNames': []},
  'volume_oi': {'type': 'CHART', 'defaultSize': 'S', 'chartNames': ['VOLUME', 'OPEN_INTEREST', 'OPEN_INTEREST_CHANGE']},
  'put_call': {'type': 'PUT_CALL', 'defaultSize': 'M', 'chartNames': []},
  'prints': {'type': 'PRINTS', 'defaultSize': 'M', 'chartNames': []},
  'term_structure': {'type': 'TERM_STRUCTURE', 'defaultSize': 'M', 'chartNames': []},
  'skew': {'type': 'SKEW', 'defaultSize': 'M', 'chartNames': []},
  'iv_rank': {'type': 'IV_RANK', 'defaultSize': 'M', 'chartNames': []},
} as const;

/** Widget kinds in the widget dialog's order. */
export const WIDGET_KINDS = ['summary', 'exposure', 'surface', 'statistics', 'heatmap', 'watchlist', 'ticker', 'aggregate', 'zerodte', 'dealer_premium', 'liquidity', 'screener', 'price_levels', 'volume_oi', 'put_call', 'prints', 'term_structure', 'skew', 'iv_rank'] as const;
export type WidgetKind = (typeof WIDGET_KINDS)[number];
