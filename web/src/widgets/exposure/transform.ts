// Exposure response → chart series (pure). Bars by strike coloured by the greek colour rule, the spot
// price and the zero-gamma / call-wall / put-wall markers.
import type { ExposureLevels, ExposureResponse } from '../../api/data';
import type { ExposureKind } from '../../workspace/types';
import { isPositive } from '../shared/colors';

export interface Marker {
  x: number;
  label: string;
  color: string;
}

export interface ExposureSeries {
  strikes: number[];
  values: number[];
  /** Values split by the colour rule: positive-reading bars and negative-reading bars (null elsewhere). */
  positive: (number | null)[];
  negative: (number | null)[];
  spot: number | null;
  levels: ExposureLevels | null;
  markers: Marker[];
}

export interface ExposureOptions {
  greek: string;
  kind?: ExposureKind;
  isCumulative?: boolean;
  /** Keep strikes within this fraction of the spot price (when at least minPoints remain). */
  window?: number;
  minPoints?: number;
}

export function pickValue(p: { value: number; call?: number; put?: number }, kind: ExposureKind = 'both'): number {
  if (kind === 'call' && typeof p.call === 'number') return p.call;
  if (kind === 'put' && typeof p.put === 'number') return p.put;
  return p.value;
}

export function cumulative(values: number[]): number[] {
  let s = 0;
  return values.map((v) => (s += Number.isFinite(v) ? v : 0));
}

export function exposureMarkers(spot: number | null, levels: ExposureLevels | null | undefined): Marker[] {
  const m: Marker[] = [];
  if (spot !== null && Number.isFinite(spot)) m.push({ x: spot, label: 'Spot', color: '#f5c518' });
  if (levels?.zeroGamma != null) m.push({ x: levels.zeroGamma, label: 'Zero gamma', color: '#a0a8c8' });
  if (levels?.callWall != null) m.push({ x: levels.callWall, label: 'Call wall', color: '#2bb673' });
  if (levels?.putWall != null) m.push({ x: levels.putWall, label: 'Put wall', color: '#e5484d' });
  return m;
}

export function exposureSeries(resp: ExposureResponse, opts: ExposureOptions): ExposureSeries {
  const points = [...(resp.data ?? [])].filter((p) => Number.isFinite(p.strike)).sort((a, b) => a.strike - b.strike);
  let strikes = points.map((p) => p.strike);
  let values = points.map((p) => pickValue(p, opts.kind ?? resp.kind));
  // The server answers cumulative values when asked; an older answer without the flag is summed here.
  if (opts.isCumulative && !resp.isCumulative) values = cumulative(values);
  const spot = resp.currentPrice ?? null;
  const window = opts.window ?? 0.12;
  const minPoints = opts.minPoints ?? 8;
  if (spot && window > 0) {
    const keep = strikes.map((s) => Math.abs(s - spot) <= spot * window);
    if (keep.filter(Boolean).length >= minPoints) {
      strikes = strikes.filter((_, i) => keep[i]);
      values = values.filter((_, i) => keep[i]);
    }
  }
  const positive: (number | null)[] = [];
  const negative: (number | null)[] = [];
  values.forEach((v, i) => {
    const pos = isPositive(opts.greek, v, strikes[i], spot);
    positive.push(pos ? v : null);
    negative.push(pos ? null : v);
  });
  const levels = resp.levels ?? null;
  return { strikes, values, positive, negative, spot, levels, markers: exposureMarkers(spot, levels) };
}
