import { describe, expect, it } from 'vitest';
import { isExcludedFromRevalidation } from './revalidate';

describe('revalidation exclusions', () => {
  it('keeps user, token, stats and historical keys out', () => {
    expect(isExcludedFromRevalidation(['users', 'me'])).toBe(true);
    expect(isExcludedFromRevalidation(['auth', 'data-token'])).toBe(true);
    expect(isExcludedFromRevalidation(['stats', 'site'])).toBe(true);
    expect(isExcludedFromRevalidation(['public', 'volland-stats'])).toBe(true);
    expect(isExcludedFromRevalidation(['data', 'historical/volland-live-api-dates', { ticker: 'SPX' }])).toBe(true);
    expect(isExcludedFromRevalidation(['data', 'historical-times', 'SPX'])).toBe(true);
  });
  it('keeps a historical widget\'s data, refreshes a live one', () => {
    expect(isExcludedFromRevalidation(['data', 'widget', 'exposure', { ticker: 'SPX', date: '2026-03-02 10:30' }])).toBe(true);
    expect(isExcludedFromRevalidation(['data', 'widget', 'exposure', { ticker: 'SPX', date: null }])).toBe(false);
    expect(isExcludedFromRevalidation(['data', 'widget', 'zerodte', { ticker: 'SPX' }])).toBe(false);
  });
  it('refreshes market data', () => {
    expect(isExcludedFromRevalidation(['data', 'volland-exposure', { ticker: 'SPX' }])).toBe(false);
    expect(isExcludedFromRevalidation(['workspaces'])).toBe(false);
  });
});
