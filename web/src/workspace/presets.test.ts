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

describe('preset widgets, exactly', () => {
  it('are the saved widgets of each preset type, with the form ticker, date and side', () => {
    let n = 0;
    const ids = () => `id${++n}`;
    const strip = (f: Parameters<typeof buildPresetWidgets>[0]) => buildPresetWidgets(f, ids).map(({ type, size, configuration, position }) => ({ type, size, configuration, position }));
    expect(strip({ ...presetDefaults('summary'), ticker: ' qqq ', widgetList: ['ticker', 'gamma', 'vanna', 'charm'] })).toEqual([
      { type: 'TICKER', size: 'L', configuration: { ticker: 'QQQ' }, position: { x: 0, y: 0 } },
      { type: 'CHART', size: 'S', configuration: { type: 'summary', ticker: 'QQQ', greek: 'gamma' }, position: { x: 6, y: 0 } },
      { type: 'CHART', size: 'S', configuration: { type: 'summary', ticker: 'QQQ', greek: 'vanna' }, position: { x: 0, y: 1 } },
      { type: 'CHART', size: 'S', configuration: { type: 'summary', ticker: 'QQQ', greek: 'charm' }, position: { x: 6, y: 2 } },
    ]);
    const chart = (greek: string, isCumulative: boolean, extra: Record<string, unknown> = {}) => ({ type: 'exposure', ticker: 'SPX', kind: 'put', expirations: { option: 'TODAY' }, isCumulative, greek, ...extra });
    expect(strip({ ...presetDefaults('zeroDTE'), kind: 'put', date: '2026-03-11 15:00', widgetList: ['zerodte', 'dealer_premium', 'gamma'], cumulativeWidgetList: ['gamma'] })).toEqual([
      { type: 'ZERODTE', size: 'M', configuration: { ticker: 'SPX', date: '2026-03-11 15:00' }, position: { x: 0, y: 0 } },
      { type: 'DEALER_PREMIUM', size: 'M', configuration: { ticker: 'SPX', date: '2026-03-11 15:00' }, position: { x: 3, y: 0 } },
      { type: 'CHART', size: 'S', configuration: chart('gamma', false, { date: '2026-03-11 15:00' }), position: { x: 6, y: 0 } },
      { type: 'CHART', size: 'S', configuration: chart('gamma', true, { date: '2026-03-11 15:00' }), position: { x: 0, y: 1 } },
    ]);
  });
});

describe('historical presets', () => {
  it('Historical without an applied date is refused, not saved as Live', () => {
    expect(validatePresetForm({ ...presetDefaults('exposure'), date: '' }).date).toBe('Calculation date is required');
    expect(validatePresetForm({ ...presetDefaults('exposure'), date: null }).date).toBeUndefined();
  });
  it('a Summary preset with a date makes every widget historical', () => {
    const widgets = buildPresetWidgets({ ...presetDefaults('summary'), date: '2026-01-08 11:00' }, ids);
    expect(widgets.map((w) => (w.configuration as { date?: string }).date)).toEqual(['2026-01-08 11:00', '2026-01-08 11:00', '2026-01-08 11:00']);
  });
  it("a 0DTE preset's ticker is checked against the list it is given (that session's)", () => {
    expect(validatePresetForm({ ...presetDefaults('zeroDTE'), ticker: 'VIX' }, { zeroDteTickers: ['SPX', 'QQQ'] }).ticker).toBe('This ticker is not available in 0DTE list. Please change the ticker');
    expect(validatePresetForm({ ...presetDefaults('zeroDTE'), ticker: 'VIX' }, { zeroDteTickers: ['SPX', 'VIX'] }).ticker).toBeUndefined();
    expect(validatePresetForm({ ...presetDefaults('exposure'), ticker: 'VIX' }, { zeroDteTickers: ['SPX'] }).ticker).toBeUndefined();
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
