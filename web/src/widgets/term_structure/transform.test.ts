import { describe, expect, it } from 'vitest';
import { termCsv, termCurves } from './transform';

const point = (expiration: string, days: number, atmIv: number | null, previousClose: number | null, weekAgo: number | null) =>
  ({ expiration, days, forward: 5000 + days, atmIv, previousClose, weekAgo });

describe('term structure transform', () => {
  it('orders the points by days and writes IVs in vol points, keeping gaps', () => {
    const c = termCurves({ points: [point('2026-02-20', 42, 0.16, 0.165, null), point('2026-01-16', 7, 0.142, 0.15, 0.13)] });
    expect(c.days).toEqual([7, 42]);
    expect(c.expirations).toEqual(['2026-01-16', '2026-02-20']);
    expect(c.now[0]).toBeCloseTo(14.2, 10);
    expect(c.previousClose[1]).toBeCloseTo(16.5, 10);
    expect(c.weekAgo).toEqual([expect.closeTo(13, 10), null]);
  });
  it('serves the CSV with the numbers as the route answered them', () => {
    const t = termCsv({ points: [point('2026-01-16', 7, 0.142, null, 0.13)] });
    expect(t.columns[3]).toBe('atmIv (per 1.00)');
    expect(t.rows).toEqual([['2026-01-16', 7, 5007, 0.142, null, 0.13]]);
  });
});
