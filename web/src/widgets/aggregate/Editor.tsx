import type { TickerConfiguration } from '../../domain/types';
import type { EditorProps } from '../types';
import { ModeField, SelectField, TickerField } from '../shared/fields';
import { GREEKS } from '../../api/enums';
import { GREEK_LABELS } from '../../domain/labels';

export default function AggregateEditor({ configuration: c, onChange, errors, disabled }: EditorProps<TickerConfiguration>) {
  return (
    <>
      <TickerField value={c.ticker} onChange={(ticker) => onChange({ ticker })} error={errors.ticker} disabled={disabled} />
      <SelectField label="Greek" value={c.greek} options={GREEKS.map((g) => ({ value: g, label: GREEK_LABELS[g] }))} onChange={(greek) => onChange({ greek })} error={errors.greek} disabled={disabled} />
      <ModeField ticker={c.ticker} date={c.date} onChange={(date) => onChange({ date })} error={errors.date} disabled={disabled} />
    </>
  );
}
