import { lazy } from 'react';
import { dataApi, dataKeys, type ZeroDteResponse } from '../../api/data';
import type { TickerConfiguration } from '../../domain/types';
import type { KindDef } from '../types';
import { preview } from '../shared/sample';
import { isEmptyZeroDte } from './transform';


const loadRenderer = () => import('./Renderer');
export const zeroDteKind: KindDef<ZeroDteResponse> = {
  kind: 'zerodte',
  title: '0DTE',
  type: 'ZERODTE',
  defaultSize: 'M',
  chart: false,
  Editor: lazy(() => import('./Editor')),
  Renderer: lazy(loadRenderer),
  preload: loadRenderer,
  queryOptions: (c: TickerConfiguration) => ({
    queryKey: dataKeys.widget('zerodte', { ticker: c.ticker, date: c.date ?? null }),
    queryFn: ({ signal }) => dataApi.zeroDte(c.ticker, signal, c.date),
  }),
  isEmpty: (d) => isEmptyZeroDte(d),
  sample: () => preview<ZeroDteResponse>({ paradigm: 'Positive gamma', target: 5210, lis: [5185, 5195], zerodte_agg_charm: -3.2e8, total_0dte_opt_vol: 1.2e6, lastModified: null }),
  lastModified: (d) => d?.lastModified,
};
