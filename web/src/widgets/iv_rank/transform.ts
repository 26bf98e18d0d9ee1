// IV rank and expected move (pure transforms, methodology §4.19): the 30-day constant-maturity IV by session
// in vol points, the headline figures and the straddle of every expiration, and the CSV of the served numbers.
import type { IvRankResponse } from '../../api/data';
import type { CsvTable } from '../shared/csv';
import { daySeconds, finiteOrNull, volPoints } from '../shared/volatility';

export interface IvHistory {
  /** Session dates (then now), seconds since the epoch, ascending. */
  t: number[];
  /** 30-day ATM IV, vol points. */
  iv: (number | null)[];
}

/** The history of session closes, then now. */
export function ivHistory(resp: Pick<IvRankResponse, 'history' | 'iv30' | 'lastModified'>): IvHistory {
  const rows = (resp.history ?? []).map((h) => ({ t: daySeconds(h.date), iv: volPoints(h.iv30) }));
  const now = resp.lastModified ? Date.parse(resp.lastModified) / 1000 : NaN;
  if (Number.isFinite(now)) rows.push({ t: now, iv: volPoints(resp.iv30) });
  const kept = rows.filter((r) => Number.isFinite(r.t)).sort((a, b) => a.t - b.t);
  return { t: kept.map((r) => r.t), iv: kept.map((r) => r.iv) };
}

export interface MoveRow {
  expiration: string;
  days: number;
  strike: number;
  points: number;
  percent: number;
}

/** The expected moves drawn in the table: expirations from today on, nearest first, at most `limit`. */
export function moveRows(resp: Pick<IvRankResponse, 'expectedMoves'>, limit = 8): MoveRow[] {
  return (resp.expectedMoves ?? [])
    .filter((m) => m.days >= 0 && Number.isFinite(m.points))
    .slice()
    .sort((a, b) => a.days - b.days)
    .slice(0, limit)
    .map((m) => ({ expiration: m.expiration, days: m.days, strike: m.strike, points: m.points, percent: m.percent }));
}

/** The straddle of every expiration as served. */
export function rankCsv(resp: Pick<IvRankResponse, 'expectedMoves'>): CsvTable {
  return {
    columns: ['expiration', 'days', 'strike (price points)', 'call (price points)', 'put (price points)', 'points (price points)', 'percent (% of spot)'],
    rows: (resp.expectedMoves ?? []).map((m) => [m.expiration, m.days, m.strike, m.call, m.put, m.points, finiteOrNull(m.percent)]),
  };
}

/** Sessions a store published every trading day for 52 weeks holds about 251 of; below this the sample is named short. */
export const FULL_WINDOW_SESSIONS = 240;

/** The sample the rank and percentile are read over, said plainly: how many session closes and since when. */
export function rankSample(resp: Pick<IvRankResponse, 'sessions' | 'history'>): string {
  const n = resp.sessions ?? 0;
  if (n <= 0) return 'no earlier session to rank against';
  const first = (resp.history ?? []).find((h) => h.iv30 !== null && Number.isFinite(h.iv30))?.date;
  const base = `rank over ${n} session${n === 1 ? '' : 's'}${first ? ` since ${first}` : ''}`;
  return n < FULL_WINDOW_SESSIONS ? `${base} (fewer than 52 weeks stored)` : base;
}
