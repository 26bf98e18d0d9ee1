import { beforeAll, describe, expect, it } from 'vitest';
import type { TrendResponse } from '../../api/data';
import { preview } from '../shared/sample';
import { trendSeries } from './transform';

// uPlot reads the device pixel ratio through matchMedia when it loads; jsdom has none.
let modelledSpan: typeof import('../shared/uplotBuilders').modelledSpan;
beforeAll(async () => {
  window.matchMedia ??= ((query: string) => ({
    matches: false, media: query, onchange: null,
    addListener: () => {}, removeListener: () => {}, addEventListener: () => {}, removeEventListener: () => {},
    dispatchEvent: () => false,
  })) as typeof window.matchMedia;
  ({ modelledSpan } = await import('../shared/uplotBuilders'));
});

const at = (day: string) => Date.parse(`${day}T16:00:00Z`) / 1000;
const answer = (modelledThrough: string | null) =>
  preview<TrendResponse>({
    trend: [{ x: '2026-03-11', y: 3 }, { x: '2026-03-09', y: 1 }, { x: '2026-03-10', y: 2 }],
    historicalAverage: 2, currentAggregate: 3, modelledThrough, lastModified: null,
  });

describe('modelled back-history on the aggregate trend', () => {
  it('carries the last modelled day as a point time', () => {
    expect(trendSeries(answer('2026-03-10')).modelledThrough).toBe(at('2026-03-10'));
    expect(trendSeries(answer(null)).modelledThrough).toBeNull();
    // A modelled day before every point shades nothing.
    expect(trendSeries(answer('2026-03-01')).modelledThrough).toBeNull();
  });

  it('shades from the left edge to halfway to the first computed point', () => {
    const t = [at('2026-03-09'), at('2026-03-10'), at('2026-03-11')];
    const pos = (x: number) => ((x - t[0]) / (t[2] - t[0])) * 200 + 10; // plot from 10 to 210 px
    expect(modelledSpan(t, t[1], pos, 10, 200)).toEqual({ from: 10, to: 160 });
    // Every point modelled: the whole plot.
    expect(modelledSpan(t, t[2], pos, 10, 200)).toEqual({ from: 10, to: 210 });
    expect(modelledSpan(t, null, pos, 10, 200)).toBeNull();
    expect(modelledSpan(t, t[0] - 86400, pos, 10, 200)).toBeNull();
    expect(modelledSpan([], t[1], pos, 10, 200)).toBeNull();
  });
});
