// Alert rules, their alerts and delivery log (/api/v1/alerts), the levels scorecard, and the live stream
// of alerts (server-sent events read with fetch so the access token travels in a header).
import { queryOptions } from '@tanstack/react-query';
import { API_BASE, request } from './client';
import { getToken } from './session';

import type { components } from './schema';

export type AlertRule = components['schemas']['Rule'];
export type AlertRuleList = components['schemas']['RuleList'];
export type AlertFiring = components['schemas']['Firing'];
export type AlertDelivery = components['schemas']['Delivery'];
export type Scorecard = components['schemas']['Scorecard'];
export type AlertRuleInput = components['schemas']['RuleCreate'];

export const RULE_KINDS = [
  { value: 'level_cross', label: 'Spot crosses a level' },
  { value: 'price_cross', label: 'Spot crosses a price' },
  { value: 'paradigm_change', label: '0DTE paradigm changes' },
  { value: 'wall_move', label: 'A wall moves' },
  { value: 'greek_threshold', label: 'Aggregate greek crosses a threshold' },
  { value: 'vol_event', label: 'Vol event (VIX move)' },
] as const;

export const LEVELS = [
  { value: 'zeroGamma', label: 'Zero gamma' },
  { value: 'callWall', label: 'Call wall' },
  { value: 'putWall', label: 'Put wall' },
  { value: 'target', label: '0DTE target' },
  { value: 'lis', label: 'LIS' },
] as const;

export const alertKeys = {
  all: ['alerts'] as const,
  rules: () => [...alertKeys.all, 'rules'] as const,
  deliveries: () => [...alertKeys.all, 'deliveries'] as const,
  firings: () => [...alertKeys.all, 'firings'] as const,
  scorecard: (ticker: string, asOf?: string | null) => [...alertKeys.all, 'scorecard', ticker, asOf ?? null] as const,
};

export const alertRulesQuery = () =>
  queryOptions({ queryKey: alertKeys.rules(), queryFn: ({ signal }) => request<AlertRuleList>('alerts/rules', { signal }) });

export const alertDeliveriesQuery = () =>
  queryOptions({
    queryKey: alertKeys.deliveries(),
    queryFn: ({ signal }) => request<AlertDelivery[]>('alerts/deliveries', { signal, query: { limit: 50 } }),
  });

export const alertFiringsQuery = () =>
  queryOptions({
    queryKey: alertKeys.firings(),
    queryFn: ({ signal }) => request<AlertFiring[]>('alerts/firings', { signal, query: { limit: 20 } }),
  });

/** The levels scorecard of `ticker` as of `asOf` (ISO instant; default: the plan's latest data). */
export const scorecardQuery = (ticker: string, asOf?: string | null) =>
  queryOptions({
    queryKey: alertKeys.scorecard(ticker, asOf),
    queryFn: ({ signal }) => request<Scorecard>('alerts/scorecard', { signal, query: asOf ? { ticker, asOf } : { ticker } }),
    enabled: ticker.length > 0,
    staleTime: 5 * 60_000,
  });

/** The page of a ticker's levels scorecard. */
export const scorecardPath = (ticker: string) => `/app/scorecard/${encodeURIComponent(ticker.trim().toUpperCase())}`;

/** The level kinds of a scorecard with their labels, in the order the views show them. */
export type ScorecardLevel = 'zeroGamma' | 'callWall' | 'putWall' | 'target' | 'lis';

/** "62 %" for a rate, or an en dash without a sample. */
export function formatPercent(r: { n: number; rate?: number | null }): string {
  return !r.n || r.rate == null ? '–' : `${Math.round(100 * r.rate)} %`;
}

/** "95 % CI 41–80 %" for a rate, or '' without a sample. */
export function formatInterval(r: { n: number; low?: number | null; high?: number | null }): string {
  return !r.n || r.low == null || r.high == null ? '' : `${Math.round(100 * r.low)}–${Math.round(100 * r.high)} %`;
}

export function createAlertRule(body: AlertRuleInput): Promise<AlertRule> {
  return request('alerts/rules', { method: 'POST', body });
}

export function updateAlertRule(id: number, body: Partial<AlertRuleInput>): Promise<AlertRule> {
  return request(`alerts/rules/${id}`, { method: 'PATCH', body });
}

