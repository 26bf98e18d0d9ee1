// Freshness bar of chart widgets (app spec §4): HISTORICAL 'Calculated {date}', LIVE 'EXPIRES TODAY' /
// 'EXPIRES IN {n days}', OUTDATED when the chosen expirations have passed.
import { formatDate } from '../../domain/expirations';

export type Freshness =
  | { state: 'HISTORICAL'; text: string }
  | { state: 'LIVE'; text: string }
  | { state: 'OUTDATED'; text: string };

function dayDiff(from: string, to: string): number {
  return Math.round((Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / 86_400_000);
}

/**
 * `date` is the configuration's historical 'yyyy-MM-dd HH:mm'; `expirations` the dates the data
 * covers; `today` is New York's date.
 */
export function freshness(date: string | null | undefined, expirations: string[] | undefined, today: string): Freshness | null {
  if (date) {
    const [d, t] = date.split(' ');
    return { state: 'HISTORICAL', text: `Calculated ${formatDate(d)}${t ? ` ${t} ET` : ''}` };
  }
  if (!expirations || expirations.length === 0) return null;
  const upcoming = expirations.filter((e) => e >= today).sort();
  if (upcoming.length === 0) return { state: 'OUTDATED', text: 'OUTDATED' };
  const n = dayDiff(today, upcoming[0]);
  if (n === 0) return { state: 'LIVE', text: 'EXPIRES TODAY' };
  return { state: 'LIVE', text: `EXPIRES IN ${n} ${n === 1 ? 'DAY' : 'DAYS'}` };
}

/** New York calendar date ('yyyy-MM-dd') of an ISO instant. */
export function nyDate(iso: string): string {
  return new Date(iso).toLocaleDateString('en-CA', { timeZone: 'America/New_York' });
}

/**
 * Live data from an earlier session than the market clock's today: a Basic plan (previous close) or
 * any tier before the first refresh of the day. Historical widgets are never badged.
 */
export function isPreviousClose(date: string | null | undefined, lastModified: string | null | undefined, today: string): boolean {
  if (date || !lastModified) return false;
  const t = Date.parse(lastModified);
  return Number.isFinite(t) && nyDate(lastModified) < today;
}

export interface StallAnswer {
  stalled?: boolean | null;
  lastPublished?: string | null;
}

/**
 * The 'STALLED' badge of a live widget: GET data/next-refresh says the snapshot refresh stopped (market
 * open, nothing published for two 5-minute refreshes). Returns the badge's tooltip, or null for no badge.
 * Historical widgets (a `date`) show a fixed past snapshot and are never badged.
 */
export function stalledBadge(date: string | null | undefined, answer: StallAnswer | undefined): string | null {
  if (date || !answer?.stalled) return null;
  const last = answer.lastPublished ? Date.parse(answer.lastPublished) : NaN;
  const since = Number.isFinite(last)
    ? ` The newest snapshot is from ${new Date(last).toLocaleString('en-US', { timeZone: 'America/New_York', month: 'short', day: 'numeric', hour: '2-digit', minute: '2-digit', hour12: false })} New York time.`
    : '';
  return `Data refresh is stalled: no new snapshot for two refreshes while the market is open.${since}`;
}

// Where the numbers come from (every data answer carries `source` and `sourceDelay` in seconds;
// docs/data-sources.md). Composite widget data is searched one level deep.
const SOURCE_NAMES: Record<string, string> = {
  synthetic: 'Synthetic demo',
  'cboe-delayed': 'Cboe delayed',
  'opra-prints': 'OPRA prints',
  'eod-file': 'EOD file',
  'chain-file': 'Chain file',
};

function findSource(data: unknown): { source: string; sourceDelay: number | null } | null {
  if (!data || typeof data !== 'object') return null;
  const o = data as Record<string, unknown>;
  if (typeof o.source === 'string') {
    const d = o.sourceDelay;
    return { source: o.source, sourceDelay: typeof d === 'number' ? d : null };
  }
  for (const v of Object.values(o)) {
    if (v && typeof v === 'object' && typeof (v as Record<string, unknown>).source === 'string') return findSource(v);
  }
  return null;
}

/** 'Cboe delayed · 15 min delay', 'Synthetic demo · no delay', 'EOD file · as of file time'; null when unknown. */
export function sourceLabel(data: unknown): string | null {
  const s = findSource(data);
  if (!s) return null;
  const name = SOURCE_NAMES[s.source] ?? s.source;
  let delay: string;
  if (s.sourceDelay === null) delay = 'as of file time';
  else if (s.sourceDelay === 0) delay = 'no delay';
  else if (s.sourceDelay % 60 === 0) delay = `${s.sourceDelay / 60} min delay`;
  else delay = `${s.sourceDelay} s delay`;
  return `${name} · ${delay}`;
}
