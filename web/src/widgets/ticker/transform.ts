// Ticker summary (pure): price and VIX with their changes, notional volume, vanna stochastic.
import type { TickerSummary } from '../../api/data';

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
