import type { EditorProps } from '../../../widgets/types';
import type { ProbeConfiguration } from './transform';

export default function ProbeEditor({ configuration: c, onChange, errors }: EditorProps<ProbeConfiguration>) {
  return (
    <label>
      Probe ticker
      <input aria-label="Probe ticker" value={c.ticker} onChange={(e) => onChange({ ticker: e.target.value })} />
      {errors.ticker ? <span role="alert">{errors.ticker}</span> : null}
    </label>
  );
}
