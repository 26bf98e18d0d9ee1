import type { ChartConfiguration, ChartName } from '../../domain/types';
import type { EditorProps } from '../types';
import { ExpirationsField, ModeField, SelectField, TickerField } from '../shared/fields';
import { MEASURE_LABELS, type VolumeOiMeasure } from './transform';

/** 0 stands for the server's default range (10 % of the price each side); the configuration stores null. */
export const VOLUME_OI_RANGE_OPTIONS = [
  { value: 0, label: 'Default (±10 % of the price)' },
  ...[2, 5, 20, 50].map((v) => ({ value: v, label: `±${v} % of the price` })),
];

const MEASURES = (Object.keys(MEASURE_LABELS) as VolumeOiMeasure[]).map((m) => ({ value: m as ChartName, label: MEASURE_LABELS[m] }));

export default function VolumeOiEditor({ configuration: c, onChange, errors, disabled }: EditorProps<ChartConfiguration>) {
  return (
    <>
      <TickerField value={c.ticker} onChange={(ticker) => onChange({ ticker })} error={errors.ticker} disabled={disabled} />
      <SelectField label="Bars" value={c.chartName} options={MEASURES} onChange={(chartName) => onChange({ chartName })} error={errors.chartName} disabled={disabled} />
      <SelectField label="Strike range" value={c.strikeRange ?? 0} options={VOLUME_OI_RANGE_OPTIONS} onChange={(v) => onChange({ strikeRange: v || null })} disabled={disabled} />
      <ModeField ticker={c.ticker} date={c.date} onChange={(date) => onChange({ date })} error={errors.date} disabled={disabled} />
      <ExpirationsField ticker={c.ticker} date={c.date} value={c.expirations} onChange={(expirations) => onChange({ expirations })} error={errors.expirations} disabled={disabled} />
    </>
  );
}
