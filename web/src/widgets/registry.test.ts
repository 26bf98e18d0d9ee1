import { afterEach, describe, expect, it } from 'vitest';
import { WIDGET_KINDS, WIDGET_KIND_TABLE, WIDGET_SIZES as TABLE_SIZES } from '../api/enums';
import { WIDGET_SIZES, availableSizes } from '../domain/grid';
import { clockAt } from '../domain/expirations';
import { kindDef, kinds, registerKind } from './registry';
import { draftIsComplete, draftOf, kindOf, newDraft, validateDraft, widgetCaption, widgetSubtitle } from './kinds';
import type { KindParts, WidgetKind } from './types';
import probe, { PROBE_ROW } from '../test/kinds/probe';

const clock = clockAt(new Date('2026-03-11T15:00:00Z'));
const undo: (() => void)[] = [];
afterEach(() => undo.splice(0).forEach((u) => u()));

describe('widget registry', () => {
  it('has every kind of the kinds table, in its order, with its saved type and default size', () => {
    expect(kinds()).toEqual([...WIDGET_KINDS]);
    for (const kind of WIDGET_KINDS) {
      const def = kindDef(kind)!;
      expect(def.kind).toBe(kind);
      expect({ type: def.type, defaultSize: def.defaultSize, chartNames: def.chartNames }).toEqual(WIDGET_KIND_TABLE[kind]);
      expect(availableSizes(def.type)).toContain(def.defaultSize);
      expect(def.chart).toBe(def.type === 'CHART');
    }
  });
  it('has the default sizes used when adding', () => {
    expect(kindDef('aggregate')!.defaultSize).toBe('S');
    expect(kindDef('ticker')!.defaultSize).toBe('L');
    expect(kindDef('zerodte')!.defaultSize).toBe('M');
    expect(kindDef('dealer_premium')!.defaultSize).toBe('M');
    for (const kind of ['summary', 'exposure', 'surface', 'statistics'] as const) expect(kindDef(kind)!.defaultSize).toBe('S');
  });
  it('lists the kinds in the widget dialog order', () => {
    expect(kinds().map((k) => kindDef(k)!.title)).toEqual([
      'Summary', 'Exposure', 'Surfaces', 'Statistics', 'Session heatmap', 'Key levels', 'Ticker Summary', 'Aggregate', '0DTE', 'Dealer Premium', 'Liquidity', 'Screener',
      'Price and levels', 'Volume and open interest', 'Put/call balance', 'Largest prints',
      'Term structure', 'Skew', 'IV rank & expected move',
    ]);
  });
  it("takes the grid's size table from the kinds table", () => {
    for (const [type, sizes] of Object.entries(TABLE_SIZES)) {
      for (const [size, [w, h]] of Object.entries(sizes)) expect(WIDGET_SIZES[type as keyof typeof WIDGET_SIZES][size as 'S']).toEqual({ w, h });
    }
    expect(Object.keys(WIDGET_SIZES)).toEqual(Object.keys(TABLE_SIZES));
  });
  it('refuses a kind without a row, a second registration, a size its type lacks and missing parts', () => {
    const nameless = { ...probe, kind: 'nameless' as WidgetKind };
    expect(() => registerKind(nameless)).toThrow(/no row in the widget kinds table/);
    expect(() => registerKind(kindDef('exposure')!)).toThrow(/registered twice/);
    expect(() => registerKind(probe, { ...PROBE_ROW, type: 'ZERODTE', defaultSize: 'S' })).toThrow(/ZERODTE widgets do not come in size S/);
    const { caption: _caption, ...partial } = probe;
    void _caption;
    expect(() => registerKind(partial as KindParts, PROBE_ROW)).toThrow(/caption is missing/);
    expect(kinds()).not.toContain('probe');
  });
});

describe('a new kind is its folder and its row', () => {
  const register = () => undo.push(registerKind(probe, PROBE_ROW));
  const kind = 'probe' as WidgetKind;

  it('is listed after the table kinds and found for its saved widgets', () => {
    register();
    expect(kinds()).toEqual([...WIDGET_KINDS, kind]);
    expect(kindOf({ type: 'CHART', configuration: { type: 'probe', ticker: 'SPX' } })).toBe(kind);
    // The chart kinds still find their own widgets.
    expect(kindOf({ type: 'CHART', configuration: { type: 'surface', ticker: 'SPX' } })).toBe('surface');
    expect(kindDef(kind)).toMatchObject({ type: 'CHART', defaultSize: 'M', chart: true, title: 'Price Levels' });
  });
  it('gives the dialog its defaults, validation, caption and subtitle', () => {
    register();
    const draft = newDraft(kind);
    expect(draft).toEqual({ kind, name: null, size: 'M', configuration: { type: 'probe', ticker: 'SPX', chartName: 'PRICE_LEVELS' } });
    expect(validateDraft(draft, { clock })).toEqual({});
    expect(draftIsComplete(draft, { clock })).toBe(true);
    const empty = { ...draft, configuration: { ...draft.configuration, ticker: ' ', chartName: null } };
    expect(validateDraft(empty, { clock })).toEqual({ ticker: 'Ticker is required', chartName: 'Chart is required' });
    const saved = { type: 'CHART' as const, name: null, size: 'M' as const, configuration: { type: 'probe', ticker: 'QQQ', chartName: 'PRICE_LEVELS', date: '2026-03-10 11:00' } as never };
    expect(widgetCaption(saved)).toBe('QQQ · Price levels');
    expect(widgetCaption({ ...saved, name: 'Levels' })).toBe('Levels');
    expect(widgetSubtitle(saved)).toBe('Historical Mar 10, 2026 11:00 ET');
    expect(draftOf(saved)).toEqual({ kind, name: null, size: 'M', configuration: saved.configuration });
  });
  it('is gone once unregistered, and its widgets have no kind', () => {
    register();
    undo.pop()!();
    expect(kinds()).toEqual([...WIDGET_KINDS]);
    expect(kindOf({ type: 'CHART', configuration: { type: 'probe', ticker: 'SPX' } })).toBeNull();
    expect(widgetCaption({ type: 'CHART', name: null, configuration: { type: 'probe', ticker: 'SPX' } as never })).toBe('SPX · CHART');
  });
});
