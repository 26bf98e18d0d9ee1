import type { TickerConfiguration } from '../../domain/types';
import type { EditorProps } from '../types';
import { ModeField, TickerField } from './fields';

export default function TickerOnlyEditor({ configuration: c, onChange, errors, disabled }: EditorProps<TickerConfiguration>) {
  return (
    <>
      <TickerField value={c.ticker} onChange={(ticker) => onChange({ ticker })} error={errors.ticker} disabled={disabled} />
      <ModeField ticker={c.ticker} date={c.date} onChange={(date) => onChange({ date })} error={errors.date} disabled={disabled} />
    </>
  );
}
