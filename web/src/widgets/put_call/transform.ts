// Put/call balance (pure): the route's 5-minute buckets into the lines the chart draws — the running
// put/call premium ratio of the session and of the previous one at the same minute of the session — and
// the widget's CSV (methodology §4.15).
import type { PutCallResponse, PutCallSession } from '../../api/data';
import type { CsvTable } from '../shared/csv';

export interface BalanceLines {
  /** Minutes since the open of each bucket's start (0, 5, 10, …): the x axis shared by both sessions. */
  minutes: number[];
  /** Running Σ put premium / Σ call premium at the end of each bucket of the session (null while calls are 0). */
  current: (number | null)[];
  /** The same for the previous session, over its whole length. */
  previous: (number | null)[];
  /** Dealer-side premium per bucket of the session, calls + puts, $ (+ dealers collected). */
  dealerPremium: number[];
}

/** Running put/call ratio of a series of put and call amounts. */
export function runningRatio(puts: readonly number[], calls: readonly number[]): (number | null)[] {
  let p = 0;
  let c = 0;
  return puts.map((v, i) => {
    p += v;
    c += calls[i] ?? 0;
    return c > 0 ? p / c : null;
  });
}

function lines(s: PutCallSession | null | undefined): (number | null)[] {
  return s ? runningRatio(s.put.premium, s.call.premium) : [];
}

export function balanceLines(resp: Pick<PutCallResponse, 'current' | 'previous' | 'bucketMinutes'>): BalanceLines {
  const step = resp.bucketMinutes || 5;
  const n = Math.max(resp.current?.times.length ?? 0, resp.previous?.times.length ?? 0);
  const cur = resp.current;
  return {
    minutes: Array.from({ length: n }, (_, i) => i * step),
    current: lines(cur),
    previous: lines(resp.previous),
    dealerPremium: cur ? cur.call.dealerPremium.map((v, i) => v + (cur.put.dealerPremium[i] ?? 0)) : [],
  };
}

/** One row per bucket and session: contracts, premium and dealer-side premium of calls and puts. */
export function balanceCsv(resp: PutCallResponse): CsvTable {
  const columns = ['session', 'bucket start (UTC)', 'call volume (contracts)', 'put volume (contracts)', 'call premium ($)', 'put premium ($)',
    'call dealer premium ($)', 'put dealer premium ($)'];
  const rows: (string | number)[][] = [];
  for (const s of [resp.previous, resp.current]) {
    if (!s) continue;
    s.times.forEach((t, i) => rows.push([s.session, t, s.call.volume[i], s.put.volume[i], s.call.premium[i], s.put.premium[i],
      s.call.dealerPremium[i], s.put.dealerPremium[i]]));
  }
  return { columns, rows };
}
