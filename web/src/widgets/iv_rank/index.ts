import { lazy } from 'react';
import { dataApi, dataKeys, type IvRankResponse } from '../../api/data';
import type { TickerConfiguration } from '../../domain/types';
import type { KindParts } from '../types';
import { joinParts, modeWords, tickerErrors } from '../shared/kindParts';
import { preview } from '../shared/sample';
import { rankCsv } from './transform';

const loadRenderer = () => import('./Renderer');

function sample(): IvRankResponse {
  return preview<IvRankResponse>({
    ticker: 'SPX', currentPrice: 5200, iv30: 0.15, ivRank: 40, ivPercentile: 45, low: 0.11, high: 0.21, sessions: 20,
    windowStart: '2025-01-09', lastModified: null,
    history: Array.from({ length: 20 }, (_, i) => ({ date: `2025-12-${String(i + 1).padStart(2, '0')}`, iv30: 0.14 + 0.01 * Math.sin(i / 3) })),
    expectedMoves: [0, 7, 14, 30].map((d) => ({ expiration: `2026-01-${String(9 + d).padStart(2, '0')}`, days: d, strike: 5200, call: 20 + d, put: 20 + d, points: 40 + 2 * d, percent: (100 * (40 + 2 * d)) / 5200 })),
  });
}

const ivRank: KindParts<IvRankResponse, TickerConfiguration> = {
  kind: 'iv_rank',
  title: 'IV rank & expected move',
  Editor: lazy(() => import('../shared/TickerOnlyEditor')),
  Renderer: lazy(loadRenderer),
  preload: loadRenderer,
  queryOptions: (c) => {
    const params = { ticker: c.ticker, date: c.date ?? null };
    return { queryKey: dataKeys.widget('iv_rank', params), queryFn: ({ signal }) => dataApi.ivRank(params.ticker, signal, params.date) };
  },
  isEmpty: (d) => d?.iv30 === null && !d?.expectedMoves?.length,
  sample: () => sample(),
  lastModified: (d) => d?.lastModified,
  defaults: (ticker) => ({ ticker }),
  validate: (c) => tickerErrors(c),
  caption: (c) => `${c.ticker} · IV rank & expected move`,
  subtitle: (c) => joinParts(['30-day ATM IV over 52 weeks', modeWords(c.date)]),
  toCsv: (d) => rankCsv(d),
};
export default ivRank;
