import type { EditorProps } from '../types';
import { ExpirationsField, Field, ModeField, SelectField, TickerField } from '../shared/fields';
import { SIDE_LABELS, type PrintsConfiguration } from './transform';

const SIDES = (Object.keys(SIDE_LABELS) as (keyof typeof SIDE_LABELS)[]).map((s) => ({ value: s, label: SIDE_LABELS[s] }));
const SORTS = [{ value: 'premium' as const, label: 'Largest premium first' }, { value: 'time' as const, label: 'Latest first' }];

export default function PrintsEditor({ configuration: c, onChange, errors, disabled }: EditorProps<PrintsConfiguration>) {
  return (
    <>
      <TickerField value={c.ticker} onChange={(ticker) => onChange({ ticker })} error={errors.ticker} disabled={disabled} />
      <SelectField label="Side" value={c.side ?? 'all'} options={SIDES} onChange={(side) => onChange({ side })} disabled={disabled} />
      <SelectField label="Order" value={c.sort ?? 'premium'} options={SORTS} onChange={(sort) => onChange({ sort })} disabled={disabled} />
      <Field label="Minimum premium ($)" error={errors.minPremium}>
        {(id) => (
          <input id={id} type="number" min={0} step={1000} value={c.minPremium ?? 0} disabled={disabled}
            onChange={(e) => onChange({ minPremium: Math.max(0, Number(e.target.value) || 0) })} />
        )}
      </Field>
      <ModeField ticker={c.ticker} date={c.date} onChange={(date) => onChange({ date })} error={errors.date} disabled={disabled} />
      <ExpirationsField ticker={c.ticker} date={c.date} value={c.expirations ?? undefined} onChange={(expirations) => onChange({ expirations })} error={errors.expirations} disabled={disabled} />
    </>
  );
}
