import { describe, expect, it } from 'vitest';
import type { CandlesResponse, ExposureResponse, ScatterResponse, TickerSummary, TrendResponse, ZeroDteResponse } from '../api/data';
import { exposureSeries } from './exposure/transform';
import { gammaCandlestick, vannaHeatmap } from './summary/transform';
import { scatterSeries, trendSeries } from './statistics/transform';
import { closeGrid, surfaceMesh, BOX } from './surface/transform';
import { tickerView } from './ticker/transform';
import { zeroDteView, formatLis } from './zerodte/transform';
import { parseScreenerResults, screenerRequest } from './screener/transform';
import { barColor, isPositive, symmetricRange, divergingColor, POSITIVE, NEGATIVE } from './shared/colors';
import { freshness } from './shared/freshness';
import { formatNumber } from './shared/format';
import { preview } from './shared/sample';
import { kindOf, validateDraft, newDraft, draftIsComplete } from './kinds';

const exposure = (over: Record<string, unknown> = {}): ExposureResponse => preview<ExposureResponse>({
  ticker: 'SPX',
  greek: 'gamma',
  kind: 'both',
  isCumulative: false,
  data: [
    { strike: 110, value: 5, call: 6, put: -1 },
    { strike: 90, value: -3, call: 1, put: -4 },
    { strike: 100, value: 2, call: 3, put: -1 },
  ],
  expirations: ['2026-03-20'],
  currentPrice: 101,
  lastModified: '2026-03-11T15:00:00Z',
  levels: { zeroGamma: 95, callWall: 110, putWall: 90 },
  ...over,
});

describe('exposure transform', () => {
  it('sorts by strike and draws the value the server answered for the kind', () => {
    const s = exposureSeries(exposure(), { greek: 'gamma', window: 0 });
    expect(s.strikes).toEqual([90, 100, 110]);
    expect(s.values).toEqual([-3, 2, 5]);
    // A put answer: the server applied the kind, so the call side is zero and `value` is the puts' sum.
    const puts = exposure({ kind: 'put', data: [{ strike: 90, value: -4, call: 0, put: -4 }, { strike: 100, value: -1, call: 0, put: -1 }] });
    expect(exposureSeries(puts, { greek: 'gamma', kind: 'put', window: 0 }).values).toEqual([-4, -1]);
  });
  it('draws cumulative answers as the server summed them, and never sums again', () => {
    expect(exposureSeries(exposure(), { greek: 'gamma', isCumulative: true, window: 0 }).values).toEqual([-3, 2, 5]);
    expect(exposureSeries(exposure({ isCumulative: true }), { greek: 'gamma', isCumulative: true, window: 0 }).values).toEqual([-3, 2, 5]);
  });
  it('splits bars by the greek colour rule and places markers', () => {
    const s = exposureSeries(exposure(), { greek: 'gamma', window: 0 });
    // gamma depends on strike vs price 101: 90 (below, negative value) reads positive; 100 below with
    // positive value reads negative; 110 above with positive value reads positive.
    expect(s.positive).toEqual([-3, null, 5]);
    expect(s.negative).toEqual([null, 2, null]);
    expect(s.markers.map((m) => [m.label, m.x])).toEqual([
      ['Spot 101.00', 101],
      ['Zero gamma 95.00', 95],
      ['Call wall 110.00', 110],
      ['Put wall 90.00', 90],
    ]);
    const d = exposureSeries({ ...exposure(), greek: 'delta' }, { greek: 'delta', window: 0 });
    expect(d.positive).toEqual([null, 2, 5]);
  });
  it('keeps strikes near the spot when enough remain', () => {
    const data = Array.from({ length: 41 }, (_, i) => ({ strike: 80 + i, value: 1 }));
    const s = exposureSeries(exposure({ data, currentPrice: 100 }), { greek: 'gamma', window: 0.05, minPoints: 5 });
    expect(s.strikes[0]).toBe(95);
    expect(s.strikes[s.strikes.length - 1]).toBe(105);
  });
});

