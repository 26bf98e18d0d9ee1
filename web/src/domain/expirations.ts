// The expirations grammar: what each option means as a set of expiration dates, the picker's relative
// presets, the validation messages of the spec (§5) and the 'and N more' summary (§9).
// Dates are 'yyyy-MM-dd' strings in New York time; string comparison orders them. The server resolves the
// same grammar (domain/expirations.py); both run the golden cases of tests/fixtures/golden/expirations.json, and
// both read the exchange calendar of domain/market_calendar.py (here through ./marketCalendar).
import type { ExpirationOption, Expirations } from './types';
import { addDays, monthlyExpiration, nextTradingDay, weekdayOf } from './marketCalendar';

export { addDays, thirdFriday } from './marketCalendar';

export const MESSAGES = {
  rangeInPast: 'Chosen range is in the past',
  noExpirationInRange: 'There is no expiration in this date range',
  specificNoMatch: 'Your choice is not matching any expirations',
} as const;

export const MAX_LISTED_DATES = 6;

export interface RelativePreset {
  option: ExpirationOption;
  label: string;
}

/** Relative presets of the calendar picker, in display order; a click applies at once. */
export const RELATIVE_PRESETS: RelativePreset[] = [
  { option: 'ALL', label: 'All expirations' },
  { option: 'TODAY', label: '0DTE' },
  { option: 'TOMORROW', label: '1DTE' },
  { option: 'DAY_AFTER_TOMORROW', label: '2DTE' },
  { option: 'THIS_WEEK', label: 'This week' },
  { option: 'NEXT_WEEK', label: 'Next week' },
  { option: 'THIRTY_NEXT_DAYS', label: 'Next 30 days' },
  { option: 'THIRD_FRIDAY', label: 'Third Friday' },
  { option: 'THIS_MONTH', label: 'This month' },
  { option: 'NEXT_MONTH', label: 'Next month' },
  { option: 'THIS_YEAR', label: 'This year' },
  { option: 'NEXT_YEAR', label: 'Next year' },
];

const NY = 'America/New_York';

/** Date ('yyyy-MM-dd'), weekday (0 Sunday) and minutes after midnight in New York for an instant. */
export function newYorkNow(now: Date = new Date()): { date: string; weekday: number; minutes: number } {
  const parts = new Intl.DateTimeFormat('en-US', {
    timeZone: NY,
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
    hour: '2-digit',
    minute: '2-digit',
    hourCycle: 'h23',
    weekday: 'short',
  }).formatToParts(now);
  const get = (t: string) => parts.find((p) => p.type === t)?.value ?? '';
  const weekdays = ['Sun', 'Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat'];
  return {
    date: `${get('year')}-${get('month')}-${get('day')}`,
    weekday: weekdays.indexOf(get('weekday')),
    minutes: Number(get('hour')) * 60 + Number(get('minute')),
  };
}

function monthBounds(year: number, month1: number): [string, string] {
  const start = `${year}-${String(month1).padStart(2, '0')}-01`;
  const nextMonth = month1 === 12 ? `${year + 1}-01-01` : `${year}-${String(month1 + 1).padStart(2, '0')}-01`;
  return [start, addDays(nextMonth, -1)];
}

/** The nearest monthly expiration on or after `today` (this month's, or next month's once it passed). */
function nextMonthly(today: string): string {
  const [y, m] = today.split('-').map(Number);
  const mine = monthlyExpiration(y, m);
  return mine >= today ? mine : m === 12 ? monthlyExpiration(y + 1, 1) : monthlyExpiration(y, m + 1);
}

function isMonthly(d: string): boolean {
  const [y, m] = d.split('-').map(Number);
  return monthlyExpiration(y, m) === d;
}

export interface Clock {
  /** Today in New York, 'yyyy-MM-dd'. */
  today: string;
  /** Minutes after midnight in New York. */
  minutes: number;
}

export function clockAt(now: Date = new Date()): Clock {
  const ny = newYorkNow(now);
  return { today: ny.date, minutes: ny.minutes };
}

/**
 * The inclusive date range an option stands for, or null for options that are not ranges
 * (ALL, MIXED, SPECIFIC). 'This week' rolls to next week after Friday 16:00 New York time; 1DTE and 2DTE
 * are the next trading days (holidays skipped); the monthly is the third Friday, or the Thursday before
 * when that Friday is an exchange holiday.
 */
