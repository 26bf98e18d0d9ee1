import type { TickerSummary } from '../../api/data';
import type { TickerConfiguration } from '../../domain/types';
import type { RendererProps } from '../types';
import { tickerView } from './transform';
import { formatNumber, formatPercent, formatSigned } from '../shared/format';
import { ValueTile } from '../shared/ValueTile';

export default function TickerRenderer({ data }: RendererProps<TickerSummary, TickerConfiguration>) {
  const v = tickerView(data);
  return (
    <ValueTile
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
