// Number and date formatting (app spec §9): en-US, at most 3 decimals, optional compact notation.

export function formatNumber(v: number | null | undefined, opts: { compact?: boolean; decimals?: number } = {}): string {
  if (v === null || v === undefined || !Number.isFinite(v)) return '—';
  return new Intl.NumberFormat('en-US', {
    notation: opts.compact ? 'compact' : 'standard',
    maximumFractionDigits: Math.min(opts.decimals ?? 3, 3),
  }).format(v);
}

export function formatSigned(v: number | null | undefined, opts: { compact?: boolean; decimals?: number } = {}): string {
  if (v === null || v === undefined || !Number.isFinite(v)) return '—';
  const s = formatNumber(v, opts);
  return v > 0 ? `+${s}` : s;
}

export function formatPercent(v: number | null | undefined): string {
  if (v === null || v === undefined || !Number.isFinite(v)) return '—';
  return `${v > 0 ? '+' : ''}${new Intl.NumberFormat('en-US', { maximumFractionDigits: 2, minimumFractionDigits: 2 }).format(v)}%`;
}

/** 'MMM d, yyyy HH:mm' of an ISO instant in New York time. */
export function formatDateTime(iso: string | null | undefined): string {
  if (!iso) return '—';
  const d = new Date(iso);
  if (Number.isNaN(d.getTime())) return iso;
  const date = d.toLocaleDateString('en-US', { timeZone: 'America/New_York', month: 'short', day: 'numeric', year: 'numeric' });
  const time = d.toLocaleTimeString('en-US', { timeZone: 'America/New_York', hour: '2-digit', minute: '2-digit', hourCycle: 'h23' });
  return `${date} ${time}`;
}