describe('greek colour rule', () => {
  it('uses the sign for delta, vega, theta, vomma, rho and dag', () => {
    for (const g of ['delta', 'vega', 'theta', 'vomma', 'rho', 'dag']) {
      expect(isPositive(g, 1, 50, 100)).toBe(true);
      expect(isPositive(g, -1, 150, 100)).toBe(false);
    }
  });
  it('uses strike versus price for the others', () => {
    expect(barColor('charm', 1, 150, 100)).toBe(POSITIVE);
    expect(barColor('charm', 1, 50, 100)).toBe(NEGATIVE);
    expect(barColor('vanna', -1, 50, 100)).toBe(POSITIVE);
  });
  it('scales symmetrically about zero', () => {
    expect(symmetricRange([-2, 5, 1])).toEqual([-5, 5]);
    const up = divergingColor(5, 5);
    const down = divergingColor(-5, 5);
    expect(up).not.toEqual(down);
    expect(divergingColor(0, 5)).toEqual(divergingColor(-0, 5));
  });
});

describe('summary transforms', () => {
  it('places gamma levels under the candles with a symmetric scale', () => {
    const candles = preview<CandlesResponse>({
      candles: [
        { t: '2026-03-11T14:40:00Z', open: 100, high: 102, low: 99, close: 101 },
        { t: '2026-03-11T14:30:00Z', open: 99, high: 100, low: 98, close: 100 },
      ],
      lastModified: null,
    });
    const g = gammaCandlestick(candles, exposure({ data: [{ strike: 50, value: 9 }, { strike: 100, value: -4 }, { strike: 101, value: 2 }] }));
    expect(g.candles.t).toEqual([Date.parse('2026-03-11T14:30:00Z') / 1000, Date.parse('2026-03-11T14:40:00Z') / 1000]);
    expect(g.candles.close).toEqual([100, 101]);
    expect(g.levels).toEqual([{ strike: 100, value: -4 }, { strike: 101, value: 2 }]);
    expect(g.scale).toBe(4);
  });
  it('builds the vanna heatmap around the spot', () => {
    const h = vannaHeatmap({ times: ['2026-03-11T14:30:00Z'], strikes: [50, 98, 99, 100, 101, 150], z: [[9, 1, -2, 3, 0, -9]], currentPrice: 100 });
    expect(h.strikes).toEqual([98, 99, 100, 101]);
    expect(h.z).toEqual([[1, -2, 3, 0]]);
    expect(h.scale).toBe(3);
  });
});

describe('statistics transforms', () => {
  it('draws the served regression line, never a refit', () => {
    // The points alone would fit y = 1 + 2x; the served line (slope 1.5, intercept 0.25) is drawn as is.
    const s = scatterSeries(preview<ScatterResponse>({
      rValue: 0.9,
      slope: 1.5,
      intercept: 0.25,
      currentRatio: 1,
      scatterPoints: [{ x: 2, y: 5 }, { x: 0, y: 1 }, { x: 1, y: 3 }],
      currentPoint: { x: 1.5, y: 4.2 },
    }));
    expect(s.x).toEqual([0, 1, 1.5, 2]);
    expect(s.y).toEqual([1, 3, null, 5]);
    expect(s.current).toEqual([null, null, 4.2, null]);
    expect(s.fit).toEqual([0.25, 1.75, 2.5, 3.25]);
    expect([s.slope, s.intercept]).toEqual([1.5, 0.25]);
  });
  it('draws no line when the server has no fit', () => {
    const s = scatterSeries(preview<ScatterResponse>({ rValue: null, slope: null, intercept: null, currentRatio: null, scatterPoints: [{ x: 0, y: 1 }, { x: 1, y: 3 }], currentPoint: null }));
    expect(s.fit).toEqual([null, null]);
  });
  it('draws the aggregate trend with its historical average', () => {
    const t = trendSeries(preview<TrendResponse>({ trend: [{ x: '2026-03-10', y: 2 }, { x: '2026-03-09', y: 1 }], historicalAverage: 1.5, currentAggregate: 2, lastModified: null }));
    expect(t.y).toEqual([1, 2]);
    expect(t.average).toEqual([1.5, 1.5]);
  });
});

