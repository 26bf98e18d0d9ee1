// Workspace presets (app spec §3 'Preset form', §4 'Presets'): a preset type picks a widget list and
// the SPX ticker; exposure and zeroDTE add an exposure + cumulative pair by default.
import type { ChartConfiguration, Expirations, ExposureKind, Widget, WidgetType } from '../domain/types';
import { placeNewWidget } from '../domain/grid';
import { kindOf } from '../widgets/kinds';
import { registry } from '../widgets/registry';
import { V } from '../domain/validation';

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
    ticker: 'SPX',
    date: null,
    expirations: presetType === 'zeroDTE' ? { option: 'TODAY' } : { option: 'ALL' },
    kind: 'both',
  };
}

export function validatePresetForm(form: PresetForm): Record<string, string> {
  const errors: Record<string, string> = {};
  if (form.widgetList.length === 0) errors.widgetList = V.chooseWidget;
  if (!form.ticker.trim()) errors.ticker = V.tickerRequired;
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

type Spec = { type: WidgetType; configuration: Widget['configuration'] };

function itemSpecs(form: PresetForm, item: string): Spec[] {
  const ticker = form.ticker.trim().toUpperCase();
  const chart = (extra: Partial<ChartConfiguration>): Spec => ({
    type: 'CHART',
    configuration: { type: 'exposure', ticker, kind: form.kind, expirations: form.expirations ?? { option: 'ALL' }, isCumulative: false, ...(form.date ? { date: form.date } : {}), ...extra } as ChartConfiguration,
  });
  if (form.presetType === 'summary') {
    if (item === 'ticker') return [{ type: 'TICKER', configuration: { ticker } }];
    return [{ type: 'CHART', configuration: { type: 'summary', ticker, greek: item } }];
  }
  if (item === 'zerodte') return [{ type: 'ZERODTE', configuration: { ticker } }];
  if (item === 'dealer_premium') return [{ type: 'DEALER_PREMIUM', configuration: { ticker } }];
  const specs = [chart({ greek: item })];
  if (form.addPair && form.cumulativeWidgetList.includes(item)) specs.push(chart({ greek: item, isCumulative: true }));
  return specs;
}

/** The widgets of a preset, each placed in the first free slot in list order. */
export function buildPresetWidgets(form: PresetForm, makeId: () => string = newId): Widget[] {
  const widgets: Widget[] = [];
  const order = PRESET_ITEMS[form.presetType].map((i) => i.id).filter((id) => form.widgetList.includes(id));
  for (const item of order) {
    for (const spec of itemSpecs(form, item)) {
      const size = registry[kindOf(spec) ?? 'exposure'].defaultSize;
      const position = placeNewWidget(widgets, spec.type, size);
      widgets.push({ id: makeId(), name: null, type: spec.type, size, configuration: spec.configuration, position, group: null });
    }
  }
  return widgets;
}
