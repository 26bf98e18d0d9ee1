import { useCallback, useMemo, useRef, useState } from 'react';
import { Tooltip } from '../../components/Tooltip';
import type uPlot from 'uplot';
import type { ExposureChangeResponse, ExposureResponse } from '../../api/data';
import type { ChartConfiguration } from '../../domain/types';
import { UPlotChart } from '../shared/UPlotChart';
import { MIN_STRIKE_PX, barsOptions, type MarkerState } from '../shared/uplotBuilders';
import { exposureReadout, exposureSeries, strikeWindow } from './transform';
import { ExposureLegend } from './Legend';
import { exposureUnit } from '../shared/units';
import type { RendererProps } from '../types';
import { GREEK_LABELS } from '../../domain/labels';
import { changeReadout, changeTimes, isChange, profileLines, PROFILE_LINES } from './compare';
import './compare.css';

/** Quick strike ranges offered on the chart (per cent of spot either side); null = the widget's own. */
export const QUICK_RANGES: (number | null)[] = [null, 2, 5, 10];

export function ExposureBars({ data, greek, kind, isCumulative, strikeRange, width, height }: { data: ExposureResponse | ExposureChangeResponse; greek: string; kind?: ChartConfiguration['kind']; isCumulative?: boolean; strikeRange?: number | null; width: number; height: number }) {
  // A change answer (Compare with, methodology §4.10) is drawn the same way: its points are differences.
  const change = isChange(data) ? data : null;
  // One bar per strike while each gets MIN_STRIKE_PX of the plot (a zoom counts only the strikes in
  // view); only beyond that are neighbouring strikes summed into one bar.
  const maxBars = Math.max(8, Math.floor((width - 100) / MIN_STRIKE_PX)); // the plot: the width less the value axis
  const [quick, setQuick] = useState<number | null>(null);
  const [zoom, setZoom] = useState<[number, number] | null>(null);
  const range = useMemo(() => strikeWindow(data, quick ?? strikeRange), [data, quick, strikeRange]);
  const series = useMemo(() => exposureSeries(data, { greek, kind, isCumulative, maxBars, window: range.window, visible: zoom }), [data, greek, kind, isCumulative, maxBars, range, zoom]);
  const extent = useRef<[number, number] | null>(null);
  // The extent of the strikes before any zoom: a scale covering it is no zoom.
  const full = useMemo(() => exposureSeries(data, { greek, kind, isCumulative, window: range.window }).strikes, [data, greek, kind, isCumulative, range]);
  extent.current = full.length ? [full[0], full[full.length - 1]] : null;
  const onXScale = useCallback((min: number, max: number) => {
    const e = extent.current;
    const whole = !e || (min <= e[0] && max >= e[1]);
    const same = (a: number, b: number) => Math.abs(a - b) <= 1e-9 * Math.max(1, Math.abs(a));
    setZoom((z) => (whole ? null : z && same(z[0], min) && same(z[1], max) ? z : [min, max]));
  }, []);
  const chooseRange = (r: number | null) => {
    setZoom(null);
    setQuick(r);
  };
  const lines = useMemo(() => (change ? profileLines(change, { greek, kind, isCumulative, maxBars, window: range.window, visible: zoom }) : null), [change, greek, kind, isCumulative, maxBars, range, zoom]);
  const state = useRef<MarkerState>({ markers: [] });
  state.current.markers = series.markers;
  state.current.readout = (i) => (change ? changeReadout(series, i, greek, { kind, isCumulative }, lines) : exposureReadout(series, i, greek, { kind, isCumulative }));
  state.current.onXScale = onXScale;
  // The served unit is the answer's greek's: an answer of another greek (the previous one, still at hand while
  // the new one loads) never lends its unit to the chosen greek's title.
  const servedUnit = !data.greek || data.greek === greek ? data.unit?.unit : null;
  const yLabel = `${change ? 'Change in ' : ''}${GREEK_LABELS[greek] ?? greek}${isCumulative ? ' (cumulative)' : ''}, ${exposureUnit(greek, servedUnit)}`;
  // The chart is rebuilt whenever its options change, the axis title included.
  const configKey = `${greek}|${kind}|${isCumulative}|${quick}|${yLabel}|${lines ? 'lines' : ''}`;
  const options = useMemo(() => {
    const o = barsOptions(state.current, yLabel);
    return lines ? { ...o, series: [...o.series, ...PROFILE_LINES.map((l) => ({ label: l.label, stroke: l.color, width: 1.5, dash: l.dash, points: { show: false }, spanGaps: true }))] } : o;
  }, [configKey]); // eslint-disable-line react-hooks/exhaustive-deps
  const aligned = useMemo(() => (lines ? [series.strikes, series.positive, series.negative, lines.now, lines.then] : [series.strikes, series.positive, series.negative]) as uPlot.AlignedData, [series, lines]);
  const times = change ? changeTimes(change.then.lastModified, change.lastModified) : '';
  return (
    <div className="ws-chart" data-spot={series.spot ?? ''} data-first-strike={series.strikes[0] ?? ''} data-max-abs={Math.max(0, ...series.values.map(Math.abs))} data-bin-size={series.binSize} data-change={change ? change.compareWith : undefined}>
      {times ? <div className="ws-compare-times" data-testid="compare-times" title={times}>{times}</div> : null}
      <UPlotChart options={options} data={aligned} width={width} height={height} configKey={configKey} points={series.strikes.length} xRange={zoom} />
      <div className="ws-range-toggle" role="group" aria-label="Strike range">
        {QUICK_RANGES.map((r) => (
          <Tooltip key={r ?? 'auto'} content={r === null ? `The widget's range: ${strikeWindow(data, strikeRange).label}` : `Strikes within ${r} % of spot`}>
            <button type="button" aria-pressed={quick === r} onClick={() => chooseRange(r)}>
              {r === null ? 'Auto' : `±${r} %`}
            </button>
          </Tooltip>
        ))}
      </div>
      <ExposureLegend greek={greek} markers={series.markers} range={range.label} binSize={series.binSize} change={times || undefined} lines={lines ? PROFILE_LINES : undefined} />
    </div>
  );
}

export default function ExposureRenderer({ data, configuration: c, width, height }: RendererProps<ExposureResponse, ChartConfiguration>) {
  return <ExposureBars data={data} greek={c.greek ?? data.greek} kind={c.kind} isCumulative={c.isCumulative} strikeRange={c.strikeRange} width={width} height={height} />;
}
