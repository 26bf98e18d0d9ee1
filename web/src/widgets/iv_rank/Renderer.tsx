import { useMemo } from 'react';
import type uPlot from 'uplot';
import type { IvRankResponse } from '../../api/data';
import type { TickerConfiguration } from '../../domain/types';
import type { RendererProps } from '../types';
import { UPlotChart } from '../shared/UPlotChart';
import { formatNumber } from '../shared/format';
import { volPoints } from '../shared/volatility';
import { lineOptions } from '../shared/volChart';
import { ivHistory, moveRows, rankSample } from './transform';

/** Expirations listed (nearest first); the table scrolls inside the widget. */
const MAX_ROWS = 40;

export default function IvRankRenderer({ data, width, height }: RendererProps<IvRankResponse, TickerConfiguration>) {
  const history = useMemo(() => ivHistory(data), [data]);
  const options = useMemo(() => lineOptions('Session', '30-day ATM IV, vol points', [{ label: 'IV30', stroke: '#7aa2f7' }], { time: true }), []);
  const rows = moveRows(data, MAX_ROWS);
  const chartHeight = Math.max(50, Math.round((height - 24) * 0.55));
  return (
    <div className="ws-chart" data-testid="iv-rank">
      <div className="ws-chart-caption" data-testid="iv-rank-caption">
        IV30 {formatNumber(volPoints(data.iv30), { decimals: 2 })} · Rank {formatNumber(data.ivRank, { decimals: 1 })} % · Percentile {formatNumber(data.ivPercentile, { decimals: 1 })} % · <span data-testid="iv-rank-sample">{rankSample(data)}</span>
      </div>
      <UPlotChart options={options} data={[history.t, history.iv] as uPlot.AlignedData} width={width} height={chartHeight} configKey="iv-rank" />
      <div className="ws-screener" style={{ maxHeight: Math.max(40, height - chartHeight - 24), overflow: 'auto' }}>
      <table data-testid="expected-moves">
        <thead><tr><th>Expiration</th><th>Days</th><th>Strike</th><th>Move (pts)</th><th>Move (%)</th></tr></thead>
        <tbody>
          {rows.map((r) => (
            <tr key={r.expiration}>
              <td>{r.expiration}</td><td>{r.days}</td><td>{formatNumber(r.strike, { decimals: 2 })}</td>
              <td>±{formatNumber(r.points, { decimals: 2 })}</td><td>±{formatNumber(r.percent, { decimals: 2 })}</td>
            </tr>
          ))}
        </tbody>
      </table>
      </div>
    </div>
  );
}
