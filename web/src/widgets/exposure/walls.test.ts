import { describe, expect, it } from 'vitest';
import type { ExposureResponse } from '../../api/data';
import { preview } from '../shared/sample';
import { exposureSeries } from './transform';

// A trade-flow book can put the call wall below the put wall. A one-sided chart names only the wall of
// the side it draws (methodology §4.9), so a puts-only chart never shows a "Call wall".
const answer = (kind: 'both' | 'call' | 'put'): ExposureResponse => preview<ExposureResponse>({
  ticker: 'SPX', greek: 'gamma', kind, isCumulative: false,
  data: [8200, 8300, 8400, 8500, 8600].map((strike) => ({ strike, value: 1e8, call: kind === 'put' ? 0 : 1e8, put: kind === 'call' ? 0 : 1e8 })),
  expirations: ['2026-03-20'], currentPrice: 8400, lastModified: '2026-03-11T15:00:00Z',
  levels: { zeroGamma: 8350, callWall: 8250, putWall: 8550 },
});
const names = (kind: 'both' | 'call' | 'put') => exposureSeries(answer(kind), { greek: 'gamma', window: 0 }).markers.map((m) => m.name);

describe('wall names follow the kind drawn', () => {
  it('a puts-only chart shows the put wall and no call wall', () => {
    expect(names('put')).toEqual(['Spot', 'Zero gamma', 'Put wall']);
  });
  it('a calls-only chart shows the call wall and no put wall', () => {
    expect(names('call')).toEqual(['Spot', 'Zero gamma', 'Call wall']);
  });
  it('a calls + puts chart shows both walls', () => {
    expect(names('both')).toEqual(['Spot', 'Zero gamma', 'Call wall', 'Put wall']);
  });
});
