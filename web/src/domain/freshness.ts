// The freshness rule (docs/methodology.md, "Freshness"): the one state a widget shows for the snapshot it
// draws. The twin of domain/freshness.py, case for case — both run tests/fixtures/golden/freshness.json.
// In this order:
// 1. HISTORICAL — a historical date and time is chosen: 'HISTORICAL · Jan 9, 2026 15:00 ET'.
// 2. OUTDATED — every chosen expiration has passed: 'OUTDATED · expiration passed'.
// 3. PREVIOUS CLOSE — the regular session is not open now, or the tier's newest slot is from before today's
//    open (Basic all day, Volland 3 before 11:30), or the widget draws figures from before today's open (the
//    screener's daily closes): 'PREVIOUS CLOSE · Jan 8, 2026 close, next 19:00' (the session drawn).
// 4. LIVE — the tier adds no delay (Volland Live) and the widget draws the newest snapshot the market has
//    (at or after `newest`, else the Live slot): 'LIVE · as of 13:45 ET'.
// 5. DELAYED — otherwise, with the tier's slot and next refresh: 'DELAYED · Volland 30 · 13:30 slot, next 14:00'.
//    While the snapshot refresh is stalled and the widget draws a snapshot older than its tier's slot, nothing
//    reads LIVE: 'DELAYED · Volland Live · 13:00 slot (refresh stalled), next 13:55'.
// A slot is the grid time of the tier's latest refresh without the refresh offset (./refreshSchedule).
import { addDays, sessionMinutes } from './marketCalendar';
import { DEFAULT_REFRESH_OFFSET_SECONDS, nextRefreshTime, nyParts, nyTime, refreshTimes } from './refreshSchedule';
import { TIERS, type TierId } from './tiers';

export type FreshnessState = 'LIVE' | 'DELAYED' | 'PREVIOUS CLOSE' | 'HISTORICAL' | 'OUTDATED';
export const FRESHNESS_STATES: readonly FreshnessState[] = ['LIVE', 'DELAYED', 'PREVIOUS CLOSE', 'HISTORICAL', 'OUTDATED'];

export interface FreshnessLabel {
  state: FreshnessState;
  /** What follows the state: 'Volland 30 · 13:30 slot, next 14:00'. */
  detail: string;
  /** `${state} · ${detail}`. */
  label: string;
}

export interface FreshnessInput {
  tier: TierId;
  /** The market's now. */
  now: Date;
  /** The snapshot the widget draws (its `lastModified`); absent: the tier's own slot. */
  asOf?: Date | null;
  /** The newest snapshot the market has (published by the Live cut-off); absent: the Live slot. */
  newest?: Date | null;
  /** The widget's historical 'yyyy-MM-dd HH:mm' (New York); absent in live mode. */
  historical?: string | null;
  /** Every expiration the widget was set to has passed. */
  expired?: boolean;
  /** The snapshot refresh is stalled (GET data/next-refresh): nothing reads LIVE, the detail says so. */
  stalled?: boolean;
  offsetSeconds?: number;
}

const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];
// Longer than any run of closures the exchange has had (as ./refreshSchedule).
const MAX_SEARCH_DAYS = 15;

/** 'Volland 30', 'Volland Live', 'Volland Basic'. */
export function planName(tier: TierId): string {
  return TIERS.find((t) => t.id === tier)?.name ?? `Volland ${tier}`;
}

const pad = (n: number) => String(n).padStart(2, '0');

/** New York 'yyyy-MM-dd' of an instant. */
export function nyDay(t: Date): string {
  const p = nyParts(t);
  return `${p.year}-${pad(p.month)}-${pad(p.day)}`;
}

/** New York 'HH:MM' of an instant. */
export function nyHhmm(t: Date): string {
  const p = nyParts(t);
  return `${pad(p.hour)}:${pad(p.minute)}`;
}

function dateText(day: string, year = true): string {
  const [y, m, d] = day.split('-').map(Number);
  return year ? `${MONTHS[m - 1]} ${d}, ${y}` : `${MONTHS[m - 1]} ${d}`;
}

