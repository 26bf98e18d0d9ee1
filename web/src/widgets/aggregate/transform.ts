// Per-greek aggregate, dealer premium and liquidity values (pure).
import type { AggregateResponse } from '../../api/data';
import { signOf, type Sign } from '../shared/colors';
import { withUnit, type CsvTable } from '../shared/csv';
import { exposureUnit } from '../shared/units';

export interface ValueView {
  value: number | null;
  sign: Sign;
}

export function aggregateView(r: AggregateResponse): ValueView {
  return { value: r.aggregate ?? null, sign: signOf(r.aggregate) };
}

/** The aggregate tile's number: the greek's aggregate as served, in its unit. */
export function aggregateCsv(r: AggregateResponse, greek?: string | null): CsvTable {
  const g = r.greek ?? greek ?? '';
  return { columns: ['greek', withUnit('aggregate', r.unit?.unit ?? exposureUnit(g))], rows: [[g, r.aggregate]] };
}
