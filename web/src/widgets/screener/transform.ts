// Screener results 'NAME:value' → rows (pure).
import type { ScreenerRequest } from '../../api/data';
import { withUnit, type CsvTable } from '../shared/csv';
import { screenerUnit } from '../shared/units';

export interface ScreenerRow {
  ticker: string;
  value: number | null;
  raw: string;
}

export function parseScreenerResults(results: string[] | undefined): ScreenerRow[] {
  return (results ?? []).map((raw) => {
    const i = raw.lastIndexOf(':');
    if (i < 0) return { ticker: raw.trim(), value: null, raw };
    const value = Number(raw.slice(i + 1));
    return { ticker: raw.slice(0, i).trim(), value: Number.isFinite(value) ? value : null, raw };
  });
}


/** Request body from a saved configuration (older records use time_frame). */
export function screenerRequest(c: {
  flag: string;
  length: number;
  superlative: string;
  greek: string;
  timeFrame?: string;
  time_frame?: string;
  stockPriceRange?: { min: number | null; max: number | null };
}): ScreenerRequest {
  // A saved configuration was validated against the same vocabulary when it was stored.
  return {
    flag: c.flag as ScreenerRequest['flag'],
    length: Number(c.length) as ScreenerRequest['length'],
    superlative: c.superlative as ScreenerRequest['superlative'],
    greek: c.greek as ScreenerRequest['greek'],
    timeFrame: (c.timeFrame ?? c.time_frame ?? 'three_months') as ScreenerRequest['timeFrame'],
    stockPriceRange: { min: c.stockPriceRange?.min ?? null, max: c.stockPriceRange?.max ?? null },
  };
}

/** The screener's rows in its order: rank, ticker and the change as served ('NAME:value'), with its unit. */
export function screenerCsv(results: string[] | undefined, c: { flag: string; greek: string }): CsvTable {
  return {
    columns: ['rank', 'ticker', withUnit('change', screenerUnit(c.flag, c.greek))],
    rows: parseScreenerResults(results).map((r, i) => [i + 1, r.ticker, r.value]),
  };
}
