import type { ChartConfiguration } from '../../domain/types';
import type { EditorProps } from '../types';
import { ModeField, SelectField, TickerField } from '../shared/fields';
import { GREEK_LABELS, KIND_OPTIONS, SURFACE_GREEKS } from '../../domain/labels';

export default function SurfaceEditor({ configuration: c, onChange, errors, disabled }: EditorProps<ChartConfiguration>) {
  return (
    <>
      <TickerField value={c.ticker} onChange={(ticker) => onChange({ ticker })} error={errors.ticker} disabled={disabled} />
      <SelectField
        label="Surface"
        value={c.chartName}
        options={[
          { value: 'GREEK_VOLATILITY' as const, label: 'Greek surface' },
          { value: 'IV_VOLATILITY' as const, label: 'Implied volatility surface' },
        ]}
        onChange={(chartName) => onChange({ chartName })}
        error={errors.chartName}
        disabled={disabled}
      />
      {c.chartName !== 'IV_VOLATILITY' ? (
        <>
          <SelectField label="Greek" value={c.greek} options={SURFACE_GREEKS.map((g) => ({ value: g, label: GREEK_LABELS[g] }))} onChange={(greek) => onChange({ greek })} error={errors.greek} disabled={disabled} />
          <SelectField label="Kind" value={c.kind} options={KIND_OPTIONS} onChange={(kind) => onChange({ kind })} error={errors.kind} disabled={disabled} />
        </>
      ) : null}
      <ModeField ticker={c.ticker} date={c.date} onChange={(date) => onChange({ date })} error={errors.date} disabled={disabled} />
    </>
  );
}
