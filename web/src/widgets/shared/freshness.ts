// Freshness bar of every widget (app spec §4; docs/methodology.md, "Freshness"): the one state of the rule
// in ../../domain/freshness (LIVE, DELAYED with the tier's slot, PREVIOUS CLOSE, HISTORICAL, OUTDATED), the
// as-of time of the snapshot drawn in New York time, the expiry of a chart's nearest expiration, the source.
import { formatDate } from '../../domain/expirations';
import { asOfText, freshnessOf, type FreshnessLabel } from '../../domain/freshness';
import { TIERS, type TierId } from '../../domain/tiers';

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

const NY_CALENDAR_DAY = new Intl.DateTimeFormat('en-CA', { timeZone: 'America/New_York', year: 'numeric', month: '2-digit', day: '2-digit' });

/** New York calendar date ('yyyy-MM-dd') of an ISO instant. */
export function nyDate(iso: string): string {
  return NY_CALENDAR_DAY.format(new Date(iso));
}

export interface WidgetFreshness extends FreshnessLabel {
  /** 'Jan 9, 13:30 ET': the as-of time of the snapshot drawn; null when the answer has none. */
  asOf: string | null;
  /** 'EXPIRES TODAY' or 'EXPIRES IN 3 DAYS' (the nearest expiration drawn) for a live chart; else null. */
  expiry: string | null;
}

/**
 * The freshness of a widget: `tier` and `now` from GET data/next-refresh (the market clock), `date` the
 * configuration's historical 'yyyy-MM-dd HH:mm', `lastModified` the snapshot the answer was computed from,
 * `expirations` the dates a chart covers (`allExpirations`: it was set to every expiration). Null when the
 * tier is not known yet and the widget is live.
 */
export function widgetFreshness(a: {
  tier: string | null | undefined;
  now: Date;
  date: string | null | undefined;
  lastModified: string | null | undefined;
  /** The newest snapshot the market has: next-refresh's `lastPublished` (the Live tier's). */
  newest?: string | null;
  /** next-refresh's `stalled`: the snapshot refresh stopped while the market is open. */
  stalled?: boolean | null;
  expirations?: string[];
  allExpirations?: boolean;
}): WidgetFreshness | null {
  const today = nyDate(a.now.toISOString());
  const expiry = freshness(a.date, a.expirations, today);
  const tier = TIERS.find((t) => t.id === a.tier)?.id as TierId | undefined;
  if (!tier && !a.date) return null;
  const asOfMs = a.lastModified ? Date.parse(a.lastModified) : NaN;
  const f = freshnessOf({
    tier: tier ?? 'live',
    now: a.now,
    asOf: Number.isFinite(asOfMs) ? new Date(asOfMs) : null,
    newest: a.newest && Number.isFinite(Date.parse(a.newest)) ? new Date(a.newest) : null,
    historical: a.date ?? null,
    expired: expiry?.state === 'OUTDATED',
    stalled: Boolean(a.stalled),
  });
  // App spec §4: LIVE reads 'EXPIRES TODAY' or 'EXPIRES IN {n days}' of the nearest expiration drawn, a chart
  // over all expirations included (its nearest expiration is the one that expires first).
  const expiryText = expiry?.state === 'LIVE' ? expiry.text : null;
  return { ...f, asOf: asOfText(a.lastModified), expiry: expiryText };
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
  'databento-live': 'OPRA live',
  'massive-live': 'OPRA live (Massive)',
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
