import { beforeAll, describe, expect, it } from 'vitest';
import { sessionHeatmap } from './transform';
import { colorAtPosition, signColor } from '../shared/scales';

// uPlot reads the device pixel ratio through matchMedia when it loads; jsdom has none.
let builders: typeof import('../shared/uplotBuilders');
beforeAll(async () => {
  window.matchMedia ??= ((query: string) => ({
    matches: false, media: query, onchange: null,
    addListener: () => {}, removeListener: () => {}, addEventListener: () => {}, removeEventListener: () => {},
    dispatchEvent: () => false,
  })) as typeof window.matchMedia;
  builders = await import('../shared/uplotBuilders');
});

const answer = {
  times: ['2026-01-09T14:35:00Z', '2026-01-09T14:30:00Z', 'not a time'],
  strikes: [5900, 5905, 5925],
  values: [[2e8, null, -1e8], [-4e8, 5e7, 0], [9e15, 9e15, 9e15]],
  spot: [5903.5, 5901.25, 1],
};

describe('sessionHeatmap', () => {
  it('orders rows by time, keeps nulls, and drops an unreadable time with its cells and price', () => {
    const h = sessionHeatmap(answer);
    expect(h.x).toEqual([Date.parse('2026-01-09T14:30:00Z') / 1000, Date.parse('2026-01-09T14:35:00Z') / 1000]);
    expect(h.strikes).toEqual([5900, 5905, 5925]);
    expect(h.z).toEqual([[-4e8, 5e7, 0], [2e8, null, -1e8]]);
    expect(h.spot).toEqual([5901.25, 5903.5]);
  });

  it('scales colours by the largest |value| of the matrix', () => {
    expect(sessionHeatmap(answer).scale).toBe(4e8);
    // An empty or all-zero matrix keeps a tiny positive half-width, so the scale never collapses.
    expect(sessionHeatmap({ times: [], strikes: [], values: [], spot: [] }).scale).toBe(1e-12);
  });

  it('fills a short row with nulls', () => {
    const h = sessionHeatmap({ times: ['2026-01-09T14:30:00Z'], strikes: [1, 2, 3], values: [[5]], spot: [null] });
    expect(h.z).toEqual([[5, null, null]]);
    expect(h.spot).toEqual([null]);
  });
});

describe('colour mapping (methodology §4.6)', () => {
  const { scale, z } = sessionHeatmap(answer);
  it('puts ±m at the ends, zero at the neutral middle and every non-zero cell on its side', () => {
    expect(signColor(-4e8, scale, 'dark')).toEqual(colorAtPosition(-1, 'dark'));
    expect(signColor(z[1][0] as number, scale, 'dark')).toEqual(colorAtPosition(0.3 + 0.7 * Math.sqrt(0.5), 'dark'));
    expect(signColor(0, scale, 'light')).toEqual(colorAtPosition(0, 'light'));
    expect(signColor(1, scale, 'dark')).not.toEqual(colorAtPosition(0, 'dark'));
    expect(signColor(null, scale)[3]).toBe(0);
  });
});

describe('cell edges and readout', () => {
  it('spans halfway to the neighbours, also for uneven strikes', () => {
    expect(builders.cellEdges([5900, 5905, 5925])).toEqual([5897.5, 5902.5, 5915, 5935]);
    expect(builders.cellEdges([7])).toEqual([6.5, 7.5]);
    expect(builders.cellEdges([])).toEqual([]);
  });

  it('reads time in New York, strike, value with its unit and the price', () => {
    const h = sessionHeatmap(answer);
    const lines = builders.heatmapReadout({ ...h, unit: '$ delta per 1 % move', label: 'Gamma' }, 0, 1);
    expect(lines[0]).toContain('09:30');
    expect(lines.slice(1)).toEqual(['Strike 5,905', 'Gamma $50M delta per 1 % move', 'Price 5,901.25']);
    expect(builders.heatmapReadout({ ...h, label: 'Gamma' }, 1, 1)[2]).toBe('Gamma —');
  });
});
