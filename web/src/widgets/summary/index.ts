import { lazy } from 'react';
import { dataApi, dataKeys, type CandlesResponse, type ExposureRequest, type ExposureResponse, type PlaneResponse } from '../../api/data';
import type { ChartConfiguration } from '../../domain/types';
import type { KindDef } from '../types';
import { sampleCandles, sampleExposure, sampleHeatPlane } from '../shared/sample';


const loadRenderer = () => import('./Renderer');
export type SummaryData =
  | { view: 'gamma'; candles: CandlesResponse; exposure: ExposureResponse }
  | { view: 'vanna'; plane: PlaneResponse }
  | { view: 'charm'; exposure: ExposureResponse };

const ALL = { option: 'ALL' as const };

export const summaryKind: KindDef<SummaryData> = {
  kind: 'summary',
  title: 'Summary',
  type: 'CHART',
  defaultSize: 'S',
  chart: true,
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
};
