// Widget kinds offered by the widget dialog: their default configuration, required fields and the
// mapping between a saved widget and its kind. Title, saved type and default size come from the
// registry's KindDef (./registry), the only place they are written.
import type {
  ChartConfiguration,
  ExposureKind,
  ScreenerConfiguration,
  Widget,
  WidgetConfiguration,
} from '../domain/types';
import { describeExpirations, formatDate, validateExpirations, type Clock } from '../domain/expirations';
import { FLAG_LABELS, TIMEFRAME_LABELS } from './screener/transform';
import { V, validateScreener, validateZeroDteTicker } from '../domain/validation';
import { KINDS, registry } from './registry';
import { KINDS as EXPOSURE_KINDS } from '../api/enums';
import type { Kind } from './types';

export { KINDS };
export type { Kind };

export { GREEKS } from '../api/enums';
export const SURFACE_GREEKS = ['delta', 'gamma', 'vanna', 'charm', 'vega', 'theta'] as const;
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

export const DEFAULT_TICKER = 'SPX';
export const DEFAULT_GREEK = 'charm';

export function kindOf(widget: Pick<Widget, 'type' | 'configuration'>): Kind | null {
  if (widget.type === 'CHART') {
    const t = (widget.configuration as ChartConfiguration)?.type;
    return t && (KINDS as string[]).includes(t) ? (t as Kind) : null;
  }
  const found = KINDS.find((k) => registry[k].type === widget.type);
  return found ?? null;
}

export const SCREENER_DEFAULTS: ScreenerConfiguration = {
  flag: 'norm',
  length: 25,
  superlative: 'least',
  greek: 'gamma',
  timeFrame: 'three_months',
  stockPriceRange: { min: null, max: null },
};

export function defaultConfiguration(kind: Kind, ticker = DEFAULT_TICKER): WidgetConfiguration {
  switch (kind) {
    case 'exposure':
      return { type: 'exposure', ticker, greek: DEFAULT_GREEK, kind: 'both', expirations: { option: 'ALL' }, isCumulative: false };
    case 'summary':
      return { type: 'summary', ticker, greek: 'gamma' };
    case 'statistics':
      return { type: 'statistics', ticker, greek: DEFAULT_GREEK, chartName: 'SPOT_VOL_CORRELATION' };
    case 'surface':
      return { type: 'surface', ticker, greek: 'gamma', kind: 'both', chartName: 'GREEK_VOLATILITY' };
    case 'aggregate':
      return { ticker, greek: DEFAULT_GREEK };
    case 'screener':
      return { ...SCREENER_DEFAULTS, stockPriceRange: { ...SCREENER_DEFAULTS.stockPriceRange } };
    default:
      return { ticker };
  }
}

export interface WidgetDraft {
  kind: Kind;
  name: string | null;
  size: Widget['size'];
  configuration: WidgetConfiguration;
}

export function newDraft(kind: Kind): WidgetDraft {
  return { kind, name: null, size: registry[kind].defaultSize, configuration: defaultConfiguration(kind) };
}

export interface ValidationContext {
  zeroDteTickers?: string[];
  availableExpirations?: string[];
  clock: Clock;
  tier?: string | null;
}

/** Field → message for a widget draft. An empty object means the draft can be saved. */
export function validateDraft(draft: WidgetDraft, ctx: ValidationContext): Record<string, string> {
  const errors: Record<string, string> = {};
  const c = draft.configuration as ChartConfiguration & Partial<ScreenerConfiguration>;
  if (draft.kind === 'screener') {
    Object.assign(errors, validateScreener(c));
    if (isBasicTier(ctx.tier)) errors.tier = V.basicScreener;
    return errors;
  }
  if (!c.ticker || !String(c.ticker).trim()) errors.ticker = V.tickerRequired;
  if (draft.kind === 'zerodte') {
    const m = validateZeroDteTicker(c.ticker, ctx.zeroDteTickers);
    if (m) errors.ticker = m;
  }
  if (['exposure', 'aggregate', 'summary'].includes(draft.kind) && !c.greek) errors.greek = V.greekRequired;
  if (draft.kind === 'surface' && c.chartName === 'GREEK_VOLATILITY' && !c.greek) errors.greek = V.greekRequired;
  if ((draft.kind === 'exposure' || draft.kind === 'surface') && !c.kind) errors.kind = V.kindRequired;
  if ((draft.kind === 'statistics' || draft.kind === 'surface') && !c.chartName) errors.chartName = V.chartNameRequired;
  if (draft.kind === 'statistics' && c.chartName === 'AGGREGATE_TREND' && !c.greek) errors.greek = V.greekRequired;
  if (c.date === '') errors.date = V.dateRequired;
  if (draft.kind === 'exposure') {
    if (ctx.availableExpirations) {
      const m = validateExpirations(c.expirations, ctx.availableExpirations, ctx.clock, Boolean(c.date));
      if (m) errors.expirations = m;
    }
  }
  return errors;
}

