import type { ScreenerConfiguration } from '../../domain/types';
import type { RendererProps } from '../types';
import { parseScreenerResults } from './transform';
import { formatNumber } from '../shared/format';
import { signOf } from '../shared/colors';

export default function ScreenerRenderer({ data, height }: RendererProps<{ results: string[] }, ScreenerConfiguration>) {
  const rows = parseScreenerResults(data.results);
  return (
    <div className="ws-screener" style={{ maxHeight: height, overflow: 'auto' }}>
      <table>
        <thead>
          <tr>
            <th>#</th>
            <th>Ticker</th>
            <th>Value</th>
          </tr>
        </thead>
        <tbody>
          {rows.map((r, i) => (
            <tr key={r.raw} data-testid="screener-row">
              <td>{i + 1}</td>
              <td>{r.ticker}</td>
              <td data-sign={signOf(r.value)}>{formatNumber(r.value, { decimals: 3 })}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