/** The tier's latest refresh at or before `now`. */
export function lastRefreshTime(tier: TierId, now: Date, offsetSeconds = DEFAULT_REFRESH_OFFSET_SECONDS): Date {
  let day = nyDay(now);
  for (let i = 0; i < MAX_SEARCH_DAYS; i++) {
    const past = refreshTimes(tier, day, offsetSeconds).filter((t) => t.getTime() <= now.getTime());
    if (past.length) return past[past.length - 1];
    day = addDays(day, -1);
  }
  throw new Error('no trading day found in the calendar window');
}

/** The grid time of the tier's latest refresh at `now` (the refresh without its offset). */
export function tierSlot(tier: TierId, now: Date, offsetSeconds = DEFAULT_REFRESH_OFFSET_SECONDS): Date {
  const last = lastRefreshTime(tier, now, offsetSeconds);
  const day = nyDay(last);
  const i = refreshTimes(tier, day, offsetSeconds).findIndex((t) => t.getTime() === last.getTime());
  return refreshTimes(tier, day, 0)[i];
}

/** The regular session of a New York date as instants, or null. */
function session(day: string): { open: Date; close: Date } | null {
  const s = sessionMinutes(day);
  if (!s) return null;
  const [y, m, d] = day.split('-').map(Number);
  return { open: nyTime(y, m, d, s.open), close: nyTime(y, m, d, s.close) };
}

function answer(state: FreshnessState, detail: string): FreshnessLabel {
  return { state, detail, label: `${state} · ${detail}` };
}

/** The one freshness state of a widget (see the file's head). */
export function freshnessOf({ tier, now, asOf = null, newest = null, historical = null, expired = false, stalled = false, offsetSeconds = DEFAULT_REFRESH_OFFSET_SECONDS }: FreshnessInput): FreshnessLabel {
  if (historical) {
    const [day, hhmm] = historical.split(' ');
    return answer('HISTORICAL', `${dateText(day)}${hhmm ? ` ${hhmm} ET` : ''}`);
  }
  if (expired) return answer('OUTDATED', 'expiration passed');
  const slot = tierSlot(tier, now, offsetSeconds);
  const s = session(nyDay(now));
  const inSession = s !== null && s.open.getTime() <= now.getTime() && now.getTime() <= s.close.getTime();
  const next = nextRefreshTime(tier, now, offsetSeconds);
  const nextText = nyDay(next) === nyDay(now) ? nyHhmm(next) : `${dateText(nyDay(next), false)} ${nyHhmm(next)}`;
  if (!inSession || slot.getTime() < s!.open.getTime() || (asOf && asOf.getTime() < s!.open.getTime())) {
    const day = asOf && asOf.getTime() < slot.getTime() ? asOf : slot;
    return answer('PREVIOUS CLOSE', `${dateText(nyDay(day))} close, next ${nextText}`);
  }
  // Stalled: what the tier should draw by now (its slot) was never published; the snapshot drawn is older.
  const missing = stalled && asOf !== null && asOf.getTime() < slot.getTime();
  if (tier === 'live' && !missing && (!asOf || asOf.getTime() >= (newest ?? slot).getTime())) return answer('LIVE', `as of ${nyHhmm(asOf ?? slot)} ET`);
  const shown = asOf && (asOf.getTime() < slot.getTime() || tier === 'live') ? asOf : slot;
  return answer('DELAYED', `${planName(tier)} · ${nyHhmm(shown)} slot${missing ? ' (refresh stalled)' : ''}, next ${nextText}`);
}

/** 'Jan 9, 13:30 ET': the as-of time every widget shows beside its state. */
export function asOfText(iso: string | null | undefined): string | null {
  const t = iso ? Date.parse(iso) : NaN;
  if (!Number.isFinite(t)) return null;
  const d = new Date(t);
  return `${dateText(nyDay(d), false)}, ${nyHhmm(d)} ET`;
}
