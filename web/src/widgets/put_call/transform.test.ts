import { describe, expect, it } from 'vitest';
import type { PutCallResponse, PutCallSession } from '../../api/data';
import { preview } from '../shared/sample';
import { balanceCsv, balanceLines, runningRatio } from './transform';

function session(day: string, callPremium: number[], putPremium: number[]): PutCallSession {
  const n = callPremium.length;
  return preview<PutCallSession>({
    session: day,
    times: Array.from({ length: n }, (_, i) => new Date(Date.UTC(2026, 0, 9, 14, 30 + 5 * i)).toISOString()),
    call: { volume: callPremium.map((v) => v / 100), premium: callPremium, dealerPremium: callPremium.map((v) => v / 10) },
    put: { volume: putPremium.map((v) => v / 100), premium: putPremium, dealerPremium: putPremium.map((v) => -v / 20) },
  });
}

describe('put/call balance lines', () => {
  it('runs the put/call ratio over the buckets, null until calls trade', () => {
    expect(runningRatio([10, 0, 30], [0, 20, 20])).toEqual([null, 0.5, 1]);
  });
  it('puts both sessions on minutes since the open and sums the dealer premium', () => {
    const resp = preview<PutCallResponse>({ bucketMinutes: 5, current: session('2026-01-09', [100, 100], [50, 250]), previous: session('2026-01-08', [100, 100, 200], [100, 100, 0]) });
    const l = balanceLines(resp);
    expect(l.minutes).toEqual([0, 5, 10]);
    expect(l.current).toEqual([0.5, 1.5]);
    expect(l.previous).toEqual([1, 1, 0.5]);
    expect(l.dealerPremium).toEqual([10 - 2.5, 10 - 12.5]);
  });
  it('has no previous line when no earlier session is published', () => {
    const l = balanceLines(preview<PutCallResponse>({ bucketMinutes: 5, current: session('2026-01-09', [1], [2]), previous: null }));
    expect(l.previous).toEqual([]);
    expect(l.current).toEqual([2]);
  });
  it('writes one CSV row per bucket of each session, the previous first', () => {
    const csv = balanceCsv(preview<PutCallResponse>({ bucketMinutes: 5, current: session('2026-01-09', [100], [50]), previous: session('2026-01-08', [10], [20]) }));
    expect(csv.rows.map((r) => r[0])).toEqual(['2026-01-08', '2026-01-09']);
    expect(csv.rows[1].slice(2)).toEqual([1, 0.5, 100, 50, 10, -2.5]);
  });
});
