// Term structure (pure transforms, methodology §4.17): the route's points into three curves in vol points
// against calendar days to expiry, and the CSV of the served numbers.
import type { TermStructureResponse } from '../../api/data';
import type { CsvTable } from '../shared/csv';
import { finiteOrNull, volPoints } from '../shared/volatility';

export interface TermCurves {
  /** Calendar days to each expiration, ascending. */
  days: number[];
  expirations: string[];
  /** At-the-money IV now, at the previous close and five sessions back, in vol points (null: none). */
  now: (number | null)[];
  previousClose: (number | null)[];
  weekAgo: (number | null)[];
}

/** The curves as drawn: points with a readable number of days, ascending by days. */
export function termCurves(resp: Pick<TermStructureResponse, 'points'>): TermCurves {
  const pts = (resp.points ?? []).filter((p) => Number.isFinite(p.days)).slice().sort((a, b) => a.days - b.days);
  return {
    days: pts.map((p) => p.days),
    expirations: pts.map((p) => p.expiration),
    now: pts.map((p) => volPoints(p.atmIv)),
    previousClose: pts.map((p) => volPoints(p.previousClose)),
    weekAgo: pts.map((p) => volPoints(p.weekAgo)),
  };
}

/** Every point as served (IVs per 1.00, as the route answers them). */
export function termCsv(resp: Pick<TermStructureResponse, 'points'>): CsvTable {
  return {
    columns: ['expiration', 'days', 'forward (price points)', 'atmIv (per 1.00)', 'previousClose (per 1.00)', 'weekAgo (per 1.00)'],
    rows: (resp.points ?? []).map((p) => [p.expiration, p.days, finiteOrNull(p.forward), finiteOrNull(p.atmIv),
      finiteOrNull(p.previousClose), finiteOrNull(p.weekAgo)]),
  };
}
