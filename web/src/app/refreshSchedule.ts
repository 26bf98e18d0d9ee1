// Next data refresh per tier (app spec §9), computed in US Eastern time. The server's answer
// (GET data/next-refresh) is preferred; this is the fallback and the unit-tested reference.
// Live: every 5 minutes on the hour grid while the market is open; 30: every 30 minutes; Basic: once
// at 19:00 Eastern; 3: at 11:30, 14:00 and 19:00 Eastern. Outside market hours the next open is used.
// Exchange holidays are only known to the server.
import type { TierId } from './tiers';

const NY = 'America/New_York';
const OPEN_MIN = 9 * 60 + 30;
const CLOSE_MIN = 16 * 60;

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

function addDays(year: number, month: number, day: number, n: number): [number, number, number] {
  const d = new Date(Date.UTC(year, month - 1, day + n));
  return [d.getUTCFullYear(), d.getUTCMonth() + 1, d.getUTCDate()];
}

function isWeekday(year: number, month: number, day: number): boolean {
  const wd = new Date(Date.UTC(year, month - 1, day)).getUTCDay();
  return wd >= 1 && wd <= 5;
}

/** Minutes of the day (NY) at which the tier refreshes on a trading day. */
export function refreshMinutes(tier: TierId): number[] {
  switch (tier) {
    case 'live': {
      const out: number[] = [];
      for (let m = OPEN_MIN + 5; m <= CLOSE_MIN; m += 5) out.push(m);
      return out;
    }
    case '30': {
      const out: number[] = [];
      for (let m = OPEN_MIN + 30; m <= CLOSE_MIN; m += 30) out.push(m);
      return out;
    }
    case '3':
      return [11 * 60 + 30, 14 * 60, 19 * 60];
    case 'basic':
      return [19 * 60];
  }
}

export function nextRefreshTime(tier: TierId, now: Date = new Date()): Date {
  const p = nyParts(now);
  let [y, m, d] = [p.year, p.month, p.day];
  for (let i = 0; i < 10; i++) {
    if (isWeekday(y, m, d)) {
      for (const minutes of refreshMinutes(tier)) {
        const at = nyTime(y, m, d, minutes);
        if (at.getTime() > now.getTime()) return at;
      }
    }
    [y, m, d] = addDays(y, m, d, 1);
  }
  return nyTime(y, m, d, refreshMinutes(tier)[0]);
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
