import { lazy } from 'react';
import { dataApi, dataKeys, type TickerSummary } from '../../api/data';
import type { TickerConfiguration } from '../../domain/types';
import type { KindDef } from '../types';
import { preview } from '../shared/sample';
import { isEmptySummary } from './transform';


const loadRenderer = () => import('./Renderer');
export const tickerKind: KindDef<TickerSummary> = {
  kind: 'ticker',
  title: 'Ticker Summary',
  type: 'TICKER',
  defaultSize: 'L',
  chart: false,
  Editor: lazy(() => import('./Editor')),
  Renderer: lazy(loadRenderer),
  preload: loadRenderer,
  queryOptions: (c: TickerConfiguration) => ({
    queryKey: dataKeys.widget('ticker', { ticker: c.ticker, date: c.date ?? null }),
    queryFn: ({ signal }) => dataApi.summary(c.ticker, signal, c.date),
  }),
  isEmpty: (d) => isEmptySummary(d),
  sample: () => preview<TickerSummary>({ price: 5200.25, previousClose: 5180.5, vix: 14.2, previousVix: 14.9, notionalVolume: 2.4e11, vannaStochastic: 0.62, lastModified: null }),
  lastModified: (d) => d?.lastModified,
};
