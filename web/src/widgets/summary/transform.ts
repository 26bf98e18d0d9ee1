// Summary widgets (pure transforms): gamma candlestick (price candles over gamma levels by strike),
// vanna heatmap (time x strike) and charm bars (see exposure transform).
import type { CandlesResponse, ExposureResponse, PlaneResponse } from '../../api/data';
import { maxAbs } from '../shared/colors';
import type { CandleSeries, LevelBand } from '../shared/uplotBuilders';
import { withUnit, type CsvCell, type CsvTable } from '../shared/csv';
import { exposureUnit } from '../shared/units';
import { PRICE_UNIT, exposureCsv } from '../exposure/transform';

export type { CandleSeries };

export function candleSeries(resp: CandlesResponse): CandleSeries {
  const rows = [...(resp.candles ?? [])]
    .map((c) => ({ ...c, ts: Date.parse(c.t) / 1000 }))
    .filter((c) => Number.isFinite(c.ts))
    .sort((a, b) => a.ts - b.ts);
  return {
    t: rows.map((c) => c.ts),
    open: rows.map((c) => c.open ?? NaN),
    high: rows.map((c) => c.high ?? NaN),
    low: rows.map((c) => c.low ?? NaN),
    close: rows.map((c) => c.close ?? NaN),
  };
}

/** A gamma level by strike, drawn as a band behind the candles. */
export type GammaLevel = LevelBand;

export interface GammaCandlestick {
  candles: CandleSeries;
  levels: GammaLevel[];
  /** Half-width of the colour scale, symmetric about zero. */
  scale: number;
  priceRange: [number, number];
}

/** Gamma levels within the price range of the candles (padded), scaled symmetrically about zero. */
export function gammaCandlestick(candles: CandlesResponse, exposure: ExposureResponse): GammaCandlestick {
  const cs = candleSeries(candles);
  const lows = cs.low.length ? Math.min(...cs.low) : exposure.currentPrice ?? 0;
  const highs = cs.high.length ? Math.max(...cs.high) : exposure.currentPrice ?? 0;
  const pad = Math.max((highs - lows) * 0.35, (exposure.currentPrice ?? highs) * 0.005);
  const lo = lows - pad;
  const hi = highs + pad;
  const levels = (exposure.data ?? [])
    .filter((p) => p.strike >= lo && p.strike <= hi)
    .map((p) => ({ strike: p.strike, value: p.value }))
    .sort((a, b) => a.strike - b.strike);
  return { candles: cs, levels, scale: maxAbs(levels.map((l) => l.value)), priceRange: [lo, hi] };
}

export interface Heatmap {
  x: number[]; // seconds since epoch
  strikes: number[];
  z: (number | null)[][]; // z[timeIndex][strikeIndex]
  scale: number;
}

/** Vanna plane → heatmap cells; the colour scale is symmetric about zero. */
export function vannaHeatmap(plane: PlaneResponse, window = 0.06): Heatmap {
  const x = (plane.times ?? []).map((t) => Date.parse(t) / 1000);
  let strikes = plane.strikes ?? [];
  let z = plane.z ?? [];
  const spot = plane.currentPrice ?? null;
  if (spot) {
    const idx = strikes.map((s, i) => (Math.abs(s - spot) <= spot * window ? i : -1)).filter((i) => i >= 0);
    if (idx.length >= 4) {
      strikes = idx.map((i) => strikes[i]);
      z = z.map((row) => idx.map((i) => row[i] ?? null));
    }
  }
  return { x, strikes, z, scale: maxAbs(z.flat()) };
}

/** What a summary widget loads: candles and exposure (gamma), the vanna plane, or the charm exposure. */
export type SummaryData =
  | { view: 'gamma'; candles: CandlesResponse; exposure: ExposureResponse }
  | { view: 'vanna'; plane: PlaneResponse }
  | { view: 'charm'; exposure: ExposureResponse };

const servedUnit = (d: unknown): string | null => (d as { unit?: { unit?: string } | null } | null)?.unit?.unit ?? null;

/**
 * A summary widget's numbers. Gamma: the candles (time, open, high, low, close) and the gamma levels drawn
 * behind them (strike, value), one table with a `series` column; vanna: every heatmap cell (time, strike,
 * value); charm: the exposure bars.
 */
export function summaryCsv(d: SummaryData, c: { kind?: 'both' | 'call' | 'put' } = {}): CsvTable {
  if (d.view === 'charm') return exposureCsv(d.exposure, { greek: 'charm', kind: c.kind });
  if (d.view === 'vanna') {
    const h = vannaHeatmap(d.plane);
    const times = d.plane.times ?? [];
    const rows: CsvCell[][] = [];
    h.z.forEach((row, i) => row.forEach((v, j) => (v === null || v === undefined ? null : rows.push([times[i], h.strikes[j], v]))));
    return { columns: ['time (UTC)', `strike (${PRICE_UNIT})`, withUnit('vanna', exposureUnit('vanna', servedUnit(d.plane)))], rows };
  }
  const g = gammaCandlestick(d.candles, d.exposure);
  const candles = [...(d.candles.candles ?? [])].filter((k) => Number.isFinite(Date.parse(k.t))).sort((a, b) => Date.parse(a.t) - Date.parse(b.t));
  const rows: CsvCell[][] = [
    ...candles.map((k) => ['candle', k.t, k.open, k.high, k.low, k.close, null, null] as CsvCell[]),
    ...g.levels.map((l) => ['gamma level', null, null, null, null, null, l.strike, l.value] as CsvCell[]),
  ];
  const p = (n: string) => `${n} (${PRICE_UNIT})`;
  return { columns: ['series', 'time (UTC)', p('open'), p('high'), p('low'), p('close'), p('strike'), withUnit('gamma', exposureUnit('gamma', servedUnit(d.exposure)))], rows };
}
