import { describe, expect, it } from 'vitest';
import type { ExposureResponse } from '../../api/data';
import { binStrikes, exposureMarkers, exposureReadout, exposureSeries } from './transform';
import { layoutMarkerLabels } from '../shared/markers';
import { preview } from '../shared/sample';
import { exposureUnit, formatDollars, formatPrice, formatWithUnit } from '../shared/units';

const answer = (n: number, over: Record<string, unknown> = {}): ExposureResponse => preview<ExposureResponse>({
  ticker: 'SPX',
  greek: 'gamma',
  kind: 'both',
  isCumulative: false,
  data: Array.from({ length: n }, (_, i) => ({ strike: 8000 + 5 * i, value: 3e8 * (i + 1), call: 2e8 * (i + 1), put: 1e8 * (i + 1) })),
  expirations: ['2026-03-20'],
  currentPrice: 8528.1,
  lastModified: '2026-03-11T15:00:00Z',
  levels: { zeroGamma: 8400, callWall: 8600, putWall: 8300 },
  ...over,
});

describe('units keyed by greek', () => {
  it('names what each exposure measures', () => {
    expect(exposureUnit('gamma')).toBe('$ delta per 1 % move');
    expect(exposureUnit('charm')).toBe('$ delta per calendar day');
    expect(exposureUnit('vega')).toBe('$ per vol point');
    expect(exposureUnit('theta')).toBe('$ per calendar day');
    expect(exposureUnit('gamma', '$ per point')).toBe('$ per point');
  });
  it('formats dollars compactly and prices with two decimals', () => {
    expect(formatDollars(1.234e9)).toBe('$1.23B');
    expect(formatDollars(-45.6e6)).toBe('-$45.6M');
    expect(formatPrice(8528.1)).toBe('8,528.10');
    expect(formatWithUnit(1.234e9, 'gamma')).toBe('$1.23B delta per 1 % move');
  });
});

describe('exposure readout', () => {
  it('shows strike, calls, puts and total with unit', () => {
    const s = exposureSeries(answer(3), { greek: 'gamma', window: 0 });
    expect(exposureReadout(s, 1, 'gamma')).toEqual(['Strike 8,005', 'Calls $400M delta per 1 % move', 'Puts $200M delta per 1 % move', 'Total $600M delta per 1 % move']);
  });
  it('shows the cumulative value when cumulative', () => {
    // The server's cumulative answer: running totals 0.3, 0.9 and 1.8 B.
    const summed = Array.from({ length: 3 }, (_, i) => ({ strike: 8000 + 5 * i, value: 1.5e8 * (i + 1) * (i + 2), call: 1e8 * (i + 1) * (i + 2), put: 0.5e8 * (i + 1) * (i + 2) }));
    const s = exposureSeries(answer(3, { isCumulative: true, data: summed }), { greek: 'charm', window: 0, isCumulative: true });
    expect(exposureReadout(s, 2, 'charm', { isCumulative: true })).toEqual(['Strike 8,010', 'Cumulative $1.8B delta per calendar day']);
  });
  it('states the binning when strikes are grouped', () => {
    const s = exposureSeries(answer(400), { greek: 'gamma', window: 0, maxBars: 100 });
    expect(s.strikes.length).toBe(100);
    expect(s.binSize).toBe(4);
    expect(exposureReadout(s, 0, 'gamma')[0]).toBe('Strikes 8,000–8,015 (4 strikes per bar)');
  });
  it('markers carry their values', () => {
    expect(exposureMarkers(8528.1, { zeroGamma: 8400, callWall: null, putWall: null } as never).map((m) => m.label)).toEqual(['Spot 8,528.10', 'Zero gamma 8,400.00']);
  });
});

describe('binStrikes', () => {
  const cols = { strikes: [1, 2, 3, 4, 5], values: [1, 1, 1, 1, 1], calls: [1, 1, 1, 1, 1], puts: [0, 0, 0, null, 0] };
  it('sums values per bin and keeps the range', () => {
    const b = binStrikes(cols, 2);
    expect(b.binSize).toBe(3);
    expect(b.values).toEqual([3, 2]);
    expect(b.ranges).toEqual([[1, 3], [4, 5]]);
    expect(b.strikes).toEqual([2, 4.5]);
    expect(b.puts).toEqual([0, null]);
  });
  it('takes the running total of a cumulative bin', () => {
    expect(binStrikes({ ...cols, values: [1, 2, 3, 4, 5] }, 2, true).values).toEqual([3, 5]);
  });
  it('leaves a series that fits alone', () => {
    expect(binStrikes(cols, 10).binSize).toBe(1);
  });
});

describe('marker label layout', () => {
  const overlaps = (a: { left: number; width: number; top: number }, b: { left: number; width: number; top: number }) =>
    a.top === b.top && a.left < b.left + b.width && b.left < a.left + a.width;
  it('never overlaps labels and keeps them inside the plot', () => {
    const xs = [500, 505, 510, 990];
    const widths = [90, 90, 90, 90];
    const boxes = layoutMarkerLabels(xs, widths, 50, 1000);
    for (let i = 0; i < boxes.length; i += 1) {
      expect(boxes[i].left).toBeGreaterThanOrEqual(50);
      expect(boxes[i].left + boxes[i].width).toBeLessThanOrEqual(1000);
      for (let j = i + 1; j < boxes.length; j += 1) expect(overlaps(boxes[i], boxes[j])).toBe(false);
    }
    // The label near the right edge flips to the left of its line.
    expect(boxes[3].left + boxes[3].width).toBeLessThanOrEqual(990);
  });
  it('puts far-apart labels on one row', () => {
    expect(layoutMarkerLabels([100, 400], [50, 50], 0, 1000).map((b) => b.row)).toEqual([0, 0]);
  });
});
