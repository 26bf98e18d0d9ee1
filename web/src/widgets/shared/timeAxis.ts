// Intraday time axis of the heatmap and the candlestick, read in exchange time (New York): one-line
// labels of at most six characters ("14:30", "Nov 18") with ticks at least TIME_TICK_SPACE px apart,
// so labels never overlap whatever the chart width.
import { getViewerClock, clockText } from '../../lib/format';

const NY = 'America/New_York';
const HM = new Intl.DateTimeFormat('en-US', { timeZone: NY, hour: '2-digit', minute: '2-digit', hourCycle: 'h23' });
const MD = new Intl.DateTimeFormat('en-US', { timeZone: NY, month: 'short', day: 'numeric' });

/** Least distance between two time ticks, in CSS px: the widest label (about 40 px at 12 px) plus a gap. */
export const TIME_TICK_SPACE = 64;
export const TIME_LABEL_MAX_CHARS = 6;

/**
 * "14:30" of an instant (seconds since epoch) in New York, on the viewer's clock. A 12-hour clock writes tick
 * labels short ("2:30p", "12:00p") to stay within TIME_LABEL_MAX_CHARS.
 */
export const clockET = (ts: number): string => {
  const hm = HM.format(new Date(ts * 1e3));
  return getViewerClock() === '12h' ? clockText(hm).replace(/ ([AP])M$/, (_m, x: string) => x.toLowerCase()) : hm;
};
/** "Nov 18" of an instant in New York. */
export const dayET = (ts: number): string => MD.format(new Date(ts * 1e3));
/** "Nov 18 14:30 ET" (or "Nov 18 2:30 PM ET"): the time of a readout. */
export const readoutTimeET = (ts: number): string => `${dayET(ts)} ${clockText(HM.format(new Date(ts * 1e3)))} ET`;

/** Labels of time ticks `incr` seconds apart: the clock inside a day, the date for daily ticks. */
export function timeTickLabels(splits: number[], incr: number): string[] {
  return splits.map((ts) => (incr >= 86_400 ? dayET(ts) : clockET(ts)));
}
