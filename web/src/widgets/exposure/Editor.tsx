import { useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import type { ChartConfiguration, CompareWith } from '../../domain/types';
import type { EditorProps } from '../types';
import { ExpirationsField, Field, GreekField, ModeField, SelectField, TickerField } from '../shared/fields';
import { historicalDatesQuery, historicalTimesQuery } from '../../api/data';
import { KIND_OPTIONS } from '../../domain/labels';
import { COMPARE_OPTIONS } from './compare';

/** 0 stands for the automatic range (twice the 30-day expected move); the configuration stores null. */
export const STRIKE_RANGE_OPTIONS = [
  { value: 0, label: 'Auto (2× 30-day expected move)' },
  ...[2, 5, 10, 20, 30, 50].map((v) => ({ value: v, label: `±${v} % of spot` })),
];

/** The snapshot compared with, for 'Chosen time': a session date and one of its snapshot times. */
function CompareTimeField({ ticker, value, onChange, error, disabled }: { ticker: string; value: string | null | undefined; onChange: (v: string | null) => void; error?: string; disabled?: boolean }) {
  const [d0, t0] = (value ?? '').split(' ');
  const [day, setDay] = useState<string | null>(d0 || null);
  const dates = useQuery(historicalDatesQuery(ticker));
  const times = useQuery(historicalTimesQuery(ticker, day));
  return (
    <div className="ws-historical">
      <Field label="Compare date" error={!value ? error : undefined}>
        {(id) => (
          <select id={id} aria-label="Compare date" value={day ?? ''} disabled={disabled} onChange={(e) => { setDay(e.target.value || null); onChange(null); }}>
            <option value="">Select a date…</option>
            {[...(dates.data ?? [])].reverse().map((x) => (
              <option key={x} value={x}>{x}</option>
            ))}
          </select>
        )}
      </Field>
      <Field label="Compare time (New York)">
        {(id) => (
          <select id={id} aria-label="Compare time" value={day && day === d0 ? t0 ?? '' : ''} disabled={disabled || !day} onChange={(e) => onChange(e.target.value && day ? `${day} ${e.target.value}` : null)}>
            <option value="">Select a time…</option>
            {(times.data ?? []).map((x) => (
              <option key={x} value={x}>{x}</option>
            ))}
          </select>
        )}
      </Field>
    </div>
  );
}

export default function ExposureEditor({ configuration: c, onChange, errors, disabled, mixed = [] }: EditorProps<ChartConfiguration>) {
  return (
    <>
      <TickerField value={c.ticker} onChange={(ticker) => onChange({ ticker })} error={errors.ticker} disabled={disabled} />
      <GreekField value={c.greek} mixed={mixed.includes('greek')} onChange={(greek) => onChange(greek === 'vanna' ? { greek } : { greek, ivAdjusted: false })} error={errors.greek} disabled={disabled} />
      {c.greek === 'vanna' ? (
        <label className="ws-check">
          <input type="checkbox" checked={Boolean(c.ivAdjusted)} disabled={disabled} onChange={(e) => onChange(e.target.checked ? { ivAdjusted: true, expirations: { option: 'ALL' }, isCumulative: false, compareWith: null, compareTime: null, compareOverlay: false } : { ivAdjusted: false })} /> IV-adjusted (vanna for a +10 % IV move, all expirations)
        </label>
      ) : null}
      <SelectField label="Kind" value={c.kind} mixed={mixed.includes('kind')} options={KIND_OPTIONS} onChange={(kind) => onChange({ kind })} error={errors.kind} disabled={disabled} />
      <SelectField label="Strike range" value={c.strikeRange ?? 0} options={STRIKE_RANGE_OPTIONS} onChange={(v) => onChange({ strikeRange: v || null })} disabled={disabled} />
      <label className="ws-check">
        <input type="checkbox" checked={Boolean(c.isCumulative)} disabled={disabled} onChange={(e) => onChange({ isCumulative: e.target.checked })} /> Cumulative
      </label>
      <ModeField ticker={c.ticker} date={c.date} onChange={(date) => onChange(date ? { date } : { date, sessionClose: false })} error={errors.date} disabled={disabled} />
      {c.date && (c.expirations?.option ?? 'ALL') === 'ALL' && !c.isCumulative && !c.ivAdjusted ? (
        <label className="ws-check">
          <input type="checkbox" checked={Boolean(c.sessionClose)} disabled={disabled} onChange={(e) => onChange({ sessionClose: e.target.checked })} /> Session close of that day (end of day, all expirations)
        </label>
      ) : null}
      {c.ivAdjusted ? null : <ExpirationsField ticker={c.ticker} date={c.date} value={c.expirations} onChange={(expirations) => onChange({ expirations })} error={errors.expirations} disabled={disabled} />}
      {c.ivAdjusted ? null : <SelectField
        label="Compare with"
        value={c.compareWith ?? ''}
        options={COMPARE_OPTIONS}
        onChange={(v) => onChange(v ? { compareWith: v as CompareWith, compareTime: v === 'time' ? c.compareTime ?? null : null } : { compareWith: null, compareTime: null, compareOverlay: false })}
        error={errors.compareWith}
        disabled={disabled}
      />}
      {c.compareWith === 'time' ? <CompareTimeField ticker={c.ticker} value={c.compareTime} onChange={(compareTime) => onChange({ compareTime })} error={errors.compareTime} disabled={disabled} /> : null}
      {c.compareWith ? (
        <label className="ws-check">
          <input type="checkbox" checked={Boolean(c.compareOverlay)} disabled={disabled} onChange={(e) => onChange({ compareOverlay: e.target.checked })} /> Overlay both profiles
        </label>
      ) : null}
    </>
  );
}
