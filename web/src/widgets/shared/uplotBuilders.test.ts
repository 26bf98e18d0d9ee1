import { beforeAll, describe, expect, it } from 'vitest';

// uPlot reads the device pixel ratio through matchMedia when it loads; jsdom has none.
let builders: typeof import('./uplotBuilders');
beforeAll(async () => {
  window.matchMedia ??= ((query: string) => ({
    matches: false, media: query, onchange: null,
    addListener: () => {}, removeListener: () => {}, addEventListener: () => {}, removeEventListener: () => {},
    dispatchEvent: () => false,
  })) as typeof window.matchMedia;
  builders = await import('./uplotBuilders');
});

describe('intraday chart time axes', () => {
  // 2026-11-18 14:30 UTC is the 09:30 New York open (EST, UTC-5).
  const open = Date.UTC(2026, 10, 18, 14, 30) / 1000;

  it('read in New York time for the candlestick and the heatmap', () => {
    const candle = builders.candlestickOptions({ candles: { t: [], open: [], high: [], low: [], close: [] }, levels: [], scale: 1, priceRange: [0, 1] });
    const heat = builders.heatmapOptions({ x: [], strikes: [], z: [], scale: 1 });
    for (const opts of [candle, heat]) {
      const d = opts.tzDate!(open);
      expect([d.getHours(), d.getMinutes()]).toEqual([9, 30]);
    }
  });

  it('leave the daily trend on its calendar dates', () => {
    expect(builders.trendOptions().tzDate).toBeUndefined();
  });
});

describe('statistics readouts', () => {
  it('the trend reads date, aggregate and average with the unit of its greek', () => {
    const t = Date.UTC(2026, 2, 11) / 1000;
    expect(builders.trendReadout([[t], [1.5e9], [-2e8]], 0, 'charm')).toEqual(['2026-03-11', 'Aggregate $1.5B delta per calendar day', 'Average -$200M delta per calendar day']);
  });
  it('the scatter reads spot change in % and vol change in points', () => {
    expect(builders.scatterReadout([[0.5], [-1.25]], 0)).toEqual(['Spot change 0.5 %', 'Vol change -1.25 pts']);
  });
});
