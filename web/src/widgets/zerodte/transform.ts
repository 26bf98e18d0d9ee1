// 0DTE panel (pure): paradigm, target, LIS (a level or a pair), aggregate charm, 0DTE volume.
import type { ZeroDteResponse } from '../../api/data';
import { formatNumber } from '../shared/format';

export interface ZeroDteView {
  paradigm: string;
  target: string;
  lis: string;
  aggregateCharm: number | null;
  volume: number | null;
}

export function formatLis(lis: ZeroDteResponse['lis']): string {
  if (lis === null || lis === undefined) return '—';
  if (Array.isArray(lis)) return lis.map((v) => formatNumber(v, { decimals: 2 })).join(' – ');
  return formatNumber(lis, { decimals: 2 });
}

export function zeroDteView(r: ZeroDteResponse): ZeroDteView {
  return {
    paradigm: r.paradigm ?? '—',
    target: formatNumber(r.target, { decimals: 2 }),
    lis: formatLis(r.lis),
    aggregateCharm: r.zerodte_agg_charm ?? null,
    volume: r.total_0dte_opt_vol ?? null,
  };
}

export function isEmptyZeroDte(r: ZeroDteResponse | undefined): boolean {
  return !r || (r.paradigm == null && r.target == null && r.lis == null && r.zerodte_agg_charm == null);
}