describe('surface mesh', () => {
  it('builds quads with a colour scale symmetric about zero', () => {
    const m = surfaceMesh({ expirations: ['2026-03-20', '2026-04-17'], strikes: [90, 100, 110], z: [[-4, 0, 2], [1, 2, 3]] }, false);
    expect(m.cells).toHaveLength(2);
    expect(m.range).toEqual([-4, 4]);
    expect(m.cells[0].polygon[0]).toEqual([0, 0, -BOX.z / 2]);
    expect(m.cells[1].polygon[1][0]).toBe(BOX.x);
  });
  it('interpolates IV across strikes a row does not list and scales it sequentially', () => {
    const m = surfaceMesh({ expirations: ['a', 'b'], strikes: [1, 2, 3], z: [[0.2, null, 0.3], [0.25, 0.22, 0.4]] }, true);
    expect(m.cells).toHaveLength(2);
    expect(m.range).toEqual([0.2, 0.4]);
    // The hole at strike 2 of the first row is the midpoint of its neighbours.
    expect(m.cells[0].polygon[1][2]).toBeCloseTo(((0.25 - 0.2) / 0.2) * BOX.z);
  });
  it('closes a greek row with zeros inside its listed range only, and trims rarely listed strikes', () => {
    const strikes = [80, 90, 100, 110, 120, 130];
    const z = [
      [null, 5, null, null, 2, null],
      [null, 1, 3, 4, 6, null],
      [7, 2, null, 1, 3, 9],
    ];
    const g = closeGrid(strikes, z, false);
    // 80 and 130 are listed by one expiration of three: cut. Inside, holes become 0; IV would interpolate.
    expect(g.strikes).toEqual([90, 100, 110, 120]);
    expect(g.z).toEqual([[5, 0, 0, 2], [1, 3, 4, 6], [2, 0, 1, 3]]);
    const iv = closeGrid([1, 2, 4], [[0.2, null, 0.5]], true);
    expect(iv.z[0][1]).toBeCloseTo(0.3);
    expect(closeGrid([1, 2], [[null, null]], true)).toEqual({ strikes: [], z: [[]] });
    // A row's edges stay empty: no extrapolation beyond the strikes it lists.
    expect(closeGrid([1, 2, 3], [[null, 0.2, 0.3], [0.1, 0.2, 0.3]], true, 0.5).z[0][0]).toBeNull();
  });
});

describe('value widgets', () => {
  it('computes ticker changes', () => {
    const v = tickerView(preview<TickerSummary>({ price: 110, previousClose: 100, vix: 18, previousVix: 20, notionalVolume: 1e9, vannaStochastic: 0.4, lastModified: null }));
    expect(v.change).toBe(10);
    expect(v.changePct).toBeCloseTo(10);
    expect(v.vixChange).toBe(-2);
  });
  it('formats the LIS as a level or a pair', () => {
    expect(formatLis(5800.5)).toBe('5,800.5');
    expect(formatLis([5790, 5810])).toBe('5,790 – 5,810');
    expect(zeroDteView(preview<ZeroDteResponse>({ paradigm: 'Positive gamma', target: 5805, lis: null, zerodte_agg_charm: -1, total_0dte_opt_vol: 10, lastModified: null })).lis).toBe('—');
  });
  it('parses screener results', () => {
    expect(parseScreenerResults(['AAPL:1.25', 'BRK.B:-0.5', 'bad'])).toEqual([
      { ticker: 'AAPL', value: 1.25, raw: 'AAPL:1.25' },
      { ticker: 'BRK.B', value: -0.5, raw: 'BRK.B:-0.5' },
      { ticker: 'bad', value: null, raw: 'bad' },
    ]);
    expect(screenerRequest({ flag: 'norm', length: 25, superlative: 'least', greek: 'gamma', time_frame: 'week' }).timeFrame).toBe('week');
  });
  it('formats numbers en-US with at most 3 decimals', () => {
    expect(formatNumber(1234.56789)).toBe('1,234.568');
    expect(formatNumber(1_500_000, { compact: true })).toBe('1.5M');
  });
});

