import type { TickerConfiguration } from '../../domain/types';
import type { EditorProps } from '../types';
import { GreekField, ModeField, TickerField } from '../shared/fields';

export default function AggregateEditor({ configuration: c, onChange, errors, disabled }: EditorProps<TickerConfiguration>) {
  return (
    <>
      <TickerField value={c.ticker} onChange={(ticker) => onChange({ ticker })} error={errors.ticker} disabled={disabled} />
      <GreekField value={c.greek} onChange={(greek) => onChange({ greek })} error={errors.greek} disabled={disabled} />
      <ModeField ticker={c.ticker} date={c.date} onChange={(date) => onChange({ date })} error={errors.date} disabled={disabled} />
    </>
  );
}
