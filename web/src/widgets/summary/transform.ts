// Summary widgets (pure transforms): gamma candlestick (price candles over gamma levels by strike),
// vanna heatmap (time x strike) and charm bars (see exposure transform).
import type { CandlesResponse, ExposureResponse, PlaneResponse } from '../../api/data';
import { maxAbs } from '../shared/colors';
import type { CandleSeries, LevelBand } from '../shared/uplotBuilders';

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
