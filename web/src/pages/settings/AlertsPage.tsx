// Settings > Alerts: the user's alert rules (add, edit, pause, resume, delete), the alerts they fired
// with each level's record, the delivery log, and the levels scorecard of a ticker.
import { useState, type FormEvent } from 'react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Link } from 'react-router';
import {
  alertDeliveriesQuery,
  alertFiringsQuery,
  alertKeys,
  alertRulesQuery,
  createAlertRule,
  deleteAlertRule,
  formatRate,
  recordLine,
  LEVELS,
  RULE_KINDS,
  scorecardPath,
  scorecardQuery,
  updateAlertRule,
  type AlertRule,
  type AlertRuleInput,
} from '../../api/alerts';
import { ApiRequestError } from '../../api/client';
import { userKeys } from '../../api/users';
import { formatDateTime } from '../../lib/format';
import { useNotify } from '../../lib/notifications';
import { Button } from '../../components/Button';
import { PageSpinner } from '../../components/Spinner';
import { TextField } from '../../components/TextField';

type Kind = AlertRuleInput['kind'];
type Channel = 'app' | 'email' | 'webhook';
const GREEKS = ['delta', 'gamma', 'vanna', 'charm', 'vega', 'theta', 'vomma', 'rho', 'dag'];

interface FormState {
  ticker: string;
  kind: Kind;
  level: string;
  direction: string;
  price: string;
  to: string;
  wall: string;
  strikes: string;
  greek: string;
  threshold: string;
  points: string;
  channels: Channel[];
  webhookUrl: string;
}

const EMPTY: FormState = {
  ticker: 'SPX', kind: 'level_cross', level: 'zeroGamma', direction: 'either', price: '', to: '', wall: 'callWall',
  strikes: '2', greek: 'gamma', threshold: '0', points: '2', channels: ['app'], webhookUrl: '',
};

function toParams(f: FormState): Record<string, unknown> {
  const num = (s: string) => (s.trim() === '' ? s : Number(s));
  switch (f.kind) {
    case 'level_cross': return { level: f.level, direction: f.direction };
    case 'price_cross': return { price: num(f.price), direction: f.direction };
    case 'paradigm_change': return f.to ? { to: f.to } : {};
    case 'wall_move': return { wall: f.wall, strikes: num(f.strikes) };
    case 'greek_threshold': return { greek: f.greek, threshold: num(f.threshold), direction: f.direction };
    case 'vol_event': return { points: num(f.points), direction: f.direction };
  }
  return {};
}

function fromRule(r: AlertRule): FormState {
  const p = r.params as Record<string, unknown>;
  const s = (v: unknown, d: string) => (v === undefined || v === null ? d : String(v));
  return {
    ...EMPTY, ticker: r.ticker, kind: r.kind as Kind, level: s(p.level, 'zeroGamma'), direction: s(p.direction, 'either'),
    price: s(p.price, ''), to: s(p.to, ''), wall: s(p.wall, 'callWall'), strikes: s(p.strikes, '2'), greek: s(p.greek, 'gamma'),
    threshold: s(p.threshold, '0'), points: s(p.points, '2'), channels: r.channels as Channel[], webhookUrl: r.webhookUrl ?? '',
  };
}

export function describeRule(r: Pick<AlertRule, 'kind' | 'params'>): string {
  const p = r.params as Record<string, string | number | null | undefined>;
  const dir = p.direction && p.direction !== 'either' ? ` (${p.direction})` : '';
  switch (r.kind) {
    case 'level_cross': return `Spot crosses ${LEVELS.find((l) => l.value === p.level)?.label ?? p.level}${dir}`;
    case 'price_cross': return `Spot crosses ${p.price}${dir}`;
    case 'paradigm_change': return p.to ? `Paradigm changes to ${p.to}` : 'Paradigm changes';
    case 'wall_move': return `${p.wall === 'putWall' ? 'Put' : 'Call'} wall moves ${p.strikes}+ strikes`;
    case 'greek_threshold': return Number(p.threshold) === 0 ? `Aggregate ${p.greek} changes sign${dir}` : `Aggregate ${p.greek} crosses ${p.threshold}${dir}`;
    case 'vol_event': return `VIX moves ${p.points}+ points from the close${dir}`;
  }
  return r.kind;
}

