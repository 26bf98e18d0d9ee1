// Demonstration data for the put/call balance preview while its required fields are missing.
import type { PutCallResponse, PutCallSession } from '../../api/data';
import { preview } from '../shared/sample';

function session(day: string, n: number, tilt: number): PutCallSession {
  const times = Array.from({ length: n }, (_, i) => new Date(Date.UTC(2026, 0, 5, 14, 30 + 5 * i)).toISOString());
  const call = times.map((_, i) => 1e6 * (1 + 0.5 * Math.sin(i / 7)));
  const put = times.map((_, i) => 1e6 * (tilt + 0.4 * Math.cos(i / 9)));
  const side = (p: number[]) => ({ volume: p.map((v) => v / 500), premium: p, dealerPremium: p.map((v, i) => (i % 3 === 0 ? -0.1 : 0.05) * v) });
  return preview<PutCallSession>({ session: day, times, call: side(call), put: side(put) });
}

export function samplePutCall(): PutCallResponse {
  return preview<PutCallResponse>({ ticker: 'SPX', bucketMinutes: 5, current: session('2026-01-05', 40, 1.1), previous: session('2026-01-02', 78, 0.9) });
}
