import { useMemo, useRef } from 'react';
import type uPlot from 'uplot';
import type { ExposureResponse } from '../../api/data';
import type { ChartConfiguration } from '../../workspace/types';
import { UPlotChart } from '../shared/UPlotChart';
import { barsOptions, type MarkerState } from '../shared/uplotBuilders';
import { exposureSeries } from './transform';
import type { RendererProps } from '../types';
import { GREEK_LABELS } from '../kinds';

export function ExposureBars({ data, greek, kind, isCumulative, width, height }: { data: ExposureResponse; greek: string; kind?: ChartConfiguration['kind']; isCumulative?: boolean; width: number; height: number }) {
  const series = useMemo(() => exposureSeries(data, { greek, kind, isCumulative }), [data, greek, kind, isCumulative]);
  const state = useRef<MarkerState>({ markers: [] });
  state.current.markers = series.markers;
  const configKey = `${greek}|${kind}|${isCumulative}`;
  const options = useMemo(() => barsOptions(state.current, `${GREEK_LABELS[greek] ?? greek}${isCumulative ? ' (cumulative)' : ''}`), [configKey]); // eslint-disable-line react-hooks/exhaustive-deps
  const aligned = useMemo(() => [series.strikes, series.positive, series.negative] as uPlot.AlignedData, [series]);
  return (
    <div className="ws-chart" data-spot={series.spot ?? ''} data-first-strike={series.strikes[0] ?? ''} data-max-abs={Math.max(0, ...series.values.map(Math.abs))}>
      <UPlotChart options={options} data={aligned} width={width} height={height} configKey={configKey} points={series.strikes.length} />
    </div>
  );
}

export default function ExposureRenderer({ data, configuration: c, width, height }: RendererProps<ExposureResponse, ChartConfiguration>) {
  return <ExposureBars data={data} greek={c.greek ?? data.greek} kind={c.kind} isCumulative={c.isCumulative} width={width} height={height} />;
}
