import { useMemo, useRef } from 'react';
import type uPlot from 'uplot';
import type { ChartConfiguration } from '../../domain/types';
import type { RendererProps } from '../types';
import type { StatisticsData } from './transform';
import { UPlotChart } from '../shared/UPlotChart';
import { MODELLED_LABEL, scatterOptions, trendOptions, type TrendState } from '../shared/uplotBuilders';
import { scatterSeries, trendSeries } from './transform';
import { formatNumber } from '../shared/format';
import { formatWithUnit } from '../shared/units';

export default function StatisticsRenderer({ data, configuration: c, width, height }: RendererProps<StatisticsData, ChartConfiguration>) {
  const scatter = useMemo(() => (data.view === 'scatter' ? scatterSeries(data.scatter) : null), [data]);
  const trend = useMemo(() => (data.view === 'trend' ? trendSeries(data.trend) : null), [data]);
  // Read by the chart at draw time, so a refresh with a different modelled span needs no new chart.
  const trendState = useRef<TrendState>({ modelledThrough: null }).current;
  trendState.modelledThrough = trend?.modelledThrough ?? null;
  const options = useMemo(() => (data.view === 'scatter' ? scatterOptions() : trendOptions(c.greek ?? 'gamma', trendState)), [data.view, c.greek, trendState]);
  const aligned = useMemo(
    () => (scatter ? [scatter.x, scatter.y, scatter.fit, scatter.current] : [trend!.t, trend!.y, trend!.average]) as uPlot.AlignedData,
    [scatter, trend],
  );
  const caption = scatter
    ? `r = ${formatNumber(scatter.rValue, { decimals: 3 })} · slope = ${formatNumber(scatter.slope, { decimals: 3 })}`
    : `Current ${formatWithUnit(trend!.currentAggregate, c.greek ?? 'gamma')} · Average ${formatWithUnit(trend!.historicalAverage, c.greek ?? 'gamma')}`;
  return (
    <div className="ws-chart">
      <div className="ws-chart-caption" data-testid="statistics-caption">
        {caption}
        {trend?.modelledThrough != null && (
          <span className="ws-chart-modelled" data-testid="trend-modelled" title="Daily aggregates before the first computed session are modelled from a rolled copy of its book (methodology §4.8)">
            {' · '}{MODELLED_LABEL} through {new Date(trend.modelledThrough * 1000).toISOString().slice(0, 10)}
          </span>
        )}
      </div>
      <UPlotChart options={options} data={aligned} width={width} height={Math.max(50, height - 20)} configKey={`${data.view}|${c.greek}`} />
    </div>
  );
}
