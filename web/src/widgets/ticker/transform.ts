// Ticker summary (pure): price and VIX with their changes, notional volume, vanna stochastic.
import type { EodResponse, StrikeListResponse, TickerSummary } from '../../api/data';

/** The ticker summary's answer: the summary route's, the end-of-day history (eod) and the largest gamma
 * strikes (ges_strike_list), each null when its call failed. */
export type TickerSummaryData = TickerSummary & { eod?: EodResponse | null; gammaStrikes?: StrikeListResponse | null };

/** Calendar days of end-of-day history the summary asks for; it shows the last EOD_ROWS sessions. */
export const EOD_DAYS = 14;
export const EOD_ROWS = 5;
export const STRIKE_ROWS = 5;

/** The last sessions' closes, newest first. */
export function eodRows(e: EodResponse | null | undefined): { date: string; close: number | null; vixClose: number | null }[] {
  return [...(e?.eod ?? [])].sort((a, b) => b.date.localeCompare(a.date)).slice(0, EOD_ROWS).map((r) => ({ date: r.date, close: r.close ?? null, vixClose: r.vixClose ?? null }));
}

export interface TickerView {
  price: number | null;
  change: number | null;
  changePct: number | null;
  vix: number | null;
  vixChange: number | null;
  vixChangePct: number | null;
  notionalVolume: number | null;
  vannaStochastic: number | null;
}

function diff(a: number | null | undefined, b: number | null | undefined): [number | null, number | null] {
  if (a == null || b == null || !Number.isFinite(a) || !Number.isFinite(b)) return [null, null];
  return [a - b, b ? ((a - b) / b) * 100 : null];
}

export function tickerView(s: TickerSummary): TickerView {
  const [change, changePct] = diff(s.price, s.previousClose);
  const [vixChange, vixChangePct] = diff(s.vix, s.previousVix);
  return {
    price: s.price ?? null,
    change,
    changePct,
    vix: s.vix ?? null,
    vixChange,
    vixChangePct,
    notionalVolume: s.notionalVolume ?? null,
    vannaStochastic: s.vannaStochastic ?? null,
  };
}

export function isEmptySummary(s: TickerSummary | undefined): boolean {
  return !s || s.price === null || s.price === undefined;
}
