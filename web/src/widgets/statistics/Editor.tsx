import type { ChartConfiguration } from '../../domain/types';
import type { EditorProps } from '../types';
import { ModeField, SelectField, TickerField } from '../shared/fields';
import { GREEKS } from '../../api/enums';
import { GREEK_LABELS } from '../../domain/labels';

export default function StatisticsEditor({ configuration: c, onChange, errors, disabled }: EditorProps<ChartConfiguration>) {
  return (
    <>
      <TickerField value={c.ticker} onChange={(ticker) => onChange({ ticker })} error={errors.ticker} disabled={disabled} />
      <SelectField
        label="Chart"
        value={c.chartName}
        options={[
          { value: 'SPOT_VOL_CORRELATION' as const, label: 'Spot–vol correlation' },
          { value: 'AGGREGATE_TREND' as const, label: 'Aggregate trend' },
        ]}
        onChange={(chartName) => onChange({ chartName })}
        error={errors.chartName}
        disabled={disabled}
      />
      {c.chartName === 'AGGREGATE_TREND' ? (
        <SelectField label="Greek" value={c.greek} options={GREEKS.map((g) => ({ value: g, label: GREEK_LABELS[g] }))} onChange={(greek) => onChange({ greek })} error={errors.greek} disabled={disabled} />
      ) : null}
      <ModeField ticker={c.ticker} date={c.date} onChange={(date) => onChange({ date })} error={errors.date} disabled={disabled} />
    </>
  );
}
