// Next data refresh per tier (app spec §9), computed in US Eastern time. The server's answer
// (GET data/next-refresh) is preferred; this is the fallback, and it follows the server's schedule
// (domain/refresh_schedule.py) case for case — both run tests/fixtures/golden/refresh_schedule.json:
// Live: every 5 minutes on the market grid from the open (09:30, 09:35, … the close), 30: every
// 30 minutes on the same grid, each plus the refresh offset; 3: 11:30 and 14:00 (plus the offset while
// the session is open) and 19:00; Basic: 19:00. Only trading days have refreshes: holidays are skipped
// and on a half day the grid stops at the 13:00 close (./marketCalendar, generated from domain/market_calendar.py).
import type { TierId } from './tiers';
import { addDays, sessionMinutes } from './marketCalendar';

const NY = 'America/New_York';

/** The server's default VOLLAND_LIVE_REFRESH_OFFSET_SECONDS: a grid snapshot is served this long after its time. */
export const DEFAULT_REFRESH_OFFSET_SECONDS = 30;

const GRID_MINUTES: Partial<Record<TierId, number>> = { live: 5, '30': 30 };
const EVENING = 19 * 60;
const FIXED_MINUTES: Partial<Record<TierId, number[]>> = { '3': [11 * 60 + 30, 14 * 60, EVENING], basic: [EVENING] };
// Longer than any run of closures the exchange has had.
const MAX_SEARCH_DAYS = 15;

interface NyParts {
  year: number;
  month: number;
  day: number;
  hour: number;
  minute: number;
  weekday: number; // 0 = Sunday
}

const fmt = new Intl.DateTimeFormat('en-US', {
  timeZone: NY,
  year: 'numeric',
  month: 'numeric',
  day: 'numeric',
  hour: 'numeric',
  minute: 'numeric',
  second: 'numeric',
  hourCycle: 'h23',
  weekday: 'short',
});

const WEEKDAYS = ['Sun', 'Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat'];

export function nyParts(date: Date): NyParts {
  const parts = Object.fromEntries(fmt.formatToParts(date).map((p) => [p.type, p.value]));
  return {
    year: Number(parts.year),
    month: Number(parts.month),
    day: Number(parts.day),
    hour: Number(parts.hour) % 24,
    minute: Number(parts.minute),
    weekday: WEEKDAYS.indexOf(parts.weekday),
  };
}

/** UTC instant of a New York wall-clock time (handles the DST offset of that day). */
export function nyTime(year: number, month: number, day: number, minutes: number): Date {
  const guess = Date.UTC(year, month - 1, day, Math.floor(minutes / 60), minutes % 60);
  // Offset = wall clock shown in NY at `guess` minus `guess`; apply twice to settle across DST edges.
  let ts = guess;
  for (let i = 0; i < 2; i++) {
    const p = nyParts(new Date(ts));
    const shown = Date.UTC(p.year, p.month - 1, p.day, p.hour, p.minute);
    ts = ts + (guess - shown);
  }
  return new Date(ts);
}

function nyDateTime(day: string, minutes: number): Date {
  const [y, m, d] = day.split('-').map(Number);
  return nyTime(y, m, d, minutes);
}

// Every widget's freshness bar asks for its tier's refresh times on every draw; a day's list never changes,
// and working out New York wall-clock instants is costly (two time-zone conversions per time), so each
// (tier, day, offset) is computed once. The cache holds the days a board can ask about at once.
const REFRESH_TIMES_KEPT = 64;
const refreshTimesCache = new Map<string, readonly Date[]>();

/** Refresh instants of the tier on a New York date ('yyyy-MM-dd'), ascending; none when the market is closed. */
export function refreshTimes(tier: TierId, day: string, offsetSeconds = DEFAULT_REFRESH_OFFSET_SECONDS): Date[] {
  const key = `${tier}|${day}|${offsetSeconds}`;
  let times = refreshTimesCache.get(key);
  if (!times) {
    times = computeRefreshTimes(tier, day, offsetSeconds);
    if (refreshTimesCache.size >= REFRESH_TIMES_KEPT) refreshTimesCache.delete(refreshTimesCache.keys().next().value as string);
    refreshTimesCache.set(key, times);
  }
  // Copies: a caller may change its Dates without changing the next caller's answer.
  return times.map((t) => new Date(t.getTime()));
}

function computeRefreshTimes(tier: TierId, day: string, offsetSeconds: number): Date[] {
  const session = sessionMinutes(day);
  if (!session) return [];
  const offsetMs = offsetSeconds * 1000;
  const step = GRID_MINUTES[tier];
  if (step) {
    const out: Date[] = [];
    for (let m = session.open; m <= session.close; m += step) out.push(new Date(nyDateTime(day, m).getTime() + offsetMs));
    return out;
  }
  // Intraday fixed refreshes read a snapshot computed at that instant: they get the same head start.
  return (FIXED_MINUTES[tier] ?? []).map((m) => {
    const at = nyDateTime(day, m);
    return m !== EVENING && m <= session.close ? new Date(at.getTime() + offsetMs) : at;
  });
}

/** The first refresh of the tier strictly after `now` (outside market hours: the next open or fixed time). */
export function nextRefreshTime(tier: TierId, now: Date = new Date(), offsetSeconds = DEFAULT_REFRESH_OFFSET_SECONDS): Date {
  const p = nyParts(now);
  let day = `${p.year}-${String(p.month).padStart(2, '0')}-${String(p.day).padStart(2, '0')}`;
  for (let i = 0; i < MAX_SEARCH_DAYS; i++) {
    const next = refreshTimes(tier, day, offsetSeconds).find((t) => t.getTime() > now.getTime());
    if (next) return next;
    day = addDays(day, 1);
  }
  throw new Error('no trading day found in the calendar window');
}

/** 'HH:MM:SS' for under a day, otherwise 'Nd HH:MM'. */
export function formatCountdown(ms: number): string {
  const total = Math.max(0, Math.floor(ms / 1000));
  const days = Math.floor(total / 86400);
  const h = Math.floor((total % 86400) / 3600);
  const m = Math.floor((total % 3600) / 60);
  const s = total % 60;
  const pad = (n: number) => String(n).padStart(2, '0');
  return days > 0 ? `${days}d ${pad(h)}:${pad(m)}` : `${pad(h)}:${pad(m)}:${pad(s)}`;
}

/** What GET data/next-refresh answers (wall-clock ISO UTC instants). */
export interface ServerSchedule {
  nextRefresh?: string | null;
  serverTime?: string | null;
}

/**
 * Milliseconds left until the server's next refresh, on the server's clock: the offset between its
 * `serverTime` and the local clock when the answer arrived (`receivedAtLocalMs`) is kept. Null when the
 * server gave no next refresh time (the caller falls back to `nextRefreshTime`). Never negative.
 */
export function msUntilRefresh(s: ServerSchedule | undefined, receivedAtLocalMs: number, nowLocalMs: number): number | null {
  const next = s?.nextRefresh ? Date.parse(s.nextRefresh) : NaN;
  if (!Number.isFinite(next)) return null;
  const server = s?.serverTime ? Date.parse(s.serverTime) : NaN;
  const offset = Number.isFinite(server) && receivedAtLocalMs ? server - receivedAtLocalMs : 0;
  return Math.max(0, next - (nowLocalMs + offset));
}
