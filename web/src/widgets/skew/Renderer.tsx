import { useMemo } from 'react';
import type uPlot from 'uplot';
import type { SkewResponse } from '../../api/data';
import type { RendererProps } from '../types';
import { UPlotChart } from '../shared/UPlotChart';
import { formatNumber } from '../shared/format';
import { volPoints } from '../shared/volatility';
import { lineOptions } from '../shared/volChart';
import { skewHistory, smileSeries, type SkewAxis, type SkewConfiguration } from './transform';

export default function SkewRenderer({ data, configuration: c, width, height }: RendererProps<SkewResponse, SkewConfiguration>) {
  const axis: SkewAxis = c.axis === 'delta' ? 'delta' : 'strike';
  const smile = useMemo(() => smileSeries(data, axis), [data, axis]);
  const history = useMemo(() => skewHistory(data), [data]);
  const smileOptions = useMemo(() => lineOptions(axis === 'delta' ? 'Delta' : 'Strike', 'IV, vol points',
    [{ label: 'IV', stroke: '#7aa2f7' }], { xFormat: (v) => formatNumber(v, { decimals: axis === 'delta' ? 2 : 0 }) }), [axis]);
  const historyOptions = useMemo(() => lineOptions('Session', '30-day, vol points',
    [{ label: 'Risk reversal', stroke: '#e5484d' }, { label: 'Butterfly', stroke: '#f5c518', dash: [6, 4] }], { time: true }), []);
  const chartHeight = Math.max(50, height - 20);
  const smileHeight = history.t.length > 1 ? Math.round(chartHeight * 0.6) : chartHeight;
  return (
    <div className="ws-chart" data-testid="skew">
      <div className="ws-chart-caption" data-testid="skew-caption">
        {data.expiration ?? '—'} · ATM {formatNumber(volPoints(data.atmIv), { decimals: 2 })} · 30-day RR {formatNumber(data.riskReversal30, { decimals: 2 })} · BF {formatNumber(data.butterfly30, { decimals: 2 })}
      </div>
      <UPlotChart options={smileOptions} data={[smile.x, smile.iv] as uPlot.AlignedData} width={width} height={smileHeight} configKey={`smile|${axis}`} />
      {history.t.length > 1 && (
        <UPlotChart options={historyOptions} data={[history.t, history.riskReversal, history.butterfly] as uPlot.AlignedData}
          width={width} height={Math.max(50, chartHeight - smileHeight)} configKey="skew-history" />
      )}
    </div>
  );
}
