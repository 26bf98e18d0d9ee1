// The golden cases shared with the server (tests/domain/test_golden.py runs the same files
// against domain/expirations.py and domain/refresh_schedule.py, tests/domain/test_freshness.py the
// freshness table against domain/freshness.py), so the two languages cannot drift apart.
import { describe, expect, it } from 'vitest';
import expirationsGolden from '../../../tests/fixtures/golden/expirations.json';
import scheduleGolden from '../../../tests/fixtures/golden/refresh_schedule.json';
import freshnessGolden from '../../../tests/fixtures/golden/freshness.json';
import { freshnessOf } from './freshness';
import { MESSAGES, resolveExpirations, validateExpirations, type Clock } from './expirations';
import { addDays, isTradingDay } from './marketCalendar';
import { nextRefreshTime, nyTime } from './refreshSchedule';
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

/** A New York wall-clock 'yyyy-MM-ddTHH:mm:ss' as an instant. */
function ny(text: string): Date {
  const [day, time] = text.split('T');
  const [y, mo, d] = day.split('-').map(Number);
  const [h, mi, sec = 0] = time.split(':').map(Number);
  return new Date(nyTime(y, mo, d, h * 60 + mi).getTime() + sec * 1000);
}

interface FreshnessCase {
  name: string;
  tier: string;
  now: string;
  mode: string;
  asOf?: string;
  newest?: string;
  date?: string;
  stalled?: boolean;
  state: string;
  label: string;
}

describe('freshness golden cases', () => {
  it.each((freshnessGolden.cases as FreshnessCase[]).map((c) => [c.name, c] as const))('%s', (_name, c) => {
    const got = freshnessOf({
      tier: c.tier as TierId,
      now: ny(c.now),
      asOf: c.asOf ? ny(c.asOf) : null,
      newest: c.newest ? ny(c.newest) : null,
      historical: c.date ?? null,
      expired: c.mode === 'expired',
      stalled: c.stalled ?? false,
      offsetSeconds: freshnessGolden.offsetSeconds,
    });
    expect(got.label).toBe(c.label);
    expect(got.state).toBe(c.state);
  });
});