export function isBasicTier(tier: string | null | undefined): boolean {
  return (tier ?? '').toLowerCase() === 'basic';
}

/** The preview is real only when the required fields are filled. */
export function draftIsComplete(draft: WidgetDraft, ctx: ValidationContext): boolean {
  const errors = validateDraft(draft, ctx);
  delete errors.tier;
  return Object.keys(errors).length === 0;
}

/** A short caption for the widget header: 'SPX · Gamma exposure'. */
export function widgetCaption(widget: Pick<Widget, 'type' | 'configuration' | 'name'>): string {
  if (widget.name) return widget.name;
  const kind = kindOf(widget);
  const c = widget.configuration as ChartConfiguration;
  const greek = c.greek ? GREEK_LABELS[c.greek] ?? c.greek : '';
  switch (kind) {
    case 'exposure':
      return `${c.ticker} · ${greek} exposure${c.isCumulative ? ' (cumulative)' : ''}`;
    case 'summary':
      return `${c.ticker} · ${c.greek === 'vanna' ? 'Vanna heatmap' : c.greek === 'charm' ? 'Charm' : 'Gamma candlestick'}`;
    case 'statistics':
      return `${c.ticker} · ${c.chartName === 'AGGREGATE_TREND' ? `${greek} aggregate trend` : 'Spot–vol correlation'}`;
    case 'surface':
      return `${c.ticker} · ${c.chartName === 'IV_VOLATILITY' ? 'IV surface' : `${greek} surface`}`;
    case 'aggregate':
      return `${c.ticker} · ${greek} aggregate`;
    case 'screener': {
      const sc = widget.configuration as unknown as ScreenerConfiguration;
      const tf = sc.timeFrame ?? sc.time_frame;
      const g = sc.greek === 'price' ? 'Price' : GREEK_LABELS[sc.greek] ?? sc.greek;
      return `Screener · ${g} ${FLAG_LABELS[sc.flag] ?? sc.flag ?? ''} · ${tf ? TIMEFRAME_LABELS[tf] ?? tf : ''}`.replace(/\s+·\s*$/, '');
    }
    default:
      return `${c.ticker ?? ''} · ${kind ? registry[kind].title : widget.type}`;
  }
}

/** Kinds whose answer depends on an expiration selection (the header offers to change it). */
export const EXPIRATION_KINDS: ReadonlySet<Kind> = new Set(['exposure']);

/** The option kinds of exposure and surface widgets: the editors' choices and the subtitle's words. */
const KIND_LABELS: Record<ExposureKind, string> = { both: 'Both', call: 'Call', put: 'Put' };
export const KIND_OPTIONS: { value: ExposureKind; label: string }[] = EXPOSURE_KINDS.map((value) => ({ value, label: KIND_LABELS[value] }));
const KIND_NAMES: Record<ExposureKind, string> = { both: 'Calls + puts', call: 'Calls', put: 'Puts' };

/**
 * The subtitle under a chart's title: what is plotted beyond the title — kind, expiration selection,
 * cumulative, and the historical date ('Calls + puts · All expirations · Cumulative · Historical Mar 11, 2026 15:00').
 */
export function widgetSubtitle(widget: Pick<Widget, 'type' | 'configuration'>): string {
  const kind = kindOf(widget);
  if (kind === 'screener' || kind === 'ticker' || !kind) return '';
  const c = widget.configuration as ChartConfiguration;
  const parts: string[] = [];
  if (kind === 'exposure') {
    parts.push(KIND_NAMES[c.kind ?? 'both'] ?? c.kind ?? '', describeExpirations(c.expirations));
    if (c.isCumulative) parts.push('Cumulative');
    if (c.strikeRange) parts.push(`Strikes ±${c.strikeRange} %`);
  }
  if (c.date) {
    const [d, t] = c.date.split(' ');
    parts.push(`Historical ${formatDate(d)}${t ? ` ${t} ET` : ''}`);
  } else if (kind !== 'aggregate') {
    parts.push('Live');
  }
  return parts.filter(Boolean).join(' · ');
}
