// The words the screens show for the vocabulary's values (greeks, option sides, screener settings) and the
// defaults a new widget or preset starts from. Shared by editors, dialogs and captions, so none of them
// imports another; the value lists themselves are generated (../api/enums).
import type {
  Kind,
  ScreenerFlagWord,
  ScreenerSuperlativeWord,
  ScreenerTimeFrameWord,
} from '../api/enums';
import { KINDS } from '../api/enums';

export const DEFAULT_TICKER = 'SPX';
/** The greek a new exposure, statistics or aggregate widget shows (domain/vocabulary.py DEFAULT_GREEK). */
export const DEFAULT_GREEK = 'charm';

export const GREEK_LABELS: Record<string, string> = {
  delta: 'Delta',
  gamma: 'Gamma',
  vanna: 'Vanna',
  charm: 'Charm',
  vega: 'Vega',
  theta: 'Theta',
  vomma: 'Vomma',
  rho: 'Rho',
  dag: 'Delta-adjusted gamma',
  iv: 'Implied volatility',
};

/** A greek's label, the greek itself when it has none, '' for none. */
export function greekLabel(greek: string | null | undefined): string {
  return greek ? GREEK_LABELS[greek] ?? greek : '';
}

/** The greeks a greek surface offers. */
export const SURFACE_GREEKS = ['delta', 'gamma', 'vanna', 'charm', 'vega', 'theta'] as const;

/** The option sides of exposure and surface widgets: the editors' choices and the subtitle's words. */
const KIND_LABELS: Record<Kind, string> = { both: 'Both', call: 'Call', put: 'Put' };
export const KIND_OPTIONS: { value: Kind; label: string }[] = KINDS.map((value) => ({ value, label: KIND_LABELS[value] }));
export const KIND_NAMES: Record<Kind, string> = { both: 'Calls + puts', call: 'Calls', put: 'Puts' };

export const FLAG_LABELS: Record<ScreenerFlagWord, string> = { diff: 'Differences', mag: 'Magnitude', norm: 'Relative Change' };
export const SUPERLATIVE_LABELS: Record<ScreenerSuperlativeWord, string> = { least: 'Least Absolute Change', greatest: 'Most Absolute Change' };
export const TIMEFRAME_LABELS: Record<ScreenerTimeFrameWord, string> = { day: 'Day', week: 'Week', month: 'Month', three_months: '3 Months', year: 'Year' };
