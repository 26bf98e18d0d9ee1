// Shared pieces of the volatility views (methodology §4.17–§4.19): IVs are served per 1.00 and drawn in vol
// points (pure helpers; the chart options live in volChart.ts).

/** An IV per 1.00 in vol points (0.153 → 15.3); null for a missing or non-finite value. */
export function volPoints(iv: number | null | undefined): number | null {
  return iv === null || iv === undefined || !Number.isFinite(iv) ? null : iv * 100;
}

/** A value kept as served, null when missing or non-finite. */
export function finiteOrNull(v: number | null | undefined): number | null {
  return v === null || v === undefined || !Number.isFinite(v) ? null : v;
}

/** Seconds since the epoch of a 'yyyy-MM-dd' date (its UTC midnight), NaN when unreadable. */
export function daySeconds(day: string): number {
  return Date.parse(`${day}T00:00:00Z`) / 1000;
}
