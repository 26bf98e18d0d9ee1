import { useMemo, useRef } from 'react';
import type uPlot from 'uplot';
import type { HeatmapResponse } from '../../api/data';
import type { ChartConfiguration } from '../../domain/types';
import { greekLabel } from '../../domain/labels';
import type { RendererProps } from '../types';
import { UPlotChart } from '../shared/UPlotChart';
import { heatmapOptions, type HeatmapState } from '../shared/uplotBuilders';
import { ColorLegend } from '../shared/ColorLegend';
import { SPOT } from '../shared/colors';
import { useThemeMode } from '../shared/useThemeMode';
import { exposureUnit, formatDollars } from '../shared/units';
import { sessionHeatmap } from './transform';

/** Height of the legend row under the chart. */
const LEGEND_HEIGHT = 24;

/** Strikes (y) by snapshot times (x) on the diverging scale of methodology §4.6, the price path drawn over. */
export default function HeatmapRenderer({ data, configuration: c, width, height }: RendererProps<HeatmapResponse, ChartConfiguration>) {
  const theme = useThemeMode();
  const greek = data.greek ?? c.greek ?? 'gamma';
  const h = useMemo(() => sessionHeatmap(data), [data]);
  const unit = exposureUnit(greek, data.unit?.unit ?? null);
  const label = greekLabel(greek);
  const state = useRef<HeatmapState>({ ...h, unit, label });
  Object.assign(state.current, h, { unit, label });
  const options = useMemo(() => heatmapOptions(state.current, { stroke: SPOT }), []);
  const aligned = useMemo(() => [h.x, h.spot] as uPlot.AlignedData, [h]);
  return (
    <div className="ws-chart" data-testid="session-heatmap" data-times={h.x.length} data-strikes={h.strikes.length} data-cells={h.x.length * h.strikes.length} data-scale={h.scale}>
      <UPlotChart options={options} data={aligned} width={width} height={Math.max(50, height - LEGEND_HEIGHT)} configKey={`heatmap:${theme}`} points={h.x.length} />
      <ColorLegend kind="diverging" range={[-h.scale, h.scale]} format={(v) => (v === 0 ? '0' : formatDollars(v))} theme={theme} title={`${label}, ${unit}`} testId="heatmap-legend" />
    </div>
  );
}
