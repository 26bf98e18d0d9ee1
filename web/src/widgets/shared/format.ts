// Number and date formatting (app spec §9): en-US, at most 3 decimals, optional compact notation.
import { df, nf, clockText } from '../../lib/format';

const NY_DAY = df('en-US', { timeZone: 'America/New_York', month: 'short', day: 'numeric', year: 'numeric' });
const NY_HM = df('en-US', { timeZone: 'America/New_York', hour: '2-digit', minute: '2-digit', hourCycle: 'h23' });

export function formatNumber(v: number | null | undefined, opts: { compact?: boolean; decimals?: number } = {}): string {
  if (v === null || v === undefined || !Number.isFinite(v)) return '—';
  return nf({
    notation: opts.compact ? 'compact' : 'standard',
    maximumFractionDigits: Math.min(opts.decimals ?? 3, 3),
  }).format(v);
}

const isZeroText = (s: string) => !/[1-9]/.test(s);

/**
 * A change with its sign that always shows its size: a non-zero change that would round to 0 at the
 * requested decimals gets up to 3 (the spec's maximum), and below that reads '+<0.001' — never '+0'.
 */
export function formatSigned(v: number | null | undefined, opts: { compact?: boolean; decimals?: number } = {}): string {
  if (v === null || v === undefined || !Number.isFinite(v)) return '—';
  if (v === 0) return '0';
  const sign = v > 0 ? '+' : '-';
  let s = formatNumber(Math.abs(v), opts);
  if (isZeroText(s)) s = formatNumber(Math.abs(v), { ...opts, decimals: 3 });
  if (isZeroText(s)) return `${sign}<0.001`;
  return `${sign}${s}`;
}

/** A signed percent change with two decimals ('+0.06%'); a non-zero change under 0.005 % reads '+<0.01%'. */
export function formatPercent(v: number | null | undefined): string {
  if (v === null || v === undefined || !Number.isFinite(v)) return '—';
  if (v === 0) return '0.00%';
  const text = nf({ maximumFractionDigits: 2, minimumFractionDigits: 2 }).format(Math.abs(v));
  const sign = v > 0 ? '+' : '-';
  return isZeroText(text) ? `${sign}<0.01%` : `${sign}${text}%`;
}

/** 'MMM d, yyyy HH:mm' of an ISO instant in New York time. */
export function formatDateTime(iso: string | null | undefined): string {
  if (!iso) return '—';
  const d = new Date(iso);
  if (Number.isNaN(d.getTime())) return iso;
  const date = NY_DAY.format(d);
  const time = clockText(NY_HM.format(d));
  return `${date} ${time}`;
}
