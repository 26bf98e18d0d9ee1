// Number and date formats of app spec §9: numbers en-US with at most 3 decimals and a compact option;
// dates 'yyyy-MM-dd', 'HH:mm', 'MMM d, yyyy' and 'MMM d, yyyy HH:mm'.

const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];

// Building an Intl formatter costs far more than formatting with one: charts and tables format thousands of
// values a second (a replay step redraws a dozen widgets), so each set of options is built once.
const numberFormats = new Map<string, Intl.NumberFormat>();
/** The en-US number formatter of these options, built once. */
export function nf(options: Intl.NumberFormatOptions): Intl.NumberFormat {
  const key = JSON.stringify(options);
  let f = numberFormats.get(key);
  if (!f) {
    f = new Intl.NumberFormat('en-US', options);
    numberFormats.set(key, f);
  }
  return f;
}

const dateFormats = new Map<string, Intl.DateTimeFormat>();
/** The date-time formatter of this locale and these options, built once. */
export function df(locale: string, options: Intl.DateTimeFormatOptions): Intl.DateTimeFormat {
  const key = `${locale}|${JSON.stringify(options)}`;
  let f = dateFormats.get(key);
  if (!f) {
    f = new Intl.DateTimeFormat(locale, options);
    dateFormats.set(key, f);
  }
  return f;
}

export interface NumberFormatOptions {
  /** 1.2K, 3.4M, 5B */
  compact?: boolean;
  /** At most this many decimals (capped at 3). */
  maxDecimals?: number;
  minDecimals?: number;
  /** '—' by default for null, undefined and non-finite values. */
  fallback?: string;
  signed?: boolean;
}

export function formatNumber(value: number | null | undefined, opts: NumberFormatOptions = {}): string {
  if (value === null || value === undefined || !Number.isFinite(value)) return opts.fallback ?? '—';
  const max = Math.min(3, Math.max(0, opts.maxDecimals ?? 3));
  const min = Math.min(max, Math.max(0, opts.minDecimals ?? 0));
  const format = nf({
    notation: opts.compact ? 'compact' : 'standard',
    compactDisplay: 'short',
    maximumFractionDigits: max,
    minimumFractionDigits: min,
    signDisplay: opts.signed ? 'exceptZero' : 'auto',
  });
  return format.format(value);
}

export function formatCompact(value: number | null | undefined, maxDecimals = 2): string {
  return formatNumber(value, { compact: true, maxDecimals });
}

export function formatCurrency(value: number | null | undefined, opts: { compact?: boolean; currency?: string } = {}): string {
  if (value === null || value === undefined || !Number.isFinite(value)) return '—';
  return nf({
    style: 'currency',
    currency: opts.currency ?? 'USD',
    notation: opts.compact ? 'compact' : 'standard',
    maximumFractionDigits: Number.isInteger(value) && !opts.compact ? 0 : 2,
    minimumFractionDigits: Number.isInteger(value) || opts.compact ? 0 : 2,
  }).format(value);
}

export function formatPercent(value: number | null | undefined, maxDecimals = 2): string {
  if (value === null || value === undefined || !Number.isFinite(value)) return '—';
  return nf({ style: 'percent', maximumFractionDigits: Math.min(3, maxDecimals) }).format(value);
}

function toDate(value: Date | string | number): Date | null {
  const d = value instanceof Date ? value : new Date(value);
  return Number.isNaN(d.getTime()) ? null : d;
}

const pad = (n: number) => String(n).padStart(2, '0');

/** Dates are shown in the viewer's local time unless `utc` is set. A bare 'yyyy-MM-dd' is a calendar day. */
function fields(value: Date | string | number, utc = false) {
  if (typeof value === 'string' && /^\d{4}-\d{2}-\d{2}$/.test(value)) {
    const [y, m, d] = value.split('-').map(Number);
    return { y, m, d, h: 0, min: 0 };
  }
  const date = toDate(value);
  if (!date) return null;
  return utc
    ? { y: date.getUTCFullYear(), m: date.getUTCMonth() + 1, d: date.getUTCDate(), h: date.getUTCHours(), min: date.getUTCMinutes() }
    : { y: date.getFullYear(), m: date.getMonth() + 1, d: date.getDate(), h: date.getHours(), min: date.getMinutes() };
}

