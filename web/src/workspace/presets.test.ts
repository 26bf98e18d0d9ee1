import { describe, expect, it } from 'vitest';
import { buildPresetWidgets, presetDefaults, validatePresetForm } from './presets';
import { charactersLeft, validateScreener, validateWorkspaceName, validateZeroDteTicker } from '../domain/validation';

let n = 0;
const ids = () => `id${++n}`;

describe('presets', () => {
  it('summary starts without charm, SPX, no pairs', () => {
    const f = presetDefaults('summary');
    expect(f.ticker).toBe('SPX');
    expect(f.widgetList).toEqual(['ticker', 'gamma', 'vanna']);
    expect(f.addPair).toBe(false);
    const widgets = buildPresetWidgets(f, ids);
    expect(widgets.map((w) => [w.type, (w.configuration as { greek?: string }).greek ?? null])).toEqual([
      ['TICKER', null],
      ['CHART', 'gamma'],
      ['CHART', 'vanna'],
    ]);
  });
  it('exposure pairs each chart with its cumulative twin by default', () => {
    const widgets = buildPresetWidgets(presetDefaults('exposure'), ids);
    expect(widgets).toHaveLength(6);
    expect(widgets.map((w) => (w.configuration as { isCumulative: boolean }).isCumulative)).toEqual([false, true, false, true, false, true]);
    // First free slot: pairs fill rows of two S charts.
    expect(widgets.map((w) => w.position)).toEqual([
      { x: 0, y: 0 },
      { x: 6, y: 0 },
      { x: 0, y: 2 },
      { x: 6, y: 2 },
      { x: 0, y: 4 },
      { x: 6, y: 4 },
    ]);
  });
  it('zeroDTE includes the 0DTE panel, dealer premium and charm (paired)', () => {
    const f = presetDefaults('zeroDTE');
    expect(f.widgetList).toEqual(['zerodte', 'dealer_premium', 'charm']);
    const widgets = buildPresetWidgets(f, ids);
    expect(widgets.map((w) => w.type)).toEqual(['ZERODTE', 'DEALER_PREMIUM', 'CHART', 'CHART']);
    expect(widgets[2].configuration).toMatchObject({ greek: 'charm', expirations: { option: 'TODAY' } });
  });
  it('requires at least one widget', () => {
    expect(validatePresetForm({ ...presetDefaults('exposure'), widgetList: [] }).widgetList).toBe('Choose at least one widget');
    expect(validatePresetForm({ ...presetDefaults('exposure'), expirations: null }).expirations).toBeTruthy();
  });
});

describe('form validation', () => {
  it('counts characters left of the 120 allowed', () => {
    expect(charactersLeft('')).toBe('120 character(s) left');
    expect(charactersLeft('Morning')).toBe('113 character(s) left');
  });
  it('requires a trimmed workspace name of at most 120 characters', () => {
    expect(validateWorkspaceName('   ')).toBeTruthy();
    expect(validateWorkspaceName('a'.repeat(121))).toBeTruthy();
    expect(validateWorkspaceName(` ${'a'.repeat(120)} `)).toBeNull();
  });
  it('checks the screener price range', () => {
    const base = { flag: 'norm', length: 25, superlative: 'least', greek: 'gamma', timeFrame: 'day' } as const;
    expect(validateScreener({ ...base, stockPriceRange: { min: -1, max: null } }).min).toBe('Minimum stock price has to be greater or equal to 0');
    expect(validateScreener({ ...base, stockPriceRange: { min: 10, max: 10 } }).max).toBe('Maximum stock price has to be greater than minimal stock price');
    expect(validateScreener({ ...base, stockPriceRange: { min: 0, max: 5 } })).toEqual({});
    expect(validateScreener({ ...base, greek: undefined, stockPriceRange: { min: null, max: null } }).greek).toBeTruthy();
  });
  it('requires a 0DTE ticker from the 0DTE list', () => {
    expect(validateZeroDteTicker('AAPL', ['SPX', 'SPY'])).toBe('This ticker is not available in 0DTE list. Please change the ticker');
    expect(validateZeroDteTicker('spx', ['SPX', 'SPY'])).toBeNull();
  });
});
