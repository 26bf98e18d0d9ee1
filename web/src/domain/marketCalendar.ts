// The exchange calendar in the browser: trading days, early closes and the monthly expiration, read from
// the tables generated out of domain/market_calendar.py (./marketCalendarData.ts), so the widget dialog's 1DTE/2DTE
// and the refresh countdown skip the same holidays as the server. Dates are New York 'yyyy-MM-dd' strings.
import { CLOSE_MINUTES, FIRST_YEAR, HALF_DAYS, HALF_DAY_CLOSE_MINUTES, HOLIDAYS, LAST_YEAR, OPEN_MINUTES } from './marketCalendarData';

const parsed = new Map<string, Set<string>>();

function daysOf(table: Record<number, string>, name: string, year: number): Set<string> {
  const key = `${name}${year}`;
  let set = parsed.get(key);
  if (!set) {
    const days = year >= FIRST_YEAR && year <= LAST_YEAR ? (table[year] ?? '').split(' ').filter(Boolean) : [];
    set = new Set(days.map((mmdd) => `${year}-${mmdd.slice(0, 2)}-${mmdd.slice(2)}`));
    parsed.set(key, set);
  }
  return set;
}

function utcDate(d: string): Date {
  const [y, m, day] = d.split('-').map(Number);
  return new Date(Date.UTC(y, m - 1, day));
}

/** Day of the week of a date, 0 = Sunday. */
export function weekdayOf(d: string): number {
  return utcDate(d).getUTCDay();
}

export function addDays(d: string, n: number): string {
  const x = utcDate(d);
  x.setUTCDate(x.getUTCDate() + n);
  return x.toISOString().slice(0, 10);
}

export function isHoliday(d: string): boolean {
  return daysOf(HOLIDAYS, 'h', Number(d.slice(0, 4))).has(d);
}

export function isHalfDay(d: string): boolean {
  return daysOf(HALF_DAYS, 'e', Number(d.slice(0, 4))).has(d);
}

export function isTradingDay(d: string): boolean {
  const wd = weekdayOf(d);
  return wd !== 0 && wd !== 6 && !isHoliday(d);
}

/** The first trading day strictly after `d`. */
export function nextTradingDay(d: string): string {
  let x = addDays(d, 1);
  while (!isTradingDay(x)) x = addDays(x, 1);
  return x;
}

/** The regular session in New York minutes after midnight (close 13:00 on a half day), or null when closed. */
export function sessionMinutes(d: string): { open: number; close: number } | null {
  if (!isTradingDay(d)) return null;
  return { open: OPEN_MINUTES, close: isHalfDay(d) ? HALF_DAY_CLOSE_MINUTES : CLOSE_MINUTES };
}

/** Third Friday of a month (month 1-12). */
export function thirdFriday(year: number, month: number): string {
  const first = new Date(Date.UTC(year, month - 1, 1));
  const offset = (5 - first.getUTCDay() + 7) % 7;
  return new Date(Date.UTC(year, month - 1, 1 + offset + 14)).toISOString().slice(0, 10);
}

/** The monthly expiration: the third Friday, moved to the trading day before when the exchange is closed. */
export function monthlyExpiration(year: number, month: number): string {
  let d = thirdFriday(year, month);
  while (!isTradingDay(d)) d = addDays(d, -1);
  return d;
}
