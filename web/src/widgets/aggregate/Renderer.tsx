import type { AggregateResponse } from '../../api/data';
import type { TickerConfiguration } from '../../domain/types';
import type { RendererProps } from '../types';
import { exposureUnit, formatDollars } from '../shared/units';
import { ValueTile } from '../shared/ValueTile';
import { GREEK_LABELS } from '../../domain/labels';

export default function AggregateRenderer({ data, configuration: c }: RendererProps<AggregateResponse, TickerConfiguration>) {
  const greek = data.greek ?? c.greek ?? '';
  return <ValueTile figures={[{ label: `Aggregate ${GREEK_LABELS[greek] ?? greek}`, unit: exposureUnit(greek, data.unit?.unit), value: formatDollars(data.aggregate), raw: data.aggregate, help: greek === 'charm' ? 'aggregate-charm' : undefined }]} />;
}
