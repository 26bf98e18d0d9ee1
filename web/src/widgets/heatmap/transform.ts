// Session heatmap (pure transforms): the route's compact matrix (times × strikes) into the cells the chart
// draws, the price path and the half-width of the diverging colour scale (methodology §4.6, §4.11).
import type { HeatmapResponse } from '../../api/data';
import { maxAbs } from '../shared/colors';

export interface SessionHeatmap {
  /** Snapshot times, seconds since the epoch, ascending. */
  x: number[];
  strikes: number[];
  /** z[timeIndex][strikeIndex]: the served value, null where the snapshot lists no contract there. */
  z: (number | null)[][];
  /** The underlying price at each time (null where none was published). */
  spot: (number | null)[];
  /** Half-width m of the colour scale: the largest |value| of the matrix (a tiny positive floor when it has none). */
  scale: number;
}

/** The route's answer as drawn: rows with an unreadable time are dropped with their cells and price. */
export function sessionHeatmap(resp: Pick<HeatmapResponse, 'times' | 'strikes' | 'values' | 'spot'>): SessionHeatmap {
  const strikes = resp.strikes ?? [];
  const rows = (resp.times ?? [])
    .map((t, i) => ({ t: Date.parse(t) / 1000, z: resp.values?.[i] ?? [], spot: resp.spot?.[i] ?? null }))
    .filter((r) => Number.isFinite(r.t))
    .sort((a, b) => a.t - b.t);
  const z = rows.map((r) => strikes.map((_s, j) => {
    const v = r.z[j];
    return v === null || v === undefined || !Number.isFinite(v) ? null : v;
  }));
  return { x: rows.map((r) => r.t), strikes, z, spot: rows.map((r) => r.spot), scale: maxAbs(z.flat()) };
}
