// Workspace presets (app spec §3 'Preset form', §4 'Presets'): a preset type picks a widget list and
// the SPX ticker; exposure and zeroDTE add an exposure + cumulative pair by default.
import type { Expirations, ExposureKind, Widget, WidgetConfiguration } from '../domain/types';
import { placeNewWidget } from '../domain/grid';
import { DEFAULT_TICKER } from '../domain/labels';
import { kindDef } from '../widgets/registry';
import type { WidgetKind } from '../widgets/types';
import { V, validateZeroDteTicker } from '../domain/validation';

export type PresetType = 'summary' | 'exposure' | 'zeroDTE';

export interface PresetItem {
  id: string;
  label: string;
}

export const PRESET_TYPES: { value: PresetType; label: string }[] = [
  { value: 'summary', label: 'Summary' },
  { value: 'exposure', label: 'Exposure' },
  { value: 'zeroDTE', label: '0DTE' },
];

export const PRESET_ITEMS: Record<PresetType, PresetItem[]> = {
  summary: [
    { id: 'ticker', label: 'Ticker statistics' },
    { id: 'gamma', label: 'Gamma' },
    { id: 'vanna', label: 'Vanna' },
    { id: 'charm', label: 'Charm' },
  ],
  exposure: [
    { id: 'gamma', label: 'Gamma' },
    { id: 'vanna', label: 'Vanna' },
    { id: 'charm', label: 'Charm' },
    { id: 'delta', label: 'Delta' },
    { id: 'vega', label: 'Vega' },
    { id: 'theta', label: 'Theta' },
  ],
  zeroDTE: [
    { id: 'zerodte', label: '0DTE panel' },
    { id: 'dealer_premium', label: 'Dealer premium' },
    { id: 'charm', label: 'Charm' },
    { id: 'gamma', label: 'Gamma' },
  ],
};

/** Items of a preset that can be paired with a cumulative chart. */
export const PAIRABLE: Record<PresetType, string[]> = {
  summary: [],
  exposure: ['gamma', 'vanna', 'charm', 'delta', 'vega', 'theta'],
  zeroDTE: ['charm', 'gamma'],
};

export interface PresetForm {
  presetType: PresetType;
  widgetList: string[];
  cumulativeWidgetList: string[];
  addPair: boolean;
  ticker: string;
  date: string | null;
  expirations: Expirations | null;
  kind: ExposureKind;
}

/** Initial form for a preset type: summary leaves charm out; exposure and zeroDTE pair by default. */
export function presetDefaults(presetType: PresetType): PresetForm {
  const initial: Record<PresetType, string[]> = {
    summary: ['ticker', 'gamma', 'vanna'],
    exposure: ['gamma', 'vanna', 'charm'],
    zeroDTE: ['zerodte', 'dealer_premium', 'charm'],
  };
  const widgetList = initial[presetType];
  return {
    presetType,
    widgetList,
    cumulativeWidgetList: widgetList.filter((w) => PAIRABLE[presetType].includes(w)),
    addPair: presetType !== 'summary',
    ticker: DEFAULT_TICKER,
    date: null,
    expirations: presetType === 'zeroDTE' ? { option: 'TODAY' } : { option: 'ALL' },
    kind: 'both',
  };
}

/**
 * The preset form's messages. `date` '' is Historical chosen without an applied date: it must not save Live
 * widgets. A 0DTE preset's ticker must be on the 0DTE list of its session (`zeroDteTickers`: today's, or the
 * historical date's, as loaded by the dialog).
 */
export function validatePresetForm(form: PresetForm, ctx: { zeroDteTickers?: string[] } = {}): Record<string, string> {
  const errors: Record<string, string> = {};
  if (form.widgetList.length === 0) errors.widgetList = V.chooseWidget;
  if (!form.ticker.trim()) errors.ticker = V.tickerRequired;
  else if (form.presetType === 'zeroDTE') {
    const m = validateZeroDteTicker(form.ticker.trim(), ctx.zeroDteTickers);
    if (m) errors.ticker = m;
  }
  if (form.date === '') errors.date = V.dateRequired;
  if (!form.expirations) errors.expirations = V.expirationsRequired;
  return errors;
}

function newId(): string {
  const c = globalThis.crypto as Crypto | undefined;
  if (c?.randomUUID) return c.randomUUID();
  return `w-${Date.now().toString(36)}-${Math.random().toString(36).slice(2, 10)}`;
}

export function widgetId(): string {
  return newId();
}

/** One widget of a preset: a kind and what its configuration sets beyond the kind's defaults. */
type Spec = { kind: WidgetKind; patch?: Partial<Record<string, unknown>> };

function itemSpecs(form: PresetForm, item: string): Spec[] {
  // Every widget of a historical preset is historical at the form's date.
  const date = form.date ? { date: form.date } : {};
  if (form.presetType === 'summary') return [item === 'ticker' ? { kind: 'ticker', patch: date } : { kind: 'summary', patch: { greek: item, ...date } }];
  if (item === 'zerodte' || item === 'dealer_premium') return [{ kind: item, patch: date }];
  const chart = (isCumulative: boolean): Spec => ({
    kind: 'exposure',
    patch: { kind: form.kind, expirations: form.expirations ?? { option: 'ALL' }, isCumulative, ...(form.date ? { date: form.date } : {}), greek: item },
  });
  const specs = [chart(false)];
  if (form.addPair && form.cumulativeWidgetList.includes(item)) specs.push(chart(true));
  return specs;
}

/** The widgets of a preset, each placed in the first free slot in list order. */
export function buildPresetWidgets(form: PresetForm, makeId: () => string = newId): Widget[] {
  const widgets: Widget[] = [];
  const ticker = form.ticker.trim().toUpperCase();
  const order = PRESET_ITEMS[form.presetType].map((i) => i.id).filter((id) => form.widgetList.includes(id));
  for (const item of order) {
    for (const { kind, patch } of itemSpecs(form, item)) {
      // The kind gives the saved type, the size and the configuration; the preset form fills in the rest.
      const def = kindDef(kind);
      if (!def) continue;
      const configuration = { ...def.defaults(ticker), ...patch } as WidgetConfiguration;
      const position = placeNewWidget(widgets, def.type, def.defaultSize);
      widgets.push({ id: makeId(), name: null, type: def.type, size: def.defaultSize, configuration, position, group: null });
    }
  }
  return widgets;
}
