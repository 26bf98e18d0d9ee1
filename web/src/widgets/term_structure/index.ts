import { lazy } from 'react';
import { dataApi, dataKeys, type TermStructureResponse } from '../../api/data';
import type { TickerConfiguration } from '../../domain/types';
import type { KindParts } from '../types';
import { joinParts, modeWords, tickerErrors } from '../shared/kindParts';
import { preview } from '../shared/sample';
import { termCsv } from './transform';

const loadRenderer = () => import('./Renderer');

function sample(): TermStructureResponse {
  const days = [1, 7, 14, 30, 60, 90, 180];
  return preview<TermStructureResponse>({
    ticker: 'SPX', currentPrice: 5200, iv30: 0.15, previousCloseAt: null, weekAgoAt: null, lastModified: null,
    points: days.map((d, i) => ({ expiration: `2026-0${1 + (i % 8)}-15`, days: d, forward: 5200, atmIv: 0.13 + 0.004 * Math.log(d + 1),
      previousClose: 0.132 + 0.004 * Math.log(d + 1), weekAgo: 0.125 + 0.005 * Math.log(d + 1) })),
  });
}

const termStructure: KindParts<TermStructureResponse, TickerConfiguration> = {
  kind: 'term_structure',
  title: 'Term structure',
  Editor: lazy(() => import('../shared/TickerOnlyEditor')),
  Renderer: lazy(loadRenderer),
  preload: loadRenderer,
  queryOptions: (c) => {
    const params = { ticker: c.ticker, date: c.date ?? null };
    return { queryKey: dataKeys.widget('term_structure', params), queryFn: ({ signal }) => dataApi.termStructure(params.ticker, signal, params.date) };
  },
  isEmpty: (d) => !d?.points?.length,
  sample: () => sample(),
  lastModified: (d) => d?.lastModified,
  defaults: (ticker) => ({ ticker }),
  validate: (c) => tickerErrors(c),
  caption: (c) => `${c.ticker} · Term structure`,
  subtitle: (c) => joinParts(['ATM IV by expiration', modeWords(c.date)]),
  toCsv: (d) => termCsv(d),
};
export default termStructure;
