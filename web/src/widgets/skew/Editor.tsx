import type { EditorProps } from '../types';
import { ModeField, SelectField, TickerField } from '../shared/fields';
import type { SkewConfiguration } from './transform';

const AXES = [{ value: 'strike', label: 'Strike' }, { value: 'delta', label: 'Delta' }];

/** The expiration is chosen on the widget's data (the route answers every listed expiration); the dialog
 * keeps the ticker, the axis and the mode. */
export default function SkewEditor({ configuration: c, onChange, errors, disabled }: EditorProps<SkewConfiguration>) {
  return (
    <>
      <TickerField value={c.ticker} onChange={(ticker) => onChange({ ticker, expiration: null })} error={errors.ticker} disabled={disabled} />
      <SelectField label="Smile against" value={c.axis ?? 'strike'} options={AXES} onChange={(axis) => onChange({ axis: axis as SkewConfiguration['axis'] })} disabled={disabled} />
      <ModeField ticker={c.ticker} date={c.date} onChange={(date) => onChange({ date })} error={errors.date} disabled={disabled} />
    </>
  );
}
