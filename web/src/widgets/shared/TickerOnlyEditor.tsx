import type { TickerConfiguration } from '../../workspace/types';
import type { EditorProps } from '../types';
import { TickerField } from './fields';

export default function TickerOnlyEditor({ configuration: c, onChange, errors, disabled }: EditorProps<TickerConfiguration>) {
  return <TickerField value={c.ticker} onChange={(ticker) => onChange({ ticker })} error={errors.ticker} disabled={disabled} />;
}
