import { describe, expect, it } from 'vitest';
import { formatCountdown, msUntilRefresh, nextRefreshTime, nyTime } from './refreshSchedule';

// 2025-01-08 is a Wednesday (EST, UTC-5); 2025-07-09 a Wednesday (EDT, UTC-4).
const at = (iso: string) => new Date(iso);

describe('nyTime', () => {
  it('converts New York wall-clock time in winter and summer', () => {
    expect(nyTime(2025, 1, 8, 9 * 60 + 30).toISOString()).toBe('2025-01-08T14:30:00.000Z');
    expect(nyTime(2025, 7, 9, 19 * 60).toISOString()).toBe('2025-07-09T23:00:00.000Z');
  });
});

describe('nextRefreshTime', () => {
  // Offset 0: the bare market grid (the golden cases cover the offset, holidays and half days).
  it('Live: every 5 minutes on the hour grid while the market is open', () => {
    expect(nextRefreshTime('live', at('2025-01-08T15:02:10Z'), 0).toISOString()).toBe('2025-01-08T15:05:00.000Z');
    expect(nextRefreshTime('live', at('2025-01-08T15:05:00Z'), 0).toISOString()).toBe('2025-01-08T15:10:00.000Z');
  });
  it('Live: before the open and after the close the next open is used', () => {
    expect(nextRefreshTime('live', at('2025-01-08T12:00:00Z'), 0).toISOString()).toBe('2025-01-08T14:30:00.000Z');
    // 2025-01-09 was a one-off closure (national day of mourning).
    expect(nextRefreshTime('live', at('2025-01-08T21:30:00Z'), 0).toISOString()).toBe('2025-01-10T14:30:00.000Z');
  });
  it('skips the weekend', () => {
    // Friday 2025-01-10 after the close → Monday 2025-01-13, at the open like the server's 30-minute grid.
    expect(nextRefreshTime('30', at('2025-01-10T22:00:00Z'), 0).toISOString()).toBe('2025-01-13T14:30:00.000Z');
  });
  it('3: 11:30, 14:00 and 19:00 Eastern; Basic: 19:00 Eastern', () => {
    expect(nextRefreshTime('3', at('2025-01-08T16:00:00Z'), 0).toISOString()).toBe('2025-01-08T16:30:00.000Z');
    expect(nextRefreshTime('3', at('2025-01-08T17:00:00Z'), 0).toISOString()).toBe('2025-01-08T19:00:00.000Z');
    expect(nextRefreshTime('3', at('2025-07-09T19:00:00Z'), 0).toISOString()).toBe('2025-07-09T23:00:00.000Z');
    expect(nextRefreshTime('basic', at('2025-01-08T16:00:00Z'), 0).toISOString()).toBe('2025-01-09T00:00:00.000Z');
  });
});

describe('formatCountdown', () => {
  it('shows HH:MM:SS under a day and days otherwise', () => {
    expect(formatCountdown(65_000)).toBe('00:01:05');
    expect(formatCountdown(-5)).toBe('00:00:00');
    expect(formatCountdown((2 * 86400 + 3 * 3600 + 4 * 60) * 1000)).toBe('2d 03:04');
  });
});

describe('msUntilRefresh', () => {
  it('counts down on the server clock, not the local one', () => {
    const s = { nextRefresh: '2026-03-11T15:05:00Z', serverTime: '2026-03-11T15:00:00Z' };
    const received = Date.parse('2026-03-11T14:59:00Z'); // local clock one minute behind the server
    expect(msUntilRefresh(s, received, received)).toBe(5 * 60_000);
    expect(msUntilRefresh(s, received, received + 60_000)).toBe(4 * 60_000);
    expect(msUntilRefresh(s, received, received + 10 * 60_000)).toBe(0);
  });
  it('has no answer without the server\'s next refresh time', () => {
    expect(msUntilRefresh(undefined, 0, 1000)).toBeNull();
    expect(msUntilRefresh({ nextRefresh: null, serverTime: '2026-03-11T15:00:00Z' }, 1, 2)).toBeNull();
  });
});
