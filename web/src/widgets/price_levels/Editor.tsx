import type { EditorProps } from '../types';
import { ExpirationsField, ModeField, SelectField, TickerField } from '../shared/fields';
import type { PriceLevelsConfiguration } from './transform';

export const PREVIOUS_SESSION_OPTIONS = [0, 1, 2, 3, 4, 5].map((n) => ({ value: n, label: n === 0 ? 'This session only' : `${n} earlier session${n > 1 ? 's' : ''}` }));

export default function PriceLevelsEditor({ configuration: c, onChange, errors, disabled }: EditorProps<PriceLevelsConfiguration>) {
  return (
    <>
      <TickerField value={c.ticker} onChange={(ticker) => onChange({ ticker })} error={errors.ticker} disabled={disabled} />
      <SelectField label="Sessions" value={c.previousSessions ?? 0} options={PREVIOUS_SESSION_OPTIONS} onChange={(previousSessions) => onChange({ previousSessions })} disabled={disabled} />
      <ModeField ticker={c.ticker} date={c.date} onChange={(date) => onChange({ date })} error={errors.date} disabled={disabled} />
      <ExpirationsField ticker={c.ticker} date={c.date} value={c.expirations} onChange={(expirations) => onChange({ expirations })} error={errors.expirations} disabled={disabled} />
    </>
  );
}
