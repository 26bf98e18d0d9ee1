const integer = new Intl.NumberFormat('en-US', { maximumFractionDigits: 0 });
const compact = new Intl.NumberFormat('en-US', { notation: 'compact', maximumFractionDigits: 1 });

/** Whole counts in en-US grouping ("12,345,678"). */
export function formatCount(value: number): string {
  return integer.format(value);
}

/** Short form for very large counts ("1.2B"); exact grouping below one million. */
export function formatCompactCount(value: number): string {
  return Math.abs(value) >= 1_000_000 ? compact.format(value) : integer.format(value);
}
