import { describe, expect, it } from 'vitest';
import { marketClock, marketNow } from './marketClock';
import { freshness } from '../widgets/shared/freshness';

// The replay clock: on Sunday 2026-11-22 the server replays Wednesday 2026-11-18's session.
const answer = { serverTime: '2026-11-22T18:00:00Z', marketTime: '2026-11-18T19:00:00Z' };
const received = Date.parse('2026-11-22T18:00:02Z'); // local clock two seconds ahead of the server

describe('market clock', () => {
  it('follows the server\'s market time, advanced by the local time elapsed since the answer', () => {
    expect(marketNow(answer, received, received).toISOString()).toBe('2026-11-18T19:00:00.000Z');
    expect(marketNow(answer, received, received + 90_000).toISOString()).toBe('2026-11-18T19:01:30.000Z');
    // 14:01:30 in New York on the market day.
    expect(marketClock(answer, received, received + 90_000)).toEqual({ today: '2026-11-18', minutes: 14 * 60 + 1 });
  });

  it('falls back to the local clock until the server has answered', () => {
    const now = Date.parse('2026-11-22T18:00:00Z');
    expect(marketClock(undefined, 0, now)).toEqual({ today: '2026-11-22', minutes: 13 * 60 });
    expect(marketClock({ serverTime: answer.serverTime }, received, now).today).toBe('2026-11-22');
  });

  it('counts the freshness bar\'s days from the market date, not the wall-clock date', () => {
    const { today } = marketClock(answer, received, received + 60_000);
    expect(freshness(null, ['2026-11-18'], today)?.text).toBe('EXPIRES TODAY');
    expect(freshness(null, ['2026-11-20', '2026-11-18'], today)?.text).toBe('EXPIRES TODAY');
    expect(freshness(null, ['2026-11-20'], today)?.text).toBe('EXPIRES IN 2 DAYS');
    // By the wall clock (Sunday the 22nd) the same widget would wrongly read OUTDATED.
    expect(freshness(null, ['2026-11-18', '2026-11-20'], '2026-11-22')?.state).toBe('OUTDATED');
  });
});
