import { useMemo } from 'react';
import type uPlot from 'uplot';
import type { ChartConfiguration } from '../../domain/types';
import type { RendererProps } from '../types';
import type { StatisticsData } from './transform';
import { UPlotChart } from '../shared/UPlotChart';
import { scatterOptions, trendOptions } from '../shared/uplotBuilders';
import { scatterSeries, trendSeries } from './transform';
import { formatNumber } from '../shared/format';
import { formatWithUnit } from '../shared/units';

export default function StatisticsRenderer({ data, configuration: c, width, height }: RendererProps<StatisticsData, ChartConfiguration>) {
  const scatter = useMemo(() => (data.view === 'scatter' ? scatterSeries(data.scatter) : null), [data]);
  const trend = useMemo(() => (data.view === 'trend' ? trendSeries(data.trend) : null), [data]);
  const options = useMemo(() => (data.view === 'scatter' ? scatterOptions() : trendOptions(c.greek ?? 'gamma')), [data.view, c.greek]);
  const aligned = useMemo(
    () => (scatter ? [scatter.x, scatter.y, scatter.fit, scatter.current] : [trend!.t, trend!.y, trend!.average]) as uPlot.AlignedData,
    [scatter, trend],
  );
  const caption = scatter
    ? `r = ${formatNumber(scatter.rValue, { decimals: 3 })} · slope = ${formatNumber(scatter.slope, { decimals: 3 })}`
    : `Current ${formatWithUnit(trend!.currentAggregate, c.greek ?? 'gamma')} · Average ${formatWithUnit(trend!.historicalAverage, c.greek ?? 'gamma')}`;
  return (
    <div className="ws-chart">
      <div className="ws-chart-caption" data-testid="statistics-caption">{caption}</div>
      <UPlotChart options={options} data={aligned} width={width} height={Math.max(50, height - 20)} configKey={`${data.view}|${c.greek}`} />
    </div>
  );
}