describe('freshness bar', () => {
  it('shows historical, live and outdated states', () => {
    expect(freshness('2026-03-02 10:30', ['2026-03-20'], '2026-03-11')).toEqual({ state: 'HISTORICAL', text: 'Calculated Mar 2, 2026 10:30 ET' });
    expect(freshness(null, ['2026-03-11', '2026-03-20'], '2026-03-11')?.text).toBe('EXPIRES TODAY');
    expect(freshness(null, ['2026-03-13'], '2026-03-11')?.text).toBe('EXPIRES IN 2 DAYS');
    expect(freshness(null, ['2026-03-12'], '2026-03-11')?.text).toBe('EXPIRES IN 1 DAY');
    expect(freshness(null, ['2026-03-10'], '2026-03-11')?.state).toBe('OUTDATED');
  });
});

describe('widget kinds and drafts', () => {
  const clock = { today: '2026-03-11', minutes: 600 };
  it('maps saved widgets to kinds', () => {
    expect(kindOf({ type: 'CHART', configuration: { type: 'surface', ticker: 'SPX' } })).toBe('surface');
    expect(kindOf({ type: 'ZERODTE', configuration: { ticker: 'SPX' } })).toBe('zerodte');
    expect(kindOf({ type: 'NEWS', configuration: {} })).toBeNull();
  });
  it('defaults to SPX, kind both and greek charm', () => {
    expect(newDraft('exposure').configuration).toMatchObject({ ticker: 'SPX', kind: 'both', greek: 'charm' });
    expect(newDraft('aggregate').size).toBe('S');
    expect(newDraft('ticker').size).toBe('L');
  });
  it('validates drafts with the spec messages', () => {
    const d = newDraft('exposure');
    (d.configuration as { ticker: string }).ticker = '';
    expect(validateDraft(d, { clock }).ticker).toBe('Ticker is required');
    const z = newDraft('zerodte');
    expect(validateDraft(z, { clock, zeroDteTickers: ['SPY'] }).ticker).toBe('This ticker is not available in 0DTE list. Please change the ticker');
    const s = newDraft('screener');
    expect(validateDraft(s, { clock, tier: 'basic' }).tier).toBe('In order to use this widget, please upgrade the subscription to Volland 30 or higher.');
    expect(draftIsComplete(s, { clock, tier: 'basic' })).toBe(true);
    const e = newDraft('exposure');
    (e.configuration as { expirations: unknown }).expirations = { option: 'SPECIFIC', dates: ['2026-05-01'] };
    expect(validateDraft(e, { clock, availableExpirations: ['2026-03-20'] }).expirations).toBe('Your choice is not matching any expirations');
  });
  it('Historical without an applied date blocks saving on every kind with history', () => {
    for (const kind of ['exposure', 'summary', 'statistics', 'surface', 'ticker', 'aggregate', 'zerodte', 'dealer_premium', 'liquidity'] as const) {
      const d = newDraft(kind);
      (d.configuration as { ticker: string; date: string | null }).ticker = 'SPX';
      (d.configuration as { date: string | null }).date = '';
      expect(validateDraft(d, { clock, zeroDteTickers: ['SPX'] }).date).toBe('Calculation date is required');
      (d.configuration as { date: string | null }).date = '2026-03-10 15:00';
      expect(validateDraft(d, { clock, zeroDteTickers: ['SPX'] }).date).toBeUndefined();
    }
  });
});
