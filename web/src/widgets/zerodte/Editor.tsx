import type { TickerConfiguration } from '../../workspace/types';
import type { EditorProps } from '../types';
import { TickerField } from '../shared/fields';

export default function ZeroDteEditor({ configuration: c, onChange, errors, disabled }: EditorProps<TickerConfiguration>) {
  return <TickerField list="0dte" value={c.ticker} onChange={(ticker) => onChange({ ticker })} error={errors.ticker} disabled={disabled} />;
}
