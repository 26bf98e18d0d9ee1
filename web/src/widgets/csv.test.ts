// The ⋮ menu's CSV: each kind's table equals the transformed data its renderer draws, with the units in the
// header, and every number is written exactly as the route served it.
import { describe, expect, it } from 'vitest';
import type { AggregateResponse, ExposureResponse, LiquidityResponse, PremiumResponse, TickerSummary, ZeroDteResponse } from '../api/data';
import { kindDef } from './registry';
import { widgetCsv } from './kinds';
import { csvCell, csvText, exportFileName, figuresCsv, genericCsv, parseCsv, type CsvTable } from './shared/csv';
import { exposureSeries, strikeWindow } from './exposure/transform';
import { gammaCandlestick, vannaHeatmap, type SummaryData } from './summary/transform';
import { scatterSeries, trendSeries, type StatisticsData } from './statistics/transform';
import { preview, sampleCandles, sampleExposure, sampleHeatPlane, samplePlane, sampleScatter, sampleTrend } from './shared/sample';
import type { WidgetKind } from './types';

const GAMMA_UNIT = '$ delta per 1 % move';

/** The table as a user's spreadsheet reads it back: header, then rows of numbers (or text). */
function roundTrip(t: CsvTable): { header: string[]; rows: (number | string | null)[][] } {
  const [header, ...rows] = parseCsv(csvText(t));
  return { header, rows: rows.map((r) => r.map((c) => (c === '' ? null : Number.isNaN(Number(c)) ? c : Number(c)))) };
}

const csvOf = (kind: WidgetKind, data: unknown, configuration: Record<string, unknown>) => {
  const def = kindDef(kind)!;
  const widget = { type: def.type, configuration: { ...def.defaults('SPX'), ...configuration } };
  return roundTrip(widgetCsv(widget as never, data));
};

const withUnitField = <T,>(d: T, unit: string): T => ({ ...d, unit: { unit, conversions: [] } });

describe('CSV text', () => {
  it('writes numbers exactly as JSON serves them and reads them back to the same doubles', () => {
    const values = [0.1 + 0.2, 1e-7, -1.25e9, 123456789.123456, 5200, -0];
    const t = { columns: ['v'], rows: values.map((v) => [v]) };
    const back = parseCsv(csvText(t)).slice(1).map((r) => Number(r[0]));
    expect(back).toEqual(values.map((v) => JSON.parse(JSON.stringify(v))));
    expect(csvCell(0.30000000000000004)).toBe(JSON.stringify(0.30000000000000004));
  });
  it('leaves missing and non-finite cells empty and quotes text that needs it', () => {
    expect(csvCell(null)).toBe('');
    expect(csvCell(Number.NaN)).toBe('');
    expect(csvCell('$ per contract, weighted by |delta|')).toBe('"$ per contract, weighted by |delta|"');
    expect(csvCell('say "hi"')).toBe('"say ""hi"""');
    expect(csvCell('=HYPERLINK("x")')).toBe(`"'=HYPERLINK(""x"")"`);
    expect(parseCsv(csvText({ columns: ['a, b', 'c'], rows: [['x\ny', 1]] }))).toEqual([['a, b', 'c'], ['x\ny', '1']]);
  });
  it('names files after the caption and the snapshot time', () => {
    expect(exportFileName('SPX · Gamma exposure', '2026-01-02T20:35:00Z', 'csv')).toBe('SPX-Gamma-exposure-2026-01-02-2035.csv');
    expect(exportFileName('···', null, 'png')).toBe('widget.png');
  });
});

