import { describe, expect, it } from 'vitest';
import { asOfText, freshnessOf, tierSlot } from './freshness';
import { nyTime } from './refreshSchedule';
import type { TierId } from './tiers';

const TIER_IDS: TierId[] = ['live', '30', '3', 'basic'];

describe('freshness rule', () => {
  it('is LIVE only for the Live tier inside the session, and PREVIOUS CLOSE whenever the session is shut', () => {
    const open = nyTime(2026, 1, 9, 9 * 60 + 30).getTime();
    const close = nyTime(2026, 1, 9, 16 * 60).getTime();
    for (const tier of TIER_IDS) {
      for (let t = nyTime(2026, 1, 9, 7 * 60).getTime(); t < nyTime(2026, 1, 9, 21 * 60).getTime(); t += 1_021_000) {
        const f = freshnessOf({ tier, now: new Date(t) });
        expect(f.label.startsWith(`${f.state} · `)).toBe(true);
        if (f.state === 'LIVE') expect([tier, t >= open && t <= close]).toEqual(['live', true]);
        if (t < open || t > close) expect(f.state).toBe('PREVIOUS CLOSE');
      }
    }
  }, 30_000);

  it('never names a slot later than now', () => {
    for (const tier of TIER_IDS) {
      for (let m = 0; m < 24 * 60; m += 29) {
        const now = nyTime(2026, 1, 9, m);
        expect(tierSlot(tier, now).getTime()).toBeLessThanOrEqual(now.getTime());
      }
    }
  }, 30_000);

  it('writes the as-of time in New York time', () => {
    expect(asOfText('2026-01-09T18:30:00Z')).toBe('Jan 9, 13:30 ET');
    expect(asOfText(null)).toBeNull();
  });
});
