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
