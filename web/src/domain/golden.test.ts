// The golden cases shared with the server (tests/domain/test_golden.py runs the same files
// against domain/expirations.py and domain/refresh_schedule.py), so the two languages cannot drift apart.
import { describe, expect, it } from 'vitest';
import expirationsGolden from '../../../tests/fixtures/golden/expirations.json';
import scheduleGolden from '../../../tests/fixtures/golden/refresh_schedule.json';
import { MESSAGES, resolveExpirations, validateExpirations, type Clock } from './expirations';
import { addDays, isTradingDay } from './marketCalendar';
import { nextRefreshTime } from './refreshSchedule';
import type { ExpirationOption, Expirations } from './types';
import type { TierId } from './tiers';

interface ExpirationCase {
  name: string;
  now: string;
  option: string;
  from?: string;
  to?: string;
  dates?: string[];
  historical?: boolean;
  available?: string[];
  expected?: string[];
  error?: string;
}

/** Every trading day from the session date on: the expirations a live snapshot lists. */
function ladder(from: string): string[] {
  const out: string[] = [];
  for (let d = from; d <= expirationsGolden.ladder.to; d = addDays(d, 1)) if (isTradingDay(d)) out.push(d);
  return out;
}

describe('expirations golden cases', () => {
  it.each((expirationsGolden.cases as ExpirationCase[]).map((c) => [c.name, c] as const))('%s', (_name, c) => {
    const [today, hhmm] = c.now.split('T');
    const [h, m] = hhmm.split(':').map(Number);
    const clock: Clock = { today, minutes: h * 60 + m };
    const e: Expirations = { option: c.option as ExpirationOption, from: c.from, to: c.to, dates: c.dates };
    const available = c.available ?? ladder(today);
    const message = validateExpirations(e, available, clock, Boolean(c.historical));
    if (c.error) {
      expect(message).toBe(c.error);
    } else {
      expect(message).not.toBe(MESSAGES.rangeInPast);
      expect(resolveExpirations(e, available, clock)).toEqual(c.expected);
    }
  });
});

describe('refresh schedule golden cases', () => {
  it.each(scheduleGolden.cases.map((c) => [c.name, c] as const))('%s', (_name, c) => {
    expect(nextRefreshTime(c.tier as TierId, new Date(c.now), c.offsetSeconds).toISOString()).toBe(new Date(c.next).toISOString());
  });
});
