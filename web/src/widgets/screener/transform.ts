// Screener results 'NAME:value' → rows (pure).
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

export const FLAG_LABELS = { diff: 'Differences', mag: 'Magnitude', norm: 'Relative Change' } as const;
export const SUPERLATIVE_LABELS = { least: 'Least Absolute Change', greatest: 'Most Absolute Change' } as const;
export const TIMEFRAME_LABELS = { day: 'Day', week: 'Week', month: 'Month', three_months: '3 Months', year: 'Year' } as const;
export const SCREENER_GREEKS = ['delta', 'gamma', 'theta', 'vanna', 'vega', 'price'] as const;
export const SCREENER_LENGTHS = [10, 25, 50, 100] as const;

/** Request body from a saved configuration (older records use time_frame). */
export function screenerRequest(c: {
  flag: string;
  length: number;
  superlative: string;
  greek: string;
  timeFrame?: string;
  time_frame?: string;
  stockPriceRange?: { min: number | null; max: number | null };
}) {
  return {
    flag: c.flag,
    length: Number(c.length),
    superlative: c.superlative,
    greek: c.greek,
    timeFrame: c.timeFrame ?? c.time_frame ?? 'three_months',
    stockPriceRange: { min: c.stockPriceRange?.min ?? null, max: c.stockPriceRange?.max ?? null },
  };
}
