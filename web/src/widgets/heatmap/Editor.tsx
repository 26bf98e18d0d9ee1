import type { ChartConfiguration } from '../../domain/types';
import type { EditorProps } from '../types';
import { ExpirationsField, ModeField, SelectField, TickerField } from '../shared/fields';
import { GREEKS } from '../../api/enums';
import { GREEK_LABELS, KIND_OPTIONS } from '../../domain/labels';

/** 0 stands for the server's default range (5 % beyond the session's prices); the configuration stores null. */
export const HEATMAP_RANGE_OPTIONS = [
  { value: 0, label: 'Default (±5 % of the session)' },
  ...[1, 2, 3, 10, 20].map((v) => ({ value: v, label: `±${v} % of the session` })),
];

export default function HeatmapEditor({ configuration: c, onChange, errors, disabled, mixed = [] }: EditorProps<ChartConfiguration>) {
  return (
    <>
      <TickerField value={c.ticker} onChange={(ticker) => onChange({ ticker })} error={errors.ticker} disabled={disabled} />
      <SelectField label="Greek" value={c.greek} mixed={mixed.includes('greek')} options={GREEKS.map((g) => ({ value: g, label: GREEK_LABELS[g] }))} onChange={(greek) => onChange({ greek })} error={errors.greek} disabled={disabled} />
      <SelectField label="Kind" value={c.kind} mixed={mixed.includes('kind')} options={KIND_OPTIONS} onChange={(kind) => onChange({ kind })} error={errors.kind} disabled={disabled} />
      <SelectField label="Strike range" value={c.strikeRange ?? 0} options={HEATMAP_RANGE_OPTIONS} onChange={(v) => onChange({ strikeRange: v || null })} disabled={disabled} />
      <ModeField ticker={c.ticker} date={c.date} onChange={(date) => onChange({ date })} error={errors.date} disabled={disabled} />
      <ExpirationsField ticker={c.ticker} date={c.date} value={c.expirations} onChange={(expirations) => onChange({ expirations })} error={errors.expirations} disabled={disabled} />
    </>
  );
}
