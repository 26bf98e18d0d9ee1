import { useMemo, useRef } from 'react';
import type uPlot from 'uplot';
import type { ExposureResponse } from '../../api/data';
import type { ChartConfiguration } from '../../domain/types';
import { UPlotChart } from '../shared/UPlotChart';
import { MIN_BAR_PX, barsOptions, type MarkerState } from '../shared/uplotBuilders';
import { exposureReadout, exposureSeries, strikeWindow } from './transform';
import { ExposureLegend } from './Legend';
import { exposureUnit } from '../shared/units';
import type { RendererProps } from '../types';
import { GREEK_LABELS } from '../../domain/labels';

export function ExposureBars({ data, greek, kind, isCumulative, strikeRange, width, height }: { data: ExposureResponse; greek: string; kind?: ChartConfiguration['kind']; isCumulative?: boolean; strikeRange?: number | null; width: number; height: number }) {
  // Bars at least MIN_BAR_PX wide with a gap: strikes beyond what the plot width can show are binned.
  const maxBars = Math.max(8, Math.floor((width - 80) / (MIN_BAR_PX * 1.5)));
  const range = useMemo(() => strikeWindow(data, strikeRange), [data, strikeRange]);
  const series = useMemo(() => exposureSeries(data, { greek, kind, isCumulative, maxBars, window: range.window }), [data, greek, kind, isCumulative, maxBars, range]);
  const state = useRef<MarkerState>({ markers: [] });
  state.current.markers = series.markers;
  state.current.readout = (i) => exposureReadout(series, i, greek, { kind, isCumulative });
  // The served unit is the answer's greek's: an answer of another greek (the previous one, still at hand while
  // the new one loads) never lends its unit to the chosen greek's title.
  const servedUnit = !data.greek || data.greek === greek ? data.unit?.unit : null;
  const yLabel = `${GREEK_LABELS[greek] ?? greek}${isCumulative ? ' (cumulative)' : ''}, ${exposureUnit(greek, servedUnit)}`;
  // The chart is rebuilt whenever its options change, the axis title included.
  const configKey = `${greek}|${kind}|${isCumulative}|${yLabel}`;
  const options = useMemo(() => barsOptions(state.current, yLabel), [configKey]); // eslint-disable-line react-hooks/exhaustive-deps
  const aligned = useMemo(() => [series.strikes, series.positive, series.negative] as uPlot.AlignedData, [series]);
  return (
    <div className="ws-chart" data-spot={series.spot ?? ''} data-first-strike={series.strikes[0] ?? ''} data-max-abs={Math.max(0, ...series.values.map(Math.abs))} data-bin-size={series.binSize}>
      <UPlotChart options={options} data={aligned} width={width} height={height} configKey={configKey} points={series.strikes.length} />
      <ExposureLegend greek={greek} markers={series.markers} range={range.label} binSize={series.binSize} />
    </div>
  );
}

export default function ExposureRenderer({ data, configuration: c, width, height }: RendererProps<ExposureResponse, ChartConfiguration>) {
  return <ExposureBars data={data} greek={c.greek ?? data.greek} kind={c.kind} isCumulative={c.isCumulative} strikeRange={c.strikeRange} width={width} height={height} />;
}