/** yyyy-MM-dd */
export function formatIsoDate(value: Date | string | number, utc = false): string {
  const f = fields(value, utc);
  return f ? `${f.y}-${pad(f.m)}-${pad(f.d)}` : '';
}

/** The two clocks of app spec §9; the viewer's choice is kept with their settings (GET users `clock`). */
export type Clock = '24h' | '12h';
const CLOCK_KEY = 'volland.clock';
function storedClock(): Clock {
  try {
    return globalThis.localStorage?.getItem(CLOCK_KEY) === '12h' ? '12h' : '24h';
  } catch {
    return '24h';
  }
}
// The last choice is remembered on this device, so a reload draws the first frame on the right clock.
let viewerClock: Clock = storedClock();
/** The clock every time on screen is written in; set from the signed-in user's settings. */
export function setViewerClock(clock: Clock): void {
  viewerClock = clock === '12h' ? '12h' : '24h';
  try {
    globalThis.localStorage?.setItem(CLOCK_KEY, viewerClock);
  } catch {
    // Storage refused (private mode): the choice still holds for this page.
  }
}
export function getViewerClock(): Clock {
  return viewerClock;
}

const CLOCK_TIME = /\b([01]\d|2[0-3]):([0-5]\d)(:[0-5]\d)?(?!\d)/g;

/**
 * Every clock time ('HH:mm' or 'HH:mm:ss', 24 h) in a text, on the viewer's clock: '13:05' reads '1:05 PM' on a
 * 12-hour clock and stays as it is on a 24-hour one. Texts are built in 24 h (the rules and their golden cases are
 * written so); this is the one place they turn into what the viewer chose.
 */
export function clockText(text: string, clock: Clock = viewerClock): string {
  if (clock !== '12h' || !text) return text;
  return text.replace(CLOCK_TIME, (_m, hh: string, mm: string, ss: string | undefined) => {
    const h = Number(hh);
    return `${h % 12 === 0 ? 12 : h % 12}:${mm}${ss ?? ''} ${h < 12 ? 'AM' : 'PM'}`;
  });
}

/** HH:mm (24 h) or h:mm AM/PM; the viewer's clock unless one is named. */
export function formatTime(value: Date | string | number, opts: { utc?: boolean; clock?: Clock } = {}): string {
  const f = fields(value, opts.utc);
  if (!f) return '';
  if ((opts.clock ?? viewerClock) === '12h') {
    const h12 = f.h % 12 === 0 ? 12 : f.h % 12;
    return `${h12}:${pad(f.min)} ${f.h < 12 ? 'AM' : 'PM'}`;
  }
  return `${pad(f.h)}:${pad(f.min)}`;
}

/** MMM d, yyyy */
export function formatDate(value: Date | string | number, utc = false): string {
  const f = fields(value, utc);
  return f ? `${MONTHS[f.m - 1]} ${f.d}, ${f.y}` : '';
}

/** MMM d, yyyy HH:mm */
export function formatDateTime(value: Date | string | number, opts: { utc?: boolean; clock?: Clock } = {}): string {
  const f = fields(value, opts.utc);
  return f ? `${formatDate(value, opts.utc)} ${formatTime(value, opts)}` : '';
}

/** Date lists show at most 6 dates, then 'and N more' (app spec §9). */
export function formatDateList(dates: string[], max = 6, format: (d: string) => string = formatDate): string {
  const shown = dates.slice(0, max).map(format).join(', ');
  return dates.length > max ? `${shown} and ${dates.length - max} more` : shown;
}

/** The learner's academy points: '1 point', '12 points'. */
export function pointsLabel(points: number): string {
  return `${points} ${points === 1 ? 'point' : 'points'}`;
}
