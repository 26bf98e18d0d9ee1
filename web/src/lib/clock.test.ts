// App spec §9: "clock 24 h or 12 h". The viewer's clock turns every clock time on screen; the rules keep
// writing 24 h (their golden cases), and durations are never touched.
import { afterEach, describe, expect, it } from 'vitest';
import { clockText, formatDateTime, formatTime, getViewerClock, setViewerClock } from './format';
import { clockET, readoutTimeET, timeTickLabels, TIME_LABEL_MAX_CHARS } from '../widgets/shared/timeAxis';
import { formatDateTime as nyDateTime } from '../widgets/shared/format';
import { changeTimes, compareWords } from '../widgets/exposure/compare';
import { tapeTime } from '../widgets/prints/transform';
import { replayLabel } from '../workspace/ReplayBar';

afterEach(() => setViewerClock('24h'));

describe('the viewer clock', () => {
  it('is 24 h until chosen, and is remembered on the device', () => {
    expect(getViewerClock()).toBe('24h');
    setViewerClock('12h');
    expect(getViewerClock()).toBe('12h');
    expect(localStorage.getItem('volland.clock')).toBe('12h');
  });

  it('writes every clock time of a text on a 12-hour clock, midnight and noon included', () => {
    const text = 'DELAYED · Volland 3 · 11:30 slot, next 14:00; opened 09:30, 00:05 and 12:00:07';
    expect(clockText(text, '24h')).toBe(text);
    expect(clockText(text, '12h')).toBe('DELAYED · Volland 3 · 11:30 AM slot, next 2:00 PM; opened 9:30 AM, 12:05 AM and 12:00:07 PM');
    // Not a clock time: a date, a ratio, a strike or a year.
    expect(clockText('2026-12-02 ratio 3:1 strike 5800 24:00', '12h')).toBe('2026-12-02 ratio 3:1 strike 5800 24:00');
  });

  it('formats local times by the viewer clock unless one is named', () => {
    const d = new Date(2025, 0, 8, 15, 5);
    expect(formatTime(d)).toBe('15:05');
    setViewerClock('12h');
    expect(formatTime(d)).toBe('3:05 PM');
    expect(formatDateTime(d)).toBe('Jan 8, 2025 3:05 PM');
    expect(formatTime(d, { clock: '24h' })).toBe('15:05');
  });

  it('reaches the chart axes, readouts, tape, comparisons, replay bar and New York date-times', () => {
    const t = Date.UTC(2025, 10, 18, 19, 30) / 1000; // 14:30 New York
    expect(clockET(t)).toBe('14:30');
    setViewerClock('12h');
    expect(clockET(t)).toBe('2:30p');
    expect(timeTickLabels([t, t + 3 * 3600], 3600).every((l) => l.length <= TIME_LABEL_MAX_CHARS)).toBe(true);
    expect(readoutTimeET(t)).toBe('Nov 18 2:30 PM ET');
    expect(tapeTime('2025-11-18T15:31:05Z')).toBe('10:31:05 AM');
    expect(changeTimes('2025-11-18T18:30:00Z', '2025-11-18T19:00:00Z')).toBe('Change 1:30 PM → 2:00 PM ET');
    expect(compareWords('time', '2025-11-18 13:30')).toBe('Change since Nov 18, 2025 1:30 PM ET');
    expect(replayLabel('2025-11-18', '15:55')).toContain('3:55 PM ET');
    expect(nyDateTime('2025-11-18T19:30:00Z')).toBe('Nov 18, 2025 2:30 PM');
  });
});
