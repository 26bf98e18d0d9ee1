import { lazy } from 'react';
import { dataApi, dataKeys, type SkewResponse } from '../../api/data';
import type { KindParts } from '../types';
import { joinParts, modeWords, tickerErrors } from '../shared/kindParts';
import { preview } from '../shared/sample';
import { skewCsv, type SkewConfiguration } from './transform';

export type { SkewConfiguration };

const loadRenderer = () => import('./Renderer');

function sample(): SkewResponse {
  const strikes = Array.from({ length: 21 }, (_, i) => 4800 + i * 40);
  return preview<SkewResponse>({
    ticker: 'SPX', expiration: '2026-02-20', expirations: ['2026-02-20'], currentPrice: 5200, forward: 5210, atmIv: 0.14,
    smile: strikes.map((k) => {
      const m = Math.log(k / 5210);
      return { strike: k, logMoneyness: m, delta: m < 0 ? -0.5 + m * 4 : 0.5 - m * 4, iv: 0.14 - 0.5 * m + 2 * m * m, side: m < 0 ? 'P' : 'C' };
    }),
    byExpiration: [], riskReversal30: -6, butterfly30: 1, history: [], lastModified: null,
  });
}

const skew: KindParts<SkewResponse, SkewConfiguration> = {
  kind: 'skew',
  title: 'Skew',
  Editor: lazy(() => import('./Editor')),
  Renderer: lazy(loadRenderer),
  preload: loadRenderer,
  queryOptions: (c) => {
    const params = { ticker: c.ticker, expiration: c.expiration ?? null, date: c.date ?? null };
    return { queryKey: dataKeys.widget('skew', params), queryFn: ({ signal }) => dataApi.skew(params.ticker, params.expiration, signal, params.date) };
  },
  isEmpty: (d) => !d?.smile?.length && !d?.byExpiration?.length,
  sample: () => sample(),
  lastModified: (d) => d?.lastModified,
  defaults: (ticker) => ({ ticker, expiration: null, axis: 'strike' }),
  validate: (c) => tickerErrors(c),
  caption: (c) => `${c.ticker} · Skew`,
  subtitle: (c) => joinParts([c.expiration ? `Expiration ${c.expiration}` : 'Nearest 30 days', c.axis === 'delta' ? 'By delta' : 'By strike', modeWords(c.date)]),
  toCsv: (d) => skewCsv(d),
};
export default skew;
