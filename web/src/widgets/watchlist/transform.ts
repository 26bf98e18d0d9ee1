// Key levels rows: columns, sorting and cell texts (pure).
import type { KeyLevelsRow } from '../../api/data';
import { formatNumber, formatSigned } from '../shared/format';

export type SortKey = 'ticker' | 'spot' | 'callWall' | 'putWall' | 'zeroGamma' | 'target' | 'lis' | 'expectedMove';
export type SortDir = 'ascending' | 'descending';
export interface SortState {
  key: SortKey;
  dir: SortDir;
}

export interface Column {
  key: SortKey;
  label: string;
  /** What the header's title says (unit and the change's reference). */
  title: string;
}

export const COLUMNS: readonly Column[] = [
  { key: 'ticker', label: 'Ticker', title: 'Ticker (click to show it)' },
  { key: 'spot', label: 'Spot', title: 'Price, and its change since the previous close (price points)' },
  { key: 'callWall', label: 'Call wall', title: 'Call wall and its change since the previous close (price points)' },
  { key: 'putWall', label: 'Put wall', title: 'Put wall and its change since the previous close (price points)' },
  { key: 'zeroGamma', label: 'Zero γ', title: 'Zero gamma level and its change since the previous close (price points)' },
  { key: 'target', label: 'Target', title: '0DTE target and its change since the previous session (price points)' },
  { key: 'lis', label: 'LIS', title: '0DTE LIS and its change since the previous session (price points)' },
  { key: 'expectedMove', label: 'Exp. move', title: 'At-the-money straddle of the nearest expiration (price points, % of spot) and its change since the previous close' },
];

/** Below this width (px) the table keeps the ticker, spot and the walls (the spec's 3x1 tile). */
export const NARROW_PX = 420;
const NARROW: readonly SortKey[] = ['ticker', 'spot', 'callWall', 'putWall'];

/** The columns a table of this width shows. */
export function visibleColumns(width: number): readonly Column[] {
  return width < NARROW_PX ? COLUMNS.filter((c) => NARROW.includes(c.key)) : COLUMNS;
}

/** The number a row is sorted by in a column (the LIS by its lower level). */
export function sortValue(row: KeyLevelsRow, key: SortKey): number | string | null {
  if (key === 'ticker') return row.ticker;
  if (key === 'lis') return row.lis.length ? row.lis[0] : null;
  return row[key] ?? null;
}

/** Rows in the sort's order; rows without a value stay last in either direction, ties keep the list's order. */
export function sortRows(rows: readonly KeyLevelsRow[], sort: SortState | null): KeyLevelsRow[] {
  if (!sort) return [...rows];
  const sign = sort.dir === 'ascending' ? 1 : -1;
  return rows
    .map((row, i) => ({ row, i, v: sortValue(row, sort.key) }))
    .sort((a, b) => {
      if (a.v === null || b.v === null) return a.v === b.v ? a.i - b.i : a.v === null ? 1 : -1;
      const c = typeof a.v === 'string' ? a.v.localeCompare(b.v as string) : a.v - (b.v as number);
      return c !== 0 ? sign * c : a.i - b.i;
    })
    .map((x) => x.row);
}

/** A header click: the same column flips its direction; another column starts ascending (tickers A→Z). */
export function nextSort(current: SortState | null, key: SortKey): SortState {
  if (current?.key === key) return { key, dir: current.dir === 'ascending' ? 'descending' : 'ascending' };
  return { key, dir: 'ascending' };
}

export const level = (v: number | null | undefined) => formatNumber(v, { decimals: 2 });
export const change = (v: number | null | undefined) => (v === null || v === undefined ? '' : formatSigned(v, { decimals: 2 }));
export const percentOfSpot = (v: number | null | undefined) => (v === null || v === undefined || !Number.isFinite(v) ? '' : `${formatNumber(v, { decimals: 2 })}%`);

/** The cell of a level and its change: [value text, change text, change value]. */
export function cell(row: KeyLevelsRow, key: Exclude<SortKey, 'ticker' | 'lis' | 'expectedMove'>): [string, string, number | null] {
  const changeKey = `${key}Change` as const;
  const d = row[changeKey] ?? null;
  return [level(row[key]), change(d), d];
}

/** The LIS cell: one level or 'low – high', and the change of each. */
export function lisCell(row: KeyLevelsRow): [string, string, number | null] {
  const value = row.lis.length ? row.lis.map((x) => level(x)).join(' – ') : '—';
  const d = row.lisChange;
  const text = d && d.length ? d.map((x) => change(x)).join(' / ') : '';
  return [value, text, d && d.length === 1 ? d[0] : null];
}

/** The CSV-ready figures of the table, in its order and units (price points; the move also in % of spot). */
export function tableRows(rows: readonly KeyLevelsRow[]) {
  return rows.map((r) => ({
    ticker: r.ticker,
    spot: r.spot,
    callWall: r.callWall,
    putWall: r.putWall,
    zeroGamma: r.zeroGamma,
    target: r.target,
    lis: r.lis,
    expectedMove: r.expectedMove,
    expectedMovePercent: r.expectedMovePercent,
  }));
}
