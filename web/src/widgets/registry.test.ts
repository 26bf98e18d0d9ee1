import { describe, expect, it } from 'vitest';
import { availableSizes } from '../domain/grid';
import { KINDS, registry } from './registry';

describe('widget registry', () => {
  it('has the default sizes used when adding', () => {
    expect(registry.aggregate.defaultSize).toBe('S');
    expect(registry.ticker.defaultSize).toBe('L');
    expect(registry.zerodte.defaultSize).toBe('M');
    expect(registry.dealer_premium.defaultSize).toBe('M');
    for (const kind of ['summary', 'exposure', 'surface', 'statistics'] as const) expect(registry[kind].defaultSize).toBe('S');
  });
  it('gives every kind a size its widget type offers, and its own key', () => {
    for (const kind of KINDS) {
      expect(registry[kind].kind).toBe(kind);
      expect(availableSizes(registry[kind].type)).toContain(registry[kind].defaultSize);
    }
  });
  it('lists the kinds in the widget dialog order', () => {
    expect(KINDS.map((k) => registry[k].title)).toEqual([
      'Summary', 'Exposure', 'Surfaces', 'Statistics', 'Ticker Summary', 'Aggregate', '0DTE', 'Dealer Premium', 'Liquidity', 'Screener',
    ]);
  });
});
