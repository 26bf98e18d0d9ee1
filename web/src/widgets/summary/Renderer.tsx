import { useMemo, useRef } from 'react';
import type uPlot from 'uplot';
import type { ChartConfiguration } from '../../domain/types';
import type { RendererProps } from '../types';
import type { SummaryData } from './transform';
import { UPlotChart } from '../shared/UPlotChart';
import { candlestickOptions, heatmapOptions, type CandleState, type HeatmapState } from '../shared/uplotBuilders';
import { gammaCandlestick, vannaHeatmap } from './transform';
import { ExposureBars } from '../exposure/Renderer';
import { ColorLegend } from '../shared/ColorLegend';
import { CandleLevelLegend } from '../shared/LineLegend';
import { useThemeMode } from '../shared/useThemeMode';
import { exposureUnit, formatDollars } from '../shared/units';

/** Height of the legend row under the heatmap and the candlestick. */
const LEGEND_HEIGHT = 24;
const servedUnit = (d: unknown): string | null => (d as { unit?: { unit?: string } | null } | null)?.unit?.unit ?? null;

function GammaCandles({ data, width, height }: { data: Extract<SummaryData, { view: 'gamma' }>; width: number; height: number }) {
  const theme = useThemeMode();
  const g = useMemo(() => gammaCandlestick(data.candles, data.exposure), [data]);
  const unit = exposureUnit('gamma', servedUnit(data.exposure));
  const state = useRef<CandleState>({ ...g, unit });
  state.current.candles = g.candles;
  state.current.levels = g.levels;
  state.current.scale = g.scale;
  state.current.priceRange = g.priceRange;
  state.current.unit = unit;
  const options = useMemo(() => candlestickOptions(state.current), []);
  const aligned = useMemo(() => [g.candles.t, g.candles.close] as uPlot.AlignedData, [g]);
  return (
    <div className="ws-chart" data-levels={g.levels.length} data-last-close={g.candles.close[g.candles.close.length - 1] ?? ''}>
      <UPlotChart options={options} data={aligned} width={width} height={Math.max(50, height - LEGEND_HEIGHT)} configKey={`gamma:${theme}`} points={g.candles.t.length} />
      <CandleLevelLegend theme={theme} unit={unit} />
    </div>
  );
}

function VannaHeatmap({ data, width, height }: { data: Extract<SummaryData, { view: 'vanna' }>; width: number; height: number }) {
  const theme = useThemeMode();
  const h = useMemo(() => vannaHeatmap(data.plane), [data]);
  const unit = exposureUnit('vanna', servedUnit(data.plane));
  const state = useRef<HeatmapState>({ ...h, unit });
  Object.assign(state.current, h, { unit });
  const options = useMemo(() => heatmapOptions(state.current), []);
  const mid = h.strikes[Math.floor(h.strikes.length / 2)] ?? 0;
  const aligned = useMemo(() => [h.x, h.x.map(() => mid)] as uPlot.AlignedData, [h, mid]);
  return (
    <div className="ws-chart" data-cells={h.x.length * h.strikes.length}>
      <UPlotChart options={options} data={aligned} width={width} height={Math.max(50, height - LEGEND_HEIGHT)} configKey={`vanna:${theme}`} points={h.x.length} />
      <ColorLegend kind="diverging" range={[-h.scale, h.scale]} format={(v) => (v === 0 ? '0' : formatDollars(v))} theme={theme} title={`Vanna, ${unit}`} testId="heatmap-legend" />
    </div>
  );
}

export default function SummaryRenderer({ data, configuration: c, width, height }: RendererProps<SummaryData, ChartConfiguration>) {
  if (data.view === 'vanna') return <VannaHeatmap data={data} width={width} height={height} />;
  if (data.view === 'charm') return <ExposureBars data={data.exposure} greek="charm" width={width} height={height} kind={c.kind} />;
  return <GammaCandles data={data} width={width} height={height} />;
}
