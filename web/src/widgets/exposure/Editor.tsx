import type { ChartConfiguration } from '../../domain/types';
import type { EditorProps } from '../types';
import { ExpirationsField, ModeField, SelectField, TickerField } from '../shared/fields';
import { GREEKS } from '../../api/enums';
import { GREEK_LABELS, KIND_OPTIONS } from '../../domain/labels';

/** 0 stands for the automatic range (twice the 30-day expected move); the configuration stores null. */
export const STRIKE_RANGE_OPTIONS = [
  { value: 0, label: 'Auto (2× 30-day expected move)' },
  ...[2, 5, 10, 20, 30, 50].map((v) => ({ value: v, label: `±${v} % of spot` })),
];

export default function ExposureEditor({ configuration: c, onChange, errors, disabled, mixed = [] }: EditorProps<ChartConfiguration>) {
  return (
    <>
      <TickerField value={c.ticker} onChange={(ticker) => onChange({ ticker })} error={errors.ticker} disabled={disabled} />
      <SelectField label="Greek" value={c.greek} mixed={mixed.includes('greek')} options={GREEKS.map((g) => ({ value: g, label: GREEK_LABELS[g] }))} onChange={(greek) => onChange({ greek })} error={errors.greek} disabled={disabled} />
      <SelectField label="Kind" value={c.kind} mixed={mixed.includes('kind')} options={KIND_OPTIONS} onChange={(kind) => onChange({ kind })} error={errors.kind} disabled={disabled} />
      <SelectField label="Strike range" value={c.strikeRange ?? 0} options={STRIKE_RANGE_OPTIONS} onChange={(v) => onChange({ strikeRange: v || null })} disabled={disabled} />
      <label className="ws-check">
        <input type="checkbox" checked={Boolean(c.isCumulative)} disabled={disabled} onChange={(e) => onChange({ isCumulative: e.target.checked })} /> Cumulative
      </label>
      <ModeField ticker={c.ticker} date={c.date} onChange={(date) => onChange({ date })} error={errors.date} disabled={disabled} />
      <ExpirationsField ticker={c.ticker} date={c.date} value={c.expirations} onChange={(expirations) => onChange({ expirations })} error={errors.expirations} disabled={disabled} />
    </>
  );
}
