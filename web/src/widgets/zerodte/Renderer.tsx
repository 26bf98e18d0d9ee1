import type { ZeroDteResponse } from '../../api/data';
import type { TickerConfiguration } from '../../domain/types';
import type { RendererProps } from '../types';
import { zeroDteView } from './transform';
import { formatNumber } from '../shared/format';
import { ValueTile } from '../shared/ValueTile';

export default function ZeroDteRenderer({ data }: RendererProps<ZeroDteResponse, TickerConfiguration>) {
  const v = zeroDteView(data);
  return (
    <ValueTile
      figures={[
        { label: 'Paradigm', value: v.paradigm, testId: 'zerodte-paradigm' },
        { label: 'Target', value: v.target, testId: 'zerodte-target' },
        { label: 'LIS', value: v.lis, testId: 'zerodte-lis' },
        { label: 'Aggregate charm', value: formatNumber(v.aggregateCharm, { compact: true }), raw: v.aggregateCharm, testId: 'zerodte-charm' },
        { label: '0DTE volume', value: formatNumber(v.volume, { compact: true }), testId: 'zerodte-volume' },
      ]}
    />
  );
}