export function deleteAlertRule(id: number): Promise<void> {
  return request(`alerts/rules/${id}`, { method: 'DELETE' });
}

/** Blocks of a text/event-stream body: the `alert` events with their ids. */
export function parseEvents(text: string): { id: number; data: AlertFiring }[] {
  const out: { id: number; data: AlertFiring }[] = [];
  for (const block of text.split('\n\n')) {
    let id = '';
    let event = '';
    let data = '';
    for (const line of block.split('\n')) {
      if (line.startsWith('id: ')) id = line.slice(4);
      else if (line.startsWith('event: ')) event = line.slice(7);
      else if (line.startsWith('data: ')) data += line.slice(6);
    }
    if (event === 'alert' && id && data) out.push({ id: Number(id), data: JSON.parse(data) as AlertFiring });
  }
  return out;
}

/** The wait before the stream is opened again until the server names one (its `retry` field). */
export const STREAM_RETRY_MS = 4000;

/** The `retry:` value of a text/event-stream chunk (ms), or null. */
export function parseRetry(text: string): number | null {
  const m = /(?:^|\n)retry: (\d+)(?:\n|$)/.exec(text);
  return m ? Number(m[1]) : null;
}

/**
 * Follow the alert stream until `signal` aborts: each alert is handed to `onAlert` once. The server holds
 * each answer briefly (woken the moment an alert fires), then ends it; the stream is opened again after
 * the server's `retry` with the last id seen (Last-Event-ID), so an alert fired in between is not missed.
 */
export async function followAlerts(onAlert: (a: AlertFiring) => void, signal: AbortSignal, startAfter = 0): Promise<void> {
  let last = startAfter;
  let retry = STREAM_RETRY_MS;
  while (!signal.aborted) {
    const token = getToken('accessToken');
    try {
      const resp = await fetch(`${API_BASE}/alerts/stream`, {
        headers: { Authorization: `Bearer ${token ?? ''}`, 'Last-Event-ID': String(last), Accept: 'text/event-stream' },
        signal,
      });
      if (!resp.ok || !resp.body) throw new Error(`stream ${resp.status}`);
      const reader = resp.body.getReader();
      const decoder = new TextDecoder();
      let buffer = '';
      for (;;) {
        const { done, value } = await reader.read();
        if (done) break;
        buffer += decoder.decode(value, { stream: true });
        const end = buffer.lastIndexOf('\n\n');
        if (end < 0) continue;
        const complete = buffer.slice(0, end + 2);
        retry = parseRetry(complete) ?? retry;
        for (const e of parseEvents(complete)) {
          if (e.id > last) {
            last = e.id;
            onAlert(e.data);
          }
        }
        buffer = buffer.slice(end + 2);
      }
    } catch {
      if (signal.aborted) return;
      retry = STREAM_RETRY_MS;
    }
    await new Promise((r) => window.setTimeout(r, retry));
  }
}

/** "k of n (rate %, 95 % CI low–high %)" for a scorecard figure. */
export function formatRate(r: { k: number; n: number; rate?: number | null; low?: number | null; high?: number | null }): string {
  if (!r.n || r.rate == null || r.low == null || r.high == null) return 'no sessions yet';
  const pct = (x: number) => `${Math.round(100 * x)} %`;
  return `${r.k} of ${r.n} (${pct(r.rate)}, 95 % CI ${pct(r.low)}–${pct(r.high)})`;
}

type RateOf = { k: number; n: number; rate?: number | null; low?: number | null; high?: number | null };
interface RecordOfAlert {
  level: string;
  simulated?: boolean;
  touch: RateOf;
  hold: RateOf;
  paradigmTarget: RateOf;
}

/** The level's record an alert carries (methodology §4.21), as one sentence ('' when it has none). */
export function recordLine(payload: Record<string, unknown>): string {
  const rec = payload?.record as RecordOfAlert | undefined;
  if (!rec) return '';
  const sim = rec.simulated ? ' (simulated market)' : '';
  if (rec.level === 'paradigmTarget') return ` Record${sim}: target reached in ${formatRate(rec.paradigmTarget)}.`;
  return ` Record${sim}: touched in ${formatRate(rec.touch)}; held in ${formatRate(rec.hold)}.`;
}
