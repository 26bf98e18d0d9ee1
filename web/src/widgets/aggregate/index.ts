import { lazy } from 'react';
import { dataApi, dataKeys, type AggregateResponse } from '../../api/data';
import { DEFAULT_GREEK, greekLabel } from '../../domain/labels';
import type { TickerConfiguration } from '../../domain/types';
import { V } from '../../domain/validation';
import type { KindParts } from '../types';
import { modeWords, tickerErrors } from '../shared/kindParts';
import { preview } from '../shared/sample';
import { aggregateCsv } from './transform';

const loadRenderer = () => import('./Renderer');

const aggregate: KindParts<AggregateResponse, TickerConfiguration> = {
  kind: 'aggregate',
  title: 'Aggregate',
  Editor: lazy(() => import('./Editor')),
  Renderer: lazy(loadRenderer),
  preload: loadRenderer,
  queryOptions: (c) => {
    const params = { ticker: c.ticker, greek: c.greek ?? DEFAULT_GREEK, date: c.date ?? null };
    return { queryKey: dataKeys.widget('aggregate', params), queryFn: ({ signal }) => dataApi.aggregate(params.ticker, params.greek, signal, params.date) };
  },
  isEmpty: (d) => d?.aggregate === null || d?.aggregate === undefined,
  sample: (c) => preview<AggregateResponse>({ greek: c?.greek ?? DEFAULT_GREEK, aggregate: -1.25e9, lastModified: null }),
  lastModified: (d) => d?.lastModified,
  defaults: (ticker) => ({ ticker, greek: DEFAULT_GREEK }),
  validate: (c) => ({ ...tickerErrors(c), ...(c.greek ? {} : { greek: V.greekRequired }) }),
  caption: (c) => `${c.ticker} · ${greekLabel(c.greek)} aggregate`,
  // A live aggregate says nothing; a historical one gives its date.
  subtitle: (c) => modeWords(c.date, ''),
  toCsv: (d, c) => aggregateCsv(d, c.greek),
};
export default aggregate;
