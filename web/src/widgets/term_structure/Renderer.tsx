import { useMemo } from 'react';
import type uPlot from 'uplot';
import type { TermStructureResponse } from '../../api/data';
import type { TickerConfiguration } from '../../domain/types';
import type { RendererProps } from '../types';
import { UPlotChart } from '../shared/UPlotChart';
import { formatNumber } from '../shared/format';
import { volPoints } from '../shared/volatility';
import { lineOptions } from '../shared/volChart';
import { termCurves } from './transform';

const SERIES = [
  { label: 'Now', stroke: '#7aa2f7' },
  { label: 'Previous close', stroke: '#f5c518', dash: [6, 4] },
  { label: 'Week ago', stroke: '#9aa3c2', dash: [2, 4] },
];

export default function TermStructureRenderer({ data, width, height }: RendererProps<TermStructureResponse, TickerConfiguration>) {
  const curves = useMemo(() => termCurves(data), [data]);
  const options = useMemo(() => lineOptions('Days to expiry', 'ATM IV, vol points', SERIES, { xFormat: (v) => formatNumber(v, { decimals: 0 }) }), []);
  const aligned = useMemo(() => [curves.days, curves.now, curves.previousClose, curves.weekAgo] as uPlot.AlignedData, [curves]);
  return (
    <div className="ws-chart" data-testid="term-structure">
      <div className="ws-chart-caption" data-testid="term-structure-caption">
        30-day ATM IV {formatNumber(volPoints(data.iv30), { decimals: 2 })} · {SERIES.map((s) => s.label).join(' / ')}
      </div>
      <UPlotChart options={options} data={aligned} width={width} height={Math.max(50, height - 20)} configKey="term" />
    </div>
  );
}