describe('CSV of each kind equals what it draws', () => {
  it('exposure: every strike of the chart\'s range, as served, in the answer\'s unit', () => {
    const data = withUnitField(sampleExposure('gamma'), GAMMA_UNIT);
    const { header, rows } = csvOf('exposure', data, { greek: 'gamma' });
    expect(header).toEqual(['strike (price points)', `call (${GAMMA_UNIT})`, `put (${GAMMA_UNIT})`, `value (${GAMMA_UNIT})`]);
    const s = exposureSeries(data, { greek: 'gamma', window: strikeWindow(data, null).window });
    expect(rows.map((r) => r[0])).toEqual(s.strikes);
    expect(rows.map((r) => r[3])).toEqual(s.values);
    expect(rows.map((r) => r[1])).toEqual(s.calls);
    // The served points, not binned sums: each row is a point of the answer.
    // (JSON, like CSV, has no negative zero.)
    const served = data.data.map((p) => ({ strike: p.strike + 0, call: p.call + 0, put: p.put + 0, value: p.value + 0 }));
    for (const r of rows) expect(served).toContainEqual({ strike: r[0], call: r[1], put: r[2], value: r[3] });
  });
  it('exposure: the widget\'s own strike range decides the rows', () => {
    const data = sampleExposure('gamma');
    const narrow = csvOf('exposure', data, { strikeRange: 1 }).rows.map((r) => r[0] as number);
    expect(narrow.length).toBeGreaterThanOrEqual(8);
    expect(narrow.length).toBeLessThan(data.data.length);
    expect(csvOf('exposure', data, { strikeRange: 50 }).rows).toHaveLength(data.data.length);
  });
  it('summary gamma: the candles and the gamma levels drawn behind them', () => {
    const data: SummaryData = { view: 'gamma', candles: sampleCandles(), exposure: withUnitField(sampleExposure('gamma'), GAMMA_UNIT) };
    const { header, rows } = csvOf('summary', data, { greek: 'gamma' });
    expect(header).toEqual(['series', 'time (UTC)', 'open (price points)', 'high (price points)', 'low (price points)', 'close (price points)', 'strike (price points)', `gamma (${GAMMA_UNIT})`]);
    const g = gammaCandlestick(data.candles, data.exposure);
    const candles = rows.filter((r) => r[0] === 'candle');
    expect(candles.map((r) => Date.parse(r[1] as string) / 1000)).toEqual(g.candles.t);
    expect(candles.map((r) => r[5])).toEqual(g.candles.close);
    expect(candles.map((r) => r[3])).toEqual(g.candles.high);
    const levels = rows.filter((r) => r[0] === 'gamma level');
    expect(levels.map((r) => [r[6], r[7]])).toEqual(g.levels.map((l) => [l.strike, l.value]));
  });
  it('summary vanna: every heatmap cell (time, strike, value)', () => {
    const data: SummaryData = { view: 'vanna', plane: sampleHeatPlane() };
    const { header, rows } = csvOf('summary', data, { greek: 'vanna' });
    expect(header[2]).toBe('vanna ($ delta per vol point)');
    const h = vannaHeatmap(data.plane);
    expect(rows).toHaveLength(h.x.length * h.strikes.length);
    expect(rows[0]).toEqual([data.plane.times![0], h.strikes[0], h.z[0][0]]);
    const last = rows[rows.length - 1];
    expect(last).toEqual([data.plane.times![h.x.length - 1], h.strikes[h.strikes.length - 1], h.z[h.x.length - 1][h.strikes.length - 1]]);
  });
  it('summary charm: the exposure bars', () => {
    const data: SummaryData = { view: 'charm', exposure: sampleExposure('charm') };
    const { header, rows } = csvOf('summary', data, { greek: 'charm' });
    expect(header[3]).toBe('value ($ delta per calendar day)');
    expect(rows.map((r) => r[3])).toEqual(exposureSeries(data.exposure, { greek: 'charm', window: strikeWindow(data.exposure).window }).values);
  });
  it('statistics: the scatter points with the served line, and the trend with its average', () => {
    const scatter: StatisticsData = { view: 'scatter', scatter: sampleScatter() };
    const a = csvOf('statistics', scatter, { chartName: 'SPOT_VOL_CORRELATION' });
    expect(a.header).toEqual(['point', 'date', 'x (% daily change of the ticker)', 'y (VIX points, daily change)', 'fitted y (VIX points, daily change)']);
    const s = scatterSeries(scatter.scatter);
    const sorted = [...a.rows].sort((p, q) => (p[2] as number) - (q[2] as number));
    expect(sorted.map((r) => r[2])).toEqual(s.x);
    expect(sorted.map((r) => r[4])).toEqual(s.fit);
    expect(a.rows.filter((r) => r[0] === 'current')).toEqual([['current', null, 0.5, -1, 0.1 + -1.8 * 0.5]]);
    const trend: StatisticsData = { view: 'trend', trend: withUnitField(sampleTrend(), '$ delta per calendar day') };
    const b = csvOf('statistics', trend, { chartName: 'AGGREGATE_TREND', greek: 'charm' });
    expect(b.header).toEqual(['date', 'aggregate charm ($ delta per calendar day)', 'historical average ($ delta per calendar day)']);
    const t = trendSeries(trend.trend);
    expect(b.rows.map((r) => r[1])).toEqual(t.y);
    expect(b.rows.map((r) => r[2])).toEqual(t.average);
  });
  it('surface: every grid point the route answered', () => {
    const plane = { ...samplePlane(), greek: 'gamma' as const };
    plane.z[0][3] = null;
    const { header, rows } = csvOf('surface', plane, { chartName: 'GREEK_VOLATILITY', greek: 'gamma' });
    expect(header).toEqual(['expiration', 'strike (price points)', `gamma (${GAMMA_UNIT})`]);
    expect(rows).toHaveLength(plane.expirations!.length * plane.strikes.length - 1);
    expect(rows.find((r) => r[0] === plane.expirations![0] && r[1] === plane.strikes[3])).toBeUndefined();
    expect(rows[0]).toEqual([plane.expirations![0], plane.strikes[0], plane.z[0][0]]);
    const iv = csvOf('surface', { ...samplePlane(), unit: { unit: 'fraction', conversions: [] } }, { chartName: 'IV_VOLATILITY' });
    expect(iv.header[2]).toBe('iv (fraction)');
  });
  it('value tiles: each figure with the unit the answer serves for it', () => {
    const units = (fields: string[]) => Object.fromEntries(fields.map((f) => [f, { unit: `unit of ${f}`, conversions: [] }]));
    const ticker = preview<TickerSummary>({ price: 5200.25, previousClose: 5180.5, vix: 14.2, previousVix: 14.9, notionalVolume: 2.4e11, vannaStochastic: 0.62, units: units(['price', 'vix']) });
    expect(csvOf('ticker', ticker, {})).toEqual({
      header: ['figure', 'value', 'unit'],
      rows: [
        ['price', 5200.25, 'unit of price'],
        ['previousClose', 5180.5, null],
        ['vix', 14.2, 'unit of vix'],
        ['previousVix', 14.9, null],
        ['notionalVolume', 2.4e11, null],
        ['vannaStochastic', 0.62, null],
      ],
    });
    const premium = preview<PremiumResponse>({ dealerPremium: 4.1e8, zeroDteDealerPremium: null });
    expect(csvOf('dealer_premium', premium, {}).rows).toEqual([['dealerPremium', 4.1e8, null], ['zeroDteDealerPremium', null, null]]);
    const liquidity = preview<LiquidityResponse>({ deltaAdjustedDealerSpread: 0.42, dayToDayDeltaAdjustedDealerSpread: -0.05, deltaAdjustedDealerPremium: 1.9e8, units: units(['deltaAdjustedDealerSpread']) });
    expect(csvOf('liquidity', liquidity, {}).rows[0]).toEqual(['deltaAdjustedDealerSpread', 0.42, 'unit of deltaAdjustedDealerSpread']);
    const zero = preview<ZeroDteResponse>({ paradigm: 'BOFA-PURE', target: null, lis: [5185, 5230.5], currentPrice: 5198.5, zerodte_agg_charm: -3.2e8, total_0dte_opt_vol: 1.2e6 });
    expect(csvOf('zerodte', zero, {}).rows).toEqual([
      ['paradigm', 'BOFA-PURE', null],
      ['target', null, null],
      ['lis[0]', 5185, null],
      ['lis[1]', 5230.5, null],
      ['currentPrice', 5198.5, null],
      ['zerodte_agg_charm', -3.2e8, null],
      ['total_0dte_opt_vol', 1.2e6, null],
    ]);
  });
  it('aggregate and screener', () => {
    const agg = preview<AggregateResponse>({ greek: 'charm', aggregate: -1.25e9, unit: { unit: '$ delta per calendar day', conversions: [] } });
    expect(csvOf('aggregate', agg, { greek: 'charm' })).toEqual({ header: ['greek', 'aggregate ($ delta per calendar day)'], rows: [['charm', -1.25e9]] });
    const screener = { results: ['AAA:2.41', 'BBB:-0.005', 'CCC:x'] };
    expect(csvOf('screener', screener, { flag: 'diff', greek: 'gamma' })).toEqual({
      header: ['rank', 'ticker', `change (${GAMMA_UNIT})`],
      rows: [[1, 'AAA', 2.41], [2, 'BBB', -0.005], [3, 'CCC', null]],
    });
    expect(csvOf('screener', screener, { flag: 'norm', greek: 'gamma' }).header[2]).toBe('change (% of the earlier value)');
  });
  it('every kind of this build has its own table', () => {
    for (const kind of ['summary', 'exposure', 'statistics', 'surface', 'ticker', 'aggregate', 'zerodte', 'dealer_premium', 'liquidity', 'screener'] as WidgetKind[]) {
      expect(kindDef(kind)?.toCsv, kind).toBeTypeOf('function');
    }
  });
});

