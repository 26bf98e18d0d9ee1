import { describe, expect, it } from 'vitest';
import { FULL_WINDOW_SESSIONS, ivHistory, moveRows, rankCsv, rankSample } from './transform';

const move = (expiration: string, days: number, points: number) => ({ expiration, days, strike: 5200, call: points / 2, put: points / 2, points, percent: (100 * points) / 5200 });

describe('IV rank transform', () => {
  it('draws the history of closes, then now, in vol points', () => {
    const h = ivHistory({ history: [{ date: '2026-01-08', iv30: 0.151 }, { date: '2026-01-07', iv30: null }], iv30: 0.16, lastModified: '2026-01-09T17:00:00Z' });
    expect(h.t[0]).toBe(Date.parse('2026-01-07T00:00:00Z') / 1000);
    expect(h.iv[0]).toBeNull();
    expect(h.iv[1]).toBeCloseTo(15.1, 10);
    expect(h.iv[2]).toBeCloseTo(16, 10);
  });
  it('lists the nearest expirations first and at most the limit', () => {
    const rows = moveRows({ expectedMoves: [move('2026-01-16', 7, 80), move('2026-01-09', 0, 20), move('2026-02-20', 42, 190)] }, 2);
    expect(rows.map((r) => r.expiration)).toEqual(['2026-01-09', '2026-01-16']);
    expect(rows[1].percent).toBeCloseTo((100 * 80) / 5200, 12);
  });
  it('serves the straddles in the CSV as answered', () => {
    expect(rankCsv({ expectedMoves: [move('2026-01-16', 7, 80)] }).rows).toEqual([['2026-01-16', 7, 5200, 40, 40, 80, (100 * 80) / 5200]]);
  });
  it('names the sample the rank is read over', () => {
    const history = [{ date: '2025-12-26', iv30: null }, { date: '2025-12-29', iv30: 0.14 }, { date: '2026-01-08', iv30: 0.15 }];
    expect(rankSample({ sessions: 9, history })).toBe('rank over 9 sessions since 2025-12-29 (fewer than 52 weeks stored)');
    expect(rankSample({ sessions: 1, history: [{ date: '2026-01-08', iv30: 0.15 }] })).toBe('rank over 1 session since 2026-01-08 (fewer than 52 weeks stored)');
    expect(rankSample({ sessions: FULL_WINDOW_SESSIONS, history })).toBe(`rank over ${FULL_WINDOW_SESSIONS} sessions since 2025-12-29`);
    expect(rankSample({ sessions: 0, history: [] })).toBe('no earlier session to rank against');
  });
});
