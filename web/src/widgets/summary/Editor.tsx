import type { ChartConfiguration } from '../../domain/types';
import type { EditorProps } from '../types';
import { ModeField, SelectField, TickerField } from '../shared/fields';

export const SUMMARY_OPTIONS = [
  { value: 'gamma', label: 'Gamma candlestick' },
  { value: 'vanna', label: 'Vanna heatmap' },
  { value: 'charm', label: 'Charm' },
];

export default function SummaryEditor({ configuration: c, onChange, errors, disabled }: EditorProps<ChartConfiguration>) {
  return (
    <>
      <TickerField value={c.ticker} onChange={(ticker) => onChange({ ticker })} error={errors.ticker} disabled={disabled} />
      <SelectField label="Greek" value={c.greek} options={SUMMARY_OPTIONS} onChange={(greek) => onChange({ greek })} error={errors.greek} disabled={disabled} />
      <ModeField ticker={c.ticker} date={c.date} onChange={(date) => onChange({ date })} error={errors.date} disabled={disabled} />
    </>
  );
}