function NativeSelect({ label, value, onChange, options, name }: { label: string; value: string; name: string; onChange: (v: string) => void; options: { value: string; label: string }[] }) {
  return (
    <div className="field">
      <div className="field-label-row">
        <label className="field-label" htmlFor={`alert-${name}`}>{label}</label>
      </div>
      <select id={`alert-${name}`} name={name} className="input" value={value} onChange={(e) => onChange(e.target.value)}>
        {options.map((o) => <option key={o.value} value={o.value}>{o.label}</option>)}
      </select>
    </div>
  );
}

const DIRECTIONS = [{ value: 'either', label: 'Either way' }, { value: 'up', label: 'Upward' }, { value: 'down', label: 'Downward' }];

function ScorecardSection() {
  const [input, setInput] = useState('SPX');
  const [ticker, setTicker] = useState('SPX');
  const card = useQuery(scorecardQuery(ticker));
  return (
    <section className="card" aria-labelledby="scorecard-title" data-testid="levels-scorecard">
      <h2 id="scorecard-title">Levels scorecard</h2>
      <form className="inline-form" onSubmit={(e) => { e.preventDefault(); setTicker(input.trim().toUpperCase()); }}>
        <TextField label="Ticker" name="scorecardTicker" value={input} onChange={(e) => setInput(e.target.value)} maxLength={16} />
        <Button type="submit" variant="secondary">Show</Button>
      </form>
      {card.isPending ? <PageSpinner /> : card.isError ? (
        <p className="form-error" role="alert">{card.error.message}</p>
      ) : (
        <>
          <p className="muted">
            {card.data.ticker}: {card.data.sessions} sessions{card.data.firstSession ? ` (${card.data.firstSession} to ${card.data.lastSession})` : ''}, as of {formatDateTime(card.data.asOf)}.
            Held means spot turned back by {card.data.holdDistancePercent} % of the level before going through it by as much.
            {card.data.simulated && <strong data-testid="scorecard-simulated"> Simulated: the demo market, not a real one.</strong>}
          </p>
          <p><Link to={scorecardPath(card.data.ticker)} data-testid="scorecard-page-link">Open the {card.data.ticker} levels scorecard</Link></p>
          <div className="table-scroll">
            <table className="table" aria-label="Levels scorecard">
              <thead><tr><th scope="col">Level</th><th scope="col">Touched in session</th><th scope="col">Held when touched</th></tr></thead>
              <tbody>
                {LEVELS.map((l) => {
                  const rec = card.data.levels[l.value];
                  return <tr key={l.value}><td>{l.label}</td><td>{formatRate(rec.touch)}</td><td>{formatRate(rec.hold)}</td></tr>;
                })}
                <tr><td>Paradigm target</td><td colSpan={2}>reached in {formatRate(card.data.levels.paradigmTarget)}</td></tr>
              </tbody>
            </table>
          </div>
        </>
      )}
    </section>
  );
}

