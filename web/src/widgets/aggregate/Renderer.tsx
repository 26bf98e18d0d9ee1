import type { AggregateResponse } from '../../api/data';
import type { TickerConfiguration } from '../../domain/types';
import type { RendererProps } from '../types';
import { formatNumber } from '../shared/format';
import { ValueTile } from '../shared/ValueTile';
import { GREEK_LABELS } from '../../domain/labels';

export default function AggregateRenderer({ data, configuration: c }: RendererProps<AggregateResponse, TickerConfiguration>) {
  const greek = data.greek ?? c.greek ?? '';
  return <ValueTile figures={[{ label: `Aggregate ${GREEK_LABELS[greek] ?? greek}`, value: formatNumber(data.aggregate, { compact: true }), raw: data.aggregate, help: greek === 'charm' ? 'aggregate-charm' : undefined }]} />;
}
