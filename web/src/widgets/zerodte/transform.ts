// 0DTE panel (pure): paradigm, target, LIS (a level or a pair) with their distances from spot or why they
// are absent, aggregate charm, 0DTE volume and the snapshot's New York time.
import type { AggCharmResponse, CharmBalanceResponse, ZeroDteResponse } from '../../api/data';

/** The panel's answer: the panel route's, the 0DTE charm by strike (charm balance) and the session's
 * aggregate charm series (agg_charm), each null when its call failed. */
export type ZeroDtePanelData = ZeroDteResponse & { charmBalance?: CharmBalanceResponse | null; aggCharm?: AggCharmResponse | null };

/** 0DTE charm below and above spot (the two sides the paradigm reads) and their total, per the balance route. */
export function charmSides(b: CharmBalanceResponse | null | undefined): { below: number; above: number; total: number } | null {
  if (!b || b.currentPrice == null || !b.data.length) return null;
  let below = 0;
  let above = 0;
  for (const p of b.data) {
    if (p.strike < b.currentPrice) below += p.value;
    else above += p.value;
  }
  return { below, above, total: b.aggregate };
}

/** The 0DTE aggregate charm through the session (the points that have it), oldest first. */
export function charmTrail(a: AggCharmResponse | null | undefined): number[] {
  return (a?.series ?? []).map((p) => p.zeroDte).filter((v): v is number => v != null && Number.isFinite(v));
}
import { formatDateTime, formatNumber } from '../shared/format';
import { absenceText, levelDistance } from './paradigm';

export interface ZeroDteView {
  /** The served name; 'None' when the snapshot has no 0DTE options. */
  paradigm: string;
  target: string;
  /** Distance of the target from spot, or why there is none. */
  targetNote: string;
  lis: string;
  /** Distance of each LIS from spot (a pair's in its order, joined by ' · '), or why there is none. */
  lisNote: string;
  aggregateCharm: number | null;
  volume: number | null;
  /** 'As of Jan 8, 2026 13:30 New York · spot 5,903.20'. */
  asOf: string;
}

export function formatLis(lis: ZeroDteResponse['lis']): string {
  if (lis === null || lis === undefined) return '—';
  if (Array.isArray(lis)) return lis.map((v) => formatNumber(v, { decimals: 2 })).join(' – ');
  return formatNumber(lis, { decimals: 2 });
}

function lisNote(r: ZeroDteResponse): string {
  const spot = r.currentPrice ?? null;
  const lis = r.lis;
  if (lis === null || lis === undefined) return absenceText(r.lisReason);
  const levels = Array.isArray(lis) ? lis : [lis];
  const parts = levels.map((x) => levelDistance(x, spot));
  if (parts.some((p) => p === null)) return spot == null ? 'spot not available' : '';
  return parts.join(' · ');
}

export function zeroDteView(r: ZeroDteResponse): ZeroDteView {
  const spot = r.currentPrice ?? null;
  const target = r.target ?? null;
  const asOf = r.lastModified ? `As of ${formatDateTime(r.lastModified)} New York` : '';
  return {
    paradigm: r.paradigm ? r.paradigm : 'None',
    target: formatNumber(target, { decimals: 2 }),
    targetNote: target === null ? absenceText(r.targetReason) : levelDistance(target, spot) ?? (spot == null ? 'spot not available' : ''),
    lis: formatLis(r.lis),
    lisNote: lisNote(r),
    aggregateCharm: r.zerodte_agg_charm ?? null,
    volume: r.total_0dte_opt_vol ?? null,
    asOf: spot != null && asOf ? `${asOf} · spot ${formatNumber(spot, { decimals: 2 })}` : asOf,
  };
}

export function isEmptyZeroDte(r: ZeroDteResponse | undefined): boolean {
  return !r || (!r.paradigm && r.target == null && r.lis == null && r.zerodte_agg_charm == null && !r.targetReason);
}
