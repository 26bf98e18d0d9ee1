// Form fields shared by the widget editors.
import { useEffect, useId, useRef, useState, type ReactNode } from 'react';
import { focusableWithin } from '../../components/focus';
import { useQuery } from '@tanstack/react-query';
import { expirationsQuery, greeksQuery, historicalDatesQuery, historicalTimesQuery, tickersQuery, zeroDteTickersQuery } from '../../api/data';
import type { Expirations, ExpirationOption } from '../../domain/types';
import { RELATIVE_PRESETS, describeExpirations, summarizeDates, resolveExpirations } from '../../domain/expirations';
import { useMarketClock } from './useMarketClock';
import { historicalApplyEnabled, V } from '../../domain/validation';
import { SearchSelect } from './SearchSelect';
import { clockText } from '../../lib/format';
import { GREEKS } from '../../api/enums';
import { GREEK_LABELS } from '../../domain/labels';
import { CalendarGrid, dayLabel } from '../../components/CalendarGrid';
import { Tabs, tabId, tabPanelId, type TabItem } from '../../components/Tabs';

export function Field({ label, error, children, hint }: { label: string; error?: string; children: (id: string) => ReactNode; hint?: ReactNode }) {
  const id = useId();
  return (
    <div className={`ws-field${error ? ' has-error' : ''}`}>
      <label htmlFor={id}>{label}</label>
      {children(id)}
      {hint ? <div className="ws-field-hint">{hint}</div> : null}
      {error ? (
        <div className="ws-field-error" role="alert">
          {error}
        </div>
      ) : null}
    </div>
  );
}

export function SelectField<T extends string | number>({
  label,
  value,
  options,
  onChange,
  error,
  disabled,
  mixed,
}: {
  label: string;
  value: T | undefined | null;
  options: { value: T; label: string }[];
  onChange: (v: T) => void;
  error?: string;
  disabled?: boolean;
  mixed?: boolean;
}) {
  return (
    <Field label={label} error={error}>
      {(id) => (
        <select
          id={id}
          aria-label={label}
          value={value === undefined || value === null ? '' : String(value)}
          disabled={disabled}
          onChange={(e) => {
            const o = options.find((x) => String(x.value) === e.target.value);
            if (o) onChange(o.value);
          }}
        >
          {value === undefined || value === null || mixed ? <option value="">{mixed ? 'Mixed' : 'Select…'}</option> : null}
          {options.map((o) => (
            <option key={String(o.value)} value={String(o.value)}>
              {o.label}
            </option>
          ))}
        </select>
      )}
    </Field>
  );
}

export function TickerField({
  value,
  onChange,
  error,
  disabled,
  list = 'all',
  date,
}: {
  value: string | undefined;
  onChange: (v: string) => void;
  error?: string;
  disabled?: boolean;
  list?: 'all' | '0dte';
  /** A historical widget's date: the 0DTE list is that session's. */
  date?: string | null;
}) {
  const regular = useQuery({ ...tickersQuery('all'), enabled: list === 'all' });
  const zero = useQuery({ ...zeroDteTickersQuery(date || null), enabled: list === '0dte' });
  const tickers = (list === '0dte' ? zero.data : regular.data) ?? [];
  const options = [...new Set([...(value ? [value] : []), ...tickers])];
  const empty = list === '0dte' && zero.isSuccess && tickers.length === 0;
  return (
    <Field label="Ticker" error={error}>
      {(id) =>
        empty ? (
          <div id={id} className="ws-empty-note">
            {V.zeroDteEmpty}
          </div>
        ) : (
          <SearchSelect id={id} label="Ticker" value={value} options={options} onChange={onChange} disabled={disabled} />
        )
      }
    </Field>
  );
}

/**
 * The greek select: its options are the server's list (volland-live-api-greeks), the generated list while
 * it loads or when it fails, so the select never waits on the call.
 */
export function GreekField({ value, onChange, error, disabled, mixed }: { value: string | undefined | null; onChange: (greek: string) => void; error?: string; disabled?: boolean; mixed?: boolean }) {
  const served = useQuery(greeksQuery());
  const greeks: readonly string[] = served.data?.length ? served.data : GREEKS;
  return <SelectField label="Greek" value={value} mixed={mixed} options={greeks.map((g) => ({ value: g, label: GREEK_LABELS[g] ?? g }))} onChange={onChange} error={error} disabled={disabled} />;
}

