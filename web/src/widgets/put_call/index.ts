import { lazy } from 'react';
import { dataApi, dataKeys, type PutCallResponse } from '../../api/data';
import type { TickerConfiguration } from '../../domain/types';
import type { KindParts } from '../types';
import { joinParts, modeWords, tickerErrors } from '../shared/kindParts';
import { samplePutCall } from './sample';
import { balanceCsv } from './transform';

const loadRenderer = () => import('./Renderer');

const putCall: KindParts<PutCallResponse, TickerConfiguration> = {
  kind: 'put_call',
  title: 'Put/call balance',
  Editor: lazy(() => import('../shared/TickerOnlyEditor')),
  Renderer: lazy(loadRenderer),
  preload: loadRenderer,
  queryOptions: (c) => {
    const params = { ticker: c.ticker, date: c.date ?? null };
    return { queryKey: dataKeys.widget('put_call', params), queryFn: ({ signal }) => dataApi.putCall(params.ticker, signal, params.date) };
  },
  isEmpty: (d) => !d?.current?.times?.length,
  sample: () => samplePutCall(),
  lastModified: (d) => d?.lastModified,
  defaults: (ticker) => ({ ticker }),
  validate: (c) => tickerErrors(c),
  caption: (c) => `${c.ticker} · Put/call balance`,
  subtitle: (c) => joinParts(['5-minute buckets, previous session beside', modeWords(c.date)]),
  toCsv: (d) => balanceCsv(d),
};
export default putCall;
