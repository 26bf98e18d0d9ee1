// Per-greek aggregate, dealer premium and liquidity values (pure).
import type { AggregateResponse } from '../../api/data';
import { signOf, type Sign } from '../shared/colors';

export interface ValueView {
  value: number | null;
  sign: Sign;
}

export function aggregateView(r: AggregateResponse): ValueView {
  return { value: r.aggregate ?? null, sign: signOf(r.aggregate) };
}
