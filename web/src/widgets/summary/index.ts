import { lazy } from 'react';
import { dataApi, dataKeys, type ExposureRequest } from '../../api/data';
import { summaryCsv, type SummaryData } from './transform';
import type { ChartConfiguration } from '../../domain/types';
import type { KindParts } from '../types';
import { V } from '../../domain/validation';
import { DEFAULT_GREEK } from '../../domain/labels';
import { modeWords, tickerErrors } from '../shared/kindParts';
import { sampleCandles, sampleExposure, sampleHeatPlane } from '../shared/sample';

const loadRenderer = () => import('./Renderer');
const ALL = { option: 'ALL' as const };

const summary: KindParts<SummaryData, ChartConfiguration> = {
  kind: 'summary',
  title: 'Summary',
  Editor: lazy(() => import('./Editor')),
  Renderer: lazy(loadRenderer),
  preload: loadRenderer,
  queryOptions: (c: ChartConfiguration) => {
    const params = { ticker: c.ticker, greek: c.greek ?? 'gamma', date: c.date ?? null };
    return {
      queryKey: dataKeys.widget('summary', params),
      queryFn: async ({ signal }): Promise<SummaryData> => {
        if (params.greek === 'vanna') return { view: 'vanna', plane: await dataApi.vannaPlane(c.ticker, signal, params.date) };
        const exposure = dataApi.exposure({ ticker: c.ticker, greek: params.greek as ExposureRequest['greek'], kind: 'both', expirations: ALL, isCumulative: false, date: params.date }, signal);
        if (params.greek === 'charm') return { view: 'charm', exposure: await exposure };
        const [candles, ex] = await Promise.all([dataApi.candles(c.ticker, signal, params.date), exposure]);
        return { view: 'gamma', candles, exposure: ex };
      },
    };
  },
  isEmpty: (d) =>
    d.view === 'vanna' ? !d.plane?.strikes?.length || !d.plane?.z?.length : d.view === 'charm' ? !d.exposure?.data?.length : !d.candles?.candles?.length && !d.exposure?.data?.length,
  sample: (c: ChartConfiguration) =>
    c?.greek === 'vanna' ? { view: 'vanna', plane: sampleHeatPlane() } : c?.greek === 'charm' ? { view: 'charm', exposure: sampleExposure('charm') } : { view: 'gamma', candles: sampleCandles(), exposure: sampleExposure('gamma') },
  lastModified: (d) => (d.view === 'vanna' ? d.plane.lastModified : d.exposure.lastModified),
  defaults: (ticker) => ({ type: 'summary', ticker, greek: DEFAULT_GREEK }),
  validate: (c) => ({ ...tickerErrors(c), ...(c.greek ? {} : { greek: V.greekRequired }) }),
  caption: (c) => `${c.ticker} · ${c.greek === 'vanna' ? 'Vanna heatmap' : c.greek === 'charm' ? 'Charm' : 'Gamma candlestick'}`,
  subtitle: (c) => modeWords(c.date),
  toCsv: (d, c) => summaryCsv(d, { kind: c.kind }),
};
export default summary;