/** Live or Historical; Historical needs a date and a time among the available ones. */
export function ModeField({
  ticker,
  date,
  onChange,
  error,
  disabled,
}: {
  ticker: string;
  date: string | null | undefined;
  onChange: (date: string | null) => void;
  error?: string;
  disabled?: boolean;
}) {
  // A date set forces Historical; switching to Live clears it.
  const [historical, setHistorical] = useState(Boolean(date));
  useEffect(() => {
    if (date) setHistorical(true);
  }, [date]);
  const [d0, t0] = (date ?? '').split(' ');
  const [day, setDay] = useState<string | null>(d0 || null);
  const [time, setTime] = useState<string | null>(t0 || null);
  const dates = useQuery({ ...historicalDatesQuery(ticker), enabled: historical && Boolean(ticker) });
  const times = useQuery({ ...historicalTimesQuery(ticker, day), enabled: historical && Boolean(ticker && day) });
  const canApply = historicalApplyEnabled(day, time, dates.data, times.data);
  return (
    <div className="ws-mode">
      <div className="ws-toggle" role="group" aria-label="Data mode">
        <button type="button" aria-pressed={!historical} disabled={disabled} onClick={() => { setHistorical(false); onChange(null); }}>
          Live
        </button>
        <button
          type="button"
          aria-pressed={historical}
          disabled={disabled}
          onClick={() => {
            setHistorical(true);
            // Historical without an applied date is not Live: '' keeps the form from saving until Apply.
            if (!date) onChange('');
          }}
        >
          Historical
        </button>
      </div>
      {historical ? (
        <div className="ws-historical">
          <Field label="Calculation date" error={!date ? error ?? undefined : undefined}>
            {(id) => (
              <select id={id} aria-label="Calculation date" value={day ?? ''} disabled={disabled} onChange={(e) => { setDay(e.target.value || null); setTime(null); }}>
                <option value="">Select a date…</option>
                {[...(dates.data ?? [])].reverse().map((x) => (
                  <option key={x} value={x}>{x}</option>
                ))}
              </select>
            )}
          </Field>
          <Field label="Time (New York)">
            {(id) => (
              <select id={id} aria-label="Calculation time" value={time ?? ''} disabled={disabled || !day} onChange={(e) => setTime(e.target.value || null)}>
                <option value="">Select a time…</option>
                {(times.data ?? []).map((x) => (
                  <option key={x} value={x}>{clockText(x)}</option>
                ))}
              </select>
            )}
          </Field>
          <button type="button" className="ws-btn" disabled={!canApply || disabled} onClick={() => onChange(`${day} ${time}`)}>
            Apply
          </button>
          {date ? <div className="ws-field-hint">Calculated at {date}</div> : <div className="ws-field-hint">{V.dateRequired}</div>}
        </div>
      ) : null}
    </div>
  );
}

type PickerMode = 'relative' | 'range' | 'multiple';
const PICKER_MODES: TabItem<PickerMode>[] = [
  { id: 'relative', label: 'Relative' },
  { id: 'range', label: 'Specific range' },
  { id: 'multiple', label: 'Multiple dates' },
];

