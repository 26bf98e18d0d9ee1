import { describe, expect, it } from 'vitest';
import { widgetCaption, widgetSubtitle } from './kinds';
import type { Widget } from '../domain/types';

const chart = (configuration: Record<string, unknown>): Pick<Widget, 'type' | 'configuration' | 'name'> => ({
  type: 'CHART',
  name: null,
  configuration: configuration as unknown as Widget['configuration'],
});

describe('titles that say what is plotted', () => {
  it('an exposure subtitle names kind, expiration selection, cumulative and the historical date', () => {
    const w = chart({ type: 'exposure', ticker: 'SPX', greek: 'gamma', kind: 'call', expirations: { option: 'THIS_WEEK' }, isCumulative: true, date: '2026-03-11 15:00' });
    expect(widgetCaption(w)).toBe('SPX · Gamma exposure (cumulative)');
    expect(widgetSubtitle(w)).toBe('Calls · This week · Cumulative · Historical Mar 11, 2026 15:00 ET');
  });
  it('a live all-expirations chart says so (its freshness is the freshness bar\'s)', () => {
    const w = chart({ type: 'exposure', ticker: 'SPX', greek: 'charm', kind: 'both', expirations: { option: 'ALL' }, isCumulative: false, date: null });
    expect(widgetSubtitle(w)).toBe('Calls + puts · All expirations');
  });
  it('a chart with its own strike range names it', () => {
    const w = chart({ type: 'exposure', ticker: 'SPX', greek: 'gamma', kind: 'both', expirations: { option: 'ALL' }, strikeRange: 5 });
    expect(widgetSubtitle(w)).toBe('Calls + puts · All expirations · Strikes ±5 %');
  });
  it("the screener's title names greek, flag and time frame", () => {
    const w = { type: 'SCREENER' as const, name: null, configuration: { flag: 'mag', length: 10, superlative: 'greatest', greek: 'gamma', timeFrame: 'week', stockPriceRange: { min: null, max: null } } as unknown as Widget['configuration'] };
    expect(widgetCaption(w)).toBe('Screener · Gamma Magnitude · Week');
  });
});
