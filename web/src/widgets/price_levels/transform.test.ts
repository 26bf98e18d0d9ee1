import { describe, expect, it } from 'vitest';
import type { PriceLevelsResponse } from '../../api/data';
import { preview } from '../shared/sample';
import { levelLabels, nyDay, priceLevelsReadout, priceLevelsView, spreadLabels, stepValues } from './transform';

const s = (iso: string) => Date.parse(iso) / 1e3;
const candle = (t: string, open: number, high: number, low: number, close: number) => ({ t, open, high, low, close });

// Two sessions: Jan 8 (two candles, one snapshot) and Jan 9 (three candles, snapshots at 14:30, 14:40
// and 14:45 — the last after the last candle, which starts at 14:40).
const answer = (over: Partial<PriceLevelsResponse> = {}): PriceLevelsResponse => preview<PriceLevelsResponse>({
  ticker: 'SPX', frequency: 5, style: 'candles', sessions: ['2026-01-08', '2026-01-09'], expirations: [], zeroDte: true,
  candles: [
    candle('2026-01-08T20:50:00Z', 100, 101, 99, 100.5),
    candle('2026-01-08T20:55:00Z', 100.5, 102, 100, 101),
    candle('2026-01-09T14:30:00Z', 101, 103, 100.5, 102),
    candle('2026-01-09T14:35:00Z', 102, 102.5, 101, 101.5),
    candle('2026-01-09T14:40:00Z', 101.5, 102, 100, 100.2),
  ],
  levels: [
    { t: '2026-01-08T20:55:00Z', price: 101, zeroGamma: 95, callWall: 110, putWall: 90, target: null, lis: null },
    { t: '2026-01-09T14:30:00Z', price: 101, zeroGamma: 96, callWall: 110, putWall: 90, target: 105, lis: [97, 104] },
    { t: '2026-01-09T14:40:00Z', price: 101.5, zeroGamma: 97, callWall: 108, putWall: 92, target: 105, lis: 98 },
    { t: '2026-01-09T14:45:00Z', price: 100, zeroGamma: 98, callWall: 108, putWall: 95, target: null, lis: 98 },
  ],
  currentPrice: 100, lastModified: '2026-01-09T14:45:00Z',
  ...over,
});

describe('stepValues', () => {
  it('holds each row until the next and never carries a level into the next session', () => {
    const rows = [s('2026-01-08T20:55:00Z'), s('2026-01-09T14:40:00Z')];
    const slots = [s('2026-01-08T20:50:00Z'), s('2026-01-08T20:55:00Z'), s('2026-01-09T14:30:00Z'), s('2026-01-09T14:35:00Z'), s('2026-01-09T14:40:00Z'), s('2026-01-09T15:00:00Z')];
    expect(stepValues(rows, [1, 2], slots)).toEqual([null, 1, null, null, 2, 2]);
  });
  it('reads session days in New York time', () => {
    expect(nyDay(s('2026-01-09T04:30:00Z'))).toBe('2026-01-08');
    expect(nyDay(s('2026-01-09T14:30:00Z'))).toBe('2026-01-09');
  });
});

describe('priceLevelsView', () => {
  const v = priceLevelsView(answer());
  it('has a slot per candle and one for the snapshot after the last candle', () => {
    expect(v.times.map((t) => new Date(t * 1e3).toISOString().slice(11, 16))).toEqual(['20:50', '20:55', '14:30', '14:35', '14:40', '14:45']);
    expect(v.sessionStarts).toEqual([2]);
    expect(v.open).toEqual([100, 100.5, 101, 102, 101.5, null]);
    // The last slot has no candle: the line ends on the snapshot's price.
    expect(v.close[5]).toBe(100);
    expect(v.lastPrice).toBe(100);
  });
  it('draws each level as a step line of the row in force at each slot', () => {
    const by = Object.fromEntries(v.levels.map((l) => [l.key, l.values]));
    expect(Object.keys(by)).toEqual(['zeroGamma', 'callWall', 'putWall', 'target', 'lisLow', 'lisHigh']);
    expect(by.zeroGamma).toEqual([null, 95, 96, 96, 97, 98]);
    expect(by.putWall).toEqual([null, 90, 90, 90, 92, 95]);
    expect(by.target).toEqual([null, null, 105, 105, 105, null]);
    expect(by.lisLow).toEqual([null, null, 97, 97, 98, 98]);
    expect(by.lisHigh).toEqual([null, null, 104, 104, null, null]);
  });
  it('labels each level at its latest value with the distance from the last price', () => {
    const labels = Object.fromEntries(v.labels.map((l) => [l.key, l]));
    expect(Object.keys(labels).sort()).toEqual(['callWall', 'lisLow', 'putWall', 'zeroGamma']);
    expect(labels.callWall.points).toBeCloseTo(8, 9);
    expect(labels.callWall.percent).toBeCloseTo(8, 9);
    expect(labels.putWall.points).toBeCloseTo(-5, 9);
    expect(labels.putWall.text).toBe('Put wall 95.00 (-5, -5.00%)');
    expect(labels.callWall.text).toBe('Call wall 108.00 (+8, +8.00%)');
    // Highest level first (top of the chart); equal levels keep the legend order.
    expect(v.labels.map((l) => l.key)).toEqual(['callWall', 'zeroGamma', 'lisLow', 'putWall']);
  });
  it('keeps every price and level inside the price range', () => {
    const [lo, hi] = v.priceRange;
    expect(lo).toBeLessThan(90);
    expect(hi).toBeGreaterThan(110);
  });
  it('leaves out target and LIS for a ticker without 0DTE', () => {
    const plain = priceLevelsView(answer({ zeroDte: false, levels: answer().levels.map((r) => ({ ...r, target: null, lis: null })) }));
    expect(plain.levels.map((l) => l.key)).toEqual(['zeroGamma', 'callWall', 'putWall']);
  });
  it('reads a line answer as one price per slot', () => {
    const line = priceLevelsView(answer({ style: 'line', candles: answer().candles.map((c) => ({ ...c, open: c.close, high: c.close, low: c.close })) }));
    expect(line.line).toBe(true);
    expect(priceLevelsReadout(line, 2)[1]).toBe('Price 102.00');
  });
});

describe('readout', () => {
  it('lists the time, the candle and every level in force', () => {
    const v = priceLevelsView(answer());
    expect(priceLevelsReadout(v, 3)).toEqual([
      'Jan 9 09:35 ET', 'Open 102.00 · High 102.50', 'Low 101.00 · Close 101.50',
      'Zero gamma 96.00', 'Call wall 110.00', 'Put wall 90.00', 'Target 105.00', 'LIS 97.00', 'LIS 104.00',
    ]);
    expect(priceLevelsReadout(v, 99)).toEqual([]);
  });
});

describe('labels and their layout', () => {
  it('gives no labels without a price', () => {
    expect(levelLabels([{ key: 'callWall', name: 'Call wall', color: '#000', dash: [], values: [1] }], null)).toEqual([]);
  });
  it('spreads overlapping labels apart inside the plot', () => {
    const ys = spreadLabels([10, 12, 13, 200], 15, 0, 100);
    expect(ys[1] - ys[0]).toBeGreaterThanOrEqual(15);
    expect(ys[2] - ys[1]).toBeGreaterThanOrEqual(15);
    expect(ys[3]).toBeLessThanOrEqual(100);
    expect(ys[0]).toBe(10);
  });
});
