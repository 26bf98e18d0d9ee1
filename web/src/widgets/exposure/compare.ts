// "Compare with" on the exposure chart (pure): the words of the comparison, the two times of the answer,
// and both profiles binned exactly as the change bars are. The difference itself is the server's
// (POST volland-exposure-change, docs/methodology.md §4.10): the chart draws each strike's `value` as answered.
import type { ExposureChangeResponse, ExposureResponse } from '../../api/data';
import type { CompareWith, ExposureKind } from '../../domain/types';
import { formatDate } from '../../domain/expirations';
import { clockText } from '../../lib/format';
import { formatWithUnit } from '../shared/units';
import { exposureReadout, exposureSeries, type ExposureOptions, type ExposureSeries } from './transform';

/** The editor's choices, in its order ('' = no comparison: the exposure chart as before). */
export const COMPARE_OPTIONS: { value: CompareWith | ''; label: string }[] = [
  { value: '', label: 'None' },
  { value: 'previous', label: 'Previous snapshot' },
  { value: 'open', label: 'Session open' },
  { value: 'previous_close', label: 'Previous close' },
  { value: 'time', label: 'Chosen time' },
];

/** 'Change since previous close' (the header's subtitle part; the times come with the answer). */
export function compareWords(compareWith: CompareWith | null | undefined, compareTime?: string | null): string {
  switch (compareWith) {
    case 'previous':
      return 'Change since previous snapshot';
    case 'open':
      return 'Change since session open';
    case 'previous_close':
      return 'Change since previous close';
    case 'time': {
      if (!compareTime) return 'Change since a chosen time';
      const [d, t] = compareTime.split(' ');
      return `Change since ${formatDate(d)}${t ? ` ${clockText(t)} ET` : ''}`;
    }
    default:
      return '';
  }
}

const NY = 'America/New_York';
const HM = new Intl.DateTimeFormat('en-US', { timeZone: NY, hour: '2-digit', minute: '2-digit', hourCycle: 'h23' });
const DAY = new Intl.DateTimeFormat('en-US', { timeZone: NY, year: 'numeric', month: '2-digit', day: '2-digit' });
const MD = new Intl.DateTimeFormat('en-US', { timeZone: NY, month: 'short', day: 'numeric' });

/**
 * The two times of a comparison in New York time: 'Change 13:30 → 14:00 ET' within one day, else with the
 * days ('Change Jan 8 16:00 → Jan 9 11:55 ET').
 */
export function changeTimes(thenIso: string, nowIso: string): string {
  const then = new Date(thenIso);
  const now = new Date(nowIso);
  if (Number.isNaN(then.getTime()) || Number.isNaN(now.getTime())) return '';
  if (DAY.format(then) === DAY.format(now)) return clockText(`Change ${HM.format(then)} → ${HM.format(now)} ET`);
  return clockText(`Change ${MD.format(then)} ${HM.format(then)} → ${MD.format(now)} ${HM.format(now)} ET`);
}

/** A change answer (the exposure answer whose points are differences), told apart by `compareWith`. */
export function isChange(d: ExposureResponse | ExposureChangeResponse | null | undefined): d is ExposureChangeResponse {
  return Boolean(d && typeof (d as ExposureChangeResponse).compareWith === 'string' && (d as ExposureChangeResponse).then);
}

export interface ProfileLines {
  now: (number | null)[];
  then: (number | null)[];
}

/**
 * Both profiles of a change answer on the bars' strikes: each profile goes through the same strike window
 * and binning as the change bars (same strikes, same options), so line i sits on bar i.
 */
export function profileLines(resp: ExposureChangeResponse, opts: ExposureOptions): ProfileLines | null {
  const p = resp.profiles;
  if (!p || p.now.length !== resp.data.length || p.then.length !== resp.data.length) return null;
  const as = (values: number[]): ExposureResponse => ({
    ...resp,
    data: resp.data.map((d, i) => ({ strike: d.strike, value: values[i], call: 0, put: 0 })),
  });
  return { now: exposureSeries(as(p.now), opts).values, then: exposureSeries(as(p.then), opts).values };
}

/** The two profile lines of the overlay: 'now' solid, 'then' dashed. */
export const PROFILE_LINES: readonly { label: string; color: string; dash?: number[] }[] = [
  { label: 'Now (profile)', color: '#f5c518' },
  { label: 'Then (profile)', color: '#a0a8c8', dash: [5, 4] },
];

/** The readout of a change bar: its strike, the changes (Δ) with unit, and both profiles when drawn. */
export function changeReadout(s: ExposureSeries, i: number, greek: string, opts: { kind?: ExposureKind; isCumulative?: boolean }, lines?: ProfileLines | null): string[] {
  const base = exposureReadout(s, i, greek, opts);
  if (!base.length) return base;
  const out = [base[0], ...base.slice(1).map((l) => `Δ ${l}`)];
  if (lines) out.push(`Now ${formatWithUnit(lines.now[i], greek)}`, `Then ${formatWithUnit(lines.then[i], greek)}`);
  return out;
}