export default function AlertsPage() {
  const rules = useQuery(alertRulesQuery());
  const deliveries = useQuery(alertDeliveriesQuery());
  const firings = useQuery(alertFiringsQuery());
  const client = useQueryClient();
  const notify = useNotify();
  const [form, setForm] = useState<FormState>(EMPTY);
  const [editing, setEditing] = useState<number | null>(null);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const set = <K extends keyof FormState>(k: K, v: FormState[K]) => setForm((f) => ({ ...f, [k]: v }));
  // The profile's count of active rules decides whether the app follows the alert stream.
  const refresh = () => Promise.all([client.invalidateQueries({ queryKey: alertKeys.all }), client.invalidateQueries({ queryKey: userKeys.me() })]);

  const save = useMutation({
    mutationFn: (body: AlertRuleInput) => (editing ? updateAlertRule(editing, body) : createAlertRule(body)),
    onSuccess: () => { setForm(EMPTY); setEditing(null); setErrors({}); void refresh(); notify({ type: 'SUCCESS', title: 'Alert rule saved' }); },
    onError: (err) => {
      setErrors(err instanceof ApiRequestError ? err.fieldErrors() : {});
      notify({ type: 'ERROR', title: 'The rule could not be saved.', content: err instanceof ApiRequestError ? err.message : undefined });
    },
  });
  const patch = useMutation({ mutationFn: ({ id, body }: { id: number; body: Partial<AlertRuleInput> }) => updateAlertRule(id, body), onSuccess: () => void refresh() });
  const remove = useMutation({ mutationFn: (id: number) => deleteAlertRule(id), onSuccess: () => void refresh() });

  const submit = (e: FormEvent) => {
    e.preventDefault();
    save.mutate({
      ticker: form.ticker.trim(), kind: form.kind, params: toParams(form), channels: form.channels,
      webhookUrl: form.channels.includes('webhook') ? form.webhookUrl.trim() : null,
    });
  };
  const toggleChannel = (c: Channel, on: boolean) => set('channels', on ? [...new Set([...form.channels, c])] : form.channels.filter((x) => x !== c));
  const paramError = Object.entries(errors).find(([k]) => k.startsWith('params'))?.[1];

  return (
    <section aria-labelledby="alerts-title">
      <div className="section-head"><h2 id="alerts-title">Alerts</h2></div>
      <p className="muted">
        Rules are evaluated on each snapshot your plan sees, never earlier, and fire once per crossing.
        {rules.data && ` Your plan keeps up to ${rules.data.limit} rules.`}
      </p>
      <form className="card" onSubmit={submit} aria-label={editing ? 'Edit alert rule' : 'New alert rule'} data-testid="alert-rule-form">
        <h3>{editing ? 'Edit rule' : 'New rule'}</h3>
        <TextField label="Ticker" name="ticker" value={form.ticker} onChange={(e) => set('ticker', e.target.value)} error={errors.ticker} maxLength={16} />
        <NativeSelect label="When" name="kind" value={form.kind} onChange={(v) => set('kind', v as Kind)} options={[...RULE_KINDS]} />
        {form.kind === 'level_cross' && <NativeSelect label="Level" name="level" value={form.level} onChange={(v) => set('level', v)} options={[...LEVELS]} />}
        {form.kind === 'price_cross' && <TextField label="Price" name="price" type="number" step="any" value={form.price} onChange={(e) => set('price', e.target.value)} />}
        {form.kind === 'paradigm_change' && (
          <NativeSelect label="Changes to" name="to" value={form.to} onChange={(v) => set('to', v)}
            options={[{ value: '', label: 'Any paradigm' }, ...['GEX', 'AG', 'BOFA', 'SIDIAL'].map((p) => ({ value: p, label: p }))]} />
        )}
        {form.kind === 'wall_move' && (
          <>
            <NativeSelect label="Wall" name="wall" value={form.wall} onChange={(v) => set('wall', v)} options={[{ value: 'callWall', label: 'Call wall' }, { value: 'putWall', label: 'Put wall' }]} />
            <TextField label="Strikes" name="strikes" type="number" min={1} max={50} value={form.strikes} onChange={(e) => set('strikes', e.target.value)} />
          </>
        )}
        {form.kind === 'greek_threshold' && (
          <>
            <NativeSelect label="Greek" name="greek" value={form.greek} onChange={(v) => set('greek', v)} options={GREEKS.map((g) => ({ value: g, label: g }))} />
            <TextField label="Threshold (0: sign change)" name="threshold" type="number" step="any" value={form.threshold} onChange={(e) => set('threshold', e.target.value)} />
          </>
        )}
        {form.kind === 'vol_event' && <TextField label="VIX points from the previous close" name="points" type="number" step="any" value={form.points} onChange={(e) => set('points', e.target.value)} />}
        {['level_cross', 'price_cross', 'greek_threshold', 'vol_event'].includes(form.kind) && (
          <NativeSelect label="Direction" name="direction" value={form.direction} onChange={(v) => set('direction', v)} options={DIRECTIONS} />
        )}
        {paramError && <p className="form-error" role="alert">{paramError}</p>}
        <fieldset className="checkbox-group">
          <legend>Deliver</legend>
          {(['app', 'email', 'webhook'] as Channel[]).map((c) => (
            <label key={c} className="checkbox">
              <input type="checkbox" checked={form.channels.includes(c)} onChange={(e) => toggleChannel(c, e.target.checked)} />
              <span>{c === 'app' ? 'In the app' : c === 'email' ? 'By e-mail' : 'By webhook'}</span>
            </label>
          ))}
        </fieldset>
        {form.channels.includes('webhook') && (
          <TextField label="Webhook URL" name="webhookUrl" value={form.webhookUrl} onChange={(e) => set('webhookUrl', e.target.value)} error={errors.webhookUrl}
            hint="https only. Bodies are signed: header Volland-Signature: t=<unix time>,v1=<HMAC-SHA256 of t.body with the rule's secret>." />
        )}
        <div className="form-actions">
          <Button type="submit" loading={save.isPending}>{editing ? 'Save rule' : 'Add rule'}</Button>
          {editing && <Button type="button" variant="ghost" onClick={() => { setEditing(null); setForm(EMPTY); setErrors({}); }}>Cancel</Button>}
        </div>
      </form>

      {rules.isPending ? <PageSpinner /> : rules.isError ? <p className="form-error" role="alert">{rules.error.message}</p> : rules.data.rules.length === 0 ? (
        <p className="muted" data-testid="alert-rules-empty">No alert rules yet.</p>
      ) : (
        <div className="table-scroll">
          <table className="table" aria-label="Alert rules">
            <thead><tr><th scope="col">Ticker</th><th scope="col">Rule</th><th scope="col">Delivery</th><th scope="col">State</th><th scope="col"><span className="visually-hidden">Actions</span></th></tr></thead>
            <tbody>
              {rules.data.rules.map((r) => (
                <tr key={r.id} data-testid="alert-rule-row">
                  <td>{r.ticker}</td>
                  <td>{describeRule(r)}</td>
                  <td>{r.channels.join(', ')}{r.webhookDisabledAt ? ' (webhook switched off after failures)' : ''}</td>
                  <td>{r.isPaused ? 'Paused' : 'Active'}</td>
                  <td className="align-right">
                    <Button variant="ghost" size="small" onClick={() => { setEditing(r.id); setForm(fromRule(r)); }}>Edit</Button>
                    <Button variant="ghost" size="small" onClick={() => patch.mutate({ id: r.id, body: { isPaused: !r.isPaused } })}>{r.isPaused ? 'Resume' : 'Pause'}</Button>
                    <Button variant="ghost" size="small" onClick={() => remove.mutate(r.id)} aria-label={`Delete rule ${r.id}`}>Delete</Button>
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}

      <h3>Recent alerts</h3>
      {firings.data && firings.data.length > 0 ? (
        <ul className="plain-list" data-testid="alert-firings">
          {firings.data.map((f) => (
            <li key={f.id}><strong>{f.title}</strong> — {f.message} <span className="muted">({formatDateTime(f.snapshotTime)})</span>{recordLine(f.payload)} <Link to={scorecardPath(f.ticker)}>{f.ticker} scorecard</Link></li>
          ))}
        </ul>
      ) : <p className="muted">No alerts yet.</p>}

      <h3>Delivery log</h3>
      {deliveries.data && deliveries.data.length > 0 ? (
        <div className="table-scroll">
          <table className="table" aria-label="Alert deliveries">
            <thead><tr><th scope="col">Time</th><th scope="col">Rule</th><th scope="col">Channel</th><th scope="col">Attempt</th><th scope="col">Status</th><th scope="col">Detail</th></tr></thead>
            <tbody>
              {deliveries.data.map((d) => (
                <tr key={d.id} data-testid="alert-delivery-row"><td>{formatDateTime(d.createdAt)}</td><td>#{d.ruleId}</td><td>{d.channel}</td><td>{d.attempt}</td><td>{d.status}</td><td>{d.detail}</td></tr>
              ))}
            </tbody>
          </table>
        </div>
      ) : <p className="muted">No deliveries yet.</p>}

      <ScorecardSection />
    </section>
  );
}
