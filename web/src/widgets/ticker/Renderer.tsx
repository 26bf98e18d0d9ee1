import type { TickerConfiguration } from '../../domain/types';
import type { RendererProps } from '../types';
import { eodRows, tickerView, type TickerSummaryData } from './transform';
import { formatDate } from '../../domain/expirations';
import { formatNumber, formatPercent, formatSigned } from '../shared/format';
import { ValueTile } from '../shared/ValueTile';

export default function TickerRenderer({ data }: RendererProps<TickerSummaryData, TickerConfiguration>) {
  const v = tickerView(data);
  const closes = eodRows(data.eod);
  const strikes = data.gammaStrikes?.strikes ?? [];
  const extra = closes.length || strikes.length ? (
    <div className="ws-ticker-extra">
      {closes.length ? (
        <table className="ws-mini-table" data-testid="ticker-eod">
          <caption>Last closes</caption>
          <thead><tr><th scope="col">Session</th><th scope="col">Close</th><th scope="col">VIX</th></tr></thead>
          <tbody>
            {closes.map((r) => (
              <tr key={r.date}><td>{formatDate(r.date)}</td><td>{formatNumber(r.close, { decimals: 2 })}</td><td>{formatNumber(r.vixClose, { decimals: 2 })}</td></tr>
            ))}
          </tbody>
        </table>
      ) : null}
      {strikes.length ? (
        <table className="ws-mini-table" data-testid="ticker-gamma-strikes">
          <caption>Largest gamma strikes</caption>
          <thead><tr><th scope="col">Strike</th><th scope="col">Gamma</th></tr></thead>
          <tbody>
            {strikes.map((s) => (
              <tr key={s.strike}><td>{formatNumber(s.strike, { decimals: 2 })}</td><td>{formatNumber(s.value, { compact: true })}</td></tr>
            ))}
          </tbody>
        </table>
      ) : null}
    </div>
  ) : null;
  return (
    <ValueTile
      footer={extra}
      figures={[
        { label: 'Price', value: formatNumber(v.price, { decimals: 2 }), testId: 'ticker-price' },
        { label: 'Change', value: `${formatSigned(v.change, { decimals: 2 })} (${formatPercent(v.changePct)})`, raw: v.change },
        { label: 'VIX', value: formatNumber(v.vix, { decimals: 2 }) },
        { label: 'VIX change', value: `${formatSigned(v.vixChange, { decimals: 2 })} (${formatPercent(v.vixChangePct)})`, raw: v.vixChange },
        { label: 'Notional volume', value: formatNumber(v.notionalVolume, { compact: true }) },
        { label: 'Vanna stochastic', help: 'vanna-stochastic', value: formatNumber(v.vannaStochastic, { decimals: 2 }) },
      ]}
    />
  );
}
