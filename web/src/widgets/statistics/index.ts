import { lazy } from 'react';
import { dataApi, dataKeys, type ScatterResponse, type TrendResponse } from '../../api/data';
import type { ChartConfiguration } from '../../domain/types';
import type { KindDef } from '../types';
import { sampleScatter, sampleTrend } from '../shared/sample';


const loadRenderer = () => import('./Renderer');
export type StatisticsData = { view: 'scatter'; scatter: ScatterResponse } | { view: 'trend'; trend: TrendResponse };

export const statisticsKind: KindDef<StatisticsData> = {
  kind: 'statistics',
  title: 'Statistics',
  type: 'CHART',
  defaultSize: 'S',
  chart: true,
  Editor: lazy(() => import('./Editor')),
  Renderer: lazy(loadRenderer),
  preload: loadRenderer,
  queryOptions: (c: ChartConfiguration) => {
    const params = { ticker: c.ticker, chartName: c.chartName ?? 'SPOT_VOL_CORRELATION', greek: c.chartName === 'AGGREGATE_TREND' ? c.greek ?? 'charm' : null, date: c.date ?? null };
    return {
      queryKey: dataKeys.widget('statistics', params),
      queryFn: async ({ signal }): Promise<StatisticsData> =>
        params.chartName === 'AGGREGATE_TREND'
          ? { view: 'trend', trend: await dataApi.trend(c.ticker, params.greek as string, signal, params.date) }
          : { view: 'scatter', scatter: await dataApi.scatter(c.ticker, signal, params.date) },
    };
  },
  isEmpty: (d) => (d.view === 'trend' ? !d.trend?.trend?.length : !d.scatter?.scatterPoints?.length),
  sample: (c: ChartConfiguration) => (c?.chartName === 'AGGREGATE_TREND' ? { view: 'trend', trend: sampleTrend() } : { view: 'scatter', scatter: sampleScatter() }),
  lastModified: (d) => (d.view === 'trend' ? d.trend.lastModified : d.scatter.lastModified),
};
