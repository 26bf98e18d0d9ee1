import type { ScreenerConfiguration } from '../../domain/types';
import type { EditorProps } from '../types';
import { Field, SelectField } from '../shared/fields';
import { SCREENER_GREEKS, SCREENER_LENGTHS } from '../../api/enums';
import { FLAG_LABELS, GREEK_LABELS, SUPERLATIVE_LABELS, TIMEFRAME_LABELS } from '../../domain/labels';

const opts = <T extends string>(labels: Record<T, string>) => (Object.keys(labels) as T[]).map((value) => ({ value, label: labels[value] }));

export default function ScreenerEditor({ configuration: c, onChange, errors, disabled }: EditorProps<ScreenerConfiguration>) {
  const range = c.stockPriceRange ?? { min: null, max: null };
  const num = (v: string) => (v.trim() === '' ? null : Number(v));
  return (
    <>
      <SelectField label="Flag" value={c.flag} options={opts(FLAG_LABELS)} onChange={(flag) => onChange({ flag })} error={errors.flag} disabled={disabled} />
      <SelectField label="Length" value={c.length} options={SCREENER_LENGTHS.map((v) => ({ value: v, label: String(v) }))} onChange={(length) => onChange({ length })} error={errors.length} disabled={disabled} />
      <SelectField label="Order" value={c.superlative} options={opts(SUPERLATIVE_LABELS)} onChange={(superlative) => onChange({ superlative })} error={errors.superlative} disabled={disabled} />
      <SelectField label="Greek" value={c.greek} options={SCREENER_GREEKS.map((g) => ({ value: g, label: GREEK_LABELS[g] ?? 'Price' }))} onChange={(greek) => onChange({ greek })} error={errors.greek} disabled={disabled} />
      <SelectField label="Time frame" value={c.timeFrame ?? c.time_frame} options={opts(TIMEFRAME_LABELS)} onChange={(timeFrame) => onChange({ timeFrame })} error={errors.timeFrame} disabled={disabled} />
      <Field label="Minimum stock price" error={errors.min}>
        {(id) => <input id={id} type="number" aria-label="Minimum stock price" disabled={disabled} value={range.min ?? ''} onChange={(e) => onChange({ stockPriceRange: { ...range, min: num(e.target.value) } })} />}
      </Field>
      <Field label="Maximum stock price" error={errors.max}>
        {(id) => <input id={id} type="number" aria-label="Maximum stock price" disabled={disabled} value={range.max ?? ''} onChange={(e) => onChange({ stockPriceRange: { ...range, max: num(e.target.value) } })} />}
      </Field>
    </>
  );
}
