// Per-greek aggregate, dealer premium and liquidity values (pure).
import type { AggregateResponse } from '../../api/data';

export interface ValueView {
  value: number | null;
  sign: 'positive' | 'negative' | 'neutral';
}

export function signOf(v: number | null | undefined): ValueView['sign'] {
  if (v === null || v === undefined || !Number.isFinite(v) || v === 0) return 'neutral';
  return v > 0 ? 'positive' : 'negative';
}

export function aggregateView(r: AggregateResponse): ValueView {
  return { value: r.aggregate ?? null, sign: signOf(r.aggregate) };
}
