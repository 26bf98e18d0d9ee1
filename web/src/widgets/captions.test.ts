import { describe, expect, it } from 'vitest';
import { clockAt } from '../domain/expirations';
import type { Widget } from '../domain/types';
import { draftIsComplete, kindOf, newDraft, validateDraft, widgetCaption, widgetSubtitle } from './kinds';

const clock = clockAt(new Date('2026-03-11T15:00:00Z'));
const w = (type: Widget['type'], configuration: Record<string, unknown>, name: string | null = null) => ({ type, name, configuration: configuration as unknown as Widget['configuration'] });
const HIST = '2026-03-10 11:00';

describe('every kind says what it shows', () => {
  it.each([
    ['summary gamma', w('CHART', { type: 'summary', ticker: 'SPX', greek: 'gamma' }), 'SPX · Gamma candlestick', ''],
    ['summary vanna', w('CHART', { type: 'summary', ticker: 'SPX', greek: 'vanna', date: HIST }), 'SPX · Vanna heatmap', 'Historical Mar 10, 2026 11:00 ET'],
    ['summary charm', w('CHART', { type: 'summary', ticker: 'SPX', greek: 'charm' }), 'SPX · Charm', ''],
    ['statistics scatter', w('CHART', { type: 'statistics', ticker: 'QQQ', greek: 'charm', chartName: 'SPOT_VOL_CORRELATION' }), 'QQQ · Spot–vol correlation', ''],
    ['statistics trend', w('CHART', { type: 'statistics', ticker: 'QQQ', greek: 'vanna', chartName: 'AGGREGATE_TREND' }), 'QQQ · Vanna aggregate trend', ''],
    ['surface greek', w('CHART', { type: 'surface', ticker: 'SPX', greek: 'dag', kind: 'put', chartName: 'GREEK_VOLATILITY', date: '2026-03-10' }), 'SPX · Delta-adjusted gamma surface', 'Historical Mar 10, 2026'],
    ['surface iv', w('CHART', { type: 'surface', ticker: 'SPX', greek: 'gamma', kind: 'both', chartName: 'IV_VOLATILITY' }), 'SPX · IV surface', ''],
    ['exposure put', w('CHART', { type: 'exposure', ticker: 'SPX', greek: 'vomma', kind: 'put', expirations: { option: 'TODAY' } }), 'SPX · Vomma exposure', 'Puts · 0DTE'],
    ['aggregate live', w('AGGREGATE', { ticker: 'SPY', greek: 'vanna' }), 'SPY · Vanna aggregate', ''],
    ['aggregate historical', w('AGGREGATE', { ticker: 'SPY', greek: 'vanna', date: HIST }), 'SPY · Vanna aggregate', 'Historical Mar 10, 2026 11:00 ET'],
    ['ticker summary', w('TICKER', { ticker: 'SPX', date: HIST }), 'SPX · Ticker Summary', 'Historical Mar 10, 2026 11:00 ET'],
    ['ticker summary live', w('TICKER', { ticker: 'SPX' }), 'SPX · Ticker Summary', ''],
    ['0DTE', w('ZERODTE', { ticker: 'SPX' }), 'SPX · 0DTE', ''],
    ['dealer premium', w('DEALER_PREMIUM', { ticker: 'SPX', date: HIST }), 'SPX · Dealer Premium', 'Historical Mar 10, 2026 11:00 ET'],
    ['liquidity', w('LIQUIDITY', { ticker: 'NDX' }), 'NDX · Liquidity', ''],
    ['screener price', w('SCREENER', { flag: 'diff', length: 10, superlative: 'least', greek: 'price', timeFrame: 'year' }), 'Screener · Price Differences · Year', ''],
    ['screener saved before the rename', w('SCREENER', { flag: 'norm', length: 25, superlative: 'least', greek: 'vega', time_frame: 'three_months' }), 'Screener · Vega Relative Change · 3 Months', ''],
    ['a type no kind creates', w('NEWS', { ticker: 'SPX' }), 'SPX · NEWS', ''],
    ['a named widget', w('CHART', { type: 'summary', ticker: 'SPX', greek: 'gamma' }, 'Morning gamma'), 'Morning gamma', ''],
  ])('%s', (_label, widget, caption, subtitle) => {
    expect(widgetCaption(widget)).toBe(caption);
    expect(widgetSubtitle(widget)).toBe(subtitle);
  });
});

describe('every kind checks its draft', () => {
  it('starts complete and names each missing field', () => {
    const ctx = { clock, zeroDteTickers: ['SPX'], availableExpirations: ['2026-03-11'] };
    for (const kind of ['summary', 'exposure', 'surface', 'statistics', 'ticker', 'aggregate', 'zerodte', 'dealer_premium', 'liquidity', 'screener'] as const) {
      const draft = newDraft(kind);
      expect(validateDraft(draft, ctx), kind).toEqual({});
      expect(draftIsComplete(draft, ctx), kind).toBe(true);
      if ('type' in draft.configuration) expect(kindOf({ type: 'CHART', configuration: draft.configuration })).toBe(kind);
    }
    const blank = (kind: Parameters<typeof newDraft>[0], patch: Record<string, unknown>) => validateDraft({ ...newDraft(kind), configuration: { ...newDraft(kind).configuration, ...patch } }, ctx);
    expect(blank('surface', { greek: '', kind: '', chartName: '' })).toEqual({ kind: 'Kind is required', chartName: 'Chart is required' });
    expect(blank('surface', { greek: '' })).toEqual({ greek: 'Greek is required' });
    expect(blank('statistics', { chartName: 'AGGREGATE_TREND', greek: '', ticker: '' })).toEqual({ ticker: 'Ticker is required', greek: 'Greek is required' });
    expect(blank('summary', { greek: '', date: '' })).toEqual({ greek: 'Greek is required', date: 'Calculation date is required' });
    expect(blank('aggregate', { greek: '' })).toEqual({ greek: 'Greek is required' });
    expect(blank('exposure', { kind: '', greek: '' })).toEqual({ greek: 'Greek is required', kind: 'Kind is required' });
    expect(blank('liquidity', { ticker: '' })).toEqual({ ticker: 'Ticker is required' });
    expect(blank('zerodte', { ticker: 'QQQ' })).toEqual({ ticker: 'This ticker is not available in 0DTE list. Please change the ticker' });
    expect(blank('screener', { flag: '', stockPriceRange: { min: 5, max: 1 } })).toEqual({ flag: 'This field is required', max: 'Maximum stock price has to be greater than minimal stock price' });
    const basic = validateDraft(newDraft('screener'), { ...ctx, tier: 'Basic' });
    expect(basic).toEqual({ tier: 'In order to use this widget, please upgrade the subscription to Volland 30 or higher.' });
    expect(draftIsComplete(newDraft('screener'), { ...ctx, tier: 'Basic' })).toBe(true);
  });
});
