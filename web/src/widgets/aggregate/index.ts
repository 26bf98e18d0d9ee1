import { lazy } from 'react';
import { dataApi, dataKeys, type AggregateResponse } from '../../api/data';
import type { TickerConfiguration } from '../../domain/types';
import type { KindDef } from '../types';
import { preview } from '../shared/sample';


const loadRenderer = () => import('./Renderer');
export const aggregateKind: KindDef<AggregateResponse> = {
  kind: 'aggregate',
  title: 'Aggregate',
  type: 'AGGREGATE',
  defaultSize: 'S',
  chart: false,
  Editor: lazy(() => import('./Editor')),
  Renderer: lazy(loadRenderer),
  preload: loadRenderer,
  queryOptions: (c: TickerConfiguration) => {
    const params = { ticker: c.ticker, greek: c.greek ?? 'charm', date: c.date ?? null };
    return { queryKey: dataKeys.widget('aggregate', params), queryFn: ({ signal }) => dataApi.aggregate(params.ticker, params.greek, signal, params.date) };
  },
  isEmpty: (d) => d?.aggregate === null || d?.aggregate === undefined,
  sample: (c: TickerConfiguration) => preview<AggregateResponse>({ greek: c?.greek ?? 'charm', aggregate: -1.25e9, lastModified: null }),
  lastModified: (d) => d?.lastModified,
};
