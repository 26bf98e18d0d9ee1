import { lazy } from 'react';
import { dataApi, dataKeys } from '../../api/data';
import { statisticsCsv, type StatisticsData } from './transform';
import type { ChartConfiguration } from '../../domain/types';
import type { KindParts } from '../types';
import { DEFAULT_GREEK, greekLabel } from '../../domain/labels';
import { V } from '../../domain/validation';
import { modeWords, tickerErrors } from '../shared/kindParts';
import { sampleScatter, sampleTrend } from '../shared/sample';

const loadRenderer = () => import('./Renderer');

const statistics: KindParts<StatisticsData, ChartConfiguration> = {
  kind: 'statistics',
  title: 'Statistics',
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
  defaults: (ticker) => ({ type: 'statistics', ticker, greek: DEFAULT_GREEK, chartName: 'SPOT_VOL_CORRELATION' }),
  validate: (c) => {
    const errors = tickerErrors(c);
    if (!c.chartName) errors.chartName = V.chartNameRequired;
    if (c.chartName === 'AGGREGATE_TREND' && !c.greek) errors.greek = V.greekRequired;
    return errors;
  },
  caption: (c) => `${c.ticker} · ${c.chartName === 'AGGREGATE_TREND' ? `${greekLabel(c.greek)} aggregate trend` : 'Spot–vol correlation'}`,
  subtitle: (c) => modeWords(c.date),
  toCsv: (d, c) => statisticsCsv(d, c.greek),
};
export default statistics;
