import { describe, expect, it } from 'vitest';
import { skewCsv, skewHistory, smileSeries } from './transform';

const smile = [
  { strike: 5100, logMoneyness: -0.02, delta: -0.3, iv: 0.17, side: 'P' },
  { strike: 5300, logMoneyness: 0.018, delta: 0.35, iv: 0.13, side: 'C' },
  { strike: 5000, logMoneyness: -0.04, delta: -0.15, iv: 0.19, side: 'P' },
  { strike: 5400, logMoneyness: 0.04, delta: null, iv: 0.12, side: 'C' },
];

describe('skew transform', () => {
  it('draws the smile against strike in vol points, ascending', () => {
    const s = smileSeries({ smile }, 'strike');
    expect(s.x).toEqual([5000, 5100, 5300, 5400]);
    expect(s.iv.map((v) => Math.round(v * 10) / 10)).toEqual([19, 17, 13, 12]);
  });
  it('draws the smile against delta, puts left of calls, leaving out points without a delta', () => {
    const s = smileSeries({ smile }, 'delta');
    expect(s.x).toEqual([-0.3, -0.15, 0.35]);
    expect(s.iv.map((v) => Math.round(v * 10) / 10)).toEqual([17, 19, 13]);
  });
  it('puts the history by session date and ends with now', () => {
    const h = skewHistory({
      history: [{ date: '2026-01-08', riskReversal: -6, butterfly: 1 }, { date: '2026-01-07', riskReversal: -5, butterfly: null }],
      riskReversal30: -6.5, butterfly30: 1.2, lastModified: '2026-01-09T17:00:00Z',
    });
    expect(h.t).toEqual([Date.parse('2026-01-07T00:00:00Z') / 1000, Date.parse('2026-01-08T00:00:00Z') / 1000, Date.parse('2026-01-09T17:00:00Z') / 1000]);
    expect(h.riskReversal).toEqual([-5, -6, -6.5]);
    expect(h.butterfly).toEqual([null, 1, 1.2]);
  });
  it('serves the CSV of every expiration as answered', () => {
    const t = skewCsv({ byExpiration: [{ expiration: '2026-01-16', days: 7, atmIv: 0.14, call25Iv: 0.12, put25Iv: 0.18, riskReversal: -6, butterfly: 1 }] });
    expect(t.columns).toHaveLength(7);
    expect(t.rows).toEqual([['2026-01-16', 7, 0.14, 0.12, 0.18, -6, 1]]);
  });
});