/** Calendar picker: relative presets (apply at once), a specific range or multiple dates (Apply). */
export function ExpirationsField({
  ticker,
  tickers,
  date,
  value,
  onChange,
  error,
  disabled,
}: {
  /** null: a mixed widget group, whose expirations are asked for with a null ticker (app spec, data calls). */
  ticker: string | null;
  /** The members' tickers of a mixed group. */
  tickers?: readonly string[];
  date?: string | null;
  value: Expirations | undefined;
  onChange: (e: Expirations) => void;
  error?: string;
  disabled?: boolean;
}) {
  const [open, setOpen] = useState(false);
  const [mode, setMode] = useState<PickerMode>(value?.option === 'CUSTOM' ? 'range' : value?.option === 'SPECIFIC' ? 'multiple' : 'relative');
  const [from, setFrom] = useState(value?.from ?? '');
  const [to, setTo] = useState(value?.to ?? '');
  const [dates, setDates] = useState<string[]>(value?.dates ?? []);
  const pickerId = useId();
  const day = date ? date.split(' ')[0] : null;
  const exps = useQuery({ ...expirationsQuery(ticker, day, tickers), enabled: ticker === null || Boolean(ticker) });
  const available = exps.data ?? [];
  const clock = useMarketClock();
  const chosen = resolveExpirations(value, available, clock);
  const availableSet = new Set(available);
  const clockDay = clock.today;
  const rootRef = useRef<HTMLDivElement>(null);
  const buttonRef = useRef<HTMLButtonElement>(null);
  const popupRef = useRef<HTMLDivElement>(null);
  // Opening moves focus into the picker; a press outside it closes it.
  useEffect(() => {
    if (!open) return undefined;
    if (popupRef.current) (popupRef.current.querySelector<HTMLElement>('[aria-selected="true"]') ?? focusableWithin(popupRef.current)[0])?.focus();
    const onDown = (e: MouseEvent | TouchEvent) => {
      if (!rootRef.current?.contains(e.target as Node)) setOpen(false);
    };
    document.addEventListener('mousedown', onDown);
    document.addEventListener('touchstart', onDown);
    return () => {
      document.removeEventListener('mousedown', onDown);
      document.removeEventListener('touchstart', onDown);
    };
  }, [open]);
  const onPopupKey = (e: React.KeyboardEvent<HTMLDivElement>) => {
    if (e.key !== 'Escape') return;
    // Only the picker closes: the dialog around it keeps its place.
    e.preventDefault();
    e.stopPropagation();
    e.nativeEvent.stopImmediatePropagation();
    setOpen(false);
    buttonRef.current?.focus();
  };
  return (
    <Field label="Expirations" error={error} hint={chosen.length ? summarizeDates(chosen) : undefined}>
      {(id) => (
        <div className="ws-exp" ref={rootRef}>
          <button ref={buttonRef} id={id} type="button" className="ws-select-like" aria-haspopup="dialog" aria-expanded={open} disabled={disabled} onClick={() => setOpen((o) => !o)}>
            {describeExpirations(value)}
          </button>
          {open ? (
            <div ref={popupRef} className="ws-exp-popup" role="dialog" aria-label="Choose expirations" onKeyDown={onPopupKey}>
              <Tabs items={PICKER_MODES} value={mode} onChange={setMode} label="Selection mode" idBase={pickerId} className="ws-toggle" tabClassName="ws-toggle-tab" />
              <div role="tabpanel" id={tabPanelId(pickerId, mode)} aria-labelledby={tabId(pickerId, mode)}>
              {mode === 'relative' ? (
                <div className="ws-exp-presets">
                  {RELATIVE_PRESETS.map((p) => (
                    <button
                      key={p.option}
                      type="button"
                      aria-pressed={value?.option === p.option}
                      onClick={() => {
                        onChange({ option: p.option as ExpirationOption });
                        setOpen(false);
                      }}
                    >
                      {p.label}
                    </button>
                  ))}
                </div>
              ) : null}
              {mode === 'range' ? (
                <div className="ws-exp-range">
                  <CalendarGrid
                    label="Expiration range"
                    initial={from || available[0] || clockDay}
                    onPick={(d) => {
                      // The first press starts a range, the second ends it (in either order); a third starts over.
                      if (!from || to) { setFrom(d); setTo(''); }
                      else if (d < from) { setTo(from); setFrom(d); }
                      else setTo(d);
                    }}
                    isSelected={(d) => d === from || d === to}
                    inRange={(d) => Boolean(from && to && d > from && d < to)}
                  />
                  <p className="ws-field-hint" data-testid="range-chosen">
                    {from ? `From ${dayLabel(from)}` : 'Choose the first day'}{from ? (to ? ` to ${dayLabel(to)}` : ' — choose the last day') : ''}
                  </p>
                  <button type="button" className="ws-btn" disabled={!from || !to || to < from} onClick={() => { onChange({ option: 'CUSTOM', from, to, dates: [] }); setOpen(false); }}>
                    Apply
                  </button>
                </div>
              ) : null}
              {mode === 'multiple' ? (
                <div className="ws-exp-multi">
                  <CalendarGrid
                    label="Expiration dates"
                    initial={dates[0] || available[0] || clockDay}
                    onPick={(d) => setDates((s) => (s.includes(d) ? s.filter((x) => x !== d) : [...s, d].sort()))}
                    isSelected={(d) => dates.includes(d)}
                    isEnabled={(d) => availableSet.has(d)}
                  />
                  <p className="ws-field-hint" data-testid="dates-chosen">{dates.length ? summarizeDates(dates) : 'Choose one or more expirations'}</p>
                  <button type="button" className="ws-btn" disabled={dates.length === 0} onClick={() => { onChange({ option: 'SPECIFIC', dates, from: null, to: null }); setOpen(false); }}>
                    Apply
                  </button>
                </div>
              ) : null}
              </div>
            </div>
          ) : null}
        </div>
      )}
    </Field>
  );
}
