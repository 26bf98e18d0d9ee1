// Skew (pure transforms, methodology §4.18): the smile of the drawn expiration against strike or delta in vol
// points, the 30-day risk reversal and butterfly by session, and the CSV of the served numbers.
import type { SkewResponse } from '../../api/data';
import type { CsvTable } from '../shared/csv';
import { daySeconds, finiteOrNull, volPoints } from '../shared/volatility';

export type SkewAxis = 'strike' | 'delta';

/** The skew widget's configuration (api/workspaces/widgets.py, SkewConfigSchema). */
export interface SkewConfiguration {
  ticker: string;
  date?: string | null;
  /** The expiration whose smile is drawn; null: the one nearest to 30 days (methodology §4.18). */
  expiration?: string | null;
  axis?: SkewAxis;
}


export interface SmileSeries {
  /** Strike (price points) or delta (puts −1…0 on the left, calls 0…1 on the right), ascending. */
  x: number[];
  /** The out-of-the-money IV at each x, vol points. */
  iv: number[];
}

/** The smile as drawn on the chosen axis: points without a finite x or IV are left out. */
export function smileSeries(resp: Pick<SkewResponse, 'smile'>, axis: SkewAxis): SmileSeries {
  const pts = (resp.smile ?? [])
    .map((p) => ({ x: axis === 'delta' ? finiteOrNull(p.delta) : finiteOrNull(p.strike), iv: volPoints(p.iv) }))
    .filter((p): p is { x: number; iv: number } => p.x !== null && p.iv !== null)
    .sort((a, b) => a.x - b.x);
  return { x: pts.map((p) => p.x), iv: pts.map((p) => p.iv) };
}

export interface SkewHistory {
  /** Session dates, seconds since the epoch, ascending. */
  t: number[];
  riskReversal: (number | null)[];
  butterfly: (number | null)[];
}

/** The 30-day risk reversal and butterfly at each session close, then now (vol points, as served). */
export function skewHistory(resp: Pick<SkewResponse, 'history' | 'riskReversal30' | 'butterfly30' | 'lastModified'>): SkewHistory {
  const rows = (resp.history ?? []).map((h) => ({ t: daySeconds(h.date), rr: finiteOrNull(h.riskReversal), bf: finiteOrNull(h.butterfly) }));
  const now = resp.lastModified ? Date.parse(resp.lastModified) / 1000 : NaN;
  if (Number.isFinite(now)) rows.push({ t: now, rr: finiteOrNull(resp.riskReversal30), bf: finiteOrNull(resp.butterfly30) });
  const kept = rows.filter((r) => Number.isFinite(r.t)).sort((a, b) => a.t - b.t);
  return { t: kept.map((r) => r.t), riskReversal: kept.map((r) => r.rr), butterfly: kept.map((r) => r.bf) };
}

/** The risk reversal and butterfly of every expiration as served (IVs per 1.00, wings in vol points). */
export function skewCsv(resp: Pick<SkewResponse, 'byExpiration'>): CsvTable {
  return {
    columns: ['expiration', 'days', 'atmIv (per 1.00)', 'call25Iv (per 1.00)', 'put25Iv (per 1.00)', 'riskReversal (vol points)', 'butterfly (vol points)'],
    rows: (resp.byExpiration ?? []).map((r) => [r.expiration, r.days, finiteOrNull(r.atmIv), finiteOrNull(r.call25Iv), finiteOrNull(r.put25Iv),
      finiteOrNull(r.riskReversal), finiteOrNull(r.butterfly)]),
  };
}