describe('CSV fallback for a kind without its own table', () => {
  it('lists every field of the answer by its path, with the answer\'s units', () => {
    const d = { greek: 'gamma', levels: { zeroGamma: 95, callWall: null }, data: [{ strike: 90, value: -3 }], unit: { unit: GAMMA_UNIT }, lastModified: 'x', source: 'synthetic' };
    const t = genericCsv(d);
    expect(t.columns).toEqual(['field', 'value', 'unit']);
    expect(t.rows).toEqual([
      ['greek', 'gamma', null],
      ['levels.zeroGamma', 95, null],
      ['levels.callWall', null, null],
      ['data[0].strike', 90, null],
      ['data[0].value', -3, null],
      ['unit.unit', GAMMA_UNIT, null],
    ]);
    const v = genericCsv({ price: 1.5, units: { price: { unit: '$ per share' } } });
    expect(v.rows).toEqual([['price', 1.5, '$ per share']]);
  });
  it('is what a widget of an unknown kind exports', () => {
    const t = widgetCsv({ type: 'NEWS' as never, configuration: {} }, { headline: 'x', score: 0.5 });
    expect(t).toEqual(genericCsv({ headline: 'x', score: 0.5 }));
    expect(figuresCsv({ a: 1 }, [{ field: 'a' }]).rows).toEqual([['a', 1, null]]);
  });
});

// Keep the exposure type in use for the fixture helper's inference.
export type { ExposureResponse };
