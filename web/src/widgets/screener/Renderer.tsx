import type { ScreenerConfiguration } from '../../domain/types';
import type { RendererProps } from '../types';
import { parseScreenerResults } from './transform';
import { formatScreenerValue, screenerUnit } from '../shared/units';
import { signOf } from '../shared/colors';
import { TickerLink } from '../shared/tickerLink';

export default function ScreenerRenderer({ data, configuration: c, height }: RendererProps<{ results: string[] }, ScreenerConfiguration>) {
  const rows = parseScreenerResults(data.results);
  const flag = c?.flag ?? 'norm';
  const greek = c?.greek ?? 'gamma';
  const unit = screenerUnit(flag, greek);
  return (
    <div className="ws-screener" style={{ maxHeight: height, overflow: 'auto' }}>
      <table>
        <thead>
          <tr>
            <th>#</th>
            <th>Ticker</th>
            <th>
              Change <span className="ws-value-unit">({unit})</span>
            </th>
          </tr>
        </thead>
        <tbody>
          {rows.map((r, i) => (
            <tr key={r.raw} data-testid="screener-row">
              <td>{i + 1}</td>
              <td>
                <TickerLink ticker={r.ticker} />
              </td>
              <td data-sign={signOf(r.value)} title={`${formatScreenerValue(r.value, flag)} ${unit}`}>{formatScreenerValue(r.value, flag)}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