export function optionRange(option: ExpirationOption, clock: Clock, e?: Expirations): [string, string] | null {
  const { today } = clock;
  const wd = weekdayOf(today);
  const [y, m] = today.split('-').map(Number);
  const mondayThisWeek = addDays(today, -((wd + 6) % 7));
  const rolled = wd === 6 || wd === 0 || (wd === 5 && clock.minutes >= 16 * 60);
  const thisWeekMonday = rolled ? addDays(mondayThisWeek, 7) : mondayThisWeek;
  switch (option) {
    case 'TODAY':
      return [today, today];
    case 'TOMORROW': {
      const d = nextTradingDay(today);
      return [d, d];
    }
    case 'DAY_AFTER_TOMORROW': {
      const d = nextTradingDay(nextTradingDay(today));
      return [d, d];
    }
    case 'THIS_WEEK': {
      const start = today > thisWeekMonday ? today : thisWeekMonday;
      return [start, addDays(thisWeekMonday, 4)];
    }
    case 'NEXT_WEEK': {
      const monday = addDays(thisWeekMonday, 7);
      return [monday, addDays(monday, 4)];
    }
    case 'THIRTY_NEXT_DAYS':
      return [today, addDays(today, 30)];
    case 'THIRD_FRIDAY': {
      const monthly = nextMonthly(today);
      return [monthly, monthly];
    }
    case 'THIS_MONTH': {
      const [, end] = monthBounds(y, m);
      return [today, end];
    }
    case 'NEXT_MONTH':
      return m === 12 ? monthBounds(y + 1, 1) : monthBounds(y, m + 1);
    case 'THIS_YEAR':
      return [today, `${y}-12-31`];
    case 'NEXT_YEAR':
      return [`${y + 1}-01-01`, `${y + 1}-12-31`];
    case 'CUSTOM':
      return e?.from && e?.to ? [e.from, e.to] : null;
    default:
      return null;
  }
}

/** The expiration dates (among the available ones) selected by an expirations value. */
export function resolveExpirations(e: Expirations | undefined, available: string[], clock: Clock): string[] {
  if (!e || e.option === 'ALL' || e.option === 'MIXED') return [...available];
  if (e.option === 'SPECIFIC') {
    const wanted = new Set(e.dates ?? []);
    return available.filter((d) => wanted.has(d));
  }
  // The nearest monthly the snapshot lists, even when this month's is not among the available dates.
  if (e.option === 'THIRD_FRIDAY') return [...available].sort().filter((d) => d >= clock.today && isMonthly(d)).slice(0, 1);
  const range = optionRange(e.option, clock, e);
  if (!range) return [];
  return available.filter((d) => d >= range[0] && d <= range[1]);
}

/**
 * Validation of an expirations value against the available expirations. Returns the spec's message or
 * null when valid. `historical` accepts ranges in the past.
 */
export function validateExpirations(
  e: Expirations | undefined,
  available: string[],
  clock: Clock,
  historical = false,
): string | null {
  if (!e) return null;
  if (e.option === 'CUSTOM') {
    if (!e.from || !e.to) return MESSAGES.noExpirationInRange;
    // A same-day range is always accepted.
    if (e.from === e.to) return null;
    if (!historical && e.to < clock.today) return MESSAGES.rangeInPast;
    if (resolveExpirations(e, available, clock).length === 0) return MESSAGES.noExpirationInRange;
    return null;
  }
  if (e.option === 'SPECIFIC') {
    if (resolveExpirations(e, available, clock).length === 0) return MESSAGES.specificNoMatch;
    return null;
  }
  return null;
}

const UTC_DAY = new Intl.DateTimeFormat('en-US', { timeZone: 'UTC', month: 'short', day: 'numeric', year: 'numeric' });

/** 'Apr 17, 2026' from 'yyyy-MM-dd'. */
export function formatDate(d: string): string {
  const [y, m, day] = d.split('-').map(Number);
  return UTC_DAY.format(new Date(Date.UTC(y, m - 1, day)));
}

/** At most six dates, then 'and N more'. */
export function summarizeDates(dates: string[], format: (d: string) => string = formatDate): string {
  const shown = dates.slice(0, MAX_LISTED_DATES).map(format).join(', ');
  const rest = dates.length - MAX_LISTED_DATES;
  return rest > 0 ? `${shown} and ${rest} more` : shown;
}

/** Human label of an expirations value for the picker button and widget captions. */
export function describeExpirations(e: Expirations | undefined): string {
  if (!e || e.option === 'ALL') return 'All expirations';
  if (e.option === 'MIXED') return 'Mixed expirations';
  if (e.option === 'CUSTOM') return e.from && e.to ? (e.from === e.to ? formatDate(e.from) : `${formatDate(e.from)} – ${formatDate(e.to)}`) : 'Custom range';
  if (e.option === 'SPECIFIC') return summarizeDates(e.dates ?? []);
  return RELATIVE_PRESETS.find((p) => p.option === e.option)?.label ?? e.option;
}
