// The workspace's replay clock (pure): a session day, that day's snapshot times (New York 'HH:mm', as the
// historical times route answers them for the user's tier, so never a time past the tier's cut-off) and the
// time on show; play, pause and step move through the times. The time travels in the URL's `replay` search
// parameter ('yyyy-MM-ddTHH:mm'), so a shared link opens the same view. Every widget in historical mode
// draws the clock's time instead of its own ('yyyy-MM-dd HH:mm', the historical `date` of the data routes).

export interface ReplayState {
  /** The session day ('yyyy-MM-dd'), or null when the clock is off. */
  day: string | null;
  /** That day's snapshot times, ascending ('HH:mm', New York); empty until known. */
  times: readonly string[];
  /** The time on show ('HH:mm'); null until the times are known. */
  time: string | null;
  playing: boolean;
}

export type ReplayAction =
  /** Turns the clock on at `day`, at `time` once the day's times are known (else at the session's start). */
  | { type: 'open'; day: string; time?: string | null }
  /** The day's snapshot times arrived (ignored when they belong to another day). */
  | { type: 'times'; day: string; times: readonly string[] }
  | { type: 'step'; by: number }
  | { type: 'seek'; time: string }
  | { type: 'play' }
  | { type: 'pause' }
  /** One beat of the player: the next time, stopping at the last. */
  | { type: 'tick' }
  | { type: 'close' };

export const REPLAY_OFF: ReplayState = { day: null, times: [], time: null, playing: false };

/** The search parameter that carries the clock. */
export const REPLAY_PARAM = 'replay';

/** Time between two steps while playing. */
export const REPLAY_BEAT_MS = 1500;

/** How long the clock rests on a time before the URL is rewritten with it. */
export const REPLAY_URL_DELAY_MS = 250;

const DAY = /^(\d{4})-(\d{2})-(\d{2})$/;
const HHMM = /^([01]\d|2[0-3]):([0-5]\d)$/;

function isDay(s: string): boolean {
  const m = DAY.exec(s);
  if (!m) return false;
  const d = new Date(Date.UTC(Number(m[1]), Number(m[2]) - 1, Number(m[3])));
  return d.getUTCFullYear() === Number(m[1]) && d.getUTCMonth() === Number(m[2]) - 1 && d.getUTCDate() === Number(m[3]);
}

/**
 * The time to show of `times` for a wanted one: the wanted time when listed, else the last time before it
 * (the snapshot as of that time), else the first; null when there are no times.
 */
export function snapTime(times: readonly string[], wanted: string | null | undefined): string | null {
  if (!times.length) return null;
  if (!wanted) return times[0];
  let best: string | null = null;
  for (const t of times) if (t <= wanted) best = t;
  return best ?? times[0];
}

function indexOf(s: ReplayState): number {
  return s.time === null ? -1 : s.times.indexOf(s.time);
}

export function replayReducer(s: ReplayState, a: ReplayAction): ReplayState {
  switch (a.type) {
    case 'open':
      if (!isDay(a.day)) return s;
      // The day on show again: its times are known (and no new answer will bring them), only the time moves.
      if (a.day === s.day && s.times.length) return { ...s, time: snapTime(s.times, a.time ?? null), playing: false };
      // The wanted time waits in `time` until the day's times arrive and snap it.
      return { day: a.day, times: [], time: a.time ?? null, playing: false };
    case 'times': {
      if (a.day !== s.day) return s;
      const times = [...new Set(a.times.filter((t) => HHMM.test(t)))].sort();
      const time = snapTime(times, s.time);
      return { ...s, times, time, playing: s.playing && time !== null && times.indexOf(time) < times.length - 1 };
    }
    case 'step': {
      const i = indexOf(s);
      if (i < 0) return s;
      const j = Math.min(s.times.length - 1, Math.max(0, i + Math.trunc(a.by)));
      // A step by hand stops the player.
      return { ...s, time: s.times[j], playing: false };
    }
    case 'seek': {
      if (!s.times.length) return s;
      return { ...s, time: snapTime(s.times, a.time), playing: false };
    }
    case 'play': {
      const i = indexOf(s);
      if (i < 0 || s.times.length < 2) return s;
      // Play from the last time starts the session again.
      return { ...s, time: i === s.times.length - 1 ? s.times[0] : s.time, playing: true };
    }
    case 'pause':
      return s.playing ? { ...s, playing: false } : s;
    case 'tick': {
      const i = indexOf(s);
      if (!s.playing || i < 0) return s;
      const j = Math.min(s.times.length - 1, i + 1);
      return { ...s, time: s.times[j], playing: j < s.times.length - 1 };
    }
    case 'close':
      return REPLAY_OFF;
    default:
      return s;
  }
}

/** The clock's time as the data routes take it ('yyyy-MM-dd HH:mm', New York), or null when it shows none. */
export function replayDate(s: Pick<ReplayState, 'day' | 'time'>): string | null {
  return s.day && s.time ? `${s.day} ${s.time}` : null;
}

export function atStart(s: ReplayState): boolean {
  return indexOf(s) <= 0;
}

export function atEnd(s: ReplayState): boolean {
  const i = indexOf(s);
  return i < 0 || i === s.times.length - 1;
}

/** The clock in a URL's search string: `{day, time}` (time null when only a day is given), or null. */
export function replayFromSearch(search: string): { day: string; time: string | null } | null {
  const raw = new URLSearchParams(search).get(REPLAY_PARAM);
  if (!raw) return null;
  const [day, time] = raw.split('T');
  if (!day || !isDay(day)) return null;
  if (time === undefined || time === '') return { day, time: null };
  return HHMM.test(time) ? { day, time } : { day, time: null };
}

/** `search` with the clock written into it (or removed when it is off); other parameters are kept. */
export function replaySearch(search: string, s: Pick<ReplayState, 'day' | 'time'>): string {
  const params = new URLSearchParams(search);
  if (s.day) params.set(REPLAY_PARAM, s.time ? `${s.day}T${s.time}` : s.day);
  else params.delete(REPLAY_PARAM);
  const out = params.toString().replace(/%3A/gi, ':');
  return out ? `?${out}` : '';
}

/** A widget in historical mode (its configuration names a date) follows the clock. */
export function followsClock(configuration: unknown): boolean {
  const date = (configuration as { date?: unknown } | null)?.date;
  return typeof date === 'string' && date !== '';
}

/**
 * The widget as the board draws it while the clock runs: a widget in historical mode takes the clock's time
 * as its `date` (the one parameter every data request of a kind is built from); live widgets and a clock
 * without a time leave it as saved. The saved widget itself is never changed.
 */
export function withClock<W extends { configuration: unknown }>(widget: W, date: string | null): W {
  if (!date || !followsClock(widget.configuration)) return widget;
  const c = widget.configuration as { date?: string };
  if (c.date === date) return widget;
  return { ...widget, configuration: { ...c, date } };
}

/** The time one step ahead ('yyyy-MM-dd HH:mm'), or null at the session's last snapshot (what to load
 * ahead so the next step draws from answers already at hand). */
export function nextReplayDate(s: ReplayState): string | null {
  const i = indexOf(s);
  return i < 0 || i + 1 >= s.times.length ? null : `${s.day} ${s.times[i + 1]}`;
}
